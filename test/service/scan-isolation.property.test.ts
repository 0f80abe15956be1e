/**
 * Property: the EVM scan always advances and credits only what arrived, whatever the receipts hold.
 * A scripted node (an EIP-1193 provider answering from generated blocks) serves the real EVM chain
 * adapter and the service's indexer random blocks of depository deposits (direct or through an
 * order-gated depositor whose `forceApprove` logs an `Approval`), tagged transfers to the solver,
 * and hostile company in the same receipts: `Approval` and permit approvals, phantom `Transfer`s
 * and deposit look-alikes logged by other contracts (ERC-777-style hooks, reentrant callers),
 * ERC-721 and rebasing look-alikes, malformed topics and data, fee-on-transfer splits, inner calls
 * that reverted (announced, never arrived), and receipts a node should never return (logs missing).
 * Every deposit is credited what its token's `Transfer` logs moved in (at most what it announced),
 * each unreadable transaction is quarantined alone, and the cursor always passes the head.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  numberToHex,
  parseAbi,
  toHex,
} from "viem";
import { RELAY_DEPOSITORY_ABI } from "../../src/orders/index.ts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import type { ChainObservation } from "../../src/service/chains/types.ts";
import { get, SOLVER, SOLVER_KEY, testService } from "./helpers.ts";

const CHAIN_ID = 31337;
const DEPOSITORY: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc31";
const TOKEN: Address = "0x3000000000000000000000000000000000000003";
/** A hook, a reentrant caller, a look-alike: any contract that is neither the token nor the depository. */
const STRANGER_CONTRACT: Address = "0x4000000000000000000000000000000000000004";
const GATE: Address = "0x5000000000000000000000000000000000000005";
const PAYER: Address = "0x6000000000000000000000000000000000000006";
const FEE_COLLECTOR: Address = "0x7000000000000000000000000000000000000007";

const LOOKALIKES = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "event TransferShares(address indexed from, address indexed to, uint256 sharesValue)",
]);

interface RawLog {
  address: Address;
  topics: Hex[];
  data: Hex;
}

interface ScriptedTx {
  hash: Hex;
  to: Address;
  input: Hex;
  value: bigint;
  /** The receipt's logs; null for a receipt a node should never return (no logs member). */
  logs: RawLog[] | null;
  /** What `eth_getLogs` reports of it (a hostile receipt keeps its events there). */
  events: RawLog[];
}

/** What the scan must report for a transaction. */
type Expected =
  | { kind: "order-deposit"; orderId: Hex; amount: bigint }
  | { kind: "deposit"; requestId: Hex; amount: bigint }
  | { kind: "quarantine" }
  | { kind: "nothing" };

const uint256 = (value: bigint) => encodeAbiParameters([{ type: "uint256" }], [value]);
const transferLog = (address: Address, from: Address, to: Address, value: bigint): RawLog => ({
  address,
  topics: encodeEventTopics({ abi: erc20Abi, eventName: "Transfer", args: { from, to } }) as Hex[],
  data: uint256(value),
});
const approvalLog = (owner: Address, spender: Address, value: bigint): RawLog => ({
  address: TOKEN,
  topics: encodeEventTopics({ abi: erc20Abi, eventName: "Approval", args: { owner, spender } }) as Hex[],
  data: uint256(value),
});
const erc20DepositEvent = (emitter: Address, amount: bigint, id: Hex): RawLog => ({
  address: emitter,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayErc20Deposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [PAYER, TOKEN, amount, id],
  ),
});
const nativeDepositEvent = (amount: bigint, id: Hex): RawLog => ({
  address: DEPOSITORY,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayNativeDeposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [PAYER, amount, id],
  ),
});

const amount = fc.bigInt({ min: 1n, max: 1n << 96n });
const target = fc.constantFrom<Address>(DEPOSITORY, SOLVER as Address, GATE, PAYER);

/** Logs that credit nothing, wherever they sit in a receipt. */
const hostileLog: fc.Arbitrary<RawLog> = fc.oneof(
  fc
    .record({ owner: target, spender: target, value: amount })
    .map((a) => approvalLog(a.owner, a.spender, a.value)),
  // a phantom Transfer into the depository or the solver, logged by another contract
  fc.record({ to: target, value: amount }).map((a) => transferLog(STRANGER_CONTRACT, PAYER, a.to, a.value)),
  // a deposit event look-alike from a hook or reentrant caller
  fc
    .record({ value: amount, id: fc.nat() })
    .map((a) => erc20DepositEvent(STRANGER_CONTRACT, a.value, keccak256(toHex(a.id)))),
  // the token's ERC-721-shaped Transfer and a rebasing token's share event
  fc.record({ to: target, value: amount }).map((a) => ({
    address: TOKEN,
    topics: encodeEventTopics({
      abi: LOOKALIKES,
      eventName: "Transfer",
      args: { from: PAYER, to: a.to, tokenId: a.value },
    }) as Hex[],
    data: "0x" as Hex,
  })),
  fc.record({ to: target, value: amount }).map((a) => ({
    address: TOKEN,
    topics: encodeEventTopics({
      abi: LOOKALIKES,
      eventName: "TransferShares",
      args: { from: PAYER, to: a.to },
    }) as Hex[],
    data: uint256(a.value),
  })),
  // the token's Transfer into a key with malformed topics or data
  fc.record({ to: target, value: amount, shape: fc.nat(2) }).map((a) => {
    const log = transferLog(TOKEN, PAYER, a.to, a.value);
    const shapes: RawLog[] = [
      { ...log, topics: log.topics.slice(0, 2) },
      { ...log, data: `${log.data}00` },
      { ...log, topics: [...log.topics.slice(0, 2), `0xff${(log.topics[2] as Hex).slice(4)}`] },
    ];
    return shapes[a.shape] as RawLog;
  }),
);

/** One generated transaction: its script and what the scan must make of it. */
const transaction = (index: number) => {
  const hash = keccak256(toHex(`tx-${index}`));
  const id = keccak256(toHex(`order-${index}`));
  const extras = fc.array(hostileLog, { maxLength: 4 });
  const mix = (core: RawLog[], hostile: RawLog[], at: number) => [
    ...core.slice(0, at % (core.length + 1)),
    ...hostile,
    ...core.slice(at % (core.length + 1)),
  ];
  return fc.oneof(
    // an ERC-20 deposit, direct or through the gated depositor, maybe fee-on-transfer or an inner
    // call that reverted (nothing arrived), among hostile logs
    fc
      .record({
        announced: amount,
        gated: fc.boolean(),
        feeBps: fc.constantFrom(0n, 0n, 30n, 10_000n),
        innerReverted: fc.boolean(),
        extras,
        at: fc.nat(),
      })
      .map(({ announced, gated, feeBps, innerReverted, extras, at }) => {
        const fee = (announced * feeBps) / 10_000n;
        const event = erc20DepositEvent(DEPOSITORY, announced, id);
        const pull = gated
          ? [
              transferLog(TOKEN, PAYER, GATE, announced),
              approvalLog(GATE, DEPOSITORY, announced),
              transferLog(TOKEN, GATE, DEPOSITORY, announced - fee),
            ]
          : [transferLog(TOKEN, PAYER, DEPOSITORY, announced - fee)];
        const feeLog = fee > 0n ? [transferLog(TOKEN, PAYER, FEE_COLLECTOR, fee)] : [];
        // an inner call that reverted (caught by its caller) leaves no log behind
        const moved = innerReverted ? [] : [...pull, ...feeLog];
        const logs = mix([...moved, event], extras, at);
        const tx: ScriptedTx = {
          hash,
          to: gated ? GATE : DEPOSITORY,
          input: "0x",
          value: 0n,
          logs,
          events: logs,
        };
        const arrived = innerReverted ? 0n : announced - fee;
        const expected: Expected = { kind: "order-deposit", orderId: id, amount: arrived };
        return { tx, expected };
      }),
    // a native deposit: the msg.value the depository reports
    fc.record({ value: amount, extras }).map(({ value, extras }) => {
      const logs = [...extras, nativeDepositEvent(value, id)];
      const input = encodeFunctionData({
        abi: RELAY_DEPOSITORY_ABI,
        functionName: "depositNative",
        args: [PAYER, id],
      });
      const tx: ScriptedTx = { hash, to: DEPOSITORY, input, value, logs, events: logs };
      return { tx, expected: { kind: "order-deposit", orderId: id, amount: value } as Expected };
    }),
    // a tagged ERC-20 transfer to the solver, credited its Transfer logs into the solver
    fc
      .record({ value: amount, arrives: fc.boolean(), extras, at: fc.nat() })
      .map(({ value, arrives, extras, at }) => {
        const input =
          `${encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [SOLVER, value] })}${id.slice(2)}` as Hex;
        const logs = mix(arrives ? [transferLog(TOKEN, PAYER, SOLVER as Address, value)] : [], extras, at);
        const tx: ScriptedTx = { hash, to: TOKEN, input, value: 0n, logs, events: logs };
        const expected: Expected = arrives
          ? { kind: "deposit", requestId: id, amount: value }
          : { kind: "nothing" };
        return { tx, expected };
      }),
    // a receipt without logs behind a deposit event: it cannot be worked out
    fc.record({ announced: amount }).map(({ announced }) => {
      const events = [erc20DepositEvent(DEPOSITORY, announced, id)];
      const tx: ScriptedTx = { hash, to: DEPOSITORY, input: "0x", value: 0n, logs: null, events };
      return { tx, expected: { kind: "quarantine" } as Expected };
    }),
  );
};

/** A node answering from `blocks` (block n at index n - 1). */
function scriptedNode(blocks: readonly ScriptedTx[][]) {
  const located = blocks.flatMap((txs, i) => txs.map((tx, index) => ({ tx, block: i + 1, index })));
  const byHash = new Map(located.map((entry) => [entry.tx.hash, entry]));
  const rpcLog = (log: RawLog, entry: (typeof located)[number], logIndex: number) => ({
    ...log,
    blockNumber: numberToHex(entry.block),
    blockHash: keccak256(toHex(`block-${entry.block}`)),
    transactionHash: entry.tx.hash,
    transactionIndex: numberToHex(entry.index),
    logIndex: numberToHex(logIndex),
    removed: false,
  });
  const requests = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const args = (params ?? []) as unknown[];
    switch (method) {
      case "eth_chainId":
        return numberToHex(CHAIN_ID);
      case "eth_blockNumber":
        return numberToHex(blocks.length);
      case "eth_getBlockByNumber": {
        const number = Number(args[0]);
        const txs = blocks[number - 1] ?? [];
        return {
          number: numberToHex(number),
          hash: keccak256(toHex(`block-${number}`)),
          parentHash: keccak256(toHex(`block-${number - 1}`)),
          timestamp: numberToHex(1_700_000_000 + number),
          transactions: txs.map((tx, index) => ({
            hash: tx.hash,
            from: PAYER,
            to: tx.to,
            input: tx.input,
            value: numberToHex(tx.value),
            blockNumber: numberToHex(number),
            transactionIndex: numberToHex(index),
            nonce: numberToHex(index),
            gas: "0x5208",
            type: "0x0",
          })),
        };
      }
      case "eth_getTransactionReceipt": {
        const entry = byHash.get(args[0] as Hex);
        if (entry === undefined) return null;
        return {
          transactionHash: entry.tx.hash,
          blockNumber: numberToHex(entry.block),
          transactionIndex: numberToHex(entry.index),
          status: "0x1",
          from: PAYER,
          to: entry.tx.to,
          ...(entry.tx.logs === null ? {} : { logs: entry.tx.logs.map((log, i) => rpcLog(log, entry, i)) }),
        };
      }
      case "debug_traceTransaction": {
        // The call tree of a one-call transaction: the payer's call itself.
        const entry = byHash.get(args[0] as Hex);
        if (entry === undefined) throw new Error("transaction not found");
        const { to, input, value } = entry.tx;
        return { type: "CALL", from: PAYER, to, input, value: numberToHex(value) };
      }
      case "eth_getLogs": {
        const filter = args[0] as { address: Address | Address[]; fromBlock: Hex; toBlock: Hex };
        const addresses = [filter.address].flat().map((a) => a.toLowerCase());
        return located
          .filter((entry) => entry.block >= Number(filter.fromBlock) && entry.block <= Number(filter.toBlock))
          .flatMap((entry) =>
            entry.tx.events.flatMap((log, i) =>
              addresses.includes(log.address.toLowerCase()) ? [rpcLog(log, entry, i)] : [],
            ),
          );
      }
      default:
        throw new Error(`scripted node: ${method} not scripted`);
    }
  };
  return { request: requests };
}

const adapterOn = (blocks: readonly ScriptedTx[][]) =>
  createEvmChainAdapter({
    chainId: CHAIN_ID,
    provider: scriptedNode(blocks),
    solverPrivateKey: SOLVER_KEY,
    depository: DEPOSITORY,
  });

/** Blocks of generated transactions, numbered uniquely, with what each must come to. */
const chain = fc.array(fc.nat(3), { minLength: 1, maxLength: 5 }).chain((sizes) => {
  const total = sizes.reduce((sum, n) => sum + n, 0);
  return fc.tuple(...Array.from({ length: total }, (_, i) => transaction(i))).map((txs) => {
    const starts = sizes.map((_, i) => sizes.slice(0, i).reduce((sum, n) => sum + n, 0));
    return sizes.map((n, i) => txs.slice(starts[i], (starts[i] ?? 0) + n));
  });
});

/** What the scan reported per transaction, in the terms of `Expected`. */
function reported(observations: readonly ChainObservation[]): Map<string, Expected[]> {
  const byTx = new Map<string, Expected[]>();
  for (const o of observations) {
    const found: Expected =
      o.kind === "order-deposit"
        ? { kind: "order-deposit", orderId: o.orderId as Hex, amount: BigInt(o.amount) }
        : o.kind === "deposit"
          ? { kind: "deposit", requestId: o.requestId as Hex, amount: BigInt(o.amount) }
          : { kind: "quarantine" };
    byTx.set(o.txHash, [...(byTx.get(o.txHash) ?? []), found]);
  }
  return byTx;
}

describe("property: the EVM scan over hostile receipts", function () {
  this.timeout(120_000);

  it("credits each deposit what its token's Transfer logs moved in and quarantines only what cannot be worked out", async () => {
    await fc.assert(
      fc.asyncProperty(chain, async (blocks) => {
        const observations = await adapterOn(blocks.map((txs) => txs.map((t) => t.tx))).scan(
          1,
          blocks.length,
        );
        const found = reported(observations);
        for (const { tx, expected } of blocks.flat()) {
          expect(found.get(tx.hash) ?? [], tx.hash).to.deep.equal(
            expected.kind === "nothing" ? [] : [expected],
          );
        }
        expect([...found.keys()].every((hash) => blocks.flat().some((t) => t.tx.hash === hash))).to.equal(
          true,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("the indexer's cursor always passes the head, and every unreadable transaction is quarantined once", async () => {
    await fc.assert(
      fc.asyncProperty(chain, async (blocks) => {
        const service = testService({
          chains: [adapterOn(blocks.map((txs) => txs.map((t) => t.tx)))],
          indexerIntervalMs: 0,
        });
        try {
          await service.indexer?.tick();
          await service.indexer?.tick();
          const health = await get(service, `/_mock/health?chainId=${CHAIN_ID}&limit=100`);
          expect(health.status, health.raw).to.equal(200);
          const body = health.body as {
            status: string;
            chains: { chainId: number; nextBlock: number; quarantined: number }[];
            quarantined: { txHash: string; block: number }[];
          };
          const poisoned = blocks.flatMap((txs, i) =>
            txs.flatMap((t) =>
              t.expected.kind === "quarantine" ? [{ txHash: t.tx.hash, block: i + 1 }] : [],
            ),
          );
          expect(body.chains).to.deep.equal([
            { chainId: CHAIN_ID, nextBlock: blocks.length + 1, quarantined: poisoned.length },
          ]);
          expect(body.status).to.equal(poisoned.length > 0 ? "degraded" : "ok");
          expect(body.quarantined.map(({ txHash, block }) => ({ txHash, block }))).to.have.deep.members(
            poisoned,
          );
        } finally {
          await service.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
