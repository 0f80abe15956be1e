/**
 * The devnet as a local backend for an app on the service's public SDK: the SDK (pinned 7.0.3) in
 * Node, pointed at a devnet started here and reached only over HTTP and JSON-RPC, drives quote ->
 * execute -> status success through its own actions and viem wallet adapter: EVM->EVM native and USDC
 * (approve + deposit), a fast fill with an API key and a linked sponsor, and reading an app balance.
 * The test produces the EVM blocks itself so the fast fill can land before the deposit finalizes.
 */
import { getClient, type RelayChain } from "@relayprotocol/relay-sdk";
import { expect } from "chai";
import { type Hex, parseEther, parseUnits, zeroAddress } from "viem";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import type { Devnet } from "../../../src/devnet/devnet.ts";
import {
  balanceOf,
  evmUser,
  linkSponsorshipWallet,
  sendAppBalanceFunding,
  tokenOf,
} from "../../../src/devnet/evm-user.ts";
import { eventually } from "../../../src/devnet/poll.ts";
import { SVM_CHAIN_ID } from "../../../src/svm/index.ts";
import { pointSdkAtDevnet, quoteAndExecute, type SdkDevnet, sdkWallet, startSdkDevnet } from "./sdk-app.ts";

const BASE = 8453;
const OPTIMISM = 10;

describe("outside: an SDK app on the devnet (EVM)", function () {
  this.timeout(180_000);
  let sdk: SdkDevnet;
  let devnet: Devnet;
  let chains: RelayChain[];
  const alice = evmDevAccount("alice");
  const bob = evmDevAccount("bob");
  const status = (requestId: string) => sdk.status(requestId);

  before(async () => {
    sdk = await startSdkDevnet();
    ({ devnet, chains } = sdk);
  });
  after(() => sdk?.close());

  it("configureDynamicChains() reads the devnet's chains with their local RPC URLs", () => {
    const byId = new Map(chains.map((chain) => [chain.id, chain]));
    expect([...byId.keys()].sort((a, b) => a - b)).to.deep.equal([OPTIMISM, BASE, SVM_CHAIN_ID]);
    for (const chain of devnet.evm.values()) {
      const sdkChain = byId.get(chain.chainId);
      expect(sdkChain?.httpRpcUrl).to.equal(chain.rpcUrl);
      expect(sdkChain?.wsRpcUrl).to.equal(chain.wsUrl);
      expect(sdkChain?.vmType).to.equal("evm");
      expect(sdkChain?.explorerUrl).to.equal("");
    }
  });

  it("EVM->EVM native: quote, execute, status success with the fill first in txHashes", async () => {
    const receiver = evmUser(devnet.evmChain(OPTIMISM), "bob");
    const before = await balanceOf(receiver, null, bob.address);
    const run = await quoteAndExecute({
      wallet: sdkWallet(BASE, alice.privateKey),
      fromChainId: BASE,
      toChainId: OPTIMISM,
      currency: zeroAddress,
      toCurrency: zeroAddress,
      amount: parseEther("0.5").toString(),
      recipient: bob.address,
    });
    expect(run.stepIds).to.deep.equal(["deposit"]);
    const done = await status(run.requestId);
    expect(done.status).to.equal("success");
    const [fillHash] = done.txHashes as [Hex];
    const fill = await receiver.public.getTransaction({ hash: fillHash });
    expect(fill.to?.toLowerCase()).to.equal(bob.address.toLowerCase());
    expect(done.inTxHashes).to.have.length(1).and.not.include(fillHash);
    expect((await balanceOf(receiver, null, bob.address)) - before).to.equal(fill.value);
    expect(fill.value > 0n).to.equal(true);
  });

  it("EVM->EVM USDC: approve then deposit through the receiver, status success", async () => {
    const optimism = devnet.evmChain(OPTIMISM);
    const receiver = evmUser(optimism, "bob");
    const before = await balanceOf(receiver, tokenOf(optimism, "USDC"), bob.address);
    const run = await quoteAndExecute({
      wallet: sdkWallet(BASE, alice.privateKey),
      fromChainId: BASE,
      toChainId: OPTIMISM,
      currency: tokenOf(devnet.evmChain(BASE), "USDC"),
      toCurrency: tokenOf(optimism, "USDC"),
      amount: parseUnits("25", 6).toString(),
      recipient: bob.address,
    });
    expect(run.stepIds).to.deep.equal(["approve", "deposit"]);
    expect((await status(run.requestId)).status).to.equal("success");
    const received = (await balanceOf(receiver, tokenOf(optimism, "USDC"), bob.address)) - before;
    expect(received > 0n && received < parseUnits("25", 6)).to.equal(true);
  });

  it("app balance: funding on 8453 is read back through the SDK's getAppFees", async () => {
    const carol = evmUser(devnet.evmChain(BASE), "carol");
    const readBalance = async () =>
      (await getClient().actions.getAppFees({ wallet: carol.address })) as { amount: string }[];
    const [before] = await readBalance();
    const receipt = await sendAppBalanceFunding(devnet.evmChain(BASE), carol, {
      solver: devnet.solver.evm,
      amount: parseUnits("40", 6),
    });
    expect(receipt.status).to.equal("success");
    const credited = await eventually(async () => {
      const [after] = await readBalance();
      const delta = BigInt(after?.amount ?? "0") - BigInt(before?.amount ?? "0");
      return delta > 0n ? delta : undefined;
    }, "the funding credited");
    expect(credited).to.equal(parseUnits("40", 6));
  });

  it("fast fill with the API key and a linked sponsor lands before the deposit finalizes", async () => {
    const sponsor = await linkSponsorshipWallet(devnet, "carol");
    const wallet = evmUser(devnet.evmChain(BASE), "carol");
    await sendAppBalanceFunding(devnet.evmChain(BASE), wallet, {
      solver: devnet.solver.evm,
      amount: parseUnits("100", 6),
    });
    const appBalance = async () =>
      BigInt(
        ((await getClient().actions.getAppFees({ wallet: sponsor })) as { amount: string }[])[0]?.amount ??
          "0",
      );
    await eventually(
      async () => ((await appBalance()) >= parseUnits("100", 6) ? true : undefined),
      "the sponsor's funding credited",
    );

    let fastFill: Promise<{ status: string; fillTxHash: string | null }> | null = null;
    let depositState = "";
    const run = await quoteAndExecute({
      wallet: sdkWallet(BASE, alice.privateKey),
      fromChainId: BASE,
      toChainId: OPTIMISM,
      currency: zeroAddress,
      toCurrency: zeroAddress,
      amount: parseEther("0.01").toString(),
      recipient: bob.address,
      onDepositSent: (requestId) => {
        // Hold the chain still: the deposit is mined but not final until the next block.
        sdk.produceBlocks(false);
        fastFill = (async () => {
          depositState = await eventually(async () => {
            const seen = (await status(requestId)).status;
            return seen === "waiting" ? undefined : seen;
          }, "the deposit seen");
          const outcome = await getClient().actions.fastFill({ requestId });
          sdk.produceBlocks(true);
          return outcome as { status: string; fillTxHash: string | null };
        })();
      },
    });
    expect(fastFill, "the SDK reported the deposit").to.not.equal(null);
    const outcome = await (fastFill as unknown as Promise<{ status: string; fillTxHash: string | null }>);
    expect(depositState).to.equal("depositing");
    expect(outcome.status).to.equal("filled");
    const done = await status(run.requestId);
    expect(done.status).to.equal("success");
    expect(done.txHashes[0]).to.equal(outcome.fillTxHash);
  });

  it("fast fill through the SDK without a key is refused with 401 MISSING_API_KEY", async () => {
    await pointSdkAtDevnet(devnet.serviceUrl);
    try {
      const error = await getClient()
        .actions.fastFill({ requestId: `0x${"11".repeat(32)}` })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).to.be.instanceOf(Error);
      expect(JSON.stringify((error as { rawError?: unknown }).rawError ?? error)).to.include(
        "MISSING_API_KEY",
      );
    } finally {
      await pointSdkAtDevnet(devnet.serviceUrl, devnet.apiKey);
    }
  });
});
