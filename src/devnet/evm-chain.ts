/**
 * One devnet EVM chain: a Hardhat EDR network in this process with the given chain id, served over
 * JSON-RPC on 127.0.0.1 (HTTP and WebSocket on one port, with Anvil's helper names), with the
 * reference receiver deployed by the project's Ignition module and configured by its configure
 * script, the protocol depository at its canonical address (`evm-depository.ts`), and two tokens (USDC, 6 decimals; WETH, 18) minted to the solver and the users.
 */

import { type Address, getAddress, type Hex, parseUnits } from "viem";
import { configureReceiver, type DestinationInput, toDestinations } from "../deploy/evm.ts";
import { type EvmRole, evmDevAccount } from "./accounts.ts";
import type { BrowserPolicy } from "./browser-guard.ts";
import { installEvmDepository } from "./evm-depository.ts";
import { localNodeProvider } from "./evm-node-methods.ts";
import { devnetHardhat } from "./hardhat.ts";
import { type Eip1193Provider, serveJsonRpc } from "./json-rpc-server.ts";

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
  /** Destinations whitelisted at deploy time (Ignition parameter). */
  whitelist: readonly DestinationInput[];
  /** Destinations added afterwards through the configure script (e.g. SVM recipients). */
  laterWhitelist?: readonly DestinationInput[];
  /** Receiver's maximum deadline window in seconds. */
  maxDeadlineWindow: number;
  /** Accounts that receive tokens. */
  funded: readonly EvmRole[];
  /** Browser origins and Host names the JSON-RPC serves (loopback by default). */
  browserPolicy?: BrowserPolicy;
}

export interface EvmDevChain {
  chainId: number;
  name: string;
  provider: Eip1193Provider;
  rpcUrl: string;
  /** The same JSON-RPC over WebSocket (`eth_subscribe`), on the HTTP port. */
  wsUrl: string;
  receiver: Address;
  /** The protocol depository, at the canonical address. */
  depository: Address;
  tokens: readonly EvmDevToken[];
  /** Mines `blocks` empty blocks. */
  mine(blocks?: number): Promise<void>;
  /** `evm_snapshot` / `evm_revert`: drops every block after the snapshot (a reorg). */
  snapshot(): Promise<Hex>;
  revert(snapshot: Hex): Promise<void>;
  close(): Promise<void>;
}

/** Where clients look for Multicall3 on every chain (viem's chain definitions included). */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

const TOKENS = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, mint: "1000000" },
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18, mint: "1000" },
] as const;

export async function startEvmDevChain(options: EvmDevChainOptions): Promise<EvmDevChain> {
  // Like a real node, a transaction that reverts is mined and reported by its receipt, not refused.
  const { network, artifacts } = await devnetHardhat();
  const connection = await network.create({
    override: { chainId: options.chainId, throwOnTransactionFailures: false, throwOnCallFailures: true },
  });
  const { viem, ignition, provider } = connection;
  const publicClient = await viem.getPublicClient();
  const wait = (hash: Hex) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  const deployer = evmDevAccount("deployer").address;
  const solver = evmDevAccount("solver").address;

  // Loaded here, not imported at the top: the Ignition module needs a peer (see peers.ts).
  const { default: AttestedReceiverModule } = await import("../ignition/attested-receiver.ts");
  const { receiver } = await ignition.deploy(AttestedReceiverModule, {
    parameters: {
      AttestedReceiver: {
        owner: deployer,
        solver,
        maxDeadlineWindow: options.maxDeadlineWindow,
        whitelist: toDestinations([...options.whitelist]).map((d) => ({
          chainId: d.chainId.toString(),
          user: d.user,
        })),
      },
    },
  });
  if (options.laterWhitelist?.length) {
    await configureReceiver(receiver, { whitelistAdd: [...options.laterWhitelist] }, wait);
  }

  // Owned by the solver, the account that settles what the depository holds.
  const depository = await installEvmDepository(
    connection as unknown as Parameters<typeof installEvmDepository>[0],
    { owner: solver },
    wait,
  );

  const tokens: EvmDevToken[] = [];
  for (const token of TOKENS) {
    const contract = await viem.deployContract("MockERC20", [token.name, token.symbol, token.decimals]);
    for (const role of options.funded) {
      await wait(
        await contract.write.mint([evmDevAccount(role).address, parseUnits(token.mint, token.decimals)]),
      );
    }
    tokens.push({
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      address: getAddress(contract.address),
    });
  }

  // Multicall3 where every chain has it, so clients' batch reads (viem's `multicall`) work unchanged.
  const multicall = await artifacts.readArtifact("Multicall3");
  await provider.request({
    method: "hardhat_setCode",
    params: [MULTICALL3_ADDRESS, multicall.deployedBytecode],
  });

  const rpc = await serveJsonRpc(localNodeProvider(provider), options.rpcPort ?? 0, options.browserPolicy);
  return {
    chainId: options.chainId,
    name: options.name,
    provider,
    rpcUrl: rpc.url,
    wsUrl: rpc.wsUrl,
    receiver: getAddress(receiver.address),
    depository,
    tokens,
    async mine(blocks = 1) {
      await provider.request({ method: "hardhat_mine", params: [`0x${blocks.toString(16)}`] });
    },
    async snapshot() {
      return (await provider.request({ method: "evm_snapshot" })) as Hex;
    },
    async revert(snapshot) {
      const ok = await provider.request({ method: "evm_revert", params: [snapshot] });
      if (ok !== true) throw new Error(`evm_revert ${snapshot} failed on chain ${options.chainId}`);
    },
    async close() {
      await rpc.close();
      await connection.close();
    },
  };
}
