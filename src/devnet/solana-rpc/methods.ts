/**
 * The Solana JSON-RPC methods over an `SvmLedger`, with the result shapes, defaults (commitment
 * `finalized`, account encoding base58) and error codes of a validator. Account reads serve the state
 * as of their commitment (`SvmLedger.accounts`). Every parameter is checked by the schemas in
 * `params.ts`; unknown methods answer -32601.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Encoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
  address as toAddress,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import * as z from "zod";
import type { AccountSource } from "./account-history.ts";
import { createBlockMethods } from "./block-methods.ts";
import { createClusterMethods } from "./cluster-methods.ts";
import {
  type AccountEncoding,
  encodeAccount,
  encodeConfirmedTransaction,
  encodeInnerInstructions,
} from "./encoding.ts";
import {
  describeTransactionError,
  invalidParams,
  METHOD_NOT_FOUND,
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  signatureVerificationFailure,
} from "./errors.ts";
import type { Faucet } from "./faucet.ts";
import type { Commitment, LedgerTransaction, SvmLedger } from "./ledger.ts";
import { computeBudget, decodeMessage, messageFee } from "./message.ts";
import {
  accountConfig,
  address,
  commitmentConfig,
  filterMatches,
  parseParams,
  programAccountsConfig,
  sendConfig,
  signature,
  signatureStatusesConfig,
  signaturesConfig,
  simulateConfig,
  tokenAccountsFilter,
  transactionConfig,
} from "./params.ts";
import type { RpcMethod } from "./rpc-method.ts";
import {
  mayBeOwnedBy,
  readTokenAccount,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  uiTokenAmount,
} from "./token-accounts.ts";
import { decodeTransaction, signaturesVerify, type WireEncoding } from "./wire.ts";

/** The runtime version LiteSVM 1.x embeds, reported as `solana-core`. */
export const SOLANA_CORE_VERSION = "3.0.0";
const MIN_CONTEXT_SLOT_NOT_REACHED = -32016;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_MULTIPLE_ACCOUNTS = 100;

const base58Text = getBase58Decoder();
const base64 = getBase64Encoder();

function signatureOf(tx: Transaction): string {
  const bytes = Object.values(tx.signatures)[0];
  if (!bytes) throw invalidParams("the transaction has no signature");
  return base58Text.decode(bytes);
}

export function createRpcMethods(
  ledger: SvmLedger,
  faucet: { signer: KeyPairSigner; limits: Faucet },
): Record<string, RpcMethod> {
  const { svm } = ledger;
  const context = (commitment?: Commitment, minContextSlot?: number) => {
    const slot = ledger.slot(commitment);
    if (minContextSlot !== undefined && slot < minContextSlot) {
      throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, "Minimum context slot has not been reached", {
        contextSlot: slot,
      });
    }
    return { apiVersion: SOLANA_CORE_VERSION, slot };
  };
  const withContext = (commitment: Commitment | undefined, minSlot: number | undefined, value: unknown) => ({
    context: context(commitment, minSlot),
    value,
  });
  const visible = (tx: LedgerTransaction, commitment: Commitment) => tx.slot <= ledger.slot(commitment);
  const account = (
    accounts: AccountSource,
    key: string,
    encoding: AccountEncoding | undefined,
    slice?: { offset: number; length: number },
  ) => {
    const found = accounts.getAccount(toAddress(key));
    return found.exists ? encodeAccount(accounts, found, encoding, slice) : null;
  };
  const statusOf = (tx: LedgerTransaction) => {
    const confirmationStatus = ledger.commitmentOf(tx);
    return {
      slot: tx.slot,
      confirmations:
        confirmationStatus === "finalized" ? null : Math.max(0, ledger.slot("processed") - tx.slot),
      err: tx.err,
      status: tx.err === null ? { Ok: null } : { Err: tx.err },
      confirmationStatus,
    };
  };

  function send(text: string, encoding: WireEncoding, skipPreflight: boolean): string {
    const { tx, wire } = decodeTransaction(text, encoding);
    if (!skipPreflight) {
      if (!signaturesVerify(wire)) throw signatureVerificationFailure();
      const simulated = ledger.simulate(tx, { sigVerify: true });
      if (simulated.err !== null) {
        throw new RpcError(
          SEND_TRANSACTION_PREFLIGHT_FAILURE,
          `Transaction simulation failed: ${describeTransactionError(simulated.err)}`,
          {
            err: simulated.err,
            logs: simulated.logs,
            accounts: null,
            unitsConsumed: simulated.unitsConsumed,
            returnData: null,
          },
        );
      }
    }
    try {
      return ledger.submit(tx).signature;
    } catch (error) {
      // A validator drops a transaction it cannot execute once preflight is skipped; the client sees
      // its signature and never a confirmation.
      if (skipPreflight && error instanceof RpcError) return signatureOf(tx);
      throw error;
    }
  }

  function tokenAccountsBy(role: "owner" | "delegate", params: unknown) {
    const [holder, filter, config] = parseParams(
      z.tuple([address, tokenAccountsFilter, accountConfig]),
      params,
    );
    const programs = "programId" in filter ? [filter.programId] : [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];
    if (!programs.every((program) => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM)) {
      throw invalidParams("Invalid param: unrecognized Token program id");
    }
    const accounts = ledger.accounts(config?.commitment);
    const owned = role === "owner" ? mayBeOwnedBy(holder) : () => true;
    const value = programs
      .flatMap((program) => accounts.getProgramAccounts(program))
      .filter((found) => {
        if (!owned(found.data)) return false;
        const state = readTokenAccount(accounts, found.address);
        return (
          state !== null && state[role] === holder && (!("mint" in filter) || state.mint === filter.mint)
        );
      })
      .map((found) => ({
        pubkey: found.address,
        account: encodeAccount(accounts, found, config?.encoding, config?.dataSlice),
      }));
    return withContext(config?.commitment, config?.minContextSlot, value);
  }

  return {
    ...createBlockMethods(ledger),
    ...createClusterMethods(ledger, { identity: faucet.signer.address, version: SOLANA_CORE_VERSION }),
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 0 }),
    getGenesisHash: () => ledger.genesisHash,
    getIdentity: () => ({ identity: faucet.signer.address }),
    getSlot(params) {
      const [config] = parseParams(z.tuple([commitmentConfig]), params);
      return context(config?.commitment, config?.minContextSlot).slot;
    },
    getBlockHeight(params) {
      const [config] = parseParams(z.tuple([commitmentConfig]), params);
      return context(config?.commitment, config?.minContextSlot).slot;
    },
    getEpochInfo(params) {
      const [config] = parseParams(z.tuple([commitmentConfig]), params);
      const slot = context(config?.commitment, config?.minContextSlot).slot;
      const slotsInEpoch = Number(svm.getEpochSchedule().slotsPerEpoch);
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / slotsInEpoch),
        slotIndex: slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount: ledger.transactionCount(),
      };
    },
    getLatestBlockhash(params) {
      const [config] = parseParams(z.tuple([commitmentConfig]), params);
      const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash(config?.commitment);
      return withContext(config?.commitment, config?.minContextSlot, { blockhash, lastValidBlockHeight });
    },
    isBlockhashValid(params) {
      const [blockhash, config] = parseParams(z.tuple([z.string().min(1).max(64), commitmentConfig]), params);
      return withContext(config?.commitment, config?.minContextSlot, ledger.isBlockhashValid(blockhash));
    },
    getFeeForMessage(params) {
      const [text, config] = parseParams(z.tuple([z.string().min(1), commitmentConfig]), params);
      let message: ReturnType<typeof decodeMessage>;
      try {
        message = decodeMessage(base64.encode(text));
      } catch (error) {
        throw invalidParams(`failed to deserialize the message: ${(error as Error).message}`);
      }
      const fee = ledger.isBlockhashValid(message.lifetimeToken) ? Number(messageFee(message)) : null;
      return withContext(config?.commitment, config?.minContextSlot, fee);
    },
    getMinimumBalanceForRentExemption(params) {
      const [size] = parseParams(
        z.tuple([
          z
            .number()
            .int()
            .min(0)
            .max(10 * 1024 * 1024),
          commitmentConfig,
        ]),
        params,
      );
      return Number(svm.minimumBalanceForRentExemption(BigInt(size)));
    },
    getBalance(params) {
      const [key, config] = parseParams(z.tuple([address, commitmentConfig]), params);
      const found = ledger.accounts(config?.commitment).getAccount(key);
      return withContext(
        config?.commitment,
        config?.minContextSlot,
        found.exists ? Number(found.lamports) : 0,
      );
    },
    getAccountInfo(params) {
      const [key, config] = parseParams(z.tuple([address, accountConfig]), params);
      return withContext(
        config?.commitment,
        config?.minContextSlot,
        account(ledger.accounts(config?.commitment), key, config?.encoding, config?.dataSlice),
      );
    },
    getMultipleAccounts(params) {
      const [keys, config] = parseParams(
        z.tuple([z.array(address).max(MAX_MULTIPLE_ACCOUNTS), accountConfig]),
        params,
      );
      const accounts = ledger.accounts(config?.commitment);
      return withContext(
        config?.commitment,
        config?.minContextSlot,
        keys.map((key) => account(accounts, key, config?.encoding, config?.dataSlice)),
      );
    },
    getProgramAccounts(params) {
      const [program, config] = parseParams(z.tuple([address, programAccountsConfig]), params);
      const filters = config?.filters ?? [];
      const accounts = ledger.accounts(config?.commitment);
      const value = accounts
        .getProgramAccounts(program)
        .filter((found) => filters.every((filter) => filterMatches(found.data as Uint8Array, filter)))
        .map((found) => ({
          pubkey: found.address,
          account: encodeAccount(accounts, found, config?.encoding, config?.dataSlice),
        }));
      return config?.withContext ? withContext(config.commitment, config.minContextSlot, value) : value;
    },
    getTokenAccountBalance(params) {
      const [key, config] = parseParams(z.tuple([address, commitmentConfig]), params);
      const state = readTokenAccount(ledger.accounts(config?.commitment), key);
      if (state === null) throw invalidParams("Invalid param: not a Token account");
      return withContext(
        config?.commitment,
        config?.minContextSlot,
        uiTokenAmount(state.amount, state.decimals),
      );
    },
    getTokenAccountsByOwner: (params) => tokenAccountsBy("owner", params),
    getTokenAccountsByDelegate: (params) => tokenAccountsBy("delegate", params),
    getSignatureStatuses(params) {
      const [signatures] = parseParams(
        z.tuple([z.array(signature).max(MAX_SIGNATURE_STATUSES), signatureStatusesConfig]),
        params,
      );
      return withContext(
        "processed",
        undefined,
        signatures.map((sig) => {
          const tx = ledger.transaction(sig);
          return tx ? statusOf(tx) : null;
        }),
      );
    },
    getSignaturesForAddress(params) {
      const [key, config] = parseParams(z.tuple([address, signaturesConfig]), params);
      const commitment = config?.commitment ?? "finalized";
      if (commitment === "processed")
        throw invalidParams("Method does not support commitment below `confirmed`");
      context(commitment, config?.minContextSlot);
      let list = ledger.signaturesFor(key).filter((tx) => visible(tx, commitment));
      if (config?.before) {
        const at = list.findIndex((tx) => tx.signature === config.before);
        list = at < 0 ? [] : list.slice(at + 1);
      }
      if (config?.until) {
        const at = list.findIndex((tx) => tx.signature === config.until);
        if (at >= 0) list = list.slice(0, at);
      }
      return list.slice(0, config?.limit ?? 1000).map((tx) => ({
        signature: tx.signature,
        slot: tx.slot,
        err: tx.err,
        memo: null,
        blockTime: tx.blockTime,
        confirmationStatus: ledger.commitmentOf(tx),
      }));
    },
    getTransaction(params) {
      const [sig, config] = parseParams(z.tuple([signature, transactionConfig]), params);
      const commitment = config?.commitment ?? "finalized";
      if (commitment === "processed")
        throw invalidParams("Method does not support commitment below `confirmed`");
      const tx = ledger.transaction(sig);
      if (!tx || !visible(tx, commitment)) return null;
      return {
        slot: tx.slot,
        blockTime: tx.blockTime,
        ...encodeConfirmedTransaction(tx, config?.encoding ?? "json", config?.maxSupportedTransactionVersion),
      };
    },
    getRecentPrioritizationFees(params) {
      const [keys] = parseParams(z.tuple([z.array(address).max(128).optional()]), params);
      const last = ledger.slot("confirmed");
      const out: { slot: number; prioritizationFee: number }[] = [];
      for (let slot = Math.max(0, last - 149); slot <= last; slot++) {
        const fees = ledger
          .transactionsInSlot(slot)
          .filter((tx) => !keys?.length || keys.some((key) => tx.accounts.keys.includes(key)))
          .map((tx) => computeBudget(tx.message).unitPrice);
        const min = fees.reduce<bigint | null>((a, b) => (a === null || b < a ? b : a), null);
        out.push({ slot, prioritizationFee: Number(min ?? 0n) });
      }
      return out;
    },
    sendTransaction(params) {
      const [text, config] = parseParams(z.tuple([z.string().min(1), sendConfig]), params);
      return send(text, config?.encoding ?? "base58", config?.skipPreflight ?? false);
    },
    simulateTransaction(params) {
      const [text, config] = parseParams(z.tuple([z.string().min(1), simulateConfig]), params);
      if (config?.sigVerify && config.replaceRecentBlockhash) {
        throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
      }
      const { tx, wire } = decodeTransaction(text, config?.encoding ?? "base58");
      if (config?.sigVerify && !signaturesVerify(wire)) throw signatureVerificationFailure();
      const result = ledger.simulate(tx, {
        sigVerify: config?.sigVerify ?? false,
        replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
      });
      const latest = ledger.latestBlockhash("processed");
      const after = new Map(result.postAccounts.map((found) => [found.address as string, found]));
      return withContext(config?.commitment, config?.minContextSlot, {
        err: result.err,
        logs: result.logs,
        accounts: config?.accounts
          ? config.accounts.addresses.map((key) => {
              const found = after.get(key);
              const encoding = config.accounts?.encoding ?? "base64";
              return found ? encodeAccount(svm, found, encoding) : account(svm, key, encoding);
            })
          : null,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData && {
          programId: result.returnData.programId,
          data: [Buffer.from(result.returnData.data).toString("base64"), "base64"],
        },
        innerInstructions: config?.innerInstructions
          ? encodeInnerInstructions(result.innerInstructions)
          : null,
        ...(config?.replaceRecentBlockhash
          ? {
              replacementBlockhash: {
                blockhash: latest.blockhash,
                lastValidBlockHeight: latest.lastValidBlockHeight,
              },
            }
          : {}),
      });
    },
    async requestAirdrop(params) {
      const [key, amount] = parseParams(
        z.tuple([address, z.number().int().positive(), commitmentConfig]),
        params,
      );
      faucet.limits.grant(key, BigInt(amount));
      const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash("processed");
      const tx = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(faucet.signer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: faucet.signer,
                destination: key,
                amount: lamports(BigInt(amount)),
              }),
            ],
            m,
          ),
        (m) => signTransactionMessageWithSigners(m),
      );
      return ledger.submit(tx).signature;
    },
  };
}

export const methodNotFound = (method: string) =>
  new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
