// Gas benchmark of protocol orders on EVM. Run: npx hardhat run bench/order-gas.bench.ts
// 1. ProtocolOrder's order id alone (measured inside the harness with gasleft) by number of inputs / refunds /
//    output payments, in both forms: `orderId` over an order already decoded in memory and `orderIdCalldata`
//    over the order where it lies in calldata, each against the floor bench/order-gas.floor.ts derives for it.
// 2. OrderGatedDepositor native and ERC-20 payments against their floor: base transaction, calldata, replay
//    slot, the solver slot, one whitelist slot (and its key) per output payment, ecrecover, the call into the
//    depository (its own execution measured by a direct deposit, plus the cold account and value transfer of
//    calling it from a contract), the event and the order hashing floor (1., calldata form). ERC-20 adds the
//    second token hop the design requires (pull into the depositor, balance check, approve: measured through
//    contracts/mocks/Erc20DepositHop.sol, which does only that), and the floor then takes the refund the
//    token's 0 -> x -> 0 slots earn, capped at a fifth of the gas as the chain does (EIP-3529).
import { mkdirSync } from "node:fs";
import { network } from "hardhat";
import { bytesToHex, encodeFunctionData, type Hex, hexToBytes, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type EncodedOrder, hashEncodedOrder, signOrderId } from "../src/orders/index.ts";
import { calldataGas } from "./evm-gas.measure.ts";
import { printTable, writeResults } from "./harness.ts";
import { operandBound, orderIdFloor } from "./order-gas.floor.ts";

const SOLVER = privateKeyToAccount(`0x${"5a".repeat(32)}`);
const RECIPIENT: Hex = `0x${"7e".repeat(32)}`;
const REPLAY_SLOT = 22_100; // cold SLOAD 2,100 + SSTORE zero -> non-zero 20,000
const COLD_SLOAD = 2_100; // the solver slot (the pause flag shares it); one whitelist slot per output payment
const WHITELIST_KEY = 30 + 6 * 2; // keccak256 of (chain id hash, recipient hash)
const ECRECOVER = 3_000 + 100; // precompile + STATICCALL to a warm precompile
const COLD_ACCOUNT = 2_600;
const CALL_VALUE = 9_000;
const BASE_TX = 21_000;
const TOKEN_REFUND = 2 * 19_900; // two slots set 0 -> x -> 0 in one transaction (EIP-2200 / EIP-3529)
const REFUND_CAP = 1 / 5;

let salt = 1n;
const ratio = (measured: number, floor: number) => Number(((measured - floor) / floor).toFixed(3));
function order(
  shape: { inputs: number; refunds: number; payments: number },
  currency: Hex,
  amount: bigint,
): EncodedOrder {
  // Refunded on this chain to the payer, who alone may pay it through the depositor.
  const refundRecipient = payer?.account.address.toLowerCase() as Hex;
  return {
    version: "v1",
    solverChainId: "base",
    solver: SOLVER.address,
    salt: salt++,
    inputs: Array.from({ length: shape.inputs }, (_, i) => ({
      payment: { chainId: i === 0 ? "base" : "optimism", currency, amount, weight: 1n },
      refunds: Array.from({ length: shape.refunds }, () => ({
        chainId: "base",
        recipient: refundRecipient,
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
const hop = await viem.deployContract("Erc20DepositHop", [depository.address]);
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
await token.write.approve([hop.address, 10n ** 29n], { account: payer.account });
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
  const [memoryId, memoryGas] = await harness.read.measureOrderId([encoded]);
  const [calldataId, calldataGas] = await harness.read.measureOrderIdCalldata([encoded]);
  if (memoryId !== hashEncodedOrder(encoded) || calldataId !== memoryId) {
    throw new Error("harness order id differs from the library's");
  }
  const memory = orderIdFloor(encoded, "memory");
  const calldata = orderIdFloor(encoded, "calldata");
  orderIdRows.push({
    inputs: shape.inputs,
    refundsPerInput: shape.refunds,
    payments: shape.payments,
    keccaks: memory.keccaks,
    memory: Number(memoryGas),
    memoryFloor: memory.total,
    memoryOverFloor: ratio(Number(memoryGas), memory.total),
    memoryLeast: memory.total + operandBound(memory),
    calldata: Number(calldataGas),
    calldataFloor: calldata.total,
    calldataOverFloor: ratio(Number(calldataGas), calldata.total),
    calldataLeast: calldata.total + operandBound(calldata),
  });
}
printTable(
  "ProtocolOrder order id alone (gas): orderId (memory) and orderIdCalldata vs their floors; *Least: the floor plus the operands and branches its opcodes need at the least (operandBound)",
  orderIdRows,
);

// Where the gas above the floor goes: the opcodes between the harness's two gasleft() calls, by class, for
// a one-input, one-refund, one-payment order. Data: the opcodes the floor counts (memory expansion
// included); the rest feeds them operands (PUSH / DUP / SWAP / POP), computes addresses and loops.
const OPCODE_CLASSES: Array<[string, RegExp]> = [
  [
    "data (KECCAK256, MSTORE, MLOAD, CALLDATALOAD, CALLDATACOPY)",
    /^(KECCAK256|MSTORE|MLOAD|CALLDATALOAD|CALLDATACOPY)$/,
  ],
  ["stack (PUSH, DUP, SWAP, POP)", /^(PUSH\d*|DUP\d+|SWAP\d+|POP)$/],
  ["control (JUMP, JUMPI, JUMPDEST)", /^(JUMP|JUMPI|JUMPDEST)$/],
];
const opcodeRows = [];
{
  const encoded = order({ inputs: 1, refunds: 1, payments: 1 }, `0x${"00".repeat(20)}`, 10n ** 18n);
  for (const functionName of ["measureOrderId", "measureOrderIdCalldata"] as const) {
    const data = encodeFunctionData({ abi: harness.abi, functionName, args: [encoded] });
    const trace = (await publicClient.request({
      method: "debug_traceCall",
      params: [{ to: harness.address, data }, "latest", {}],
    } as never)) as { structLogs: { op: string; gasCost: number }[] };
    const gasOps = trace.structLogs.flatMap((log, index) => (log.op === "GAS" ? [index] : []));
    const window = trace.structLogs.slice((gasOps[0] as number) + 1, gasOps[1]);
    const byClass: Record<string, number> = { other: 0 };
    for (const [name] of OPCODE_CLASSES) byClass[name] = 0;
    for (const { op, gasCost } of window) {
      const found = OPCODE_CLASSES.find(([, pattern]) => pattern.test(op));
      byClass[found ? found[0] : "other"] = (byClass[found ? found[0] : "other"] as number) + gasCost;
    }
    opcodeRows.push({
      form: functionName === "measureOrderId" ? "orderId (memory)" : "orderIdCalldata",
      ...byClass,
    });
  }
}
printTable("Where orderId's gas goes (one input, one refund, one payment), by opcode class", opcodeRows);

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
  let last: { gated: number; floorItems: Record<string, number>; refund: number } | undefined;
  for (let run = 0; run < 3; run++) {
    const currency =
      path === "native" ? (`0x${"00".repeat(20)}` as Hex) : (token.address.toLowerCase() as Hex);
    const amount = 10n ** 18n;
    const encoded = order(shape, currency, amount);
    const id = hashEncodedOrder(encoded);
    const signature = await signOrderId(SOLVER, id);
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
    const depositoryExecution = direct.gas - BASE_TX - calldataGas(direct.input);
    // ERC-20: the second hop, measured with nothing else around it. Its 0 -> x -> 0 slots (the hop
    // contract's balance and its allowance to the depository) earn 2 x 19,900 of refund, capped at a fifth
    // of the transaction's gas: undo that cap to get the hop's gas before refunds.
    let secondHop = 0;
    if (path === "erc20") {
      const hopped = await send(
        await hop.write.deposit([token.address, amount, `0x${(salt++).toString(16).padStart(64, "0")}`], {
          account: payer.account,
        }),
      );
      const hopGross = Math.min(hopped.gas + TOKEN_REFUND, Math.round(hopped.gas / (1 - REFUND_CAP)));
      secondHop = hopGross - BASE_TX - calldataGas(hopped.input) - depositoryExecution - COLD_ACCOUNT;
    }
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
      solverSlot: COLD_SLOAD,
      whitelist: shape.payments * (COLD_SLOAD + WHITELIST_KEY),
      ecrecover: ECRECOVER,
      depositoryExecution,
      depositoryCall: COLD_ACCOUNT + (path === "native" ? CALL_VALUE : 0),
      event,
      orderHashing: orderIdFloor(encoded, "calldata").total,
      ...(path === "erc20" ? { secondTokenHop: secondHop } : {}),
    };
    const gross = Object.values(floorItems).reduce((sum, gas) => sum + gas, 0);
    const refund = path === "erc20" ? Math.min(TOKEN_REFUND, Math.floor(gross * REFUND_CAP)) : 0;
    last = { gated: gated.gas, floorItems, refund };
  }
  const { gated, floorItems, refund } = last as NonNullable<typeof last>;
  const floor = Object.values(floorItems).reduce((sum, gas) => sum + gas, 0) - refund;
  paymentRows.push({ path, measured: gated, floor, overFloor: ratio(gated, floor) });
  paymentResults[path] = { measured: gated, floor, floorItems, refund, overFloor: ratio(gated, floor) };
}
printTable("OrderGatedDepositor payment (gas) vs floor", paymentRows);

mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeResults("order-gas.json", {
  note: "npx hardhat run bench/order-gas.bench.ts; EDR in-process chain. orderId: gas of ProtocolOrder.orderId (memory) and orderIdCalldata alone (gasleft inside ProtocolOrderHarness) vs the floor bench/order-gas.floor.ts derives for each (keccaks, MSTOREs, one read per member word / offset / length, calldata copies, scratch memory); memoryLeast / calldataLeast: that floor plus operandBound, the stack pushes its opcodes' operands and the list loops' branches need at the least (no hasher that loops over the lists spends less). Payments: receipt gasUsed of the third fresh order vs floor items; depositoryExecution is a direct deposit's gas minus base transaction and calldata; ERC-20's secondTokenHop is Erc20DepositHop's gas before refunds minus base transaction, calldata, the depository's execution and its cold account, and the floor subtracts the 2 x 19,900 refund of the hop's 0 -> x -> 0 slots, capped at a fifth of the floor.",
  orderId: orderIdRows,
  orderIdGasByOpcodeClass: opcodeRows,
  payments: paymentResults,
  sampleOrder: bytesToHex(hexToBytes(hashEncodedOrder(order(shape, `0x${"00".repeat(20)}`, 1n)))),
});
