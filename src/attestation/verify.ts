import { parseEvmAddress } from "../address/evm.ts";
import { InvalidSignatureError, SignatureHighSError } from "../errors.ts";
import { type Attestation, recoverAttestationSigner } from "./recover.ts";

/** What `verifyAttestation` checks: the signature endpoint's response, its request id, and the solver you trust. */
export interface AttestationCheck extends Attestation {
  /** The solver's EVM address, from your configuration (never from the service's response). */
  solver: string;
}

/**
 * True when `signature` is the solver's attestation of `requestData` for
 * `requestId`. A signature that is malformed, high-s or signed by anyone else
 * gives false; malformed request data or solver address throws its named
 * error, since that is a caller bug rather than an untrusted signature.
 * @param attestation `requestId`, `requestData` and `signature` as `GET /requests/{requestId}/signature`
 * returns them, and the `solver` address you trust.
 * @returns whether the trusted solver signed exactly this request.
 * @throws AttestkitError subclasses for malformed request data or a malformed solver address.
 * @example
 * ```ts
 * const { requestData, signature } = await client.getSignature(requestId);
 * if (!(await verifyAttestation({ requestId, requestData, signature, solver: SOLVER_ADDRESS })))
 *   throw new Error("not signed by the solver");
 * ```
 */
export async function verifyAttestation(attestation: AttestationCheck): Promise<boolean> {
  const solver = parseEvmAddress(attestation.solver, "solver");
  try {
    return (await recoverAttestationSigner(attestation)) === solver;
  } catch (error) {
    if (error instanceof InvalidSignatureError || error instanceof SignatureHighSError) return false;
    throw error;
  }
}
