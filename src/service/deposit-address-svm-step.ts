/**
 * The deposit step of an SVM deposit-address quote: a plain payment to the address, built as the
 * SDK's SVM adapter executes it (instructions, plus the compiled transaction the 1232-byte gate
 * measured). SOL: a system transfer to the address. A token: the address's associated token
 * account created if missing (idempotent, paid by the user, as a wallet's send does), then a
 * `Transfer` into it: the sweep drains that account.
 */
import type { Address, Instruction, TransactionSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferInstruction,
} from "@solana-program/token";
import type { Hex } from "viem";
import type { QuoteStep } from "../schemas/index.ts";
import { SVM_NATIVE_TOKEN } from "../svm/constants.ts";
import { badRequest } from "./errors.ts";
import { buildSvmDeposit, type SvmDeposit, TOKEN_PROGRAM } from "./svm-route.ts";
import type { ValidatedQuote } from "./validated-quote.ts";

export interface SvmDepositAddressPayment {
  requestId: string;
  /** The payer (the quote's user). */
  user: string;
  /** The deposit address. */
  address: string;
  /** The native constant or a mint. */
  currency: string;
  amount: bigint;
  destinationChainId: number;
  destinationCurrency: string;
  /** The mint's token program (default SPL Token). */
  tokenProgram?: string;
  blockhash?: string;
}

/** The payment's instructions, signed by `user`. */
async function paymentInstructions(
  p: SvmDepositAddressPayment,
  user: TransactionSigner,
): Promise<Instruction[]> {
  const address = p.address as Address;
  if (p.currency === SVM_NATIVE_TOKEN) {
    return [getTransferSolInstruction({ source: user, destination: address, amount: p.amount })];
  }
  const mint = p.currency as Address;
  const tokenProgram = (p.tokenProgram ?? TOKEN_PROGRAM) as Address;
  const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
  const destination = await ata(address);
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: user,
      ata: destination,
      owner: address,
      mint,
      tokenProgram,
    }),
    getTransferInstruction(
      { source: await ata(user.address), destination, authority: user, amount: p.amount },
      { programAddress: tokenProgram },
    ),
  ];
}

/** The payment as a quote step's transaction: no route (a plain transfer), under the size gate. */
export function buildSvmDepositAddressPayment(p: SvmDepositAddressPayment): Promise<SvmDeposit> {
  return buildSvmDeposit({
    requestId: p.requestId,
    user: p.user,
    originCurrency: p.currency,
    destinationChainId: p.destinationChainId,
    destinationCurrency: p.destinationCurrency,
    amount: p.amount,
    solver: p.address,
    maxRouteLength: 0,
    ...(p.blockhash === undefined ? {} : { blockhash: p.blockhash }),
    deposit: (user) => paymentInstructions(p, user),
  });
}

/**
 * Lamports an account without data must hold (mainnet rent: 3,480 lamports per byte-year, two
 * years, 128 bytes of account overhead). A first SOL payment below it into a deposit address (an
 * empty account) fails on chain, so such a quote is refused.
 */
export const SVM_EMPTY_ACCOUNT_RENT = 890_880n;

/** What the step needs of the quoting context (`QuoteContext`). */
export interface SvmDepositAddressStepContext {
  svmLatestBlockhash?: () => Promise<string>;
  svmTokenProgram?: (mint: string) => Promise<string | null>;
}

/**
 * The deposit step of an SVM deposit-address quote: pay `address` by a plain transfer.
 * @throws AMOUNT_TOO_LOW (400) for a SOL amount below an empty account's rent.
 */
export async function svmDepositAddressStep(
  ctx: SvmDepositAddressStepContext,
  q: ValidatedQuote,
  requestId: Hex,
  address: string,
): Promise<QuoteStep> {
  const native = q.originCurrency === SVM_NATIVE_TOKEN;
  if (native && q.amount < SVM_EMPTY_ACCOUNT_RENT) {
    throw badRequest(
      "AMOUNT_TOO_LOW",
      `a SOL payment of ${q.amount} lamports into a deposit address (an empty account) fails below its rent-exempt minimum of ${SVM_EMPTY_ACCOUNT_RENT} lamports`,
    );
  }
  const blockhash = await ctx.svmLatestBlockhash?.();
  const tokenProgram = native ? null : ((await ctx.svmTokenProgram?.(q.originCurrency)) ?? null);
  const built = await buildSvmDepositAddressPayment({
    requestId,
    user: q.user,
    address,
    currency: q.originCurrency,
    amount: q.amount,
    destinationChainId: q.body.destinationChainId,
    destinationCurrency: q.destinationCurrency,
    ...(tokenProgram === null ? {} : { tokenProgram }),
    ...(blockhash === undefined ? {} : { blockhash }),
  });
  return {
    id: "deposit",
    action: "Send funds to the deposit address",
    description: "A plain transfer to the deposit address: no program call",
    kind: "transaction",
    requestId,
    depositAddress: address,
    items: [
      {
        status: "incomplete",
        data: {
          from: q.user,
          to: address,
          chainId: q.body.originChainId,
          transaction: built.transaction,
          transactionSize: built.size,
          route: built.route,
          instructions: built.instructions,
          addressLookupTableAddresses: [],
        },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  };
}
