/** Typed client of the service: every endpoint, validated responses, typed errors. */
export {
  type CallOptions,
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
  type WaitForStatusOptions,
} from "./client.ts";
export {
  isSolanaTxTooLarge,
  ServiceError,
  ServiceRequestError,
  ServiceResponseError,
  SolanaTxTooLargeServiceError,
  StatusPollTimeoutError,
} from "./errors.ts";
export {
  connectStatusFeed,
  type StatusFeed,
  StatusFeedError,
  type StatusFeedOptions,
  type StatusFeedSocket,
} from "./status-feed.ts";
