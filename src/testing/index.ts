/**
 * Testing helpers for integrators: mock solver keys, attestation signing, malformed-signature
 * generators, and the conformance catalogue that attacks your own receiver.
 */
export { mockSolver, mockSolverKey } from "./keys.ts";
export {
  compactForm,
  highSTwin,
  malformedSignatures,
  resized,
  withV,
  zeroRecoverySignature,
} from "./malformed.ts";
export {
  type RequestDataStruct,
  signTestAttestation,
  type TestAttestation,
  type TestAttestationInput,
} from "./sign.ts";
