import type { Address, Rpc, Signature, SolanaRpcApi } from "@solana/kit";
import { type SvmCredit, svmCredits } from "attestkit/credit";
import { decodeSvmReceiverDepositedEvents, type SvmReceiverDepositedEvent } from "attestkit/receiver";
import { SVM_NATIVE_TOKEN } from "attestkit/svm";

/** A finalized transaction with its meta (status, logs, balances), or null. */
function finalizedTransaction(rpc: Rpc<SolanaRpcApi>, signature: Signature) {
  return rpc
    .getTransaction(signature, {
      commitment: "finalized",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
}

/**
 * The receiver's `Deposited` events in one transaction. The transaction's status goes with its logs:
 * a failed transaction can log an event whose effects were rolled back, and the decoder refuses it
 * (`SvmTransactionFailedError`) instead of reporting a deposit that never happened.
 */
export async function readSvmReceiverDeposits(
  rpc: Rpc<SolanaRpcApi>,
  programId: Address,
  signature: Signature,
): Promise<SvmReceiverDepositedEvent[]> {
  const transaction = await finalizedTransaction(rpc, signature);
  if (transaction?.meta == null) return [];
  if (transaction.meta.err !== null) return []; // failed: nothing was deposited
  return decodeSvmReceiverDepositedEvents(
    { err: transaction.meta.err, logs: transaction.meta.logMessages ?? [] },
    programId,
  );
}

/**
 * What a memo-tagged deposit transaction really paid your solver wallet, per currency (lamports, or
 * the mint): the balance change of the wallet and of the token accounts it owned before and after,
 * from the transaction's meta. The memo only says which request it is for; the transfer
 * instructions' amounts are never the credit (tokens can move in and out again, an account's owner
 * can be handed to you after its tokens left, a Token-2022 fee mint delivers less than it moves).
 */
export async function readSvmCredits(
  rpc: Rpc<SolanaRpcApi>,
  solverWallet: Address,
  signature: Signature,
): Promise<SvmCredit[]> {
  const transaction = await finalizedTransaction(rpc, signature);
  if (transaction?.meta == null || transaction.meta.err !== null) return [];
  const loaded = transaction.meta.loadedAddresses;
  return svmCredits(
    {
      accountKeys: [
        ...transaction.transaction.message.accountKeys,
        ...(loaded?.writable ?? []),
        ...(loaded?.readonly ?? []),
      ],
      preBalances: transaction.meta.preBalances,
      postBalances: transaction.meta.postBalances,
      preTokenBalances: transaction.meta.preTokenBalances ?? [],
      postTokenBalances: transaction.meta.postTokenBalances ?? [],
    },
    { wallet: solverWallet },
    SVM_NATIVE_TOKEN,
  );
}

/** Signatures of the receiver's recent transactions, newest first, to feed `readSvmReceiverDeposits`. */
export async function recentReceiverSignatures(rpc: Rpc<SolanaRpcApi>, programId: Address, limit = 100) {
  const entries = await rpc.getSignaturesForAddress(programId, { commitment: "finalized", limit }).send();
  return entries.filter((entry) => entry.err === null).map((entry) => entry.signature);
}
