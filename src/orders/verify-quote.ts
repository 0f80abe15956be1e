import type { Hex } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { encodeOrderAddress } from "./address/index.ts";
import { type OrderChain, orderChainsFromChains } from "./chains.ts";
import { type Fail, failureCollector } from "./check-failures.ts";
import type { QuoteSvmInstruction } from "./depository-svm.ts";
import { encodeOrder } from "./encode-order.ts";
import { hashEncodedOrder } from "./order-id.ts";
import { readPolicy } from "./order-policy.ts";
import { quoteItems, svmItemInstructions } from "./quote-items.ts";
import { type QuoteTerms, quoteTermsOf } from "./quote-terms.ts";
import { recoverOrderSigner } from "./signature.ts";
import { classifyEvmItem } from "./step-items-evm.ts";
import { classifySvmInstruction, svmPriorityFeeLamports } from "./step-items-svm.ts";
import { ORDER_VERSIONS } from "./typed-data.ts";
import type { AnyEncodedOrder } from "./types.ts";
import { checkEvmDeposit, checkSvmDeposit, type ExpectedDeposit } from "./verify-deposit.ts";
import { checkDeadline, checkOutput, checkRefunds } from "./verify-output.ts";
import { checkFillAgainstDetails } from "./verify-quote-fill.ts";
import type {
  OrderPolicy,
  QuoteOrderVerification,
  StepLocation,
  VerifyQuoteOrderOptions,
} from "./verify-quote-types.ts";
import { NATIVE_CURRENCY } from "./vm-types.ts";

/**
 * Checks a quote's `protocol.v2` block the way the service's docs ask
 * integrators to, and the caller's policy on top, for every order version
 * (`"v1"`, `"v2"`): the order id recomputed from the order data; the solver's
 * signature and the solver (v1) or relayer (v2) the order names; the depository taken from GET
 * /chains (never from the quote); every step item, each either the deposit,
 * proved harmless (an exact approval of the order's token to the depository on
 * EVM; compute-budget instructions and the payer's own idempotent associated
 * token account on SVM) or refused with `UNEXPECTED_STEP_ITEM`; the deposit
 * decoded (`depositNative` / `depositErc20`, or the SVM `deposit_native` /
 * `deposit_token` instruction) with id = order id, depositor = the expected
 * payer, the function chosen by the order's payment currency and the exact
 * amount; refunds to the payer (or `policy.refundRecipients`);
 * the deadline (v1 `output.deadline`, v2 `deadline`, valid through its last
 * second) with a margin; the output chain, accepted recipients and the minimum
 * output (from `minimumAmount`, never v1's `expectedAmount` nor v2's
 * `withdraw`) on that chain; for v2, the fill's currency, recipient and minimum
 * against the quote's `details`, and its calls against `policy.fillCalls`.
 *
 * Returns every failed check as a typed reason, root causes first; a failure
 * that follows from another names it in `causedBy`. Throws only for caller
 * bugs: a malformed `chains`, `expectedPayer`, `solver` or policy.
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
  const relayer = options.relayer === undefined ? solver : encodeOrderAddress(options.relayer, "ethereum-vm");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const policy = options.policy ?? {};
  const { refundRecipients, maxPriorityFeeLamports, fillCalls } = readPolicy(policy);
  const failures = failureCollector();
  const { fail } = failures;
  const result = (orderId: Hex | null, paymentChain: OrderChain | null): QuoteOrderVerification => {
    const list = failures.list();
    return { ok: list.length === 0, orderId, failures: list, paymentChain };
  };

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

  let encoded: AnyEncodedOrder;
  try {
    encoded = encodeOrder(v2.orderData, vmTypes, { versions: ORDER_VERSIONS });
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    fail("ORDER_UNENCODABLE", `the order cannot be encoded: ${error.message}`, { actual: error.code });
    return result(null, null);
  }
  const orderId = hashEncodedOrder(encoded);
  const quotedId =
    typeof v2.orderId === "string" && /^0x[0-9a-fA-F]{64}$/.test(v2.orderId)
      ? (v2.orderId.toLowerCase() as Hex)
      : null;
  const changedId = quotedId !== orderId ? quotedId : null;
  if (quotedId !== orderId) {
    fail("ORDER_ID_MISMATCH", "protocol.v2.orderId is not the id of the order data", {
      expected: orderId,
      actual: v2.orderId,
    });
  }
  const terms = quoteTermsOf(encoded);
  const filler = terms.filler.member === "solver" ? solver : relayer;
  if (terms.filler.address.toLowerCase() !== filler) {
    fail("ORDER_SOLVER_MISMATCH", `the order names another ${terms.filler.member}`, {
      expected: filler,
      actual: terms.filler.address,
    });
  }
  await checkSignature(orderId, changedId, v2.orderSignature, solver, fail);

  const paymentChain = checkPayment({
    terms,
    expectedId: { orderId, quotedOrderId: changedId },
    details: v2.paymentDetails,
    chains,
    expectedPayer: options.expectedPayer,
    quote,
    maxPriorityFee: maxPriorityFeeLamports,
    input: policy.input,
    fail,
  });
  if (paymentChain !== null) {
    const payer = { address: options.expectedPayer, vmType: paymentChain.vmType };
    checkRefunds(terms, vmTypes, payer, refundRecipients, fail);
  }
  checkDeadline(terms, now, policy, fail);
  checkOutput(terms, chains, vmTypes[terms.output.chainId], policy, fail);
  const outputChain = chains.find((chain) => chain.protocolChainId === terms.output.chainId);
  if (terms.fill !== null && outputChain !== undefined) {
    checkFillAgainstDetails(
      terms.fill,
      (quote as { details?: unknown }).details,
      outputChain,
      fillCalls,
      fail,
    );
  }
  return result(orderId, paymentChain);
}

/**
 * The solver must have signed the recomputed id. When it signed the quote's own id instead, the
 * signature is sound and the order data changed after signing: the failure derives from the id's.
 */
async function checkSignature(
  orderId: Hex,
  changedId: Hex | null,
  signature: unknown,
  solver: Hex,
  fail: Fail,
) {
  const recover = (id: Hex) => recoverOrderSigner({ orderId: id, signature: signature as string });
  try {
    const signer = await recover(orderId);
    if (signer.toLowerCase() === solver) return;
    const signedQuotedId = changedId !== null && (await recover(changedId)).toLowerCase() === solver;
    fail("SIGNER_NOT_SOLVER", "the order was not signed by the solver", {
      expected: solver,
      actual: signer,
      causedBy: signedQuotedId ? "ORDER_ID_MISMATCH" : undefined,
    });
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    fail("SIGNATURE_INVALID", `orderSignature is not a valid signature: ${error.message}`, {
      actual: error.code,
    });
  }
}

type PaymentCheck = {
  terms: QuoteTerms;
  expectedId: Pick<ExpectedDeposit, "orderId" | "quotedOrderId">;
  details: unknown;
  chains: readonly OrderChain[];
  expectedPayer: string;
  quote: unknown;
  maxPriorityFee: bigint;
  input: OrderPolicy["input"];
  fail: Fail;
};

/** Finds the input paid on the payment chain and its canonical depository, then checks every step item. */
function checkPayment(check: PaymentCheck): OrderChain | null {
  const { terms, details, chains, fail } = check;
  const paymentChainId = (details as { chainId?: unknown } | null)?.chainId;
  const inputs = terms.inputs.filter((input) => input.chainId === paymentChainId);
  if (inputs.length !== 1) {
    fail(
      inputs.length === 0 ? "PAYMENT_INPUT_MISSING" : "PAYMENT_INPUT_AMBIGUOUS",
      `the order has ${inputs.length} inputs on the payment chain ${describeValue(paymentChainId)}, expected 1`,
    );
    return null;
  }
  const payment = inputs[0] as QuoteTerms["inputs"][number];
  const chain = chains.find((entry) => entry.protocolChainId === payment.chainId);
  if (chain === undefined) {
    fail("DEPOSITORY_UNKNOWN", `GET /chains names no depository for ${describeValue(payment.chainId)}`);
    return null;
  }
  if (check.input !== undefined) checkInput(check.input, payment, chain, fail);
  const quoted = details as { depository?: unknown; currency?: unknown; amount?: unknown };
  // A quote naming another depository: the steps that pay it are refused as a consequence.
  const fakeDepository = sameAddress(quoted.depository, chain.depository, chain)
    ? null
    : { address: quoted.depository };
  if (fakeDepository !== null) {
    fail("DEPOSITORY_MISMATCH", "paymentDetails.depository is not the chain's canonical depository", {
      expected: chain.depository,
      actual: quoted.depository,
    });
  }
  if (
    !sameAddressBytes(quoted.currency, payment.currency, chain) ||
    quoted.amount !== payment.amount.toString()
  ) {
    fail(
      "PAYMENT_DETAILS_MISMATCH",
      "paymentDetails does not match the order's input payment (the order is what was signed)",
      {
        expected: `${payment.currency} ${payment.amount}`,
        actual: `${describeValue(quoted.currency)} ${describeValue(quoted.amount)}`,
      },
    );
  }
  const expected: ExpectedDeposit = {
    ...check.expectedId,
    payer: encodeOrderAddress(check.expectedPayer, chain.vmType),
    currency: payment.currency,
    native: payment.currency === encodeOrderAddress(NATIVE_CURRENCY[chain.vmType], chain.vmType),
    amount: payment.amount,
  };
  checkSteps(check, chain, expected, fakeDepository);
  return chain;
}

type DepositCandidate = {
  location: StepLocation;
  item: Readonly<Record<string, unknown>> | QuoteSvmInstruction;
};

/** Every step item is the deposit or proved harmless; exactly one deposit, bound to the order. */
function checkSteps(
  check: PaymentCheck,
  chain: OrderChain,
  expected: ExpectedDeposit,
  fakeDepository: { address: unknown } | null,
) {
  const { fail } = check;
  const read = quoteItems(check.quote);
  if ("malformed" in read) {
    fail("QUOTE_MALFORMED", read.malformed);
    fail("DEPOSIT_STEP_MISSING", `no step item pays the depository ${chain.depository}`, {
      causedBy: "QUOTE_MALFORMED",
    });
    return;
  }
  const deposits: DepositCandidate[] = [];
  let paysFake = false;
  const unexpected = (location: StepLocation, reason: string, target?: unknown) => {
    const toFake =
      fakeDepository !== null &&
      typeof fakeDepository.address === "string" &&
      sameAddress(target, fakeDepository.address, chain);
    paysFake ||= toFake;
    const at = `steps[${location.step}].items[${location.item}]${location.instruction === undefined ? "" : `.instructions[${location.instruction}]`}`;
    fail("UNEXPECTED_STEP_ITEM", `${at} is neither the deposit nor proved harmless: ${reason}`, {
      location,
      causedBy: toFake ? "DEPOSITORY_MISMATCH" : undefined,
    });
  };
  for (const { location, data } of read.items) {
    if (data === null) {
      unexpected(location, "it has no transaction data");
      continue;
    }
    if (data.chainId !== chain.id) {
      unexpected(
        location,
        `it runs on chain ${describeValue(data.chainId)}; the order is paid on ${chain.id}`,
      );
      continue;
    }
    if (chain.vmType !== "solana-vm" && chain.vmType !== "ethereum-vm") {
      unexpected(location, `steps on ${chain.vmType} chains are not checked by attestkit`);
      continue;
    }
    if (chain.vmType === "ethereum-vm") {
      const verdict = classifyEvmItem(data, chain, expected);
      if (verdict.kind === "deposit") deposits.push({ location, item: data });
      else if (verdict.kind === "unexpected") unexpected(location, verdict.reason, data.to);
      continue;
    }
    const instructions = svmItemInstructions(data);
    if (typeof instructions === "string") {
      unexpected(location, instructions);
      continue;
    }
    const fee = svmPriorityFeeLamports(instructions);
    if (fee > check.maxPriorityFee) {
      unexpected(
        location,
        `its compute-budget instructions set a priority fee of ${fee} lamports, above ${check.maxPriorityFee}`,
      );
    }
    for (const [index, instruction] of instructions.entries()) {
      const at = { ...location, instruction: index };
      const verdict = classifySvmInstruction(instruction, chain.depository, expected.payer);
      if (verdict.kind === "deposit") deposits.push({ location: at, item: instruction });
      else if (verdict.kind === "unexpected") unexpected(at, verdict.reason, instruction.programId);
    }
  }
  const [deposit] = deposits;
  if (deposits.length !== 1 || deposit === undefined) {
    fail(
      deposits.length === 0 ? "DEPOSIT_STEP_MISSING" : "DEPOSIT_STEP_AMBIGUOUS",
      `${deposits.length} step items pay the depository ${chain.depository} on chain ${chain.id}, expected 1`,
      { causedBy: deposits.length === 0 && paysFake ? "DEPOSITORY_MISMATCH" : undefined },
    );
    return;
  }
  if (chain.vmType === "solana-vm")
    checkSvmDeposit(deposit.item as QuoteSvmInstruction, deposit.location, expected, fail);
  else checkEvmDeposit(deposit.item, deposit.location, expected, fail);
}

/** The payment is made on the chain and in the currency the caller expects (`policy.input`). */
function checkInput(
  input: NonNullable<OrderPolicy["input"]>,
  payment: QuoteTerms["inputs"][number],
  chain: OrderChain,
  fail: Fail,
): void {
  if (input.chainId !== chain.id && input.chainId !== chain.protocolChainId) {
    fail("INPUT_CHAIN_MISMATCH", "the order is paid on another chain than policy.input.chainId", {
      expected: String(input.chainId),
      actual: `${chain.protocolChainId} (${chain.id})`,
    });
    return;
  }
  if (!sameAddressBytes(input.currency, payment.currency, chain)) {
    fail("INPUT_CURRENCY_MISMATCH", "the order is paid in another currency than policy.input.currency", {
      expected: input.currency,
      actual: payment.currency,
    });
  }
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
