/** Errors of the typed service client. All are `AttestkitError`s with a stable `code`. */
import { AttestkitError } from "../errors.ts";

/**
 * The service answered with an error status. `code` (and `errorCode`) is the body's `errorCode`,
 * `status` the HTTP status.
 */
export class ServiceError extends AttestkitError {
  readonly status: number;
  readonly errorCode: string;

  constructor(status: number, errorCode: string, message: string) {
    super(errorCode, message);
    this.status = status;
    this.errorCode = errorCode;
  }
}

/**
 * HTTP 400 `SOLANA_TX_TOO_LARGE` (service interface: SVM rules): the SVM deposit transaction of the quote exceeds 1232
 * bytes. `size` and `over` are read from the message when it states them. Re-quote with
 * `maxRouteLength` 4, then 3, or a single `includedOriginSwapSources` entry (`svmQuoteLadder`).
 */
export class SolanaTxTooLargeServiceError extends ServiceError {
  readonly size: number | null;
  readonly over: number | null;

  constructor(status: number, message: string) {
    super(status, "SOLANA_TX_TOO_LARGE", message);
    const size = /(\d+) bytes?\b/.exec(message);
    const over = /(\d+) bytes? over/.exec(message);
    this.size = size ? Number(size[1]) : null;
    this.over = over ? Number(over[1]) : null;
  }
}

/** The response did not match its schema (or was not JSON). */
export class ServiceResponseError extends AttestkitError {
  readonly status: number;

  constructor(status: number, message: string) {
    super("INVALID_SERVICE_RESPONSE", message);
    this.status = status;
  }
}

/** Status polling ran out of time before a terminal status. */
export class StatusPollTimeoutError extends AttestkitError {
  readonly lastStatus: string | null;

  constructor(requestId: string, timeoutMs: number, lastStatus: string | null) {
    super(
      "STATUS_POLL_TIMEOUT",
      `request ${requestId} did not reach a terminal status within ${timeoutMs} ms (last status: ${lastStatus ?? "none"})`,
    );
    this.lastStatus = lastStatus;
  }
}

/** The network request failed (connection refused, aborted, ...). */
export class ServiceRequestError extends AttestkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("SERVICE_REQUEST_FAILED", message, options);
  }
}

/**
 * True when `error` is the SVM size gate error, whichever class carries it.
 * @param error anything a quote call threw.
 * @example
 * ```ts
 * try {
 *   await client.quoteV2(body);
 * } catch (error) {
 *   if (isSolanaTxTooLarge(error)) console.log(`${error.over} bytes over the limit`);
 * }
 * ```
 */
export function isSolanaTxTooLarge(error: unknown): error is SolanaTxTooLargeServiceError {
  return error instanceof ServiceError && error.errorCode === "SOLANA_TX_TOO_LARGE";
}
