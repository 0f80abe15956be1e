// The devnet SVM chain's deposit addresses through its chain adapter (DepositAddressChain), over
// the chain's own JSON-RPC: the quote step's plain payment into the address (SOL, then USDC to its
// associated token account), seen by balanceOf and paymentsTo, swept by the devnet's sweeper, and the sweep
// found by the indexer's scan as a depository deposit under the order id for the depositor, paid
// by the address.
import { type Address, getBase64Encoder, getTransactionDecoder, signTransaction } from "@solana/kit";
import { expect } from "chai";
import { bytesToHex, type Hex } from "viem";
import { eventually } from "../../src/devnet/poll.ts";
import { type SvmDevChain, startSvmDevChain } from "../../src/devnet/svm-chain.ts";
import {
  type DepositAddressVerification,
  SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM as program,
  verifySvmDepositAddressSweep,
} from "../../src/orders/deposit-address/index.ts";
import { fetchSvmLegEvidence, type SvmLegRpc } from "../../src/orders/index.ts";
import { buildSvmDepositAddressPayment } from "../../src/service/deposit-address-svm-step.ts";
import { SVM_NATIVE_TOKEN } from "../../src/svm/constants.ts";

describe("devnet SVM deposit addresses (chain adapter)", function () {
  this.timeout(60_000);
  let chain: SvmDevChain;

  before(async () => {
    chain = await startSvmDevChain({
      solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      whitelist: [],
      maxDeadlineWindow: 3600,
    });
  });
  after(async () => chain?.close());

  for (const currency of ["native", "usdc"] as const) {
    it(`${currency}: paid by a plain transfer, watched, swept, indexed under the order id for the depositor`, async () => {
      const addresses = chain.adapter.depositAddresses!;
      const { alice, bob } = chain.accounts;
      const mint = currency === "native" ? SVM_NATIVE_TOKEN : chain.usdc.mint;
      const key = {
        orderId: bytesToHex(crypto.getRandomValues(new Uint8Array(32))),
        depositor: bob.address,
        currency: mint,
      };
      const address = addresses.addressOf(key) as Address;
      const start = await chain.adapter.head();
      const amount = currency === "native" ? 1_000_000_000n : 25_000_000n;
      // The quote's deposit step, as the SDK's adapter would send it: signed by the user, sent as is.
      const payment = await buildSvmDepositAddressPayment({
        requestId: key.orderId,
        user: alice.address,
        address,
        currency: mint,
        amount,
        destinationChainId: 8453,
        destinationCurrency: "0x0000000000000000000000000000000000000000",
        blockhash: chain.latestBlockhash(),
      });
      const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(payment.transaction));
      const paid = chain.submit(await signTransaction([alice.keyPair], unsigned));
      // The adapter reads at `confirmed`: wait until the payment's slot is confirmed.
      const head = await eventually(async () => {
        const at = await chain.adapter.head();
        return at >= paid.slot ? at : undefined;
      }, "the payment's slot confirmed");
      expect(await addresses.balanceOf(key)).to.equal(amount);
      const payments = await addresses.paymentsTo(key, start, head);
      expect(payments.map((p) => [p.from, p.amount])).to.deep.equal([[alice.address, amount]]);

      const swept = await addresses.sweep(key);
      expect(await addresses.balanceOf(key)).to.equal(0n);
      const found = (await chain.adapter.scan(swept.block, await chain.adapter.head())).filter(
        (o) => o.txHash === swept.txHash,
      );
      expect(found).to.have.length(1);
      expect(found[0]).to.include({
        kind: "order-deposit",
        orderId: key.orderId,
        depositor: bob.address,
        from: address,
        currency: mint,
        amount: amount.toString(),
      });

      const source = chain.adapter.legSource!(swept.txHash) as { rpc: SvmLegRpc };
      const evidence = (await fetchSvmLegEvidence(source.rpc, swept.txHash))!;
      const expected = {
        vm: "svm",
        program,
        orderId: key.orderId as Hex,
        mint,
        depositor: bob.address,
      } as const;
      const confirmed = { finality: { commitment: "confirmed" } } as const;
      const verified = verifySvmDepositAddressSweep(evidence, expected, confirmed);
      expect(verified).to.deep.equal({
        ok: true,
        address,
        sweepTxHash: swept.txHash,
        paymentTxHash: null,
        deposited: amount,
        paid: null,
        failures: [],
      });
      const codes = (result: DepositAddressVerification) => result.failures.map((f) => f.code);
      // The same sweep checked for another depositor or order: not a sweep of that address.
      expect(
        codes(verifySvmDepositAddressSweep(evidence, { ...expected, depositor: alice.address }, confirmed)),
      ).to.deep.equal(["DEPOSIT_NOT_FROM_ADDRESS"]);
      expect(
        codes(
          verifySvmDepositAddressSweep(evidence, { ...expected, orderId: `0x${"11".repeat(32)}` }, confirmed),
        ),
      ).to.deep.equal(["DEPOSIT_NOT_FROM_ADDRESS"]);
      if (evidence.commitment !== "finalized")
        expect(codes(verifySvmDepositAddressSweep(evidence, expected))).to.deep.equal(["TX_NOT_FINAL"]);
      // Evidence claiming the vault gained nothing: the credit is measured, not read from the instruction.
      const meta = evidence.transaction.meta!;
      const unpaid = {
        ...evidence,
        transaction: {
          ...evidence.transaction,
          meta: { ...meta, postBalances: meta.preBalances, postTokenBalances: meta.preTokenBalances },
        },
      };
      expect(codes(verifySvmDepositAddressSweep(unpaid, expected, confirmed))).to.deep.equal([
        "DEPOSIT_NOT_FROM_ADDRESS",
      ]);
      // A minimum above what the sweep moved: the whole payment, and not a unit more.
      const minimum = { ...confirmed, minimumAmount: amount + 1n };
      expect(verifySvmDepositAddressSweep(evidence, expected, minimum).failures).to.deep.equal([
        {
          code: "DEPOSIT_BELOW_MINIMUM",
          message: "the sweep deposited less than the minimum",
          expected: `>= ${amount + 1n}`,
          actual: amount.toString(),
        },
      ]);
      expect(
        verifySvmDepositAddressSweep(evidence, expected, { ...confirmed, minimumAmount: amount }).ok,
      ).to.equal(true);
      const failed = {
        ...evidence,
        transaction: { ...evidence.transaction, meta: { ...meta, err: { InstructionError: [0, "Custom"] } } },
      };
      expect(codes(verifySvmDepositAddressSweep(failed, expected, confirmed))).to.deep.equal(["TX_FAILED"]);
    });
  }
});
