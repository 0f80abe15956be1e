/**
 * The embedded SVM chain's state (`src/devnet/svm-state.ts`): a restore removes the accounts created
 * since, gives back balances, slot and history, and lets the very same signed transaction run again
 * (as after an anvil revert); a chain started from a saved state answers for the same accounts,
 * programs and transactions. A cheatcode write a restore undid is never notified.
 */
import { generateKeyPairSigner, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { WebSocket } from "ws";
import { type SvmDevChain, startSvmDevChain } from "../../src/devnet/svm-chain.ts";
import { submitSvmInstructions } from "../../src/devnet/svm-user.ts";

const settings = {
  solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  whitelist: [],
  maxDeadlineWindow: 3600,
};
// Slots long enough that the blockhash a test reads stays the open slot's across a restore.
const SLOT_MS = 60_000;

describe("devnet SVM chain state", function () {
  this.timeout(60_000);
  const chains: SvmDevChain[] = [];
  after(async () => {
    for (const chain of chains) await chain.close();
  });

  it("a restore removes new accounts, gives back balances, slot and history, and the same transaction runs again", async () => {
    const chain = await startSvmDevChain({ ...settings, slotTimeMs: SLOT_MS });
    chains.push(chain);
    const { alice } = chain.accounts;
    const fresh = (await generateKeyPairSigner()).address;
    const saved = chain.state();
    const aliceBefore = chain.svm.getBalance(alice.address);
    const transfer = getTransferSolInstruction({
      source: alice,
      destination: fresh,
      amount: lamports(2_000_000_000n),
    });
    const first = await submitSvmInstructions(chain, alice, [transfer]);
    expect(chain.svm.getAccount(fresh).exists).to.equal(true);
    expect(chain.ledger.transaction(first.signature)).to.not.equal(undefined);

    chain.restore(saved);
    expect(chain.svm.getAccount(fresh).exists, "the account created after the snapshot").to.equal(false);
    expect(chain.svm.getBalance(alice.address)).to.equal(aliceBefore);
    expect(chain.ledger.transaction(first.signature)).to.equal(undefined);
    expect(chain.ledger.slot("processed")).to.equal(Number(saved.history.clock.slot));
    // The same instructions with the same blockhash: the same signature, accepted again.
    const again = await submitSvmInstructions(chain, alice, [transfer]);
    expect(again.signature).to.equal(first.signature);
    expect(chain.svm.getBalance(fresh)).to.equal(2_000_000_000n);
  });

  it("a chain started from a saved state has the same accounts, programs and transactions", async () => {
    const chain = await startSvmDevChain({ ...settings, slotTimeMs: SLOT_MS });
    chains.push(chain);
    const fresh = (await generateKeyPairSigner()).address;
    const sent = await submitSvmInstructions(chain, chain.accounts.bob, [
      getTransferSolInstruction({
        source: chain.accounts.bob,
        destination: fresh,
        amount: lamports(3_000_000_000n),
      }),
    ]);
    const saved = chain.state();
    const loaded = await startSvmDevChain({ ...settings, slotTimeMs: SLOT_MS, load: saved });
    chains.push(loaded);
    for (const address of [fresh, chain.accounts.bob.address, chain.receiverProgram, chain.receiverConfig]) {
      expect(loaded.svm.getAccount(address), address).to.deep.equal(chain.svm.getAccount(address));
    }
    expect(loaded.ledger.transaction(sent.signature)?.slot).to.equal(sent.slot);
    expect(loaded.ledger.genesisHash).to.equal(chain.ledger.genesisHash);
    expect(loaded.receiverConfig).to.equal(chain.receiverConfig);
    // The receiver program loaded from the saved accounts runs as on the saved chain: the same
    // instruction it refuses fails the same way, with the same logs.
    const refusal = async (on: SvmDevChain) => {
      const bogus = { programAddress: on.receiverProgram, accounts: [], data: new Uint8Array([255, 1, 2]) };
      return submitSvmInstructions(on, on.accounts.alice, [bogus]).then(
        () => "accepted",
        (error: Error) => error.message.replace(/^[^\n]*\n/, ""),
      );
    };
    const logs = await refusal(loaded);
    expect(logs).to.include(`Program ${chain.receiverProgram} invoke [1]`);
    expect(logs).to.equal(await refusal(chain));
  });

  it("a cheatcode write is notified at once; undone by a restore, it is not notified again as slots close", async () => {
    const chain = await startSvmDevChain({ ...settings, slotTimeMs: SLOT_MS });
    chains.push(chain);
    const key = (await generateKeyPairSigner()).address;
    const setLamports = (amount: number) =>
      fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "surfnet_setAccount",
          params: [key, { lamports: amount }],
        }),
      });
    const socket = new WebSocket(chain.wsUrl);
    try {
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      const messages: {
        id?: number;
        method?: string;
        params?: { result: { value: { lamports: number } } };
      }[] = [];
      socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
      const heard = async (what: (message: (typeof messages)[number]) => boolean) => {
        for (let poll = 0; poll < 500 && !messages.some(what); poll++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      socket.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "accountSubscribe",
          params: [key, { commitment: "confirmed" }],
        }),
      );
      await heard((message) => message.id === 1);
      const saved = chain.state();
      const notified = () =>
        messages
          .filter((m) => m.method === "accountNotification")
          .map((m) => m.params?.result.value.lamports);
      await setLamports(5_000_000);
      await heard((message) => message.method === "accountNotification");
      expect(notified()).to.deep.equal([5_000_000]);
      chain.restore(saved);
      expect(chain.svm.getAccount(key).exists, "the restore undid the write").to.equal(false);
      expect(chain.ledger.accounts("finalized").getAccount(key).exists, "at every commitment").to.equal(
        false,
      );
      chain.ledger.travel(40); // the restored slot and the ones after it close and are finalized
      await setLamports(6_000_000);
      await heard((message) => message.params?.result.value.lamports === 6_000_000);
      chain.ledger.travel(40);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notified()).to.deep.equal([5_000_000, 6_000_000]);
    } finally {
      socket.close();
    }
  });
});
