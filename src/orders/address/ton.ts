import { base64url } from "@scure/base";
import { bytesToHex, hexToBytes } from "viem";
import { describeValue } from "../../describe.ts";
import {
  MalformedOrderAddressError,
  OrderAddressChecksumError,
  OrderAddressLengthError,
  TonWorkchainError,
} from "../errors.ts";
import { assertAddressString } from "./describe.ts";

const RAW = /^(-?[0-9]+):([0-9a-fA-F]*)$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;
const BOUNCEABLE = 0x11;

/**
 * A TON address as its 32-byte account hash. Accepts the raw form
 * `workchain:hex` and the 48-character user-friendly form (base64 or base64url,
 * CRC16 verified). Only the basechain (workchain 0): the hash alone would not
 * say which workchain it belongs to.
 */
export function encodeTonAddress(address: unknown): Uint8Array {
  assertAddressString(address, "ton-vm");
  const what = `ton-vm address ${describeValue(address)}`;
  const { workchain, hash } = RAW.test(address) ? parseRaw(address, what) : parseFriendly(address, what);
  if (workchain !== 0)
    throw new TonWorkchainError(`${what} is on workchain ${workchain}; only workchain 0 is accepted`);
  return hash;
}

function parseRaw(address: string, what: string) {
  const [, workchain, hex] = RAW.exec(address) as RegExpExecArray;
  if ((hex as string).length !== 64) {
    throw new OrderAddressLengthError(`${what} has a ${(hex as string).length / 2}-byte hash, expected 32`);
  }
  return { workchain: Number(workchain), hash: hexToBytes(`0x${hex}`) };
}

function parseFriendly(address: string, what: string) {
  if (!FRIENDLY.test(address))
    throw new MalformedOrderAddressError(`${what} is neither raw (0:hex) nor user-friendly`);
  const urlSafe = address.includes("-") || address.includes("_");
  if (urlSafe && (address.includes("+") || address.includes("/")))
    throw new MalformedOrderAddressError(`${what} is not base64 / base64url`);
  // 48 characters of one alphabet (checked above) are 36 bytes without padding: the platform's atob decodes
  // them, which keeps a base64 codec out of every bundle that computes order ids.
  const binary = atob(urlSafe ? address.replaceAll("-", "+").replaceAll("_", "/") : address);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const crc = crc16(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) {
    throw new OrderAddressChecksumError(`${what} has a bad CRC16 checksum`);
  }
  const workchain = (bytes[1] as number) >= 0x80 ? (bytes[1] as number) - 0x100 : (bytes[1] as number);
  return { workchain, hash: bytes.slice(2, 34) };
}

/** CRC16-XMODEM (polynomial 0x1021, initial 0), as TON user-friendly addresses use. */
function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The bounceable mainnet user-friendly form (base64url) of a basechain hash. */
export function formatTonAddress(hash: Uint8Array): string {
  const bytes = new Uint8Array(36);
  bytes[0] = BOUNCEABLE;
  bytes.set(hash, 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return base64url.encode(bytes);
}

/** The raw `0:hex` form of a basechain hash. */
export function formatTonRawAddress(hash: Uint8Array): string {
  return `0:${bytesToHex(hash).slice(2)}`;
}
