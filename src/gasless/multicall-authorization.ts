/**
 * `MulticallAuthorization`: what a user signs for a relayer to pull their ERC-3009 funding into the
 * approval proxy and run their calls. One is signed per funding entry (`fundingIndex`), each binding the
 * whole ordered funding list, and its digest is that entry's ERC-3009 nonce: the funding cannot be
 * redeemed with other calls, another relayer or another native value.
 */
import { type Address, type Hex, hashTypedData, isAddressEqual, recoverTypedDataAddress } from "viem";
import { failureCollector } from "../orders/check-failures.ts";
import {
  checkDomain,
  checkExecution,
  checkSigner,
  checkWindow,
  DEFAULT_MAX_VALIDITY_SECONDS,
  FIELD_CODES,
  type GaslessFail,
} from "./checks.ts";
import { approvalProxyDomain, MULTICALL_AUTHORIZATION_TYPES } from "./eip712-types.ts";
import {
  readAddress,
  readBytes,
  readCalls,
  readList,
  readRecord,
  readTypedData,
  readUint,
  TypedDataShapeError,
} from "./parse-typed-data.ts";
import type {
  FundingAuthorization,
  GaslessCheckCode,
  GaslessExecution,
  GaslessExpectation,
  GaslessVerification,
  GaslessVerifyOptions,
  MulticallAuthorization,
} from "./types.ts";

/** The typed data of a `MulticallAuthorization`, ready for `signTypedData`. */
export type MulticallAuthorizationTypedData = {
  domain: ReturnType<typeof approvalProxyDomain>;
  types: typeof MULTICALL_AUTHORIZATION_TYPES;
  primaryType: "MulticallAuthorization";
  message: MulticallAuthorization;
};

/**
 * The `MulticallAuthorization` for the `fundingIndex`-th entry of `funding` (each funding entry needs its
 * own signature), under the approval proxy's domain on `chainId`.
 */
export function buildMulticallAuthorization(input: {
  chainId: number;
  approvalProxy: Address;
  from: Address;
  execution: GaslessExecution;
  funding: readonly FundingAuthorization[];
  fundingIndex?: number;
}): MulticallAuthorizationTypedData {
  return {
    domain: approvalProxyDomain(input.chainId, input.approvalProxy),
    types: MULTICALL_AUTHORIZATION_TYPES,
    primaryType: "MulticallAuthorization",
    message: {
      from: input.from,
      ...input.execution,
      fundingIndex: BigInt(input.fundingIndex ?? 0),
      funding: input.funding,
    },
  };
}

/** The EIP-712 digest of a `MulticallAuthorization`: the ERC-3009 nonce of its funding entry. */
export function hashMulticallAuthorization(typedData: MulticallAuthorizationTypedData): Hex {
  return hashTypedData(typedData);
}

/** Reads untrusted typed data as a `MulticallAuthorization`; throws `TypedDataShapeError`. */
export function parseMulticallAuthorization(typedData: unknown): MulticallAuthorizationTypedData {
  const { domain, message } = readTypedData(
    typedData,
    "MulticallAuthorization",
    MULTICALL_AUTHORIZATION_TYPES,
  );
  const chainId = Number(readUint(domain.chainId, "domain.chainId"));
  if (!Number.isSafeInteger(chainId)) throw new TypedDataShapeError("domain.chainId is too large");
  return {
    domain: {
      ...(domain as MulticallAuthorizationTypedData["domain"]),
      chainId,
      verifyingContract: readAddress(domain.verifyingContract, "domain.verifyingContract"),
    },
    types: MULTICALL_AUTHORIZATION_TYPES,
    primaryType: "MulticallAuthorization",
    message: {
      from: readAddress(message.from, "from"),
      relayer: readAddress(message.relayer, "relayer"),
      msgValue: readUint(message.msgValue, "msgValue"),
      refundTo: readAddress(message.refundTo, "refundTo"),
      nftRecipient: readAddress(message.nftRecipient, "nftRecipient"),
      metadata: readBytes(message.metadata, "metadata"),
      fundingIndex: readUint(message.fundingIndex, "fundingIndex"),
      calls: readCalls(message.calls, "calls"),
      funding: readList(message.funding, "funding").map((entry, i) => {
        const record = readRecord(entry, `funding[${i}]`);
        return {
          token: readAddress(record.token, `funding[${i}].token`),
          from: readAddress(record.from, `funding[${i}].from`),
          value: readUint(record.value, `funding[${i}].value`),
          validAfter: readUint(record.validAfter, `funding[${i}].validAfter`),
          validBefore: readUint(record.validBefore, `funding[${i}].validBefore`),
        };
      }),
    },
  };
}

/**
 * Checks a `MulticallAuthorization` (as a quote step carries it or a relayer presents it) against the
 * quote it claims to authorise: the proxy's domain on the quote's chain, the signer, the relayer, the
 * exact native value, `refundTo`, `nftRecipient`, metadata, every call in order (target, value, data,
 * `allowFailure`), every funding token and amount from the signer, `fundingIndex`, each funding window
 * at `options.now` (ERC-3009: valid strictly between `validAfter` and `validBefore`) and no longer than
 * `options.maxValiditySeconds`, and with `options.signature`, that it recovers to `from`.
 *
 * Returns every failed check, root causes first; a bad signature over a message whose fields differ
 * from the quote follows from the first such field (`causedBy`).
 */
export async function verifyMulticallAuthorization(
  typedData: unknown,
  expected: GaslessExpectation,
  options: GaslessVerifyOptions,
): Promise<GaslessVerification> {
  const failures = failureCollector<GaslessCheckCode>();
  let parsed: MulticallAuthorizationTypedData;
  try {
    parsed = parseMulticallAuthorization(typedData);
  } catch (error) {
    if (!(error instanceof TypedDataShapeError)) throw error;
    failures.fail("GASLESS_TYPED_DATA_MALFORMED", `not a MulticallAuthorization: ${error.message}`);
    return { ok: false, digest: null, failures: failures.list() };
  }
  const { fail } = failures;
  const message = parsed.message;
  checkDomain(parsed.domain, approvalProxyDomain(expected.chainId, expected.approvalProxy), fail);
  if (!isAddressEqual(message.from, expected.from)) {
    fail("GASLESS_SIGNER_MISMATCH", "the message is signed for another account than the quote's user", {
      expected: expected.from,
      actual: message.from,
    });
  }
  checkExecution(message, expected, fail);
  checkFunding(message, expected, fail);
  const maxSeconds = options.maxValiditySeconds ?? DEFAULT_MAX_VALIDITY_SECONDS;
  message.funding.forEach((entry, index) => {
    checkWindow(
      { validAfter: entry.validAfter, end: entry.validBefore, endInclusive: false },
      options.now,
      maxSeconds,
      fail,
      index,
    );
  });
  const digest = hashMulticallAuthorization(parsed);
  if (options.signature !== undefined) {
    const recovered = await recoverTypedDataAddress({ ...parsed, signature: options.signature }).catch(
      () => null,
    );
    checkSigner(
      recovered,
      message.from,
      FIELD_CODES.find((code) => failures.has(code)),
      fail,
    );
  }
  const list = failures.list();
  return { ok: list.length === 0, digest, failures: list };
}

function checkFunding(
  message: MulticallAuthorization,
  expected: GaslessExpectation,
  fail: GaslessFail,
): void {
  if (message.funding.length !== expected.funding.length) {
    fail("GASLESS_FUNDING_MISMATCH", "the message funds another number of tokens than the quote", {
      expected: expected.funding.length,
      actual: message.funding.length,
    });
  }
  message.funding.forEach((entry, index) => {
    const want = expected.funding[index];
    if (want === undefined) return;
    const differing = [
      isAddressEqual(entry.token, want.token) ? null : "token",
      entry.value === want.value ? null : "value",
      isAddressEqual(entry.from, expected.from) ? null : "from",
    ].filter((field) => field !== null);
    if (differing.length > 0) {
      fail(
        "GASLESS_FUNDING_MISMATCH",
        `funding ${index} differs from the quote's in ${differing.join(", ")}`,
        {
          expected: `${want.value} of ${want.token} from ${expected.from}`,
          actual: `${entry.value} of ${entry.token} from ${entry.from}`,
          index,
        },
      );
    }
  });
  if (message.fundingIndex >= BigInt(message.funding.length)) {
    fail("GASLESS_FUNDING_INDEX_INVALID", "fundingIndex names no funding entry", {
      expected: `below ${message.funding.length}`,
      actual: message.fundingIndex,
    });
  }
}
