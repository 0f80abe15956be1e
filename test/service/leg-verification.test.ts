/**
 * The mock's check of its own fills against their orders (`verifyRequestLeg` in the solver): the
 * order id is the transfer's tag, the verdict is kept on the request, and a node that cannot be
 * read after the fill went out never makes the fill throw (the lifecycle would refund a request
 * already paid: paid twice).
 */
import { expect } from "chai";
import type { ChainAdapter, TransferParams } from "../../src/service/chains/types.ts";
import { ChainSolver } from "../../src/service/indexer.ts";
import { orderChainsOf } from "../../src/service/leg-verification.ts";
import { protocolChains } from "../../src/service/protocol-chains.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { EVM_RECIPIENT, post, quoteBody, testService } from "./helpers.ts";

const FILL_HASH = `0x${"ab".repeat(32)}`;

/** A chain 8453 adapter whose transfers land at once and whose node fails every read. */
function unreadableChain(sent: TransferParams[]): ChainAdapter {
  const down = () => Promise.reject(new Error("node down"));
  return {
    chainId: 8453,
    vm: "evm",
    solverAddress: EVM_RECIPIENT,
    head: async () => 1,
    scan: async () => [],
    async transfer(params, onSigned) {
      sent.push(params);
      onSigned?.({ txHash: FILL_HASH, raw: "0x", lifetime: "0" });
      return { txHash: FILL_HASH, block: 1 };
    },
    resume: async () => null,
    legSource: (hash) => ({
      vm: "ethereum-vm",
      hash: hash as `0x${string}`,
      client: { getTransaction: down, getTransactionReceipt: down, getBlock: down, getBlockNumber: down },
    }),
  };
}

describe("service: the solver checks its fills against their orders", () => {
  it("a fill carries the order id as its tag; a node unreadable after the fill leaves no verdict and no throw", async () => {
    const service = testService();
    try {
      const quote = await post(
        service,
        "/quote/v2",
        quoteBody({ recipient: EVM_RECIPIENT, includeProtocolData: true }),
      );
      expect(quote.status, quote.raw).to.equal(200);
      const body = quote.body as { steps: { requestId: string }[]; protocol: { v2: { orderId: string } } };
      const request = getRequest(service.store, body.steps[0]?.requestId as string);
      if (request === null) throw new Error("the quote stored no request");
      const sent: TransferParams[] = [];
      const solver = new ChainSolver([unreadableChain(sent)], service.store, orderChainsOf(protocolChains()));
      const tx = await solver.fill(request, BigInt(request.meta.originAmount));
      expect(tx.txHash).to.equal(FILL_HASH);
      expect(sent.map((params) => [params.requestId, params.tag])).to.deep.equal([
        [request.record.id, body.protocol.v2.orderId],
      ]);
      expect(getRequest(service.store, request.record.id)?.meta.orderVerification).to.equal(undefined);
    } finally {
      await service.close();
    }
  });
});
