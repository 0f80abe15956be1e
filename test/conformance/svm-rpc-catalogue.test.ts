// The SVM catalogue over Solana JSON-RPC instead of in-process LiteSVM: the devnet's SVM chain on
// loopback, reached only through its RPC and PubSub URLs; the reference program is deployed over RPC.
// The properties that plant accounts in the ledger are reported not applicable there. The run is the
// guide's sample (docs/examples/conformance/svm-rpc-conformance.ts), pointed at the chain's URLs.
import "./svm-attestkit-resolve.ts";
import { expect } from "chai";
import { type RpcChain, startRpcChain } from "../outside/svm-rpc/chain.ts";

const { runSvmConformanceOverRpc } = await import("../../docs/examples/conformance/svm-rpc-conformance.ts");

const PLANTED = ["account.configSubstitution", "token.fakeProgram"];

describe("conformance (TypeScript, SVM over JSON-RPC): the reference program on the devnet's SVM RPC", function () {
  this.timeout(600_000);
  let chain: RpcChain;

  before(async () => {
    chain = await startRpcChain(20);
  });
  after(async () => {
    await chain?.close();
  });

  it("passes every property that needs no planted account; those are not applicable with the reason", async () => {
    expect(new URL(chain.rpcUrl).hostname).to.equal("127.0.0.1");
    const report = await runSvmConformanceOverRpc(chain.rpcUrl, chain.wsUrl);
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    const notApplicable = report.results.filter((r) => r.status === "not-applicable");
    expect(notApplicable.map((r) => r.id)).to.deep.equal(PLANTED);
    for (const r of notApplicable) expect(r.reason).to.match(/planted in the ledger/);
    expect(report.passed).to.equal(report.results.length - PLANTED.length);
  });
});
