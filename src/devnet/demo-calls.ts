/**
 * The demo's user-call flow, filled as the service fills it: ETH bridged from 8453 to 10 with a call
 * the order carries (`txs`: the devnet's `CallRecorder.record`, with value). The order names the fill
 * router GET /chains lists; the solver fills through it, which pays the recipient (`SolverNativeTransfer`)
 * and runs the call (`SolverCallExecuted`, Router 3.2: the hash of the call data), the transaction
 * ending with the order id; the call's effect is read back from the target.
 */
import {
  encodeFunctionData,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  toHex,
  zeroAddress,
} from "viem";
import type { ServiceClient } from "../client/index.ts";
import {
  decodeFillContractExtraData,
  FILL_ROUTER_ABI,
  type Order,
  SOLVER_CALL_EXECUTED_V3_1_ABI,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
} from "../orders/index.ts";
import { chainsOf, fillVerified, orderQuote, verified } from "./demo-orders.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { DEVNET_CALL_RECORDER } from "./evm-routers.ts";
import { evmUser } from "./evm-user.ts";
import { sendQuotedEvmSteps } from "./quoted-steps.ts";

const RECORDER_ABI = parseAbi([
  "function record(bytes32 memo) payable",
  "function lastMemo() view returns (bytes32)",
  "function received(address) view returns (uint256)",
]);

/** ETH on 8453 into the depository, filled on 10 through the router with one user call. */
export async function evmCallOrderFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const bob = evmUser(devnet.evmChain(10), "bob");
  const chains = await chainsOf(devnet);
  const router = await step(
    "GET /chains: the fill router of chain 10 under contracts",
    async () => {
      const listed = (
        chains as { chains: { id: number; contracts?: { erc20Router?: string } }[] }
      ).chains.find((chain) => chain.id === 10)?.contracts?.erc20Router;
      check(typeof listed === "string", "chain 10 lists contracts.erc20Router");
      const code = await bob.public.getCode({ address: listed as Hex });
      check((code?.length ?? 0) > 2, "router code on 10");
      return listed as Hex;
    },
    (address) => address,
  );
  const memo = keccak256(toHex("attestkit demo call"));
  const callData = encodeFunctionData({ abi: RECORDER_ABI, functionName: "record", args: [memo] });
  const callValue = parseEther("0.001");
  const quote = await orderQuote(client, {
    user: alice.address,
    recipient: bob.address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    txs: [{ to: DEVNET_CALL_RECORDER, data: callData, value: callValue.toString() }],
  });
  await verified(devnet, chains, quote, alice.address);
  const order = quote.protocol?.v2.orderData as Order;
  await step("the order names that router in output.extraData and carries the call", async () => {
    check(decodeFillContractExtraData(order.output.extraData) === router, "extraData names the router");
    check(order.output.calls.length === 1, "one user call");
  });
  const requestId = quote.steps[0]?.requestId as string;
  const recorded = await bob.public.readContract({
    address: DEVNET_CALL_RECORDER,
    abi: RECORDER_ABI,
    functionName: "received",
    args: [router],
  });
  await step("deposit as quoted", () => sendQuotedEvmSteps(alice, quote));
  await base.mine();
  const done = await step("filled on 10: success", () => waitFor(client, requestId, "success"));
  const gas = await step(
    "the fill went through the router: recipient paid, the call ran, input ends with the order id",
    async () => {
      const hash = done.txHashes[0] as Hex;
      const [tx, receipt] = [
        await bob.public.getTransaction({ hash }),
        await bob.public.getTransactionReceipt({ hash }),
      ];
      check(tx.to?.toLowerCase() === router.toLowerCase(), "sent to the router");
      check(tx.input.endsWith((quote.protocol?.v2.orderId ?? "").slice(2)), "input ends with the order id");
      const [paid] = parseEventLogs({
        abi: FILL_ROUTER_ABI,
        logs: receipt.logs,
        eventName: "SolverNativeTransfer",
      });
      check(paid?.args.to === bob.address, "SolverNativeTransfer to the recipient");
      const executed = [
        ...parseEventLogs({ abi: SOLVER_CALL_EXECUTED_V3_2_ABI, logs: receipt.logs }).map(
          (log) => log.args.dataHash === keccak256(callData),
        ),
        ...parseEventLogs({ abi: SOLVER_CALL_EXECUTED_V3_1_ABI, logs: receipt.logs }).map(
          (log) => log.args.data === callData,
        ),
      ];
      check(executed.length === 1 && executed[0] === true, "SolverCallExecuted for the call");
      const memoNow = await bob.public.readContract({
        address: DEVNET_CALL_RECORDER,
        abi: RECORDER_ABI,
        functionName: "lastMemo",
      });
      const received = await bob.public.readContract({
        address: DEVNET_CALL_RECORDER,
        abi: RECORDER_ABI,
        functionName: "received",
        args: [router],
      });
      check(memoNow === memo && received - recorded === callValue, "the call's target recorded it");
      return receipt.gasUsed;
    },
    (used) => `${short(done.txHashes[0] ?? "")}, ${used} gas`,
  );
  await fillVerified(client, chains, quote, bob);
  return `${gas} gas`;
}
