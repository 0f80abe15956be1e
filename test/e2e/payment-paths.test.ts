/**
 * The payment-path matrix: every documented way to pay a request, end to end through the mock
 * service's HTTP API with the typed client. EVM native, ERC-20 and ERC-20 with a permit, and SVM
 * native, SPL Token and Token-2022, each through the depository (as quoted), an order-gated depositor
 * and the attested receiver: the payment reaches `success` and the fill is checked on the destination
 * chain. On every path a stranger's attempt on the user's request changes nothing for the user.
 *
 * The rule the stranger cases hold the service to: a deposit is the user's only when the user
 * authorised it (EVM: the transaction's sender, or the gated depositor's payer; SVM: the depositor
 * signed). Anything else is refunded on its own to whoever paid, without closing the request.
 */
import { expect } from "chai";
import { type E2e, eventually, waitForStatus } from "./fixture.ts";
import {
  EVM_PATHS,
  type EvmPath,
  type PathDriver,
  type PathQuote,
  type PathsEnv,
  pathDriver,
  type Route,
  SVM_PATHS,
  type SvmPath,
  startPathsEnv,
} from "./payment-paths.ts";

/** The user pays `q` along the path: custody grows by the amount; success with the fill on the destination. */
async function paidToSuccess(e2e: E2e, path: PathDriver, q: PathQuote): Promise<void> {
  const [custodyBefore, recipientBefore] = [await path.custody(), await path.recipientBalance()];
  const deposit = await path.pay(q);
  expect((await path.custody()) - custodyBefore, "the payment reached custody").to.equal(q.amount);
  await path.finalize();
  const done = await waitForStatus(e2e, q.requestId, "success");
  expect(done.inTxHashes, "the user's deposit is the request's only one").to.deep.equal([deposit]);
  expect(done.txHashes).to.have.length(1);
  expect(await path.fillSucceeded(done.txHashes[0] as string), "the fill succeeded on chain").to.equal(true);
  expect((await path.recipientBalance()) - recipientBefore, "the recipient got the quoted output").to.equal(
    BigInt(q.quote.details.currencyOut.amount),
  );
}

/**
 * What a stranger's attempt meets on chain: the receiver's attestation binds the payer
 * (`PayerMismatch`); the gated depositors bind the payer to the order's refund recipient on their
 * chain (`PayerNotRefundRecipient`); the depository takes any deposit (its depositor argument is free).
 */
const ON_CHAIN: Readonly<Record<Route, string | null>> = {
  receiver: "PayerMismatch",
  "gated depositor": "PayerNotRefundRecipient",
  depository: null,
};

describe("e2e: every documented payment path, through the service's HTTP API", function () {
  this.timeout(600_000);
  let env: PathsEnv;

  before(async () => {
    env = await startPathsEnv();
  });
  after(() => env?.close());

  // SVM first, and last on 8453 the token payments whose receipt carries an Approval log beside the
  // deposit (the gated depositor's forceApprove, the receiver's permit): one such receipt is how F0
  // stopped the chain's crediting, so a regression fails them without failing the other cases.
  const stalling = (path: EvmPath) =>
    path.currency !== "native" &&
    (path.route === "gated depositor" || (path.route === "receiver" && path.currency === "ERC-20 permit"));
  const paths: (EvmPath | SvmPath)[] = [
    ...SVM_PATHS,
    ...EVM_PATHS.filter((path) => !stalling(path)),
    ...EVM_PATHS.filter(stalling),
  ];

  for (const path of paths) {
    const name = `${path.vm} ${path.currency} through the ${path.route}`;

    it(`${name}: paid as documented, success through the HTTP API, the fill checked on the destination chain`, async () => {
      const driver = pathDriver(env, path);
      await paidToSuccess(env.e2e, driver, await driver.quote());
    });

    it(`${name}: attack: a stranger's attempt on the user's request changes nothing for the user`, async () => {
      const driver = pathDriver(env, path);
      const q = await driver.quote();
      const attempt = await driver.stranger(q);
      const refusal = ON_CHAIN[path.route];
      if (refusal !== null) {
        expect(attempt.landed ? "landed" : attempt.error, "refused on chain").to.equal(refusal);
      } else if (!attempt.landed) {
        expect.fail(`the depository refused the stranger's deposit: ${attempt.error}`);
      } else {
        await driver.finalize();
        // Refunded on its own to whoever paid: the stranger gets back exactly what it paid.
        await eventually(
          async () =>
            (await driver.strangerBalance()) === attempt.balanceAfter + attempt.paid ? true : undefined,
          `the refund of the stranger's deposit ${attempt.tx}`,
        );
        const status = await env.e2e.client.getStatus(q.requestId);
        expect(status.status, "the user's request stays open").to.equal("waiting");
        expect(status.inTxHashes).to.deep.equal([]);
      }
      await paidToSuccess(env.e2e, driver, q);
    });

    if (path.route === "depository") {
      it(`${name}: attack: a stranger's zero deposit naming the user is ignored`, async () => {
        const driver = pathDriver(env, path);
        const q = await driver.quote();
        const zero = await driver.strangerZeroDeposit(q);
        await driver.settled();
        const status = await env.e2e.client.getStatus(q.requestId);
        expect(status.status, `the request after the zero deposit ${zero}`).to.equal("waiting");
        expect(status.inTxHashes).to.deep.equal([]);
        await paidToSuccess(env.e2e, driver, q);
      });
    }
  }
});
