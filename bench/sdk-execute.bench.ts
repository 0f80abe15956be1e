// Time of one SDK execute per flow on the devnet: `@relayprotocol/relay-sdk` 7.0.3 quote -> execute ->
// status success for EVM->EVM (native, USDC), SVM->EVM and EVM->SVM (native), the SVM origin through
// the SDK's SVM adapter (`@relayprotocol/relay-svm-wallet-adapter` 19.0.1) over the devnet's Solana
// RPC and PubSub. Side by side, the same quote executed directly: the quoted EVM steps sent with viem,
// or the quoted SVM transaction signed with @solana/kit and sent and confirmed over RPC; then the status
// endpoint polled every 100 ms (the SDK's interval here). Cases interleave round by round on one
// devnet; the median of the rounds is reported. EVM blocks every 100 ms, 2 confirmations; SVM slots
// every 400 ms (the default).
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/sdk-execute.bench.ts [--rounds 5]
import { parseArgs } from "node:util";
import { type AdaptedWallet, getClient } from "@relayprotocol/relay-sdk";
import {
  assertIsSendableTransaction,
  assertIsTransactionWithBlockhashLifetime,
  type Blockhash,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  sendAndConfirmTransactionFactory,
  signTransaction,
} from "@solana/kit";
import { type Hex, parseEther, parseUnits, type WalletClient, zeroAddress } from "viem";
import { sdkSolanaWallet } from "../docs/examples/sdk-svm-wallet.ts";
import { evmDevAccount, svmDevSecretKey } from "../src/devnet/accounts.ts";
import { startDevnet } from "../src/devnet/devnet.ts";
import { evmUser, tokenOf } from "../src/devnet/evm-user.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../src/svm/index.ts";
import { pointSdkAtDevnet, quoteAndExecute, sdkWallet } from "../test/outside/sdk/sdk-app.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 50) throw new Error("--rounds: 1 to 50");

const SVM_SLOT_MS = 400;
const devnet = await startDevnet({ blockTimeMs: 100, indexerIntervalMs: 50, svmSlotTimeMs: SVM_SLOT_MS });
await pointSdkAtDevnet(devnet.serviceUrl);
const alice = evmDevAccount("alice");
const origin = evmUser(devnet.evmChain(8453), "alice");
const bob = evmDevAccount("bob").address;
const svmAlice = devnet.svm.accounts.alice;
const svmAliceSecret = getBase58Encoder().encode(svmDevSecretKey(svmAlice, "alice"));
const svmRpc = createSolanaRpc(devnet.svm.rpcUrl);
const sendAndConfirm = sendAndConfirmTransactionFactory({
  rpc: svmRpc,
  rpcSubscriptions: createSolanaRpcSubscriptions(devnet.svm.wsUrl),
});

interface Flow {
  name: string;
  fromChainId: number;
  toChainId: number;
  currency: string;
  toCurrency: string;
  amount: bigint;
  recipient: string;
  wallet: () => WalletClient | AdaptedWallet;
}

const evmWallet = () => sdkWallet(8453, alice.privateKey);
const flows: Flow[] = [
  {
    name: "EVM->EVM native (0.01 ETH)",
    fromChainId: 8453,
    toChainId: 10,
    currency: zeroAddress,
    toCurrency: zeroAddress,
    amount: parseEther("0.01"),
    recipient: bob,
    wallet: evmWallet,
  },
  {
    name: "EVM->EVM USDC (5 USDC)",
    fromChainId: 8453,
    toChainId: 10,
    currency: tokenOf(devnet.evmChain(8453), "USDC"),
    toCurrency: tokenOf(devnet.evmChain(10), "USDC"),
    amount: parseUnits("5", 6),
    recipient: bob,
    wallet: evmWallet,
  },
  {
    name: "SVM->EVM native (0.5 SOL)",
    fromChainId: SVM_CHAIN_ID,
    toChainId: 8453,
    currency: SVM_NATIVE_TOKEN,
    toCurrency: zeroAddress,
    amount: 500_000_000n,
    recipient: bob,
    wallet: () => sdkSolanaWallet(SVM_CHAIN_ID, new Uint8Array(svmAliceSecret)).wallet,
  },
  {
    name: "EVM->SVM native (0.01 ETH)",
    fromChainId: 8453,
    toChainId: SVM_CHAIN_ID,
    currency: zeroAddress,
    toCurrency: SVM_NATIVE_TOKEN,
    amount: parseEther("0.01"),
    recipient: devnet.svm.accounts.bob.address,
    wallet: evmWallet,
  },
];

/** The quoted steps sent without the SDK, then the status polled until success: the baseline. */
async function direct(flow: Flow): Promise<number> {
  const svmOrigin = flow.fromChainId === SVM_CHAIN_ID;
  const quote = await getClient().actions.getQuote(
    {
      chainId: flow.fromChainId,
      toChainId: flow.toChainId,
      currency: flow.currency,
      toCurrency: flow.toCurrency,
      amount: flow.amount.toString(),
      tradeType: "EXACT_INPUT",
      wallet: flow.wallet(),
      recipient: flow.recipient,
    },
    true,
  );
  const started = performance.now();
  let requestId = "";
  for (const step of quote.steps) {
    requestId = step.requestId ?? requestId;
    for (const item of step.items ?? []) {
      if (svmOrigin) {
        const wire = getBase64Encoder().encode((item.data as { transaction: string }).transaction);
        const unsigned = getTransactionDecoder().decode(wire);
        const signed = await signTransaction([svmAlice.keyPair], unsigned);
        // The quote's blockhash, valid for 150 blocks from now at the latest.
        const transaction = {
          ...signed,
          lifetimeConstraint: {
            blockhash: getCompiledTransactionMessageDecoder().decode(unsigned.messageBytes)
              .lifetimeToken as Blockhash,
            lastValidBlockHeight: (await svmRpc.getBlockHeight().send()) + 150n,
          },
        };
        assertIsSendableTransaction(transaction);
        assertIsTransactionWithBlockhashLifetime(transaction);
        await sendAndConfirm(transaction, { commitment: "confirmed" });
        continue;
      }
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

/**
 * A random pause of up to one SVM slot: a case that starts right after the previous one settles would
 * otherwise start at the same point of the slot timer every round, and wait the same part of a slot.
 */
const outOfPhase = () => new Promise((resolve) => setTimeout(resolve, Math.random() * SVM_SLOT_MS));

const samples = new Map<string, number[]>();
const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const flow of flows) {
      await outOfPhase();
      const run = await quoteAndExecute({ ...flow, wallet: flow.wallet(), amount: flow.amount.toString() });
      record(`${flow.name} | SDK execute`, run.executeMs);
      await outOfPhase();
      record(`${flow.name} | direct (viem or kit + status poll)`, await direct(flow));
    }
  }
} finally {
  await devnet.close();
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
const rows = flows.map((flow) => {
  const sdk = samples.get(`${flow.name} | SDK execute`) ?? [];
  const baseline = samples.get(`${flow.name} | direct (viem or kit + status poll)`) ?? [];
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
  svmAdapter: "@relayprotocol/relay-svm-wallet-adapter 19.0.1",
  setup: {
    blockTimeMs: 100,
    confirmations: 2,
    svmSlotTimeMs: SVM_SLOT_MS,
    pollingIntervalMs: 100,
    rounds: ROUNDS,
  },
  note: "USDC: every SDK round sends an approve for the exact amount, then the deposit",
  flows: rows,
  samplesMs: Object.fromEntries([...samples].map(([name, list]) => [name, list.map((ms) => Math.round(ms))])),
});
