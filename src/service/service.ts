/**
 * The mock service: a Fastify app on 127.0.0.1 implementing every endpoint of the service interface with the
 * rules of sections 3, 5, 7 and 8, over SQLite state. Embeddable in-process (`app.inject`) or
 * listening on loopback.
 */
import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { type Address, type Hex, verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseEvmAddress } from "../address/index.ts";
import { signRequestData } from "../attestation/index.ts";
import { describeValue } from "../describe.ts";
import { APP_BALANCE_CHAIN_ID } from "../funding/index.ts";
import {
  ORDER_VERSIONS,
  type OrderVersion,
  type RouterShape,
  signOrderId,
  UnsupportedOrderVersionError,
} from "../orders/index.ts";
import {
  AppBalanceParamsSchema,
  AppBalanceResponseSchema,
  ExecutePermitsBodySchema,
  ExecutePermitsQuerySchema,
  ExecutePermitsResponseSchema,
  FastFillBodySchema,
  FastFillResponseSchema,
  ListRequestsQuerySchema,
  PriceBodySchema,
  PriceResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  QuoteV2BodySchema,
  type RequestData,
  SignatureParamsSchema,
  SignatureResponseSchema,
  StatusQuerySchema,
  StatusResponseSchema,
} from "../schemas/index.ts";
import { assertSvmAddress, SVM_CHAIN_ID } from "../svm/index.ts";
import { type ActivityEvent, ActivityFeed, type ActivityListener } from "./activity.ts";
import { registerApiDocs } from "./api-docs.ts";
import {
  ApiKeyRegistry,
  optionalKey,
  requireFastFillKey,
  requireXApiKey,
  sponsorshipLinkMessage,
} from "./auth.ts";
import { appBalanceResponse, applyFunding } from "./balances.ts";
import { acceptEmptyJsonBodies, registerBrowserGuard } from "./browser-guard.ts";
import type { ChainAdapter } from "./chains/types.ts";
import { ClockTimers } from "./clock-timers.ts";
import { registerCors } from "./cors.ts";
import { type CorsOrigins, DEFAULT_CORS_ORIGINS } from "./cors-origins.ts";
import { crashPoint } from "./crash-points.ts";
import { CursorCodec } from "./cursor.ts";
import { DepositAddressWatcher } from "./deposit-address-watcher.ts";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  parseOr400,
  toErrorResponse,
  unauthorized,
} from "./errors.ts";
import { type ChainRouters, fillRoutersOf } from "./fill-routers.ts";
import { type GaslessChain, GaslessRelayer } from "./gasless.ts";
import { healthReport } from "./health.ts";
import { type AllowedHosts, registerHostGuard } from "./host-guard.ts";
import {
  HealthQuerySchema,
  HealthResponseSchema,
  LinkSponsorshipWalletBodySchema,
  MockClaimBodySchema,
  MockDepositBodySchema,
  MockFundingBodySchema,
  RequestIdParamsSchema,
  TransactionsIndexBodySchema,
  WalletParamsSchema,
} from "./http-schemas.ts";
import { ChainSolver, Indexer } from "./indexer.ts";
import { Ledger } from "./ledger.ts";
import { orderChainsOf, orderVerificationField } from "./leg-verification.ts";
import { Lifecycle, type Solver, statusOf } from "./lifecycle.ts";
import { listRequests } from "./list-requests.ts";
import { loggerOptions, type ServiceLoggerOption } from "./logger.ts";
import { type ProtocolChain, protocolChains } from "./protocol-chains.ts";
import { chainsResponse, type PublicChain } from "./public-chains.ts";
import { buildQuote, type QuoteContext, type ReceiverConfig } from "./quotes.ts";
import type { StoredRequest } from "./records.ts";
import { getRequest, insertRequest } from "./requests-repo.ts";
import {
  registerScenarioRoutes,
  ScenarioBook,
  ScenarioDirector,
  type ScenarioInput,
} from "./scenarios/index.ts";
import { recordServedRoutes, type ServedRoute } from "./served-routes.ts";
import { type DatabaseRows, restoreDatabase } from "./snapshot.ts";
import { rememberSolverKeys } from "./solver-keys.ts";
import { StatusFeed } from "./status-feed.ts";
import { Store } from "./store.ts";
import { type TokenInfo, TokenRegistry } from "./tokens.ts";
import { indexTransaction } from "./transactions-index.ts";
import { createWebhooks, type WebhookDispatcher, type WebhookOptions } from "./webhooks/index.ts";
import { registerWebhookRoutes } from "./webhooks/routes.ts";

/** Options of `createService`. */
export interface ServiceOptions {
  /**
   * SQLite database: ":memory:" (default) or a file path. An existing file is integrity-checked and
   * refused when damaged; a missing or empty one is created only with `newDb` (`DatabaseFileError`).
   */
  db?: string;
  /** Create the `db` file when it is missing or empty (a deliberate fresh start). */
  newDb?: boolean;
  /** Rows that replace the database's before the service starts (a devnet's saved state, `snapshot.ts`). */
  initialState?: DatabaseRows;
  /** The solver's EVM private key: signs attestations (service interface: Attestation) and identifies funding transfers. */
  solverPrivateKey: Hex;
  /** Accepted API keys. */
  apiKeys: readonly string[];
  /** The solver's address on the SVM chain (default: a fixed mock address). */
  svmSolverAddress?: string;
  /** Chain adapters for the indexer and solver; without them fills are simulated. */
  chains?: readonly ChainAdapter[];
  /**
   * The only chains a quote may touch (default: any, fills on chains without an adapter simulated);
   * others get 400 UNSUPPORTED_CHAIN. The devnet sets its own chains.
   */
  quoteChains?: readonly number[];
  /** Blocks needed for finality per chain id (default 1). */
  confirmations?: Readonly<Record<number, number>>;
  /** Poll interval of the indexer in ms (default 500; 0 disables polling, call `indexer.tick()`). */
  indexerIntervalMs?: number;
  /**
   * Run the indexer without polling too: a pass at start and one on every `indexer.wake()`, which
   * whoever sees the chains change calls (the devnet does when a chain mines a block or closes a slot).
   * Default false: with `indexerIntervalMs` 0 the indexer runs only on `indexer.tick()`.
   */
  indexOnWake?: boolean;
  /** Receiver contracts per EVM chain id (onchain validation path of deposits). */
  receivers?: Readonly<Record<number, ReceiverConfig>>;
  /** Extra tokens with mock prices. */
  tokens?: readonly TokenInfo[];
  /** Structured logs (pino), default off. Keys are redacted. */
  logger?: ServiceLoggerOption;
  /** Fast-fill hold timeout before it becomes a permanent debit (default 10 minutes). */
  holdTimeoutMs?: number;
  /** How often expired holds are settled (default 1 s; 0 disables the timer). */
  holdSweepIntervalMs?: number;
  /** Validate every 200 response against its schema (default true). */
  validateResponses?: boolean;
  /** Replaces the solver (tests). */
  solver?: Solver;
  /** Relayer fee in bps (default 10) and flat gas fee in USD micro-units (default 50_000). */
  relayerFeeBps?: number;
  gasFeeMicroUsd?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Chains listed by GET /chains for SDK clients (`configureDynamicChains()`); default none. */
  publicChains?: readonly PublicChain[];
  /**
   * Protocol chain id strings and depositories by numeric chain id, for orders and GET /chains
   * (`protocol.v2`); default: ethereum (1), optimism (10), base (8453), arbitrum (42161), solana
   * (792703809), each with its VM's canonical depository.
   */
  protocolChains?: Readonly<Record<number, Partial<ProtocolChain>>>;
  /**
   * The format of the protocol orders quotes carry (`protocol.v2.orderData`): `"v1"` (default, the
   * format the service serves today) or `"v2"` (the settlement SDK's next format).
   */
  orderVersion?: OrderVersion;
  /**
   * The fill contracts (routers) deployed per EVM chain id, by shape (`"v3.1"`, `"v3.2"`): GET /chains
   * lists them under `contracts`, the solver fills and refunds through the `routerShape` one when a
   * leg needs a contract (user calls, native currency to an account with code), and v1 orders name it
   * in their `extraData`. Default none: every leg is a plain transfer.
   */
  routers?: Readonly<Record<number, ChainRouters>>;
  /** The router shape the solver fills through (default `"v3.2"`, the service's since 2026-10-26). */
  routerShape?: RouterShape;
  /**
   * Approval proxies per EVM chain id: quotes with `usePermit: true` on those chains are gasless, the
   * chain adapter's solver account relays them (POST /execute/permits). Default none.
   */
  gasless?: Readonly<Record<number, { approvalProxy: string }>>;
  /** Browser origins allowed by CORS (default: any localhost / 127.0.0.1 origin). */
  corsOrigins?: CorsOrigins;
  /** Host header names answered (default: loopback names only, against DNS rebinding); `"*"` for any. */
  allowedHosts?: AllowedHosts;
  /** Webhooks: endpoints by API key and delivery tuning (docs/service.md, Webhooks). */
  webhooks?: WebhookOptions;
  /**
   * Scenarios (mock-only, docs/guides/test-failure-handling.md): `true`, or the scenarios to start
   * with, turns on `/_mock/scenarios` and `service.scenarios`; default off. Scenarios live in the
   * database: the ones given here replace any it kept (a database file, a saved state).
   */
  scenarios?: boolean | readonly ScenarioInput[];
}

/** A mock service instance: its HTTP app, store, indexer and webhook dispatcher. */
export interface Service {
  /** The Fastify app serving the HTTP API. */
  app: FastifyInstance;
  /** Every route registered on `app` (Fastify's HEAD twin of each GET included), in OpenAPI path form. */
  routes: readonly ServedRoute[];
  /** Listens on 127.0.0.1 (port 0 = any free port); resolves to the base URL. */
  listen(port?: number): Promise<string>;
  /**
   * Stops the HTTP server, the indexer and the webhook sender, and closes the store. Fills and
   * refunds in flight are awaited, for at most `graceMs` when given: one still unfinished then (its
   * chain has not included it) is handed back, its signed transaction kept in the outbox for the next
   * start on the database to resume. Webhook attempts in flight are cut off unrecorded (posted again).
   */
  close(options?: { graceMs?: number }): Promise<void>;
  store: Store;
  ledger: Ledger;
  lifecycle: Lifecycle;
  indexer: Indexer | null;
  /** Settles when the start-up reconciliation is done (`listen` and the indexer wait for it). */
  ready: Promise<void>;
  solverAddress: Address;
  svmSolverAddress: string;
  /** Inserts request records directly (fixtures, benchmarks, tests). */
  seedRequests(requests: readonly StoredRequest[]): void;
  /** The webhook outbox and its sender: endpoints, the delivery log, `drained()`. */
  webhooks: WebhookDispatcher;
  /** The scenarios the mock holds (add, list, remove); null unless `scenarios` turned them on. */
  scenarios: ScenarioBook | null;
  /**
   * What the service does when its clock (`now`) jumps or stops (the devnet's clock tells it):
   * scenario holds and held sightings due by then end at once, due webhook retries go out, expired
   * fast-fill holds are debited; while paused no timer of the service fires.
   */
  clock: ServiceClockEvents;
  /**
   * Suspends the service's scenario holds for a devnet snapshot or revert (none is waited for) and
   * returns the function that starts them again from the database as it is then, with their deadlines.
   */
  suspendHolds(): () => void;
  /** Subscribes to quotes, deposits seen, fills, holds and refunds; returns the unsubscribe function. */
  onActivity(listener: ActivityListener): () => void;
}

/** The service's clock changed under it (the devnet's clock moved, paused or runs again). */
export interface ServiceClockEvents {
  /** The clock jumped: what came due fires now, due webhook retries go out, passed holds expire. */
  moved(): void;
  /** The clock stopped: no timer of the service fires until `resumed`. */
  paused(): void;
  /** The clock runs again. */
  resumed(): void;
}

/** Default SVM solver address of the mock (any valid base58 key works). */
export const DEFAULT_SVM_SOLVER = "So1ver1111111111111111111111111111111111111";

const MOCK_MESSAGE_PATH = "/_mock/sponsorship-wallets/message";

/**
 * The mock service: every endpoint of the service's interface with its validation rules, real
 * attestations signed by `solverPrivateKey`, and, with `chains`, indexing and filling through them.
 * @param options the solver key and the accepted API keys are required; the rest has defaults.
 * @returns the service; `listen(0)` starts it on a free port of 127.0.0.1 and resolves with its URL.
 * @example
 * ```ts
 * const service = createService({ solverPrivateKey: TEST_SOLVER_KEY, apiKeys: ["test-key"], logger: false });
 * const baseUrl = await service.listen(0);
 * // ... createServiceClient({ baseUrl, apiKey: "test-key" }) ...
 * await service.close();
 * ```
 */
export function createService(options: ServiceOptions): Service {
  const account = privateKeyToAccount(options.solverPrivateKey);
  const store = new Store(options.db ?? ":memory:", { newDb: options.newDb ?? false });
  const ledger = new Ledger(store);
  const keys = new ApiKeyRegistry(options.apiKeys);
  const tokens = new TokenRegistry(options.tokens ?? []);
  const now = options.now ?? Date.now;
  const validateResponses = options.validateResponses ?? true;
  const svmSolverAddress = options.svmSolverAddress ?? DEFAULT_SVM_SOLVER;
  assertSvmAddress(svmSolverAddress, "svmSolverAddress");
  const orderVersion = options.orderVersion ?? "v1";
  if (!ORDER_VERSIONS.includes(orderVersion)) {
    throw new UnsupportedOrderVersionError(
      `orderVersion must be one of ${ORDER_VERSIONS.join(", ")}, got ${describeValue(orderVersion)}`,
    );
  }
  const routers = fillRoutersOf(options.routers, options.routerShape);
  const adapters = options.chains ?? [];
  const adapterByChain = new Map(adapters.map((adapter) => [adapter.chainId, adapter]));
  const formerSolvers = rememberSolverKeys(
    store,
    (["evm", "svm"] as const).map((vm) => {
      const onVm = adapters.filter((adapter) => adapter.vm === vm);
      return {
        vm,
        // The signing key is the service's EVM key even with no EVM chain to index.
        keys: [...(vm === "evm" ? [account.address] : []), ...onVm.map((adapter) => adapter.solverAddress)],
        chainIds: onVm.map((adapter) => adapter.chainId),
      };
    }),
    now(),
  );
  for (const adapter of adapters) adapter.addFormerSolvers?.(formerSolvers.get(adapter.vm) ?? []);
  const cursorSecret = createHash("sha256")
    .update(`attestkit-cursor:${options.solverPrivateKey.toLowerCase()}`)
    .digest();
  const cursors = new CursorCodec(cursorSecret);

  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 256 },
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    return503OnClosing: true,
    // Malformed HTTP (bad request line, bad headers) never reaches a route: answer in the same shape.
    clientErrorHandler(error, socket) {
      if (!socket.writable) return;
      const code = (error as { code?: string }).code;
      const status = code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
      const body = JSON.stringify({ errorCode: "BAD_HTTP_REQUEST", message: "malformed HTTP request" });
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    },
    frameworkErrors(error, _request, reply) {
      (reply as unknown as FastifyReply)
        .code(400)
        .send({ errorCode: "BAD_URL", message: error.message.slice(0, 300) });
    },
  });

  const routes = recordServedRoutes(app);

  const timers = new ClockTimers(now);
  const webhooks = createWebhooks({
    store,
    apiKeys: options.apiKeys,
    now,
    timers,
    options: options.webhooks ?? {},
    onError: (error, context) => app.log.warn({ err: error }, context),
  });

  const statusFeed = new StatusFeed({
    store,
    keys,
    now,
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.corsOrigins ? { origins: options.corsOrigins } : {}),
  });
  statusFeed.attach(app.server);
  registerHostGuard(app, options.allowedHosts);
  registerBrowserGuard(app, options.corsOrigins ?? DEFAULT_CORS_ORIGINS);
  registerCors(app, options.corsOrigins);
  acceptEmptyJsonBodies(app);
  const activity = new ActivityFeed();
  const protocol = protocolChains(options.protocolChains);
  const director = createScenarios(options.scenarios, store, adapterByChain, now, timers, (error, context) =>
    app.log.warn({ err: error }, context),
  );
  const lifecycle = new Lifecycle({
    store,
    ledger,
    solver: options.solver ?? new ChainSolver(adapters, store, orderChainsOf(protocol), routers.active),
    holdTimeoutMs: options.holdTimeoutMs ?? 10 * 60_000,
    now,
    onError: (error, context) => app.log.warn({ err: error }, context),
    onActivity: (event: ActivityEvent) => activity.emit(event),
    ...(director === null ? {} : { scenarios: director }),
  });
  const indexer =
    adapters.length > 0
      ? new Indexer({
          store,
          ledger,
          lifecycle: () => lifecycle,
          tokens,
          solverEvm: account.address,
          adapters,
          ...(options.confirmations ? { confirmations: options.confirmations } : {}),
          onError: (error, context) => app.log.warn({ err: error }, context),
          onQuarantine: (tx) => {
            app.log.warn(
              { chainId: tx.chainId, txHash: tx.txHash, block: tx.block, reason: tx.reason },
              "transaction quarantined: its processing failed; the indexer moved past it unbooked",
            );
            const { chainId, txHash, block, reason } = tx;
            activity.emit({ kind: "quarantine", chainId, txHash, block, reason });
          },
          now,
          ready: () => ready,
          depositAddresses: new DepositAddressWatcher({
            store,
            now,
            onError: (error, context) => app.log.warn({ err: error }, context),
          }),
        })
      : null;

  const svmBlockhashSource = adapters.find((adapter) => adapter.chainId === SVM_CHAIN_ID);
  const quoteContext: QuoteContext = {
    tokens,
    solverEvm: account.address,
    solverSvm: svmSolverAddress,
    receivers: new Map(
      Object.entries(options.receivers ?? {}).map(([chainId, receiver]) => [Number(chainId), receiver]),
    ),
    attest: (requestId, requestData) => signRequestData(account, requestId, requestData),
    ...(svmBlockhashSource?.latestBlockhash
      ? { svmLatestBlockhash: svmBlockhashSource.latestBlockhash.bind(svmBlockhashSource) }
      : {}),
    ...(svmBlockhashSource?.nativeDepositMinimum
      ? { svmNativeDepositMinimum: svmBlockhashSource.nativeDepositMinimum.bind(svmBlockhashSource) }
      : {}),
    ...(options.quoteChains === undefined ? {} : { chains: new Set(options.quoteChains) }),
    ...(svmBlockhashSource?.tokenProgramOf
      ? { svmTokenProgram: svmBlockhashSource.tokenProgramOf.bind(svmBlockhashSource) }
      : {}),
    allowance: async (chainId, token, owner, spender) => {
      const adapter = adapterByChain.get(chainId);
      return adapter?.allowance ? adapter.allowance(token, owner, spender) : null;
    },
    relayerFeeBps: BigInt(options.relayerFeeBps ?? 10),
    gasFeeMicroUsd: BigInt(options.gasFeeMicroUsd ?? 50_000),
    orders: {
      chains: protocol,
      solverEvm: account.address,
      solverSvm: svmSolverAddress,
      signOrderId: (orderId) => signOrderId(account, orderId),
      version: orderVersion,
      fillRouters: routers.active,
    },
    fillRouters: routers.active,
    gasless: gaslessChains(options.gasless, adapterByChain),
    depositAddresses: (chainId) => {
      const adapter = adapterByChain.get(chainId);
      return adapter?.depositAddresses === undefined
        ? undefined
        : { chain: adapter.depositAddresses, head: () => adapter.head() };
    },
  };
  const gaslessRelayer = new GaslessRelayer({ store, adapters: adapterByChain, now });

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    if (statusCode >= 500) request.log.error({ err: error }, "unhandled error");
    reply.code(statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      errorCode: "NOT_FOUND",
      message: `no route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}`,
    });
  });

  const send = <T>(
    reply: FastifyReply,
    schema: { safeParse(value: unknown): { success: boolean } },
    body: T,
  ): T => {
    if (validateResponses && !schema.safeParse(body).success) {
      throw new Error("response failed its own schema");
    }
    reply.header("cache-control", "no-store");
    return body;
  };
  const headers = (request: FastifyRequest) => request.headers as Record<string, unknown>;

  // --- GET /requests/v3 (4.1)
  app.get("/requests/v3", async (request, reply) => {
    const keyHash = requireXApiKey(keys, headers(request));
    const query = parseOr400(ListRequestsQuerySchema, request.query, "query", "INVALID_QUERY");
    const page = listRequests(store, cursors, query, keyHash);
    reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
    return page.body;
  });

  // --- POST /quote/v2, /quote, /price (4.2, 4.3, 4.8)
  const quoteRoute = (
    path: string,
    schema: typeof QuoteV2BodySchema | typeof PriceBodySchema,
    responseSchema: typeof QuoteResponseSchema | typeof PriceResponseSchema,
    persist: boolean,
  ) => {
    app.post(path, async (request, reply) => {
      const body = parseOr400(schema, request.body, "body", "INVALID_REQUEST");
      const result = await buildQuote(quoteContext, body, {
        persist,
        apiKeyHash: optionalKey(keys, headers(request)),
        now: now(),
      });
      if (result.request) {
        insertRequest(store, result.request);
        director?.onQuoted(result.request);
        const { meta } = result.request;
        activity.emit({
          kind: "quote",
          requestId: result.request.record.id,
          originChainId: meta.originChainId,
          destinationChainId: meta.destinationChainId,
          amountIn: result.response.details.currencyIn.amountFormatted,
          symbolIn: meta.originSymbol,
          amountOut: result.response.details.currencyOut.amountFormatted,
          symbolOut: meta.destinationSymbol,
        });
      }
      return send(reply, responseSchema, result.response);
    });
  };
  quoteRoute("/quote/v2", QuoteV2BodySchema, QuoteResponseSchema, true);
  quoteRoute("/quote", QuoteBodySchema, QuoteResponseSchema, true);
  quoteRoute("/price", PriceBodySchema, PriceResponseSchema, false);

  // --- POST /fast-fill (4.4, 3)
  app.post("/fast-fill", async (request, reply) => {
    const keyHash = requireFastFillKey(keys, headers(request));
    const body = parseOr400(FastFillBodySchema, request.body, "body", "INVALID_REQUEST");
    const outcome = await lifecycle.fastFill({
      keyHash,
      requestId: body.requestId,
      ...(body.maxFillAmountUsd === undefined ? {} : { maxFillAmountUsd: body.maxFillAmountUsd }),
      ...(body.solverInputCurrencyAmount === undefined
        ? {}
        : { solverInputCurrencyAmount: body.solverInputCurrencyAmount }),
    });
    return send(reply, FastFillResponseSchema, outcome);
  });

  // --- GET /intents/status/v3 (4.5)
  app.get("/intents/status/v3", async (request, reply) => {
    const query = parseOr400(StatusQuerySchema, request.query, "query", "INVALID_QUERY");
    const stored = getRequest(store, query.requestId);
    if (stored === null) throw notFound("REQUEST_NOT_FOUND", `no request with id ${query.requestId}`);
    return send(reply, StatusResponseSchema, {
      ...statusOf(stored.record),
      ...orderVerificationField(stored.meta),
    });
  });

  // --- GET /app-fees/{wallet_address}/balances (4.6)
  app.get("/app-fees/:wallet_address/balances", async (request, reply) => {
    const params = parseOr400(AppBalanceParamsSchema, request.params, "path", "INVALID_ADDRESS");
    const wallet = parseEvmAddress(params.wallet_address, "wallet_address");
    ledger.settleExpiredHolds(now());
    return send(reply, AppBalanceResponseSchema, appBalanceResponse(ledger, wallet));
  });

  // --- GET /requests/{requestId}/signature (4.7)
  app.get("/requests/:requestId/signature", async (request, reply) => {
    const params = parseOr400(SignatureParamsSchema, request.params, "path", "INVALID_REQUEST_ID");
    const stored = getRequest(store, params.requestId);
    if (stored === null) throw notFound("REQUEST_NOT_FOUND", `no request with id ${params.requestId}`);
    const requestData: RequestData = {
      originChainId: stored.meta.originChainId,
      originUser: stored.record.user,
      originCurrency: stored.meta.originCurrency,
      originAmount: stored.meta.originAmount,
      destinationChainId: stored.meta.destinationChainId,
      destinationUser: stored.record.recipient,
    };
    const signature = await signRequestData(account, stored.record.id, requestData);
    return send(reply, SignatureResponseSchema, { requestData, signature });
  });

  // --- SDK compatibility (beyond the service interface, docs/sdk.md): chain list and deposit notices
  const indexedChains = new Set(adapters.map((adapter) => adapter.chainId));
  const publicChains = chainsResponse(
    options.publicChains ?? [],
    protocol,
    routers,
    (chainId) => adapterByChain.get(chainId)?.depositAddresses?.contracts,
  );
  app.get("/chains", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return publicChains;
  });
  app.post("/execute/permits", async (request, reply) => {
    const query = parseOr400(ExecutePermitsQuerySchema, request.query, "query", "INVALID_SIGNATURE");
    const body = parseOr400(ExecutePermitsBodySchema, request.body, "body", "INVALID_REQUEST");
    const outcome = await gaslessRelayer.accept(
      body,
      query.signature as Hex,
      optionalKey(keys, headers(request)),
    );
    return send(reply, ExecutePermitsResponseSchema, outcome);
  });
  app.post("/transactions/index", async (request) => {
    const body = parseOr400(TransactionsIndexBodySchema, request.body, "body", "INVALID_REQUEST");
    return indexTransaction(indexer, indexedChains, body);
  });

  // --- OpenAPI 3.1 document and its docs UI
  registerApiDocs(app);

  // --- Mock-only administration (not part of the real service): who may call what is `ROUTE_ACCESS`.
  const anyKey = (request: FastifyRequest): string => {
    const hash = optionalKey(keys, headers(request));
    if (hash === null)
      throw unauthorized("INVALID_API_KEY", "a valid API key (x-api-key or Bearer) is required");
    return hash;
  };
  app.get(MOCK_MESSAGE_PATH, async (request) => ({ message: sponsorshipLinkMessage(anyKey(request)) }));
  app.post("/_mock/sponsorship-wallets", async (request) => {
    const keyHash = anyKey(request);
    const body = parseOr400(LinkSponsorshipWalletBodySchema, request.body, "body");
    const wallet = parseEvmAddress(body.wallet, "wallet");
    let valid = false;
    try {
      valid = await verifyMessage({
        address: wallet,
        message: sponsorshipLinkMessage(keyHash),
        signature: body.signature as Hex,
      });
    } catch {
      valid = false;
    }
    if (!valid) {
      throw badRequest(
        "INVALID_LINK_SIGNATURE",
        `signature is not ${wallet}'s EIP-191 signature of the link message (GET ${MOCK_MESSAGE_PATH})`,
      );
    }
    ledger.linkSponsorshipWallet(keyHash, wallet, now());
    return { wallet, linked: true };
  });
  app.post("/_mock/requests/:requestId/deposit", async (request) => {
    const keyHash = anyKey(request);
    const params = parseOr400(RequestIdParamsSchema, request.params, "path", "INVALID_REQUEST_ID");
    const body = parseOr400(MockDepositBodySchema, request.body ?? {}, "body");
    const stored = getRequest(store, params.requestId);
    if (stored === null) throw notFound("REQUEST_NOT_FOUND", `no request with id ${params.requestId}`);
    requireQuotingKey(stored, keyHash);
    if (indexedChains.has(stored.meta.originChainId)) {
      throw conflict(
        "DEPOSIT_CHAIN_INDEXED",
        `chain ${stored.meta.originChainId} is indexed: the service sees its deposits on chain; manual deposits stand in for chains that are not wired`,
      );
    }
    const updated = lifecycle.observeDeposit({
      requestId: stored.record.id,
      txHash: body.txHash ?? `0x${createHash("sha256").update(`deposit:${stored.record.id}`).digest("hex")}`,
      chainId: stored.meta.originChainId,
      block: body.block ?? 1,
      final: body.final ?? false,
      ...(body.from ? { from: body.from } : {}),
      ...(body.amount ? { amount: body.amount } : {}),
      ...(body.currency ? { currency: body.currency } : {}),
    });
    return { status: updated?.record.status ?? null };
  });
  app.post("/_mock/funding", async (request) => {
    anyKey(request);
    const body = parseOr400(MockFundingBodySchema, request.body, "body");
    const credited = applyFunding(ledger, tokens, account.address, {
      chainId: APP_BALANCE_CHAIN_ID,
      ...body,
    });
    return {
      credited: credited === null ? null : { wallet: credited.wallet, amount: credited.amount.toString() },
    };
  });
  app.post("/_mock/app-balances/:wallet/claim", async (request) => {
    const keyHash = anyKey(request);
    const params = parseOr400(WalletParamsSchema, request.params, "path", "INVALID_ADDRESS");
    const body = parseOr400(MockClaimBodySchema, request.body, "body");
    const linked = ledger.sponsorshipWallet(keyHash);
    if (linked === null || linked !== params.wallet.toLowerCase()) {
      throw forbidden(
        "WALLET_NOT_LINKED_TO_KEY",
        `${params.wallet} is not the fee sponsorship wallet linked to this API key: only that key claims from its balance`,
      );
    }
    const amount = BigInt(body.amount);
    if (amount > 10n ** 15n) throw badRequest("INVALID_AMOUNT", "claim amount too large");
    ledger.claim(params.wallet, amount, now());
    return { claimed: body.amount };
  });
  app.post("/_mock/holds/settle", async (request) => {
    anyKey(request);
    return { debited: ledger.settleExpiredHolds(now()) };
  });
  app.get("/_mock/health", async (request, reply) => {
    const query = parseOr400(HealthQuerySchema, request.query, "query", "INVALID_QUERY");
    return send(reply, HealthResponseSchema, healthReport(store, [...indexedChains], query));
  });
  registerWebhookRoutes(app, keys, webhooks.dispatcher, now);
  registerScenarioRoutes(app, keys, director);

  let sweep: NodeJS.Timeout | null = null;
  const sweepMs = options.holdSweepIntervalMs ?? 1000;
  let closed = false;
  // What a crash left half done is carried out (or found on chain) before anything new is acted on.
  // A saved state replaces the rows once every table exists, before anything reads them.
  if (options.initialState) restoreDatabase(store, options.initialState);
  if (director !== null && Array.isArray(options.scenarios)) director.book.replaceAll(options.scenarios);
  const ready = lifecycle.resume().catch((error) => app.log.error({ err: error }, "start-up reconciliation"));
  // Holds expire only after the reconciliation: a fast fill cut short by a crash is completed first.
  if (sweepMs > 0) {
    ready.then(() => {
      if (closed) return;
      sweep = setInterval(() => {
        try {
          if (ledger.settleExpiredHolds(now()).length > 0) crashPoint("hold-expired");
        } catch (error) {
          app.log.warn({ err: error }, "hold sweep");
        }
      }, sweepMs);
      sweep.unref();
    });
  }
  ready.then(() => {
    if (!closed) webhooks.dispatcher.start();
  });
  const interval = options.indexerIntervalMs ?? 500;
  if (indexer && (interval > 0 || options.indexOnWake)) {
    ready.then(() => {
      if (!closed) indexer.start(interval);
    });
  }

  return {
    app,
    routes,
    store,
    ledger,
    lifecycle,
    indexer,
    ready,
    webhooks: webhooks.dispatcher,
    scenarios: director?.book ?? null,
    clock: {
      moved() {
        timers.moved();
        if (closed) return;
        try {
          ledger.settleExpiredHolds(now());
        } catch (error) {
          app.log.warn({ err: error }, "hold sweep");
        }
        webhooks.dispatcher.wake();
      },
      paused: () => timers.paused(),
      resumed() {
        timers.resumed();
        webhooks.dispatcher.wake();
      },
    },
    suspendHolds() {
      if (director === null) return () => {};
      director.suspend();
      return () => {
        director.resume();
        if (!closed) lifecycle.resumeHeld();
      };
    },
    solverAddress: account.address,
    svmSolverAddress,
    async listen(port = 0) {
      await ready;
      await app.listen({ host: "127.0.0.1", port });
      const address = app.server.address();
      if (address === null || typeof address === "string") throw new Error("no TCP address");
      return `http://127.0.0.1:${address.port}`;
    },
    async close({ graceMs }: { graceMs?: number } = {}) {
      if (closed) return;
      closed = true;
      if (sweep) clearInterval(sweep);
      await indexer?.stop();
      statusFeed.close();
      await app.close();
      director?.close();
      timers.clear();
      if (graceMs === undefined) await lifecycle.idle();
      else {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([
          lifecycle.idle(),
          new Promise((resolve) => (grace = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(grace);
      }
      await webhooks.dispatcher.stop();
      webhooks.detach();
      for (const adapter of adapters) await adapter.close?.();
      store.close();
    },
    onActivity: (listener) => activity.subscribe(listener),
    seedRequests(requests) {
      store.transaction(() => {
        for (const request of requests) insertRequest(store, request);
      });
      // Fresh statistics let the planner pick between the sort index and the filter indexes.
      store.db.exec("ANALYZE");
    },
  };
}

export { SVM_CHAIN_ID };

/** A request is moved only by the key it was quoted with; one quoted without a key by any valid key. */
function requireQuotingKey(stored: StoredRequest, keyHash: string): void {
  if (stored.meta.apiKeyHash !== null && stored.meta.apiKeyHash !== keyHash) {
    throw forbidden(
      "NOT_REQUEST_KEY",
      "this request was quoted with another API key: only that key may report its deposit",
    );
  }
}

/** The scenario engine when `scenarios` turns it on, else null (the scenarios to start with are added once the database holds its state). */
function createScenarios(
  scenarios: ServiceOptions["scenarios"],
  store: Store,
  adapters: ReadonlyMap<number, ChainAdapter>,
  now: () => number,
  timers: ClockTimers,
  onError: (error: unknown, context: string) => void,
): ScenarioDirector | null {
  if (scenarios === undefined || scenarios === false) return null;
  return new ScenarioDirector({ book: new ScenarioBook(store, now), adapters, now, timers, onError });
}

/** The gasless chains of `createService`'s option, each relayed by its chain adapter's solver account. */
function gaslessChains(
  proxies: ServiceOptions["gasless"],
  adapters: ReadonlyMap<number, ChainAdapter>,
): ReadonlyMap<number, GaslessChain> {
  const chains = new Map<number, GaslessChain>();
  for (const [chainId, { approvalProxy }] of Object.entries(proxies ?? {})) {
    const adapter = adapters.get(Number(chainId));
    if (adapter === undefined || adapter.vm !== "evm") {
      throw new Error(`gasless: chain ${chainId} needs an EVM chain adapter to relay through`);
    }
    chains.set(Number(chainId), {
      approvalProxy: parseEvmAddress(approvalProxy, `gasless[${chainId}].approvalProxy`),
      relayer: parseEvmAddress(adapter.solverAddress, "solverAddress"),
      tokenDomain: async (token) => (await adapter.eip712Domain?.(token)) ?? null,
    });
  }
  return chains;
}
