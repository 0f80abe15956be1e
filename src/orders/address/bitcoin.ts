import { base58, bech32, bech32m } from "@scure/base";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressChecksumError, OrderAddressLengthError } from "../errors.ts";
import { NATIVE_CURRENCY } from "../vm-types.ts";
import { appendDoubleSha256Checksum, stripDoubleSha256Checksum } from "./checksum.ts";
import { assertAddressString } from "./describe.ts";

/** Prefix of a legacy payload, so P2PKH (0x00 || hash160) never collides with a v0 witness program. */
const LEGACY_DISCRIMINATOR = 0xff;
const LEGACY_VERSION = { "1": 0x00, "3": 0x05 } as const;
const BECH32_ADDRESS = /^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,87}$/;

/**
 * A mainnet Bitcoin address in the order encoding: legacy P2PKH / P2SH as
 * `0xff || version || hash160` (checksum verified and stripped), segwit as
 * `witness version || program` (bech32 for v0, bech32m for v1+).
 */
export function encodeBitcoinAddress(address: unknown): Uint8Array {
  assertAddressString(address, "bitcoin-vm");
  const what = `bitcoin-vm address ${describeValue(address)}`;
  const first = address[0];
  if (first === "1" || first === "3") return encodeLegacy(address, LEGACY_VERSION[first], what);
  if (BECH32_ADDRESS.test(address)) return encodeSegwit(address as `bc1${string}`, what);
  throw new MalformedOrderAddressError(
    `${what} is not a mainnet P2PKH, P2SH or lowercase bc1 segwit address`,
  );
}

function encodeLegacy(address: string, version: number, what: string): Uint8Array {
  let decoded: Uint8Array;
  try {
    decoded = base58.decode(address);
  } catch {
    throw new MalformedOrderAddressError(`${what} is not base58`);
  }
  if (decoded.length !== 25) {
    throw new OrderAddressLengthError(`${what} decodes to ${decoded.length} bytes, expected 25`);
  }
  const payload = stripDoubleSha256Checksum(decoded, what);
  if (payload[0] !== version) {
    throw new MalformedOrderAddressError(`${what} has version byte ${payload[0]}, expected ${version}`);
  }
  return Uint8Array.of(LEGACY_DISCRIMINATOR, ...payload);
}

function encodeSegwit(address: `bc1${string}`, what: string): Uint8Array {
  const decoded = decodeWitness(address, what);
  const [version, ...programWords] = decoded.words;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(programWords);
  } catch {
    throw new MalformedOrderAddressError(`${what} has a witness program with non-zero padding`);
  }
  // The service's native-currency sentinel is a v0 program of a non-standard length; it is accepted as such.
  const standardV0 =
    program.length === 20 || program.length === 32 || address === NATIVE_CURRENCY["bitcoin-vm"];
  const lengthOk = version === 0 ? standardV0 : program.length >= 2 && program.length <= 40;
  if (!lengthOk) {
    throw new OrderAddressLengthError(`${what} has a ${program.length}-byte witness v${version} program`);
  }
  return Uint8Array.of(version as number, ...program);
}

/** bech32 must carry witness v0, bech32m v1..16; anything else is a checksum for the wrong variant. */
function decodeWitness(address: `bc1${string}`, what: string) {
  for (const [codec, accepts] of [
    [bech32, (version: number) => version === 0],
    [bech32m, (version: number) => version >= 1 && version <= 16],
  ] as const) {
    try {
      const decoded = codec.decode(address, 90);
      if (decoded.prefix === "bc" && decoded.words.length > 0 && accepts(decoded.words[0] as number))
        return decoded;
    } catch {}
  }
  throw new OrderAddressChecksumError(`${what} has a bad bech32 / bech32m checksum for its witness version`);
}

export function formatBitcoinAddress(bytes: Uint8Array): string {
  if (bytes[0] === LEGACY_DISCRIMINATOR) return base58.encode(appendDoubleSha256Checksum(bytes.subarray(1)));
  const version = bytes[0] as number;
  const words = [version, ...bech32.toWords(bytes.subarray(1))];
  return (version === 0 ? bech32 : bech32m).encode("bc", words, 90);
}
