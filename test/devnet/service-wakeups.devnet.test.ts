/**
 * The devnet's service runs on the chains' changes instead of polling them: an idle devnet makes no
 * indexer pass and mines no block; a block, or an SVM slot closing over a change, wakes the indexer at
 * once; a block with transactions is followed by the empty blocks its confirmations need, and no more.
 */
import { expect } from "chai";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";
import { SVM_CHAIN_ID } from "../../src/svm/index.ts";

const BLOCK_TIME_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("devnet: the service wakes on the chains' changes, never on a poll", function () {
  this.timeout(60_000);
  let devnet: Devnet;
  /** Indexer passes since the count was last reset. */
  let passes = 0;

  const cursor = (chainId: number) =>
    Number(
      (
        devnet.service.store
          .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
          .get(chainId) as { next_block: string } | undefined
      )?.next_block ?? 0,
    );
  const blockNumber = async (chainId: number) =>
    Number(await devnet.evmChain(chainId).provider.request({ method: "eth_blockNumber" }));
  /** Ms until `done()` holds, polled every 5 ms; throws past `boundMs`. */
  const within = async (boundMs: number, done: () => boolean | Promise<boolean>) => {
    const start = performance.now();
    while (!(await done())) {
      if (performance.now() - start > boundMs) throw new Error(`not within ${boundMs} ms`);
      await sleep(5);
    }
    return performance.now() - start;
  };

  before(async () => {
    devnet = await startDevnet({ logger: false, blockTimeMs: BLOCK_TIME_MS });
    const indexer = devnet.service.indexer;
    if (indexer === null) throw new Error("the devnet's service has no indexer");
    const tick = indexer.tick.bind(indexer);
    indexer.tick = () => {
      passes++;
      return tick();
    };
    // The first pass (at start) and the blocks the set-up left owing are behind us.
    await sleep(3 * BLOCK_TIME_MS);
  });
  after(() => devnet?.close());

  it("runs its indexer without a poll timer", () => {
    expect(devnet.service.indexer?.intervalMs).to.equal(0);
  });

  it("idle, makes no indexer pass and mines no block", async () => {
    const blocks = await Promise.all([blockNumber(8453), blockNumber(10)]);
    passes = 0;
    await sleep(6 * BLOCK_TIME_MS);
    expect(passes).to.equal(0);
    expect(await Promise.all([blockNumber(8453), blockNumber(10)])).to.deep.equal(blocks);
  });

  it("indexes a block as soon as it is mined, and mines nothing more for an empty one", async () => {
    const before = await blockNumber(8453);
    passes = 0;
    await devnet.evmChain(8453).mine();
    // Confirmations 2: the empty block makes the one before it final, so the cursor passes it.
    await within(1000, () => cursor(8453) >= before + 1);
    expect(passes).to.be.greaterThan(0);
    await sleep(3 * BLOCK_TIME_MS);
    expect(await blockNumber(8453)).to.equal(before + 1);
  });

  it("follows a block with transactions with the empty block its confirmations need, then stops", async () => {
    const chain = devnet.evmChain(10);
    const before = await blockNumber(10);
    const [from] = (await chain.provider.request({ method: "eth_accounts" })) as string[];
    await chain.provider.request({
      method: "eth_sendTransaction",
      params: [{ from, to: from, value: "0x1" }],
    });
    const waited = await within(2000, async () => (await blockNumber(10)) === before + 2);
    expect(waited).to.be.greaterThan(BLOCK_TIME_MS / 2);
    // The transaction's block is final: the indexer's cursor is past it.
    await within(1000, () => cursor(10) >= before + 2);
    await sleep(3 * BLOCK_TIME_MS);
    expect(await blockNumber(10)).to.equal(before + 2);
  });

  it("indexes the SVM chain when a slot with a change closes, and not on empty slots", async () => {
    const ledger = devnet.svm.ledger;
    passes = 0;
    await sleep(1000); // slots close every 400 ms; none has a change
    expect(passes).to.equal(0);
    const from = cursor(SVM_CHAIN_ID);
    ledger.setAccounts([]);
    const changedIn = ledger.slot("processed");
    await within(2000, () => cursor(SVM_CHAIN_ID) > changedIn && cursor(SVM_CHAIN_ID) > from);
    expect(passes).to.be.greaterThan(0);
  });
});
