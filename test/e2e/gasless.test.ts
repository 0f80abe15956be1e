/**
 * Gasless deposits end to end on the devnet over HTTP through the typed client: a `usePermit` quote's
 * signature step checked by the integrator against the order it pays, signed by the user and posted;
 * the relayer's transaction through the approval proxy pays the depository from the user's tokens (the
 * user sends nothing and pays no gas), and the request goes on to its fill. Refusals are typed.
 */
import { expect } from "chai";
import { type Address, getAddress, type Hex, parseAbi, parseUnits } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { DEVNET_APPROVAL_PROXY } from "../../src/devnet/devnet.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { signQuotedGaslessSteps } from "../../src/devnet/quoted-steps.ts";
import {
  type GaslessExpectation,
  gaslessDepositCalls,
  verifyFundingAuthorization,
  verifyMulticallAuthorization,
} from "../../src/gasless/index.ts";
import { type QuoteResponse, ServiceError, type SignatureStepItemData } from "../../src/index.ts";
import { balanceOf, type E2e, type EvmUser, evmUser, startE2e, tokenOf, waitForStatus } from "./fixture.ts";

const ERC3009_ABI = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);

describe("e2e: gasless deposits relayed through the approval proxy", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let optimism: EvmDevChain;
  let alice: EvmUser;
  const bob = evmDevAccount("bob").address;
  const relayer = evmDevAccount("solver").address;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
    alice = evmUser(base, "alice");
  });
  after(() => e2e?.close());

  const quoteGasless = (amount: bigint, user: EvmUser = alice) =>
    e2e.client.quoteV2({
      user: user.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: tokenOf(base, "USDC"),
      destinationCurrency: tokenOf(optimism, "USDC"),
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      usePermit: true,
      includeProtocolData: true,
    });

  const items = (quote: QuoteResponse) =>
    (quote.steps[0]?.items ?? []).map((item) => item.data as SignatureStepItemData);

  /** What the integrator expects, from its configuration and the order (never from the typed data). */
  function expectation(quote: QuoteResponse, amount: bigint): GaslessExpectation {
    const order = quote.protocol?.v2;
    if (order === undefined) throw new Error("no protocol.v2");
    const token = tokenOf(base, "USDC");
    return {
      chainId: 8453,
      approvalProxy: DEVNET_APPROVAL_PROXY,
      relayer,
      from: alice.address,
      msgValue: 0n,
      refundTo: alice.address,
      calls: gaslessDepositCalls({
        depository: getAddress(order.paymentDetails.depository),
        token,
        amount,
        depositor: alice.address,
        orderId: order.orderId as Hex,
      }),
      funding: [{ token, value: amount }],
    };
  }

  it("a signature step the integrator verifies, signed and posted; the relayer pays the deposit and the request fills", async () => {
    const amount = parseUnits("40", 6);
    const quote = await quoteGasless(amount);
    expect(quote.steps.map((step) => [step.id, step.kind])).to.deep.equal([["authorize1", "signature"]]);
    const [multicall, funding] = items(quote) as [SignatureStepItemData, SignatureStepItemData];
    expect(multicall.sign.primaryType).to.equal("MulticallAuthorization");
    expect(funding.sign.primaryType).to.equal("ReceiveWithAuthorization");
    expect(multicall.post).to.deep.include({ endpoint: "/execute/permits", method: "POST" });
    const expected = expectation(quote, amount);
    const now = Math.floor(e2e.devnet.time.now() / 1000);
    const checked = await verifyMulticallAuthorization(multicall.sign, expected, { now });
    expect(checked.failures).to.deep.equal([]);
    const fundingChecked = await verifyFundingAuthorization(
      funding.sign,
      { multicall: multicall.sign, expected },
      {},
    );
    expect(fundingChecked.failures).to.deep.equal([]);

    const requestId = quote.steps[0]?.requestId as Hex;
    const token = tokenOf(base, "USDC");
    const depository = getAddress(quote.protocol?.v2?.paymentDetails.depository as string);
    const [ethBefore, nonceBefore, depositoryBefore] = await Promise.all([
      balanceOf(alice, null, alice.address),
      alice.public.getTransactionCount({ address: alice.address }),
      balanceOf(alice, token, depository),
    ]);
    const bobBefore = await balanceOf(evmUser(optimism, "bob"), tokenOf(optimism, "USDC"), bob);

    const relayed = await signQuotedGaslessSteps(alice, quote, e2e.client);
    expect(relayed.message).to.equal("Transaction submitted");
    const tx = await alice.public.getTransaction({ hash: relayed.txHash as Hex });
    expect(getAddress(tx.from)).to.equal(relayer);
    expect(getAddress(tx.to as Address)).to.equal(DEVNET_APPROVAL_PROXY);
    // The user sent nothing and paid no gas; the depository holds the deposit; the funding nonce is spent.
    expect(await alice.public.getTransactionCount({ address: alice.address })).to.equal(nonceBefore);
    expect(await balanceOf(alice, null, alice.address)).to.equal(ethBefore);
    expect(await balanceOf(alice, token, depository)).to.equal(depositoryBefore + amount);
    const spent = await alice.public.readContract({
      address: token,
      abi: ERC3009_ABI,
      functionName: "authorizationState",
      args: [alice.address, checked.digest as Hex],
    });
    expect(spent).to.equal(true);

    await waitForStatus(e2e, requestId, "depositing");
    await base.mine();
    const done = await waitForStatus(e2e, requestId, "success");
    expect(done.inTxHashes).to.deep.equal([relayed.txHash]);
    expect(await balanceOf(evmUser(optimism, "bob"), tokenOf(optimism, "USDC"), bob)).to.equal(
      bobBefore + BigInt(quote.details.currencyOut.amount),
    );
    // Posting again cannot spend the funding twice.
    const again = await e2e.client
      .executePermits(await alice.wallet.signTypedData(signable(funding)), funding.post.body as never)
      .catch((error: unknown) => error);
    expect(again).to.be.instanceOf(ServiceError);
    expect((again as ServiceError).errorCode).to.equal("ALREADY_EXECUTED");
  });

  it("refuses a signature by anyone but the user (INVALID_SIGNATURE) and a kind the quote has not (INVALID_KIND)", async () => {
    const quote = await quoteGasless(parseUnits("5", 6));
    const [multicall] = items(quote) as [SignatureStepItemData];
    const carol = evmUser(base, "carol");
    const forged = await carol.wallet.signTypedData(signable(multicall, carol));
    const refused = await e2e.client
      .executePermits(forged, multicall.post.body as never)
      .catch((e: unknown) => e);
    expect((refused as ServiceError).errorCode).to.equal("INVALID_SIGNATURE");
    expect((refused as ServiceError).status).to.equal(400);
    const good = await alice.wallet.signTypedData(signable(multicall));
    const wrongKind = await e2e.client
      .executePermits(good, { ...(multicall.post.body as { requestId: string }), kind: "permit2" })
      .catch((e: unknown) => e);
    expect((wrongKind as ServiceError).errorCode).to.equal("INVALID_KIND");
    // The genuine one is accepted and waits for the funding signature.
    expect((await e2e.client.executePermits(good, multicall.post.body as never)).message).to.equal(
      "Signature accepted",
    );
  });

  it("refuses relaying a deposit the user cannot fund: GASLESS_PERMIT_BALANCE_TOO_LOW, nothing sent", async () => {
    const held = await balanceOf(alice, tokenOf(base, "USDC"), alice.address);
    const quote = await quoteGasless(held + 1n);
    const refused = await signQuotedGaslessSteps(alice, quote, e2e.client).catch((e: unknown) => e);
    expect((refused as ServiceError).errorCode).to.equal("GASLESS_PERMIT_BALANCE_TOO_LOW");
    const status = await e2e.client.getStatus(quote.steps[0]?.requestId as string);
    expect(status.status).to.equal("waiting");
  });

  it("refuses an authorisation posted after it expired: SIGNATURE_EXPIRED", async () => {
    const quote = await quoteGasless(parseUnits("1", 6));
    await e2e.devnet.time.increase(601);
    const refused = await signQuotedGaslessSteps(alice, quote, e2e.client).catch((e: unknown) => e);
    expect((refused as ServiceError).errorCode).to.equal("SIGNATURE_EXPIRED");
  });

  it("refuses usePermit for a native deposit (GASLESS_UNSUPPORTED) and posting for a request quoted without it (NOT_GASLESS)", async () => {
    const native = await e2e.client
      .quoteV2({
        user: alice.address,
        recipient: bob,
        originChainId: 8453,
        destinationChainId: 10,
        originCurrency: "0x0000000000000000000000000000000000000000",
        destinationCurrency: "0x0000000000000000000000000000000000000000",
        amount: "1000000000000000",
        tradeType: "EXACT_INPUT",
        usePermit: true,
      })
      .catch((e: unknown) => e);
    expect((native as ServiceError).errorCode).to.equal("GASLESS_UNSUPPORTED");
    const plain = await e2e.client.quoteV2({
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: tokenOf(base, "USDC"),
      destinationCurrency: tokenOf(optimism, "USDC"),
      amount: "1000000",
      tradeType: "EXACT_INPUT",
    });
    const body = { kind: "eip3009", requestId: plain.steps[0]?.requestId as string };
    const refused = await e2e.client.executePermits(`0x${"11".repeat(65)}`, body).catch((e: unknown) => e);
    expect((refused as ServiceError).errorCode).to.equal("NOT_GASLESS");
  });

  /** The step item's typed data in the form viem signs, for `user`'s wallet. */
  function signable(item: SignatureStepItemData, user: EvmUser = alice) {
    return {
      account: user.wallet.account,
      domain: item.sign.domain,
      types: item.sign.types,
      primaryType: item.sign.primaryType,
      message: item.sign.value,
    } as Parameters<EvmUser["wallet"]["signTypedData"]>[0];
  }
});
