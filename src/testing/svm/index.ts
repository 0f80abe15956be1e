/** The SVM conformance catalogue over LiteSVM (needs the optional `litesvm` peer). */

export {
  assertConformance,
  ConformanceFailedError,
  type ConformanceReport,
  formatConformanceTable,
  type PropertyResult,
} from "../report.ts";
export {
  attestedReceiverSvmAdapter,
  SVM_ATTESTED_RECEIVER_ERRORS,
} from "./attested-receiver-adapter.ts";
export { depositoryDeposits } from "./depository-events.ts";
export { SvmConformanceEnv } from "./env.ts";
export {
  liteSvmLedger,
  rpcLedger,
  type SvmAccountState,
  type SvmAttempt,
  type SvmLedger,
} from "./ledger.ts";
export { SVM_ORDER_PROPERTIES } from "./order-catalogue.ts";
export {
  type SvmOrderAccountRole,
  SvmOrderPropertyContext,
  type SvmOrderSubstitution,
} from "./order-context.ts";
export {
  type OrderDepositorSvmAdapterOptions,
  orderDepositorSvmAdapter,
  SVM_ORDER_DEPOSITOR_ERRORS,
} from "./order-depositor-adapter.ts";
export type { SvmOrderProperty } from "./order-properties.ts";
export { runSvmOrderConformance, type SvmOrderConformanceOptions } from "./order-run.ts";
export type {
  SvmOrderAccounts,
  SvmOrderAdapter,
  SvmOrderDeposit,
  SvmOrderPayment,
  SvmOrderSetup,
  SvmOrderToken,
} from "./order-types.ts";
export { programAddressAtBump } from "./pda.ts";
export { SVM_PROPERTIES, type SvmProperty } from "./properties.ts";
export { SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES, SVM_RECEIVER_REFUSAL_CLASSES } from "./refusal-codes.ts";
export { runSvmConformance, type SvmConformanceOptions } from "./run.ts";
export type {
  SvmFixedSetup,
  SvmPayment,
  SvmPaymentToken,
  SvmReceiverAdapter,
  SvmReceiverSetup,
} from "./types.ts";
export { loadUpgradeableProgram } from "./upgradeable.ts";
