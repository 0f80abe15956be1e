import { bytesToHex, type Hex } from "viem";
import { describeValue } from "../../describe.ts";
import { UnsupportedVmTypeError } from "../errors.ts";
import { isOrderVmType, type OrderVmType } from "../vm-types.ts";
import { encodeBitcoinAddress, formatBitcoinAddress } from "./bitcoin.ts";
import { encodeHederaAddress, formatHederaAddress } from "./hedera.ts";
import { encodeHexAddress, formatHexAddress } from "./hex.ts";
import { encodeLighterAddress, formatLighterAddress } from "./lighter.ts";
import { encodeSolanaAddress, formatSolanaAddress } from "./solana.ts";
import { encodeTonAddress, formatTonAddress } from "./ton.ts";
import { encodeTronAddress, formatTronAddress } from "./tron.ts";
import { encodeXrpAddress, formatXrpAddress } from "./xrp.ts";

const CODECS: Record<
  OrderVmType,
  { encode(address: unknown): Uint8Array; format(bytes: Uint8Array): string }
> = {
  "ethereum-vm": {
    encode: (address) => encodeHexAddress(address, "ethereum-vm", [20]),
    format: formatHexAddress,
  },
  "hyperliquid-vm": {
    encode: (address) => encodeHexAddress(address, "hyperliquid-vm", [16, 20]),
    format: formatHexAddress,
  },
  "solana-vm": { encode: encodeSolanaAddress, format: formatSolanaAddress },
  "bitcoin-vm": { encode: encodeBitcoinAddress, format: formatBitcoinAddress },
  "tron-vm": { encode: encodeTronAddress, format: formatTronAddress },
  "ton-vm": { encode: encodeTonAddress, format: formatTonAddress },
  "xrp-vm": { encode: encodeXrpAddress, format: formatXrpAddress },
  "lighter-vm": { encode: encodeLighterAddress, format: formatLighterAddress },
  "hedera-vm": { encode: encodeHederaAddress, format: formatHederaAddress },
};

function codecFor(vmType: unknown) {
  if (!isOrderVmType(vmType))
    throw new UnsupportedVmTypeError(`unsupported VM type ${describeValue(vmType)}`);
  return CODECS[vmType];
}

/**
 * The bytes an order carries for `address` (or a currency) on a chain of
 * `vmType`, as 0x hex. Malformed input throws a typed error (bad checksum,
 * wrong length, TON workchain other than 0, tagged XRP X-address) instead of
 * producing bytes the service would never hash.
 */
export function encodeOrderAddress(address: string, vmType: OrderVmType): Hex {
  const codec = codecFor(vmType);
  if (typeof address !== "string") return bytesToHex(codec.encode(address));
  const memo = ENCODED[vmType];
  let hex = memo.get(address);
  if (hex === undefined) {
    hex = bytesToHex(codec.encode(address));
    if (address.length <= MEMO_ADDRESS_LENGTH) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(address, hex);
    }
  }
  return hex;
}

/**
 * Addresses already encoded, per VM: the same currencies, depositories, solvers and accounts recur in
 * every order, and base58 / bech32 / checksum decoding costs more than the hashing. Only successful
 * encodings are kept; bounded, cleared when full.
 */
const MEMO_LIMIT = 4096;
const MEMO_ADDRESS_LENGTH = 128;
const ENCODED = Object.fromEntries(
  Object.keys(CODECS).map((vmType) => [vmType, new Map<string, Hex>()]),
) as Record<OrderVmType, Map<string, Hex>>;

/** `encodeOrderAddress` as raw bytes. */
export function encodeOrderAddressBytes(address: string, vmType: OrderVmType): Uint8Array {
  return codecFor(vmType).encode(address);
}

/**
 * The native form of order address bytes (EIP-55 hex, base58, bech32, TON
 * bounceable user-friendly, classic XRP, decimal Lighter index, Hedera `0.0.N` or EVM alias).
 */
export function formatOrderAddress(bytes: Uint8Array, vmType: OrderVmType): string {
  return codecFor(vmType).format(bytes);
}
