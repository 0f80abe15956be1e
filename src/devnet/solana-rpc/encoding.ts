/**
 * Account and transaction encodings of the Solana RPC: account data as base58, base64, base64+zstd or
 * jsonParsed (token accounts; other accounts fall back to base64, as on a validator), optional data
 * slices, and transactions as base58, base64 or the `json` form of their message.
 */
import { zstdCompressSync } from "node:zlib";
import { type Address, getBase58Decoder, getBase64Decoder, type ReadonlyUint8Array } from "@solana/kit";
import type { AccountSource } from "./account-history.ts";
import { invalidParams, RpcError, UNSUPPORTED_TRANSACTION_VERSION } from "./errors.ts";
import type { LedgerTransaction } from "./ledger.ts";
import { parsedInstruction } from "./parsed-instructions.ts";
import { decodeTokenAccount, parsedMint, parsedTokenAccount, TOKEN_PROGRAMS } from "./token-accounts.ts";

export type AccountEncoding = "base58" | "base64" | "base64+zstd" | "jsonParsed";
export interface DataSlice {
  offset: number;
  length: number;
}

export interface AccountView {
  address: Address;
  lamports: bigint;
  programAddress: Address;
  executable: boolean;
  data: ReadonlyUint8Array;
}

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();
/** A validator refuses base58 account data over this size. */
const MAX_BASE58_BYTES = 128;

export function encodeBytes(
  data: ReadonlyUint8Array,
  encoding: Exclude<AccountEncoding, "jsonParsed">,
): [string, string] {
  if (encoding === "base58") {
    if (data.length > MAX_BASE58_BYTES) {
      throw invalidParams(
        `encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      );
    }
    return [base58.decode(data), "base58"];
  }
  if (encoding === "base64+zstd") return [base64.decode(zstdCompressSync(data as Uint8Array)), "base64+zstd"];
  return [base64.decode(data), "base64"];
}

/** An account as `getAccountInfo` & co. describe it. */
export function encodeAccount(
  accounts: AccountSource,
  account: AccountView,
  encoding: AccountEncoding = "base58",
  slice?: DataSlice,
) {
  let data: unknown;
  if (encoding === "jsonParsed" && TOKEN_PROGRAMS.has(account.programAddress)) {
    const state = decodeTokenAccount(accounts, account.programAddress, account.data);
    data =
      state !== null
        ? parsedTokenAccount(state, account.data)
        : (parsedMint(account.programAddress, account.data) ?? undefined);
  }
  if (data === undefined) {
    const bytes = slice ? account.data.slice(slice.offset, slice.offset + slice.length) : account.data;
    data = encodeBytes(bytes, encoding === "jsonParsed" ? "base64" : encoding);
  }
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
}

export type TransactionEncoding = "json" | "jsonParsed" | "base58" | "base64";

/** A v0 message's lookups as the RPC lists them (a legacy message has none: the field is absent). */
function addressTableLookups(message: LedgerTransaction["message"]) {
  if (message.version !== 0) return {};
  return {
    addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    })),
  };
}

/** The transaction part of `getTransaction` in the requested encoding. */
export function encodeTransaction(tx: LedgerTransaction, encoding: TransactionEncoding) {
  if (encoding === "base58") return [base58.decode(tx.wire), "base58"];
  if (encoding === "base64") return [base64.decode(tx.wire), "base64"];
  const { message } = tx;
  const signatureCount = message.header.numSignerAccounts;
  const signatures: string[] = [];
  // Wire: compact-u16 count (one byte below 128 signers), then 64-byte signatures.
  for (let i = 0; i < signatureCount; i++)
    signatures.push(base58.decode(tx.wire.subarray(1 + 64 * i, 65 + 64 * i)));
  if (encoding === "jsonParsed") return { signatures, message: parsedMessage(tx) };
  return {
    signatures,
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: base58.decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      ...addressTableLookups(message),
    },
  };
}

/** Inner instructions (CPIs) as `getTransaction` and `simulateTransaction` list them. */
export function encodeInnerInstructions(entries: LedgerTransaction["innerInstructions"]) {
  return entries.map((entry) => ({
    index: entry.index,
    instructions: entry.instructions.map((inner) => ({
      programIdIndex: inner.programIdIndex,
      accounts: inner.accounts,
      data: base58.decode(inner.data),
      stackHeight: inner.stackHeight,
    })),
  }));
}

/** The message under `jsonParsed`: keys with their roles and source, instructions parsed. */
function parsedMessage(tx: LedgerTransaction) {
  const { message, accounts } = tx;
  const signers = message.header.numSignerAccounts;
  const staticCount = message.staticAccounts.length;
  return {
    accountKeys: accounts.keys.map((pubkey, i) => ({
      pubkey,
      writable: accounts.writable[i] ?? false,
      signer: i < signers,
      source: i < staticCount ? "transaction" : "lookupTable",
    })),
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) =>
      parsedInstruction(
        accounts.keys,
        {
          programIdIndex: instruction.programAddressIndex,
          accounts: instruction.accountIndices ?? [],
          data: instruction.data ?? new Uint8Array(),
        },
        null,
      ),
    ),
    ...addressTableLookups(message),
  };
}

/** The `meta` of `getTransaction`; under `jsonParsed` inner instructions are parsed too. */
export function encodeTransactionMeta(tx: LedgerTransaction, encoding: TransactionEncoding = "json") {
  const parsed = encoding === "jsonParsed";
  return {
    err: tx.err,
    status: tx.err === null ? { Ok: null } : { Err: tx.err },
    fee: tx.fee,
    preBalances: tx.preBalances,
    postBalances: tx.postBalances,
    innerInstructions: parsed
      ? tx.innerInstructions.map((entry) => ({
          index: entry.index,
          instructions: entry.instructions.map((inner) =>
            parsedInstruction(tx.accounts.keys, inner, inner.stackHeight),
          ),
        }))
      : encodeInnerInstructions(tx.innerInstructions),
    logMessages: tx.logs,
    preTokenBalances: tx.preTokenBalances,
    postTokenBalances: tx.postTokenBalances,
    rewards: [],
    ...(parsed ? {} : { loadedAddresses: tx.accounts.loaded }),
    returnData: tx.returnData && {
      programId: tx.returnData.programId,
      data: [base64.decode(tx.returnData.data), "base64"],
    },
    computeUnitsConsumed: tx.computeUnits,
  };
}

/**
 * A recorded transaction with its meta (and version, when the client names the highest it supports),
 * as `getTransaction` and `getBlock` show it. @throws RpcError -32015 for a v0 transaction asked for
 * without `maxSupportedTransactionVersion`.
 */
export function encodeConfirmedTransaction(
  tx: LedgerTransaction,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
) {
  if (tx.message.version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new RpcError(
      UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  return {
    transaction: encodeTransaction(tx, encoding),
    meta: encodeTransactionMeta(tx, encoding),
    ...(maxSupportedTransactionVersion === undefined ? {} : { version: tx.message.version }),
  };
}
