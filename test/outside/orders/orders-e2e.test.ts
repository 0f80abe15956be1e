/**
 * Protocol orders from outside: a fresh project with attestkit installed from its packed tarball and
 * viem and @solana/kit from the registry runs `docs/examples/orders-consumer-app.ts` against a devnet started here,
 * reached only over its network endpoints, once with v1 orders (as the service issues them today) and
 * once with v2 orders. Quote with protocol data → `verifyQuoteOrder` passes → deposit as quoted →
 * `success`, on EVM and SVM; and deposits under a tampered order id or naming another depositor land
 * in the depository (their receipts succeed) but pay no request.
 */
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { createConsumer, NODE_24, REPO_ROOT, repoVersion, run } from "../../../scripts/package/consumer.ts";
import { evmDevAccount, svmDevSecretKey } from "../../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";

describe("outside: protocol orders from the installed package, on the devnet", function () {
  this.timeout(900_000);
  let app: string;
  let devnet: Devnet | undefined;

  before(async () => {
    const { dir } = await createConsumer("orders", [
      repoVersion("viem"),
      repoVersion("@solana/kit"),
      repoVersion("@types/node"),
    ]);
    copyFileSync(join(REPO_ROOT, "docs/examples/orders-consumer-app.ts"), join(dir, "app.mts"));
    app = dir;
  });
  afterEach(async () => {
    await devnet?.close();
    devnet = undefined;
  });

  /** The app's result against a devnet issuing `orderVersion` orders. */
  async function runApp(orderVersion: "v1" | "v2") {
    devnet = await startDevnet({ blockTimeMs: 200, indexerIntervalMs: 50, orderVersion });
    const base = devnet.evmChain(8453);
    const endpoints = {
      serviceUrl: devnet.serviceUrl,
      evmRpcUrl: base.rpcUrl,
      svmRpcUrl: devnet.svm.rpcUrl,
      solver: devnet.solver.evm,
      aliceEvmKey: evmDevAccount("alice").privateKey,
      bobEvm: evmDevAccount("bob").address,
      aliceSvmSecret: svmDevSecretKey(devnet.svm.accounts.alice, "alice"),
    };
    const { stdout } = await run(NODE_24, ["app.mts", JSON.stringify(endpoints)], { cwd: app });
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
  }

  for (const orderVersion of ["v1", "v2"] as const) {
    it(`${orderVersion} orders: quote, verify, deposit into the depository, success; a deposit under a tampered id pays nothing`, async () => {
      const out = await runApp(orderVersion);
      // verifyQuoteOrder passed the quote (no failures) before the app paid it.
      expect(out.evm).to.deep.equal({ failures: [], status: "success", fills: 1 });
      // The attack deposit was mined successfully, yet the request was not credited.
      expect(out.attacks.receipts).to.deep.equal(["success"]);
      expect(out.attacks.statusAfter).to.equal("waiting");
      expect(out.attacks.credited).to.deep.equal([]);
      expect(out.attacks.genuineThen).to.equal("success");
      expect(out.svm).to.deep.equal({ failures: [], status: "success" });
      expect(out.svmAttack).to.deep.equal({ statusAfter: "waiting", credited: [] });
    });
  }
});
