/**
 * The devnet: in one process, two EVM chains on Hardhat EDR (8453 and 10, each on JSON-RPC at
 * 127.0.0.1), the SVM chain on LiteSVM (792703809, on Solana JSON-RPC and PubSub at 127.0.0.1) or an
 * external validator's (`svmRpcUrl`, `svm-external.ts`), the reference receivers deployed on all three by
 * the project's deploy scripts, tokens minted to the solver and the users, and the mock service
 * listening on 127.0.0.1 with its indexer and solver wired to these chains.
 */

import type { Address } from "viem";
import { APP_BALANCE_CHAIN_ID } from "../funding/index.ts";
import type { OrderVersion } from "../orders/index.ts";
import { createEvmChainAdapter } from "../service/chains/evm.ts";
import { createService, type Service, type ServiceLoggerOption } from "../service/index.ts";
import type { TokenInfo } from "../service/tokens.ts";
import { SVM_CHAIN_ID } from "../svm/index.ts";
import { type EvmRole, evmDevAccount, SVM_ROLE_NAMES, svmDevKeypair } from "./accounts.ts";
import type { BrowserPolicy } from "./browser-guard.ts";
import { type EvmDevChain, startEvmDevChain } from "./evm-chain.ts";
import type { FaucetLimits } from "./solana-rpc/index.ts";
import { type SvmChainBase, type SvmDevChain, startSvmDevChain } from "./svm-chain.ts";
import { connectSvmExternalChain, type SvmExternalChain } from "./svm-external.ts";

export {
  DEVNET_CONFIG_VERSION,
  type DevnetConfig,
  DevnetConfigSchema,
  devnetConfig,
} from "./config-out.ts";
export { DEVNET_PEERS, DEVNET_PEERS_INSTALL, DevnetPeersMissingError } from "./peers.ts";
export { DEFAULT_FAUCET_LIMITS, type FaucetLimits } from "./solana-rpc/index.ts";
export type { SvmChainBase, SvmDevChain } from "./svm-chain.ts";
export type { SvmExternalChain } from "./svm-external.ts";

export const DEVNET_EVM_CHAINS = [
  { chainId: APP_BALANCE_CHAIN_ID, name: "base" },
  { chainId: 10, name: "optimism" },
] as const;
export const DEVNET_API_KEY = "devnet-api-key";

const EVM_USERS: readonly EvmRole[] = ["alice", "bob", "carol"];
const SVM_USERS = SVM_ROLE_NAMES.filter((role) => role === "alice" || role === "bob");

export interface DevnetOptions {
  /** Mock service port on 127.0.0.1 (0, the default, picks a free port). */
  servicePort?: number;
  /** JSON-RPC ports of the EVM chains by chain id (0 or absent: a free port). */
  rpcPorts?: Readonly<Record<number, number>>;
  /** Solana JSON-RPC and PubSub ports of the SVM chain (0 or absent: free ports). */
  svmRpcPort?: number;
  svmWsPort?: number;
  /** SVM slot length (default 400 ms). */
  svmSlotTimeMs?: number;
  /** Mine an empty block on every EVM chain this often (0, the default: only on transactions and `mine()`). */
  blockTimeMs?: number;
  /** Blocks until an EVM deposit is final (default 2: a deposit is "depositing" for one block). */
  confirmations?: number;
  /** Fast-fill hold timeout before it becomes a permanent debit (default 10 minutes). */
  holdTimeoutMs?: number;
  /** Indexer poll interval (default 100 ms). */
  indexerIntervalMs?: number;
  /** Receivers' maximum deadline window in seconds (default 3600). */
  maxDeadlineWindow?: number;
  /** SQLite file for the service (default in memory). */
  db?: string;
  logger?: ServiceLoggerOption;
  /** Browser origins and Host names the chains' RPCs serve (loopback by default). */
  browserPolicy?: BrowserPolicy;
  /**
   * The format of the protocol orders the mock service issues: `"v1"` (default, as the service serves
   * today) or `"v2"` (the settlement SDK's next format). Deposits pay the depository under either id.
   */
  orderVersion?: OrderVersion;
  /** Webhook endpoint of the devnet's API key (`attestkit devnet --webhook-url`). */
  webhookUrl?: string;
  /** Caps of the SVM chain's `requestAirdrop` (default `DEFAULT_FAUCET_LIMITS`: 1,000 SOL per request, 10,000 per recipient per 10 s). */
  faucet?: FaucetLimits;
}

/** Options of a devnet whose SVM side runs on an external validator instead of the embedded chain. */
export interface ExternalSvmDevnetOptions extends DevnetOptions {
  /** The validator's Solana JSON-RPC URL (`attestkit devnet --svm-rpc-url`). */
  svmRpcUrl: string;
  /** Its PubSub URL (default: the RPC URL's host on the next port). */
  svmWsUrl?: string;
}

export interface Devnet<Svm extends SvmChainBase = SvmDevChain> {
  serviceUrl: string;
  apiKey: string;
  service: Service;
  evm: ReadonlyMap<number, EvmDevChain>;
  /** The SVM side: the embedded chain, or `SvmExternalChain` on an external validator. */
  svm: Svm;
  solver: { evm: Address; svm: string };
  /** The EVM chain with this id (throws for an unknown id). */
  evmChain(chainId: number): EvmDevChain;
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
  });
}

export function startDevnet(options: ExternalSvmDevnetOptions): Promise<Devnet<SvmExternalChain>>;
export function startDevnet(options?: DevnetOptions): Promise<Devnet>;
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
  const svmStart = startSvmSide(options, solver.address, maxDeadlineWindow);
  const evmStarts = DEVNET_EVM_CHAINS.map(({ chainId, name }) =>
    startEvmDevChain({
      chainId,
      name,
      rpcPort: options.rpcPorts?.[chainId] ?? 0,
      maxDeadlineWindow,
      // Every user on every EVM chain at deploy time, SVM users through the configure script.
      whitelist: DEVNET_EVM_CHAINS.flatMap((destination) =>
        EVM_USERS.map((role) => ({ chainId: destination.chainId, user: evmDevAccount(role).address })),
      ),
      laterWhitelist: svmDestinations,
      funded: ["solver", ...EVM_USERS],
      ...(options.browserPolicy ? { browserPolicy: options.browserPolicy } : {}),
    }),
  );
  const started = await Promise.allSettled<{ close(): Promise<void> }>([svmStart, ...evmStarts]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.allSettled(
      started.flatMap((result) => (result.status === "fulfilled" ? [result.value.close()] : [])),
    );
    throw failed.reason;
  }
  const svm = await svmStart;
  const evm = await Promise.all(evmStarts);

  const confirmations = options.confirmations ?? 2;
  const service = createService({
    solverPrivateKey: solver.privateKey,
    svmSolverAddress: svm.accounts.solver.address,
    apiKeys: [DEVNET_API_KEY],
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
        }),
      ),
      svm.adapter,
    ],
    quoteChains: [...evm.map((chain) => chain.chainId), SVM_CHAIN_ID],
    receivers: Object.fromEntries(evm.map((chain) => [chain.chainId, { address: chain.receiver }])),
    confirmations: Object.fromEntries(evm.map((chain) => [chain.chainId, confirmations])),
    indexerIntervalMs: options.indexerIntervalMs ?? 100,
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
    ...(options.orderVersion === undefined ? {} : { orderVersion: options.orderVersion }),
    // The devnet's chains start empty each run: its service file is created when missing.
    ...(options.db === undefined ? {} : { db: options.db, newDb: true }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    // The service answers the same origins and Host names as the chains.
    ...(options.browserPolicy
      ? { corsOrigins: options.browserPolicy.origins, allowedHosts: options.browserPolicy.hosts }
      : {}),
  });
  const serviceUrl = await service.listen(options.servicePort ?? 0);

  const blockTimer =
    options.blockTimeMs && options.blockTimeMs > 0
      ? setInterval(() => {
          for (const chain of evm) chain.mine().catch(() => {});
        }, options.blockTimeMs)
      : null;
  blockTimer?.unref();

  const byChain = new Map(evm.map((chain) => [chain.chainId, chain]));
  return {
    serviceUrl,
    apiKey: DEVNET_API_KEY,
    service,
    evm: byChain,
    svm,
    solver: { evm: solver.address, svm: svm.accounts.solver.address },
    evmChain(chainId) {
      const chain = byChain.get(chainId);
      if (chain === undefined) throw new Error(`the devnet has no EVM chain ${chainId}`);
      return chain;
    },
    async close() {
      if (blockTimer) clearInterval(blockTimer);
      await service.close();
      await Promise.allSettled([...evm.map((chain) => chain.close()), svm.close()]);
    },
  };
}
