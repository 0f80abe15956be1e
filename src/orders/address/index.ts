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

/** Address text to order bytes, per VM (formatting is its own table, so encoding alone bundles alone). */
const ENCODERS: Record<OrderVmType, (address: unknown) => Uint8Array> = {
  "ethereum-vm": (address) => encodeHexAddress(address, "ethereum-vm", [20]),
  "hyperliquid-vm": (address) => encodeHexAddress(address, "hyperliquid-vm", [16, 20]),
  "solana-vm": encodeSolanaAddress,
  "bitcoin-vm": encodeBitcoinAddress,
  "tron-vm": encodeTronAddress,
  "ton-vm": encodeTonAddress,
  "xrp-vm": encodeXrpAddress,
  "lighter-vm": encodeLighterAddress,
  "hedera-vm": encodeHederaAddress,
};

/** Order bytes to the VM's native address text. */
const FORMATTERS: Record<OrderVmType, (bytes: Uint8Array) => string> = {
  "ethereum-vm": formatHexAddress,
  "hyperliquid-vm": formatHexAddress,
  "solana-vm": formatSolanaAddress,
  "bitcoin-vm": formatBitcoinAddress,
  "tron-vm": formatTronAddress,
  "ton-vm": formatTonAddress,
  "xrp-vm": formatXrpAddress,
  "lighter-vm": formatLighterAddress,
  "hedera-vm": formatHederaAddress,
};

function checkedVmType(vmType: unknown): OrderVmType {
  if (!isOrderVmType(vmType))
    throw new UnsupportedVmTypeError(`unsupported VM type ${describeValue(vmType)}`);
  return vmType;
}

/**
 * The bytes an order carries for `address` (or a currency) on a chain of
 * `vmType`, as 0x hex. Malformed input throws a typed error (bad checksum,
 * wrong length, TON workchain other than 0, tagged XRP X-address) instead of
 * producing bytes the service would never hash.
 */
export function encodeOrderAddress(address: string, vmType: OrderVmType): Hex {
  const encode = ENCODERS[checkedVmType(vmType)];
  if (typeof address !== "string") return bytesToHex(encode(address));
  const memo = ENCODED[vmType];
  let hex = memo.get(address);
  if (hex === undefined) {
    hex = bytesToHex(encode(address));
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
  Object.keys(ENCODERS).map((vmType) => [vmType, new Map<string, Hex>()]),
) as Record<OrderVmType, Map<string, Hex>>;

/** `encodeOrderAddress` as raw bytes. */
export function encodeOrderAddressBytes(address: string, vmType: OrderVmType): Uint8Array {
  return ENCODERS[checkedVmType(vmType)](address);
}

/**
 * The native form of order address bytes (EIP-55 hex, base58, bech32, TON
 * bounceable user-friendly, classic XRP, decimal Lighter index, Hedera `0.0.N` or EVM alias).
 */
export function formatOrderAddress(bytes: Uint8Array, vmType: OrderVmType): string {
  return FORMATTERS[checkedVmType(vmType)](bytes);
}
