/**
 * A devnet user's side of the SVM flows: instructions signed and sent with a blockhash the chain
 * handed out, and USDC balances. Shared by the demo and the end-to-end tests.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import type { SvmDevChain, SvmSubmitResult } from "./svm-chain.ts";

/** Signs `instructions` by `signer` (fee payer) and runs them on the chain; throws with the program error. */
export async function submitSvmInstructions(
  chain: SvmDevChain,
  signer: KeyPairSigner,
  instructions: Instruction[],
): Promise<SvmSubmitResult> {
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: chain.latestBlockhash(), lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  return chain.submit(tx);
}

/** USDC balance of `owner`'s associated token account (the SPL amount: bytes 64..72), 0 when absent. */
export async function svmUsdcBalance(chain: SvmDevChain, owner: Address): Promise<bigint> {
  const account = chain.svm.getAccount(await chain.usdcAccount(owner));
  return account.exists
    ? new DataView(account.data.buffer, account.data.byteOffset).getBigUint64(64, true)
    : 0n;
}
