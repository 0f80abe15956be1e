/**
 * Strict deposit addresses on an SVM chain (`DepositAddressChain`): the deposit-address program's
 * PDAs `["deposit_address", orderId, mint, depositor]`, what was paid into them, and their sweep
 * into the depository. Tokens are watched on the deposit address's associated token account (where
 * wallets send them, and what the sweep drains). The sweep is signed and paid by a sweeper of its
 * own, never the solver: the indexer skips the solver's own transactions.
 */
import type { Address, Instruction, KeyPairSigner, Rpc, Signature, SolanaRpcApi } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import type { Hex } from "viem";
import { predictSvmDepositAddress } from "../../orders/deposit-address/svm.ts";
import { getSvmSweepInstruction } from "../../orders/deposit-address/svm-sweep.ts";
import { SVM_NATIVE_TOKEN } from "../../svm/constants.ts";
import { svmTransferPayer } from "./svm-payers.ts";
import type { DepositAddressChain, DepositAddressKey, DepositAddressPayment } from "./types.ts";

export interface SvmDepositAddressOptions {
  /** The deposit-address program. */
  program: Address;
  /** Signs and pays sweeps (and the vault's token account the first time a mint is swept). */
  sweeper: KeyPairSigner;
}

/** What the SVM adapter lends the deposit addresses: its RPC and how it reads and sends. */
export interface SvmDepositAddressContext {
  rpc: Rpc<SolanaRpcApi>;
  commitment: "confirmed" | "finalized";
  abortSignal: AbortSignal;
  /** The mint's token program, or null when it is not a mint. */
  tokenProgramOf(mint: string): Promise<string | null>;
  /** Successful transactions mentioning `address` in slots `from..to`. */
  signaturesIn(address: Address, from: number, to: number): Promise<[Signature, number][]>;
  /** Sends `instructions` paid and signed by `payer`, resolving once included. */
  send(instructions: Instruction[], payer: KeyPairSigner): Promise<{ txHash: string; block: number }>;
}

export function createSvmDepositAddresses(
  options: SvmDepositAddressOptions,
  context: SvmDepositAddressContext,
): DepositAddressChain {
  const { rpc, commitment, abortSignal } = context;
  const addressOf = (key: DepositAddressKey): Address =>
    predictSvmDepositAddress({
      vm: "svm",
      program: options.program,
      orderId: key.orderId as Hex,
      mint: key.currency,
      depositor: key.depositor,
    });

  /** Where `key`'s currency is held: the address itself (SOL) or its associated token account. */
  async function holder(key: DepositAddressKey): Promise<{ account: Address; tokenProgram: string | null }> {
    const address = addressOf(key);
    if (key.currency === SVM_NATIVE_TOKEN) return { account: address, tokenProgram: null };
    const tokenProgram = await context.tokenProgramOf(key.currency);
    if (tokenProgram === null) throw new Error(`${key.currency} is not a mint on this chain`);
    const [account] = await findAssociatedTokenPda({
      owner: address,
      mint: key.currency as Address,
      tokenProgram: tokenProgram as Address,
    });
    return { account, tokenProgram };
  }

  async function balanceOf(key: DepositAddressKey): Promise<bigint> {
    const { account, tokenProgram } = await holder(key);
    if (tokenProgram === null)
      return (await rpc.getBalance(account, { commitment }).send({ abortSignal })).value;
    const { value } = await rpc
      .getAccountInfo(account, { commitment, encoding: "base64" })
      .send({ abortSignal });
    if (value === null) return 0n;
    const data = Buffer.from(value.data[0], "base64");
    return data.length >= 72 ? data.readBigUInt64LE(64) : 0n;
  }

  async function paymentsTo(
    key: DepositAddressKey,
    from: number,
    to: number,
  ): Promise<DepositAddressPayment[]> {
    const address = addressOf(key);
    const { account } = await holder(key);
    const payments: DepositAddressPayment[] = [];
    for (const [signature, slot] of (await context.signaturesIn(account, from, to)).sort(
      (a, b) => a[1] - b[1],
    )) {
      const tx = await rpc
        .getTransaction(signature, { commitment, encoding: "json", maxSupportedTransactionVersion: 0 })
        .send({ abortSignal });
      if (tx === null || tx.meta === null || tx.meta.err !== null) continue;
      const keys = [
        ...tx.transaction.message.accountKeys,
        ...(tx.meta.loadedAddresses?.writable ?? []),
        ...(tx.meta.loadedAddresses?.readonly ?? []),
      ] as string[];
      const meta = {
        accountKeys: keys,
        preBalances: tx.meta.preBalances,
        postBalances: tx.meta.postBalances,
        preTokenBalances: tx.meta.preTokenBalances ?? [],
        postTokenBalances: tx.meta.postTokenBalances ?? [],
        fee: tx.meta.fee,
      };
      const index = keys.indexOf(account);
      const change =
        key.currency === SVM_NATIVE_TOKEN
          ? BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0)
          : tokenAmount(meta.postTokenBalances, index) - tokenAmount(meta.preTokenBalances, index);
      if (change <= 0n) continue;
      const payer = svmTransferPayer(meta as never, address, key.currency, SVM_NATIVE_TOKEN);
      payments.push({ txHash: signature, block: slot, from: payer ?? keys[0]!, amount: change });
    }
    return payments;
  }

  async function sweep(key: DepositAddressKey): Promise<{ txHash: string; block: number }> {
    const tokenProgram =
      key.currency === SVM_NATIVE_TOKEN ? null : await context.tokenProgramOf(key.currency);
    const instruction = await getSvmSweepInstruction({
      program: options.program,
      orderId: key.orderId as Hex,
      mint: key.currency,
      depositor: key.depositor,
      sweeper: options.sweeper,
      ...(tokenProgram === null ? {} : { tokenProgram }),
    });
    return context.send([instruction], options.sweeper);
  }

  return { contracts: { depositAddressProgram: options.program }, addressOf, balanceOf, paymentsTo, sweep };
}

function tokenAmount(
  balances: readonly { accountIndex: number; uiTokenAmount: { amount: string } }[],
  index: number,
): bigint {
  return BigInt(balances.find((balance) => balance.accountIndex === index)?.uiTokenAmount.amount ?? 0);
}
