import type { Hex, LocalAccount } from "viem";
import { hashRequestData, type RequestData } from "./request-data.ts";

/** Anything that signs an EIP-191 personal message, such as a viem `LocalAccount`. */
export type AttestationSigner = Pick<LocalAccount, "signMessage">;

/**
 * Signs the attestation as the solver does (service interface: Attestation): EIP-191 personal-message
 * signing over the 32 raw bytes of the hash, not over its hex text.
 * @param account a viem account (or anything with `signMessage`), the solver's in production, a test key in tests.
 * @param requestId the request id (0x + 64 hex).
 * @param requestData the fields to attest.
 * @returns the 65-byte `r || s || v` signature.
 * @example
 * ```ts
 * const signature = await signRequestData(privateKeyToAccount(TEST_KEY), requestId, requestData);
 * ```
 */
export function signRequestData(
  account: AttestationSigner,
  requestId: string,
  requestData: RequestData,
): Promise<Hex> {
  return account.signMessage({ message: { raw: hashRequestData(requestId, requestData) } });
}
