import { type Address, hashMessage, recoverAddress } from "viem";
import { InvalidSignatureError } from "../errors.ts";
import { hashRequestData, type RequestData } from "./request-data.ts";
import { parseAttestationSignature } from "./signature.ts";

/** The API's attestation response (service interface: Attestation) together with the request id it belongs to. */
export type Attestation = { requestId: string; requestData: RequestData; signature: string };

/**
 * Recovers the address that signed the attestation. Throws a named error for
 * malformed request data and for malformed, high-s or unrecoverable signatures.
 * @param attestation `requestId`, `requestData` and `signature` as the signature endpoint returns them.
 * @returns the checksummed EVM address that signed.
 * @example
 * ```ts
 * const signer = await recoverAttestationSigner({ requestId, requestData, signature });
 * ```
 */
export async function recoverAttestationSigner({
  requestId,
  requestData,
  signature,
}: Attestation): Promise<Address> {
  const hash = hashMessage({ raw: hashRequestData(requestId, requestData) });
  const parsed = parseAttestationSignature(signature);
  try {
    return await recoverAddress({ hash, signature: parsed });
  } catch (cause) {
    throw new InvalidSignatureError("signature does not recover to a public key", { cause });
  }
}
