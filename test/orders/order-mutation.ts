import { hexToBytes } from "viem";
import {
  type ChainVmTypes,
  encodeOrderAddress,
  formatOrderAddress,
  NATIVE_CURRENCY,
  type Order,
  type OrderVmType,
} from "../../src/index.ts";

/** A leaf of an order (or an array of it), with the VM its address belongs to when it is one. */
export type OrderLeaf = {
  path: (string | number)[];
  kind: "chain" | "address" | "uint" | "deadline" | "bytes" | "list";
  vmType?: OrderVmType;
};

const CHAIN_KEYS = new Set(["chainId", "solverChainId", "recipientChainId", "currencyChainId"]);
const UINT_KEYS = new Set(["salt", "amount", "weight", "minimumAmount", "expectedAmount"]);

/** Every mutable leaf and non-empty list (and `calls`, even empty) of an order, with the VM of each address from the chain it sits on. */
export function orderLeaves(order: Order, vmTypes: ChainVmTypes): OrderLeaf[] {
  const leaves: OrderLeaf[] = [{ path: ["solver"], kind: "address", vmType: "ethereum-vm" }];
  const walk = (node: unknown, path: (string | number)[], chainVm?: OrderVmType) => {
    if (Array.isArray(node)) {
      if (node.length > 0) leaves.push({ path, kind: "list" });
      node.forEach((child, index) => {
        walk(child, [...path, index], chainVm);
      });
      return;
    }
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const ownVm = typeof record.chainId === "string" ? vmTypes[record.chainId] : chainVm;
    for (const [key, value] of Object.entries(record)) {
      const at = [...path, key];
      if (key === "version" || key === "solver") continue;
      if (CHAIN_KEYS.has(key)) leaves.push({ path: at, kind: "chain" });
      else if (key === "recipient" || key === "currency") {
        const feeChain = key === "recipient" ? record.recipientChainId : record.currencyChainId;
        const vmType = typeof feeChain === "string" ? vmTypes[feeChain] : ownVm;
        leaves.push({ path: at, kind: "address", vmType: vmType as OrderVmType });
      } else if (UINT_KEYS.has(key)) leaves.push({ path: at, kind: "uint" });
      else if (key === "deadline") leaves.push({ path: at, kind: "deadline" });
      else if (key === "extraData") leaves.push({ path: at, kind: "bytes" });
      else if (key === "calls") {
        leaves.push({ path: at, kind: "list" });
        (value as string[]).forEach((_, index) => {
          leaves.push({ path: [...at, index], kind: "bytes" });
        });
      } else walk(value, at, ownVm);
    }
  };
  walk(order, []);
  return leaves;
}

function get(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

function set(root: unknown, path: (string | number)[], value: unknown) {
  const parent = get(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
}

/**
 * The order with one leaf changed to another valid value: a chain id to
 * another chain of the same VM, an address to another address of its VM, a
 * number or bytes to a different value, a list with one element dropped or
 * repeated. `salt` picks among the alternatives.
 */
export function mutateOrder(order: Order, leaf: OrderLeaf, vmTypes: ChainVmTypes, salt: number): Order {
  const copy = structuredClone(order);
  const current = get(copy, leaf.path);
  switch (leaf.kind) {
    case "chain": {
      const vmType = vmTypes[current as string];
      const others = Object.keys(vmTypes).filter((chain) => chain !== current && vmTypes[chain] === vmType);
      set(copy, leaf.path, others[salt % others.length]);
      break;
    }
    case "address": {
      const vmType = leaf.vmType as OrderVmType;
      let bytes = hexToBytes(encodeOrderAddress(current as string, vmType));
      // The bitcoin native sentinel is a 19-byte v0 program; its neighbours are not addresses, so use a P2WPKH one.
      if (vmType === "bitcoin-vm" && current === NATIVE_CURRENCY["bitcoin-vm"]) bytes = new Uint8Array(21);
      if (vmType === "lighter-vm") bytes[15] = ((bytes[15] as number) ^ (1 + (salt % 127))) & 0xff;
      else bytes[bytes.length - 1] = ((bytes[bytes.length - 1] as number) ^ (1 + (salt % 255))) & 0xff;
      set(copy, leaf.path, formatOrderAddress(bytes, vmType));
      break;
    }
    case "uint": {
      const value = BigInt(current as string);
      const max = (1n << 256n) - 1n;
      set(
        copy,
        leaf.path,
        (value === max ? value - 1n - BigInt(salt) : value + 1n + BigInt(salt % 1000)).toString(),
      );
      break;
    }
    case "deadline": {
      const value = current as number;
      set(copy, leaf.path, value === 0xffff_ffff ? value - 1 : value + 1);
      break;
    }
    case "bytes": {
      const hex = current as string;
      set(
        copy,
        leaf.path,
        hex.length > 2 && salt % 2 === 0
          ? hex.slice(0, -2)
          : `${hex}${(salt % 256).toString(16).padStart(2, "0")}`,
      );
      break;
    }
    case "list": {
      // Only `calls` is listed when empty (its elements need no context): it gains an empty call.
      const list = current as unknown[];
      if (list.length === 0) list.push("0x");
      else if (salt % 2 === 0) list.splice(salt % list.length, 1);
      else list.push(structuredClone(list[salt % list.length]));
      break;
    }
  }
  return copy;
}
