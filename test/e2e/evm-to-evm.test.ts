/**
 * Flows 1, 3 and 4 on the EVM chains of the devnet, through the mock service over HTTP: a quote, the
 * attestation from the signature endpoint, the deposit through the receiver, indexing, the fill on the
 * destination chain; tampered attestations and a replay refused onchain.
 */
import { expect } from "chai";
import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import {
  attestedReceiverAbi,
  encodeEvmReceiverDeposit,
  encodeEvmReceiverInvalidation,
  signRequestData,
  verifyAttestation,
} from "../../src/index.ts";
import {
  type AttestationForm,
  balanceOf,
  depositThroughReceiver,
  type E2e,
  type EvmUser,
  evmUser,
  receiverRevert,
  startE2e,
  tokenOf,
  waitForStatus,
} from "./fixture.ts";

describe("e2e: EVM to EVM through the receivers", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let optimism: EvmDevChain;
  let alice: EvmUser;
  const bob = evmDevAccount("bob").address;
  const carol = evmDevAccount("carol").address;
  const solver = evmDevAccount("solver").address;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
    alice = evmUser(base, "alice");
  });
  after(() => e2e?.close());

  const isAccepted = (chain: EvmDevChain, user: EvmUser, requestId: string) =>
    user.public.readContract({
      address: chain.receiver,
      abi: attestedReceiverAbi,
      functionName: "isAccepted",
      args: [requestId as Hex],
    });

  /** Quote alice -> bob, 8453 USDC -> 10 USDC, and fetch its attestation. */
  async function quoteUsdc(
    amount: string,
  ): Promise<AttestationForm & { quote: Awaited<ReturnType<E2e["client"]["quoteV2"]>> }> {
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: tokenOf(base, "USDC"),
      destinationCurrency: tokenOf(optimism, "USDC"),
      amount,
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    const { requestData, signature } = await e2e.client.getSignature(requestId);
    return { quote, requestId, requestData, signature };
  }

  let paid: AttestationForm;

  it("flow 1: quote, attestation, receiver deposit, indexed, filled on 10, success with the fill hash first, listed", async () => {
    const amount = parseUnits("25", 6);
    const { quote, ...attestation } = await quoteUsdc(amount.toString());
    const { requestId, requestData, signature } = attestation;
    expect(quote.steps.map((s) => s.id)).to.deep.equal(["approve", "deposit"]);
    expect(await verifyAttestation({ requestId, requestData, signature, solver })).to.equal(true);
    expect(requestData).to.deep.equal({
      originChainId: 8453,
      originUser: alice.address,
      originCurrency: tokenOf(base, "USDC"),
      originAmount: amount.toString(),
      destinationChainId: 10,
      destinationUser: bob,
    });
    // The quote's own deposit step is the same receiver call (its deadline aside).
    const step = quote.steps[1]?.items[0]?.data as { to: string; data: Hex };
    expect(step.to).to.equal(base.receiver);
    const quoted = decodeFunctionData({ abi: attestedReceiverAbi, data: step.data });
    const ours = decodeFunctionData({
      abi: attestedReceiverAbi,
      data: encodeEvmReceiverDeposit({ ...attestation, deadline: 0n }).data,
    });
    expect(quoted.functionName).to.equal("depositErc20");
    expect(quoted.args?.[0]).to.deep.equal(ours.args?.[0]);
    expect(quoted.args?.[2]).to.equal(signature);

    const bobBefore = await balanceOf(evmUser(optimism, "bob"), tokenOf(optimism, "USDC"), bob);
    const solverBefore = await balanceOf(alice, tokenOf(base, "USDC"), solver);
    const depositHash = await depositThroughReceiver(base, alice, attestation);
    const receipt = await alice.public.waitForTransactionReceipt({ hash: depositHash });
    expect(receipt.status).to.equal("success");
    expect(await balanceOf(alice, tokenOf(base, "USDC"), solver)).to.equal(solverBefore + amount);

    // Included but one confirmation short of final: depositing, not filled yet.
    const seen = await waitForStatus(e2e, requestId, "depositing");
    expect(seen.inTxHashes).to.deep.equal([depositHash]);
    await base.mine();
    const done = await waitForStatus(e2e, requestId, "success");
    const fillHash = done.txHashes[0] as Hex;
    // Spec 4.5: txHashes holds the destination transaction; the origin deposit is in inTxHashes.
    expect(done.txHashes).to.deep.equal([fillHash]);
    expect(done.inTxHashes).to.deep.equal([depositHash]);

    const fill = await evmUser(optimism, "bob").public.getTransaction({ hash: fillHash });
    expect(getAddress(fill.to as Hex)).to.equal(tokenOf(optimism, "USDC"));
    expect(fill.input.endsWith(requestId.slice(2))).to.equal(true);
    const out = BigInt(quote.details.currencyOut.amount);
    expect(await balanceOf(evmUser(optimism, "bob"), tokenOf(optimism, "USDC"), bob)).to.equal(
      bobBefore + out,
    );
    expect(await isAccepted(base, alice, requestId)).to.equal(true);

    const { requests } = await e2e.client.listRequests({ id: requestId });
    const record = requests[0];
    expect(record?.status).to.equal("success");
    expect(record?.user.toLowerCase()).to.equal(alice.address.toLowerCase());
    expect(record?.recipient.toLowerCase()).to.equal(bob.toLowerCase());
    expect(record?.data.inTxs.map((tx) => [tx.txHash, tx.chainId])).to.deep.equal([[depositHash, 8453]]);
    expect(record?.data.outTxs.map((tx) => [tx.txHash, tx.chainId])).to.deep.equal([[fillHash, 10]]);
    const metadata = record?.data.metadata as {
      currencyIn: { amount: string };
      currencyOut: { amount: string };
    };
    expect(metadata.currencyIn.amount).to.equal(amount.toString());
    expect(metadata.currencyOut.amount).to.equal(out.toString());
    expect(record?.originChainId).to.equal(8453);
    expect(record?.destinationChainId).to.equal(10);
    paid = attestation;
  });

  it("flow 1, native: 10 ETH -> 8453 ETH through depositNative, filled with a tagged native transfer", async () => {
    const payer = evmUser(optimism, "alice");
    const quote = await e2e.client.quoteV2({
      user: payer.address,
      recipient: carol,
      originChainId: 10,
      destinationChainId: 8453,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.5").toString(),
      tradeType: "EXACT_INPUT",
    });
    expect(quote.steps.map((s) => s.id)).to.deep.equal(["deposit"]);
    const requestId = quote.steps[0]?.requestId as string;
    const attestation = { requestId, ...(await e2e.client.getSignature(requestId)) };
    const carolView = evmUser(base, "carol");
    const carolBefore = await balanceOf(carolView, null, carol);
    const depositHash = await depositThroughReceiver(optimism, payer, attestation);
    await waitForStatus(e2e, requestId, "depositing");
    await optimism.mine();
    const done = await waitForStatus(e2e, requestId, "success");
    expect(done.inTxHashes).to.deep.equal([depositHash]);
    const fill = await carolView.public.getTransaction({ hash: done.txHashes[0] as Hex });
    expect(fill.input).to.equal(requestId);
    expect(await balanceOf(carolView, null, carol)).to.equal(
      carolBefore + BigInt(quote.details.currencyOut.amount),
    );
  });

  describe("flow 3: an attestation altered in flight is refused onchain; nothing moves, the request stays unpaid", () => {
    let genuine: AttestationForm;
    const forged = new Map<string, string>();
    before(async () => {
      const { quote: _, ...attestation } = await quoteUsdc(parseUnits("10", 6).toString());
      genuine = attestation;
      const attacker = privateKeyToAccount(evmDevAccount("carol").privateKey);
      forged.set(genuine.requestId, await signRequestData(attacker, genuine.requestId, genuine.requestData));
    });

    const tampered: [string, (a: AttestationForm) => AttestationForm, string][] = [
      [
        "amount lowered by one unit",
        (a) => ({
          ...a,
          requestData: {
            ...a.requestData,
            originAmount: (BigInt(a.requestData.originAmount) - 1n).toString(),
          },
        }),
        "SignerMismatch",
      ],
      [
        "recipient swapped for another whitelisted user",
        (a) => ({ ...a, requestData: { ...a.requestData, destinationUser: carol } }),
        "SignerMismatch",
      ],
      [
        "destination chain changed",
        (a) => ({ ...a, requestData: { ...a.requestData, destinationChainId: 8453 } }),
        "SignerMismatch",
      ],
      [
        "origin chain changed",
        (a) => ({ ...a, requestData: { ...a.requestData, originChainId: 10 } }),
        "OriginChainMismatch",
      ],
      [
        "signature replaced by an attacker's signature over the same data",
        (a) => ({ ...a, signature: forged.get(a.requestId) as string }),
        "SignerMismatch",
      ],
    ];
    for (const [what, tamper, errorName] of tampered) {
      it(`${what}: ${errorName}`, async () => {
        const revert = await receiverRevert(base, alice, tamper(genuine));
        expect(revert.errorName).to.equal(errorName);
      });
    }

    it("sent anyway, the tampered deposit reverts in a block; balances, receiver and status are unchanged", async () => {
      const token = tokenOf(base, "USDC");
      const [aliceBefore, solverBefore] = [
        await balanceOf(alice, token, alice.address),
        await balanceOf(alice, token, solver),
      ];
      const bad = tampered[0]![1](genuine);
      const hash = await depositThroughReceiver(base, alice, bad, { gas: 300_000n });
      const receipt = await alice.public.waitForTransactionReceipt({ hash });
      expect(receipt.status).to.equal("reverted");
      await base.mine(2);
      await e2e.devnet.service.indexer?.tick();
      expect(await balanceOf(alice, token, alice.address)).to.equal(aliceBefore);
      expect(await balanceOf(alice, token, solver)).to.equal(solverBefore);
      expect(await balanceOf(alice, token, base.receiver)).to.equal(0n);
      expect(await isAccepted(base, alice, genuine.requestId)).to.equal(false);
      expect((await e2e.client.getStatus(genuine.requestId)).status).to.equal("waiting");
    });

    it("the genuine attestation still pays the request afterwards", async () => {
      await depositThroughReceiver(base, alice, genuine);
      await base.mine();
      await waitForStatus(e2e, genuine.requestId, "success");
    });
  });

  describe("flow 4: paying the same request twice", () => {
    it("is refused onchain with RequestAlreadyAccepted; the second transaction reverts and moves nothing", async () => {
      expect(paid, "flow 1 ran first").to.not.equal(undefined);
      const revert = await receiverRevert(base, alice, paid);
      expect(revert.errorName).to.equal("RequestAlreadyAccepted");
      expect(revert.args).to.deep.equal([paid.requestId]);
      const token = tokenOf(base, "USDC");
      const solverBefore = await balanceOf(alice, token, solver);
      const allowanceLeft = await alice.public.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [alice.address, base.receiver],
      });
      const hash = await depositThroughReceiver(base, alice, paid, { gas: 300_000n });
      expect((await alice.public.waitForTransactionReceipt({ hash })).status).to.equal("reverted");
      expect(await balanceOf(alice, token, solver)).to.equal(solverBefore);
      expect(allowanceLeft).to.equal(0n);
      const status = await e2e.client.getStatus(paid.requestId);
      expect(status.status).to.equal("success");
      expect(status.inTxHashes).to.have.length(1);
    });
  });

  describe("flow 5: a quote the solver no longer honours", () => {
    it("the solver invalidates its request id; the deposit is refused onchain with RequestIdInvalidated", async () => {
      const stale = await quoteUsdc("1000000");
      const solverUser = evmUser(base, "solver");
      const hash = await solverUser.wallet.sendTransaction({
        account: solverUser.wallet.account,
        chain: solverUser.wallet.chain,
        to: base.receiver,
        data: encodeEvmReceiverInvalidation([stale.requestId]),
      });
      const receipt = await solverUser.public.waitForTransactionReceipt({ hash });
      expect(receipt.status).to.equal("success");
      const revert = await receiverRevert(base, alice, stale);
      expect(revert.errorName).to.equal("RequestIdInvalidated");
      expect(revert.args).to.deep.equal([stale.requestId]);
      expect(await isAccepted(base, alice, stale.requestId)).to.equal(false);
    });
  });
});
