/**
 * Typed client of the service (docs/service-interface.md): one method per endpoint, every response validated
 * with the shared zod schemas, typed errors, an async iterator over request pages and status polling
 * with timeout and abort. Works against the real service or the local mock.
 */
import type * as z from "zod";
import {
  type AppBalanceResponse,
  AppBalanceResponseSchema,
  type ChainsResponse,
  ChainsResponseSchema,
  ErrorBodySchema,
  type ExecutePermitsBody,
  type ExecutePermitsResponse,
  ExecutePermitsResponseSchema,
  encodeListRequestsQuery,
  type FastFillBody,
  type FastFillResponse,
  FastFillResponseSchema,
  FINAL_STATUSES,
  type ListRequestsParams,
  type ListRequestsResponse,
  ListRequestsResponseSchema,
  type PriceBody,
  type PriceResponse,
  PriceResponseSchema,
  type QuoteBody,
  type QuoteResponse,
  QuoteResponseSchema,
  type QuoteV2Body,
  type RequestRecord,
  type SignatureResponse,
  SignatureResponseSchema,
  type StatusResponse,
  StatusResponseSchema,
} from "../schemas/index.ts";
import {
  ServiceError,
  ServiceRequestError,
  ServiceResponseError,
  SolanaTxTooLargeServiceError,
  StatusPollTimeoutError,
} from "./errors.ts";

export interface ServiceClientOptions {
  /** Base URL, e.g. `http://127.0.0.1:8787` (no trailing path needed). */
  baseUrl: string;
  /** API key: sent as `x-api-key` to GET /requests/v3 and as `Authorization: Bearer` to POST /fast-fill. */
  apiKey?: string;
  /** Replace `fetch` (tests, proxies). */
  fetch?: typeof fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface WaitForStatusOptions extends CallOptions {
  /** Give up after this long (default 60 s). */
  timeoutMs?: number;
  /** Poll interval (default 1 s). */
  intervalMs?: number;
  /** Statuses that end polling (default `FINAL_STATUSES`: `success`, `failure`, `refund`, `fallback`). */
  until?: readonly StatusResponse["status"][];
  /** Called with every status seen. */
  onStatus?: (status: StatusResponse) => void;
}

type Schema<T> = z.ZodType<T>;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The service's endpoints as methods. Every response is validated against its schema before it is
 * returned; failures are typed: `ServiceError` (4xx/5xx with `errorCode`), `SolanaTxTooLargeServiceError`,
 * `ServiceResponseError` (a response that fails its schema), `ServiceRequestError` (network).
 */
export interface ServiceClient {
  /**
   * GET /requests/v3: one page of requests (API key required, sent as `x-api-key`).
   * @param params filters and paging (`limit` 1 to 50, `continuation` from the previous page).
   * @example
   * ```ts
   * const page = await client.listRequests({ user: "0x…", limit: 50 });
   * ```
   */
  listRequests(params?: ListRequestsParams, callOptions?: CallOptions): Promise<ListRequestsResponse>;
  /**
   * Every page of GET /requests/v3, following `continuation` until the last page.
   * @example
   * ```ts
   * for await (const page of client.pages({ status: "success" })) console.log(page.requests.length);
   * ```
   */
  pages(
    params?: Omit<ListRequestsParams, "continuation">,
    callOptions?: CallOptions,
  ): AsyncGenerator<ListRequestsResponse>;
  /**
   * Every request record matching `params`, across pages.
   * @example
   * ```ts
   * for await (const request of client.requests({ originChainId: 8453 })) console.log(request.id);
   * ```
   */
  requests(
    params?: Omit<ListRequestsParams, "continuation">,
    callOptions?: CallOptions,
  ): AsyncGenerator<RequestRecord>;
  /**
   * POST /quote/v2: the steps to run, all carrying the request id.
   * @throws SolanaTxTooLargeServiceError when the SVM deposit transaction would exceed 1232 bytes.
   * @example
   * ```ts
   * const quote = await client.quoteV2({ user, recipient, originChainId: 8453, destinationChainId: 10,
   *   originCurrency: usdc8453, destinationCurrency: usdc10, tradeType: "EXACT_INPUT", amount: "25000000" });
   * const requestId = quote.steps[0]?.requestId;
   * ```
   */
  quoteV2(body: QuoteV2Body, callOptions?: CallOptions): Promise<QuoteResponse>;
  /** POST /quote: the same members as `quoteV2`. */
  quote(body: QuoteBody, callOptions?: CallOptions): Promise<QuoteResponse>;
  /** POST /price: the quote's checks; the service stores nothing. */
  price(body: PriceBody, callOptions?: CallOptions): Promise<PriceResponse>;
  /**
   * POST /fast-fill, with the API key as `Authorization: Bearer`. Call it after the origin transaction
   * is submitted and before it finalizes; a hold is placed on your app balance.
   * @throws ServiceError `MISSING_API_KEY` (without sending anything) when the client has no key.
   * @example
   * ```ts
   * await createServiceClient({ baseUrl, apiKey }).fastFill({ requestId, maxFillAmountUsd: 500 });
   * ```
   */
  fastFill(body: FastFillBody, callOptions?: CallOptions): Promise<FastFillResponse>;
  /**
   * GET /intents/status/v3: the request's status and transaction hashes.
   * @example
   * ```ts
   * const { status, txHashes } = await client.getStatus(requestId);
   * ```
   */
  getStatus(requestId: string, callOptions?: CallOptions): Promise<StatusResponse>;
  /**
   * Polls the status until a final status (`success`, `failure`, `refund` or `fallback` by default, or `until`);
   * intermediate statuses, `delayed` (the destination fill is late, still processing) among them, pass by.
   * @throws StatusPollTimeoutError after `timeoutMs` (default 60 s); the abort reason when `signal` aborts.
   * @example
   * ```ts
   * const final = await client.waitForStatus(requestId, { until: ["success"], timeoutMs: 120_000 });
   * ```
   */
  waitForStatus(requestId: string, waitOptions?: WaitForStatusOptions): Promise<StatusResponse>;
  /**
   * GET /app-fees/{wallet}/balances: the app balance `wallet` funded.
   * @example
   * ```ts
   * const { amountUsd } = await client.getAppBalance("0x…");
   * ```
   */
  getAppBalance(wallet: string, callOptions?: CallOptions): Promise<AppBalanceResponse>;
  /**
   * GET /requests/{requestId}/signature: the solver's attestation. Check it with `verifyAttestation`
   * against the solver address you trust before acting on it.
   * @example
   * ```ts
   * const { requestData, signature } = await client.getSignature(requestId);
   * ```
   */
  getSignature(requestId: string, callOptions?: CallOptions): Promise<SignatureResponse>;
  /**
   * GET /chains: the chains the service serves; `protocol.v2 { chainId, depository }` on those that
   * take protocol orders. Pass it to `verifyQuoteOrder` as `chains` (the depository comes from here,
   * never from a quote); parse it once with `orderChainsFromChains` when checking many quotes.
   * @example
   * ```ts
   * const verdict = await verifyQuoteOrder(quote, { chains: await client.chains(), expectedPayer, solver });
   * ```
   */
  chains(callOptions?: CallOptions): Promise<ChainsResponse>;
  /**
   * POST /execute/permits: posts the user's signature over a `signature` step item's typed data
   * (`item.data.sign`) with the item's `post.body`. For a gasless quote, the relayer sends the deposit
   * once every item of the step is posted; check each typed data first with `verifyMulticallAuthorization`
   * and `verifyFundingAuthorization`.
   * @example
   * ```ts
   * const { sign, post } = item.data;
   * const signature = await wallet.signTypedData({ ...sign, message: sign.value });
   * await client.executePermits(signature, post.body);
   * ```
   */
  executePermits(
    signature: string,
    body: ExecutePermitsBody,
    callOptions?: CallOptions,
  ): Promise<ExecutePermitsResponse>;
}

/**
 * A client of the service at `options.baseUrl` (the real service or the local mock).
 * @param options `baseUrl`, and `apiKey` for the endpoints that need one.
 * @example
 * ```ts
 * const client = createServiceClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "devnet-api-key" });
 * const { requestData, signature } = await client.getSignature(requestId);
 * ```
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    schema: Schema<T>,
    init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal | undefined } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: "application/json",
      ...options.headers,
      ...init.headers,
    };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (cause) {
      if (init.signal?.aborted) throw init.signal.reason ?? cause;
      throw new ServiceRequestError(`${method} ${path} failed: ${(cause as Error)?.message ?? cause}`, {
        cause,
      });
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      throw new ServiceResponseError(
        response.status,
        `${method} ${path}: response is not JSON (status ${response.status})`,
      );
    }
    if (!response.ok) {
      const body = ErrorBodySchema.safeParse(json);
      const errorCode = body.success ? body.data.errorCode : `HTTP_${response.status}`;
      const message = body.success
        ? body.data.message
        : `${method} ${path} failed with status ${response.status}`;
      if (errorCode === "SOLANA_TX_TOO_LARGE")
        throw new SolanaTxTooLargeServiceError(response.status, message);
      throw new ServiceError(response.status, errorCode, message);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ServiceResponseError(
        response.status,
        `${method} ${path}: response does not match its schema (${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"})`,
      );
    }
    return parsed.data;
  }

  const requireKey = (what: string): string => {
    if (!options.apiKey)
      throw new ServiceError(
        0,
        "MISSING_API_KEY",
        `${what} needs an API key (createServiceClient({ apiKey }))`,
      );
    return options.apiKey;
  };
  const optionalKeyHeader = (): Record<string, string> =>
    options.apiKey ? { "x-api-key": options.apiKey } : {};

  const client: ServiceClient = {
    /** GET /requests/v3: one page. */
    listRequests(params: ListRequestsParams = {}, callOptions: CallOptions = {}) {
      const query = new URLSearchParams(encodeListRequestsQuery(params)).toString();
      return call("GET", `/requests/v3${query ? `?${query}` : ""}`, ListRequestsResponseSchema, {
        headers: { "x-api-key": requireKey("GET /requests/v3") },
        signal: callOptions.signal,
      });
    },

    /** Every page of GET /requests/v3, following `continuation` until the last page. */
    async *pages(params: Omit<ListRequestsParams, "continuation"> = {}, callOptions: CallOptions = {}) {
      let continuation: string | undefined;
      do {
        const page = await client.listRequests(
          { ...params, ...(continuation === undefined ? {} : { continuation }) },
          callOptions,
        );
        yield page;
        continuation = page.continuation ?? undefined;
      } while (continuation !== undefined);
    },

    /** Every request record matching `params`, across pages. */
    async *requests(
      params: Omit<ListRequestsParams, "continuation"> = {},
      callOptions: CallOptions = {},
    ): AsyncGenerator<RequestRecord> {
      for await (const page of client.pages(params, callOptions)) yield* page.requests;
    },

    /** POST /quote/v2. Throws `SolanaTxTooLargeServiceError` for oversized SVM deposits. */
    quoteV2(body: QuoteV2Body, callOptions: CallOptions = {}) {
      return call("POST", "/quote/v2", QuoteResponseSchema, {
        body,
        headers: optionalKeyHeader(),
        signal: callOptions.signal,
      });
    },
    /** POST /quote. */
    quote(body: QuoteBody, callOptions: CallOptions = {}) {
      return call("POST", "/quote", QuoteResponseSchema, {
        body,
        headers: optionalKeyHeader(),
        signal: callOptions.signal,
      });
    },
    /** POST /price. */
    price(body: PriceBody, callOptions: CallOptions = {}) {
      return call("POST", "/price", PriceResponseSchema, {
        body,
        headers: optionalKeyHeader(),
        signal: callOptions.signal,
      });
    },
    /** POST /fast-fill (Bearer key). A missing key rejects the returned promise. */
    async fastFill(body: FastFillBody, callOptions: CallOptions = {}) {
      return call("POST", "/fast-fill", FastFillResponseSchema, {
        body,
        headers: { authorization: `Bearer ${requireKey("POST /fast-fill")}` },
        signal: callOptions.signal,
      });
    },
    /** GET /intents/status/v3. */
    getStatus(requestId: string, callOptions: CallOptions = {}) {
      return call(
        "GET",
        `/intents/status/v3?requestId=${encodeURIComponent(requestId)}`,
        StatusResponseSchema,
        {
          signal: callOptions.signal,
        },
      );
    },
    /**
     * Polls the status until a final status (`FINAL_STATUSES` by default, or `until`).
     * Throws `StatusPollTimeoutError` after `timeoutMs`, or the abort reason when `signal` aborts.
     */
    async waitForStatus(requestId: string, waitOptions: WaitForStatusOptions = {}): Promise<StatusResponse> {
      const timeoutMs = waitOptions.timeoutMs ?? 60_000;
      const intervalMs = waitOptions.intervalMs ?? 1000;
      const until = new Set<string>(waitOptions.until ?? FINAL_STATUSES);
      const deadline = Date.now() + timeoutMs;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = waitOptions.signal ? AbortSignal.any([waitOptions.signal, timeout]) : timeout;
      let last: string | null = null;
      try {
        for (;;) {
          const status = await client.getStatus(requestId, { signal });
          last = status.status;
          waitOptions.onStatus?.(status);
          if (until.has(status.status)) return status;
          const left = deadline - Date.now();
          if (left <= 0) break;
          await sleep(Math.min(intervalMs, left), signal);
        }
      } catch (error) {
        if (waitOptions.signal?.aborted) throw waitOptions.signal.reason;
        if (!timeout.aborted) throw error;
      }
      throw new StatusPollTimeoutError(requestId, timeoutMs, last);
    },
    /** GET /app-fees/{wallet}/balances. */
    getAppBalance(wallet: string, callOptions: CallOptions = {}) {
      return call("GET", `/app-fees/${encodeURIComponent(wallet)}/balances`, AppBalanceResponseSchema, {
        signal: callOptions.signal,
      });
    },
    /** GET /requests/{requestId}/signature: the solver attestation (check it with `verifyAttestation`). */
    getSignature(requestId: string, callOptions: CallOptions = {}) {
      return call("GET", `/requests/${encodeURIComponent(requestId)}/signature`, SignatureResponseSchema, {
        signal: callOptions.signal,
      });
    },
    /** GET /chains: the chains served, with their protocol depositories. */
    chains(callOptions: CallOptions = {}) {
      return call("GET", "/chains", ChainsResponseSchema, { signal: callOptions.signal });
    },
    executePermits(signature: string, body: ExecutePermitsBody, callOptions: CallOptions = {}) {
      return call(
        "POST",
        `/execute/permits?signature=${encodeURIComponent(signature)}`,
        ExecutePermitsResponseSchema,
        { body, headers: optionalKeyHeader(), signal: callOptions.signal },
      );
    },
  };
  return client;
}
