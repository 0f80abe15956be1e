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
import type { ChainsResponse, QuoteV2Body } from "../schemas/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { fillVerified, type OrderQuote } from "./demo-orders.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { balanceOf, type EvmUser, evmUser } from "./evm-user.ts";

/** The chain's deposit-address contracts (programs) as GET /chains lists them: each of `names`, or the step fails. */
function listedContracts(chains: unknown, chainId: number, names: readonly string[]): Record<string, string> {
  const listed = (chains as ChainsResponse).chains.find((chain) => chain.id === chainId)?.contracts ?? {};
  for (const name of names) check(listed[name] !== undefined, `${chainId} lists its ${name}`);
  return listed as Record<string, string>;
}

/** POST /quote/v2 paid through a strict deposit address: `useDepositAddress`, protocol data, `refundTo` the user. */
async function depositAddressQuote(
  client: ServiceClient,
  label: string,
  body: Pick<
    QuoteV2Body,
    "user" | "recipient" | "originChainId" | "destinationChainId" | "originCurrency" | "destinationCurrency"
  > & { amount: bigint },
) {
  const quote = (await step(
    `POST /quote/v2 with useDepositAddress and refundTo (${label})`,
    () =>
      client.quoteV2({
        ...body,
        amount: body.amount.toString(),
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
        includeProtocolData: true,
        refundTo: body.user,
      }),
    (q) => `deposit address ${q.steps[0]?.depositAddress}`,
  )) as OrderQuote;
  return {
    quote,
    requestId: quote.steps[0]?.requestId as string,
    orderId: quote.protocol?.v2.orderId as Hex,
    address: quote.steps[0]?.depositAddress as string,
  };
}

/** The request names the payment as its `depositTxHash`, and the recipient got exactly the quoted output. */
async function paidAndDelivered(
  client: ServiceClient,
  quote: OrderQuote,
  payment: string,
  recipient: EvmUser,
  before: bigint,
): Promise<void> {
  const [record] = (await client.listRequests({ id: quote.steps[0]?.requestId as string })).requests;
  check(record?.depositAddress?.depositTxHash === payment, "depositTxHash is the payment");
  check(
    (await balanceOf(recipient, null, recipient.address)) - before ===
      BigInt(quote.details.currencyOut.amount),
    "recipient balance grew by the quoted output",
  );
}

/** ETH on 8453 paid by a plain transfer to the quote's deposit address, filled as ETH on 10. */
export async function depositAddressFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const bob = evmUser(devnet.evmChain(10), "bob");
  const chains = await client.chains();
  const contracts = await step(
    "GET /chains: the deposit-address factory of 8453",
    async () => {
      const listed = listedContracts(chains, 8453, ["depositAddressFactory", "depositAddressImplementation"]);
      return {
        factory: listed.depositAddressFactory as Address,
        implementation: listed.depositAddressImplementation as Address,
      };
    },
    ({ factory }) => factory,
  );
  const amount = parseEther("0.2");
  const { quote, requestId, orderId, address } = await depositAddressQuote(client, "ETH → ETH on 10", {
    user: alice.address,
    recipient: bob.address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount,
  });
  await step("predictDepositAddress(order id, user) is the quoted address, not deployed yet", async () => {
    check(
      predictDepositAddress({ vm: "evm", ...contracts, orderId, depositor: alice.address }) === address,
      "the address derives from the order and the user",
    );
    check(((await alice.public.getCode({ address: address as Address })) ?? "0x") === "0x", "counterfactual");
  });
  const bobBefore = await balanceOf(bob, null, bob.address);
  const payment = await step(
    "a plain ETH transfer to the address (no calldata)",
    async () => {
      const hash = await alice.wallet.sendTransaction({
        account: alice.wallet.account,
        chain: null,
        to: address as Address,
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
    await paidAndDelivered(client, quote, payment.transactionHash, bob, bobBefore);
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
    async () =>
      listedContracts(chains, SVM_CHAIN_ID, ["depositAddressProgram"]).depositAddressProgram as string,
    (id) => id,
  );
  const amount = 1_000_000_000n;
  const { quote, requestId, orderId, address } = await depositAddressQuote(client, "SOL → ETH on 8453", {
    user: alice.address,
    recipient: bob.address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency: SVM_NATIVE_TOKEN,
    destinationCurrency: zeroAddress,
    amount,
  });
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
      await paidAndDelivered(client, quote, payment.signature, bob, bobBefore);
    },
  );
  await fillVerified(client, chains, quote, bob);
  return `${payment.computeUnits} CU`;
}
