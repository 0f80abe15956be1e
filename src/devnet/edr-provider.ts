/**
 * A devnet EVM chain's node: Hardhat's simulator, EDR, driven directly, with the settings of a
 * Hardhat 3 in-process network (`hardhat node`): generic L1 chain on the Osaka hardfork, the 20
 * accounts of the development mnemonic funded with 10,000 ETH and unlocked, automine, reverted
 * transactions mined (not refused). Hardhat's runtime is not loaded: it would add its plugins and
 * a contract decoder built from every build-info file, memory the devnet does not need at rest.
 * All chains share one EDR context (one per process).
 */
import { EventEmitter } from "node:events";
import type { Provider } from "@nomicfoundation/edr";
import { hexToBytes, parseEther } from "viem";
import { evmMnemonicAccount } from "./accounts.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";
import { loadDevnetPeers } from "./peers.ts";

const HARDFORK = "osaka";
const FUNDED_ACCOUNTS = 20;
const ACCOUNT_BALANCE = parseEther("10000");
const BLOCK_GAS_LIMIT = 60_000_000n;
/** EIP-7825's per-transaction gas cap (Osaka), the default gas of a call or transaction without one. */
const TRANSACTION_GAS_CAP = 16_777_216n;
/** Hardhat's default coinbase. */
const COINBASE = "0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e";

type Edr = Awaited<ReturnType<typeof loadDevnetPeers>>["edr"];
let context: Promise<InstanceType<Edr["EdrContext"]>> | undefined;

/** The process's EDR context, with the generic-chain provider factory registered once. */
function edrContext(edr: Edr) {
  context ??= (async () => {
    const created = new edr.EdrContext();
    await created.registerProviderFactory(edr.GENERIC_CHAIN_TYPE, edr.genericChainProviderFactory());
    return created;
  })();
  return context;
}

/** An EIP-1193 provider whose `eth_subscribe` notifications arrive as `message` events. */
export interface EdrProvider extends Eip1193Provider {
  on(event: "message", listener: (message: unknown) => void): unknown;
  removeListener(event: "message", listener: (message: unknown) => void): unknown;
  close(): void;
}

/** The node as the journal drives it: several calls in one request to EDR. */
export interface EdrNode extends EdrProvider {
  /**
   * Runs `calls` in order as one request to EDR (a JSON-RPC batch: one trip to its thread instead of
   * one each) and resolves to their results. EDR stops at the first call that fails and answers that
   * call's error alone, thrown here: the calls before it took effect, the ones after it did not run.
   */
  requestAll(calls: readonly { method: string; params?: unknown }[]): Promise<unknown[]>;
}

/** The JSON-RPC error code of a revert (Geth's, and Hardhat's), with the revert data as `data`. */
const REVERT_ERROR_CODE = 3;

/**
 * A JSON-RPC error of the node as a thrown error carrying `code` and `data` (the server relays both).
 * EDR reports a revert with `data: { data: <revert data>, transactionHash? }`; it is answered as
 * Geth and `hardhat node` answer it, code 3 with the revert data as `data`, which clients decode.
 */
function rpcFailure(error: { code: number; message: string; data?: unknown }): Error {
  const revert = error.data as { data?: unknown } | undefined;
  if (typeof revert === "object" && revert !== null && typeof revert.data === "string") {
    return Object.assign(new Error(error.message), { code: REVERT_ERROR_CODE, data: revert.data });
  }
  return Object.assign(new Error(error.message), { code: error.code, data: error.data });
}

/** `genesisTime`: the genesis block's timestamp in unix seconds (default now; a saved chain's own). */
export async function createEdrProvider(
  chainId: number,
  genesisTime = Math.floor(Date.now() / 1000),
): Promise<EdrNode> {
  const { edr } = await loadDevnetPeers();
  const accounts = Array.from({ length: FUNDED_ACCOUNTS }, (_, index) => evmMnemonicAccount(index));
  const secretKeys = accounts.map((account) => account.privateKey);
  const funded = accounts.map(({ address }) => ({
    address: hexToBytes(address),
    balance: ACCOUNT_BALANCE,
    code: new Uint8Array(),
  }));
  const events = new EventEmitter();
  let provider: Provider | undefined = await (await edrContext(edr)).createProvider(
    edr.GENERIC_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      chainId: BigInt(chainId),
      coinbase: hexToBytes(COINBASE),
      defaultTransactionGasLimit: TRANSACTION_GAS_CAP,
      gasEstimationMode: edr.GasEstimationMode.NoInternalOutOfGas,
      genesisState: [...funded, ...edr.l1GenesisState(edr.l1HardforkFromString(HARDFORK))],
      hardfork: HARDFORK,
      minGasPrice: 0n,
      mining: {
        autoMine: true,
        blockGasLimit: BLOCK_GAS_LIMIT,
        memPool: { order: edr.MineOrdering.Priority },
      },
      network: {
        genesisBlockGasLimit: BLOCK_GAS_LIMIT,
        genesisBlockTime: BigInt(genesisTime),
      },
      networkId: BigInt(chainId),
      observability: {},
      ownedAccounts: secretKeys,
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    {
      subscriptionCallback: ({ filterId, result }) => {
        const subscription = `0x${filterId.toString(16)}`;
        for (const item of Array.isArray(result) ? result : [result]) {
          events.emit("message", { type: "eth_subscription", data: { subscription, result: item } });
        }
      },
    },
    new edr.ContractDecoder(),
  );
  let nextId = 1;
  const call = (method: string, params: unknown) => ({
    jsonrpc: "2.0",
    id: nextId++,
    method,
    params: params ?? [],
  });
  /** The node's answer to one JSON-RPC message (a call or a batch): its result, or its error thrown. */
  async function handle(message: unknown): Promise<unknown> {
    if (provider === undefined) throw rpcFailure({ code: -32603, message: "the chain is closed" });
    const response = await provider.handleRequest(JSON.stringify(message));
    const reply = (typeof response.data === "string" ? JSON.parse(response.data) : response.data) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (reply.error !== undefined) throw rpcFailure(reply.error);
    return reply.result;
  }
  return {
    request: ({ method, params }) => handle(call(method, params)),
    async requestAll(calls) {
      return (await handle(calls.map(({ method, params }) => call(method, params)))) as unknown[];
    },
    on(event, listener) {
      return events.on(event, listener);
    },
    removeListener(event, listener) {
      return events.removeListener(event, listener);
    },
    close() {
      events.removeAllListeners();
      provider = undefined;
    },
  };
}
