import type { Hex, LocalAccount } from "viem";
import { hashRequestData, type RequestData } from "./request-data.ts";

/** Anything that signs an EIP-191 personal message, such as a viem `LocalAccount`. */
export type AttestationSigner = Pick<LocalAccount, "signMessage">;

/**
 * Signs the attestation as the solver does (service interface: Attestation): EIP-191 personal-message
 * signing over the 32 raw bytes of the hash, not over its hex text.
 */
export function signRequestData(
  account: AttestationSigner,
  requestId: string,
  requestData: RequestData,
): Promise<Hex> {
  return account.signMessage({ message: { raw: hashRequestData(requestId, requestData) } });
}
