// `attestkit verify` of the installed tarball (dist/cli.js) against devnets started here on free
// ports: a v2 request verifies with the devnet's --config-out file alone, and a 1-wei refund of a
// deposit paid through OrderGatedDepositor, listed by a lying service, fails.
import { join } from "node:path";
import { expect } from "chai";
import { parseEther } from "viem";
import { sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";
import { sendQuotedEvmSteps } from "../../../src/devnet/quoted-steps.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "../../e2e/fixture.ts";
import {
  closeServer,
  codesOf,
  configFile,
  lyingService,
  quote,
  type Run,
  report,
  requestIdOf,
  tamperedGateRefund,
  verifyCli,
} from "../orders/verify-fixture.ts";

describe("package: attestkit verify from the tarball", function () {
  this.timeout(1_500_000);
  let verify: (...args: string[]) => Promise<Run>;
  let e2e: E2e | undefined;

  before(async () => {
    const { dir } = await sharedLibraryConsumer();
    verify = verifyCli(join(dir, "node_modules/attestkit/dist/cli.js"), dir);
  });
  afterEach(async () => {
    await e2e?.close();
    e2e = undefined;
  });

  it("a v2 request of the devnet verifies with --config devnet.json alone, exit 0", async () => {
    e2e = await startE2e({ orderVersion: "v2" });
    const q = await quote(e2e, parseEther("0.2"));
    expect(q.protocol.v2.orderData.version).to.equal("v2");
    await sendQuotedEvmSteps(evmUser(e2e.devnet.evmChain(8453), "alice"), q);
    await e2e.devnet.evmChain(8453).mine();
    await waitForStatus(e2e, requestIdOf(q), "success");
    const run = await verify(requestIdOf(q), "--config", await configFile(e2e), "--json");
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(report(run).legs.map((leg) => [leg.leg, leg.ok])).to.deep.equal([
      ["order", true],
      ["deposit", true],
      ["fill", true],
    ]);
  });

  it("a 1-wei refund of a gate-paid deposit fails REFUND_BELOW_MINIMUM, exit 1", async () => {
    e2e = await startE2e();
    const { requestId, tampered } = await tamperedGateRefund(e2e, parseEther("0.5"));
    const lying = await lyingService(e2e.devnet.serviceUrl, (data) => {
      for (const tx of data.outTxs) if (tx.type === "refund") tx.txHash = tampered;
    });
    try {
      const run = await verify(
        requestId,
        "--config",
        await configFile(e2e),
        "--service",
        lying.url,
        "--json",
      );
      expect(run.code, run.stdout + run.stderr).to.equal(1);
      expect(codesOf(run)).to.deep.equal([
        ["order", []],
        ["deposit", []],
        ["refund", ["REFUND_BELOW_MINIMUM"]],
      ]);
    } finally {
      await closeServer(lying.server);
    }
  });
});
