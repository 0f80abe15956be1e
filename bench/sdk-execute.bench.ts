// Time of one SDK execute per flow on the devnet: `@relayprotocol/relay-sdk` 7.0.3 quote -> execute ->
// status success (EVM->EVM native, EVM->EVM USDC), side by side with the same quote executed directly
// (the quoted steps sent with viem, then the status endpoint polled every 100 ms, the SDK's interval
// here). Cases interleave round by round on one devnet; the median of the rounds is reported. Blocks
// every 100 ms, 2 confirmations. SVM flows: not measured (no SVM adapter for SDK 7.0.3).
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/sdk-execute.bench.ts [--rounds 5]
import { parseArgs } from "node:util";
import { getClient } from "@relayprotocol/relay-sdk";
import { type Hex, parseEther, parseUnits, type WalletClient, zeroAddress } from "viem";
import { evmDevAccount } from "../src/devnet/accounts.ts";
import { startDevnet } from "../src/devnet/devnet.ts";
import { evmUser, tokenOf } from "../src/devnet/evm-user.ts";
import { pointSdkAtDevnet, quoteAndExecute, sdkWallet } from "../test/outside/sdk/sdk-app.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 50) throw new Error("--rounds: 1 to 50");

const devnet = await startDevnet({ blockTimeMs: 100, indexerIntervalMs: 50 });
await pointSdkAtDevnet(devnet.serviceUrl);
const alice = evmDevAccount("alice");
const origin = evmUser(devnet.evmChain(8453), "alice");
const bob = evmDevAccount("bob").address;
const flows = [
  {
    name: "EVM->EVM native (0.01 ETH)",
    currency: zeroAddress,
    toCurrency: zeroAddress,
    amount: parseEther("0.01"),
  },
  {
    name: "EVM->EVM USDC (5 USDC)",
    currency: tokenOf(devnet.evmChain(8453), "USDC"),
    toCurrency: tokenOf(devnet.evmChain(10), "USDC"),
    amount: parseUnits("5", 6),
  },
] as const;

/** The quoted steps sent with viem, then the status polled until success: the baseline. */
async function direct(wallet: WalletClient, flow: (typeof flows)[number]): Promise<number> {
  const quote = await getClient().actions.getQuote(
    {
      chainId: 8453,
      toChainId: 10,
      currency: flow.currency,
      toCurrency: flow.toCurrency,
      amount: flow.amount.toString(),
      tradeType: "EXACT_INPUT",
      wallet,
      recipient: bob,
    },
    true,
  );
  const started = performance.now();
  let requestId = "";
  for (const step of quote.steps) {
    requestId = step.requestId ?? requestId;
    for (const item of step.items ?? []) {
      const data = item.data as { to: Hex; data: Hex; value: string };
      const hash = await origin.wallet.sendTransaction({
        account: origin.wallet.account,
        chain: null,
        to: data.to,
        data: data.data,
        value: BigInt(data.value),
      });
      await origin.public.waitForTransactionReceipt({ hash });
    }
  }
  for (let attempt = 0; attempt < 600; attempt++) {
    const status = (await (
      await fetch(`${devnet.serviceUrl}/intents/status/v3?requestId=${requestId}`)
    ).json()) as { status: string };
    if (status.status === "success") return performance.now() - started;
    if (status.status === "failure" || status.status === "refund")
      throw new Error(`direct ${flow.name}: ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`direct ${flow.name}: no success after 60 s`);
}

const samples = new Map<string, number[]>();
const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const flow of flows) {
      const wallet = sdkWallet(8453, alice.privateKey);
      const run = await quoteAndExecute({
        wallet,
        fromChainId: 8453,
        toChainId: 10,
        currency: flow.currency,
        toCurrency: flow.toCurrency,
        amount: flow.amount.toString(),
        recipient: bob,
      });
      record(`${flow.name} | SDK execute`, run.executeMs);
      record(`${flow.name} | direct (viem + status poll)`, await direct(wallet, flow));
    }
  }
} finally {
  await devnet.close();
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
const rows = flows.map((flow) => {
  const sdk = samples.get(`${flow.name} | SDK execute`) ?? [];
  const baseline = samples.get(`${flow.name} | direct (viem + status poll)`) ?? [];
  return {
    flow: flow.name,
    "SDK execute median ms": Math.round(median(sdk)),
    "direct median ms": Math.round(median(baseline)),
    "SDK min..max ms": `${Math.round(Math.min(...sdk))}..${Math.round(Math.max(...sdk))}`,
    rounds: sdk.length,
  };
});
printTable("SDK execute on the devnet (quote excluded; until status success)", rows);
writeResults("sdk-execute.json", {
  sdk: "@relayprotocol/relay-sdk 7.0.3",
  setup: { blockTimeMs: 100, confirmations: 2, pollingIntervalMs: 100, rounds: ROUNDS },
  note: "USDC: the first SDK round also sends the approve step (max allowance); later rounds deposit only",
  flows: rows,
  samplesMs: Object.fromEntries([...samples].map(([name, list]) => [name, list.map((ms) => Math.round(ms))])),
  notMeasured: ["EVM->SVM and SVM->EVM: the SVM wallet adapter has no release for relay-sdk 7.0.3"],
});
