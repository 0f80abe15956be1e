/**
 * The SVM ledger's history is bounded: blocks and transactions older than `historySlots` are pruned
 * while the chain runs at rest, as a validator's `--limit-ledger-size` prunes its ledger, and the RPC
 * answers for them as such a validator does (-32001 "cleaned up", first available block moved on,
 * the transaction no longer found), while the transaction count keeps counting them.
 */
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { createSvmLedger, type SvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";

const HISTORY = 40;

describe("SVM ledger history bound", function () {
  this.timeout(60_000);
  let ledger: SvmLedger;
  let server: Awaited<ReturnType<typeof serveSolanaRpc>>;

  before(async () => {
    ledger = createSvmLedger({
      svm: new LiteSVM(),
      slotTimeMs: 10,
      blockhashValiditySlots: 10,
      finalizationDepth: 2,
      historySlots: HISTORY,
    });
    server = await serveSolanaRpc({ ledger });
  });
  after(async () => {
    await server?.close();
    ledger?.close();
  });

  async function rpc(method: string, params: unknown[] = []) {
    const response = await fetch(server.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  }

  it("prunes a block and its transaction once they leave the history, and says so as a validator does", async () => {
    const recipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    const { result: signature } = await rpc("requestAirdrop", [recipient, 1_000_000]);
    const landed = ledger.transaction(signature as string);
    expect(landed, "the airdrop is recorded").to.not.equal(undefined);
    const slot = landed?.slot as number;
    expect(ledger.block(slot)).to.not.equal(null);

    for (let poll = 0; poll < 500 && ledger.firstAvailableSlot() <= slot; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const first = ledger.firstAvailableSlot();
    expect(first, "the history moved past the airdrop's slot").to.be.greaterThan(slot);
    // Only the last HISTORY slots are kept.
    expect(ledger.slot("processed") - first).to.be.lessThan(HISTORY);
    expect(ledger.block(first - 1)).to.equal(null);
    expect(ledger.block(first)).to.not.equal(null);

    expect((await rpc("getBlock", [slot, { maxSupportedTransactionVersion: 0 }])).error).to.deep.include({
      code: -32001,
    });
    expect((await rpc("getBlock", [slot])).error?.message).to.match(
      new RegExp(`^Block ${slot} cleaned up, does not exist on node\\. First available block: \\d+$`),
    );
    expect((await rpc("getFirstAvailableBlock")).result).to.be.at.least(first);
    expect((await rpc("getTransaction", [signature, { maxSupportedTransactionVersion: 0 }])).result).to.equal(
      null,
    );
    expect((await rpc("getSignaturesForAddress", [recipient])).result).to.deep.equal([]);
    expect((await rpc("getTransactionCount")).result).to.be.at.least(1);
  });

  it("refuses a history shorter than two blockhash lifetimes (it would drop live blockhashes)", () => {
    expect(() =>
      createSvmLedger({ svm: new LiteSVM(), blockhashValiditySlots: 150, historySlots: 299 }),
    ).to.throw(RangeError, /at least 300/);
  });
});
