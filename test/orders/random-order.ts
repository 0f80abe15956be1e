import { bytesToHex } from "viem";
import {
  type ChainVmTypes,
  formatOrderAddress,
  ORDER_VM_TYPES,
  type Order,
  type OrderV2,
  type OrderVmType,
} from "../../src/index.ts";
import { createRng } from "../../src/rng.ts";
import { orderVectors } from "./vectors.ts";

/** Every order VM type. */
export const ALL_VM_TYPES: readonly OrderVmType[] = ORDER_VM_TYPES;

/** Chains of every VM type, named as the service names them (the shared vectors' chains). */
export const RANDOM_ORDER_CHAINS: ChainVmTypes = orderVectors.chainVmTypes;

/**
 * Random order members from `seed`: chain ids over every VM type, each address and currency a random
 * well-formed address of its chain's VM in its native form (checksummed hex, base58, bech32 / bech32m or
 * base58check, TON user-friendly, classic XRP, decimal Lighter index, Hedera `0.0.N` or alias), random uint256 / uint32 values
 * (edges included), random bytes, and lists of `min` (default 0) to `maxList` elements.
 */
function randomMembers(seed: number, maxList: number) {
  const rng = createRng(seed);
  const int = (max: number) => Math.floor(rng() * (max + 1));
  const pick = <T>(items: readonly T[]): T => items[int(items.length - 1)] as T;
  const bytes = (length: number) => Uint8Array.from({ length }, () => int(255));
  const chains = Object.keys(RANDOM_ORDER_CHAINS);

  const uint256 = () => {
    const edge = int(9);
    if (edge === 0) return "0";
    if (edge === 1) return ((1n << 256n) - 1n).toString();
    return BigInt(bytesToHex(bytes(1 + int(31)))).toString();
  };
  const uint32 = () => pick([0, 0xffff_ffff, int(0xffff_ffff)]);
  const data = (max: number) => bytesToHex(bytes(int(max)));

  const addressBytes = (vmType: OrderVmType): Uint8Array => {
    switch (vmType) {
      case "ethereum-vm":
      case "xrp-vm":
        return bytes(20);
      case "hyperliquid-vm":
        return bytes(pick([16, 20]));
      case "solana-vm":
      case "ton-vm":
        return bytes(32);
      case "tron-vm":
        return Uint8Array.from([0x41, ...bytes(20)]);
      case "bitcoin-vm":
        return pick([
          () => Uint8Array.from([0xff, pick([0x00, 0x05]), ...bytes(20)]), // legacy P2PKH / P2SH
          () => Uint8Array.from([0x00, ...bytes(pick([20, 32]))]), // segwit v0
          () => Uint8Array.from([0x01, ...bytes(32)]), // taproot
        ])();
      case "lighter-vm": {
        const index = BigInt(int(2 ** 21)) * BigInt(2 ** 32) + BigInt(int(2 ** 32 - 1));
        return Uint8Array.from({ length: 16 }, (_, i) => Number((index >> BigInt(8 * (15 - i))) & 0xffn));
      }
      case "hedera-vm":
        return pick([
          () => Uint8Array.from([...new Uint8Array(12), int(127), ...bytes(7)]), // entity id 0.0.N
          () => Uint8Array.from([1 + int(254), ...bytes(19)]), // an account's EVM alias
        ])();
    }
  };
  const address = (chain: string) => {
    const vmType = RANDOM_ORDER_CHAINS[chain] as OrderVmType;
    return formatOrderAddress(addressBytes(vmType), vmType);
  };
  const list = <T>(make: () => T, min = 0) => Array.from({ length: min + int(maxList - min) }, make);
  const fee = () => {
    const [recipientChain, currencyChain] = [pick(chains), pick(chains)];
    return {
      recipientChainId: recipientChain,
      recipient: address(recipientChain),
      currencyChainId: currencyChain,
      currency: address(currencyChain),
      amount: uint256(),
    };
  };

  return { pick, bytes, chains, uint256, uint32, data, address, list, fee };
}

/**
 * A generator of random valid `"v1"` orders from `seed` (members as `randomMembers` draws them; lists
 * have 0 to `maxList` elements, inputs at least one).
 */
export function randomOrders(seed: number, maxList = 2): () => Order {
  const { pick, bytes, chains, uint256, uint32, data, address, list, fee } = randomMembers(seed, maxList);
  return () => {
    const output = pick(chains);
    return {
      version: "v1",
      solverChainId: pick(chains),
      solver: formatOrderAddress(bytes(20), "ethereum-vm"),
      salt: uint256(),
      inputs: list(() => {
        const chain = pick(chains);
        return {
          payment: { chainId: chain, currency: address(chain), amount: uint256(), weight: uint256() },
          refunds: list(() => {
            const refund = pick(chains);
            return {
              chainId: refund,
              recipient: address(refund),
              currency: address(refund),
              minimumAmount: uint256(),
              deadline: uint32(),
              extraData: data(24),
            };
          }),
        };
      }, 1),
      output: {
        chainId: output,
        payments: list(() => ({
          recipient: address(output),
          currency: address(output),
          minimumAmount: uint256(),
          expectedAmount: uint256(),
        })),
        deadline: uint32(),
        calls: list(() => data(40)),
        extraData: data(24),
      },
      fees: list(fee),
    } as unknown as Order;
  };
}

/**
 * A generator of random valid `"v2"` orders from `seed`: one input, refunds, withdraw and fill (fill calls
 * and every list 0 to `maxList` elements), addresses of every VM as `randomMembers` draws them.
 */
export function randomOrdersV2(seed: number, maxList = 2): () => OrderV2 {
  const { pick, bytes, chains, uint256, uint32, data, address, list, fee } = randomMembers(seed, maxList);
  return () => {
    const [input, output] = [pick(chains), pick(chains)];
    return {
      version: "v2",
      relayerChainId: pick(chains),
      relayer: formatOrderAddress(bytes(20), "ethereum-vm"),
      salt: uint256(),
      deadline: uint32(),
      input: { chainId: input, currency: address(input), amount: uint256() },
      refunds: list(() => {
        const refund = pick(chains);
        return {
          chainId: refund,
          currency: address(refund),
          minimumAmount: uint256(),
          recipient: address(refund),
        };
      }),
      output: {
        chainId: output,
        withdraw: { currency: address(output), minimumAmount: uint256() },
        fill: {
          currency: address(output),
          minimumAmount: uint256(),
          recipient: address(output),
          calls: list(() => data(40)),
        },
      },
      fees: list(fee),
    };
  };
}
