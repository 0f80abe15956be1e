// Fork mode: the TypeScript catalogue against the AttestedReceiver the devnet already deployed, reached
// by address over the devnet's JSON-RPC on 127.0.0.1 (no redeployment; only what a fork node offers:
// impersonation, setBalance, snapshots and time travel through its standard methods).
import { expect } from "chai";
import { http } from "viem";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";
import {
  assertConformance,
  attestedReceiverAdapter,
  EVM_PROPERTIES,
  runEvmConformance,
} from "../../src/testing/index.ts";

describe("conformance (TypeScript, EVM, fork mode): the devnet's deployed AttestedReceiver by address", function () {
  this.timeout(600_000);
  let devnet: Devnet;

  before(async () => {
    devnet = await startDevnet();
  });
  after(async () => {
    await devnet?.close();
  });

  it("passes the catalogue over RPC (Anvil method names), with the reference's typed errors", async () => {
    const chain = devnet.evmChain(8453);
    expect(new URL(chain.rpcUrl).hostname).to.equal("127.0.0.1");
    const transport = http(chain.rpcUrl);
    const request = (method: string, params: unknown[]) => transport({}).request({ method, params });
    const codeBefore = await request("eth_getCode", [chain.receiver, "latest"]);
    expect(codeBefore, "setup: the devnet deployed the receiver").to.not.equal("0x");

    const report = await runEvmConformance({
      transport,
      mode: "anvil",
      adapter: attestedReceiverAdapter({ address: chain.receiver }),
      print: false,
    });

    assertConformance(report);
    expect(report.subject).to.equal(`AttestedReceiver at ${chain.receiver}`);
    expect(report.results.map((r) => r.id)).to.deep.equal(EVM_PROPERTIES.map((p) => p.id));
    expect(report.passed).to.equal(EVM_PROPERTIES.length - 2);
    // The receiver under test is the deployed one, unchanged: the catalogue only reconfigured it as its owner.
    expect(await request("eth_getCode", [chain.receiver, "latest"])).to.equal(codeBefore);
  });
});
