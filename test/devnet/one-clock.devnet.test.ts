/**
 * The devnet's one clock, over the network: one `evm_increaseTime` on chain 8453's RPC moves chain 10,
 * the SVM chain and the service with it, and within a second of wall time the three judges of a
 * deadline agree: the integrator's OrderGatedDepositor refuses the payment on chain, the service
 * refunds a late deposit PROTOCOL_DEADLINE_EXPIRED, and a fast-fill hold has expired into a debit.
 */
import { createSolanaRpc, type Address as SvmAddress } from "@solana/kit";
import { expect } from "chai";
import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import { encodeOrder, getOrderDeadline, type QuoteResponse } from "../../src/index.ts";
import type { ProtocolOrderBlock } from "../../src/service/index.ts";
import { orderGatedDepositorArtifact } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import {
  depositThroughReceiver,
  type E2e,
  type EvmUser,
  eventually,
  evmUser,
  linkSponsorshipWallet,
  sendAppBalanceFunding,
  startE2e,
  tokenOf,
  waitForStatus,
} from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };
const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;
const usdc = (amount: string) => parseUnits(amount, 6);
const CLOCK_SYSVAR = "SysvarC1ock11111111111111111111111111111111" as SvmAddress;
/** Past the orders' deadlines (600 s) and the fast-fill hold timeout (10 minutes). */
const STEP_SECONDS = 700;

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const latestTimestamp = async (chain: EvmDevChain) =>
  Number(
    BigInt(
      ((await rpc(chain.rpcUrl, "eth_getBlockByNumber", ["latest", false])) as { timestamp: Hex }).timestamp,
    ),
  );

describe("devnet: one clock for every chain and the service", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let base: EvmDevChain;
  let optimism: EvmDevChain;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
  });
  after(() => e2e?.close());

  const orderQuote = async (payer: EvmUser, currency: Hex, amount: bigint): Promise<OrderQuote> =>
    (await e2e.client.quoteV2({
      user: payer.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: currency,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    })) as OrderQuote;

  async function sent(user: EvmUser, data: Hex, to?: Address, gas?: bigint) {
    const hash = await user.wallet.sendTransaction({
      account: user.wallet.account,
      chain: null,
      data,
      ...(to === undefined ? {} : { to }),
      ...(gas === undefined ? {} : { gas }),
    });
    return user.public.waitForTransactionReceipt({ hash });
  }

  /** alice's OrderGatedDepositor on chain 8453, approved to take `amount` USDC. */
  async function gatedDepositor(alice: EvmUser, q: OrderQuote, amount: bigint) {
    const { orderData } = q.protocol.v2;
    if (!("inputs" in orderData)) throw new Error("the devnet issues v1 orders by default");
    const inputChain = orderData.inputs[0]?.payment.chainId as string;
    const { abi, bytecode } = orderGatedDepositorArtifact();
    const deployment = await sent(
      alice,
      encodeDeployData({
        abi,
        bytecode,
        args: [
          alice.address,
          e2e.devnet.service.solverAddress,
          base.depository,
          inputChain,
          [{ chainId: orderData.output.chainId, recipient: evmDevAccount("bob").address }],
        ],
      }),
    );
    const gate = getAddress(deployment.contractAddress as Address);
    const usdcToken = tokenOf(base, "USDC");
    await sent(
      alice,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [gate, amount] }),
      usdcToken,
    );
    const order = encodeOrder(orderData, {
      [inputChain]: "ethereum-vm",
      [orderData.output.chainId]: "ethereum-vm",
    });
    const args = [order, q.protocol.v2.orderSignature] as const;
    return { gate, abi, args, call: encodeFunctionData({ abi, functionName: "depositErc20", args }) };
  }

  it("one evm_increaseTime past the deadlines: within a second the depositor refuses, the service refunds a late deposit and a fast-fill hold has expired", async () => {
    const alice = evmUser(base, "alice");
    const appBalance = async (wallet: string) => BigInt((await e2e.client.getAppBalance(wallet)).amount);

    // carol sponsors the key's fast fills with 100 USDC.
    const sponsor = await linkSponsorshipWallet(e2e.devnet, "carol");
    await sendAppBalanceFunding(base, evmUser(base, "carol"), {
      solver: e2e.devnet.solver.evm,
      amount: usdc("100"),
    });
    await base.mine();
    await eventually(async () => ((await appBalance(sponsor)) >= usdc("100") ? true : undefined), "funding");

    // Order A, paid later through alice's OrderGatedDepositor; order B, paid later straight to the depository.
    const amountA = usdc("30");
    const quoteA = await orderQuote(alice, tokenOf(base, "USDC"), amountA);
    const depositor = await gatedDepositor(alice, quoteA, amountA);
    const quoteB = await orderQuote(alice, zeroAddress, parseEther("0.1"));
    const deadline = Math.max(
      getOrderDeadline(quoteA.protocol.v2.orderData),
      getOrderDeadline(quoteB.protocol.v2.orderData),
    );

    // Request C: deposited on chain 10 (not final), fast-filled against carol's balance: a hold is placed.
    const payer10 = evmUser(optimism, "alice");
    const quoteC = await e2e.client.quoteV2({
      user: payer10.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 10,
      destinationChainId: 8453,
      originCurrency: tokenOf(optimism, "USDC"),
      destinationCurrency: tokenOf(base, "USDC"),
      amount: usdc("20").toString(),
      tradeType: "EXACT_INPUT",
    });
    const idC = requestIdOf(quoteC);
    const depositHashC = await depositThroughReceiver(optimism, payer10, {
      requestId: idC,
      ...(await e2e.client.getSignature(idC)),
    });
    await waitForStatus(e2e, idC, "depositing");
    const beforeHold = await appBalance(sponsor);
    const filled = await e2e.client.fastFill({ requestId: idC });
    expect(filled.status).to.equal("filled");
    const hold = BigInt(filled.hold?.amount ?? "0");
    expect(hold > 0n).to.equal(true);
    expect(await appBalance(sponsor)).to.equal(beforeHold - hold);

    // Every clock is before the deadline.
    expect((await latestTimestamp(base)) <= deadline).to.equal(true);
    const svm = createSolanaRpc(e2e.devnet.svm.rpcUrl);
    const svmClock = async () => {
      const { value } = await svm
        .getAccountInfo(CLOCK_SYSVAR, { encoding: "base64", commitment: "processed" })
        .send();
      return Number(Buffer.from(value?.data[0] ?? "", "base64").readBigInt64LE(32));
    };
    const timeBefore = (await (await fetch(`${e2e.devnet.serviceUrl}/_devnet/time`)).json()) as {
      timestamp: number;
    };
    expect(timeBefore.timestamp <= deadline).to.equal(true);

    // One call on chain 8453's RPC moves the whole devnet.
    const started = performance.now();
    await rpc(base.rpcUrl, "evm_increaseTime", [STEP_SECONDS]);
    const moved = (await (await fetch(`${e2e.devnet.serviceUrl}/_devnet/time`)).json()) as {
      timestamp: number;
    };
    expect(moved.timestamp >= timeBefore.timestamp + STEP_SECONDS).to.equal(true);
    expect(moved.timestamp > deadline).to.equal(true);
    expect(await svmClock()).to.be.at.least(timeBefore.timestamp + STEP_SECONDS);

    // 1. The depositor refuses the payment on chain: the transaction is mined and reverts, for the deadline.
    const refused = await sent(alice, depositor.call, depositor.gate, 1_000_000n);
    expect(refused.status).to.equal("reverted");
    const refusedAt = (await alice.public.getBlock({ blockNumber: refused.blockNumber })).timestamp;
    expect(refusedAt >= BigInt(timeBefore.timestamp + STEP_SECONDS)).to.equal(true);
    try {
      await alice.public.simulateContract({
        account: alice.address,
        address: depositor.gate,
        abi: depositor.abi,
        functionName: "depositErc20",
        args: depositor.args,
      });
      expect.fail("the depositor took a payment past the order's deadline");
    } catch (error) {
      const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
      expect((reverted as ContractFunctionRevertedError | null)?.data?.errorName).to.equal(
        "OutputDeadlinePassed",
      );
    }

    // 2. A deposit straight to the depository lands after the deadline: the service refunds it.
    const [late] = (await sendQuotedEvmSteps(alice, quoteB)).slice(-1);
    expect(late?.status).to.equal("success");
    const lateAt = (await alice.public.getBlock({ blockNumber: late?.blockNumber })).timestamp;
    expect(lateAt > BigInt(deadline)).to.equal(true);
    await base.mine();
    await waitForStatus(e2e, requestIdOf(quoteB), "refund");
    const [refund] = (await e2e.client.listRequests({ id: requestIdOf(quoteB) })).requests;
    expect(refund?.data.failReason).to.equal("PROTOCOL_DEADLINE_EXPIRED");
    // The refund option's deadline runs past the output's: the refund verifies (checked on close).

    // 3. The hold expired into a debit: C's deposit now finalizes and releases nothing.
    const depositC = await payer10.public.getTransactionReceipt({ hash: depositHashC });
    await optimism.mine();
    await eventually(async () => {
      const health = (await (await fetch(`${e2e.devnet.serviceUrl}/_mock/health`)).json()) as {
        chains: { chainId: number; nextBlock: number }[];
      };
      const next = health.chains.find((chain) => chain.chainId === 10)?.nextBlock ?? 0;
      return next > Number(depositC.blockNumber) ? true : undefined;
    }, "chain 10's final deposit indexed");
    expect(await appBalance(sponsor)).to.equal(beforeHold - hold);
    const elapsed = performance.now() - started;
    expect(elapsed, `all three verdicts ${Math.round(elapsed)} ms after the clock moved`).to.be.below(1000);

    // Chain 10's block mined after the move carries the moved time too.
    expect((await latestTimestamp(optimism)) >= timeBefore.timestamp + STEP_SECONDS).to.equal(true);
  });
});
