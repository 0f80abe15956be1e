/**
 * The devnet: in one process, two EVM chains on Hardhat EDR (8453 and 10, each on JSON-RPC at
 * 127.0.0.1), the SVM chain on LiteSVM (792703809, on Solana JSON-RPC and PubSub at 127.0.0.1) or an
 * external validator's (`svmRpcUrl`, `svm-external.ts`), the reference receivers deployed on all three by
 * the project's deploy scripts, tokens minted to the solver and the users, and the mock service
 * listening on 127.0.0.1 with its indexer and solver wired to these chains. One clock (`clock.ts`)
 * drives them all: the EVM chains' block timestamps, the SVM chain's slots and Clock sysvar and the
 * service's time; its control routes are on the service's port under `/_devnet` (`control.ts`).
 *
 * @module devnet
 */

import type { Address } from "viem";
import type { OrderVersion, RouterShape } from "../orders/index.ts";
import { createEvmChainAdapter } from "../service/chains/evm.ts";
import {
  createService,
  type ScenarioBook,
  type ScenarioInput,
  type Service,
  type ServiceLoggerOption,
} from "../service/index.ts";
import type { TokenInfo } from "../service/tokens.ts";
import { withPortFlag } from "../start-errors.ts";
import { SVM_CHAIN_ID } from "../svm/index.ts";
import { type EvmRole, evmDevAccount, SVM_ROLE_NAMES, svmDevKeypair } from "./accounts.ts";
import type { BrowserPolicy } from "./browser-guard.ts";
import { createDevnetClock, type DevnetClock } from "./clock.ts";
import { mineConfirmations } from "./confirmation-blocks.ts";
import { clockRoutes, registerDevnetControl } from "./control.ts";
import { DEVNET_BLOCK_TIME_MS, DEVNET_EVM_CHAINS } from "./defaults.ts";
import { captureDevnetState, devnetSnapshots, isEmbedded } from "./devnet-state.ts";
import type { EarlyJsonRpcServer } from "./early-json-rpc.ts";
import { DEVNET_APPROVAL_PROXY } from "./evm-approval-proxy.ts";
import { type EvmDevChain, startEvmDevChain } from "./evm-chain.ts";
import { clockUpToChains } from "./evm-clock.ts";
import { DEVNET_ROUTERS } from "./evm-routers.ts";
import { wakeOnChainChanges } from "./service-wakeups.ts";
import type { DevnetSnapshotId, DevnetSnapshots } from "./snapshot.ts";
import type { FaucetLimits } from "./solana-rpc/index.ts";
import { type DevnetState, writeStateFile } from "./state-file.ts";
import { registerStateRoutes } from "./state-routes.ts";
import { type SvmChainBase, type SvmDevChain, startSvmDevChain } from "./svm-chain.ts";
import { connectSvmExternalChain, type SvmExternalChain } from "./svm-external.ts";

export {
  type ScenarioBook,
  type ScenarioInput,
  ScenarioInputError,
  ScenarioInputSchema,
  type ScenarioView,
} from "../service/index.ts";
export { StateFileError } from "../start-errors.ts";
export {
  type ClockMove,
  type ClockParticipant,
  type DevnetClock,
  DevnetClockError,
  type DevnetClockState,
  type DevnetTime,
} from "./clock.ts";
export {
  DEVNET_CONFIG_VERSION,
  type DevnetConfig,
  DevnetConfigSchema,
  devnetConfig,
} from "./config-out.ts";
export { DEVNET_CONTROL_PREFIX, type DevnetControlRoutes } from "./control.ts";
export { DEVNET_BLOCK_TIME_MS, DEVNET_EVM_CHAINS } from "./defaults.ts";
export { type EarlyJsonRpcServer, listenEarly } from "./early-json-rpc.ts";
export { DEVNET_APPROVAL_PROXY } from "./evm-approval-proxy.ts";
export type { EvmDevChain, EvmDevToken } from "./evm-chain.ts";
export type { MinedBlock } from "./evm-heads.ts";
export { DEVNET_CALL_RECORDER, DEVNET_ROUTERS } from "./evm-routers.ts";
export { snapshotEachTest } from "./mocha-snapshots.ts";
export { DEVNET_PEERS, DEVNET_PEERS_INSTALL, DevnetPeersMissingError } from "./peers.ts";
export {
  type DevnetSnapshotId,
  DevnetSnapshots,
  type SnapshotParticipant,
  SnapshotRevertError,
} from "./snapshot.ts";
export { DEFAULT_FAUCET_LIMITS, type FaucetLimits } from "./solana-rpc/index.ts";
export { type DevnetState, readStateFile } from "./state-file.ts";
export type { SvmChainBase, SvmDevChain } from "./svm-chain.ts";
export type { SvmExternalChain } from "./svm-external.ts";

/** The API key the devnet's mock service accepts (and attaches its webhooks to). */
export const DEVNET_API_KEY = "devnet-api-key";

const EVM_USERS: readonly EvmRole[] = ["alice", "bob", "carol"];
const SVM_USERS = SVM_ROLE_NAMES.filter((role) => role === "alice" || role === "bob");

/** Options of `startDevnet`: ports, timings and the service's settings; every field has a default. */
export interface DevnetOptions {
  /** Mock service port on 127.0.0.1 (0, the default, picks a free port). */
  servicePort?: number;
  /** JSON-RPC ports of the EVM chains by chain id (0 or absent: a free port). */
  rpcPorts?: Readonly<Record<number, number>>;
  /**
   * JSON-RPC ports already listening by chain id (`listenEarly`), used instead of `rpcPorts` and
   * `browserPolicy` for their chains: clients that reach them early wait until their chain is set up.
   * Each is closed with its chain, also when the chain fails to start.
   */
  rpcServers?: Readonly<Record<number, EarlyJsonRpcServer>>;
  /** Solana JSON-RPC and PubSub ports of the SVM chain (0 or absent: free ports). */
  svmRpcPort?: number;
  /** Solana PubSub port of the SVM chain (0 or absent: a free port). */
  svmWsPort?: number;
  /** SVM slot length (default 400 ms). */
  svmSlotTimeMs?: number;
  /**
   * After an EVM block with transactions, mine an empty block this often until it has its
   * `confirmations` (default `DEVNET_BLOCK_TIME_MS`, 2 s, as `attestkit devnet`), so deposits become
   * final; an idle chain mines nothing. 0: blocks only on transactions and `mine()`.
   */
  blockTimeMs?: number;
  /** Blocks until an EVM deposit is final (default 2: a deposit is "depositing" for one block). */
  confirmations?: number;
  /** Fast-fill hold timeout before it becomes a permanent debit (default 10 minutes). */
  holdTimeoutMs?: number;
  /**
   * The indexer's poll interval in ms. By default it does not poll: it runs when a chain mines a block
   * or closes a slot with changes (on an external SVM validator, which tells of nothing, it polls every
   * 100 ms). Above 0: it polls this often as well; 0: it runs only on `service.indexer.tick()`.
   */
  indexerIntervalMs?: number;
  /** Receivers' maximum deadline window in seconds (default 3600). */
  maxDeadlineWindow?: number;
  /** SQLite file for the service (default in memory). */
  db?: string;
  /** The mock service's log output (default: silent). */
  logger?: ServiceLoggerOption;
  /** Browser origins and Host names the chains' RPCs serve (loopback by default). */
  browserPolicy?: BrowserPolicy;
  /**
   * The format of the protocol orders the mock service issues: `"v1"` (default, as the service serves
   * today) or `"v2"` (the settlement SDK's next format). Deposits pay the depository under either id.
   */
  orderVersion?: OrderVersion;
  /**
   * The fill router the mock's solver fills and refunds through on every EVM chain: `"v3.2"` (default,
   * the service's since 2026-10-26: `SolverCallExecuted` logs a hash of the call data) or `"v3.1"` (logs
   * the call data). Both are deployed on every EVM chain (`DEVNET_ROUTERS`) and listed by GET /chains.
   */
  routerShape?: RouterShape;
  /** Webhook endpoint of the devnet's API key (`attestkit devnet --webhook-url`). */
  webhookUrl?: string;
  /** Scenarios to start with (`attestkit devnet --scenarios FILE`); the devnet always takes more at `/_mock/scenarios`. */
  scenarios?: readonly ScenarioInput[];
  /** Caps of the SVM chain's `requestAirdrop` (default `DEFAULT_FAUCET_LIMITS`: 1,000 SOL per request, 10,000 per recipient per 10 s). */
  faucet?: FaucetLimits;
  /** A saved state (`readStateFile`) to start from instead of a fresh devnet (embedded SVM chain only). */
  load?: DevnetState;
  /** The file `POST /_devnet/dump-state` writes (`attestkit devnet --dump-state`). */
  dumpStatePath?: string;
}

/** Options of a devnet whose SVM side runs on an external validator instead of the embedded chain. */
export interface ExternalSvmDevnetOptions extends DevnetOptions {
  /** The validator's Solana JSON-RPC URL (`attestkit devnet --svm-rpc-url`). */
  svmRpcUrl: string;
  /** Its PubSub URL (default: the RPC URL's host on the next port). */
  svmWsUrl?: string;
}

/** A running devnet: its chains, the mock service in front of them, and `close()` to stop everything. */
export interface Devnet<Svm extends SvmChainBase = SvmDevChain> {
  /** Base URL of the mock service (`http://127.0.0.1:<port>`). */
  serviceUrl: string;
  /** The API key the service accepts (`DEVNET_API_KEY`). */
  apiKey: string;
  /** The mock service itself (its store, indexer and solver). */
  service: Service;
  /** The mock's scenarios: what should happen to the next matching requests (`devnet.scenarios.add(...)`). */
  scenarios: ScenarioBook;
  /** The EVM chains by chain id. */
  evm: ReadonlyMap<number, EvmDevChain>;
  /** The SVM side: the embedded chain, or `SvmExternalChain` on an external validator. */
  svm: Svm;
  /** The solver's addresses: it signs attestations and orders and is paid the deposits. */
  solver: { evm: Address; svm: string };
  /**
   * The devnet's one clock: `increase(seconds)`, `setNext(timestamp)`, `pause()`, `resume()`, `now()`
   * move or read every chain's time and the service's together (docs/devnet.md, Time).
   */
  time: DevnetClock;
  /** The EVM chain with this id (throws for an unknown id). */
  evmChain(chainId: number): EvmDevChain;
  /** Snapshots the whole devnet (chains, service database and work, `snapshots.add` parts) at once. */
  snapshot(): Promise<DevnetSnapshotId>;
  /** Reverts to `id` and deletes it and later snapshots; false for an unknown id (as anvil). */
  revert(id: string): Promise<boolean>;
  /** The snapshot coordinator: `add` a part (e.g. the clock) to every later snapshot. */
  snapshots: DevnetSnapshots;
  /** The whole devnet's state, what `load` starts from (embedded SVM chain only). */
  state(): Promise<DevnetState>;
  /** Writes `state()` to `path` (the `--dump-state` file). */
  dumpState(path: string): Promise<void>;
  /** Stops the service and every chain, and releases their ports. */
  close(): Promise<void>;
}

function devnetTokens(evm: readonly EvmDevChain[], svm: SvmChainBase): TokenInfo[] {
  const price = { USDC: "1", WETH: "3000" } as const;
  const tokens: TokenInfo[] = evm.flatMap((chain) =>
    chain.tokens.map((token) => ({
      chainId: chain.chainId,
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      priceUsd: price[token.symbol],
    })),
  );
  tokens.push({
    chainId: SVM_CHAIN_ID,
    address: svm.usdc.mint,
    symbol: "USDC",
    name: "USD Coin",
    decimals: svm.usdc.decimals,
    priceUsd: "1",
  });
  return tokens;
}

/** The devnet's SVM side: the embedded chain, or the programs and accounts set up on `svmRpcUrl`. */
function startSvmSide(
  options: DevnetOptions & { svmRpcUrl?: string; svmWsUrl?: string },
  solverEvm: string,
  maxDeadlineWindow: number,
  clock: DevnetClock,
): Promise<SvmChainBase> {
  const whitelist = DEVNET_EVM_CHAINS.flatMap(({ chainId }) =>
    EVM_USERS.map((role) => ({ chainId, user: evmDevAccount(role).address })),
  );
  if (options.svmRpcUrl !== undefined) {
    return connectSvmExternalChain({
      rpcUrl: options.svmRpcUrl,
      ...(options.svmWsUrl === undefined ? {} : { wsUrl: options.svmWsUrl }),
      solverEvm,
      whitelist,
      maxDeadlineWindow,
    });
  }
  return startSvmDevChain({
    solverEvm,
    maxDeadlineWindow,
    whitelist,
    rpcPort: options.svmRpcPort ?? 0,
    wsPort: options.svmWsPort ?? 0,
    ...(options.svmSlotTimeMs === undefined ? {} : { slotTimeMs: options.svmSlotTimeMs }),
    ...(options.browserPolicy ? { browserPolicy: options.browserPolicy } : {}),
    ...(options.faucet ? { faucet: options.faucet } : {}),
    clock,
    ...(options.load ? { load: options.load.svm } : {}),
  });
}

/** The saved chain `chainId` of `state`, as `startEvmDevChain`'s `load` option. */
function savedEvmChain(state: DevnetState | undefined, chainId: number) {
  if (state === undefined) return {};
  const saved = state.evm.find((chain) => chain.chainId === chainId);
  if (saved === undefined) throw new Error(`the saved state has no EVM chain ${chainId}`);
  return { load: saved };
}

/** Starts a devnet whose SVM side is an external validator (`svmRpcUrl`). */
export function startDevnet(options: ExternalSvmDevnetOptions): Promise<Devnet<SvmExternalChain>>;
/** Starts the devnet: two EVM chains, the embedded SVM chain and the mock service, all on 127.0.0.1. */
export function startDevnet(options?: DevnetOptions): Promise<Devnet>;
/** Starts the devnet on the embedded SVM chain, or on an external validator when `svmRpcUrl` is set. */
export function startDevnet(
  options: DevnetOptions & { svmRpcUrl?: string; svmWsUrl?: string },
): Promise<Devnet<SvmChainBase>>;
export async function startDevnet(
  options: DevnetOptions & { svmRpcUrl?: string; svmWsUrl?: string } = {},
): Promise<Devnet<SvmChainBase>> {
  const maxDeadlineWindow = options.maxDeadlineWindow ?? 3600;
  const solver = evmDevAccount("solver");
  // The SVM users' keys are fixed (accounts.ts): the EVM chains whitelist them without waiting.
  const svmDestinations = await Promise.all(
    SVM_USERS.map(async (role) => ({ chainId: SVM_CHAIN_ID, user: (await svmDevKeypair(role)).address })),
  );

  // The three chains start side by side: EDR and LiteSVM do part of their work off the main thread.
  const clock = createDevnetClock();
  if (options.load) await clock.restore(options.load.clock);
  const svmStart = startSvmSide(options, solver.address, maxDeadlineWindow, clock);
  const evmStarts = DEVNET_EVM_CHAINS.map(({ chainId, name }) =>
    startEvmDevChain({
      chainId,
      name,
      rpcPort: options.rpcPorts?.[chainId] ?? 0,
      ...(options.rpcServers?.[chainId] === undefined ? {} : { rpcServer: options.rpcServers[chainId] }),
      maxDeadlineWindow,
      // Every user on every EVM chain at deploy time, SVM users through the configure script.
      whitelist: DEVNET_EVM_CHAINS.flatMap((destination) =>
        EVM_USERS.map((role) => ({ chainId: destination.chainId, user: evmDevAccount(role).address })),
      ),
      laterWhitelist: svmDestinations,
      funded: ["solver", ...EVM_USERS],
      ...(options.browserPolicy ? { browserPolicy: options.browserPolicy } : {}),
      clock,
      ...savedEvmChain(options.load, chainId),
    }),
  );
  const started = await Promise.allSettled<{ close(): Promise<void> }>([svmStart, ...evmStarts]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.allSettled(
      started.flatMap((result) => (result.status === "fulfilled" ? [result.value.close()] : [])),
    );
    throw withPortFlag(failed.reason, portOptions(options));
  }
  const svm = await svmStart;
  const evm = await Promise.all(evmStarts);
  // What is open so far, closed in reverse when a later step fails (a start leaves nothing behind).
  const opened: (() => Promise<unknown>)[] = [
    () => Promise.allSettled([...evm.map((chain) => chain.close()), svm.close()]),
  ];
  try {
    await clockUpToChains(
      clock,
      evm.map((chain) => chain.provider),
    );
    const confirmations = options.confirmations ?? 2;
    const indexerIntervalMs = options.indexerIntervalMs ?? (isEmbedded(svm) ? 0 : 100);
    const service = createService({
      solverPrivateKey: solver.privateKey,
      svmSolverAddress: svm.accounts.solver.address,
      apiKeys: [DEVNET_API_KEY],
      scenarios: options.scenarios ?? true,
      ...(options.webhookUrl === undefined
        ? {}
        : { webhooks: { endpoints: { [DEVNET_API_KEY]: options.webhookUrl } } }),
      chains: [
        ...evm.map((chain) =>
          createEvmChainAdapter({
            chainId: chain.chainId,
            provider: chain.provider,
            solverPrivateKey: solver.privateKey,
            receivers: [chain.receiver],
            depository: chain.depository,
            ...(chain.depositAddressFactory === undefined || chain.depositAddressImplementation === undefined
              ? {}
              : {
                  depositAddresses: {
                    factory: chain.depositAddressFactory,
                    implementation: chain.depositAddressImplementation,
                  },
                }),
          }),
        ),
        svm.adapter,
      ],
      quoteChains: [...evm.map((chain) => chain.chainId), SVM_CHAIN_ID],
      receivers: Object.fromEntries(evm.map((chain) => [chain.chainId, { address: chain.receiver }])),
      confirmations: Object.fromEntries(evm.map((chain) => [chain.chainId, confirmations])),
      indexerIntervalMs,
      indexOnWake: options.indexerIntervalMs !== 0,
      tokens: devnetTokens(evm, svm),
      publicChains: [
        ...evm.map((chain) => ({
          id: chain.chainId,
          name: chain.name,
          displayName: `${chain.name} (devnet)`,
          vmType: "evm" as const,
          httpRpcUrl: chain.rpcUrl,
          wsRpcUrl: chain.wsUrl,
          currency: { name: "Ether", symbol: "ETH", decimals: 18 },
        })),
        {
          id: SVM_CHAIN_ID,
          name: "solana",
          displayName: "Solana (devnet)",
          vmType: "svm" as const,
          httpRpcUrl: svm.rpcUrl,
          wsRpcUrl: svm.wsUrl,
          currency: { name: "Solana", symbol: "SOL", decimals: 9 },
        },
      ],
      ...(options.holdTimeoutMs === undefined ? {} : { holdTimeoutMs: options.holdTimeoutMs }),
      now: clock.now,
      ...(options.orderVersion === undefined ? {} : { orderVersion: options.orderVersion }),
      routers: Object.fromEntries(evm.map((chain) => [chain.chainId, DEVNET_ROUTERS])),
      gasless: Object.fromEntries(
        evm.map((chain) => [chain.chainId, { approvalProxy: DEVNET_APPROVAL_PROXY }]),
      ),
      ...(options.routerShape === undefined ? {} : { routerShape: options.routerShape }),
      // The devnet's chains start empty each run: its service file is created when missing.
      ...(options.db === undefined ? {} : { db: options.db, newDb: true }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.load ? { initialState: options.load.service } : {}),
      // The service answers the same origins and Host names as the chains.
      ...(options.browserPolicy
        ? { corsOrigins: options.browserPolicy.origins, allowedHosts: options.browserPolicy.hosts }
        : {}),
    });
    opened.push(() => service.close());
    registerDevnetControl(service.app, [clockRoutes(clock)]);
    const parts = { evm, svm, service, clock };
    const snapshots = devnetSnapshots(parts);
    const state = () => captureDevnetState(parts, snapshots);
    registerStateRoutes(service.app, {
      snapshot: () => snapshots.snapshot(),
      revert: (id) => snapshots.revert(id),
      state,
      ...(options.dumpStatePath === undefined ? {} : { dumpStatePath: options.dumpStatePath }),
    });
    const serviceUrl = await service.listen(options.servicePort ?? 0);
    // A move of the clock ends the service's timers it passed at once (scenario holds, fast-fill holds,
    // webhook retries); a pause stops them.
    const leaveClock = clock.join({
      moved: () => service.clock.moved(),
      paused: () => service.clock.paused(),
      resumed: () => service.clock.resumed(),
    });

    const blockTimeMs = options.blockTimeMs ?? DEVNET_BLOCK_TIME_MS;
    const stopConfirmations =
      blockTimeMs > 0 ? evm.map((chain) => mineConfirmations(chain, blockTimeMs, confirmations)) : [];
    const stopWakeups =
      service.indexer === null
        ? () => {}
        : wakeOnChainChanges(service.indexer, evm, isEmbedded(svm) ? svm.ledger : undefined);

    const byChain = new Map(evm.map((chain) => [chain.chainId, chain]));
    return {
      serviceUrl,
      apiKey: DEVNET_API_KEY,
      service,
      scenarios: service.scenarios as ScenarioBook,
      evm: byChain,
      svm,
      solver: { evm: solver.address, svm: svm.accounts.solver.address },
      time: clock,
      evmChain(chainId) {
        const chain = byChain.get(chainId);
        if (chain === undefined) throw new Error(`the devnet has no EVM chain ${chainId}`);
        return chain;
      },
      snapshots,
      snapshot: () => snapshots.snapshot(),
      revert: (id) => snapshots.revert(id),
      state,
      async dumpState(path) {
        writeStateFile(path, await state());
      },
      async close() {
        for (const stop of stopConfirmations) stop();
        stopWakeups();
        leaveClock();
        await service.close();
        await Promise.allSettled([...evm.map((chain) => chain.close()), svm.close()]);
      },
    };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => {});
    throw withPortFlag(error, portOptions(options));
  }
}

/** Which option sets each port the devnet was asked for: a busy one is named in the start's error. */
function portOptions(options: DevnetOptions): Map<number, string> {
  const names = new Map<number, string>();
  const name = (port: number | undefined, option: string) => {
    if (port !== undefined && port > 0) names.set(port, option);
  };
  name(options.servicePort, "servicePort");
  for (const [chainId, port] of Object.entries(options.rpcPorts ?? {})) name(port, `rpcPorts[${chainId}]`);
  name(options.svmRpcPort, "svmRpcPort");
  name(options.svmWsPort, "svmWsPort");
  return names;
}
