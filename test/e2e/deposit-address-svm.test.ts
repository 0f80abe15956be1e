/**
 * Strict deposit addresses on the SVM chain end to end, over HTTP through the typed client: a quote
 * with `useDepositAddress` names the PDA its order, mint and user derive; the user signs and sends
 * the step's plain transfer; the mock's watcher sweeps the address through the deposit-address
 * program into the depository under the order id, and the solver fills on 8453. The sweep is
 * checked on chain with `verifySvmDepositAddressSweep`.
 */
import {
  type Address,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
  signTransaction,
} from "@solana/kit";
import { expect } from "chai";
import { type Hex, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import {
  fetchSvmLegEvidence,
  type QuoteResponse,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  type SvmLegRpc,
} from "../../src/index.ts";
import {
  predictDepositAddress,
  verifySvmDepositAddressSweep,
} from "../../src/orders/deposit-address/index.ts";
import { balanceOf, type E2e, evmUser, quoteDepositAddress, startE2e, waitForStatus } from "./fixture.ts";

const SOL = 1_000_000_000n;

describe("e2e: strict deposit addresses (SVM)", () => {
  let e2e: E2e;
  let alice: KeyPairSigner;
  let program: string;
  const bobEvm = evmDevAccount("bob").address;

  before(async () => {
    e2e = await startE2e();
    alice = e2e.devnet.svm.accounts.alice;
    const chain = (await e2e.client.chains()).chains.find((c) => c.id === SVM_CHAIN_ID);
    program = chain?.contracts?.depositAddressProgram as string;
  });
  after(() => e2e?.close());

  const quote = (amount: bigint) =>
    quoteDepositAddress(e2e, {
      user: alice.address,
      recipient: bobEvm,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount,
    });

  /** Signs and sends the deposit step's transaction as the SDK's SVM adapter would. */
  async function pay(q: QuoteResponse): Promise<string> {
    const data = q.steps[0]?.items[0]?.data as unknown as { transaction: string };
    const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction));
    return e2e.devnet.svm.submit(await signTransaction([alice.keyPair], unsigned)).signature;
  }

  it("SOL paid by a plain transfer is swept under the order id for the user, filled on 8453, and the sweep verifies", async () => {
    expect(program, "GET /chains lists the deposit-address program").to.be.a("string");
    const amount = 2n * SOL;
    const q = await quote(amount);
    const step = q.steps[0]!;
    const orderId = q.protocol?.v2.orderId as Hex;
    const address = predictDepositAddress({
      vm: "svm",
      program,
      orderId,
      mint: SVM_NATIVE_TOKEN,
      depositor: alice.address,
    });
    expect(q.steps).to.have.length(1);
    expect(step.depositAddress).to.equal(address);
    const bob = evmUser(e2e.devnet.evmChain(8453), "bob");
    const bobBefore = await balanceOf(bob, null, bobEvm);

    const payment = await pay(q);
    expect(e2e.devnet.svm.svm.getBalance(address as Address)).to.equal(amount);
    const done = await waitForStatus(e2e, step.requestId, "success");
    expect(await balanceOf(bob, null, bobEvm)).to.equal(bobBefore + BigInt(q.details.currencyOut.amount));
    expect(e2e.devnet.svm.svm.getBalance(address as Address) ?? 0n).to.equal(0n);

    const [record] = (await e2e.client.listRequests({ id: step.requestId })).requests;
    expect(record?.depositAddress).to.deep.include({ address, type: "strict", depositor: alice.address });
    expect(record?.depositAddress?.depositTxHash).to.equal(payment);
    expect(record?.refundTo).to.equal(alice.address);
    const sweep = done.inTxHashes?.at(-1) as string;
    const source = e2e.devnet.svm.adapter.legSource!(sweep) as { rpc: SvmLegRpc };
    const evidence = (await fetchSvmLegEvidence(source.rpc, sweep))!;
    const verdict = verifySvmDepositAddressSweep(
      evidence,
      { vm: "svm", program, orderId, mint: SVM_NATIVE_TOKEN, depositor: alice.address },
      { finality: { commitment: "confirmed" } },
    );
    expect(verdict.failures).to.deep.equal([]);
    expect(verdict.deposited).to.equal(amount);
  });

  it("refuses a SOL amount an empty deposit address could not hold (below its rent-exempt minimum)", async () => {
    const error = await quote(500_000n).then(
      () => null,
      (e: { errorCode?: string }) => e,
    );
    expect(error?.errorCode).to.equal("AMOUNT_TOO_LOW");
  });
});
