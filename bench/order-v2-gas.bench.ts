// Gas of the "v2" order id on EVM. Run: npx hardhat run bench/order-v2-gas.bench.ts
// ProtocolOrderV2.orderId alone (measured inside contracts/mocks/ProtocolOrderV2Harness.sol with gasleft) over
// an order already decoded in memory, and orderIdCalldata over the order where it lies in calldata, by order
// shape, each beside the floor and least bench/order-gas.floor.ts derives for it, and beside
// ProtocolOrder.orderId (v1) for the v1 order carrying the same payment (one input, its refunds, one output
// payment, the same fees).
import { network } from "hardhat";
import type { Hex } from "viem";
import {
  type EncodedOrder,
  type EncodedOrderV2,
  encodeOrder,
  hashEncodedOrder,
} from "../src/orders/index.ts";
import { orderV2Vectors } from "../test/orders/vectors.ts";
import { printTable, writeResults } from "./harness.ts";
import { operandBound, orderIdFloorV2 } from "./order-gas.floor.ts";

const RELAYER: Hex = `0x${"5a".repeat(20)}`;
const PAYER: Hex = `0x${"be".repeat(20)}`;
const RECIPIENT: Hex = `0x${"7e".repeat(32)}`;
const CURRENCY: Hex = `0x${"c6".repeat(32)}`;
const fee = {
  recipientChainId: "base",
  recipient: RELAYER,
  currencyChainId: "base",
  currency: PAYER,
  amount: 1000n,
};

/** A v2 order of `refunds` refunds, `calls` calls and `fees` fees, and the v1 order carrying the same payment. */
function shape(refunds: number, calls: number, fees: number): { v2: EncodedOrderV2; v1: EncodedOrder } {
  const callData = Array.from({ length: calls }, (_, i) => `0x${"ab".repeat(32 + i)}` as Hex);
  const feeList = Array.from({ length: fees }, () => fee);
  return {
    v2: {
      version: "v2",
      relayerChainId: "base",
      relayer: RELAYER,
      salt: 1n,
      deadline: 2_000_000_000,
      input: { chainId: "base", currency: PAYER, amount: 10n ** 18n },
      refunds: Array.from({ length: refunds }, () => ({
        chainId: "base",
        currency: PAYER,
        minimumAmount: 0n,
        recipient: PAYER,
      })),
      output: {
        chainId: "solana",
        withdraw: { currency: CURRENCY, minimumAmount: 990n },
        fill: { currency: CURRENCY, minimumAmount: 990n, recipient: RECIPIENT, calls: callData },
      },
      fees: feeList,
    },
    v1: {
      version: "v1",
      solverChainId: "base",
      solver: RELAYER,
      salt: 1n,
      inputs: [
        {
          payment: { chainId: "base", currency: PAYER, amount: 10n ** 18n, weight: 1n },
          refunds: Array.from({ length: refunds }, () => ({
            chainId: "base",
            recipient: PAYER,
            currency: PAYER,
            minimumAmount: 0n,
            deadline: 2_000_000_000,
            extraData: "0x" as Hex,
          })),
        },
      ],
      output: {
        chainId: "solana",
        payments: [{ recipient: RECIPIENT, currency: CURRENCY, minimumAmount: 990n, expectedAmount: 1000n }],
        deadline: 2_000_000_000,
        calls: callData,
        extraData: "0x",
      },
      fees: feeList,
    },
  };
}

const { viem } = await network.create();
const v2Harness = await viem.deployContract("ProtocolOrderV2Harness");
const v1Harness = await viem.deployContract("ProtocolOrderHarness");

const published = orderV2Vectors.published[0]!;
const cases: Array<{ name: string; v2: EncodedOrderV2; v1?: EncodedOrder }> = [
  { name: "1 refund, no calls, 1 fee (typical)", ...shape(1, 0, 1) },
  { name: "2 refunds, 1 call, 1 fee", ...shape(2, 1, 1) },
  { name: "4 refunds, 2 calls, 2 fees", ...shape(4, 2, 2) },
  { name: "8 refunds, 4 calls, 4 fees", ...shape(8, 4, 4) },
  {
    name: "the settlement SDK's published v2 order",
    v2: encodeOrder(published.order, published.chainVmTypes, { versions: ["v2"] }),
  },
];

const rows = [];
for (const entry of cases) {
  const id = hashEncodedOrder(entry.v2);
  const [memoryId, memoryGas] = await v2Harness.read.measureOrderId([entry.v2 as never]);
  const [calldataId, calldataGas] = await v2Harness.read.measureOrderIdCalldata([entry.v2 as never]);
  if (memoryId !== id || calldataId !== id)
    throw new Error(`${entry.name}: the harness disagrees with getOrderId`);
  let v1Gas: number | string = "-";
  if (entry.v1 !== undefined) {
    const [v1Id, gas] = await v1Harness.read.measureOrderId([entry.v1 as never]);
    if (v1Id !== hashEncodedOrder(entry.v1)) throw new Error(`${entry.name}: the v1 harness disagrees`);
    v1Gas = Number(gas);
  }
  const memory = orderIdFloorV2(entry.v2, "memory");
  const calldata = orderIdFloorV2(entry.v2, "calldata");
  rows.push({
    case: entry.name,
    orderIdV2: Number(memoryGas),
    memoryFloor: memory.total,
    memoryLeast: memory.total + operandBound(memory),
    orderIdCalldataV2: Number(calldataGas),
    calldataFloor: calldata.total,
    calldataLeast: calldata.total + operandBound(calldata),
    orderIdV1SamePayment: v1Gas,
  });
}
printTable(
  "ProtocolOrderV2 order id gas (measured inside the harness with gasleft) beside its floor and least (bench/order-gas.floor.ts)",
  rows,
);
writeResults("order-v2-gas.json", {
  note: "npx hardhat run bench/order-v2-gas.bench.ts; gas of ProtocolOrderV2.orderId (order decoded in memory) and orderIdCalldata (the order where it lies in calldata), measured with gasleft inside contracts/mocks/ProtocolOrderV2Harness.sol, beside the floor bench/order-gas.floor.ts derives for each form (memoryFloor / calldataFloor: keccaks, MSTOREs, one read per member word / offset / length, calldata copies, scratch memory) and that floor plus operandBound (memoryLeast / calldataLeast: the operands and loop branches no looping hasher avoids), and beside ProtocolOrder.orderId (v1, assembly) for the v1 order carrying the same payment. Gas is deterministic.",
  results: rows,
});
