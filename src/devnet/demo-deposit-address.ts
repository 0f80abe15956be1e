/**
 * The demo's deposit-address flow: a quote with `useDepositAddress` names a strict deposit address
 * (the one its order and user derive under the factory GET /chains lists), the user pays it by a
 * plain transfer (no calldata, no approval), the service sweeps it into the depository under the
 * order id and fills; the sweep is checked against the depository's own events
 * (`verifyDepositAddressSweep`) and the fill against the order.
 */
import { type Address, type Hex, parseEther, zeroAddress } from "viem";
import type { ServiceClient } from "../client/index.ts";
import { predictDepositAddress, verifyDepositAddressSweep } from "../orders/deposit-address/index.ts";
import type { ChainsResponse } from "../schemas/index.ts";
import { fillVerified, type OrderQuote } from "./demo-orders.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { balanceOf, evmUser } from "./evm-user.ts";

/** ETH on 8453 paid by a plain transfer to the quote's deposit address, filled as ETH on 10. */
export async function depositAddressFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const bob = evmUser(devnet.evmChain(10), "bob");
  const chains = await client.chains();
  const contracts = await step(
    "GET /chains: the deposit-address factory of 8453",
    async () => {
      const listed = (chains as ChainsResponse).chains.find((chain) => chain.id === 8453)?.contracts;
      const factory = listed?.depositAddressFactory as Address | undefined;
      const implementation = listed?.depositAddressImplementation as Address | undefined;
      check(
        factory !== undefined && implementation !== undefined,
        "8453 lists its factory and implementation",
      );
      return { factory: factory as Address, implementation: implementation as Address };
    },
    ({ factory }) => factory,
  );
  const amount = parseEther("0.2");
  const quote = (await step(
    "POST /quote/v2 with useDepositAddress and refundTo",
    () =>
      client.quoteV2({
        user: alice.address,
        recipient: bob.address,
        originChainId: 8453,
        destinationChainId: 10,
        originCurrency: zeroAddress,
        destinationCurrency: zeroAddress,
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
        includeProtocolData: true,
        refundTo: alice.address,
      }),
    (q) => `deposit address ${q.steps[0]?.depositAddress}`,
  )) as OrderQuote;
  const requestId = quote.steps[0]?.requestId as string;
  const orderId = quote.protocol?.v2.orderId as Hex;
  const address = quote.steps[0]?.depositAddress as Address;
  await step("predictDepositAddress(order id, user) is the quoted address, not deployed yet", async () => {
    check(
      predictDepositAddress({ vm: "evm", ...contracts, orderId, depositor: alice.address }) === address,
      "the address derives from the order and the user",
    );
    check(((await alice.public.getCode({ address })) ?? "0x") === "0x", "counterfactual");
  });
  const bobBefore = await balanceOf(bob, null, bob.address);
  const payment = await step(
    "a plain ETH transfer to the address (no calldata)",
    async () => {
      const hash = await alice.wallet.sendTransaction({
        account: alice.wallet.account,
        chain: null,
        to: address,
        value: amount,
      });
      const mined = await alice.public.waitForTransactionReceipt({ hash });
      check(mined.status === "success", "the transfer succeeded");
      return mined;
    },
    (r) => `${short(r.transactionHash)}, ${r.gasUsed} gas`,
  );
  const done = await step(
    "swept into the depository under the order id, filled on 10: success",
    () => waitFor(client, requestId, "success"),
    (s) => `sweep ${short(s.inTxHashes?.at(-1) ?? "")}`,
  );
  await step("verifyDepositAddressSweep: the payment, swept whole, for the order and the user", async () => {
    const verdict = await verifyDepositAddressSweep({
      ...contracts,
      orderId,
      depositor: alice.address,
      currency: zeroAddress,
      depository: base.depository,
      sweep: done.inTxHashes?.at(-1) as Hex,
      payment: payment.transactionHash,
      minimumAmount: amount,
      client: alice.public,
    });
    check(verdict.ok, `verified (${verdict.failures.map((f) => f.code).join(", ")})`);
    const [record] = (await client.listRequests({ id: requestId })).requests;
    check(record?.depositAddress?.depositTxHash === payment.transactionHash, "depositTxHash is the payment");
    check(
      (await balanceOf(bob, null, bob.address)) - bobBefore === BigInt(quote.details.currencyOut.amount),
      "recipient balance grew by the quoted output",
    );
  });
  await fillVerified(client, chains, quote, bob);
  return `${payment.gasUsed} gas`;
}
