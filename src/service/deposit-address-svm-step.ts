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
import { SVM_NATIVE_TOKEN } from "../svm/constants.ts";
import { buildSvmDeposit, type SvmDeposit, TOKEN_PROGRAM } from "./svm-route.ts";

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
