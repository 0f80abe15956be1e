// Gas benchmark of protocol orders on EVM. Run: npx hardhat run bench/order-gas.bench.ts
// 1. ProtocolOrder.orderId alone (measured inside the harness with gasleft, the order already decoded) by
//    number of inputs / refunds / output payments, against the floor bench/order-gas.floor.ts derives.
// 2. OrderGatedDepositor native and ERC-20 payments against their floor: base transaction, calldata,
//    replay slot, ecrecover, the call into the depository (the depository's own execution measured by a
//    direct deposit, plus the cold account and value transfer of calling it from a contract), the event,
//    and the order hashing (1., for the same order).
import { mkdirSync } from "node:fs";
import { network } from "hardhat";
import { bytesToHex, type Hex, hexToBytes, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type EncodedOrder, hashEncodedOrder, signOrderId } from "../src/orders/index.ts";
import { calldataGas } from "./evm-gas.measure.ts";
import { printTable, writeResults } from "./harness.ts";
import { orderIdFloor } from "./order-gas.floor.ts";

const SOLVER = privateKeyToAccount(`0x${"5a".repeat(32)}`);
const RECIPIENT: Hex = `0x${"7e".repeat(32)}`;
const REPLAY_SLOT = 22_100; // cold SLOAD 2,100 + SSTORE zero -> non-zero 20,000
const ECRECOVER = 3_000 + 100; // precompile + STATICCALL to a warm precompile
const COLD_ACCOUNT = 2_600;
const CALL_VALUE = 9_000;
const BASE_TX = 21_000;

let salt = 1n;
function order(
  shape: { inputs: number; refunds: number; payments: number },
  currency: Hex,
  amount: bigint,
): EncodedOrder {
  const payer: Hex = `0x${"be".repeat(20)}`;
  return {
    version: "v1",
    solverChainId: "base",
    solver: SOLVER.address,
    salt: salt++,
    inputs: Array.from({ length: shape.inputs }, (_, i) => ({
      payment: { chainId: i === 0 ? "base" : "optimism", currency, amount, weight: 1n },
      refunds: Array.from({ length: shape.refunds }, () => ({
        chainId: "base",
        recipient: payer,
        currency,
        minimumAmount: 0n,
        deadline: 2_000_000_000,
        extraData: "0x" as Hex,
      })),
    })),
    output: {
      chainId: "solana",
      payments: Array.from({ length: shape.payments }, () => ({
        recipient: RECIPIENT,
        currency: `0x${"c6".repeat(32)}` as Hex,
        minimumAmount: 990n,
        expectedAmount: 1000n,
      })),
      deadline: 2_000_000_000,
      calls: [],
      extraData: "0x",
    },
    fees: [],
  };
}

const { viem } = await network.create();
const publicClient = await viem.getPublicClient();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");

const harness = await viem.deployContract("ProtocolOrderHarness");
const depository = await viem.deployContract("RelayDepository", [owner.account.address]);
const token = await viem.deployContract("MockERC20", ["Bench Token", "BT", 18]);
const depositor = await viem.deployContract("OrderGatedDepositor", [
  owner.account.address,
  SOLVER.address,
  depository.address,
  "base",
  [{ chainId: "solana", recipient: RECIPIENT }],
]);
await token.write.mint([payer.account.address, 10n ** 30n]);
// Existing balances everywhere (the steady state), large finite allowances.
await token.write.mint([depository.address, 1n]);
await token.write.approve([depositor.address, 10n ** 29n], { account: payer.account });
await token.write.approve([depository.address, 10n ** 29n], { account: payer.account });
await depository.write.depositNative([owner.account.address, `0x${"00".repeat(32)}`], { value: 1n });

// 1. orderId alone, by shape.
const shapes = [
  { inputs: 1, refunds: 0, payments: 1 },
  { inputs: 1, refunds: 1, payments: 1 },
  { inputs: 1, refunds: 2, payments: 1 },
  { inputs: 2, refunds: 2, payments: 1 },
  { inputs: 1, refunds: 1, payments: 2 },
  { inputs: 1, refunds: 1, payments: 4 },
  { inputs: 4, refunds: 4, payments: 4 },
];
const orderIdRows = [];
for (const shape of shapes) {
  const encoded = order(shape, `0x${"00".repeat(20)}`, 10n ** 18n);
  const [id, gas] = await harness.read.measureOrderId([encoded]);
  if (id !== hashEncodedOrder(encoded)) throw new Error("harness order id differs from the library's");
  const floor = orderIdFloor(encoded);
  orderIdRows.push({
    inputs: shape.inputs,
    refundsPerInput: shape.refunds,
    payments: shape.payments,
    keccaks: floor.keccaks,
    measured: Number(gas),
    floor: floor.total,
    overFloor: Number(((Number(gas) - floor.total) / floor.total).toFixed(3)),
  });
}
printTable(
  "ProtocolOrder.orderId alone (gas) vs floor (keccak + MSTORE of the EIP-712 encoding)",
  orderIdRows,
);

// 2. Order-gated payments vs floor.
const send = async (hash: Hex) => {
  const receipt: TransactionReceipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error("transaction failed");
  const tx = await publicClient.getTransaction({ hash });
  return { gas: Number(receipt.gasUsed), input: tx.input };
};
const shape = { inputs: 1, refunds: 1, payments: 1 };
const paymentRows = [];
const paymentResults: Record<string, object> = {};
for (const path of ["native", "erc20"] as const) {
  let last: { gated: number; floorItems: Record<string, number> } | undefined;
  for (let run = 0; run < 3; run++) {
    const currency =
      path === "native" ? (`0x${"00".repeat(20)}` as Hex) : (token.address.toLowerCase() as Hex);
    const amount = 10n ** 18n;
    const encoded = order(shape, currency, amount);
    const id = hashEncodedOrder(encoded);
    const signature = await signOrderId(SOLVER, id);
    const [, hashGas] = await harness.read.measureOrderId([encoded]);
    // The depository's own execution: the same deposit made directly by the payer.
    const direct =
      path === "native"
        ? await send(
            await depository.write.depositNative([payer.account.address, id], {
              account: payer.account,
              value: amount,
            }),
          )
        : await send(
            await depository.write.depositErc20([payer.account.address, token.address, amount, id], {
              account: payer.account,
            }),
          );
    const gated =
      path === "native"
        ? await send(
            await depositor.write.depositNative([encoded, signature], {
              account: payer.account,
              value: amount,
            }),
          )
        : await send(await depositor.write.depositErc20([encoded, signature], { account: payer.account }));
    const event = 375 + 4 * 375 + 8 * 64; // OrderDeposited: LOG4, two data words
    const floorItems = {
      baseTransaction: BASE_TX,
      calldata: calldataGas(gated.input),
      replaySlot: REPLAY_SLOT,
      ecrecover: ECRECOVER,
      depositoryExecution: direct.gas - BASE_TX - calldataGas(direct.input),
      depositoryCall: COLD_ACCOUNT + (path === "native" ? CALL_VALUE : 0),
      event,
      orderHashing: Number(hashGas),
    };
    last = { gated: gated.gas, floorItems };
  }
  const { gated, floorItems } = last as NonNullable<typeof last>;
  const floor = Object.values(floorItems).reduce((sum, gas) => sum + gas, 0);
  paymentRows.push({ path, measured: gated, floor, overFloor: Number(((gated - floor) / floor).toFixed(3)) });
  paymentResults[path] = { measured: gated, floor, floorItems, overFloor: (gated - floor) / floor };
}
printTable("OrderGatedDepositor payment (gas) vs floor", paymentRows);

mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeResults("order-gas.json", {
  note: "npx hardhat run bench/order-gas.bench.ts; EDR in-process chain. orderId: gas of ProtocolOrder.orderId alone (gasleft inside ProtocolOrderHarness) vs keccak + MSTORE floor (bench/order-gas.floor.ts). Payments: receipt gasUsed of the third fresh order vs floor items; depositoryExecution is a direct deposit's gas minus base transaction and calldata. ERC-20's overhead includes the second token hop (pull into the depositor, approve, depository pull) the depository's pull model requires; it is not in the floor.",
  orderId: orderIdRows,
  payments: paymentResults,
  sampleOrder: bytesToHex(hexToBytes(hashEncodedOrder(order(shape, `0x${"00".repeat(20)}`, 1n)))),
});
