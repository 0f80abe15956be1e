/**
 * EVM chain adapter over viem: any JSON-RPC URL, or an EIP-1193 provider such as Hardhat's in-process
 * EDR network (`(await network.create()).provider`). The indexer recognizes, block by block:
 * - native deposits: a transaction to the solver whose calldata is exactly the 32-byte request id;
 * - ERC20 deposits: `transfer(solver, amount)` calldata with the 32-byte request id appended;
 * - deposits through `AttestedReceiver` deployments (`receivers`), by their `DepositAccepted` event,
 *   counted only when the event's solver is this service's solver, or the receiver's previous solver
 *   inside its grace window while this service's solver is the receiver's current one;
 * - deposits into the protocol depository (`depository`), by its events, credited from its balance
 *   change (`depository-evm.ts`);
 * - app balance funding calldata (`decodeAppBalanceFundingCalldata`), reported for every chain and
 *   credited by the indexer only on chain 8453.
 */
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type EIP1193Provider,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { decodeAppBalanceFundingCalldata } from "../../funding/index.ts";
import { attestedReceiverAbi, decodeEvmReceiverDeposit } from "../../receiver/index.ts";
import { scanEvmDepository } from "./depository-evm.ts";
import type { ChainAdapter, ChainObservation, TransferParams } from "./types.ts";

export interface EvmChainAdapterOptions {
  chainId: number;
  /** JSON-RPC URL; or `provider`. */
  rpcUrl?: string;
  /** EIP-1193 provider (e.g. Hardhat EDR); takes precedence over `rpcUrl`. */
  provider?: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  solverPrivateKey: Hex;
  /** `AttestedReceiver` deployments on this chain: their `DepositAccepted` events are deposits. */
  receivers?: readonly string[];
  /** The protocol depository on this chain: its deposit events are order deposits. */
  depository?: string;
}

const TRANSFER_SELECTOR = "0xa9059cbb";
const REQUEST_ID_DATA = /^0x[0-9a-fA-F]{64}$/;
/** transfer(address,uint256) + 32-byte id: 4 + 32 + 32 + 32 bytes. */
const TAGGED_TRANSFER_LENGTH = 2 + 2 * (4 + 32 + 32 + 32);

export function createEvmChainAdapter(options: EvmChainAdapterOptions): ChainAdapter {
  const chain: Chain = defineChain({
    id: options.chainId,
    name: `chain-${options.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl ?? "http://127.0.0.1:8545"] } },
  });
  const transport: Transport = options.provider
    ? custom(options.provider as unknown as EIP1193Provider)
    : http(options.rpcUrl, { retryCount: 1 });
  const account = privateKeyToAccount(options.solverPrivateKey);
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const walletClient = createWalletClient({ chain, transport, account });
  const solver = account.address;
  const solverLower = solver.toLowerCase();
  const receivers = (options.receivers ?? []).map((address) => getAddress(address));
  const depository = options.depository === undefined ? undefined : getAddress(options.depository);

  async function scan(from: number, to: number): Promise<ChainObservation[]> {
    const observations: ChainObservation[] = [];
    /** Block timestamps of the scanned range, reused for the receivers' events. */
    const timestamps = new Map<number, number>();
    for (let number = from; number <= to; number++) {
      const block = await publicClient.getBlock({ blockNumber: BigInt(number), includeTransactions: true });
      const timestamp = Number(block.timestamp);
      timestamps.set(number, timestamp);
      for (const tx of block.transactions) {
        if (typeof tx === "string") continue;
        const input = tx.input.toLowerCase();
        const target = tx.to?.toLowerCase();
        let found: ChainObservation | null = null;
        if (target === solverLower && REQUEST_ID_DATA.test(input)) {
          found = {
            kind: "deposit",
            requestId: input,
            txHash: tx.hash,
            block: number,
            timestamp,
            from: getAddress(tx.from),
            currency: zeroAddress,
            amount: tx.value.toString(),
            status: "success",
            via: "transfer",
          };
        } else if (target !== undefined && decodeAppBalanceFundingCalldata(input) !== null) {
          // Funding calldata has the length of a tagged transfer: its markers are checked first.
          found = {
            kind: "funding",
            txHash: tx.hash,
            block: number,
            from: getAddress(tx.from),
            to: getAddress(target),
            input,
            status: "success",
          };
        } else if (
          target !== undefined &&
          input.length === TAGGED_TRANSFER_LENGTH &&
          input.startsWith(TRANSFER_SELECTOR) &&
          input.slice(34, 74) === solverLower.slice(2)
        ) {
          found = {
            kind: "deposit",
            requestId: `0x${input.slice(-64)}`,
            txHash: tx.hash,
            block: number,
            timestamp,
            from: getAddress(tx.from),
            currency: getAddress(target),
            amount: BigInt(`0x${input.slice(74, 138)}`).toString(),
            status: "success",
            via: "transfer",
          };
        }
        if (found) {
          const receipt = await publicClient.getTransactionReceipt({ hash: tx.hash });
          found.status = receipt.status === "success" ? "success" : "failure";
          observations.push(found);
        }
      }
    }
    if (receivers.length > 0) {
      const logs = await publicClient.getLogs({
        address: receivers,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
      for (const log of logs) {
        const deposit = decodeEvmReceiverDeposit(log, receivers);
        const timestamp = log.blockNumber === null ? undefined : timestamps.get(Number(log.blockNumber));
        if (deposit === null || log.transactionHash === null || timestamp === undefined) continue;
        if (!(await paysThisSolver(log.address, deposit.solver, BigInt(timestamp), log.blockNumber!)))
          continue;
        observations.push({
          kind: "deposit",
          requestId: deposit.requestId.toLowerCase(),
          txHash: log.transactionHash,
          block: Number(log.blockNumber),
          timestamp,
          from: deposit.payer,
          currency: deposit.currency,
          amount: deposit.amount.toString(),
          status: "success",
          via: "receiver-event",
        });
      }
    }
    if (depository !== undefined) {
      observations.push(...(await scanEvmDepository(publicClient, depository, from, to, timestamps)));
    }
    return observations;
  }

  /**
   * Whether a receiver's deposit paid to `eventSolver` belongs to this service: it is this service's
   * solver, or the receiver's previous solver still inside its grace at that block while its current
   * solver is this service's. A receiver rotated to another solver pays someone else.
   */
  async function paysThisSolver(
    receiver: Address,
    eventSolver: Address,
    timestamp: bigint,
    blockNumber: bigint,
  ): Promise<boolean> {
    if (eventSolver.toLowerCase() === solverLower) return true;
    const read = { address: receiver, abi: attestedReceiverAbi, blockNumber } as const;
    const [current, [previous, validUntil]] = await Promise.all([
      publicClient.readContract({ ...read, functionName: "solver" }),
      publicClient.readContract({ ...read, functionName: "previousSolver" }),
    ]);
    return (
      current.toLowerCase() === solverLower &&
      previous.toLowerCase() === eventSolver.toLowerCase() &&
      timestamp < BigInt(validUntil)
    );
  }

  async function send(params: TransferParams): Promise<{ txHash: string; block: number }> {
    const to = getAddress(params.to);
    const id = params.requestId.toLowerCase() as Hex;
    const native = params.currency.toLowerCase() === zeroAddress;
    const hash = native
      ? await walletClient.sendTransaction({ account, chain, to, value: params.amount, data: id })
      : await walletClient.sendTransaction({
          account,
          chain,
          to: getAddress(params.currency),
          data: `${encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, params.amount] })}${id.slice(2)}`,
        });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`transfer ${hash} reverted`);
    return { txHash: hash, block: Number(receipt.blockNumber) };
  }

  // One solver account sends every fill and refund: concurrent sends would pick the same nonce, so
  // they go out one at a time.
  let lastSend: Promise<unknown> = Promise.resolve();
  function transfer(params: TransferParams): Promise<{ txHash: string; block: number }> {
    const sent = lastSend.then(() => send(params));
    lastSend = sent.catch(() => {});
    return sent;
  }

  return {
    chainId: options.chainId,
    vm: "evm",
    solverAddress: solver,
    async head() {
      return Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
    },
    scan,
    transfer,
    async allowance(token, owner, spender) {
      try {
        return await publicClient.readContract({
          address: getAddress(token),
          abi: erc20Abi,
          functionName: "allowance",
          args: [getAddress(owner), getAddress(spender)],
        });
      } catch {
        return null;
      }
    },
  };
}
