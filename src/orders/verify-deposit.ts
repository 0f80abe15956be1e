/**
 * The deposit step of an order's quote, decoded and bound to the order: id, depositor, sender,
 * function chosen by the order's payment currency, currency and exact amount.
 */
import type { Hex } from "viem";
import { encodeOrderAddress } from "./address/index.ts";
import type { Fail } from "./check-failures.ts";
import { decodeEvmDepositCall } from "./depository-evm.ts";
import {
  decodeSvmDepositInstruction,
  type QuoteSvmInstruction,
  SVM_DEPOSIT_ACCOUNTS,
} from "./depository-svm.ts";
import type { ExpectedPayment } from "./step-items-evm.ts";
import type { StepLocation } from "./verify-quote-types.ts";

export type ExpectedDeposit = ExpectedPayment & {
  orderId: Hex;
  /** The quote's `orderId` when it differs from the recomputed one: a deposit under it is a consequence. */
  quotedOrderId: Hex | null;
};

function checkId(id: Hex, expected: ExpectedDeposit, location: StepLocation, fail: Fail) {
  if (id === expected.orderId) return;
  fail("DEPOSIT_ID_MISMATCH", "the deposit id is not the order id", {
    expected: expected.orderId,
    actual: id,
    location,
    causedBy: id === expected.quotedOrderId ? "ORDER_ID_MISMATCH" : undefined,
  });
}

/**
 * The id, depositor and function of a decoded deposit (`names`: the native and token function).
 * Returns false when the function does not suit the order's currency: nothing further can be compared.
 */
function checkBinding(
  deposit: { id: Hex; depositor: string; depositorBytes: Hex | null; native: boolean },
  names: readonly [native: string, token: string],
  expected: ExpectedDeposit,
  location: StepLocation,
  fail: Fail,
): boolean {
  checkId(deposit.id, expected, location, fail);
  if (deposit.depositorBytes !== expected.payer) {
    fail("DEPOSITOR_MISMATCH", "the deposit credits another depositor", {
      expected: expected.payer,
      actual: deposit.depositor,
      location,
    });
  }
  if (expected.native === deposit.native) return true;
  const name = (native: boolean) => (native ? names[0] : names[1]);
  fail("DEPOSIT_FUNCTION_MISMATCH", "the deposit function does not match the order's payment currency", {
    expected: name(expected.native),
    actual: name(deposit.native),
    location,
  });
  return false;
}

function checkAmount(
  amount: bigint,
  what: string,
  expected: ExpectedDeposit,
  location: StepLocation,
  fail: Fail,
) {
  if (amount !== expected.amount) {
    fail("DEPOSIT_AMOUNT_MISMATCH", `${what} is not the order's amount`, {
      expected: expected.amount,
      actual: amount,
      location,
    });
  }
}

export function checkEvmDeposit(
  item: Readonly<Record<string, unknown>>,
  location: StepLocation,
  expected: ExpectedDeposit,
  fail: Fail,
) {
  const evm = (value: unknown) => (value as string).toLowerCase();
  if (typeof item.from === "string" && evm(item.from) !== expected.payer) {
    fail("DEPOSIT_SENDER_MISMATCH", "the deposit transaction is sent by another account", {
      expected: expected.payer,
      actual: item.from,
      location,
    });
  }
  const call = decodeEvmDepositCall(item.data);
  if (call === null) {
    fail(
      "DEPOSIT_CALL_UNDECODABLE",
      "the deposit step's calldata is neither depositNative nor depositErc20",
      {
        location,
      },
    );
    return;
  }
  const value = typeof item.value === "string" && /^[0-9]+$/.test(item.value) ? BigInt(item.value) : 0n;
  const binding = {
    id: call.id,
    depositor: call.depositor,
    depositorBytes: call.depositor,
    native: call.kind === "native",
  };
  if (!checkBinding(binding, ["depositNative", "depositErc20"], expected, location, fail)) return;
  if (call.kind === "native") {
    checkAmount(value, "the native value", expected, location, fail);
    return;
  }
  if (call.token !== expected.currency) {
    fail("DEPOSIT_CURRENCY_MISMATCH", "the deposited token is not the order's currency", {
      expected: expected.currency,
      actual: call.token,
      location,
    });
  }
  checkAmount(call.amount, "the token amount", expected, location, fail);
  if (value !== 0n)
    fail("DEPOSIT_VALUE_NOT_ZERO", "an ERC-20 deposit sends native value", {
      expected: 0n,
      actual: value,
      location,
    });
}

function svmBytes(address: string | undefined): Hex | null {
  try {
    return encodeOrderAddress(address as string, "solana-vm");
  } catch {
    return null;
  }
}

export function checkSvmDeposit(
  instruction: QuoteSvmInstruction,
  location: StepLocation,
  expected: ExpectedDeposit,
  fail: Fail,
) {
  const deposit = decodeSvmDepositInstruction(instruction);
  if (deposit === null) {
    fail(
      "DEPOSIT_CALL_UNDECODABLE",
      "the depository instruction is neither deposit_native nor deposit_token (discriminator or layout)",
      { location },
    );
    return;
  }
  const sender = instruction.keys[SVM_DEPOSIT_ACCOUNTS.sender]?.pubkey;
  if (svmBytes(sender) !== expected.payer) {
    fail("DEPOSIT_SENDER_MISMATCH", "the deposit is paid from another account than the payer", {
      expected: expected.payer,
      actual: sender,
      location,
    });
  }
  const binding = {
    id: deposit.id,
    depositor: deposit.depositor,
    depositorBytes: svmBytes(deposit.depositor),
    native: deposit.kind === "native",
  };
  if (!checkBinding(binding, ["deposit_native", "deposit_token"], expected, location, fail)) return;
  if (deposit.kind === "token" && svmBytes(deposit.mint ?? undefined) !== expected.currency) {
    fail("DEPOSIT_CURRENCY_MISMATCH", "the deposited mint is not the order's currency", {
      expected: expected.currency,
      actual: deposit.mint,
      location,
    });
  }
  checkAmount(deposit.amount, "the deposited amount", expected, location, fail);
}
