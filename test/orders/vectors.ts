import { readFileSync } from "node:fs";
import type { Hex } from "viem";
import type { ChainVmTypes, Order, OrderV2, OrderVmType } from "../../src/orders/index.ts";

export type OrderVectorCase = {
  name: string;
  order: Order;
  encoded: Record<string, unknown>;
  abiEncoded: Hex;
  orderId: Hex;
  signature: Hex;
};

export const orderVectors = JSON.parse(
  readFileSync(new URL("../vectors/protocol-orders.json", import.meta.url), "utf8"),
) as {
  chainVmTypes: ChainVmTypes;
  solver: { address: `0x${string}`; privateKey: Hex };
  published: Array<{
    name: string;
    source: string;
    chainVmTypes: ChainVmTypes;
    order: Order;
    orderId: Hex;
    encoded: Record<string, unknown>;
    abiEncoded: Hex;
  }>;
  cases: OrderVectorCase[];
  addresses: Array<{ vmType: OrderVmType; address: string; bytes: Hex }>;
  malformedAddresses: Array<{ name: string; vmType: OrderVmType; address: string; errorCode: string }>;
  invalidOrders: Array<{ name: string; order: unknown; errorCode: string }>;
};

export type OrderV2VectorCase = Omit<OrderVectorCase, "order"> & { order: OrderV2 };

/** test/vectors/protocol-orders-v2.json: the settlement SDK's v2 order, seeded v2 orders, malformed ones. */
export const orderV2Vectors = JSON.parse(
  readFileSync(new URL("../vectors/protocol-orders-v2.json", import.meta.url), "utf8"),
) as {
  chainVmTypes: ChainVmTypes;
  solver: { address: `0x${string}`; privateKey: Hex };
  published: Array<{
    name: string;
    source: string;
    chainVmTypes: ChainVmTypes;
    order: OrderV2;
    orderId: Hex;
    encoded: Record<string, unknown>;
    abiEncoded: Hex;
  }>;
  cases: OrderV2VectorCase[];
  invalidOrders: Array<{ name: string; order: unknown; errorCode: string }>;
};
