import { verifyAttestation } from "attestkit";
import { createServiceClient } from "attestkit/client";

/**
 * Fetches the solver's attestation of `requestId` from the service and checks that `solver` signed
 * exactly this request data. Take `solver` from your own configuration, never from the response.
 */
export async function checkAttestation(baseUrl: string, requestId: string, solver: string): Promise<boolean> {
  const client = createServiceClient({ baseUrl });
  const { requestData, signature } = await client.getSignature(requestId);
  return verifyAttestation({ requestId, requestData, signature, solver });
}
