/**
 * Strict deposit addresses on an EVM chain, for the service's watcher: the factory's CREATE2 clone
 * addresses (`predictDepositAddress`), what they hold, the payments into them (native: transactions
 * to the address that succeeded; ERC-20: the token's `Transfer` logs to it) and the sweep, a
 * `DepositAddressFactory.sweep(orderId, depositor, [currency])` call the caller sends.
 */
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  parseAbiItem,
  zeroAddress,
} from "viem";
import { predictDepositAddress } from "../../orders/deposit-address/index.ts";
import { chainRead } from "./quarantine.ts";
import type { DepositAddressChain, DepositAddressKey, DepositAddressPayment } from "./types.ts";

/** The factory's sweep, as the service calls it. */
export const DEPOSIT_ADDRESS_FACTORY_ABI = parseAbi([
  "function sweep(bytes32 orderId, address depositor, address[] tokens)",
  "function computeDepositAddress(bytes32 orderId, address depositor) view returns (address)",
  "function IMPLEMENTATION() view returns (address)",
  "function DEPOSITORY() view returns (address)",
]);

const TRANSFER_EVENT = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);

/** A chain's deposit-address contracts. */
export interface EvmDepositAddressContracts {
  /** The `DepositAddressFactory`. */
  factory: string;
  /** Its `DepositAddress` implementation (`IMPLEMENTATION()`). */
  implementation: string;
}

/**
 * The deposit addresses of `contracts` read through `client`; `call` sends a transaction to the
 * factory from the service's key and resolves once it is included.
 */
export function createEvmDepositAddresses(
  client: PublicClient,
  contracts: EvmDepositAddressContracts,
  call: (
    to: Address,
    data: { orderId: Hex; depositor: Address; currency: Address },
  ) => Promise<{
    txHash: string;
    block: number;
  }>,
): DepositAddressChain {
  const factory = getAddress(contracts.factory);
  const implementation = getAddress(contracts.implementation);
  const addressOf = (key: DepositAddressKey) =>
    predictDepositAddress({
      vm: "evm",
      factory,
      implementation,
      orderId: key.orderId as Hex,
      depositor: key.depositor,
    }) as Address;
  const native = (key: DepositAddressKey) => key.currency.toLowerCase() === zeroAddress;

  async function nativePayments(
    address: Address,
    from: number,
    to: number,
  ): Promise<DepositAddressPayment[]> {
    const out: DepositAddressPayment[] = [];
    for (let number = from; number <= to; number++) {
      const block = await chainRead(`block ${number}`, () =>
        client.getBlock({ blockNumber: BigInt(number), includeTransactions: true }),
      );
      for (const tx of block.transactions) {
        if (typeof tx === "string" || tx.to?.toLowerCase() !== address.toLowerCase() || tx.value === 0n)
          continue;
        const receipt = await chainRead(`receipt ${tx.hash}`, () =>
          client.getTransactionReceipt({ hash: tx.hash }),
        );
        if (receipt.status !== "success") continue;
        out.push({ txHash: tx.hash, block: number, from: getAddress(tx.from), amount: tx.value });
      }
    }
    return out;
  }

  async function tokenPayments(
    token: Address,
    address: Address,
    from: number,
    to: number,
  ): Promise<DepositAddressPayment[]> {
    const logs = await chainRead(`Transfer logs to ${address}`, () =>
      client.getLogs({
        address: token,
        event: TRANSFER_EVENT,
        args: { to: address },
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      }),
    );
    return logs.map((log) => ({
      txHash: log.transactionHash,
      block: Number(log.blockNumber),
      from: getAddress(log.args.from),
      amount: log.args.value,
    }));
  }

  return {
    contracts: { depositAddressFactory: factory, depositAddressImplementation: implementation },
    addressOf,
    async balanceOf(key) {
      const address = addressOf(key);
      if (native(key)) return chainRead(`balance of ${address}`, () => client.getBalance({ address }));
      return chainRead(`token balance of ${address}`, () =>
        client.readContract({
          address: getAddress(key.currency),
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address],
        }),
      );
    },
    paymentsTo(key, from, to) {
      if (to < from) return Promise.resolve([]);
      const address = addressOf(key);
      return native(key)
        ? nativePayments(address, from, to)
        : tokenPayments(getAddress(key.currency), address, from, to);
    },
    sweep(key) {
      return call(factory, {
        orderId: key.orderId as Hex,
        depositor: getAddress(key.depositor),
        currency: getAddress(key.currency),
      });
    },
  };
}
