export { type Attestation, recoverAttestationSigner } from "./recover.ts";
export {
  assertRequestId,
  encodeRequestData,
  hashRequestData,
  type RequestData,
  type RequestDataWords,
  toRequestDataWords,
} from "./request-data.ts";
export { type AttestationSigner, signRequestData } from "./sign.ts";
export {
  type ParsedSignature,
  parseAttestationSignature,
  SECP256K1_N,
  toCompactSignature,
} from "./signature.ts";
export { type AttestationCheck, verifyAttestation } from "./verify.ts";
