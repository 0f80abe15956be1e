import type { Address, Rpc, Signature, SolanaRpcApi } from "@solana/kit";
import { decodeSvmReceiverDepositedEvents, type SvmReceiverDepositedEvent } from "attestkit/receiver";

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
  const transaction = await rpc
    .getTransaction(signature, {
      commitment: "finalized",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (transaction?.meta == null) return [];
  if (transaction.meta.err !== null) return []; // failed: nothing was deposited
  return decodeSvmReceiverDepositedEvents(
    { err: transaction.meta.err, logs: transaction.meta.logMessages ?? [] },
    programId,
  );
}

/** Signatures of the receiver's recent transactions, newest first, to feed `readSvmReceiverDeposits`. */
export async function recentReceiverSignatures(rpc: Rpc<SolanaRpcApi>, programId: Address, limit = 100) {
  const entries = await rpc.getSignaturesForAddress(programId, { commitment: "finalized", limit }).send();
  return entries.filter((entry) => entry.err === null).map((entry) => entry.signature);
}
