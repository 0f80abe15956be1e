/**
 * Multicall3 is where clients look for it: viem's `base` chain object names
 * 0xcA11bde05977b3631167028862bE2a173976CA11, and its `multicall` batch-reads the devnet's tokens
 * over the chain's HTTP endpoint with no override; a failing call is reported, not thrown.
 */
import { expect } from "chai";
import { createPublicClient, erc20Abi, getAddress, http } from "viem";
import { base } from "viem/chains";
import type { EvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { alice, startChain } from "./fixture.ts";

describe("EVM RPC: Multicall3 at its canonical address", function () {
  this.timeout(120_000);
  let chain: EvmDevChain;

  before(async () => {
    chain = await startChain();
  });
  after(() => chain?.close());

  it("viem's multicall on the base chain object reads both tokens' balances and reports a failing call", async () => {
    expect(getAddress(base.contracts.multicall3.address)).to.equal(
      "0xcA11bde05977b3631167028862bE2a173976CA11",
    );
    const client = createPublicClient({
      chain: { ...base, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(chain.rpcUrl),
    });
    const [usdc, weth] = chain.tokens;
    if (!usdc || !weth) throw new Error("setup: the devnet chain has USDC and WETH");
    const results = await client.multicall({
      contracts: [
        { address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [alice.address] },
        { address: weth.address, abi: erc20Abi, functionName: "decimals" },
        { address: chain.receiver, abi: erc20Abi, functionName: "decimals" },
      ],
    });
    expect(results[0]).to.deep.equal({ status: "success", result: 1_000_000n * 10n ** 6n });
    expect(results[1]).to.deep.equal({ status: "success", result: 18 });
    expect(results[2]?.status).to.equal("failure");
  });
});
