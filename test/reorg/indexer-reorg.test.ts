/**
 * Reorgs as the indexer sees them, on any chain, through a scripted chain adapter (the devnet's SVM
 * ledger has a single fork, so it cannot drop a slot): an SVM deposit seen in a slot above the
 * confirmation depth and missing from the next scan of that slot sends its request back to
 * `waiting`; a deposit that stays is final in its turn and filled once.
 */
import { expect } from "chai";
import { SVM_CHAIN_ID } from "../../src/index.ts";
import type { ChainAdapter, ChainObservation } from "../../src/service/chains/types.ts";
import type { Service } from "../../src/service/index.ts";
import type { Solver } from "../../src/service/lifecycle.ts";
import { simulatedSolver } from "../../src/service/lifecycle.ts";
import { createRequest, EVM_RECIPIENT, get, SVM_USER, testService } from "../service/helpers.ts";

const SVM_NATIVE = "11111111111111111111111111111111";
const CONFIRMATIONS = 32;

/** An SVM chain whose head and slot contents the test sets; it never sends anything. */
class ScriptedSvmChain implements ChainAdapter {
  readonly chainId = SVM_CHAIN_ID;
  readonly vm = "svm";
  readonly solverAddress = "So1ver1111111111111111111111111111111111111";
  slotHead = 0;
  slots = new Map<number, ChainObservation[]>();
  async head() {
    return this.slotHead;
  }
  async scan(from: number, to: number) {
    return [...this.slots].flatMap(([slot, found]) => (slot >= from && slot <= to ? found : []));
  }
  async transfer(): Promise<never> {
    throw new Error("the scripted chain sends nothing");
  }
  async resume() {
    return null;
  }
}

describe("indexer: a deposit reorged out of a non-final slot", () => {
  let chain: ScriptedSvmChain;
  let service: Service;
  let fills: string[];

  beforeEach(() => {
    chain = new ScriptedSvmChain();
    fills = [];
    const recording: Solver = {
      async fill(request, amount) {
        fills.push(request.record.id);
        return simulatedSolver.fill(request, amount);
      },
      refund: simulatedSolver.refund,
    };
    service = testService({
      chains: [chain],
      confirmations: { [SVM_CHAIN_ID]: CONFIRMATIONS },
      indexerIntervalMs: 0,
      solver: recording,
    });
  });
  afterEach(() => service.close());

  const svmRequest = () =>
    createRequest(service, {
      user: SVM_USER,
      originChainId: SVM_CHAIN_ID,
      originCurrency: SVM_NATIVE,
      destinationCurrency: "0x0000000000000000000000000000000000000000",
      recipient: EVM_RECIPIENT,
      amount: "2000000000",
    });
  const deposit = (requestId: string, signature: string, slot: number): ChainObservation => ({
    kind: "deposit",
    requestId,
    txHash: signature,
    block: slot,
    timestamp: 1_780_000_000,
    from: SVM_USER,
    position: "tx",
    currency: SVM_NATIVE,
    amount: "2000000000",
    status: "success",
    via: "transfer",
  });
  const pass = async (head: number) => {
    chain.slotHead = head;
    await service.indexer!.tick();
    await service.lifecycle.idle();
  };
  const status = async (id: string) =>
    (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
      status: string;
      inTxHashes: string[];
    };

  it("seen, then gone from its slot before it was final: waiting again, nothing filled", async () => {
    const id = await svmRequest();
    chain.slots.set(10, [deposit(id, "sig-dropped", 10)]);
    await pass(10);
    expect(await status(id)).to.deep.include({ status: "depositing", inTxHashes: ["sig-dropped"] });
    chain.slots.delete(10);
    await pass(12);
    expect(await status(id)).to.deep.include({ status: "waiting", inTxHashes: [] });
    await pass(10 + CONFIRMATIONS * 2);
    expect((await status(id)).status).to.equal("waiting");
    expect(fills).to.deep.equal([]);
  });

  it("one of two sightings gone: still depositing on the other, which is filled once final", async () => {
    const id = await svmRequest();
    chain.slots.set(10, [deposit(id, "sig-dropped", 10)]);
    chain.slots.set(11, [deposit(id, "sig-kept", 11)]);
    await pass(11);
    chain.slots.delete(10);
    await pass(12);
    expect(await status(id)).to.deep.include({ status: "depositing", inTxHashes: ["sig-kept"] });
    await pass(11 + CONFIRMATIONS);
    expect(await status(id)).to.deep.include({ status: "success", inTxHashes: ["sig-kept"] });
    expect(fills).to.deep.equal([id]);
  });
});
