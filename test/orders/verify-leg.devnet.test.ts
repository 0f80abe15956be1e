/**
 * Both legs on the devnet: every fill and refund the mock makes for an order passes
 * `verifyOrderFill` / `verifyOrderRefund` (a property over routes, currencies, amounts and
 * outcomes, checked by the status endpoint's `orderVerification` and again from outside over the
 * chains' RPC, and the activity feed's line), and the tampered legs really land on chain and fail with their own code: a fill of
 * another order, a short fill, a fill to another recipient, a late fill, a refund to a stranger.
 */
import { createSolanaRpc, generateKeyPairSigner, type Instruction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import fc from "fast-check";
import { type Hex, parseEther, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import { submitSvmInstructions } from "../../src/devnet/svm-user.ts";
import {
  type LegSource,
  type LegVerification,
  orderChainsFromChains,
  type QuoteResponse,
  type QuoteV2Body,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  verifyOrderFill,
  verifyOrderRefund,
} from "../../src/index.ts";
import type { ActivityEvent } from "../../src/service/activity.ts";
import {
  buildDepositoryDepositInstruction,
  encodeDepositoryDeposit,
  type ProtocolOrderBlock,
} from "../../src/service/index.ts";
import type { StoredLegVerification } from "../../src/service/records.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { type E2e, type EvmUser, evmUser, startE2e, tokenOf, waitForStatus } from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };
type Route =
  | "base ETH -> optimism ETH"
  | "base USDC -> optimism ETH"
  | "base ETH -> solana SOL"
  | "solana SOL -> base ETH";

/** The devnet mines on demand: finality beyond inclusion is not asked (no blocks pile up by themselves). */
const AT_ONCE = { blocks: 0, seconds: 0, commitment: "confirmed" } as const;

describe("orders: every fill and refund of the devnet checked against its order", function () {
  this.timeout(600_000);
  let e2e: E2e;
  let chains: ReturnType<typeof orderChainsFromChains>;
  let base: EvmDevChain;
  let optimism: EvmDevChain;

  const feed: ActivityEvent[] = [];
  before(async () => {
    e2e = await startE2e();
    e2e.devnet.service.onActivity((event) => feed.push(event));
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
    chains = orderChainsFromChains(await (await fetch(`${e2e.devnet.serviceUrl}/chains`)).json());
  });
  after(() => e2e?.close());

  const svmRpc = () => createSolanaRpc(e2e.devnet.svm.rpcUrl);
  const evmSource = (user: EvmUser, hash: string): LegSource => ({
    vm: "ethereum-vm",
    hash: hash as Hex,
    client: user.public,
  });
  const legSource = (chainId: number, hash: string): LegSource =>
    chainId === SVM_CHAIN_ID
      ? { vm: "solana-vm", signature: hash, rpc: svmRpc() }
      : evmSource(evmUser(e2e.devnet.evmChain(chainId), "alice"), hash);

  const bodyOf = (route: Route, amount: bigint): QuoteV2Body => {
    const alice = evmDevAccount("alice").address;
    const bob = evmDevAccount("bob").address;
    const svmAlice = e2e.devnet.svm.accounts.alice.address;
    const svmBob = e2e.devnet.svm.accounts.bob.address;
    const common = { amount: amount.toString(), tradeType: "EXACT_INPUT" as const };
    switch (route) {
      case "base ETH -> optimism ETH":
        return {
          ...common,
          user: alice,
          recipient: bob,
          originChainId: 8453,
          destinationChainId: 10,
          originCurrency: zeroAddress,
          destinationCurrency: zeroAddress,
        };
      case "base USDC -> optimism ETH":
        return {
          ...common,
          user: alice,
          recipient: bob,
          originChainId: 8453,
          destinationChainId: 10,
          originCurrency: tokenOf(base, "USDC"),
          destinationCurrency: zeroAddress,
        };
      case "base ETH -> solana SOL":
        return {
          ...common,
          user: alice,
          recipient: svmBob,
          originChainId: 8453,
          destinationChainId: SVM_CHAIN_ID,
          originCurrency: zeroAddress,
          destinationCurrency: SVM_NATIVE_TOKEN,
        };
      case "solana SOL -> base ETH":
        return {
          ...common,
          user: svmAlice,
          recipient: bob,
          originChainId: SVM_CHAIN_ID,
          destinationChainId: 8453,
          originCurrency: SVM_NATIVE_TOKEN,
          destinationCurrency: zeroAddress,
        };
    }
  };
  const quote = async (body: QuoteV2Body) =>
    (await e2e.client.quoteV2({ ...body, includeProtocolData: true })) as OrderQuote;
  const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

  /** Pays the order's depository as quoted, or `short` less through a direct deposit under the order id. */
  async function deposit(route: Route, q: OrderQuote, short: bigint): Promise<void> {
    if (route.startsWith("solana")) {
      const { svm } = e2e.devnet;
      if (short === 0n) await submitQuotedSvmDeposit(svm, svm.accounts.alice, q);
      else {
        const deposit = await buildDepositoryDepositInstruction({
          program: svm.depository.program,
          sender: svm.accounts.alice,
          depositor: svm.accounts.alice.address,
          currency: SVM_NATIVE_TOKEN,
          amount: BigInt(q.protocol.v2.paymentDetails.amount as string) - short,
          id: q.protocol.v2.orderId,
        });
        await submitSvmInstructions(svm, svm.accounts.alice, [deposit]);
      }
      return;
    }
    const alice = evmUser(base, "alice");
    if (short === 0n) await sendQuotedEvmSteps(alice, q);
    else {
      const { currency, amount } = q.protocol.v2.paymentDetails as { currency: Hex; amount: string };
      // The quote's approval steps (a leftover allowance is cleared by one of its own first), when short.
      const approvals = q.steps.filter((step) => step.id === "approve").flatMap((step) => step.items);
      for (const item of approvals) {
        const { to, data } = item.data as { to: Hex; data: Hex };
        await alice.public.waitForTransactionReceipt({
          hash: await alice.wallet.sendTransaction({ account: alice.wallet.account, chain: null, to, data }),
        });
      }
      const call = encodeDepositoryDeposit({
        depositor: alice.address,
        currency,
        amount: BigInt(amount) - short,
        id: q.protocol.v2.orderId,
      });
      const hash = await alice.wallet.sendTransaction({
        account: alice.wallet.account,
        chain: null,
        to: base.depository,
        data: call.data,
        value: call.value,
      });
      expect((await alice.public.waitForTransactionReceipt({ hash })).status).to.equal("success");
    }
    await base.mine();
  }

  const ROUTES: Route[] = [
    "base ETH -> optimism ETH",
    "base USDC -> optimism ETH",
    "base ETH -> solana SOL",
    "solana SOL -> base ETH",
  ];
  const AMOUNT_UNIT: Record<Route, bigint> = {
    "base ETH -> optimism ETH": 10n ** 15n,
    "base USDC -> optimism ETH": 10n ** 4n,
    "base ETH -> solana SOL": 10n ** 15n,
    "solana SOL -> base ETH": 10n ** 7n,
  };

  it("property: over routes, currencies, amounts and outcomes, the status's orderVerification, the activity feed and an outside verifyOrderFill / verifyOrderRefund all pass", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.integer({ min: 100, max: 900 }),
        fc.boolean(),
        async (route, units, shortDeposit) => {
          const amount = BigInt(units) * AMOUNT_UNIT[route];
          const short = shortDeposit ? amount / 10n : 0n;
          const q = await quote(bodyOf(route, amount));
          await deposit(route, q, short);
          const leg = short === 0n ? "fill" : "refund";
          const status = (await waitForStatus(e2e, requestIdOf(q), short === 0n ? "success" : "refund")) as {
            txHashes: string[];
            orderVerification?: StoredLegVerification;
          };
          expect(status.orderVerification, JSON.stringify(status.orderVerification)).to.include({
            leg,
            ok: true,
          });
          expect(status.orderVerification?.txHash.toLowerCase()).to.equal(status.txHashes[0]?.toLowerCase());
          const order = q.protocol.v2.orderData;
          const legChain = leg === "fill" ? q.details?.currencyOut : q.details?.currencyIn;
          const source = legSource(Number(legChain?.currency?.chainId), status.txHashes[0] as string);
          const outside: LegVerification =
            leg === "fill"
              ? await verifyOrderFill(order, source, { chains, finality: AT_ONCE })
              : await verifyOrderRefund(order, source, {
                  chains,
                  finality: AT_ONCE,
                  deposited: amount - short,
                });
          expect(outside.failures).to.deep.equal([]);
          // The activity feed carries the same verdict on the fill or refund line.
          const line = feed.find((event) => event.kind === leg && event.requestId === requestIdOf(q));
          expect(line && "verification" in line ? line.verification : undefined).to.deep.equal({
            ok: true,
            codes: [],
          });
          expect(outside.orderId).to.equal(q.protocol.v2.orderId);
        },
      ),
      {
        numRuns: 16,
        // Every route filled and every route refunded (a short deposit) before the random runs.
        examples: ROUTES.flatMap((route): [Route, number, boolean][] => [
          [route, 500, false],
          [route, 300, true],
        ]),
      },
    );
  });

  /** Sends `value` wei from alice to `to` on `chain` with `data`; asserts it landed (the attack happened). */
  async function sendEvm(chain: EvmDevChain, to: Hex, value: bigint, data: Hex): Promise<LegSource> {
    const alice = evmUser(chain, "alice");
    const hash = await alice.wallet.sendTransaction({
      account: alice.wallet.account,
      chain: null,
      to,
      value,
      data,
    });
    expect((await alice.public.waitForTransactionReceipt({ hash })).status).to.equal("success");
    return evmSource(alice, hash);
  }
  const codes = (verdict: LegVerification) => verdict.failures.map((failure) => failure.code);
  /** The quote's order: the devnet issues v1 orders unless told otherwise. */
  const v1Order = (q: OrderQuote) => {
    const order = q.protocol.v2.orderData;
    if (!("inputs" in order)) throw new Error("the devnet issues v1 orders by default");
    return order;
  };
  const minimumOf = (q: OrderQuote) => BigInt(v1Order(q).output.payments[0]?.minimumAmount as string);

  describe("tampered EVM legs land on chain and fail with their code", () => {
    let q: OrderQuote;
    let other: OrderQuote;
    const bob = evmDevAccount("bob").address;
    const carol = evmDevAccount("carol").address;
    before(async () => {
      q = await quote(bodyOf("base ETH -> optimism ETH", parseEther("0.3")));
      other = await quote(bodyOf("base ETH -> optimism ETH", parseEther("0.3")));
    });
    const fill = (source: LegSource) =>
      verifyOrderFill(q.protocol.v2.orderData, source, { chains, finality: AT_ONCE });

    it("control: the order's minimum to its recipient, tagged with its id, passes", async () => {
      const verdict = await fill(await sendEvm(optimism, bob, minimumOf(q), q.protocol.v2.orderId));
      expect(verdict.ok, JSON.stringify(verdict.failures)).to.equal(true);
    });
    it("a fill of another order: ORDER_ID_TAG_MISSING, and its value is not this order's", async () => {
      const verdict = await fill(await sendEvm(optimism, bob, minimumOf(q), other.protocol.v2.orderId));
      expect(codes(verdict)).to.deep.equal(["ORDER_ID_TAG_MISSING", "FILL_RECIPIENT_NOT_PAID"]);
    });
    it("a short fill (one wei under the minimum): FILL_BELOW_MINIMUM", async () => {
      const verdict = await fill(await sendEvm(optimism, bob, minimumOf(q) - 1n, q.protocol.v2.orderId));
      expect(codes(verdict)).to.deep.equal(["FILL_BELOW_MINIMUM"]);
    });
    it("a fill to another recipient: FILL_RECIPIENT_NOT_PAID", async () => {
      const verdict = await fill(await sendEvm(optimism, carol, minimumOf(q), q.protocol.v2.orderId));
      expect(codes(verdict)).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
    });
    it("a fill on the origin chain instead of the output chain: LEG_CHAIN_MISMATCH", async () => {
      const verdict = await fill(await sendEvm(base, bob, minimumOf(q), q.protocol.v2.orderId));
      expect(codes(verdict)).to.deep.equal(["LEG_CHAIN_MISMATCH"]);
    });
    it("a refund to a stranger: REFUND_RECIPIENT_NOT_ALLOWED", async () => {
      const amount = BigInt(v1Order(q).inputs[0]?.payment.amount as string);
      const source = await sendEvm(base, carol, amount, q.protocol.v2.orderId);
      const verdict = await verifyOrderRefund(q.protocol.v2.orderData, source, { chains, finality: AT_ONCE });
      expect(codes(verdict)).to.deep.equal(["REFUND_RECIPIENT_NOT_ALLOWED"]);
    });
    it("a late fill (its block after the order's deadline): FILL_LATE", async () => {
      const snapshot = await optimism.snapshot();
      try {
        const deadline = v1Order(q).output.deadline;
        await optimism.provider.request({ method: "evm_setNextBlockTimestamp", params: [deadline + 1] });
        const verdict = await fill(await sendEvm(optimism, bob, minimumOf(q), q.protocol.v2.orderId));
        expect(codes(verdict)).to.deep.equal(["FILL_LATE"]);
      } finally {
        await optimism.revert(snapshot);
      }
    });
  });

  describe("tampered SVM legs land on chain and fail with their code", () => {
    /** Alice sends `lamports` to `to` with a memo of `memo`; the transaction succeeded on chain. */
    async function sendSol(to: string, lamports: bigint, memo: Hex): Promise<LegSource> {
      const { svm } = e2e.devnet;
      const instructions: Instruction[] = [
        getTransferSolInstruction({ source: svm.accounts.alice, destination: to as never, amount: lamports }),
        requestIdMemoInstruction(memo, svm.accounts.alice),
      ];
      const { signature } = await submitSvmInstructions(svm, svm.accounts.alice, instructions);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // a few slots: confirmed
      return { vm: "solana-vm", signature, rpc: svmRpc() };
    }

    it("fills of an SVM output: control passes; another order, short, another recipient fail with their code", async () => {
      const q = await quote(bodyOf("base ETH -> solana SOL", parseEther("0.2")));
      const other = await quote(bodyOf("base ETH -> solana SOL", parseEther("0.2")));
      const bob = e2e.devnet.svm.accounts.bob.address;
      const stranger = (await generateKeyPairSigner()).address;
      const fill = async (to: string, lamports: bigint, memo: Hex) =>
        codes(
          await verifyOrderFill(q.protocol.v2.orderData, await sendSol(to, lamports, memo), {
            chains,
            finality: AT_ONCE,
          }),
        );
      const { orderId } = q.protocol.v2;
      expect(await fill(bob, minimumOf(q), orderId)).to.deep.equal([]);
      expect(await fill(bob, minimumOf(q), other.protocol.v2.orderId)).to.deep.equal([
        "ORDER_ID_TAG_MISSING",
      ]);
      expect(await fill(bob, minimumOf(q) - 1n, orderId)).to.deep.equal(["FILL_BELOW_MINIMUM"]);
      expect(await fill(stranger, minimumOf(q), orderId)).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
    });

    it("a refund of an SVM input to a stranger: REFUND_RECIPIENT_NOT_ALLOWED", async () => {
      const amount = 2n * 10n ** 9n;
      const q = await quote(bodyOf("solana SOL -> base ETH", amount));
      const stranger = (await generateKeyPairSigner()).address;
      const source = await sendSol(stranger, amount, q.protocol.v2.orderId);
      expect(
        codes(await verifyOrderRefund(q.protocol.v2.orderData, source, { chains, finality: AT_ONCE })),
      ).to.deep.equal(["REFUND_RECIPIENT_NOT_ALLOWED"]);
    });
  });
});
