/** The local mock of the cross-chain solver service. */
export { hashApiKey, sponsorshipLinkMessage } from "./auth.ts";
export { encodeDepositoryDeposit } from "./chains/depository-evm.ts";
export { buildDepositoryDepositInstruction, depositoryAccounts } from "./chains/depository-svm.ts";
export type { ChainAdapter, ChainObservation, DepositPosition, TransferParams } from "./chains/types.ts";
export type { CorsOrigins } from "./cors-origins.ts";
export { ServiceHttpError } from "./errors.ts";
export type { AllowedHosts } from "./host-guard.ts";
export type { ServiceLoggerOption } from "./logger.ts";
export { buildOpenApiDocument } from "./openapi.ts";
export type { ProtocolOrderBlock } from "./orders.ts";
export type { ProtocolChain } from "./protocol-chains.ts";
export type { ReceiverConfig } from "./quotes.ts";
export type { RequestMeta, StoredRequest } from "./records.ts";
export {
  type NoAutomaticRefund,
  type RefundDestination,
  type RefundParties,
  type RefundPayment,
  refundDestination,
  refundsToDepositor,
} from "./refund-destination.ts";
export {
  HOLDABLE_STATUSES,
  type PlanMatch,
  parseScenario,
  SCENARIO_CHAIN_EVENTS,
  SCENARIO_OUTCOMES,
  type ScenarioBook,
  type ScenarioChainEvent,
  type ScenarioDelays,
  ScenarioFileSchema,
  type ScenarioInput,
  ScenarioInputError,
  ScenarioInputSchema,
  type ScenarioMatch,
  type ScenarioMatchRecord,
  type ScenarioPlan,
  type ScenarioView,
  TooManyScenariosError,
} from "./scenarios/index.ts";
export type { ServedRoute } from "./served-routes.ts";
export {
  createService,
  DEFAULT_SVM_SOLVER,
  type Service,
  type ServiceClockEvents,
  type ServiceOptions,
} from "./service.ts";
export type { DatabaseRows } from "./snapshot.ts";
export { SVM_SWAP_SOURCES } from "./svm-route.ts";
export type { TokenInfo } from "./tokens.ts";
export {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryState,
  type WebhookDispatcher,
  type WebhookOptions,
  webhookSignature,
} from "./webhooks/index.ts";
