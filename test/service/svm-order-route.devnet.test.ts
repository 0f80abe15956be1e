/**
 * SVM USDC protocol orders quote with the default routing. The devnet's USDC mint is routed through
 * swap hops, and an order's depository deposit (10 accounts, 48 data bytes) takes 136 bytes more
 * than the attestation path's memo-tagged transfer: a 3-hop route that the attestation transaction
 * carries overflows 1232 bytes as an order. The order's route is planned within the room left, so
 * the default quote fits, executes as quoted and is credited.
 */
import { expect } from "chai";
import { type Hex, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import { svmUsdcBalance } from "../../src/devnet/svm-user.ts";
import { SolanaTransactionTooLargeError } from "../../src/errors.ts";
import { type QuoteResponse, type QuoteV2Body, SVM_CHAIN_ID, SVM_TX_SIZE_LIMIT } from "../../src/index.ts";
import { buildDepositoryDepositInstruction } from "../../src/service/chains/depository-svm.ts";
import { buildSvmDeposit, naturalRouteLength, type SvmRouteInput } from "../../src/service/svm-route.ts";
import { type E2e, startE2e, waitForStatus } from "../e2e/fixture.ts";

type Data = { transactionSize: number; route: unknown[] };
const routeOf = (quote: QuoteResponse) => quote.steps.at(-1)?.items[0]?.data as unknown as Data;

describe("service: SVM USDC order quotes on the default route", function () {
  this.timeout(120_000);
  let e2e: E2e;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  // 2,000 USDC to ETH on Base: the devnet mint's natural route is 3 hops at this size.
  const AMOUNT = 2_000_000_000n;
  const body = (): QuoteV2Body => ({
    user: e2e.devnet.svm.accounts.alice.address,
    recipient: evmDevAccount("bob").address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency: e2e.devnet.svm.usdc.mint,
    destinationCurrency: zeroAddress,
    amount: AMOUNT.toString(),
    tradeType: "EXACT_INPUT",
  });

  it("why: the natural 3-hop route fits as a transfer but not with the depository deposit", async () => {
    const { svm } = e2e.devnet;
    const input: SvmRouteInput = {
      requestId: `0x${"11".repeat(32)}`,
      user: svm.accounts.alice.address,
      originCurrency: svm.usdc.mint,
      destinationChainId: 8453,
      destinationCurrency: zeroAddress,
      amount: AMOUNT,
      solver: svm.accounts.solver.address,
    };
    expect(naturalRouteLength(input)).to.equal(3);
    const transfer = await buildSvmDeposit(input);
    expect(transfer.route).to.have.length(3);
    expect(transfer.size).to.be.at.most(SVM_TX_SIZE_LIMIT);
    const deposit: SvmRouteInput["deposit"] = async (sender) => [
      await buildDepositoryDepositInstruction({
        program: svm.depository.program,
        sender,
        depositor: svm.accounts.alice.address,
        currency: svm.usdc.mint,
        amount: AMOUNT,
        id: `0x${"22".repeat(32)}` as Hex,
      }),
    ];
    let refused: unknown;
    try {
      await buildSvmDeposit({ ...input, deposit });
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(SolanaTransactionTooLargeError);
    const fitted = await buildSvmDeposit({ ...input, deposit, fitRoute: true });
    expect(fitted.route).to.deep.equal(transfer.route.slice(0, 2));
    expect(fitted.size).to.be.at.most(SVM_TX_SIZE_LIMIT);
  });

  it("the default order quote fits, executes as quoted, is credited to the vault and filled", async () => {
    const { svm } = e2e.devnet;
    const attestationPath = await e2e.client.quoteV2(body());
    expect(routeOf(attestationPath).route).to.have.length(3);

    const quote = await e2e.client.quoteV2({ ...body(), includeProtocolData: true });
    expect(quote.protocol?.v2.paymentDetails.amount).to.equal(AMOUNT.toString());
    const { route, transactionSize } = routeOf(quote);
    expect(route).to.have.length(2);
    expect(transactionSize).to.be.at.most(SVM_TX_SIZE_LIMIT);

    const before = await svmUsdcBalance(svm, svm.depository.vault);
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, quote);
    expect((await svmUsdcBalance(svm, svm.depository.vault)) - before).to.equal(AMOUNT);
    const done = await waitForStatus(e2e, quote.steps[0]?.requestId as string, "success");
    expect(done.inTxHashes).to.have.length(1);
  });

  it("an explicit maxRouteLength still caps the order's route", async () => {
    const quote = await e2e.client.quoteV2({ ...body(), includeProtocolData: true, maxRouteLength: 1 });
    expect(routeOf(quote).route).to.have.length(1);
  });
});
