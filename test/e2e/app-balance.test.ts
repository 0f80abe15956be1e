/**
 * Flows 5 and 6 on the devnet: app balances credited from funding calldata on chain 8453, and fast
 * fills against them with holds (released when the deposit finalizes, a permanent debit when it never
 * lands, refused when they would overdraw).
 */
import { expect } from "chai";
import { type Hex, parseUnits } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { ServiceError } from "../../src/index.ts";
import {
  balanceOf,
  depositThroughReceiver,
  type E2e,
  type EvmUser,
  eventually,
  evmUser,
  linkSponsorshipWallet,
  sendAppBalanceFunding,
  startE2e,
  tokenOf,
  waitForStatus,
} from "./fixture.ts";

const HOLD_TIMEOUT_MS = 4000;
const usdc = (amount: string) => parseUnits(amount, 6);

describe("e2e: app balance and fast fill", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let optimism: EvmDevChain;
  const solver = evmDevAccount("solver").address;
  const carol = evmDevAccount("carol").address;

  before(async () => {
    e2e = await startE2e({ holdTimeoutMs: HOLD_TIMEOUT_MS });
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
  });
  after(() => e2e?.close());

  /** App balance of `wallet` in micro-USD (USDC units: 1 USDC = 1,000,000). */
  const appBalance = async (wallet: string) => BigInt((await e2e.client.getAppBalance(wallet)).amount);

  /** Sends funding calldata from `payer` on `chain` and expects it to succeed. */
  async function fund(chain: EvmDevChain, payer: EvmUser, amount: bigint, credit?: Hex): Promise<void> {
    const receipt = await sendAppBalanceFunding(chain, payer, {
      solver,
      amount,
      ...(credit ? { credit } : {}),
    });
    expect(receipt.status).to.equal("success");
  }

  describe("flow 5: funding calldata on chain 8453", () => {
    it("credits the sender when the address part is zero, and moves the tokens to the solver", async () => {
      const alice = evmUser(base, "alice");
      const before = await appBalance(alice.address);
      const solverBefore = await balanceOf(alice, tokenOf(base, "USDC"), solver);
      await fund(base, alice, usdc("10"));
      expect(await balanceOf(alice, tokenOf(base, "USDC"), solver)).to.equal(solverBefore + usdc("10"));
      await base.mine(); // final after two confirmations
      await eventually(
        async () => ((await appBalance(alice.address)) === before + usdc("10") ? true : undefined),
        "credit",
      );
    });

    it("credits the third party named in the calldata, not the sender", async () => {
      const bob = evmUser(base, "bob");
      const [bobBefore, carolBefore] = [await appBalance(bob.address), await appBalance(carol)];
      await fund(base, bob, usdc("5"), carol);
      await base.mine();
      await eventually(
        async () => ((await appBalance(carol)) === carolBefore + usdc("5") ? true : undefined),
        "credit",
      );
      expect(await appBalance(bob.address)).to.equal(bobBefore);
    });

    it("the same calldata on chain 10 credits nobody", async () => {
      const alice = evmUser(optimism, "alice");
      const before = await appBalance(alice.address);
      await fund(optimism, alice, usdc("7"));
      await optimism.mine(2);
      await e2e.devnet.service.indexer?.tick();
      expect(await appBalance(alice.address)).to.equal(before);
    });
  });

  describe("flow 6: fast fill against the app balance", () => {
    let sponsor: Hex;
    const alice = () => evmUser(base, "alice");

    before(async () => {
      // carol's wallet sponsors the API key's fast fills; she funds it with 100 USDC.
      sponsor = await linkSponsorshipWallet(e2e.devnet, "carol");
      await fund(base, evmUser(base, "carol"), usdc("100"));
      await base.mine();
      await eventually(
        async () => ((await appBalance(sponsor)) >= usdc("100") ? true : undefined),
        "funding",
      );
    });

    /** Quotes alice -> bob, USDC from `origin` to the other chain, deposits, waits for "depositing". */
    async function depositedNotFinal(amount: bigint, origin: EvmDevChain = base) {
      const destination = origin === base ? optimism : base;
      const payer = evmUser(origin, "alice");
      const quote = await e2e.client.quoteV2({
        user: payer.address,
        recipient: evmDevAccount("bob").address,
        originChainId: origin.chainId,
        destinationChainId: destination.chainId,
        originCurrency: tokenOf(origin, "USDC"),
        destinationCurrency: tokenOf(destination, "USDC"),
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
      });
      const requestId = quote.steps[0]?.requestId as string;
      const attestation = { requestId, ...(await e2e.client.getSignature(requestId)) };
      const depositHash = await depositThroughReceiver(origin, payer, attestation);
      await waitForStatus(e2e, requestId, "depositing");
      return { requestId, depositHash, out: BigInt(quote.details.currencyOut.amount) };
    }

    it("fills at once before the deposit is final, holds the value, and releases the hold when the deposit finalizes", async () => {
      const bob = evmUser(optimism, "bob");
      const available = await appBalance(sponsor);
      const bobBefore = await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address);
      const { requestId, depositHash, out } = await depositedNotFinal(usdc("20"));

      const filled = await e2e.client.fastFill({ requestId });
      expect(filled.status).to.equal("filled");
      expect(filled.hold?.amount).to.equal(usdc("20").toString());
      expect(await appBalance(sponsor)).to.equal(available - usdc("20"));
      expect(await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address)).to.equal(bobBefore + out);
      const status = await e2e.client.getStatus(requestId);
      expect(status.status).to.equal("success");
      expect(status.txHashes).to.deep.equal([filled.fillTxHash]);
      expect(status.inTxHashes).to.deep.equal([depositHash]);

      await base.mine(); // the deposit becomes final: the hold is released, nothing is filled twice
      await eventually(
        async () => ((await appBalance(sponsor)) === available ? true : undefined),
        "hold release",
      );
      expect(await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address)).to.equal(bobBefore + out);
      const { requests } = await e2e.client.listRequests({ id: requestId });
      expect(requests[0]?.data.outTxs).to.have.length(1);
      expect(requests[0]?.data.triggeredByFastFill).to.equal(true);
    });

    it("a deposit that never lands (its block is reorged away) turns the hold into a permanent debit", async () => {
      const available = await appBalance(sponsor);
      const snapshot = await base.snapshot();
      const { requestId, depositHash } = await depositedNotFinal(usdc("10"));
      const filled = await e2e.client.fastFill({ requestId });
      expect(filled.status).to.equal("filled");
      await base.revert(snapshot);
      const payer = alice();
      let receipt: unknown = null;
      try {
        receipt = await payer.public.getTransactionReceipt({ hash: depositHash });
      } catch {}
      expect(receipt, "the deposit is gone from the chain").to.equal(null);
      await base.mine(3);
      // Held until the timeout, then debited for good.
      const held = e2e.devnet.service.ledger.snapshot(sponsor);
      expect(await appBalance(sponsor)).to.equal(available - usdc("10"));
      expect(held.held).to.equal(usdc("10"));
      await eventually(
        async () => (e2e.devnet.service.ledger.snapshot(sponsor).held === 0n ? true : undefined),
        "hold timeout",
        HOLD_TIMEOUT_MS * 3,
      );
      const settled = e2e.devnet.service.ledger.snapshot(sponsor);
      expect(settled.debited).to.equal(held.debited + usdc("10"));
      expect(await appBalance(sponsor)).to.equal(available - usdc("10"));
    });

    it("a fast fill that would overdraw the balance (holds included) is refused with INSUFFICIENT_APP_BALANCE", async () => {
      const available = await appBalance(sponsor);
      const big = await depositedNotFinal(available + usdc("1"));
      let error: unknown;
      try {
        await e2e.client.fastFill({ requestId: big.requestId });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(ServiceError);
      expect((error as ServiceError).errorCode).to.equal("INSUFFICIENT_APP_BALANCE");
      expect(await appBalance(sponsor)).to.equal(available);
      // With a hold in place, a second fill that fits the balance alone but not beside the hold is refused
      // too. Its deposit goes on the other chain: a new block on 8453 would finalize the first deposit.
      const first = await depositedNotFinal(available - usdc("1"));
      expect((await e2e.client.fastFill({ requestId: first.requestId })).status).to.equal("filled");
      const second = await depositedNotFinal(usdc("2"), optimism);
      try {
        await e2e.client.fastFill({ requestId: second.requestId });
        expect.fail("the second fast fill overdrew the balance");
      } catch (caught) {
        expect((caught as ServiceError).errorCode).to.equal("INSUFFICIENT_APP_BALANCE");
      }
      // The deposits finalize: holds released, the refused requests are filled the normal way.
      await base.mine();
      await optimism.mine();
      for (const id of [big.requestId, first.requestId, second.requestId])
        await waitForStatus(e2e, id, "success");
      await eventually(
        async () => ((await appBalance(sponsor)) === available ? true : undefined),
        "holds released",
      );
    });
  });
});
