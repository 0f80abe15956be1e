/**
 * EVM chain adapter over viem: any JSON-RPC URL, or an EIP-1193 provider such as Hardhat's in-process
 * EDR network (`(await network.create()).provider`). The indexer recognizes, block by block:
 * - native deposits: a transaction to one of the service's keys whose calldata is exactly the 32-byte
 *   request id, worth the value it carried; and the same call made inside a transaction by a contract
 *   account (a multicall, a Safe, an ERC-4337 account), found in the call tree of a transaction whose
 *   calldata names a key (`evm-internal-transfers.ts`, `debug_traceTransaction` with `callTracer`);
 * - ERC20 deposits: `transfer(key, amount)` calldata with the 32-byte request id appended, worth what
 *   the keys received by the token's `Transfer` logs (`evmTokenCredit`: fee-on-transfer tokens net);
 * - deposits through `AttestedReceiver` deployments (`receivers`), by their `DepositAccepted` event,
 *   counted only when the event names one of the service's keys (current, or earlier ones: the
 *   `formerSolvers` option and the service's key history, `addFormerSolvers`); no
 *   receiver state is read, so no historical state is needed;
 * - deposits into the protocol depository (`depository`), by the events of that address only: native
 *   ones worth the `msg.value` its code reports, ERC-20 ones worth the token's `Transfer` logs into
 *   it in the same transaction (`depository-evm.ts`), each paid by the account whose balance it came
 *   from (a native one's from the transaction's call tree, `debug_traceTransaction` with
 *   `callTracer`; `evm-payers.ts`); no state is read, at any block;
 * - app balance funding calldata (`decodeAppBalanceFundingCalldata`), reported for every chain with
 *   what the keys received, and credited by the indexer only on chain 8453.
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
  keccak256,
  type Log,
  type PublicClient,
  parseAbi,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmTokenCredit } from "../../credit/evm.ts";
import { decodeAppBalanceFundingCalldata } from "../../funding/index.ts";
import { FILL_ROUTER_ABI } from "../../orders/index.ts";
import { decodeEvmReceiverDeposit } from "../../receiver/index.ts";
import { crashPoint } from "../crash-points.ts";
import {
  createEvmDepositAddresses,
  DEPOSIT_ADDRESS_FACTORY_ABI,
  type EvmDepositAddressContracts,
} from "./deposit-addresses-evm.ts";
import { scanEvmDepository } from "./depository-evm.ts";
import { mayCallKey, taggedInternalTransfers } from "./evm-internal-transfers.ts";
import type { CallFrame } from "./evm-payers.ts";
import { byTransaction, chainRead, isolateTransaction, settleQuarantined } from "./quarantine.ts";
import {
  type ChainAdapter,
  type ChainObservation,
  RevertedTransferError,
  type SignedTransfer,
  type TransferParams,
} from "./types.ts";

export interface EvmChainAdapterOptions {
  chainId: number;
  /** JSON-RPC URL; or `provider`. */
  rpcUrl?: string;
  /** EIP-1193 provider (e.g. Hardhat EDR); takes precedence over `rpcUrl`. */
  provider?: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  solverPrivateKey: Hex;
  /** `AttestedReceiver` deployments on this chain: their `DepositAccepted` events are deposits. */
  receivers?: readonly string[];
  /**
   * Addresses of the service's earlier solver keys (after a rotation): deposits still paid to them,
   * directly or through a receiver inside its grace, are the service's too. Events naming any other
   * address are not, whatever a receiver's state says. `createService` adds every key it ran with on
   * its database by itself; list here only keys it never ran with there.
   */
  formerSolvers?: readonly string[];
  /** The protocol depository on this chain: its deposit events are order deposits. */
  depository?: string;
  /** The chain's deposit-address factory and implementation: the service sweeps its strict deposit addresses. */
  depositAddresses?: EvmDepositAddressContracts;
}

const TRANSFER_SELECTOR = "0xa9059cbb";
/** ERC-5267's `eip712Domain()`. */
const EIP5267_ABI = parseAbi([
  "function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)",
]);
/** Block reads a scan keeps in flight. */
const BLOCK_READS_AHEAD = 16;
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
  const receivers = (options.receivers ?? []).map((address) => getAddress(address));
  const depository = options.depository === undefined ? undefined : getAddress(options.depository);
  /** Every key the service controls here: deposits paid to any of them are the service's. */
  const keyList: Address[] = [solver];
  const keys = new Set([solver.toLowerCase()]);
  function addFormerSolvers(addresses: readonly string[]): void {
    for (const address of addresses.map((a) => getAddress(a))) {
      if (keys.has(address.toLowerCase())) continue;
      keyList.push(address);
      keys.add(address.toLowerCase());
    }
  }
  addFormerSolvers(options.formerSolvers ?? []);

  /** Receipts of the scanned range by transaction hash, fetched once per scan. */
  function receiptCache() {
    const receipts = new Map<string, Promise<TransactionReceipt>>();
    return (hash: Hex) => {
      let receipt = receipts.get(hash);
      if (receipt === undefined) {
        receipt = chainRead(`receipt ${hash}`, () => publicClient.getTransactionReceipt({ hash }));
        receipts.set(hash, receipt);
      }
      return receipt;
    };
  }

  /**
   * What a transaction in block `number` deposits or funds, or null. Tagging (calldata) only
   * identifies it: the amount is what the service's keys received (`tx.value` for native, the
   * token's `Transfer` logs for ERC-20). A failed read throws `ChainReadError` (the range is scanned
   * again); a transaction of any other shape is skipped.
   */
  async function observe(
    tx: { hash: Hex; from: Address; to: Address | null; input: Hex; value: bigint },
    number: number,
    timestamp: number,
    receiptOf: (hash: Hex) => Promise<TransactionReceipt>,
  ): Promise<ChainObservation | null> {
    const input = tx.input.toLowerCase();
    const target = tx.to?.toLowerCase();
    if (target === undefined) return null;
    const deposit = {
      kind: "deposit" as const,
      txHash: tx.hash,
      block: number,
      timestamp,
      // A top-level transfer is paid from its sender's balance.
      from: getAddress(tx.from),
      via: "transfer" as const,
      position: "tx" as const,
    };
    if (keys.has(target) && REQUEST_ID_DATA.test(input)) {
      const receipt = await receiptOf(tx.hash);
      return {
        ...deposit,
        requestId: input,
        currency: zeroAddress,
        amount: tx.value.toString(),
        status: receipt.status === "success" ? "success" : "failure",
      };
    }
    if (decodeAppBalanceFundingCalldata(input) !== null) {
      // Funding calldata has the length of a tagged transfer: its markers are checked first.
      const receipt = await receiptOf(tx.hash);
      return {
        kind: "funding",
        txHash: tx.hash,
        block: number,
        from: getAddress(tx.from),
        to: getAddress(target),
        input,
        received: evmTokenCredit(receipt.logs, target, keyList).toString(),
        status: receipt.status === "success" ? "success" : "failure",
      };
    }
    if (
      input.length === TAGGED_TRANSFER_LENGTH &&
      input.startsWith(TRANSFER_SELECTOR) &&
      keys.has(`0x${input.slice(34, 74)}`)
    ) {
      const receipt = await receiptOf(tx.hash);
      const amount = receipt.status === "success" ? evmTokenCredit(receipt.logs, target, keyList) : 0n;
      if (receipt.status === "success" && amount === 0n) return null;
      return {
        ...deposit,
        requestId: `0x${input.slice(-64)}`,
        currency: getAddress(target),
        amount: amount.toString(),
        status: receipt.status === "success" ? "success" : "failure",
      };
    }
    return null;
  }

  /** A transaction's call tree (`callTracer`): who paid a depository deposit it made. */
  const traceOf = (hash: Hex) =>
    chainRead(`call trace ${hash}`, async () => {
      const trace = await (
        publicClient.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
      )({ method: "debug_traceTransaction", params: [hash, { tracer: "callTracer" }] });
      return trace as CallFrame;
    });

  const readBlock = (number: number) =>
    publicClient.getBlock({ blockNumber: BigInt(number), includeTransactions: true });

  /**
   * Block `number` of a scan that ends at `to`, with the reads of the next blocks started: a node far
   * away costs one round trip for the blocks in flight, not one each (200 blocks at 20 ms: 0.27 s, not 4.1 s).
   */
  function readsAhead(to: number) {
    const reads = new Map<number, ReturnType<typeof readBlock>>();
    return (number: number) => {
      for (let next = number; next <= Math.min(to, number + BLOCK_READS_AHEAD - 1); next++) {
        if (reads.has(next)) continue;
        const read = readBlock(next);
        // A scan that stops early leaves reads nobody awaits: their failures are not unhandled.
        read.catch(() => {});
        reads.set(next, read);
      }
      const read = reads.get(number) as ReturnType<typeof readBlock>;
      reads.delete(number);
      return read;
    };
  }

  async function scan(from: number, to: number): Promise<ChainObservation[]> {
    const observations: ChainObservation[] = [];
    const receiptOf = receiptCache();
    const excludedCallers = new Set(receivers.map((receiver) => receiver.toLowerCase()));
    /** Block timestamps of the scanned range, reused for the receivers' events. */
    const timestamps = new Map<number, number>();
    const blockAt = readsAhead(to);
    for (let number = from; number <= to; number++) {
      const block = await blockAt(number);
      const timestamp = Number(block.timestamp);
      timestamps.set(number, timestamp);
      for (const tx of block.transactions) {
        if (typeof tx === "string") continue;
        const found = await isolateTransaction({ txHash: tx.hash, block: number }, async () => {
          const observation = await observe(tx, number, timestamp, receiptOf);
          if (observation !== null) return [observation];
          if (!mayCallKey(tx, keys)) return [];
          const at = { txHash: tx.hash, block: number, timestamp };
          return taggedInternalTransfers(await traceOf(tx.hash), at, keys, excludedCallers);
        });
        observations.push(...found);
      }
    }
    if (receivers.length > 0) {
      const logs = await publicClient.getLogs({
        address: receivers,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
      for (const [txHash, txLogs] of byTransaction(logs)) {
        const block = Number(txLogs[0]?.blockNumber);
        observations.push(
          ...(await isolateTransaction({ txHash, block }, () =>
            receiverDeposits(txHash as Hex, txLogs, timestamps.get(block), receiptOf),
          )),
        );
      }
    }
    if (depository !== undefined) {
      observations.push(
        ...(await scanEvmDepository(publicClient, depository, from, to, timestamps, receiptOf, traceOf)),
      );
    }
    return settleQuarantined(observations);
  }

  /**
   * The deposits of one transaction's receiver events, each worth at most what its Transfer logs
   * still leave unclaimed in its token (native: the value the receiver reports). A log that does not
   * decode, or names a key the service does not hold, is skipped alone.
   */
  async function receiverDeposits(
    txHash: Hex,
    logs: readonly Log[],
    timestamp: number | undefined,
    receiptOf: (hash: Hex) => Promise<TransactionReceipt>,
  ): Promise<ChainObservation[]> {
    if (timestamp === undefined) return [];
    /** What the receiver events may still claim, per token, from the transaction's Transfer logs. */
    const unclaimed = new Map<string, bigint>();
    const found: ChainObservation[] = [];
    for (const log of logs) {
      const deposit = decodeEvmReceiverDeposit(log, receivers);
      if (deposit === null || log.logIndex === null || !keys.has(deposit.solver.toLowerCase())) continue;
      let amount = deposit.amount;
      if (deposit.currency !== zeroAddress) {
        const receipt = await receiptOf(txHash);
        const left =
          unclaimed.get(deposit.currency) ?? evmTokenCredit(receipt.logs, deposit.currency, keyList);
        amount = amount < left ? amount : left;
        unclaimed.set(deposit.currency, left - amount);
        if (amount === 0n) continue;
      }
      found.push({
        kind: "deposit",
        requestId: deposit.requestId.toLowerCase(),
        txHash,
        block: Number(log.blockNumber),
        timestamp,
        from: deposit.payer,
        currency: deposit.currency,
        amount: amount.toString(),
        status: "success",
        via: "receiver-event",
        position: `log:${log.logIndex}`,
      });
    }
    return found;
  }

  /** Signs the transfer with the solver's next nonce, hands it to `onSigned`, then sends it. */
  async function send(
    params: TransferParams,
    onSigned?: (signed: SignedTransfer) => void,
  ): Promise<{ txHash: string; block: number }> {
    const to = getAddress(params.to);
    const id = (params.tag ?? params.requestId).toLowerCase() as Hex;
    const native = params.currency.toLowerCase() === zeroAddress;
    const routed = params.revert ? null : await routedFill(params, to, native);
    const nonce = await publicClient.getTransactionCount({ address: solver, blockTag: "pending" });
    const prepared = await walletClient.prepareTransactionRequest(
      params.revert
        ? {
            account,
            chain,
            value: native ? params.amount : 0n,
            data: revertingInitCode(id),
            gas: 100_000n,
            nonce,
          }
        : routed !== null
          ? {
              account,
              chain,
              to: routed.router,
              value: routed.value,
              data: `${routed.data}${id.slice(2)}`,
              nonce,
            }
          : native
            ? { account, chain, to, value: params.amount, data: id, nonce }
            : {
                account,
                chain,
                to: getAddress(params.currency),
                data: `${encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, params.amount] })}${id.slice(2)}`,
                nonce,
              },
    );
    const raw = await walletClient.signTransaction(
      prepared as Parameters<typeof walletClient.signTransaction>[0],
    );
    const signed: SignedTransfer = { txHash: keccak256(raw), raw, lifetime: String(nonce) };
    onSigned?.(signed);
    return broadcast(signed);
  }

  /**
   * The router call a transfer goes through (its arguments; the id is appended after them), or null for
   * a plain transfer: see `TransferParams.router`.
   * @throws Error when the transfer carries user calls it cannot make (no router, or a token payment).
   */
  async function routedFill(
    params: TransferParams,
    to: Address,
    native: boolean,
  ): Promise<{ router: Address; value: bigint; data: Hex } | null> {
    const calls = (params.calls ?? []).map((call) => ({
      to: getAddress(call.to),
      data: call.data as Hex,
      value: call.value,
    }));
    if (calls.length > 0 && (params.router === undefined || !native)) {
      throw new Error(
        `request ${params.requestId}: user calls run only through a fill router, with a native payment`,
      );
    }
    if (params.router === undefined || !native) return null;
    if (calls.length === 0 && ((await publicClient.getCode({ address: to })) ?? "0x") === "0x") return null;
    const payments = params.amount === 0n && calls.length > 0 ? [] : [{ to, amount: params.amount }];
    return {
      router: getAddress(params.router),
      value: calls.reduce((sum, call) => sum + call.value, params.amount),
      data: encodeFunctionData({ abi: FILL_ROUTER_ABI, functionName: "fill", args: [payments, calls] }),
    };
  }

  async function broadcast(signed: SignedTransfer): Promise<{ txHash: string; block: number }> {
    const hash = signed.txHash as Hex;
    try {
      await publicClient.sendRawTransaction({ serializedTransaction: signed.raw as Hex });
      crashPoint("transfer-sent");
    } catch (error) {
      // Sent before the crash: the node already holds it (pending or included).
      const known = await publicClient.getTransaction({ hash }).catch(() => null);
      if (known === null) throw error;
    }
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new RevertedTransferError(hash, Number(receipt.blockNumber));
    return { txHash: hash, block: Number(receipt.blockNumber) };
  }

  async function landed(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await publicClient.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** A development node's own method (`evm_snapshot`, `evm_revert`, `evm_mine`). */
  const devRequest = (method: string, params: unknown[] = []) =>
    (publicClient.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
      method,
      params,
    });

  // One solver account sends every fill and refund: concurrent sends would pick the same nonce, so
  // they go out one at a time.
  let lastSend: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const done = lastSend.then(work);
    lastSend = done.catch(() => {});
    return done;
  }

  /** A signed transfer lands once its nonce is used: by it (its receipt), or by another (never). */
  async function resume(signed: SignedTransfer): Promise<{ txHash: string; block: number } | null> {
    return serially(async () => {
      const receipt = await landed(signed.txHash as Hex);
      if (receipt?.status === "reverted")
        throw new RevertedTransferError(signed.txHash, Number(receipt.blockNumber));
      if (receipt !== null) return { txHash: signed.txHash, block: Number(receipt.blockNumber) };
      const used = await publicClient.getTransactionCount({ address: solver, blockTag: "latest" });
      if (used > Number(signed.lifetime)) return null;
      return broadcast(signed);
    });
  }

  /** A sweep from the solver's key, in turn with its fills and refunds (one nonce sequence). */
  const sweepCall = (factory: Address, key: { orderId: Hex; depositor: Address; currency: Address }) =>
    serially(async () => {
      const data = encodeFunctionData({
        abi: DEPOSIT_ADDRESS_FACTORY_ABI,
        functionName: "sweep",
        args: [key.orderId, key.depositor, [key.currency]],
      });
      const nonce = await publicClient.getTransactionCount({ address: solver, blockTag: "pending" });
      const prepared = await walletClient.prepareTransactionRequest({
        account,
        chain,
        to: factory,
        data,
        nonce,
      });
      const raw = await walletClient.signTransaction(
        prepared as Parameters<typeof walletClient.signTransaction>[0],
      );
      return broadcast({ txHash: keccak256(raw), raw, lifetime: String(nonce) });
    });

  return {
    chainId: options.chainId,
    vm: "evm",
    ...(options.depositAddresses === undefined
      ? {}
      : { depositAddresses: createEvmDepositAddresses(publicClient, options.depositAddresses, sweepCall) }),
    solverAddress: solver,
    async head() {
      return Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
    },
    scan,
    addFormerSolvers,
    transfer: (params, onSigned) => serially(() => send(params, onSigned)),
    snapshot: () => serially(async () => String(await devRequest("evm_snapshot"))),
    rewind: (snapshot) =>
      serially(async () => {
        const height = Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
        if ((await devRequest("evm_revert", [snapshot])) !== true)
          throw new Error(`evm_revert ${snapshot} refused on chain ${options.chainId}`);
        const after = Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
        for (let block = after; block < height; block++) await devRequest("evm_mine");
      }),
    legSource: (txHash) => ({ vm: "ethereum-vm", hash: txHash as Hex, client: publicClient }),
    resume,
    relay: (call) =>
      serially(async () => {
        const hash = await walletClient.sendTransaction({
          account,
          chain,
          to: getAddress(call.to),
          data: call.data as Hex,
          value: call.value,
        });
        const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
        return { txHash: hash, block: Number(receipt.blockNumber), success: receipt.status === "success" };
      }),
    async erc20Balance(token, owner) {
      try {
        return await publicClient.readContract({
          address: getAddress(token),
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [getAddress(owner)],
        });
      } catch {
        return null;
      }
    },
    async eip712Domain(contract) {
      try {
        const [, name, version] = await publicClient.readContract({
          address: getAddress(contract),
          abi: EIP5267_ABI,
          functionName: "eip712Domain",
        });
        return { name, version };
      } catch {
        return null;
      }
    },
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

/**
 * Init code that reverts at once with `tag` as its revert data: `PUSH32 tag, PUSH1 0, MSTORE,
 * PUSH1 32, PUSH1 0, REVERT`. A scenario's fill that must revert is a creation running it.
 */
function revertingInitCode(tag: Hex): Hex {
  return `0x7f${tag.slice(2).padStart(64, "0")}60005260206000fd`;
}
