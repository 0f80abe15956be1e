import {
  type Address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  compileTransaction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { createServiceClient } from "attestkit/client";
import {
  buildSvmReceiverDepositInstruction,
  decodeSvmReceiverDepositedEvent,
  getSvmReceiverDepositComputeUnitLimit,
} from "attestkit/receiver";
import type { Hex } from "viem";

/**
 * Pays the native (lamports) deposit of `requestId` through the SVM reference receiver with
 * @solana/kit, then reads the receiver's `Deposited` event from the landed transaction.
 * `payer` must be the attested origin user; `solver` is the receiver's configured `solver_svm`.
 */
export async function depositThroughSvmReceiver(options: {
  serviceUrl: string;
  rpcUrl: string;
  rpcSubscriptionsUrl: string;
  programId: Address;
  solver: Address;
  payer: KeyPairSigner;
  requestId: Hex;
  deadline: bigint;
}) {
  const { programId, payer } = options;
  const rpc = createSolanaRpc(options.rpcUrl);
  const rpcSubscriptions = createSolanaRpcSubscriptions(options.rpcSubscriptionsUrl);
  const { requestData, signature } = await createServiceClient({ baseUrl: options.serviceUrl }).getSignature(
    options.requestId,
  );

  const deposit = await buildSvmReceiverDepositInstruction({
    programId,
    payer,
    requestId: options.requestId,
    requestData,
    signature: signature as Hex,
    deadline: options.deadline,
    solver: options.solver,
    // For SPL Token or Token-2022 add: token: { mint, payerToken, solverToken, tokenProgram }
  });
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions([deposit], m),
  );

  // Simulate at the maximum limit, then set the limit from the units consumed plus the margin that
  // covers a pre-funded replay account (anyone can fund that public address before you land).
  const probe = compileTransaction(setTransactionMessageComputeUnitLimit(1_400_000, message));
  const simulation = await rpc
    .simulateTransaction(getBase64EncodedWireTransaction(probe), { encoding: "base64", sigVerify: false })
    .send();
  if (simulation.value.err !== null)
    throw new Error(`simulation failed: ${JSON.stringify(simulation.value.logs)}`);
  const limit = getSvmReceiverDepositComputeUnitLimit(simulation.value.unitsConsumed ?? 0n);

  const transaction = await signTransactionMessageWithSigners(
    setTransactionMessageComputeUnitLimit(limit, message),
  );
  assertIsTransactionWithBlockhashLifetime(transaction);
  await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" });
  const txSignature = getSignatureFromTransaction(transaction);

  const landed = await rpc
    .getTransaction(txSignature, {
      commitment: "confirmed",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (landed?.meta == null) throw new Error(`transaction ${txSignature} not found`);
  const event = decodeSvmReceiverDepositedEvent(
    { err: landed.meta.err, logs: landed.meta.logMessages ?? [] },
    programId,
  );
  return { signature: txSignature, event };
}
