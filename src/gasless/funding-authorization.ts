/**
 * The ERC-3009 `ReceiveWithAuthorization` that funds a `MulticallAuthorization`: the user's token pulled
 * by the approval proxy (its only redeemer), with the authorisation's digest as nonce, so the funding is
 * spent once and only with the calls that digest names.
 */
import { type Address, type Hex, hashTypedData, isAddressEqual, recoverTypedDataAddress } from "viem";
import { failureCollector } from "../orders/check-failures.ts";
import { checkDomain, checkSigner, FIELD_CODES, sameHex } from "./checks.ts";
import { RECEIVE_WITH_AUTHORIZATION_TYPES } from "./eip712-types.ts";
import {
  hashMulticallAuthorization,
  type MulticallAuthorizationTypedData,
  parseMulticallAuthorization,
} from "./multicall-authorization.ts";
import { readAddress, readBytes, readTypedData, readUint, TypedDataShapeError } from "./parse-typed-data.ts";
import type { GaslessCheckCode, GaslessExpectation, GaslessVerification } from "./types.ts";

/** A token's EIP-712 domain name and version (USDC: `"USD Coin"`, `"2"`). */
export type TokenDomain = { name: string; version: string };

export type FundingAuthorizationTypedData = {
  domain: { name: string; version: string; chainId: number; verifyingContract: Address };
  types: typeof RECEIVE_WITH_AUTHORIZATION_TYPES;
  primaryType: "ReceiveWithAuthorization";
  message: {
    from: Address;
    to: Address;
    value: bigint;
    validAfter: bigint;
    validBefore: bigint;
    nonce: Hex;
  };
};

/**
 * The ERC-3009 authorisation of the funding entry a `MulticallAuthorization` names (`fundingIndex`),
 * payable only to the approval proxy, with the authorisation's digest as nonce.
 */
export function buildFundingAuthorization(
  multicall: MulticallAuthorizationTypedData,
  tokenDomain: TokenDomain,
): FundingAuthorizationTypedData {
  const index = Number(multicall.message.fundingIndex);
  const entry = multicall.message.funding[index];
  if (entry === undefined) throw new RangeError(`fundingIndex ${index} names no funding entry`);
  return {
    domain: {
      name: tokenDomain.name,
      version: tokenDomain.version,
      chainId: multicall.domain.chainId,
      verifyingContract: entry.token,
    },
    types: RECEIVE_WITH_AUTHORIZATION_TYPES,
    primaryType: "ReceiveWithAuthorization",
    message: {
      from: entry.from,
      to: multicall.domain.verifyingContract,
      value: entry.value,
      validAfter: entry.validAfter,
      validBefore: entry.validBefore,
      nonce: hashMulticallAuthorization(multicall),
    },
  };
}

/**
 * Checks an ERC-3009 `ReceiveWithAuthorization` against the `MulticallAuthorization` it funds (typed
 * data, untrusted too) and the quote: the token's domain on the quote's chain (and `tokenDomain` when
 * given), the signer, the approval proxy as the only payee, the amount and window of the funding entry
 * the authorisation names, its nonce equal to that authorisation's digest (a funding signed for other
 * calls, or replayed from an earlier quote, is refused), and with `signature`, that it recovers to `from`.
 * The multicall itself is checked with `verifyMulticallAuthorization`.
 */
export async function verifyFundingAuthorization(
  typedData: unknown,
  context: { multicall: unknown; expected: GaslessExpectation; tokenDomain?: TokenDomain },
  options: { signature?: Hex },
): Promise<GaslessVerification> {
  const failures = failureCollector<GaslessCheckCode>();
  const { fail } = failures;
  let multicall: MulticallAuthorizationTypedData;
  let message: FundingAuthorizationTypedData["message"];
  let domain: Record<string, unknown>;
  try {
    multicall = parseMulticallAuthorization(context.multicall);
    const read = readTypedData(typedData, "ReceiveWithAuthorization", RECEIVE_WITH_AUTHORIZATION_TYPES);
    domain = read.domain;
    message = {
      from: readAddress(read.message.from, "from"),
      to: readAddress(read.message.to, "to"),
      value: readUint(read.message.value, "value"),
      validAfter: readUint(read.message.validAfter, "validAfter"),
      validBefore: readUint(read.message.validBefore, "validBefore"),
      nonce: readBytes(read.message.nonce, "nonce", 32),
    };
  } catch (error) {
    if (!(error instanceof TypedDataShapeError)) throw error;
    fail("GASLESS_TYPED_DATA_MALFORMED", `not a funding authorisation: ${error.message}`);
    return { ok: false, digest: null, failures: failures.list() };
  }
  const { expected } = context;
  const index = Number(multicall.message.fundingIndex);
  const entry = multicall.message.funding[index];
  const token = expected.funding[index]?.token ?? entry?.token;
  checkDomain(
    domain,
    {
      ...(context.tokenDomain === undefined
        ? { name: String(domain.name), version: String(domain.version) }
        : context.tokenDomain),
      chainId: expected.chainId,
      ...(token === undefined ? {} : { verifyingContract: token }),
    },
    fail,
  );
  if (!isAddressEqual(message.from, expected.from)) {
    fail("GASLESS_SIGNER_MISMATCH", "the funding is signed by another account than the quote's user", {
      expected: expected.from,
      actual: message.from,
    });
  }
  if (!isAddressEqual(message.to, expected.approvalProxy)) {
    fail("GASLESS_SPENDER_MISMATCH", "the funding is payable to another account than the approval proxy", {
      expected: expected.approvalProxy,
      actual: message.to,
    });
  }
  const want = expected.funding[index];
  if (entry === undefined || want === undefined) {
    fail(
      "GASLESS_FUNDING_INDEX_INVALID",
      "the multicall's fundingIndex names no funding entry of the quote",
      {
        actual: index,
      },
    );
  } else if (
    message.value !== want.value ||
    message.validAfter !== entry.validAfter ||
    message.validBefore !== entry.validBefore
  ) {
    fail("GASLESS_FUNDING_MISMATCH", "the funding's amount or window is not the one the multicall signs", {
      expected: `${want.value} valid ${entry.validAfter}..${entry.validBefore}`,
      actual: `${message.value} valid ${message.validAfter}..${message.validBefore}`,
      index,
    });
  }
  const multicallDigest = hashMulticallAuthorization(multicall);
  if (!sameHex(message.nonce, multicallDigest)) {
    fail("GASLESS_NONCE_MISMATCH", "the funding's nonce is not the digest of the multicall it funds", {
      expected: multicallDigest,
      actual: message.nonce,
      index,
    });
  }
  const parsed = {
    domain,
    types: RECEIVE_WITH_AUTHORIZATION_TYPES,
    primaryType: "ReceiveWithAuthorization",
    message,
  } as const;
  let digest: Hex | null = null;
  try {
    digest = hashTypedData(parsed as Parameters<typeof hashTypedData>[0]);
  } catch {
    fail("GASLESS_TYPED_DATA_MALFORMED", "the funding's domain cannot be hashed");
  }
  if (options.signature !== undefined && digest !== null) {
    const recovered = await recoverTypedDataAddress({ ...parsed, signature: options.signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0]).catch(() => null);
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
