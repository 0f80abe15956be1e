/**
 * Where an SVM token refund goes: back to the token account its deposit paid from, or else the
 * recipient's existing associated token account; never into an account the refund would have to
 * create (its rent would come from the solver's SOL, not from what arrived). When neither exists
 * as a token account of the mint owned by the recipient, the refund is held (`RefundHeldError`).
 */
import {
  type Address,
  type Commitment,
  getBase64Encoder,
  isSignature,
  type Rpc,
  type SolanaRpcApi,
} from "@solana/kit";
import { findAssociatedTokenPda, getTokenDecoder, getTokenSize } from "@solana-program/token";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "../svm-route.ts";
import { RefundHeldError } from "./refund-held.ts";

const base64 = getBase64Encoder();
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
/** Token-2022 writes its account type after the base layout: 2 marks a token account. */
const ACCOUNT_TYPE_TOKEN = 2;

export interface SvmRefundContext {
  rpc: Rpc<SolanaRpcApi>;
  commitment: Exclude<Commitment, "processed">;
  abortSignal: AbortSignal;
  /** The solver's wallet: its own token accounts are never a deposit's source. */
  solver: Address;
}

/** The token account of `mint` that paid the deposit `signature`: not the solver's, the largest fall. */
async function depositSource(
  context: SvmRefundContext,
  signature: string,
  mint: string,
): Promise<Address | null> {
  if (!isSignature(signature)) return null;
  const tx = await context.rpc
    .getTransaction(signature, {
      commitment: context.commitment,
      encoding: "jsonParsed",
      maxSupportedTransactionVersion: 0,
    })
    .send({ abortSignal: context.abortSignal });
  if (tx === null || tx.meta === null) return null;
  const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey);
  const after = new Map(
    (tx.meta.postTokenBalances ?? []).map((b) => [b.accountIndex, BigInt(b.uiTokenAmount.amount)]),
  );
  let source: Address | null = null;
  let largest = 0n;
  for (const before of tx.meta.preTokenBalances ?? []) {
    if (before.mint !== mint || before.owner === context.solver) continue;
    const fell = BigInt(before.uiTokenAmount.amount) - (after.get(before.accountIndex) ?? 0n);
    if (fell > largest) {
      largest = fell;
      source = keys[before.accountIndex] ?? null;
    }
  }
  return source;
}

/** The mint and owner of token account `at`, or null when it does not exist or is not one. */
async function tokenAccount(
  context: SvmRefundContext,
  at: Address,
): Promise<{ mint: string; owner: string } | null> {
  const { value } = await context.rpc
    .getAccountInfo(at, { commitment: context.commitment, encoding: "base64" })
    .send({ abortSignal: context.abortSignal });
  if (value === null || !TOKEN_PROGRAMS.has(value.owner)) return null;
  const data = base64.encode(value.data[0]);
  const size = getTokenSize();
  if (data.length < size || (data.length > size && data[size] !== ACCOUNT_TYPE_TOKEN)) return null;
  const { mint, owner } = getTokenDecoder().decode(data.subarray(0, size));
  return { mint, owner };
}

/**
 * The existing token account a refund of `mint` (owned by `tokenProgram`) to `recipient` pays into,
 * for the deposit `depositTx`: its source account when the recipient still owns it, else the
 * recipient's associated token account when it exists. Throws `RefundHeldError` otherwise.
 */
export async function svmTokenRefundDestination(
  context: SvmRefundContext,
  params: { depositTx: string; recipient: string; mint: Address; tokenProgram: Address },
): Promise<Address> {
  const source = await depositSource(context, params.depositTx, params.mint);
  const [associated] = await findAssociatedTokenPda({
    owner: params.recipient as Address,
    mint: params.mint,
    tokenProgram: params.tokenProgram,
  });
  const sourceAccount = source === null ? null : await tokenAccount(context, source);
  const payable = (account: { mint: string; owner: string } | null) =>
    account !== null && account.mint === params.mint && account.owner === params.recipient;
  if (source !== null && payable(sourceAccount)) return source;
  if (associated !== source && payable(await tokenAccount(context, associated))) return associated;
  if (source === null) {
    throw new RefundHeldError(
      "SOURCE_ACCOUNT_UNKNOWN",
      `no token account of ${params.mint} paid deposit ${params.depositTx}, and ${params.recipient} has no token account to refund into`,
    );
  }
  if (sourceAccount === null) {
    throw new RefundHeldError(
      "SOURCE_ACCOUNT_CLOSED",
      `token account ${source} that paid deposit ${params.depositTx} no longer exists, and ${params.recipient} has no other token account of ${params.mint}`,
    );
  }
  throw new RefundHeldError(
    "SOURCE_ACCOUNT_CHANGED",
    `account ${source} that paid deposit ${params.depositTx} is no longer a token account of ${params.mint} owned by ${params.recipient}`,
  );
}
