/**
 * Whether an SVM transaction swept a strict deposit address into the depository under the order id
 * for the depositor: a depository deposit (top level or by CPI) whose signing sender is the deposit
 * address of `(program, orderId, mint, depositor)`, naming that order id, depositor and mint, and
 * worth what the depository's vault (SOL) or the vault's token account (tokens) gained in the
 * transaction: measured, never the amount the instruction or its event states.
 */
import { base58 } from "@scure/base";
import type { Address } from "@solana/kit";
import { bytesToHex } from "viem";
import { SVM_NATIVE_TOKEN } from "../../svm/constants.ts";
import { findSvmProgramAddress } from "../../svm/program-address.ts";
import {
  decodeSvmDepositInstruction,
  SVM_DEPOSIT_ACCOUNTS,
  SVM_DEPOSITORY_PROGRAM,
} from "../depository-svm.ts";
import { DEFAULT_FINALITY } from "../leg-facts.ts";
import { parseOrderId } from "../signature.ts";
import { parseWireMessage } from "../svm-wire.ts";
import type { LegFinality, SvmLegEvidence, SvmLegTokenBalance } from "../verify-leg-types.ts";
import { predictSvmDepositAddress } from "./svm.ts";
import type { SvmDepositAddressParams } from "./types.ts";
import type {
  DepositAddressCheckCode,
  DepositAddressCheckFailure,
  DepositAddressVerification,
} from "./verify-types.ts";

const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;

/** The depository's vault, PDA `["vault"]` of the depository program. */
const VAULT = findSvmProgramAddress(
  [new TextEncoder().encode("vault")],
  SVM_DEPOSITORY_PROGRAM as Address,
).address;

/**
 * Checks that `evidence` (a transaction read with `getTransaction`, base64, inner instructions with
 * their accounts) swept the deposit address of `expected` into the depository under
 * `expected.orderId` for `expected.depositor`, and measures what the vault received. The result and its
 * codes are those of `verifyDepositAddressSweep` (no payment is checked: `paid` and `paymentTxHash` are null).
 * @param options.finality the commitment the transaction must have reached (default `finalized`).
 * @param options.minimumAmount the least the sweep must deposit (e.g. the quote's input amount).
 * @throws InvalidOrderIdError / InvalidAddressError for malformed `expected` (before anything is read).
 * @example
 * ```ts
 * const result = verifySvmDepositAddressSweep(evidence, { vm: "svm", program, orderId, mint, depositor });
 * if (!result.ok) console.log(result.failures[0].code);
 * ```
 */
export function verifySvmDepositAddressSweep(
  evidence: SvmLegEvidence,
  expected: SvmDepositAddressParams,
  options: { finality?: LegFinality; minimumAmount?: bigint | string } = {},
): DepositAddressVerification {
  const depositAddress = predictSvmDepositAddress(expected);
  const orderId = parseOrderId(expected.orderId);
  const minimum = options.minimumAmount === undefined ? null : BigInt(options.minimumAmount);
  const failures: DepositAddressCheckFailure[] = [];
  const fail = (code: DepositAddressCheckCode, message: string, want?: unknown, got?: unknown) =>
    failures.push({
      code,
      message,
      ...(want === undefined ? {} : { expected: String(want) }),
      ...(got === undefined ? {} : { actual: String(got) }),
    });
  const done = (deposited: bigint): DepositAddressVerification => ({
    ok: failures.length === 0,
    address: depositAddress,
    sweepTxHash: evidence.signature,
    paymentTxHash: null,
    deposited,
    paid: null,
    failures,
  });
  const { meta } = evidence.transaction;
  if (meta === null || meta.err !== null) {
    fail(
      "TX_FAILED",
      "the transaction failed: it deposited nothing",
      "success",
      JSON.stringify(meta?.err ?? null),
    );
    return done(0n);
  }
  let message: ReturnType<typeof parseWireMessage>;
  try {
    message = parseWireMessage(evidence.transaction.transaction[0]);
  } catch (error) {
    fail("TX_MALFORMED", `the transaction does not decode: ${(error as Error).message}`);
    return done(0n);
  }
  const required = options.finality?.commitment ?? DEFAULT_FINALITY.commitment;
  if (COMMITMENT_RANK[evidence.commitment] < COMMITMENT_RANK[required])
    fail(
      "TX_NOT_FINAL",
      "the transaction has not reached the required commitment",
      required,
      evidence.commitment,
    );

  const loaded = meta.loadedAddresses;
  const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const instructions = [
    ...message.instructions.map((i) => ({
      program: i.programIndex,
      accounts: i.accountIndices,
      data: i.data,
    })),
    ...(meta.innerInstructions ?? []).flatMap((entry) =>
      entry.instructions.map((i) => ({
        program: i.programIdIndex,
        accounts: i.accounts ?? [],
        data: base58.decode(i.data),
      })),
    ),
  ];
  const sweeps = instructions.flatMap((instruction) => {
    if (keys[instruction.program] !== SVM_DEPOSITORY_PROGRAM) return [];
    const accounts = instruction.accounts.map((index) => ({ pubkey: keys[index] ?? "" }));
    const deposit = decodeSvmDepositInstruction({
      programId: SVM_DEPOSITORY_PROGRAM,
      keys: accounts,
      data: bytesToHex(instruction.data),
    });
    return deposit !== null && accounts[SVM_DEPOSIT_ACCOUNTS.sender]?.pubkey === depositAddress
      ? [deposit]
      : [];
  });
  if (sweeps.length === 0) {
    fail(
      "DEPOSIT_NOT_FROM_ADDRESS",
      "no depository deposit in the transaction is paid by the deposit address",
      depositAddress,
    );
    return done(0n);
  }
  for (const sweep of sweeps) {
    if (sweep.id !== orderId)
      fail("NO_DEPOSIT_UNDER_ORDER", "the sweep deposits under another id", orderId, sweep.id);
    if (sweep.depositor !== expected.depositor)
      fail("DEPOSITOR_MISMATCH", "the sweep credits another depositor", expected.depositor, sweep.depositor);
    const currency = sweep.mint ?? SVM_NATIVE_TOKEN;
    if (currency !== expected.mint)
      fail("DEPOSIT_CURRENCY_MISMATCH", "the sweep deposits another currency", expected.mint, currency);
  }
  const gained = vaultGain(evidence, keys, expected.mint);
  if (gained <= 0n) {
    fail(
      "DEPOSIT_NOT_FROM_ADDRESS",
      "the deposit address's deposit moved nothing: the depository's vault gained nothing",
      "> 0",
      gained,
    );
    return done(0n);
  }
  if (minimum !== null && gained < minimum)
    fail("DEPOSIT_BELOW_MINIMUM", "the sweep deposited less than the minimum", `>= ${minimum}`, gained);
  return done(gained);
}

/** The vault's lamport change (SOL), or the change of its token balance for `mint`. */
function vaultGain(evidence: SvmLegEvidence, keys: readonly string[], mint: string): bigint {
  const meta = evidence.transaction.meta;
  if (meta === null) return 0n;
  if (mint === SVM_NATIVE_TOKEN) {
    const index = keys.indexOf(VAULT);
    return index < 0 ? 0n : BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
  }
  const held = (balances: readonly SvmLegTokenBalance[] | null | undefined) =>
    (balances ?? [])
      .filter((balance) => balance.owner === VAULT && balance.mint === mint)
      .reduce((sum, balance) => sum + BigInt(balance.uiTokenAmount.amount), 0n);
  return held(meta.postTokenBalances) - held(meta.preTokenBalances);
}
