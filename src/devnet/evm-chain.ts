/**
 * One devnet EVM chain: an EDR node in this process with the given chain id (`edr-provider.ts`),
 * served over JSON-RPC on 127.0.0.1 (HTTP and WebSocket on one port, with Anvil's helper names), with
 * the reference receiver deployed from its shipped artifact (the constructor the Ignition module
 * calls) and configured by the configure script, the protocol depository at its canonical address (`evm-depository.ts`), the fill routers (`evm-routers.ts`), and two tokens (USDC, 6 decimals; WETH, 18) minted to the solver and the users.
 */

import { readFileSync } from "node:fs";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  getContract,
  type Hex,
  parseUnits,
} from "viem";
import {
  configureReceiver,
  type DestinationInput,
  type ReceiverWriter,
  toDestinations,
} from "../deploy/evm.ts";
import { packageFile } from "../package-files.ts";
import { attestedReceiverAbi } from "../receiver/attested-receiver-abi.ts";
import { type EvmRole, evmDevAccount } from "./accounts.ts";
import type { BrowserPolicy } from "./browser-guard.ts";
import { createDevnetClock, type DevnetClock } from "./clock.ts";
import type { EarlyJsonRpcServer } from "./early-json-rpc.ts";
import { deferNextBlockTimestamp } from "./edr-deferred-stamp.ts";
import { createEdrProvider } from "./edr-provider.ts";
import { installApprovalProxy } from "./evm-approval-proxy.ts";
import { evmClockProvider } from "./evm-clock.ts";
import { installEvmDepository } from "./evm-depository.ts";
import { type MinedBlock, watchBlocks } from "./evm-heads.ts";
import { evmMiningProvider } from "./evm-mining.ts";
import { localNodeProvider } from "./evm-node-methods.ts";
import { evmNonceGapProvider } from "./evm-nonce-gaps.ts";
import { installFillRouters } from "./evm-routers.ts";
import { type EvmChainState, type JournaledProvider, journaledProvider, replayJournal } from "./evm-state.ts";
import { type Eip1193Provider, serveJsonRpc } from "./json-rpc-server.ts";

/** A test token the devnet deploys on each EVM chain (the funded accounts hold some). */
export interface EvmDevToken {
  symbol: "USDC" | "WETH";
  name: string;
  decimals: number;
  address: Address;
}

export interface EvmDevChainOptions {
  chainId: number;
  name: string;
  /** JSON-RPC port on 127.0.0.1 (0 = any free port). */
  rpcPort?: number;
  /**
   * A port already listening for this chain (`listenEarly`), served once the chain is set up, instead of
   * `rpcPort` and `browserPolicy`; closed with the chain, or when the chain fails to start.
   */
  rpcServer?: EarlyJsonRpcServer;
  /** Destinations whitelisted at deploy time (constructor argument). */
  whitelist: readonly DestinationInput[];
  /** Destinations added afterwards through the configure script (e.g. SVM recipients). */
  laterWhitelist?: readonly DestinationInput[];
  /** Receiver's maximum deadline window in seconds. */
  maxDeadlineWindow: number;
  /** Accounts that receive tokens. */
  funded: readonly EvmRole[];
  /** Browser origins and Host names the JSON-RPC serves (loopback by default). */
  browserPolicy?: BrowserPolicy;
  /** The devnet's clock, which stamps the chain's blocks (default: a clock of its own). */
  clock?: DevnetClock;
  /** A saved chain (`state()`) to start from instead of deploying (`evm-state.ts`). */
  load?: EvmChainState;
}

/**
 * One of the devnet's EVM chains (`devnet.evmChain(8453)`): Hardhat's EDR behind a JSON-RPC server on
 * 127.0.0.1, with the reference receiver, the protocol depository and the test tokens deployed.
 * @example
 * ```ts
 * const base = devnet.evmChain(8453);
 * const client = createPublicClient({ transport: http(base.rpcUrl) });
 * await base.mine(2); // two empty blocks: a deposit in the block before is final
 * ```
 */
export interface EvmDevChain {
  chainId: number;
  name: string;
  /** The chain's node as an EIP-1193 provider (in-process, without HTTP). */
  provider: Eip1193Provider;
  /** The JSON-RPC endpoint (HTTP). */
  rpcUrl: string;
  /** The same JSON-RPC over WebSocket (`eth_subscribe`), on the HTTP port. */
  wsUrl: string;
  /** The reference receiver (`AttestedReceiver`) deposits are paid through. */
  receiver: Address;
  /** The protocol depository, at the canonical address. */
  depository: Address;
  /** The strict deposit addresses' `DepositAddressFactory` (absent on a chain saved before it existed). */
  depositAddressFactory?: Address;
  /** The `DepositAddress` implementation the factory's clones delegate to. */
  depositAddressImplementation?: Address;
  /** The test tokens (USDC, WETH). */
  tokens: readonly EvmDevToken[];
  /** Mines `blocks` empty blocks. */
  mine(blocks?: number): Promise<void>;
  /** Calls `listener` on every block the chain mines from now on; returns the function that stops it. */
  onBlock(listener: (block: MinedBlock) => void): () => void;
  /** `evm_snapshot`: the id `revert` takes (this chain alone; `devnet.snapshot()` takes the whole devnet). */
  snapshot(): Promise<Hex>;
  /** `evm_revert`: drops every block after the snapshot (a reorg on this chain). */
  revert(snapshot: Hex): Promise<void>;
  /** The chain's saved state (`evm-state.ts`): what `load` starts from. */
  state(): EvmChainState;
  /** Stops the chain's node and its JSON-RPC server (`devnet.close()` does it for every chain). */
  close(): Promise<void>;
}

/** Where clients look for Multicall3 on every chain (viem's chain definitions included). */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

const TOKENS = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, mint: "1000000" },
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18, mint: "1000" },
] as const;

/** The compiled artifacts the devnet deploys, shipped with attestkit. */
const ARTIFACTS = {
  AttestedReceiver: "artifacts/contracts/AttestedReceiver.sol/AttestedReceiver.json",
  RelayDepository: "artifacts/contracts/depository/RelayDepository.sol/RelayDepository.json",
  DepositAddressFactory:
    "artifacts/contracts/deposit-addresses/DepositAddressFactory.sol/DepositAddressFactory.json",
  MockERC20: "artifacts/contracts/mocks/MockERC20.sol/MockERC20.json",
  Multicall3: "artifacts/contracts/devnet/Multicall3.sol/Multicall3.json",
  FillRouterV31: "artifacts/contracts/devnet/FillRouterV31.sol/FillRouterV31.json",
  FillRouterV32: "artifacts/contracts/devnet/FillRouterV32.sol/FillRouterV32.json",
  CallRecorder: "artifacts/contracts/devnet/CallRecorder.sol/CallRecorder.json",
  GaslessApprovalProxy: "artifacts/contracts/devnet/GaslessApprovalProxy.sol/GaslessApprovalProxy.json",
} as const;

function readArtifact(name: keyof typeof ARTIFACTS): { abi: Abi; bytecode: Hex; deployedBytecode: Hex } {
  return JSON.parse(readFileSync(packageFile(ARTIFACTS[name]), "utf8"));
}

type DeployedContracts = Pick<
  EvmChainState,
  "receiver" | "depository" | "depositAddressFactory" | "depositAddressImplementation" | "tokens"
>;

/** Deploys and configures the chain's contracts and tokens (a fresh chain). */
async function deployContracts(
  provider: Eip1193Provider,
  options: EvmDevChainOptions,
): Promise<DeployedContracts> {
  const transport = custom(provider);
  const publicClient = createPublicClient({ transport, pollingInterval: 20 });
  const deployer = evmDevAccount("deployer").address;
  const solver = evmDevAccount("solver").address;
  // Every deployment and setup transaction comes from the deployer, unlocked on the node.
  const chain = defineChain({
    id: options.chainId,
    name: options.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const wallet = createWalletClient({ account: deployer, chain, transport });
  const wait = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`devnet EVM setup transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (name: keyof typeof ARTIFACTS, args: readonly unknown[]) => {
    const { abi, bytecode } = readArtifact(name);
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const { contractAddress } = await wait(hash);
    if (!contractAddress) throw new Error(`${name} deployment ${hash} created no contract`);
    return { address: getAddress(contractAddress), hash };
  };

  const receiverAddress = (
    await deploy("AttestedReceiver", [
      deployer,
      solver,
      options.maxDeadlineWindow,
      toDestinations([...options.whitelist]),
    ])
  ).address;
  const receiver = getContract({
    address: receiverAddress,
    abi: attestedReceiverAbi,
    client: { public: publicClient, wallet },
  });
  if (options.laterWhitelist?.length) {
    await configureReceiver(
      { address: receiverAddress, write: receiver.write as unknown as ReceiverWriter["write"] },
      { whitelistAdd: [...options.laterWhitelist] },
      wait,
    );
  }

  // Owned by the solver, the account that settles what the depository holds.
  const depository = await installEvmDepository(provider, () => deploy("RelayDepository", [solver]));

  const tokens: EvmDevToken[] = [];
  for (const token of TOKENS) {
    const { address } = await deploy("MockERC20", [token.name, token.symbol, token.decimals]);
    const { abi } = readArtifact("MockERC20");
    for (const role of options.funded) {
      await wait(
        await wallet.writeContract({
          address,
          abi,
          functionName: "mint",
          args: [evmDevAccount(role).address, parseUnits(token.mint, token.decimals)],
        }),
      );
    }
    tokens.push({ symbol: token.symbol, name: token.name, decimals: token.decimals, address });
  }
  // Strict deposit addresses: the factory deploys the implementation its clones delegate to. Deployed
  // after the tokens, which keep the addresses they had before the factory existed.
  const depositAddressFactory = (await deploy("DepositAddressFactory", [depository])).address;
  const depositAddressImplementation = getAddress(
    (await publicClient.readContract({
      address: depositAddressFactory,
      abi: readArtifact("DepositAddressFactory").abi,
      functionName: "IMPLEMENTATION",
    })) as Address,
  );
  // Multicall3 where every chain has it, so clients' batch reads (viem's `multicall`) work unchanged.
  await provider.request({
    method: "hardhat_setCode",
    params: [MULTICALL3_ADDRESS, readArtifact("Multicall3").deployedBytecode],
  });
  // The fill routers the solver fills through, in both of the service's shapes, and a call target.
  await installFillRouters(provider, {
    "v3.1": readArtifact("FillRouterV31").deployedBytecode,
    "v3.2": readArtifact("FillRouterV32").deployedBytecode,
    CallRecorder: readArtifact("CallRecorder").deployedBytecode,
  });
  // The approval proxy gasless deposits are relayed through.
  await installApprovalProxy(provider, () => deploy("GaslessApprovalProxy", []));
  return {
    receiver: receiverAddress,
    depository,
    depositAddressFactory,
    depositAddressImplementation,
    tokens,
  };
}

/** Rebuilds a saved chain; its next block is no older than the wall clock. */
async function loadContracts(provider: JournaledProvider, state: EvmChainState): Promise<DeployedContracts> {
  await replayJournal(provider, state.journal);
  const latest = (await provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    timestamp: Hex;
  };
  const next = Math.max(Number(BigInt(latest.timestamp)) + 1, Math.floor(Date.now() / 1000));
  await provider.request({ method: "evm_setNextBlockTimestamp", params: [next] });
  return state;
}

export async function startEvmDevChain(options: EvmDevChainOptions): Promise<EvmDevChain> {
  const early = options.rpcServer;
  try {
    if (early !== undefined && early.chainId !== options.chainId)
      throw new Error(
        `the JSON-RPC port given to chain ${options.chainId} answers for chain ${early.chainId}`,
      );
    return await startChain(options);
  } catch (error) {
    await early?.close();
    throw error;
  }
}

async function startChain(options: EvmDevChainOptions): Promise<EvmDevChain> {
  const genesisTime = options.load?.genesisTime ?? Math.floor(Date.now() / 1000);
  // The journal records what reaches the node; the clock stamps every block above it.
  const edr = await createEdrProvider(options.chainId, genesisTime);
  const node = journaledProvider(deferNextBlockTimestamp(edr));
  const clocked = evmClockProvider(node, options.clock ?? createDevnetClock());
  const provider = evmMiningProvider(evmNonceGapProvider(clocked));
  const { receiver, depository, depositAddressFactory, depositAddressImplementation, tokens } = options.load
    ? await loadContracts(node, options.load)
    : await deployContracts(provider, options);

  // Blocks are watched once the chain is set up: its deployment wakes nobody.
  const blocks = watchBlocks(node);
  const served = localNodeProvider(provider);
  options.rpcServer?.serve(served);
  const rpc = options.rpcServer ?? (await serveJsonRpc(served, options.rpcPort ?? 0, options.browserPolicy));
  return {
    chainId: options.chainId,
    name: options.name,
    provider,
    rpcUrl: rpc.url,
    wsUrl: rpc.wsUrl,
    receiver,
    depository,
    ...(depositAddressFactory === undefined || depositAddressImplementation === undefined
      ? {}
      : { depositAddressFactory, depositAddressImplementation }),
    tokens,
    async mine(count = 1) {
      await provider.request({ method: "hardhat_mine", params: [`0x${count.toString(16)}`] });
    },
    onBlock: (listener) => blocks.onBlock(listener),
    async snapshot() {
      return (await provider.request({ method: "evm_snapshot" })) as Hex;
    },
    async revert(snapshot) {
      const ok = await provider.request({ method: "evm_revert", params: [snapshot] });
      if (ok !== true) throw new Error(`evm_revert ${snapshot} failed on chain ${options.chainId}`);
    },
    state: () => ({
      chainId: options.chainId,
      genesisTime,
      journal: [...node.journal()],
      receiver,
      depository,
      ...(depositAddressFactory === undefined || depositAddressImplementation === undefined
        ? {}
        : { depositAddressFactory, depositAddressImplementation }),
      tokens: tokens.map((token) => ({ ...token })),
    }),
    async close() {
      await rpc.close();
      provider.stop();
      clocked.leave();
      node.close();
    },
  };
}
