/**
 * The demo's protocol-order flows: the depository read from GET /chains and found on chain, a quote
 * with protocol data checked by `verifyQuoteOrder` (order id, solver signature, deposit binding),
 * the deposit sent as quoted, or paid through an integrator's `OrderGatedDepositor`, and seen in the
 * depository's balance, then `success` with the fill on the destination and the request listed by
 * its order id.
 */
import { type Hex, parseEther, parseEventLogs, parseUnits, zeroAddress } from "viem";
import type { ServiceClient } from "../client/index.ts";
import {
  chainVmTypesFromChains,
  encodeOrder,
  encodeOrderAddress,
  orderChainsFromChains,
  RELAY_DEPOSITORY_ABI,
  verifyOrderFill,
  verifyQuoteOrder,
} from "../orders/index.ts";
import type { QuoteResponse } from "../schemas/index.ts";
import type { ProtocolOrderBlock } from "../service/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { evmDevAccount } from "./accounts.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { deployOrderGatedDepositor, orderGatedDepositorAbi, payOrderThroughGate } from "./evm-order-gate.ts";
import { balanceOf, type EvmUser, evmUser, tokenOf } from "./evm-user.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "./quoted-steps.ts";

export type OrderQuote = QuoteResponse & { protocol?: { v2: ProtocolOrderBlock } };

export async function chainsOf(devnet: Devnet): Promise<unknown> {
  return (await fetch(`${devnet.serviceUrl}/chains`)).json();
}

/** The depository GET /chains names for `chainId`. */
async function depositoryStep(
  devnet: Devnet,
  chainId: number,
): Promise<{ chains: unknown; depository: string }> {
  return step(
    `GET /chains: the depository of chain ${chainId}`,
    async () => {
      const chains = await chainsOf(devnet);
      const depository = orderChainsFromChains(chains).find((chain) => chain.id === chainId)?.depository;
      check(typeof depository === "string", `chain ${chainId} names its depository`);
      return { chains, depository: depository as string };
    },
    ({ depository }) => depository,
  );
}

export async function orderQuote(
  client: ServiceClient,
  body: Parameters<ServiceClient["quoteV2"]>[0],
): Promise<OrderQuote> {
  return step(
    "POST /quote/v2 with includeProtocolData",
    async () => {
      const quote = (await client.quoteV2({ ...body, includeProtocolData: true })) as OrderQuote;
      check(quote.protocol?.v2 !== undefined, "the quote carries protocol.v2");
      return quote;
    },
    (q) => `order ${short(q.protocol?.v2.orderId ?? "")}, request ${short(q.steps[0]?.requestId ?? "")}`,
  );
}

export async function verified(
  devnet: Devnet,
  chains: unknown,
  quote: OrderQuote,
  payer: string,
): Promise<void> {
  await step("verifyQuoteOrder: id, solver signature, deposit binding, deadlines", async () => {
    const verdict = await verifyQuoteOrder(quote, {
      chains,
      expectedPayer: payer,
      solver: devnet.solver.evm,
      now: Math.floor(Date.now() / 1000),
    });
    check(
      verdict.ok,
      `verifyQuoteOrder passed (${verdict.ok ? "" : verdict.failures.map((f) => f.code).join(", ")})`,
    );
  });
}

/** The request's fill, read back from the output chain's RPC, checked against the order. */
export async function fillVerified(client: ServiceClient, chains: unknown, quote: OrderQuote, user: EvmUser) {
  await step(
    "verifyOrderFill over the output chain's RPC: order id tag, deadline, amount to the recipient",
    async () => {
      const requestId = quote.steps[0]?.requestId as string;
      const [hash] = (await client.getStatus(requestId)).txHashes;
      const order = (quote.protocol as { v2: ProtocolOrderBlock }).v2.orderData;
      const source = { vm: "ethereum-vm", hash: hash as `0x${string}`, client: user.public } as const;
      // The devnet mines on demand: no blocks pile on top of the fill by themselves, so the service's
      // finality (10 blocks, 60 s) is not asked here.
      const verdict = await verifyOrderFill(order, source, { chains, finality: { blocks: 0, seconds: 0 } });
      check(
        verdict.ok,
        `verifyOrderFill passed (${verdict.ok ? "" : verdict.failures.map((f) => f.code).join(", ")})`,
      );
    },
  );
}

/** ETH on 8453 paid into the depository under the order id, filled as ETH on 10. */
export async function evmOrderFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const bob = evmUser(devnet.evmChain(10), "bob");
  const { chains, depository } = await depositoryStep(devnet, 8453);
  await step("the depository contract is deployed there on 8453", async () => {
    const code = await alice.public.getCode({ address: depository as `0x${string}` });
    check((code?.length ?? 0) > 2, "depository code");
  });
  const amount = parseEther("0.25");
  const quote = await orderQuote(client, {
    user: alice.address,
    recipient: bob.address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  await verified(devnet, chains, quote, alice.address);
  const order = quote.protocol as { v2: ProtocolOrderBlock };
  const requestId = quote.steps[0]?.requestId as string;
  const [bobBefore, held] = [
    await balanceOf(bob, null, bob.address),
    await balanceOf(alice, null, base.depository),
  ];
  const receipt = await step(
    "depositNative as quoted: the depository's event names the order, its balance grew",
    async () => {
      const [mined] = await sendQuotedEvmSteps(alice, quote);
      const [event] = parseEventLogs({
        abi: RELAY_DEPOSITORY_ABI,
        logs: mined?.logs ?? [],
        eventName: "RelayNativeDeposit",
      });
      check(event?.args.id === order.v2.orderId, "event id is the order id");
      check(event?.args.from === alice.address, "event depositor is the payer");
      check(
        (await balanceOf(alice, null, base.depository)) - held === amount,
        "depository balance grew by the amount",
      );
      return mined as NonNullable<typeof mined>;
    },
    (r) => `${short(r.transactionHash)}, ${r.gasUsed} gas`,
  );
  await base.mine();
  await step("credited from the depository's balance, filled on 10: success", () =>
    waitFor(client, requestId, "success"),
  );
  await step("recipient's ETH on 10 grew by the quoted output; listed by order id", async () => {
    check(
      (await balanceOf(bob, null, bob.address)) - bobBefore === BigInt(quote.details.currencyOut.amount),
      "recipient balance",
    );
    const { requests } = await client.listRequests({ orderId: order.v2.orderId });
    check(
      requests.length === 1 && requests[0]?.id === requestId,
      "GET /requests/v3?orderId= lists the request",
    );
  });
  await fillVerified(client, chains, quote, bob);
  return `${receipt.gasUsed} gas`;
}

/** SOL paid into the depository program under the order id, filled as ETH on 8453. */
export async function svmOrderFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const { svm } = devnet;
  const alice = svm.accounts.alice;
  const bob = evmUser(devnet.evmChain(8453), "bob");
  const { chains, depository } = await depositoryStep(devnet, SVM_CHAIN_ID);
  await step("the depository program is executable at that id", async () => {
    const program = svm.svm.getAccount(svm.depository.program);
    check(depository === svm.depository.program && program.exists && program.executable, "program loaded");
  });
  const amount = 1_500_000_000n;
  const quote = await orderQuote(client, {
    user: alice.address,
    recipient: evmDevAccount("bob").address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency: SVM_NATIVE_TOKEN,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  await verified(devnet, chains, quote, alice.address);
  const requestId = quote.steps[0]?.requestId as string;
  const [bobBefore, held] = [
    await balanceOf(bob, null, bob.address),
    svm.svm.getBalance(svm.depository.vault) ?? 0n,
  ];
  const result = await step(
    "deposit_native as quoted: the vault grew by the amount",
    async () => {
      const landed = await submitQuotedSvmDeposit(svm, alice, quote);
      check(
        (svm.svm.getBalance(svm.depository.vault) ?? 0n) - held === amount,
        "vault lamports grew by the amount",
      );
      return landed;
    },
    (r) => `${r.signature.slice(0, 12)}…, ${r.computeUnits} CU`,
  );
  await step("credited from the vault's balance, filled on 8453: success", () =>
    waitFor(client, requestId, "success"),
  );
  await step("recipient's ETH on 8453 grew by the quoted output", async () => {
    check(
      (await balanceOf(bob, null, bob.address)) - bobBefore === BigInt(quote.details.currencyOut.amount),
      "recipient balance",
    );
  });
  await fillVerified(client, chains, quote, bob);
  return `${result.computeUnits} CU`;
}

/** The protocol chain id GET /chains gives `chainId`. */
function protocolChainIdOf(chains: unknown, chainId: number): string {
  const found = orderChainsFromChains(chains).find((chain) => chain.id === chainId)?.protocolChainId;
  check(found !== undefined, `GET /chains names the protocol chain id of ${chainId}`);
  return found as string;
}

/**
 * USDC on 8453 paid through an integrator's `OrderGatedDepositor` (deployed in front of the
 * depository, bob on 10 whitelisted), filled as USDC on 10.
 */
export async function evmGatedOrderFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
  const alice = evmUser(base, "alice");
  const bob = evmUser(optimism, "bob");
  const usdc = tokenOf(base, "USDC");
  const { chains } = await depositoryStep(devnet, 8453);
  const gate = await step(
    "an integrator deploys OrderGatedDepositor in front of it, bob on 10 whitelisted",
    () =>
      deployOrderGatedDepositor(base, evmUser(base, "deployer"), {
        solver: devnet.solver.evm,
        protocolChainId: protocolChainIdOf(chains, 8453),
        whitelist: [
          {
            chainId: protocolChainIdOf(chains, 10),
            recipient: encodeOrderAddress(bob.address, "ethereum-vm"),
          },
        ],
      }),
    (address) => address,
  );
  const amount = parseUnits("40", 6);
  const quote = await orderQuote(client, {
    user: alice.address,
    recipient: bob.address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: usdc,
    destinationCurrency: tokenOf(optimism, "USDC"),
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  await verified(devnet, chains, quote, alice.address);
  const order = (quote.protocol as { v2: ProtocolOrderBlock }).v2;
  const requestId = quote.steps[0]?.requestId as string;
  const [bobBefore, held] = [
    await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address),
    await balanceOf(alice, usdc, base.depository),
  ];
  const receipt = await step(
    "exact approval, depositErc20 through the gate: OrderDeposited names the order and the payer, the depository's USDC grew by the amount",
    async () => {
      const mined = await payOrderThroughGate(
        alice,
        gate,
        encodeOrder(order.orderData, chainVmTypesFromChains(chains)),
        order.orderSignature as Hex,
      );
      const [event] = parseEventLogs({
        abi: orderGatedDepositorAbi(),
        logs: mined.logs,
        eventName: "OrderDeposited",
      }) as unknown as { args: { orderId: Hex; payer: Hex; amount: bigint } }[];
      check(event?.args.orderId === order.orderId, "event id is the order id");
      check(event?.args.payer === alice.address, "event payer is the payer");
      check(
        (await balanceOf(alice, usdc, base.depository)) - held === amount,
        "depository balance grew by the amount",
      );
      return mined;
    },
    (r) => `${short(r.transactionHash)}, ${r.gasUsed} gas`,
  );
  await base.mine();
  await step("credited from the depository's Transfer, filled on 10: success", () =>
    waitFor(client, requestId, "success"),
  );
  await step("recipient's USDC on 10 grew by the quoted output", async () => {
    const after = await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address);
    check(after - bobBefore === BigInt(quote.details.currencyOut.amount), "recipient balance");
  });
  return `${receipt.gasUsed} gas`;
}
