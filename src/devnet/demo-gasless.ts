/**
 * The demo's gasless flow: alice pays 30 USDC on 8453 without a transaction or gas. The quote's
 * signature step is checked against the order it pays before she signs; the relayer's transaction
 * through the approval proxy pays the depository from her tokens; the request fills on 10.
 */
import { getAddress, type Hex, parseUnits } from "viem";
import type { ServiceClient } from "../client/index.ts";
import { gaslessDepositCalls } from "../gasless/deposit-calls.ts";
import { verifyFundingAuthorization } from "../gasless/funding-authorization.ts";
import { verifyMulticallAuthorization } from "../gasless/multicall-authorization.ts";
import type { GaslessExpectation } from "../gasless/types.ts";
import type { SignatureStepItemData } from "../schemas/index.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { DEVNET_APPROVAL_PROXY } from "./evm-approval-proxy.ts";
import { balanceOf, evmUser, tokenOf } from "./evm-user.ts";
import { signQuotedGaslessSteps } from "./quoted-steps.ts";

export async function gaslessFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
  const alice = evmUser(base, "alice");
  const bob = evmUser(optimism, "bob");
  const usdc = tokenOf(base, "USDC");
  const amount = parseUnits("30", 6);
  const quote = await step(
    "POST /quote/v2 usePermit (30 USDC, 8453 to 10): one signature step, no transaction",
    async () => {
      const quoted = await client.quoteV2({
        user: alice.address,
        recipient: bob.address,
        originChainId: 8453,
        destinationChainId: 10,
        originCurrency: usdc,
        destinationCurrency: tokenOf(optimism, "USDC"),
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
        usePermit: true,
        includeProtocolData: true,
      });
      check(quoted.steps.length === 1 && quoted.steps[0]?.kind === "signature", "one signature step");
      return quoted;
    },
  );
  const order = quote.protocol?.v2;
  const [multicall, funding] = (quote.steps[0]?.items ?? []).map(
    (item) => item.data as SignatureStepItemData,
  );
  check(order !== undefined && multicall !== undefined && funding !== undefined, "order and two items");
  await step("the MulticallAuthorization and its ERC-3009 funding match the order's deposit", async () => {
    const expected: GaslessExpectation = {
      chainId: 8453,
      approvalProxy: DEVNET_APPROVAL_PROXY,
      relayer: devnet.solver.evm,
      from: alice.address,
      msgValue: 0n,
      refundTo: alice.address,
      calls: gaslessDepositCalls({
        depository: getAddress(order?.paymentDetails.depository as string),
        token: usdc,
        amount,
        depositor: alice.address,
        orderId: order?.orderId as Hex,
      }),
      funding: [{ token: usdc, value: amount }],
    };
    const now = devnet.time.seconds();
    const checked = await verifyMulticallAuthorization(multicall?.sign, expected, { now });
    check(checked.ok, `multicall verified (${checked.failures.map((f) => f.code).join(", ")})`);
    const fundingChecked = await verifyFundingAuthorization(
      funding?.sign,
      { multicall: multicall?.sign, expected },
      {},
    );
    check(fundingChecked.ok, `funding verified (${fundingChecked.failures.map((f) => f.code).join(", ")})`);
  });
  const requestId = quote.steps[0]?.requestId as string;
  const [nonce, held, bobBefore] = [
    await alice.public.getTransactionCount({ address: alice.address }),
    await balanceOf(alice, usdc, base.depository),
    await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address),
  ];
  const relayed = await step(
    "alice signs both, POST /execute/permits: the relayer pays the deposit, alice sent nothing",
    async () => {
      const answer = await signQuotedGaslessSteps(alice, quote, client);
      const receipt = await alice.public.getTransactionReceipt({ hash: answer.txHash as Hex });
      check(getAddress(receipt.from) === devnet.solver.evm, "sent by the relayer");
      check(
        (await alice.public.getTransactionCount({ address: alice.address })) === nonce,
        "alice sent no transaction",
      );
      check(
        (await balanceOf(alice, usdc, base.depository)) - held === amount,
        "depository grew by the amount",
      );
      return receipt;
    },
    (receipt) => `${short(receipt.transactionHash)}, ${receipt.gasUsed} gas paid by the relayer`,
  );
  await base.mine();
  await step("credited to alice, filled on 10: success", () => waitFor(client, requestId, "success"));
  await step("recipient's USDC on 10 grew by the quoted output", async () => {
    const after = await balanceOf(bob, tokenOf(optimism, "USDC"), bob.address);
    check(after - bobBefore === BigInt(quote.details.currencyOut.amount), "recipient balance");
  });
  return `${relayed.gasUsed} gas`;
}
