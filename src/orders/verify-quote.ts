import type { Hex } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { encodeOrderAddress } from "./address/index.ts";
import { type OrderChain, orderChainsFromChains } from "./chains.ts";
import { decodeEvmDepositCall } from "./depository-evm.ts";
import { decodeSvmDepositInstruction, type QuoteSvmInstruction } from "./depository-svm.ts";
import { encodeOrder } from "./encode-order.ts";
import { hashEncodedOrder } from "./order-id.ts";
import { recoverOrderSigner } from "./signature.ts";
import type { EncodedOrder } from "./types.ts";
import type {
  OrderCheckCode,
  OrderCheckFailure,
  OrderPolicy,
  QuoteOrderVerification,
  VerifyQuoteOrderOptions,
} from "./verify-quote-types.ts";
import { NATIVE_CURRENCY } from "./vm-types.ts";

type StepItemData = {
  from?: unknown;
  to?: unknown;
  chainId?: unknown;
  data?: unknown;
  value?: unknown;
  instructions?: unknown;
};

/**
 * Checks a quote's `protocol.v2` block the way the service's docs ask
 * integrators to, and the caller's policy on top: the order id recomputed from
 * the order data; the solver's signature; the depository taken from GET
 * /chains (never from the quote); the step that pays it, decoded
 * (`depositNative` / `depositErc20`, or the SVM `deposit_native` /
 * `deposit_token` instruction) with id = order id, depositor = the expected
 * payer, the function chosen by the order's payment currency and the exact
 * amount; `output.deadline` with a margin; accepted recipients and the minimum
 * output (from `minimumAmount`, never `expectedAmount`).
 *
 * Returns every failed check as a typed reason. Throws only for caller bugs:
 * a malformed `chains`, `expectedPayer`, `solver` or policy.
 */
export async function verifyQuoteOrder(
  quote: unknown,
  options: VerifyQuoteOrderOptions,
): Promise<QuoteOrderVerification> {
  const chains = Array.isArray(options.chains)
    ? (options.chains as OrderChain[])
    : orderChainsFromChains(options.chains);
  const vmTypes = Object.fromEntries(chains.map((chain) => [chain.protocolChainId, chain.vmType]));
  const solver = encodeOrderAddress(options.solver, "ethereum-vm");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const failures: OrderCheckFailure[] = [];
  const fail = (code: OrderCheckCode, message: string, expected?: unknown, actual?: unknown) =>
    failures.push({
      code,
      message,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
    });
  const result = (orderId: Hex | null, paymentChain: OrderChain | null): QuoteOrderVerification => ({
    ok: failures.length === 0,
    orderId,
    failures,
    paymentChain,
  });

  const v2 = (quote as { protocol?: { v2?: unknown } } | null)?.protocol?.v2 as
    | { orderId?: unknown; orderData?: unknown; orderSignature?: unknown; paymentDetails?: unknown }
    | undefined;
  if (v2 === undefined || v2 === null || typeof v2 !== "object") {
    fail(
      "QUOTE_NO_PROTOCOL_DATA",
      "the quote has no protocol.v2 block (request it with includeProtocolData: true)",
    );
    return result(null, null);
  }

  let encoded: EncodedOrder;
  try {
    encoded = encodeOrder(v2.orderData, vmTypes);
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    fail("ORDER_UNENCODABLE", `the order cannot be encoded: ${error.message}`, undefined, error.code);
    return result(null, null);
  }
  const orderId = hashEncodedOrder(encoded);
  if (typeof v2.orderId !== "string" || v2.orderId.toLowerCase() !== orderId) {
    fail("ORDER_ID_MISMATCH", "protocol.v2.orderId is not the id of the order data", orderId, v2.orderId);
  }
  if (encoded.solver.toLowerCase() !== solver) {
    fail("ORDER_SOLVER_MISMATCH", "the order names another solver", solver, encoded.solver);
  }
  await checkSignature(orderId, v2.orderSignature, solver, fail);

  const paymentChain = checkPayment(
    encoded,
    orderId,
    v2.paymentDetails,
    chains,
    options.expectedPayer,
    quote,
    fail,
  );
  checkOutput(encoded, vmTypes[encoded.output.chainId], now, options.policy ?? {}, fail);
  return result(orderId, paymentChain);
}

type Fail = (code: OrderCheckCode, message: string, expected?: unknown, actual?: unknown) => void;

async function checkSignature(orderId: Hex, signature: unknown, solver: Hex, fail: Fail) {
  try {
    const signer = await recoverOrderSigner({ orderId, signature: signature as string });
    if (signer.toLowerCase() !== solver)
      fail("SIGNER_NOT_SOLVER", "the order was not signed by the solver", solver, signer);
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    fail(
      "SIGNATURE_INVALID",
      `orderSignature is not a valid signature: ${error.message}`,
      undefined,
      error.code,
    );
  }
}

/** Finds the input paid on the payment chain, the canonical depository and the step paying it, and checks the deposit. */
function checkPayment(
  order: EncodedOrder,
  orderId: Hex,
  details: unknown,
  chains: readonly OrderChain[],
  expectedPayer: string,
  quote: unknown,
  fail: Fail,
): OrderChain | null {
  const paymentChainId = (details as { chainId?: unknown } | null)?.chainId;
  const inputs = order.inputs.filter((input) => input.payment.chainId === paymentChainId);
  if (inputs.length !== 1) {
    fail(
      inputs.length === 0 ? "PAYMENT_INPUT_MISSING" : "PAYMENT_INPUT_AMBIGUOUS",
      `the order has ${inputs.length} inputs on the payment chain ${describeValue(paymentChainId)}, expected 1`,
    );
    return null;
  }
  const payment = (inputs[0] as EncodedOrder["inputs"][number]).payment;
  const chain = chains.find((entry) => entry.protocolChainId === payment.chainId);
  if (chain === undefined) {
    fail("DEPOSITORY_UNKNOWN", `GET /chains names no depository for ${describeValue(payment.chainId)}`);
    return null;
  }
  const payer = encodeOrderAddress(expectedPayer, chain.vmType);
  const quoted = details as { depository?: unknown; currency?: unknown; amount?: unknown };
  if (!sameAddress(quoted.depository, chain.depository, chain)) {
    fail(
      "DEPOSITORY_MISMATCH",
      "paymentDetails.depository is not the chain's canonical depository",
      chain.depository,
      quoted.depository,
    );
  }
  if (
    !sameAddressBytes(quoted.currency, payment.currency, chain) ||
    quoted.amount !== payment.amount.toString()
  ) {
    fail(
      "PAYMENT_DETAILS_MISMATCH",
      "paymentDetails does not match the order's input payment (the order is what was signed)",
      `${payment.currency} ${payment.amount}`,
      `${describeValue(quoted.currency)} ${describeValue(quoted.amount)}`,
    );
  }
  const items = depositItems(quote, chain);
  if (items.length !== 1) {
    fail(
      items.length === 0 ? "DEPOSIT_STEP_MISSING" : "DEPOSIT_STEP_AMBIGUOUS",
      `${items.length} step items pay the depository ${chain.depository} on chain ${chain.id}, expected 1`,
    );
    return chain;
  }
  const native = payment.currency === encodeOrderAddress(NATIVE_CURRENCY[chain.vmType], chain.vmType);
  const expected = { orderId, payer, native, payment };
  if (chain.vmType === "solana-vm") checkSvmDeposit(items[0] as QuoteSvmInstruction, expected, fail);
  else checkEvmDeposit(items[0] as StepItemData, expected, fail);
  return chain;
}

type ExpectedDeposit = {
  orderId: Hex;
  payer: Hex;
  native: boolean;
  payment: EncodedOrder["inputs"][number]["payment"];
};

function checkEvmDeposit(item: StepItemData, expected: ExpectedDeposit, fail: Fail) {
  const { orderId } = expected;
  if (typeof item.from === "string" && item.from.toLowerCase() !== expected.payer) {
    fail(
      "DEPOSIT_SENDER_MISMATCH",
      "the deposit transaction is sent by another account",
      expected.payer,
      item.from,
    );
  }
  const call = decodeEvmDepositCall(item.data);
  if (call === null) {
    fail("DEPOSIT_CALL_UNDECODABLE", "the deposit step's calldata is neither depositNative nor depositErc20");
    return;
  }
  const value = typeof item.value === "string" && /^[0-9]+$/.test(item.value) ? BigInt(item.value) : 0n;
  if (call.id.toLowerCase() !== orderId)
    fail("DEPOSIT_ID_MISMATCH", "the deposit id is not the order id", orderId, call.id);
  if (call.depositor !== expected.payer) {
    fail("DEPOSITOR_MISMATCH", "the deposit credits another depositor", expected.payer, call.depositor);
  }
  if (expected.native !== (call.kind === "native")) {
    fail(
      "DEPOSIT_FUNCTION_MISMATCH",
      "the deposit function does not match the order's payment currency",
      expected.native ? "depositNative" : "depositErc20",
      call.kind === "native" ? "depositNative" : "depositErc20",
    );
    return;
  }
  if (call.kind === "native") {
    if (value !== expected.payment.amount) {
      fail(
        "DEPOSIT_AMOUNT_MISMATCH",
        "the native value is not the order's amount",
        expected.payment.amount,
        value,
      );
    }
    return;
  }
  if (call.token.toLowerCase() !== expected.payment.currency) {
    fail(
      "DEPOSIT_CURRENCY_MISMATCH",
      "the deposited token is not the order's currency",
      expected.payment.currency,
      call.token,
    );
  }
  if (call.amount !== expected.payment.amount) {
    fail(
      "DEPOSIT_AMOUNT_MISMATCH",
      "the token amount is not the order's amount",
      expected.payment.amount,
      call.amount,
    );
  }
  if (value !== 0n) fail("DEPOSIT_VALUE_NOT_ZERO", "an ERC-20 deposit sends native value", 0n, value);
}

function checkSvmDeposit(instruction: QuoteSvmInstruction, expected: ExpectedDeposit, fail: Fail) {
  const { orderId } = expected;
  const deposit = decodeSvmDepositInstruction(instruction);
  if (deposit === null) {
    fail(
      "DEPOSIT_CALL_UNDECODABLE",
      "the depository instruction is neither deposit_native nor deposit_token (discriminator or layout)",
    );
    return;
  }
  if (deposit.id !== orderId)
    fail("DEPOSIT_ID_MISMATCH", "the deposit id is not the order id", orderId, deposit.id);
  if (encodeSvm(deposit.depositor) !== expected.payer) {
    fail("DEPOSITOR_MISMATCH", "the deposit credits another depositor", expected.payer, deposit.depositor);
  }
  if (expected.native !== (deposit.kind === "native")) {
    fail(
      "DEPOSIT_FUNCTION_MISMATCH",
      "the deposit instruction does not match the order's payment currency",
      expected.native ? "deposit_native" : "deposit_token",
      `deposit_${deposit.kind}`,
    );
    return;
  }
  if (deposit.kind === "token" && encodeSvm(deposit.mint as string) !== expected.payment.currency) {
    fail(
      "DEPOSIT_CURRENCY_MISMATCH",
      "the deposited mint is not the order's currency",
      expected.payment.currency,
      deposit.mint,
    );
  }
  if (deposit.amount !== expected.payment.amount) {
    fail(
      "DEPOSIT_AMOUNT_MISMATCH",
      "the deposited amount is not the order's amount",
      expected.payment.amount,
      deposit.amount,
    );
  }
}

function encodeSvm(address: string): Hex | null {
  try {
    return encodeOrderAddress(address, "solana-vm");
  } catch {
    return null;
  }
}

/** Step items that pay the chain's depository: EVM transactions to it, SVM instructions of its program. */
function depositItems(quote: unknown, chain: OrderChain): unknown[] {
  const steps = (quote as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  const found: unknown[] = [];
  for (const step of steps) {
    const items = (step as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const data = (item as { data?: StepItemData } | null)?.data;
      if (data === undefined || data === null || data.chainId !== chain.id) continue;
      if (chain.vmType === "solana-vm") {
        if (!Array.isArray(data.instructions)) continue;
        for (const instruction of data.instructions as QuoteSvmInstruction[]) {
          if (instruction?.programId === chain.depository) found.push(instruction);
        }
      } else if (sameAddress(data.to, chain.depository, chain)) {
        found.push(data);
      }
    }
  }
  return found;
}

function sameAddressBytes(value: unknown, bytes: Hex, chain: OrderChain): boolean {
  try {
    return encodeOrderAddress(value as string, chain.vmType) === bytes;
  } catch {
    return false;
  }
}

function sameAddress(value: unknown, address: string, chain: OrderChain): boolean {
  try {
    return sameAddressBytes(value, encodeOrderAddress(address, chain.vmType), chain);
  } catch {
    return false;
  }
}

function checkOutput(
  order: EncodedOrder,
  vmType: Parameters<typeof encodeOrderAddress>[1] | undefined,
  now: number,
  policy: OrderPolicy,
  fail: Fail,
) {
  const margin = policy.deadlineMarginSeconds ?? 0;
  if (order.output.deadline <= now) {
    fail("DEADLINE_PASSED", "output.deadline has passed", `> ${now}`, order.output.deadline);
  } else if (order.output.deadline < now + margin) {
    fail(
      "DEADLINE_TOO_CLOSE",
      `output.deadline is less than ${margin} s away`,
      `>= ${now + margin}`,
      order.output.deadline,
    );
  }
  if (vmType === undefined) return;
  const accepted =
    policy.acceptedRecipients === undefined
      ? null
      : new Set(policy.acceptedRecipients.map((recipient) => encodeOrderAddress(recipient, vmType)));
  for (const [index, payment] of order.output.payments.entries()) {
    if (accepted !== null && !accepted.has(payment.recipient)) {
      fail(
        "RECIPIENT_NOT_ACCEPTED",
        `output.payments[${index}] pays a recipient outside the accepted list`,
        undefined,
        payment.recipient,
      );
    }
  }
  if (policy.minimumOutput !== undefined) {
    const currency = encodeOrderAddress(policy.minimumOutput.currency, vmType);
    const minimum = BigInt(policy.minimumOutput.amount);
    const guaranteed = order.output.payments
      .filter(
        (payment) => payment.currency === currency && (accepted === null || accepted.has(payment.recipient)),
      )
      .reduce((sum, payment) => sum + payment.minimumAmount, 0n);
    if (guaranteed < minimum) {
      fail(
        "OUTPUT_BELOW_MINIMUM",
        "the order guarantees less output than the policy's minimum",
        minimum,
        guaranteed,
      );
    }
  }
}
