/**
 * The checks every gasless message shares: the domain it is signed under, the execution it authorises
 * (relayer, exact native value, refund and NFT recipients, metadata, the calls in order), the validity
 * window at a given time, and the signer. Each mismatch is reported with what was expected and found.
 */
import { type Address, type Hex, isAddressEqual, zeroAddress } from "viem";
import type { Fail } from "../orders/check-failures.ts";
import type { Call3Value, GaslessCheckCode, GaslessExecution, GaslessExpectation } from "./types.ts";

export type GaslessFail = Fail<GaslessCheckCode>;

/** The default longest validity window accepted, in seconds. */
export const DEFAULT_MAX_VALIDITY_SECONDS = 3600;

/** Codes that say a signed field differs from the quote: a bad signature then follows from them. */
export const FIELD_CODES: readonly GaslessCheckCode[] = [
  "GASLESS_DOMAIN_MISMATCH",
  "GASLESS_RELAYER_MISMATCH",
  "GASLESS_SPENDER_MISMATCH",
  "GASLESS_MSG_VALUE_MISMATCH",
  "GASLESS_REFUND_TO_MISMATCH",
  "GASLESS_NFT_RECIPIENT_MISMATCH",
  "GASLESS_METADATA_MISMATCH",
  "GASLESS_CALL_COUNT_MISMATCH",
  "GASLESS_CALL_MISMATCH",
  "GASLESS_FUNDING_MISMATCH",
  "GASLESS_FUNDING_INDEX_INVALID",
  "GASLESS_NONCE_MISMATCH",
  "GASLESS_VALIDITY_TOO_LONG",
];

export function checkDomain(
  domain: Record<string, unknown>,
  expected: Record<string, string | number>,
  fail: GaslessFail,
): void {
  const keys = new Set([...Object.keys(domain), ...Object.keys(expected)]);
  for (const key of keys) {
    const want = expected[key];
    const got = domain[key];
    const same =
      want !== undefined &&
      got !== undefined &&
      (typeof want === "number"
        ? (typeof got === "number" || typeof got === "string" || typeof got === "bigint") &&
          String(got) === String(want)
        : typeof got === "string" &&
          (key === "verifyingContract" ? got.toLowerCase() === want.toLowerCase() : got === want));
    if (!same) {
      fail("GASLESS_DOMAIN_MISMATCH", `the EIP-712 domain's ${key} differs from the quote's`, {
        expected: want ?? "(absent)",
        actual: got === undefined ? "(absent)" : String(got),
      });
    }
  }
}

function checkAddress(
  code: GaslessCheckCode,
  what: string,
  expected: Address,
  actual: Address,
  fail: GaslessFail,
): void {
  if (!isAddressEqual(expected, actual)) {
    fail(code, `${what} is not the quote's`, { expected, actual });
  }
}

/** The execution a message authorises against the one the quote describes. */
export function checkExecution(
  actual: GaslessExecution,
  expected: GaslessExpectation,
  fail: GaslessFail,
): void {
  checkAddress("GASLESS_RELAYER_MISMATCH", "the relayer", expected.relayer, actual.relayer, fail);
  if (actual.msgValue !== expected.msgValue) {
    fail("GASLESS_MSG_VALUE_MISMATCH", "the native value the relayer attaches is not the quote's", {
      expected: expected.msgValue,
      actual: actual.msgValue,
    });
  }
  checkAddress("GASLESS_REFUND_TO_MISMATCH", "refundTo", expected.refundTo, actual.refundTo, fail);
  checkAddress(
    "GASLESS_NFT_RECIPIENT_MISMATCH",
    "nftRecipient",
    expected.nftRecipient ?? zeroAddress,
    actual.nftRecipient,
    fail,
  );
  if (expected.metadata !== undefined && expected.metadata.toLowerCase() !== actual.metadata.toLowerCase()) {
    fail("GASLESS_METADATA_MISMATCH", "metadata is not the quote's", {
      expected: expected.metadata,
      actual: actual.metadata,
    });
  }
  checkCalls(actual.calls, expected.calls, fail);
}

function checkCalls(actual: readonly Call3Value[], expected: readonly Call3Value[], fail: GaslessFail): void {
  if (actual.length !== expected.length) {
    fail(
      "GASLESS_CALL_COUNT_MISMATCH",
      "the message authorises another number of calls than the quote runs",
      {
        expected: expected.length,
        actual: actual.length,
      },
    );
  }
  for (let i = 0; i < Math.min(actual.length, expected.length); i++) {
    const [got, want] = [actual[i] as Call3Value, expected[i] as Call3Value];
    const differing = [
      isAddressEqual(got.target, want.target) ? null : "target",
      got.value === want.value ? null : "value",
      got.callData.toLowerCase() === want.callData.toLowerCase() ? null : "callData",
      got.allowFailure === want.allowFailure ? null : "allowFailure",
    ].filter((field) => field !== null);
    if (differing.length > 0) {
      fail("GASLESS_CALL_MISMATCH", `call ${i} differs from the quote's in ${differing.join(", ")}`, {
        expected: describeCall(want),
        actual: describeCall(got),
        index: i,
      });
    }
  }
}

const describeCall = (call: Call3Value) =>
  `${call.target} value ${call.value} allowFailure ${call.allowFailure} data ${call.callData}`;

/**
 * A window valid strictly after `validAfter` (ERC-3009; pass null for Permit2, which has none) and
 * before or through `end` as the token or Permit2 counts it, at `now`, no longer than `maxSeconds` ahead.
 */
export function checkWindow(
  window: { validAfter: bigint | null; end: bigint; endInclusive: boolean },
  now: number,
  maxSeconds: number,
  fail: GaslessFail,
  index?: number,
): void {
  const at = BigInt(now);
  const where = index === undefined ? {} : { index };
  if (window.validAfter !== null && at <= window.validAfter) {
    fail("GASLESS_NOT_YET_VALID", "the authorisation is not valid yet", {
      expected: `validAfter < ${at}`,
      actual: window.validAfter,
      ...where,
    });
  }
  const expired = window.endInclusive ? at > window.end : at >= window.end;
  if (expired) {
    fail("GASLESS_EXPIRED", "the authorisation has expired", {
      expected: `after ${at}`,
      actual: window.end,
      ...where,
    });
  } else if (window.end - at > BigInt(maxSeconds)) {
    fail("GASLESS_VALIDITY_TOO_LONG", `the authorisation stays valid more than ${maxSeconds} s`, {
      expected: `at most ${at + BigInt(maxSeconds)}`,
      actual: window.end,
      ...where,
    });
  }
}

/**
 * The recovered signer against the account the message names. When a signed field already differs from
 * the quote, a bad signature is reported as following from it.
 */
export function checkSigner(
  recovered: Address | null,
  signer: Address,
  rootCause: GaslessCheckCode | undefined,
  fail: GaslessFail,
): void {
  if (recovered === null || !isAddressEqual(recovered, signer)) {
    fail("GASLESS_SIGNATURE_INVALID", "the signature does not recover to the signing account", {
      expected: signer,
      actual: recovered ?? "(unrecoverable)",
      causedBy: rootCause,
    });
  }
}

export const sameHex = (a: Hex, b: Hex) => a.toLowerCase() === b.toLowerCase();
