// The depository's `DepositEvent` (programs/idl/depository.json), as a payment's program logs carry it:
// `Program data: <base64>` of discriminator, depositor, Option<mint>, amount u64 LE, id.
import { type Address, getAddressDecoder } from "@solana/kit";
import { bytesToHex } from "viem";
import type { SvmOrderDeposit } from "./order-types.ts";

const DISCRIMINATOR = [120, 248, 61, 83, 31, 142, 107, 144];
const PREFIX = "Program data: ";

/** Every `DepositEvent` in `logs`, in order: the id and depositor of each deposit the depository took. */
export function depositoryDeposits(logs: readonly string[]): SvmOrderDeposit[] {
  const deposits: SvmOrderDeposit[] = [];
  for (const line of logs) {
    if (!line.startsWith(PREFIX)) continue;
    const bytes = Uint8Array.from(Buffer.from(line.slice(PREFIX.length).split(" ")[0] as string, "base64"));
    if (!DISCRIMINATOR.every((b, i) => bytes[i] === b)) continue;
    const idAt = bytes[40] === 1 ? 81 : 49;
    if (bytes.length !== idAt + 32) continue;
    deposits.push({
      depositor: getAddressDecoder().decode(bytes.slice(8, 40)) as Address,
      id: bytesToHex(bytes.slice(idAt, idAt + 32)),
    });
  }
  return deposits;
}
