/**
 * The demo's deposit-address flows, on EVM and on SVM: a quote with `useDepositAddress` names a strict
 * deposit address (the one its order and user derive under the factory, or the program, GET /chains
 * lists), the user pays it by a plain transfer (no calldata, no approval, no program of ours), the
 * service sweeps it into the depository under the order id and fills; the sweep is checked against
 * what the depository received (`verifyDepositAddressSweep`, `verifySvmDepositAddressSweep`) and the
 * fill against the order.
 */
import {
  getBase64Encoder,
  getTransactionDecoder,
  type Address as SvmAddress,
  signTransaction,
} from "@solana/kit";
import { type Address, type Hex, parseEther, zeroAddress } from "viem";
import type { ServiceClient } from "../client/index.ts";
import {
  predictDepositAddress,
  verifyDepositAddressSweep,
  verifySvmDepositAddressSweep,
} from "../orders/deposit-address/index.ts";
import { fetchSvmLegEvidence, type SvmLegRpc } from "../orders/index.ts";
import type { ChainsResponse } from "../schemas/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../svm/index.ts";
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

/** Programs a plain SOL payment may run: the System program, and the Compute Budget program a wallet adds. */
const PLAIN_PAYMENT_PROGRAMS = new Set([
  "11111111111111111111111111111111",
  "ComputeBudget111111111111111111111111111111",
]);

/** SOL on the SVM chain paid by a plain transfer to the quote's deposit address (a PDA), filled as ETH on 8453. */
export async function svmDepositAddressFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const { svm } = devnet;
  const alice = svm.accounts.alice;
  const bob = evmUser(devnet.evmChain(8453), "bob");
  const chains = await client.chains();
  const program = await step(
    "GET /chains: the deposit-address program of the SVM chain",
    async () => {
      const listed = (chains as ChainsResponse).chains.find((chain) => chain.id === SVM_CHAIN_ID)?.contracts;
      const id = listed?.depositAddressProgram;
      check(id !== undefined, "the SVM chain lists its deposit-address program");
      return id as string;
    },
    (id) => id,
  );
  const amount = 1_000_000_000n;
  const quote = (await step(
    "POST /quote/v2 with useDepositAddress and refundTo (SOL → ETH on 8453)",
    () =>
      client.quoteV2({
        user: alice.address,
        recipient: bob.address,
        originChainId: SVM_CHAIN_ID,
        destinationChainId: 8453,
        originCurrency: SVM_NATIVE_TOKEN,
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
  const address = quote.steps[0]?.depositAddress as string;
  const expected = { vm: "svm", program, orderId, mint: SVM_NATIVE_TOKEN, depositor: alice.address } as const;
  await step("predictDepositAddress(order id, SOL, user) is the quoted PDA, empty so far", async () => {
    check(
      predictDepositAddress(expected) === address,
      "the address derives from the order, SOL and the user",
    );
    check((svm.svm.getBalance(address as SvmAddress) ?? 0n) === 0n, "nothing paid yet");
  });
  const bobBefore = await balanceOf(bob, null, bob.address);
  const payment = await step(
    "the quoted plain SOL transfer to the address, signed by the user and sent",
    async () => {
      const data = quote.steps[0]?.items[0]?.data as unknown as { transaction: string };
      const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction));
      const sent = svm.submit(await signTransaction([alice.keyPair], unsigned));
      const invoked = sent.logs.flatMap((log) => /^Program (\w+) invoke/.exec(log)?.[1] ?? []);
      check(
        invoked.length > 0 && invoked.every((id) => PLAIN_PAYMENT_PROGRAMS.has(id)),
        `only the System program ran (${invoked.join(", ")})`,
      );
      check(svm.svm.getBalance(address as SvmAddress) === amount, "the address holds the payment");
      return sent;
    },
    (r) => `${r.signature.slice(0, 12)}…, ${r.computeUnits} CU`,
  );
  const done = await step(
    "swept through the deposit-address program into the depository, filled on 8453: success",
    () => waitFor(client, requestId, "success"),
    (s) => `sweep ${short(s.inTxHashes?.at(-1) ?? "")}`,
  );
  await step(
    "verifySvmDepositAddressSweep: the payment, swept whole, for the order and the user",
    async () => {
      const sweep = done.inTxHashes?.at(-1) as string;
      const source = svm.adapter.legSource?.(sweep) as { rpc: SvmLegRpc } | undefined;
      const evidence = source === undefined ? null : await fetchSvmLegEvidence(source.rpc, sweep);
      check(evidence !== null, "the sweep is on the chain");
      const verdict = verifySvmDepositAddressSweep(evidence as NonNullable<typeof evidence>, expected, {
        finality: { commitment: "confirmed" },
        minimumAmount: amount,
      });
      check(verdict.ok, `verified (${verdict.failures.map((f) => f.code).join(", ")})`);
      check((svm.svm.getBalance(address as SvmAddress) ?? 0n) === 0n, "the address is empty");
      const [record] = (await client.listRequests({ id: requestId })).requests;
      check(record?.depositAddress?.depositTxHash === payment.signature, "depositTxHash is the payment");
      check(
        (await balanceOf(bob, null, bob.address)) - bobBefore === BigInt(quote.details.currencyOut.amount),
        "recipient balance grew by the quoted output",
      );
    },
  );
  await fillVerified(client, chains, quote, bob);
  return `${payment.computeUnits} CU`;
}
