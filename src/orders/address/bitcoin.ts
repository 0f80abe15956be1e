import { base58 } from "@scure/base";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressChecksumError, OrderAddressLengthError } from "../errors.ts";
import { NATIVE_CURRENCY } from "../vm-types.ts";
import { decodeSegwitAddress, encodeSegwitAddress } from "./bech32.ts";
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
  const decoded = decodeSegwitAddress(address);
  if (!decoded.ok) {
    throw decoded.reason === "checksum"
      ? new OrderAddressChecksumError(`${what} has a bad bech32 / bech32m checksum for its witness version`)
      : new MalformedOrderAddressError(`${what} has a witness program with non-zero padding`);
  }
  const { version, program } = decoded;
  // The service's native-currency sentinel is a v0 program of a non-standard length; it is accepted as such.
  const standardV0 =
    program.length === 20 || program.length === 32 || address === NATIVE_CURRENCY["bitcoin-vm"];
  const lengthOk = version === 0 ? standardV0 : program.length >= 2 && program.length <= 40;
  if (!lengthOk) {
    throw new OrderAddressLengthError(`${what} has a ${program.length}-byte witness v${version} program`);
  }
  return Uint8Array.of(version, ...program);
}

export function formatBitcoinAddress(bytes: Uint8Array): string {
  if (bytes[0] === LEGACY_DISCRIMINATOR) return base58.encode(appendDoubleSha256Checksum(bytes.subarray(1)));
  return encodeSegwitAddress(bytes[0] as number, bytes.subarray(1));
}
