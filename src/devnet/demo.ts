/**
 * `npm run demo`: boots the embedded devnet and walks flows 1, 2, 5, 6 and 7 and the protocol-order
 * flows (EVM through the depository and through an order-gated depositor, SVM, a user call filled
 * through the fill router, a plain transfer to a strict deposit address on EVM and on SVM, a gasless deposit relayed
 * through the approval proxy), then an unhappy path (a refund asked for through a scenario, told by a
 * signed webhook the demo verifies), end to end through the mock service's HTTP API with the typed
 * client, verifying every step on the chains. Prints each step as it goes and a summary table; exits
 * 0 only when every step verified.
 */
import { formatUnits, type Hex, parseEther, parseUnits, zeroAddress } from "viem";
import { verifyAttestation } from "../attestation/index.ts";
import { createServiceClient, type ServiceClient, SolanaTxTooLargeServiceError } from "../client/index.ts";
import { buildSvmReceiverDepositInstruction } from "../receiver/index.ts";
import type { QuoteResponse, QuoteV2Body, StatusResponse } from "../schemas/index.ts";
import { SVM_SWAP_SOURCES } from "../service/index.ts";
import { applySvmQuoteAttempt, SVM_CHAIN_ID, SVM_NATIVE_TOKEN, svmQuoteLadder } from "../svm/index.ts";
import { evmDevAccount } from "./accounts.ts";
import { evmCallOrderFlow } from "./demo-calls.ts";
import { depositAddressFlow, svmDepositAddressFlow } from "./demo-deposit-address.ts";
import { gaslessFlow } from "./demo-gasless.ts";
import { evmGatedOrderFlow, evmOrderFlow, svmOrderFlow } from "./demo-orders.ts";
import { check, short, step, stepsCompleted, waitFor } from "./demo-steps.ts";
import { refundWebhookFlow } from "./demo-unhappy.ts";
import { type Devnet, startDevnet } from "./devnet.ts";
import type { EvmDevChain } from "./evm-chain.ts";
import {
  balanceOf,
  depositThroughReceiver,
  evmUser,
  linkSponsorshipWallet,
  sendAppBalanceFunding,
  tokenOf,
} from "./evm-user.ts";
import { eventually } from "./poll.ts";
import { submitQuotedSvmDeposit } from "./quoted-steps.ts";
import { submitSvmInstructions, svmUsdcBalance } from "./svm-user.ts";

interface FlowResult {
  flow: string;
  chains: string;
  status: "verified" | "FAILED";
  cost: string;
  ms: number;
}

/** Quote, attestation checked against the solver, deposit through the EVM receiver, final, filled. */
async function evmOriginFlow(
  devnet: Devnet,
  client: ServiceClient,
  origin: EvmDevChain,
  body: QuoteV2Body,
  confirmFill: (status: StatusResponse, quote: QuoteResponse) => Promise<void>,
): Promise<string> {
  const payer = evmUser(origin, "alice");
  const quote = await step(
    "POST /quote/v2",
    () => client.quoteV2(body),
    (q) =>
      `request ${short(q.steps[0]?.requestId ?? "")}, ${q.details.currencyIn.amountFormatted} ${q.details.currencyIn.currency.symbol} in, ${q.details.currencyOut.amountFormatted} ${q.details.currencyOut.currency.symbol} out`,
  );
  const requestId = quote.steps[0]?.requestId as string;
  const attestation = await step("GET /requests/{id}/signature, signer is the solver", async () => {
    const signed = await client.getSignature(requestId);
    check(await verifyAttestation({ requestId, ...signed, solver: devnet.solver.evm }), "attestation signer");
    return { requestId, ...signed };
  });
  const receipt = await step(
    `deposit through the receiver on ${origin.chainId}`,
    async () => {
      const hash = await depositThroughReceiver(origin, payer, attestation);
      const mined = await payer.public.waitForTransactionReceipt({ hash });
      check(mined.status === "success", "deposit transaction succeeded");
      return mined;
    },
    (r) => `${short(r.transactionHash)}, ${r.gasUsed} gas`,
  );
  await step("indexed while one confirmation short: depositing", () =>
    waitFor(client, requestId, "depositing"),
  );
  await origin.mine();
  const done = await step(
    "next block: final, filled on the destination",
    () => waitFor(client, requestId, "success"),
    (s) => `fill ${short(s.txHashes[0] ?? "")} listed first`,
  );
  check(done.inTxHashes?.includes(receipt.transactionHash) === true, "the deposit is listed in inTxHashes");
  await confirmFill(done, quote);
  return `${receipt.gasUsed} gas`;
}

async function flow1(devnet: Devnet, client: ServiceClient): Promise<string> {
  const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
  const bob = evmUser(optimism, "bob");
  const before = await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address);
  return evmOriginFlow(
    devnet,
    client,
    base,
    {
      user: evmDevAccount("alice").address,
      recipient: bob.address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: tokenOf(base, "USDC"),
      destinationCurrency: tokenOf(optimism, "USDC"),
      amount: parseUnits("25", 6).toString(),
      tradeType: "EXACT_INPUT",
    },
    async (_, quote) =>
      step("recipient's USDC on 10 grew by the quoted output", async () => {
        const after = await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address);
        check(after - before === BigInt(quote.details.currencyOut.amount), "recipient balance");
      }),
  );
}

async function flow2SvmToEvm(devnet: Devnet, client: ServiceClient): Promise<string> {
  const { svm } = devnet;
  const alice = svm.accounts.alice;
  const bob = evmUser(devnet.evmChain(8453), "bob");
  const quote = await step(
    "POST /quote/v2 (SOL on the SVM chain to ETH on 8453)",
    () =>
      client.quoteV2({
        user: alice.address,
        recipient: bob.address,
        originChainId: SVM_CHAIN_ID,
        destinationChainId: 8453,
        originCurrency: SVM_NATIVE_TOKEN,
        destinationCurrency: zeroAddress,
        amount: (2n * 10n ** 9n).toString(),
        tradeType: "EXACT_INPUT",
      }),
    (q) => `request ${short(q.steps[0]?.requestId ?? "")}`,
  );
  const requestId = quote.steps[0]?.requestId as Hex;
  const signed = await step("GET /requests/{id}/signature, signer is the solver", async () => {
    const attestation = await client.getSignature(requestId);
    check(
      await verifyAttestation({ requestId, ...attestation, solver: devnet.solver.evm }),
      "attestation signer",
    );
    return attestation;
  });
  const before = await balanceOf(bob, null, bob.address);
  const result = await step(
    "deposit_native through the SVM receiver program",
    async () =>
      submitSvmInstructions(svm, alice, [
        await buildSvmReceiverDepositInstruction({
          programId: svm.receiverProgram,
          payer: alice,
          requestId,
          requestData: signed.requestData,
          signature: signed.signature as Hex,
          deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          solver: svm.accounts.solver.address,
        }),
      ]),
    (r) => `${r.signature.slice(0, 12)}…, ${r.computeUnits} CU`,
  );
  await step("indexed from the Deposited event, filled on 8453", () => waitFor(client, requestId, "success"));
  await step("recipient's ETH on 8453 grew by the quoted output", async () => {
    const after = await balanceOf(bob, null, bob.address);
    check(after - before === BigInt(quote.details.currencyOut.amount), "recipient balance");
  });
  return `${result.computeUnits} CU`;
}

async function flow2EvmToSvm(devnet: Devnet, client: ServiceClient): Promise<string> {
  const recipient = devnet.svm.accounts.bob.address;
  const before = devnet.svm.svm.getBalance(recipient) ?? 0n;
  await step("an SVM recipient given as an EVM address is refused by the quote", async () => {
    const refused = await client
      .quoteV2({
        user: evmDevAccount("alice").address,
        recipient: evmDevAccount("bob").address,
        originChainId: 8453,
        destinationChainId: SVM_CHAIN_ID,
        originCurrency: zeroAddress,
        destinationCurrency: SVM_NATIVE_TOKEN,
        amount: parseEther("0.1").toString(),
        tradeType: "EXACT_INPUT",
      })
      .then(
        () => null,
        (error: { errorCode?: string }) => error.errorCode,
      );
    check(refused === "ADDRESS_VM_MISMATCH", "ADDRESS_VM_MISMATCH");
  });
  return evmOriginFlow(
    devnet,
    client,
    devnet.evmChain(8453),
    {
      user: evmDevAccount("alice").address,
      recipient,
      originChainId: 8453,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: SVM_NATIVE_TOKEN,
      amount: parseEther("0.3").toString(),
      tradeType: "EXACT_INPUT",
    },
    async (_, quote) =>
      step("recipient's SOL grew by the quoted output", async () => {
        const after = devnet.svm.svm.getBalance(recipient) ?? 0n;
        check(after - before === BigInt(quote.details.currencyOut.amount), "recipient lamports");
      }),
  );
}

async function flow5(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const carol = evmUser(base, "carol");
  const bob = evmUser(base, "bob");
  const balance = async (wallet: string) => BigInt((await client.getAppBalance(wallet)).amount);
  const [carolBefore, bobBefore] = [await balance(carol.address), await balance(bob.address)];
  const fund = (payer: typeof carol, amount: bigint, credit?: Hex) =>
    sendAppBalanceFunding(base, payer, { solver: devnet.solver.evm, amount, ...(credit ? { credit } : {}) });
  const own = await step(
    "carol sends 100 USDC with funding calldata (no credit address) on 8453",
    () => fund(carol, parseUnits("100", 6)),
    (r) => `${r.gasUsed} gas`,
  );
  await step("bob funds 5 USDC crediting carol", () => fund(bob, parseUnits("5", 6), carol.address));
  await base.mine();
  await step(
    "final: GET /app-fees/{wallet}/balances credits carol 105 USD, bob nothing",
    async () => {
      const credited = carolBefore + parseUnits("105", 6);
      await eventually(
        async () => ((await balance(carol.address)) === credited ? true : undefined),
        "carol's credit",
      );
      check((await balance(bob.address)) === bobBefore, "bob not credited");
      return balance(carol.address);
    },
    (amount) => `carol ${formatUnits(amount, 6)} USD`,
  );
  return `${own.gasUsed} gas`;
}

async function flow6(devnet: Devnet, client: ServiceClient): Promise<string> {
  const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
  const sponsor = await step("link carol as the API key's fee sponsorship wallet", () =>
    linkSponsorshipWallet(devnet, "carol"),
  );
  const balance = async () => BigInt((await client.getAppBalance(sponsor)).amount);
  const available = await balance();
  const payer = evmUser(base, "alice");
  const quoteUsdc = (amount: bigint) =>
    client.quoteV2({
      user: payer.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: tokenOf(base, "USDC"),
      destinationCurrency: tokenOf(optimism, "USDC"),
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
  const quote = await step("POST /quote/v2 (20 USDC, 8453 to 10)", () => quoteUsdc(parseUnits("20", 6)));
  const requestId = quote.steps[0]?.requestId as string;
  const attestation = { requestId, ...(await client.getSignature(requestId)) };
  const hash = await step("deposit submitted, not final: depositing", async () => {
    const sent = await depositThroughReceiver(base, payer, attestation);
    await waitFor(client, requestId, "depositing");
    return sent;
  });
  const receipt = await payer.public.waitForTransactionReceipt({ hash });
  const filled = await step(
    "POST /fast-fill fills at once and holds the request's value",
    async () => {
      const result = await client.fastFill({ requestId });
      check(result.status === "filled", "filled");
      check((await balance()) === available - parseUnits("20", 6), "hold of 20 USD on the app balance");
      check((await client.getStatus(requestId)).status === "success", "success before the deposit is final");
      return result;
    },
    (r) => `fill ${short(r.fillTxHash ?? "")}, hold ${r.hold?.amountFormatted} USD`,
  );
  await step("overdraw refused: a fast fill worth more than the balance left", async () => {
    const big = await quoteUsdc(available + parseUnits("1", 6));
    const bigId = big.steps[0]?.requestId as string;
    await depositThroughReceiver(base, payer, { requestId: bigId, ...(await client.getSignature(bigId)) });
    await waitFor(client, bigId, "depositing");
    const code = await client.fastFill({ requestId: bigId }).then(
      () => null,
      (error: { errorCode?: string }) => error.errorCode,
    );
    check(code === "INSUFFICIENT_APP_BALANCE", "INSUFFICIENT_APP_BALANCE");
  });
  await base.mine();
  await step("deposits final: hold released, nothing filled twice", async () => {
    await eventually(async () => ((await balance()) === available ? true : undefined), "hold release");
    const [record] = (await client.listRequests({ id: requestId })).requests;
    check(
      record?.data.outTxs.length === 1 && record.data.outTxs[0]?.txHash === filled.fillTxHash,
      "one fill",
    );
  });
  return `${receipt.gasUsed} gas`;
}

async function flow7(devnet: Devnet, client: ServiceClient): Promise<string> {
  const { svm } = devnet;
  const alice = svm.accounts.alice;
  const amount = 900_000_000_000n;
  const body: QuoteV2Body = {
    user: alice.address,
    recipient: evmDevAccount("bob").address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 10,
    originCurrency: svm.usdc.mint,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  };
  let quote: QuoteResponse | null = null;
  for (const attempt of svmQuoteLadder({ swapSources: SVM_SWAP_SOURCES })) {
    const label = attempt.maxRouteLength ? `maxRouteLength ${attempt.maxRouteLength}` : attempt.kind;
    quote = await step(
      `POST /quote/v2, ${label}`,
      async () => {
        try {
          return await client.quoteV2(applySvmQuoteAttempt(body, attempt));
        } catch (error) {
          if (error instanceof SolanaTxTooLargeServiceError) return error;
          throw error;
        }
      },
      (result) =>
        result instanceof SolanaTxTooLargeServiceError
          ? `SOLANA_TX_TOO_LARGE (${result.message}), next rung`
          : "fits",
    ).then((result) => (result instanceof SolanaTxTooLargeServiceError ? null : result));
    if (quote !== null) break;
  }
  check(quote !== null, "the ladder reached a quote that fits");
  const item = quote?.steps[0]?.items[0]?.data as unknown as { transactionSize: number };
  const solverBefore = await svmUsdcBalance(svm, svm.accounts.solver.address);
  const result = await step(
    "the quoted transaction signed and executed as is",
    async () => submitQuotedSvmDeposit(svm, alice, quote as QuoteResponse),
    (r) =>
      `${item.transactionSize} bytes, ${r.computeUnits} CU, ${r.logs.filter((l) => l.includes("route-hop:")).length} hops`,
  );
  check(
    (await svmUsdcBalance(svm, svm.accounts.solver.address)) - solverBefore === amount,
    "solver received",
  );
  await step("indexed and filled on 10", () =>
    waitFor(client, quote?.steps[0]?.requestId as string, "success"),
  );
  return `${result.computeUnits} CU, ${item.transactionSize} B`;
}

const FLOWS: [string, string, (devnet: Devnet, client: ServiceClient) => Promise<string>][] = [
  ["1 EVM to EVM (USDC)", "8453 → 10", flow1],
  ["2 SVM to EVM (SOL → ETH)", "792703809 → 8453", flow2SvmToEvm],
  ["2 EVM to SVM (ETH → SOL)", "8453 → 792703809", flow2EvmToSvm],
  ["5 app balance funding", "8453", flow5],
  ["6 fast fill with a hold", "8453 → 10", flow6],
  ["7 SVM size gate + ladder", "792703809 → 10", flow7],
  ["orders EVM (ETH, depository)", "8453 → 10", evmOrderFlow],
  ["orders EVM (USDC, gated depositor)", "8453 → 10", evmGatedOrderFlow],
  ["orders SVM (SOL, depository)", "792703809 → 8453", svmOrderFlow],
  ["orders EVM (ETH + user call, fill router)", "8453 → 10", evmCallOrderFlow],
  ["deposit address (ETH, plain transfer)", "8453 → 10", depositAddressFlow],
  ["deposit address (SOL, plain transfer)", "792703809 → 8453", svmDepositAddressFlow],
  ["gasless (USDC, relayed)", "8453 → 10", gaslessFlow],
  ["refund on demand + signed webhook", "8453 → 10", refundWebhookFlow],
];

console.log("attestkit demo: booting the devnet (EVM 8453 and 10 on EDR, SVM on LiteSVM, mock service)…");
const booted = performance.now();
const devnet = await startDevnet();
console.log(`devnet up in ${Math.round(performance.now() - booted)} ms; service at ${devnet.serviceUrl}`);
const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
const results: FlowResult[] = [];
for (const [index, [flow, chains, run]] of FLOWS.entries()) {
  console.log(`\n[${index + 1}/${FLOWS.length}] flow ${flow} (${chains})`);
  const started = performance.now();
  try {
    const cost = await run(devnet, client);
    results.push({ flow, chains, status: "verified", cost, ms: performance.now() - started });
  } catch (error) {
    console.log(`    ✗ ${(error as Error).message}`);
    results.push({ flow, chains, status: "FAILED", cost: "-", ms: performance.now() - started });
  }
}
await devnet.close();

const rows = [
  ["flow", "chains", "status", "gas / compute units", "time"],
  ...results.map((r) => [r.flow, r.chains, r.status, r.cost, `${(r.ms / 1000).toFixed(2)} s`]),
];
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
console.log("");
for (const [i, row] of rows.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padEnd(widths[j] ?? 0)).join(" | ")} |`);
  if (i === 0) console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
}
const failed = results.filter((r) => r.status !== "verified").length;
console.log(
  failed === 0
    ? `\nall ${stepsCompleted()} steps verified across ${results.length} flows`
    : `\n${failed} of ${results.length} flows FAILED`,
);
process.exit(failed === 0 ? 0 : 1);
