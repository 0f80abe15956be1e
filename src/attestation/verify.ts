import { parseEvmAddress } from "../address/evm.ts";
import { InvalidSignatureError, SignatureHighSError } from "../errors.ts";
import { type Attestation, recoverAttestationSigner } from "./recover.ts";

/**
 * True when `signature` is the solver's attestation of `requestData` for
 * `requestId`. A signature that is malformed, high-s or signed by anyone else
 * gives false; malformed request data or solver address throws its named
 * error, since that is a caller bug rather than an untrusted signature.
 */
export async function verifyAttestation(attestation: Attestation & { solver: string }): Promise<boolean> {
  const solver = parseEvmAddress(attestation.solver, "solver");
  try {
    return (await recoverAttestationSigner(attestation)) === solver;
  } catch (error) {
    if (error instanceof InvalidSignatureError || error instanceof SignatureHighSError) return false;
    throw error;
  }
}
