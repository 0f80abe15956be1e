// Fork mode: the TypeScript catalogues against contracts already deployed on a running network, reached
// by address over the devnet's JSON-RPC on 127.0.0.1: the AttestedReceiver the devnet deployed, and an
// OrderGatedDepositor an integrator deployed in front of the devnet's depository. No redeployment; only
// what a fork node offers: impersonation, setBalance, snapshots and time travel through its standard methods.
import { expect } from "chai";
import {
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  http,
  publicActions,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";
import { attestedReceiverAbi } from "../../src/receiver/index.ts";
import { orderGatedDepositorArtifact } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import {
  assertConformance,
  attestedReceiverAdapter,
  EVM_ORDER_PROPERTIES,
  EVM_PROPERTIES,
  EvmConformanceEnv,
  orderGatedDepositorAdapter,
  runEvmConformance,
  runEvmOrderConformance,
} from "../../src/testing/index.ts";

describe("conformance (TypeScript, EVM, fork mode): contracts already deployed on the devnet, by address", function () {
  this.timeout(600_000);
  let devnet: Devnet;

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 0 });
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

  it("names the error of a refusal the node mined (replayed on the block before it)", async () => {
    const chain = devnet.evmChain(8453);
    const env = await EvmConformanceEnv.connect(http(chain.rpcUrl), "anvil");
    const payer = "0x00000000000000000000000000000000000a77ac";
    await env.fund(payer);
    const before = await env.client.getBlockNumber({ cacheTime: 0 });
    const data = encodeFunctionData({
      abi: attestedReceiverAbi,
      functionName: "depositNative",
      args: [
        {
          requestId: zeroHash,
          originChainId: 8453n,
          originUser: zeroHash,
          originCurrency: zeroHash,
          originAmount: 0n,
          destinationChainId: 10n,
          destinationUser: zeroHash,
        },
        0n,
        "0x",
      ],
    });
    const result = await env.attempt(payer, { to: chain.receiver, data });
    expect(
      await env.client.getBlockNumber({ cacheTime: 0 }),
      "setup: the node mined the refused transaction",
    ).to.equal(before + 1n);
    if (result.ok) throw new Error("the zero deposit was accepted");
    expect(result.data, "the replay returned the revert data").to.match(/^0x[0-9a-f]{8}/);
    const { errorName } = decodeErrorResult({ abi: attestedReceiverAbi, data: result.data ?? "0x" });
    expect(errorName).to.equal("DeadlineExpired");
  });

  it("passes the order catalogue against a depositor an integrator deployed in front of the devnet's depository", async () => {
    const chain = devnet.evmChain(8453);
    const deployer = createWalletClient({
      account: privateKeyToAccount(evmDevAccount("deployer").privateKey),
      transport: http(chain.rpcUrl),
    }).extend(publicActions);
    const { abi, bytecode } = orderGatedDepositorArtifact();
    const hash = await deployer.deployContract({
      abi,
      bytecode,
      chain: null,
      args: [deployer.account.address, devnet.solver.evm, chain.depository, "base", []],
    });
    const { contractAddress, status } = await deployer.waitForTransactionReceipt({ hash });
    if (status !== "success" || !contractAddress)
      throw new Error("setup: the integrator's deployment failed");

    const report = await runEvmOrderConformance({
      transport: http(chain.rpcUrl),
      mode: "anvil",
      adapter: orderGatedDepositorAdapter({ address: contractAddress }),
      protocolChainId: "base",
      print: false,
    });

    assertConformance(report);
    expect(report.results.map((r) => r.id)).to.deep.equal(EVM_ORDER_PROPERTIES.map((p) => p.id));
    expect(report.passed).to.equal(EVM_ORDER_PROPERTIES.length - 2);
  });
});
