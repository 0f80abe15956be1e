/** The SVM conformance catalogue over LiteSVM (needs the optional `litesvm` peer). */
export {
  attestedReceiverSvmAdapter,
  SVM_ATTESTED_RECEIVER_ERRORS,
} from "./attested-receiver-adapter.ts";
export { SvmConformanceEnv } from "./env.ts";
export { SVM_PROPERTIES, type SvmProperty } from "./properties.ts";
export { runSvmConformance, type SvmConformanceOptions } from "./run.ts";
export type { SvmPayment, SvmPaymentToken, SvmReceiverAdapter, SvmReceiverSetup } from "./types.ts";
