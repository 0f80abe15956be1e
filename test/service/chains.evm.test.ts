/**
 * The EVM chain adapter against two in-process Hardhat EDR chains (origin 31337, destination and
 * app-balance chain 8453): status driven by what is actually on chain, the solver's real fill, and
 * funding credited from chain 8453.
 */
import { expect } from "chai";
import type { network } from "hardhat";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { APP_BALANCE_CHAIN_ID, encodeAppBalanceFundingCalldata } from "../../src/index.ts";
import type { Service } from "../../src/service/index.ts";
import {
  BASE_USDC,
  EDR_ORIGIN_CHAIN_ID,
  ETH,
  EVM_RECIPIENT,
  get,
  post,
  SOLVER,
  SPONSOR_KEY,
  serviceOnEdrChains,
} from "./helpers.ts";

const ORIGIN = EDR_ORIGIN_CHAIN_ID;

describe("EVM chain adapter on Hardhat EDR", () => {
  let service: Service;
  let origin: Awaited<ReturnType<typeof network.create>>;
  let destination: Awaited<ReturnType<typeof network.create>>;
  let close: () => Promise<void>;

  before(async () => {
    ({ service, origin, destination, close } = await serviceOnEdrChains(2));
  });
  after(() => close());

  /** A MockERC20 (OpenZeppelin) whose runtime code is placed at `address`, `amount` minted to `holder`. */
  const tokenAt = async (chain: typeof origin, address: Hex, holder: Hex, amount: bigint) => {
    const deployed = await chain.viem.deployContract("MockERC20", ["Token", "TKN", 6]);
    const code = await (await chain.viem.getPublicClient()).getCode({ address: deployed.address });
    await chain.provider.request({ method: "hardhat_setCode", params: [address, code] });
    const token = await chain.viem.getContractAt("MockERC20", getAddress(address));
    await token.write.mint([holder, amount]);
    return token;
  };

  /** The deposit step of a quote for 100 units of `token` on the origin chain. */
  const quoteTokenDeposit = async (user: Hex, token: string) => {
    const quote = await post(service, "/quote/v2", {
      user,
      originChainId: ORIGIN,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: token,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      tradeType: "EXACT_INPUT",
      amount: parseEther("100").toString(),
    });
    return (quote.body as { steps: { requestId: string; items: { data: { to: Hex; data: Hex } }[] }[] })
      .steps[0]!;
  };

  const status = async (id: string) =>
    (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
      status: string;
      txHashes: string[];
      inTxHashes: string[];
    };

  it("native deposit: waiting -> depositing -> pending -> success with a real fill on the destination chain", async () => {
    const [user] = await origin.viem.getWalletClients();
    const originPublic = await origin.viem.getPublicClient();
    const destinationPublic = await destination.viem.getPublicClient();
    const quote = await post(service, "/quote/v2", {
      user: user!.account.address,
      originChainId: ORIGIN,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: ETH,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      tradeType: "EXACT_INPUT",
      amount: parseEther("1").toString(),
    });
    expect(quote.status, quote.raw).to.equal(200);
    const step = (
      quote.body as {
        steps: { requestId: string; items: { data: { to: Hex; data: Hex; value: string } }[] }[];
      }
    ).steps[0]!;
    const id = step.requestId;
    expect((await status(id)).status).to.equal("waiting");

    const item = step.items[0]!.data;
    const hash = await user!.sendTransaction({ to: item.to, data: item.data, value: BigInt(item.value) });
    await originPublic.waitForTransactionReceipt({ hash });
    await service.indexer!.tick();
    expect((await status(id)).status).to.equal("depositing");

    const before = await destinationPublic.getBalance({ address: EVM_RECIPIENT });
    await origin.provider.request({ method: "evm_mine", params: [] });
    await service.indexer!.tick();
    await service.lifecycle.idle();
    const done = await status(id);
    expect(done.status).to.equal("success");
    expect(done.inTxHashes).to.deep.equal([hash]);
    expect(done.txHashes).to.have.length(1);
    const fill = await destinationPublic.getTransaction({ hash: done.txHashes[0] as Hex });
    expect(fill.from.toLowerCase()).to.equal(SOLVER.toLowerCase());
    expect(fill.input).to.equal(id);
    const after = await destinationPublic.getBalance({ address: EVM_RECIPIENT });
    expect(after - before).to.equal(fill.value);
    expect(fill.value > parseEther("0.99")).to.equal(true);
  });

  it("ERC20-style deposit: transfer(solver, amount) calldata with the id appended is recognized", async () => {
    const [user] = await origin.viem.getWalletClients();
    const token = "0x00000000000000000000000000000000000C0FFE";
    const step = await quoteTokenDeposit(user!.account.address, token);
    expect(step.items[0]!.data.data.slice(0, 138)).to.equal(
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [SOLVER, parseEther("100")] }),
    );
    const erc20 = await tokenAt(origin, token, user!.account.address, parseEther("100"));
    await user!.sendTransaction({ to: step.items[0]!.data.to, data: step.items[0]!.data.data });
    await origin.provider.request({ method: "evm_mine", params: [] });
    await service.indexer!.tick();
    await service.lifecycle.idle();
    expect((await status(step.requestId)).status).to.equal("success");
    expect(await erc20.read.balanceOf([SOLVER])).to.equal(parseEther("100"));
  });

  it("fee-on-transfer: a tagged ERC-20 deposit is credited what reached the solver (net), so a short one is refunded, not filled", async () => {
    const [user] = await origin.viem.getWalletClients();
    const token = "0x000000000000000000000000000000000000FEE0";
    const deployed = await origin.viem.deployContract("FeeOnTransferToken", [5000n]);
    const code = await (await origin.viem.getPublicClient()).getCode({ address: deployed.address });
    await origin.provider.request({ method: "hardhat_setCode", params: [token, code] });
    const fee = await origin.viem.getContractAt("FeeOnTransferToken", getAddress(token));
    await fee.write.mint([user!.account.address, parseEther("100")]);
    const step = await quoteTokenDeposit(user!.account.address, token);
    const hash = await user!.sendTransaction({ to: step.items[0]!.data.to, data: step.items[0]!.data.data });
    await origin.provider.request({ method: "evm_mine", params: [] });
    // the attack really happened: the calldata says 100, half of it was burnt on the way
    expect(await fee.read.balanceOf([SOLVER])).to.equal(parseEther("50"));
    const seen =
      (await service.indexer!.tick(), await service.lifecycle.idle(), await status(step.requestId));
    expect(seen.inTxHashes).to.deep.equal([hash]);
    expect(seen.status).to.equal("refund");
    expect(await fee.read.balanceOf([SOLVER])).to.equal(0n);
  });

  it("funding calldata on chain 8453 credits the app balance once", async () => {
    const sponsor = privateKeyToAccount(SPONSOR_KEY);
    const wallet = (await destination.viem.getWalletClients()).find(
      (w) => w.account.address.toLowerCase() === sponsor.address.toLowerCase(),
    )!;
    await tokenAt(destination, BASE_USDC, sponsor.address, 25_000_000n);
    await wallet.sendTransaction({
      to: BASE_USDC,
      data: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 25_000_000n }),
    });
    await service.indexer!.tick();
    await service.indexer!.tick();
    const balance = (await get(service, `/app-fees/${sponsor.address}/balances`)).body as { amount: string };
    expect(balance.amount).to.equal("25000000");
  });
});
