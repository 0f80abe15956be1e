/**
 * A devnet user executing a quote's steps as quoted: on EVM each step item's transaction sent as is
 * (approve, then the deposit), on the SVM chain the quoted wire transaction signed and submitted.
 * Shared by the demo and the end-to-end tests.
 */
import { getBase64Encoder, getTransactionDecoder, type KeyPairSigner, signTransaction } from "@solana/kit";
import type { Hex, TransactionReceipt } from "viem";
import type { ServiceClient } from "../client/index.ts";
import type { ExecutePermitsResponse, QuoteResponse, SignatureStepItemData } from "../schemas/index.ts";
import type { EvmUser } from "./evm-user.ts";
import type { SvmDevChain, SvmSubmitResult } from "./svm-chain.ts";

/** Sends every step item of an EVM-origin quote in order; returns the receipts (the deposit last). */
export async function sendQuotedEvmSteps(user: EvmUser, quote: QuoteResponse): Promise<TransactionReceipt[]> {
  const receipts: TransactionReceipt[] = [];
  for (const step of quote.steps) {
    for (const item of step.items) {
      if ("sign" in item.data)
        throw new Error(`step ${step.id} asks for a signature: sign it (signQuotedGaslessStep)`);
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

/**
 * Signs every item of a quote's `signature` steps (a gasless deposit: its `MulticallAuthorization`, then
 * its ERC-3009 funding) with `user`'s key and posts each with `client.executePermits`; the user sends no
 * transaction. Resolves with the last post's answer (the relayer's transaction once all are in).
 */
export async function signQuotedGaslessSteps(
  user: EvmUser,
  quote: QuoteResponse,
  client: Pick<ServiceClient, "executePermits">,
): Promise<ExecutePermitsResponse> {
  let last: ExecutePermitsResponse | null = null;
  for (const step of quote.steps) {
    if (step.kind !== "signature") continue;
    for (const item of step.items) {
      if (!("sign" in item.data)) throw new Error(`step ${step.id} has an item without typed data to sign`);
      const { sign, post } = item.data as SignatureStepItemData;
      const signature = await user.wallet.signTypedData({
        account: user.wallet.account,
        domain: sign.domain,
        types: sign.types,
        primaryType: sign.primaryType,
        message: sign.value,
      } as Parameters<typeof user.wallet.signTypedData>[0]);
      last = await client.executePermits(signature, post.body);
    }
  }
  if (last === null) throw new Error("the quote has no signature step");
  return last;
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
