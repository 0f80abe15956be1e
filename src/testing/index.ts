/**
 * Testing helpers for integrators: mock solver keys, attestation signing, malformed-signature
 * generators, and the conformance catalogue that attacks your own receiver.
 */

export {
  ATTESTED_RECEIVER_ERRORS,
  type AttestedReceiverAdapterOptions,
  attestedReceiverAdapter,
} from "./evm/attested-receiver-adapter.ts";
export { relayDepositoryDeposits } from "./evm/depository-events.ts";
export { EvmConformanceEnv } from "./evm/env.ts";
export {
  ORDER_GATED_DEPOSITOR_ERRORS,
  type OrderGatedDepositorAdapterOptions,
  orderGatedDepositorAdapter,
} from "./evm/order-gated-depositor-adapter.ts";
export { EVM_ORDER_PROPERTIES, type EvmOrderProperty } from "./evm/order-properties.ts";
export type {
  EvmOrderDeposit,
  EvmOrderPayment,
  EvmOrderReceiverAdapter,
  EvmOrderReceiverSetup,
} from "./evm/order-types.ts";
export { EVM_PROPERTIES, type EvmProperty } from "./evm/properties.ts";
export {
  type EvmConformanceOptions,
  type EvmOrderConformanceOptions,
  runEvmConformance,
  runEvmOrderConformance,
} from "./evm/run.ts";
export type {
  EvmCall,
  EvmPayment,
  EvmPaymentRoute,
  EvmReceiverAdapter,
  EvmReceiverSetup,
} from "./evm/types.ts";
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
  ATTESTATION_REFUSALS,
  ORDER_REFUSALS,
  REFERENCE_REFUSAL_CLASSES,
  type RefusalClass,
  refusalMismatch,
} from "./refusal.ts";
export {
  assertConformance,
  ConformanceFailedError,
  type ConformanceReport,
  formatConformanceTable,
  type PropertyResult,
  type PropertyStatus,
  toJunitXml,
  writeConformanceReport,
} from "./report.ts";
export {
  type RequestDataStruct,
  signRequestDataStruct,
  signTestAttestation,
  type TestAttestation,
  type TestAttestationInput,
} from "./sign.ts";
