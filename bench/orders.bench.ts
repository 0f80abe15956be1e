// Protocol orders in TypeScript: getOrderId throughput on typical orders, and verifyQuoteOrder against the
// one signature recovery it contains, side by side. Run: npm run bench:orders
import { type Hex, recoverMessageAddress } from "viem";
import { getOrderId, orderChainsFromChains, verifyQuoteOrder } from "../src/index.ts";
import { chainsResponse, options, quoteFor, vmTypes } from "../test/orders/quote-fixture.ts";
import { orderVectors } from "../test/orders/vectors.ts";
import { printTable, runSideBySide, writeResults } from "./harness.ts";

const ORDERS_TARGET_PER_SECOND = 10_000;
const VERIFY_TARGET_OVER_RECOVERY = 0.1;

// Typical orders: one input with its refunds, one output payment, no fees (what quotes carry today).
const origins = ["evm-native", "evm-erc20", "svm-native", "svm-token"] as const;
const quotes = await Promise.all(origins.map((origin) => quoteFor(origin)));
const published = orderVectors.published[0]!;
const typical = [
  ...quotes.map((quote) => ({ order: quote.protocol.v2.orderData, vmTypes })),
  { order: published.order, vmTypes: published.chainVmTypes },
];
const chains = orderChainsFromChains(chainsResponse);
const pickQuote = (i: number) => ({
  quote: quotes[i % quotes.length]!,
  origin: origins[i % origins.length]!,
});

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
      name: "viem recoverMessageAddress (the one recovery)",
      run: async (i) => {
        const { quote } = pickQuote(i);
        return recoverMessageAddress({
          message: { raw: quote.protocol.v2.orderId as Hex },
          signature: quote.protocol.v2.orderSignature,
        });
      },
    },
    {
      name: "verifyQuoteOrder (chains parsed once)",
      run: async (i) => {
        const { quote, origin } = pickQuote(i);
        const result = await verifyQuoteOrder(quote, { ...options(origin), chains });
        if (!result.ok) throw new Error(`fixture quote failed: ${result.failures[0]?.code}`);
        return result;
      },
    },
  ],
  { rounds: 11, iterations: 100, warmup: 50 },
);

const [orderId, recovery, verify] = results as [
  (typeof results)[0],
  (typeof results)[0],
  (typeof results)[0],
];
const verifyOverRecovery = (verify.nsPerOp - recovery.nsPerOp) / recovery.nsPerOp;
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
  verifyQuoteOrderOverRecovery: Number(verifyOverRecovery.toFixed(3)),
  verifyQuoteOrderTarget: VERIFY_TARGET_OVER_RECOVERY,
  verifyQuoteOrderTargetMet: verifyOverRecovery <= VERIFY_TARGET_OVER_RECOVERY,
};
console.log(summary);
writeResults("orders.json", {
  note: "npm run bench:orders; runSideBySide (bench/harness.ts): cases interleaved round by round, median round. Typical orders: the four quote fixtures of test/orders/quote-fixture.ts and the service's published order.",
  results,
  summary,
});
