/**
 * The devnet fills like the service: both fill routers at their addresses on every EVM chain and listed
 * by GET /chains under `contracts`; v1 orders naming the router in `extraData`; a fill with user calls
 * sent through the router, the calls really run (the target's state changed) and logged in the
 * router's shape (3.2: the hash of the data; 3.1: the data), the recipient paid by `SolverNativeTransfer`,
 * the input ending with the order id; a native fill to a contract through the router; a plain EOA fill
 * still a plain transfer; calls the mock cannot run refused at quote time.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import {
  EstimateGasExecutionError,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
  zeroAddress,
} from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { DEVNET_CALL_RECORDER, DEVNET_ROUTERS } from "../../src/devnet/evm-routers.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import {
  CANONICAL_EVM_ROUTER_V3_2,
  decodeFillContractExtraData,
  decodeOrderCall,
  FILL_ROUTER_ABI,
  type Order,
  type QuoteResponse,
  type QuoteV2Body,
  type RouterShape,
  SOLVER_CALL_EXECUTED_V3_1_ABI,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
  SVM_CHAIN_ID,
} from "../../src/index.ts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import type { ProtocolOrderBlock } from "../../src/service/index.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock & { orderData: Order } } };

const RECORDER_ABI = parseAbi([
  "function record(bytes32 memo) payable",
  "function calls() view returns (uint256)",
  "function lastMemo() view returns (bytes32)",
  "function received(address) view returns (uint256)",
]);
const artifactCode = (name: string): Hex =>
  JSON.parse(readFileSync(`artifacts/contracts/devnet/${name}.sol/${name}.json`, "utf8")).deployedBytecode;

function routerFlows(shape: RouterShape) {
  describe(`devnet: fills through the fill router (${shape})`, function () {
    this.timeout(300_000);
    let e2e: E2e;
    let base: EvmDevChain;
    let op: EvmDevChain;
    const router = DEVNET_ROUTERS[shape];
    /** Router fills made by the tests below, checked against their orders by the last test. */
    const routed: { requestId: string }[] = [];

    before(async () => {
      e2e = await startE2e(shape === "v3.2" ? {} : { routerShape: shape });
      base = e2e.devnet.evmChain(8453);
      op = e2e.devnet.evmChain(10);
    });
    after(() => e2e?.close());

    const body = (extra: Partial<QuoteV2Body> = {}): QuoteV2Body => ({
      user: evmDevAccount("alice").address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.2").toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
      ...extra,
    });

    /** Quotes, deposits as quoted, waits for success; the fill's transaction and receipt. */
    async function filled(q: OrderQuote) {
      await sendQuotedEvmSteps(evmUser(base, "alice"), q);
      await base.mine();
      const done = await waitForStatus(e2e, q.steps[0]?.requestId as string, "success");
      const hash = done.txHashes[0] as Hex;
      const reader = evmUser(op, "alice").public;
      if ((await reader.getTransaction({ hash })).to?.toLowerCase() === router.toLowerCase())
        routed.push({ requestId: q.steps[0]?.requestId as string });
      return {
        tx: await reader.getTransaction({ hash }),
        receipt: (await reader.getTransactionReceipt({ hash })) as TransactionReceipt,
      };
    }

    it("both routers and the call recorder run on every EVM chain; GET /chains lists the routers under contracts", async () => {
      expect(DEVNET_ROUTERS["v3.2"].toLowerCase()).to.equal(CANONICAL_EVM_ROUTER_V3_2);
      for (const chain of e2e.devnet.evm.values()) {
        const reader = evmUser(chain, "alice").public;
        expect(await reader.getCode({ address: DEVNET_ROUTERS["v3.1"] })).to.equal(
          artifactCode("FillRouterV31"),
        );
        expect(await reader.getCode({ address: DEVNET_ROUTERS["v3.2"] })).to.equal(
          artifactCode("FillRouterV32"),
        );
        expect(await reader.getCode({ address: DEVNET_CALL_RECORDER })).to.equal(
          artifactCode("CallRecorder"),
        );
      }
      const { chains } = (await (await fetch(`${e2e.devnet.serviceUrl}/chains`)).json()) as {
        chains: { id: number; contracts?: Record<string, unknown> }[];
      };
      for (const chain of chains) {
        if (chain.id === SVM_CHAIN_ID) {
          // The SVM chain has no fill router: its contracts are programs of other kinds.
          expect(chain.contracts ?? {}).to.not.have.any.keys("erc20Router", "v3.1", "v3.2");
          continue;
        }
        expect(chain.contracts).to.deep.include({
          erc20Router: router,
          "v3.1": { router: DEVNET_ROUTERS["v3.1"] },
          "v3.2": { router: DEVNET_ROUTERS["v3.2"] },
        });
      }
    });

    it("a v1 order names the router in output.extraData and in its refund option's extraData", async () => {
      const q = (await e2e.client.quoteV2(body())) as OrderQuote;
      const order = q.protocol.v2.orderData;
      expect(decodeFillContractExtraData(order.output.extraData)).to.equal(router);
      expect(order.inputs[0]?.refunds.map((r) => decodeFillContractExtraData(r.extraData))).to.deep.equal([
        router,
      ]);
      expect(order.output.calls).to.deep.equal([]);
    });

    it("user calls: the fill goes through the router, the call really runs, both events logged in the router's shape", async () => {
      const memo = keccak256(`0x${shape === "v3.1" ? "31" : "32"}`);
      const data = encodeFunctionData({ abi: RECORDER_ABI, functionName: "record", args: [memo] });
      const value = 12345n;
      const recorder = evmUser(op, "alice").public;
      const callsBefore = await recorder.readContract({
        address: DEVNET_CALL_RECORDER,
        abi: RECORDER_ABI,
        functionName: "calls",
      });
      const q = (await e2e.client.quoteV2(
        body({ txs: [{ to: DEVNET_CALL_RECORDER, data, value: value.toString() }] }),
      )) as OrderQuote;
      const order = q.protocol.v2.orderData;
      expect(order.output.calls.map((call) => decodeOrderCall(call as Hex))).to.deep.equal([
        { to: DEVNET_CALL_RECORDER, data, value },
      ]);
      const bob = evmDevAccount("bob").address;
      const bobBefore = await recorder.getBalance({ address: bob });
      const { tx, receipt } = await filled(q);

      expect(tx.to?.toLowerCase()).to.equal(router.toLowerCase());
      expect(tx.input.endsWith(q.protocol.v2.orderId.slice(2))).to.equal(true);
      // The call ran: the recorder's state moved, from the router, with the call's value.
      expect(
        await recorder.readContract({
          address: DEVNET_CALL_RECORDER,
          abi: RECORDER_ABI,
          functionName: "calls",
        }),
      ).to.equal(callsBefore + 1n);
      expect(
        await recorder.readContract({
          address: DEVNET_CALL_RECORDER,
          abi: RECORDER_ABI,
          functionName: "lastMemo",
        }),
      ).to.equal(memo);
      const paid = order.output.payments[0];
      const [transfer] = parseEventLogs({
        abi: FILL_ROUTER_ABI,
        logs: receipt.logs,
        eventName: "SolverNativeTransfer",
      });
      expect(transfer?.address.toLowerCase()).to.equal(router.toLowerCase());
      expect(transfer?.args.to).to.equal(bob);
      expect((transfer?.args.amount ?? 0n) >= BigInt(paid?.minimumAmount ?? 0)).to.equal(true);
      expect((await recorder.getBalance({ address: bob })) - bobBefore).to.equal(transfer?.args.amount);
      const executed =
        shape === "v3.2"
          ? parseEventLogs({ abi: SOLVER_CALL_EXECUTED_V3_2_ABI, logs: receipt.logs }).map((log) => ({
              address: log.address,
              ...log.args,
            }))
          : parseEventLogs({ abi: SOLVER_CALL_EXECUTED_V3_1_ABI, logs: receipt.logs }).map((log) => ({
              address: log.address,
              ...log.args,
            }));
      expect(executed).to.deep.equal([
        {
          address: router.toLowerCase(),
          to: DEVNET_CALL_RECORDER,
          ...(shape === "v3.2" ? { dataHash: keccak256(data) } : { data }),
          amount: value,
        },
      ]);
    });

    it("a user call that reverts fails the fill: nothing is paid, the deposit is refunded", async () => {
      const data = encodeFunctionData({
        abi: parseAbi(["function fail(bytes32 memo) payable"]),
        functionName: "fail",
        args: [keccak256("0xdead")],
      });
      const q = (await e2e.client.quoteV2(body({ txs: [{ to: DEVNET_CALL_RECORDER, data }] }))) as OrderQuote;
      const bob = evmDevAccount("bob").address;
      const bobBefore = await evmUser(op, "alice").public.getBalance({ address: bob });
      await sendQuotedEvmSteps(evmUser(base, "alice"), q);
      await base.mine();
      const done = await waitForStatus(e2e, q.steps[0]?.requestId as string, "refund");
      expect(done.status).to.equal("refund");
      expect(await evmUser(op, "alice").public.getBalance({ address: bob })).to.equal(bobBefore);
    });

    it("a native fill to a contract goes through the router; to an account without code it is a plain transfer", async () => {
      const toContract = await filled(
        (await e2e.client.quoteV2(body({ recipient: DEVNET_CALL_RECORDER }))) as OrderQuote,
      );
      expect(toContract.tx.to?.toLowerCase()).to.equal(router.toLowerCase());
      const [transfer] = parseEventLogs({
        abi: FILL_ROUTER_ABI,
        logs: toContract.receipt.logs,
        eventName: "SolverNativeTransfer",
      });
      expect(transfer?.args.to).to.equal(DEVNET_CALL_RECORDER);

      const q = (await e2e.client.quoteV2(body())) as OrderQuote;
      const plain = await filled(q);
      expect(plain.tx.to).to.equal(evmDevAccount("bob").address.toLowerCase());
      expect(plain.tx.input).to.equal(q.protocol.v2.orderId);
      expect(plain.receipt.logs).to.deep.equal([]);
    });

    it("a refund to a contract goes through the router its order names; without one it is a plain transfer the contract refuses", async () => {
      // An adapter of its own (carol signs), so the service's solver nonces are untouched.
      const adapter = createEvmChainAdapter({
        chainId: 8453,
        provider: base.provider,
        solverPrivateKey: evmDevAccount("carol").privateKey,
      });
      const reader = evmUser(base, "alice").public;
      const orderId = keccak256(toHex(`refund through ${shape}`));
      const refund = {
        to: DEVNET_CALL_RECORDER,
        currency: zeroAddress,
        amount: 777n,
        requestId: orderId,
        refundOf: orderId,
      };
      const routedRefund = await adapter.transfer({ ...refund, router });
      const tx = await reader.getTransaction({ hash: routedRefund.txHash as Hex });
      expect(tx.to?.toLowerCase()).to.equal(router.toLowerCase());
      expect(tx.input.endsWith(orderId.slice(2))).to.equal(true);
      const receipt = await reader.getTransactionReceipt({ hash: tx.hash });
      const [paid] = parseEventLogs({
        abi: FILL_ROUTER_ABI,
        logs: receipt.logs,
        eventName: "SolverNativeTransfer",
      });
      expect(paid?.args).to.deep.equal({ to: DEVNET_CALL_RECORDER, amount: 777n });
      const plain = await adapter.transfer(refund).then(
        () => null,
        (error: unknown) => error,
      );
      // The node refuses it at gas estimation: the contract's code runs on the id and reverts.
      expect(plain).to.be.instanceOf(EstimateGasExecutionError);
    });

    // The mock checks each leg with verifyOrderFill as it lands (`orderVerification`): passing it needs
    // the service's rules in the verifier (SolverNativeTransfer of the router the order names), the legs branch.
    it("every router fill passes verifyOrderFill", async () => {
      expect(routed.length).to.equal(2);
      for (const { requestId } of routed) {
        const { orderVerification } = (await e2e.client.getStatus(requestId)) as {
          orderVerification?: { ok: boolean; failures: unknown[] };
        };
        expect(orderVerification?.failures, requestId).to.deep.equal([]);
        expect(orderVerification?.ok).to.equal(true);
      }
    });

    it("calls the mock cannot run are refused at quote time: a token output, an SVM destination", async () => {
      const call = { to: DEVNET_CALL_RECORDER, data: "0x" };
      const weth = op.tokens.find((t) => t.symbol === "WETH")?.address as Hex;
      for (const extra of [
        { destinationCurrency: weth, txs: [call] },
        {
          destinationChainId: SVM_CHAIN_ID,
          recipient: e2e.devnet.svm.accounts.bob.address,
          destinationCurrency: "11111111111111111111111111111111",
          txs: [call],
        },
      ]) {
        const error = await e2e.client.quoteV2(body(extra)).then(
          () => null,
          (e: unknown) => e as { errorCode?: string; status?: number },
        );
        expect(error?.errorCode).to.equal("CALLS_UNSUPPORTED");
      }
    });
  });
}

routerFlows("v3.2");
routerFlows("v3.1");
