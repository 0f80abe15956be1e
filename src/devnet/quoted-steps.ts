/**
 * A devnet user executing a quote's steps as quoted: on EVM each step item's transaction sent as is
 * (approve, then the deposit), on the SVM chain the quoted wire transaction signed and submitted.
 * Shared by the demo and the end-to-end tests.
 */
import { getBase64Encoder, getTransactionDecoder, type KeyPairSigner, signTransaction } from "@solana/kit";
import type { Hex, TransactionReceipt } from "viem";
import type { QuoteResponse } from "../schemas/index.ts";
import type { EvmUser } from "./evm-user.ts";
import type { SvmDevChain, SvmSubmitResult } from "./svm-chain.ts";

/** Sends every step item of an EVM-origin quote in order; returns the receipts (the deposit last). */
export async function sendQuotedEvmSteps(user: EvmUser, quote: QuoteResponse): Promise<TransactionReceipt[]> {
  const receipts: TransactionReceipt[] = [];
  for (const step of quote.steps) {
    for (const item of step.items) {
      const hash = await user.wallet.sendTransaction({
        account: user.wallet.account,
        chain: null,
        to: item.data.to as Hex,
        data: item.data.data as Hex,
        value: BigInt(item.data.value ?? "0"),
      });
      const receipt = await user.public.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`step ${step.id} (${hash}) reverted`);
      receipts.push(receipt);
    }
  }
  return receipts;
}

/** Signs the quoted SVM deposit transaction (base64 wire form) by `signer` and runs it on the chain. */
export async function submitQuotedSvmDeposit(
  chain: SvmDevChain,
  signer: KeyPairSigner,
  quote: QuoteResponse,
): Promise<SvmSubmitResult> {
  const wire = (quote.steps.at(-1)?.items[0]?.data as { transaction?: unknown } | undefined)?.transaction;
  if (typeof wire !== "string") throw new Error("the quote has no SVM deposit transaction");
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  return chain.submit(await signTransaction([signer.keyPair], tx));
}
