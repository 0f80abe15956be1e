import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type Chain,
  type Client,
  createTestClient,
  decodeErrorResult,
  type Hex,
  type Log,
  type PublicActions,
  publicActions,
  type TestActions,
  type Transport,
  type WalletActions,
  walletActions,
} from "viem";
import type { EvmCall } from "./call.ts";

/** A viem test client with public and wallet actions, as the catalogue uses it. */
export type ConformanceClient = Client<Transport, Chain | undefined, Account | undefined> &
  TestActions &
  PublicActions<Transport, Chain | undefined> &
  WalletActions<Chain | undefined, Account | undefined>;

function createConformanceClient(transport: Transport, mode: "hardhat" | "anvil"): ConformanceClient {
  return createTestClient({ mode, transport })
    .extend(publicActions)
    .extend(walletActions) as unknown as ConformanceClient;
}

/** The outcome of one attempted transaction: the logs it emitted, or its revert data. */
export type Attempt = { ok: true; logs: readonly Log[] } | { ok: false; data?: Hex };

/**
 * The chain the catalogue runs on: a Hardhat or Anvil node (in-process, local, or forking a live chain).
 * Every sender is impersonated, so any address can pay or administer without its key.
 */
export class EvmConformanceEnv {
  readonly client: ConformanceClient;
  readonly chainId: bigint;

  constructor(client: ConformanceClient, chainId: bigint) {
    this.client = client;
    this.chainId = chainId;
  }

  /** Connects to the node behind `transport`. */
  static async connect(
    transport: Transport,
    mode: "hardhat" | "anvil" = "hardhat",
  ): Promise<EvmConformanceEnv> {
    const client = createConformanceClient(transport, mode);
    return new EvmConformanceEnv(client, BigInt(await client.getChainId()));
  }

  /** Gives `account` native funds and lets the node send its transactions. */
  async fund(account: Address, wei = 10n ** 31n): Promise<void> {
    await this.client.setBalance({ address: account, value: wei });
    await this.client.impersonateAccount({ address: account });
  }

  /**
   * Sends `call` from `from` and waits for it. A refused call (the node rejects the reverting
   * transaction, as Hardhat does, or mines it reverted, as Anvil does) returns its revert data.
   */
  async attempt(from: Address, call: EvmCall): Promise<Attempt> {
    let hash: Hex;
    try {
      hash = await this.client.sendTransaction({
        account: from,
        chain: null,
        to: call.to,
        data: call.data,
        value: call.value ?? 0n,
        gas: 5_000_000n,
      });
    } catch (error) {
      return { ok: false, data: revertData(error) };
    }
    const receipt = await this.client.waitForTransactionReceipt({ hash });
    if (receipt.status === "success") return { ok: true, logs: receipt.logs };
    return { ok: false, data: await this.replayRevert(from, call, receipt.blockNumber) };
  }

  /**
   * The revert data of a transaction the node mined reverted (Anvil, or a Hardhat node that does not
   * throw on failures): the same call replayed on the state it ran on, the block before its own.
   */
  private async replayRevert(from: Address, call: EvmCall, blockNumber: bigint): Promise<Hex | undefined> {
    try {
      await this.client.call({
        account: from,
        to: call.to,
        data: call.data,
        value: call.value ?? 0n,
        gas: 5_000_000n,
        blockNumber: blockNumber - 1n,
      });
      return undefined;
    } catch (error) {
      return revertData(error);
    }
  }

  /** Sends `call` from `from` and throws when it reverts. */
  async send(from: Address, call: EvmCall): Promise<void> {
    const result = await this.attempt(from, call);
    if (!result.ok) throw new Error(`transaction to ${call.to} reverted (${result.data ?? "no data"})`);
  }

  /** The chain's current time: a block is mined first, so a time offset left by a reverted snapshot shows. */
  async timestamp(): Promise<bigint> {
    await this.client.mine({ blocks: 1 });
    return (await this.client.getBlock()).timestamp;
  }

  /** Moves the next block's time to `timestamp` and mines it. */
  async warpTo(timestamp: bigint): Promise<void> {
    await this.client.setNextBlockTimestamp({ timestamp });
    await this.client.mine({ blocks: 1 });
  }

  /** `account`'s native balance, in wei. */
  async nativeBalance(account: Address): Promise<bigint> {
    return this.client.getBalance({ address: account });
  }
}

/** The revert data carried by a viem call error, if any. */
export function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as {
    data?: Hex;
  } | null;
  return found?.data;
}

/** The custom error name of `data` under `abi`, or its selector when the ABI does not know it. */
export function errorName(data: Hex | undefined, abi: Abi | undefined): string {
  if (!data || data.length < 10) return "no revert data";
  if (abi) {
    try {
      return decodeErrorResult({ abi, data }).errorName;
    } catch {
      // not in the ABI: fall through to the selector
    }
  }
  return data.slice(0, 10);
}
