/**
 * A v2 order's fill against what the quote shows its user (`details`, unsigned): the order is what the
 * relayer is held to, so the currency, recipient and minimum the user was shown must be the order's,
 * and the fill may run only the user calls the caller expects.
 */
import { describeValue } from "../describe.ts";
import { encodeOrderAddress } from "./address/index.ts";
import type { OrderChain } from "./chains.ts";
import type { Fail } from "./check-failures.ts";
import type { QuoteTerms } from "./quote-terms.ts";

type QuotedOut = {
  recipient?: unknown;
  currencyOut?: { currency?: { chainId?: unknown; address?: unknown }; minimumAmount?: unknown };
};

const INTEGER = /^[0-9]+$/;

function encodedOrNull(value: unknown, chain: OrderChain) {
  try {
    return encodeOrderAddress(value as string, chain.vmType);
  } catch {
    return null;
  }
}

export function checkFillAgainstDetails(
  fill: NonNullable<QuoteTerms["fill"]>,
  details: unknown,
  outputChain: OrderChain,
  expectedCalls: readonly string[],
  fail: Fail,
) {
  const quoted = (details ?? {}) as QuotedOut;
  const currency = quoted.currencyOut?.currency;
  const minimum = quoted.currencyOut?.minimumAmount;
  if (
    typeof details !== "object" ||
    details === null ||
    typeof quoted.recipient !== "string" ||
    currency === undefined ||
    typeof minimum !== "string" ||
    !INTEGER.test(minimum)
  ) {
    fail(
      "QUOTE_MALFORMED",
      "details.recipient and details.currencyOut (currency, minimumAmount) are needed to check the order's fill",
    );
    return;
  }
  const sameCurrency =
    currency.chainId === outputChain.id && encodedOrNull(currency.address, outputChain) === fill.currency;
  if (!sameCurrency) {
    fail("FILL_CURRENCY_MISMATCH", "the order's fill pays another currency than details.currencyOut", {
      expected: `${outputChain.id} ${fill.currency}`,
      actual: `${describeValue(currency.chainId)} ${describeValue(currency.address)}`,
    });
  }
  if (encodedOrNull(quoted.recipient, outputChain) !== fill.recipient) {
    fail("FILL_RECIPIENT_MISMATCH", "the order's fill pays another recipient than details.recipient", {
      expected: fill.recipient,
      actual: quoted.recipient,
    });
  }
  if (fill.minimumAmount < BigInt(minimum)) {
    fail("FILL_BELOW_QUOTED_MINIMUM", "the order's fill minimum is below details.currencyOut.minimumAmount", {
      expected: `>= ${minimum}`,
      actual: fill.minimumAmount,
      causedBy: sameCurrency ? undefined : "FILL_CURRENCY_MISMATCH",
    });
  }
  const calls = fill.calls.map((call) => call.toLowerCase());
  if (calls.length !== expectedCalls.length || calls.some((call, i) => call !== expectedCalls[i])) {
    fail(
      "FILL_CALLS_MISMATCH",
      "the order's fill runs other user calls than policy.fillCalls (default: none)",
      {
        expected: `[${expectedCalls.join(", ")}]`,
        actual: `[${calls.join(", ")}]`,
      },
    );
  }
}
