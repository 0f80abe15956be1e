/**
 * The block methods of the Solana RPC over an `SvmLedger`, where every slot the ledger ran is a block
 * (one leader; only the slots a time travel jumps over are skipped, and listed by no method): getBlock (and web3.js's getParsedBlock, the same call under
 * `jsonParsed`), getBlocks, getBlocksWithLimit, getBlockTime, getBlockCommitment,
 * getFirstAvailableBlock and minimumLedgerSlot. Blocks are served from `confirmed` on, as by a
 * validator; a slot outside the history answers -32004, one pruned from it (`historySlots`) -32001.
 */
import * as z from "zod";
import { encodeConfirmedTransaction } from "./encoding.ts";
import { invalidParams, RpcError } from "./errors.ts";
import type { Commitment, SvmLedger } from "./ledger.ts";
import { commitment, commitmentConfig, parseParams } from "./params.ts";
import type { RpcMethod } from "./rpc-method.ts";

const BLOCK_NOT_AVAILABLE = -32004;
const BLOCK_CLEANED_UP = -32001;
/** Most slots `getBlocks` spans and `getBlocksWithLimit` lists (a validator's limit). */
const MAX_BLOCK_RANGE = 500_000;
const slotNumber = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const blockConfig = z
  .object({
    commitment: commitment.optional(),
    encoding: z.enum(["json", "jsonParsed", "base58", "base64"]).optional(),
    transactionDetails: z.enum(["full", "accounts", "signatures", "none"]).optional(),
    rewards: z.boolean().optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
  })
  .optional();

const blockNotAvailable = (slot: number) =>
  new RpcError(BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);

/** A block pruned from the history, with a validator's text for a cleaned-up ledger slot. */
const blockCleanedUp = (slot: number, first: number) =>
  new RpcError(
    BLOCK_CLEANED_UP,
    `Block ${slot} cleaned up, does not exist on node. First available block: ${first}`,
  );

export function createBlockMethods(ledger: SvmLedger): Record<string, RpcMethod> {
  const checkKept = (slot: number) => {
    const first = ledger.firstAvailableSlot();
    if (slot < first) throw blockCleanedUp(slot, first);
  };
  /** The highest slot served at `level` (blocks start at `confirmed`). */
  const tip = (level: Commitment | undefined) => {
    if (level === "processed") throw invalidParams("Method does not support commitment below `confirmed`");
    return ledger.slot(level ?? "finalized");
  };
  const slotsBetween = (start: number, end: number) => {
    const out: number[] = [];
    for (let slot = Math.max(start, ledger.firstAvailableSlot()); slot <= end; slot++) {
      if (ledger.block(slot) !== null) out.push(slot);
    }
    return out;
  };

  return {
    getBlock(params) {
      const [slot, config] = parseParams(z.tuple([slotNumber, blockConfig]), params);
      checkKept(slot);
      const block = ledger.block(slot);
      if (block === null || slot > tip(config?.commitment)) throw blockNotAvailable(slot);
      const details = config?.transactionDetails ?? "full";
      const txs = ledger.transactionsInSlot(slot);
      const encoding = config?.encoding ?? "json";
      const previous = ledger.block(slot - 1) ?? block;
      return {
        blockHeight: slot,
        blockTime: block.blockTime,
        blockhash: block.blockhash,
        parentSlot: slot > ledger.firstSlot ? slot - 1 : slot,
        previousBlockhash: previous.blockhash,
        ...(details === "full" || details === "accounts"
          ? {
              transactions: txs.map((tx) => {
                const full = encodeConfirmedTransaction(tx, encoding, config?.maxSupportedTransactionVersion);
                if (details === "full") return full;
                const { innerInstructions, logMessages, ...meta } = full.meta as Record<string, unknown>;
                return {
                  ...full,
                  transaction: {
                    signatures: [tx.signature],
                    accountKeys: tx.accounts.keys.map((pubkey, i) => ({
                      pubkey,
                      writable: tx.accounts.writable[i] ?? false,
                      signer: i < tx.message.header.numSignerAccounts,
                      source: i < tx.message.staticAccounts.length ? "transaction" : "lookupTable",
                    })),
                  },
                  meta,
                };
              }),
            }
          : {}),
        ...(details === "signatures" ? { signatures: txs.map((tx) => tx.signature) } : {}),
        ...(config?.rewards === false ? {} : { rewards: [] }),
      };
    },
    getBlocks(params) {
      const [start, end, config] = parseParams(
        z.union([
          z.tuple([slotNumber, slotNumber, commitmentConfig]),
          z.tuple([slotNumber, commitmentConfig]).transform(([s, c]) => [s, undefined, c] as const),
        ]),
        params,
      );
      const last = Math.min(end ?? Number.MAX_SAFE_INTEGER, tip(config?.commitment));
      if (end !== undefined && end - start > MAX_BLOCK_RANGE) {
        throw invalidParams(`Slot range too large; max ${MAX_BLOCK_RANGE}`);
      }
      return slotsBetween(start, Math.min(last, start + MAX_BLOCK_RANGE));
    },
    getBlocksWithLimit(params) {
      const [start, limit, config] = parseParams(
        z.tuple([slotNumber, z.number().int().nonnegative().max(MAX_BLOCK_RANGE), commitmentConfig]),
        params,
      );
      if (limit === 0) return [];
      return slotsBetween(start, Math.min(start + limit - 1, tip(config?.commitment)));
    },
    getBlockTime(params) {
      const [slot] = parseParams(z.tuple([slotNumber]), params);
      checkKept(slot);
      const time = slot <= ledger.slot("confirmed") ? ledger.blockTime(slot) : null;
      if (time === null) throw blockNotAvailable(slot);
      return time;
    },
    getBlockCommitment(params) {
      parseParams(z.tuple([slotNumber]), params);
      // A single node votes no stake on any block.
      return { commitment: null, totalStake: 0 };
    },
    getFirstAvailableBlock: () => ledger.firstAvailableSlot(),
    minimumLedgerSlot: () => ledger.firstAvailableSlot(),
  };
}
