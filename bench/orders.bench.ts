// Protocol orders in TypeScript: getOrderId throughput on typical orders (recurring accounts, as a service
// integration sees them, and fresh accounts in every order) of both formats (v1, v2), the two keccak
// implementations `#keccak` resolves to (js-sha3 under Node, which getOrderId uses here; viem's in browsers),
// and verifyQuoteOrder against the one signature recovery it contains, side by side. Run: npm run bench:orders
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { type Hex, recoverMessageAddress } from "viem";
import {
  type ChainVmTypes,
  formatOrderAddress,
  getOrderId,
  type Order,
  type OrderVmType,
  orderChainsFromChains,
  verifyQuoteOrder,
} from "../src/index.ts";
import * as browserKeccak from "../src/orders/keccak.ts";
import * as nodeKeccak from "../src/orders/keccak-node.ts";
import { asV2, chainsResponse, options, orderFor, quoteFor, vmTypes } from "../test/orders/quote-fixture.ts";
import { orderV2Vectors, orderVectors } from "../test/orders/vectors.ts";
import { printTable, runSideBySide, writeResults } from "./harness.ts";

const ORDERS_TARGET_PER_SECOND = 10_000;
const ORDERS_V2_TARGET_PER_SECOND = 20_000;
const VERIFY_TARGET_OVER_RECOVERY = 0.1;

// Typical orders: one input with its refunds, one output payment, no fees (what quotes carry today).
const origins = ["evm-native", "evm-erc20", "svm-native", "svm-token"] as const;
// The figures this run replaces, kept beside the new ones; the load average while it runs (2 shared cores).
const RESULTS = new URL("./results/orders.json", import.meta.url);
const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")).summary : null;
const loadAtStart = loadavg();

const quotes = await Promise.all(origins.map((origin) => quoteFor(origin)));
const quotesV2 = await Promise.all(origins.map((origin) => quoteFor(origin, asV2(orderFor(origin)))));
const published = orderVectors.published[0]!;
const typical = [
  ...quotes.map((quote) => ({ order: quote.protocol.v2.orderData, vmTypes })),
  { order: published.order, vmTypes: published.chainVmTypes },
];
const chains = orderChainsFromChains(chainsResponse);

// The same four quote orders in the v2 format (asV2), and the settlement SDK's published v2 order.
const publishedV2 = orderV2Vectors.published[0]!;
const typicalV2 = [
  ...quotes.map((quote) => ({ order: asV2(quote.protocol.v2.orderData), vmTypes })),
  { order: publishedV2.order, vmTypes: publishedV2.chainVmTypes },
];

// The same orders with every refund and output recipient a new account: no memoised address or member hash
// applies to them (the cold path).
let account = 0;
const freshAccount = (vmType: OrderVmType | undefined, current: string) => {
  if (vmType !== "ethereum-vm" && vmType !== "solana-vm") return current;
  const bytes = new Uint8Array(vmType === "ethereum-vm" ? 20 : 32);
  new DataView(bytes.buffer).setUint32(0, ++account);
  bytes[bytes.length - 1] = 0x5a;
  return formatOrderAddress(bytes, vmType);
};
const FRESH_ORDERS = 4096;
const fresh = Array.from({ length: FRESH_ORDERS }, (_, i) => {
  const { order, vmTypes } = typical[i % typical.length]!;
  const map: ChainVmTypes = vmTypes;
  const copy = structuredClone(order) as Order;
  for (const input of copy.inputs) {
    for (const refund of input.refunds)
      refund.recipient = freshAccount(map[refund.chainId], refund.recipient);
  }
  for (const payment of copy.output.payments) {
    payment.recipient = freshAccount(map[copy.output.chainId], payment.recipient);
  }
  return { order: copy, vmTypes: map };
});
// The largest struct encoding an order hashes (Order: type hash + 7 members).
const orderEncoding = new Uint8Array(256).map((_, i) => i);
const pickQuote = (i: number) => ({
  quote: quotes[i % quotes.length]!,
  origin: origins[i % origins.length]!,
});

const recoverOne = (i: number) => {
  const { quote } = pickQuote(i);
  return recoverMessageAddress({
    message: { raw: quote.protocol.v2.orderId as Hex },
    signature: quote.protocol.v2.orderSignature,
  });
};
const verifyOne = async (i: number) => {
  const { quote, origin } = pickQuote(i);
  const result = await verifyQuoteOrder(quote, { ...options(origin), chains });
  if (!result.ok) throw new Error(`fixture quote failed: ${result.failures[0]?.code}`);
  return result;
};
const verifyV2One = async (i: number) => {
  const { origin } = pickQuote(i);
  const result = await verifyQuoteOrder(quotesV2[i % quotesV2.length]!, { ...options(origin), chains });
  if (!result.ok) throw new Error(`fixture v2 quote failed: ${result.failures[0]?.code}`);
  return result;
};

const results = await runSideBySide(
  [
    {
      name: "getOrderId (typical orders)",
      run: (i) => {
        const { order, vmTypes: map } = typical[i % typical.length]!;
        return getOrderId(order, map);
      },
    },
    {
      name: "getOrderId (fresh accounts in every order)",
      run: (i) => {
        const { order, vmTypes: map } = fresh[i % FRESH_ORDERS]!;
        return getOrderId(order, map);
      },
    },
    {
      name: "getOrderId v2 (typical orders)",
      run: (i) => {
        const { order, vmTypes: map } = typicalV2[i % typicalV2.length]!;
        return getOrderId(order, map);
      },
    },
    {
      name: "keccak-256 of 256 bytes: viem (#keccak in browsers)",
      run: () => browserKeccak.keccakBytes(orderEncoding),
    },
    {
      name: "keccak-256 of 256 bytes: js-sha3 (#keccak under Node)",
      run: () => nodeKeccak.keccakBytes(orderEncoding),
    },
    { name: "viem recoverMessageAddress (the one recovery)", run: recoverOne },
    { name: "verifyQuoteOrder (chains parsed once)", run: verifyOne },
    { name: "verifyQuoteOrder v2 (chains parsed once)", run: verifyV2One },
  ],
  { rounds: 11, iterations: 100, warmup: 50 },
);

// The same getOrderId cases in CPU time (process.cpuUsage, median of interleaved batches): on a shared
// machine the wall clock counts other processes' time, CPU time does not.
const cpuMicrosPerOp = (set: readonly { order: unknown; vmTypes: ChainVmTypes }[], n: number) => {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const { order, vmTypes: map } = set[i % set.length]!;
    getOrderId(order, map);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
};
const cpuV1: number[] = [];
const cpuV2: number[] = [];
for (let round = 0; round < 21; round++) {
  cpuV1.push(cpuMicrosPerOp(typical, 2000));
  cpuV2.push(cpuMicrosPerOp(typicalV2, 2000));
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// verifyQuoteOrder against its one recovery in CPU time too (median of 11 interleaved batches of 100).
const cpuMicrosPerCall = async (run: (i: number) => Promise<unknown>, n: number) => {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await run(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
};
const cpuRecovery: number[] = [];
const cpuVerify: number[] = [];
const cpuVerifyV2: number[] = [];
for (let round = 0; round < 11; round++) {
  cpuRecovery.push(await cpuMicrosPerCall(recoverOne, 100));
  cpuVerify.push(await cpuMicrosPerCall(verifyOne, 100));
  cpuVerifyV2.push(await cpuMicrosPerCall(verifyV2One, 100));
}
const overRecoveryCpu = (verifyCpu: number[]) =>
  Number(((median(verifyCpu) - median(cpuRecovery)) / median(cpuRecovery)).toFixed(3));

type Result = (typeof results)[0];
const [orderId, freshOrderId, orderIdV2, noble, jsSha3, recovery, verify, verifyV2] = results as [
  Result,
  Result,
  Result,
  Result,
  Result,
  Result,
  Result,
  Result,
];
const verifyOverRecovery = (verify.nsPerOp - recovery.nsPerOp) / recovery.nsPerOp;
const verifyV2OverRecovery = (verifyV2.nsPerOp - recovery.nsPerOp) / recovery.nsPerOp;
printTable(
  "protocol orders (median of rounds, same inputs)",
  results.map((r) => ({
    case: r.name,
    "µs/op": (r.nsPerOp / 1000).toFixed(1),
    "ops/s": Math.round(r.opsPerSecond),
    "vs recovery": `${(((r.nsPerOp - recovery.nsPerOp) / recovery.nsPerOp) * 100).toFixed(1)}%`,
  })),
);
const summary = {
  getOrderIdPerSecond: Math.round(orderId.opsPerSecond),
  getOrderIdTarget: ORDERS_TARGET_PER_SECOND,
  getOrderIdTargetMet: orderId.opsPerSecond >= ORDERS_TARGET_PER_SECOND,
  getOrderIdFreshAccountsPerSecond: Math.round(freshOrderId.opsPerSecond),
  getOrderIdV2PerSecond: Math.round(orderIdV2.opsPerSecond),
  getOrderIdV2Target: ORDERS_V2_TARGET_PER_SECOND,
  getOrderIdV2TargetMet: orderIdV2.opsPerSecond >= ORDERS_V2_TARGET_PER_SECOND,
  getOrderIdPerCpuSecond: Math.round(1e6 / median(cpuV1)),
  getOrderIdV2PerCpuSecond: Math.round(1e6 / median(cpuV2)),
  jsSha3OverNobleSpeedup: Number((noble.nsPerOp / jsSha3.nsPerOp).toFixed(2)),
  verifyQuoteOrderOverRecovery: Number(verifyOverRecovery.toFixed(3)),
  verifyQuoteOrderTarget: VERIFY_TARGET_OVER_RECOVERY,
  verifyQuoteOrderTargetMet: verifyOverRecovery <= VERIFY_TARGET_OVER_RECOVERY,
  verifyQuoteOrderV2OverRecovery: Number(verifyV2OverRecovery.toFixed(3)),
  verifyQuoteOrderV2TargetMet: verifyV2OverRecovery <= VERIFY_TARGET_OVER_RECOVERY,
  verifyQuoteOrderOverRecoveryCpu: overRecoveryCpu(cpuVerify),
  verifyQuoteOrderV2OverRecoveryCpu: overRecoveryCpu(cpuVerifyV2),
};
console.log(summary);
printTable("getOrderId per CPU second (typical orders), beside the figures this run replaces", [
  { format: "v1", now: summary.getOrderIdPerCpuSecond, previous: previous?.getOrderIdPerCpuSecond ?? "" },
  {
    format: "v2",
    now: summary.getOrderIdV2PerCpuSecond,
    previous: previous?.getOrderIdV2PerCpuSecond ?? "",
    target: ORDERS_V2_TARGET_PER_SECOND,
  },
]);
// The file getOrderId's `#keccak` resolved to in this run (package.json "imports", node condition).
const keccakModule = fileURLToPath(import.meta.resolve("#keccak")).replace(/^.*\/src\//, "src/");
console.log(`getOrderId hashed with ${keccakModule}`);
writeResults("orders.json", {
  note: "npm run bench:orders; runSideBySide (bench/harness.ts): cases interleaved round by round, median round. Typical orders: the four quote fixtures of test/orders/quote-fixture.ts and the service's published order; fresh accounts: the same orders with a new refund and output recipient in every order; v2: the four quote fixtures in the v2 format and the settlement SDK's published v2 order; verifyQuoteOrder v2: those four v2 quotes. previous: the summary this run replaced. *PerCpuSecond: the typical v1 and v2 getOrderId cases in CPU time (process.cpuUsage, median of 21 interleaved batches of 2,000); *OverRecoveryCpu: verifyQuoteOrder against the recovery in CPU time (median of 11 interleaved batches of 100); CPU time is not inflated by other processes' turns on a shared machine as the wall clock is. Wall-clock figures: re-run on an idle machine.",
  keccakModule,
  loadAverage1m: { start: Number(loadAtStart[0]?.toFixed(2)), end: Number(loadavg()[0]?.toFixed(2)) },
  results,
  summary,
  previous,
});
