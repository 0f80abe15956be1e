/**
 * surfpool's account cheatcodes (`surfnet_setAccount`, `surfnet_setTokenAccount`,
 * `surfnet_resetAccount`, sent as raw JSON-RPC as surfpool users send them) notify PubSub subscribers
 * at every commitment at once, as on surfpool, with the account as read then (the write is read at
 * every commitment at once). Heard through
 * @solana/kit's and @solana/web3.js's subscriptions and a raw PubSub socket.
 */
import { type Address, generateKeyPairSigner, getBase64Encoder } from "@solana/kit";
import { Connection, PublicKey } from "@solana/web3.js";
import { findAssociatedTokenPda, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { expect } from "chai";
import fc from "fast-check";
import { WebSocket } from "ws";
import { type RpcChain, startRpcChain } from "./chain.ts";

const SLOT_MS = 50;
/** A finalized notification comes 33 slots after the write; allow for a busy machine. */
const NOTIFIED_WITHIN_MS = 15_000;
const base64 = getBase64Encoder();

/** `promise`, or a failure naming what never came. */
function within<T>(promise: Promise<T>, what: string, ms = NOTIFIED_WITHIN_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves once `condition` holds (checked every 10 ms), fails naming `what` after `ms`. */
async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = NOTIFIED_WITHIN_MS,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("SVM RPC: cheatcode writes are notified over PubSub at each commitment", function () {
  this.timeout(120_000);
  let chain: RpcChain;

  /** A surfpool cheatcode as raw JSON-RPC; returns the slot the write landed in. */
  const cheat = async (method: string, params: unknown[]): Promise<number> => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const answer = (await response.json()) as { result?: { context: { slot: number } }; error?: unknown };
    expect(answer.error, `${method} failed`).to.equal(undefined);
    return (answer.result as { context: { slot: number } }).context.slot;
  };
  const fresh = async () => (await generateKeyPairSigner()).address;

  /**
   * The first notification of a @solana/kit subscription, once it is registered (kit's `subscribe`
   * resolves then). Asked for at once: kit's iterator keeps no notification from before the first ask.
   */
  async function firstOf<T>(
    subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>,
    abort: AbortController,
  ): Promise<{ first: Promise<T> }> {
    const iterator = (await subscribe(abort.signal))[Symbol.asyncIterator]();
    const first = iterator.next().then((result) => result.value as T);
    first.catch(() => {}); // the abort at the end rejects it when a test failed before awaiting it
    return { first };
  }

  before(async () => {
    chain = await startRpcChain(SLOT_MS);
  });
  after(async () => {
    // web3.js closes its idle PubSub socket after 500 ms; stop the chain after that, not under it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await chain?.close();
  });

  it("@solana/kit accountNotifications at processed, confirmed and finalized each hear surfnet_setAccount at once, as on surfpool", async () => {
    const key = await fresh();
    const abort = new AbortController();
    try {
      const levels = ["processed", "confirmed", "finalized"] as const;
      const heard = await Promise.all(
        levels.map(async (commitment) => {
          const { first } = await firstOf(
            (abortSignal) =>
              chain.rpcSubscriptions
                .accountNotifications(key, { commitment, encoding: "base64" })
                .subscribe({ abortSignal }),
            abort,
          );
          return async () => {
            const notification = await within(first, `${commitment} accountNotification`);
            // The chain's finalized slot with the notification in hand.
            const finalized = await chain.rpc.getSlot({ commitment: "finalized" }).send();
            return { commitment, notification, finalized };
          };
        }),
      );
      // A chain old enough that its finalized slot trails the open one (32 slots).
      await until(
        async () =>
          (await chain.rpc.getSlot({ commitment: "finalized" }).send()) + 30n <
          (await chain.rpc.getSlot({ commitment: "processed" }).send()),
        "a finalized slot 32 slots back",
      );
      const waits = Promise.all(heard.map((wait) => wait()));
      const slot = await cheat("surfnet_setAccount", [key, { lamports: 4_321_000 }]);

      for (const { commitment, notification, finalized } of await waits) {
        expect(notification?.value.lamports, `${commitment}: the new lamports`).to.equal(4_321_000n);
        expect(Number(notification?.context.slot), `${commitment}: a slot at that commitment`).to.be.at.most(
          slot,
        );
        expect(Number(finalized), `${commitment}: heard before the write's slot was finalized`).to.be.below(
          slot,
        );
      }
      const read = await chain.rpc.getBalance(key, { commitment: "finalized" }).send();
      expect(read.value, "the finalized notification is what a finalized read serves").to.equal(4_321_000n);
    } finally {
      abort.abort();
    }
  });

  it("@solana/web3.js onAccountChange hears surfnet_setTokenAccount change a token balance", async () => {
    const owner = await fresh();
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint: chain.usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const created = await cheat("surfnet_setTokenAccount", [owner, chain.usdcMint, { amount: 1_000 }]);
    // Subscribed once the creating write is confirmed, the subscription hears only the changes after.
    await until(
      async () => (await chain.rpc.getSlot({ commitment: "confirmed" }).send()) >= BigInt(created),
      "confirmation of the account's creation",
    );
    const connection = new Connection(chain.rpcUrl, { wsEndpoint: chain.wsUrl });
    const amounts: bigint[] = [];
    const listener = connection.onAccountChange(
      new PublicKey(ata),
      (account) => void amounts.push(getTokenDecoder().decode(account.data).amount),
      { commitment: "confirmed" },
    );
    try {
      // web3.js sends its subscriptions in order on one socket: once the slot subscription speaks,
      // the account subscription before it is registered.
      await new Promise<void>((resolve) => {
        const slots = connection.onSlotChange(() => {
          void connection.removeSlotChangeListener(slots);
          resolve();
        });
      });
      const heard = (count: number) => until(() => amounts.length >= count, `onAccountChange call ${count}`);
      await cheat("surfnet_setTokenAccount", [owner, chain.usdcMint, { amount: 2_500_000 }]);
      await heard(1);
      await cheat("surfnet_setTokenAccount", [owner, chain.usdcMint, { amount: 7 }]);
      await heard(2);
      expect(amounts).to.deep.equal([2_500_000n, 7n]);
    } finally {
      await connection.removeAccountChangeListener(listener);
    }
  });

  it("programNotifications on the token program with a memcmp on the owner hear surfnet_setTokenAccount; a filter on another owner does not", async () => {
    const [owner, other] = [await fresh(), await fresh()];
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint: chain.usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [otherAta] = await findAssociatedTokenPda({
      owner: other,
      mint: chain.usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const abort = new AbortController();
    try {
      const ownedBy = (holder: Address) =>
        firstOf(
          (abortSignal) =>
            chain.rpcSubscriptions
              .programNotifications(TOKEN_PROGRAM_ADDRESS, {
                commitment: "confirmed",
                encoding: "base64",
                filters: [
                  { dataSize: 165n },
                  { memcmp: { offset: 32n, bytes: holder as never, encoding: "base58" } },
                ],
              })
              .subscribe({ abortSignal }),
          abort,
        );
      const matching = (await ownedBy(owner)).first;
      const nonMatching = (await ownedBy(other)).first;

      await cheat("surfnet_setTokenAccount", [owner, chain.usdcMint, { amount: 42 }]);
      const heard = await within(matching, "programNotification for the owner's filter");
      expect(heard?.value.pubkey).to.equal(ata);
      const data = new Uint8Array(base64.encode(heard?.value.account.data[0] ?? ""));
      expect(getTokenDecoder().decode(data).amount).to.equal(42n);

      // The other filter's first notification is of the other owner's write, made after: it never
      // heard the first one.
      await cheat("surfnet_setTokenAccount", [other, chain.usdcMint, { amount: 9 }]);
      const otherHeard = await within(nonMatching, "programNotification for the other owner's filter");
      expect(otherHeard?.value.pubkey).to.equal(otherAta);
    } finally {
      abort.abort();
    }
  });

  it("surfnet_resetAccount notifies the account gone (lamports 0)", async () => {
    const key = await fresh();
    await cheat("surfnet_setAccount", [key, { lamports: 3_000_000, data: "0102" }]);
    const abort = new AbortController();
    try {
      const { first } = await firstOf(
        (abortSignal) =>
          chain.rpcSubscriptions
            .accountNotifications(key, { commitment: "processed", encoding: "base64" })
            .subscribe({ abortSignal }),
        abort,
      );
      const slot = await cheat("surfnet_resetAccount", [key]);
      const gone = await within(first, "accountNotification of the reset");
      expect(gone?.value.lamports).to.equal(0n);
      expect(gone?.value.data[0]).to.equal("");
      expect(Number(gone?.context.slot)).to.equal(slot);
    } finally {
      abort.abort();
    }
  });

  it("property: for any sequence of writes, each commitment hears every write at once, in order", async () => {
    const levels = ["processed", "confirmed", "finalized"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ key: fc.nat(1), lamports: fc.integer({ min: 1, max: 1e12 }), pauseMs: fc.nat(60) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (writes) => {
          const keys = [await fresh(), await fresh()];
          const socket = new WebSocket(chain.wsUrl);
          try {
            await new Promise((resolve, reject) => {
              socket.once("open", resolve);
              socket.once("error", reject);
            });
            const replies = new Map<number, number>();
            const heard = new Map<number, number[]>();
            socket.on("message", (raw) => {
              const message = JSON.parse(raw.toString());
              if (message.method === "accountNotification") {
                const { subscription, result } = message.params;
                const list = heard.get(subscription) ?? [];
                list.push(result.value.lamports);
                heard.set(subscription, list);
              } else replies.set(message.id, message.result);
            });
            const subs = [0, 1].flatMap((k) =>
              levels.map((commitment, l) => ({ key: k, commitment, id: k * 3 + l })),
            );
            for (const sub of subs) {
              socket.send(
                JSON.stringify({
                  jsonrpc: "2.0",
                  id: sub.id,
                  method: "accountSubscribe",
                  params: [keys[sub.key], { commitment: sub.commitment, encoding: "base64" }],
                }),
              );
            }
            await until(() => replies.size === subs.length, "subscription replies");

            for (const write of writes) {
              await cheat("surfnet_setAccount", [keys[write.key], { lamports: write.lamports }]);
              await new Promise((resolve) => setTimeout(resolve, write.pauseMs));
            }
            const expected = (key: number) =>
              writes.filter((write) => write.key === key).map((write) => write.lamports);
            const count = () => [...heard.values()].reduce((sum, list) => sum + list.length, 0);
            await until(() => count() >= writes.length * levels.length, "notifications", 5_000);
            // A few more slots: nothing further may come (no second notification when a slot closes).
            await new Promise((resolve) => setTimeout(resolve, 5 * SLOT_MS));
            for (const sub of subs) {
              expect(
                heard.get(replies.get(sub.id) as number) ?? [],
                `key ${sub.key} at ${sub.commitment}`,
              ).to.deep.equal(expected(sub.key));
            }
          } finally {
            socket.close();
          }
        },
      ),
      {
        numRuns: 8,
        endOnFailure: true,
        // Back-to-back writes of one key, most likely in one slot: each is heard at every commitment.
        examples: [
          [
            [
              { key: 0, lamports: 1_111, pauseMs: 0 },
              { key: 0, lamports: 2_222, pauseMs: 0 },
              { key: 1, lamports: 3_333, pauseMs: 0 },
            ],
          ],
        ],
      },
    );
  });
});
