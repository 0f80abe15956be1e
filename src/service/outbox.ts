/**
 * The solver's outbox (table `outbox`): a fill or refund is written down with its signed
 * transaction before it is sent, and marked done once included. After a crash, `sendOnce` finds the
 * recorded transaction on chain or sends it again; a new one is signed only when the recorded one
 * can never land, so no request is ever paid twice.
 */
import type { ChainAdapter, SignedTransfer, TransferParams } from "./chains/types.ts";
import { crashPoint } from "./crash-points.ts";
import type { Store } from "./store.ts";

export interface OutboxEntry extends SignedTransfer {
  id: string;
  requestId: string;
  chainId: number;
  state: "signed" | "done";
  block: number | null;
}

function entry(store: Store, id: string): OutboxEntry | null {
  const row = store.prepare("SELECT * FROM outbox WHERE id = ?").get(id) as
    | Record<string, string | number | null>
    | undefined;
  if (row === undefined) return null;
  return {
    id,
    requestId: String(row.request_id),
    chainId: Number(row.chain_id),
    txHash: String(row.tx_hash),
    raw: String(row.raw),
    lifetime: String(row.lifetime),
    state: row.state as OutboxEntry["state"],
    block: row.block === null ? null : Number(row.block),
  };
}

/** Entries signed but not known to be included, oldest first (EVM nonces in order). */
export function unfinishedSends(store: Store): OutboxEntry[] {
  const rows = store
    .prepare("SELECT id FROM outbox WHERE state = 'signed' ORDER BY created_at, id")
    .all() as {
    id: string;
  }[];
  return rows.flatMap((row) => entry(store, row.id) ?? []);
}

/** In-flight sends by outbox id in this process: a second caller joins the first. */
const inFlight = new WeakMap<Store, Map<string, Promise<{ txHash: string; block: number }>>>();

/**
 * Sends `params` through `adapter` at most once for `id`: done before, the recorded result; signed
 * before, that transaction (found, or sent again while it can land); else a new one, recorded
 * before it is sent.
 */
export function sendOnce(
  store: Store,
  adapter: ChainAdapter,
  id: string,
  params: TransferParams,
  now: () => number = Date.now,
): Promise<{ txHash: string; block: number }> {
  const sends = inFlight.get(store) ?? new Map<string, Promise<{ txHash: string; block: number }>>();
  inFlight.set(store, sends);
  const running = sends.get(id);
  if (running !== undefined) return running;
  const work = (async () => {
    const recorded = entry(store, id);
    if (recorded?.state === "done") return { txHash: recorded.txHash, block: recorded.block ?? 0 };
    if (recorded !== null) {
      const landed = await adapter.resume(recorded);
      if (landed !== null) return markDone(store, id, landed);
    }
    const sent = await adapter.transfer(params, (signed) => {
      store
        .prepare(
          `INSERT INTO outbox (id, request_id, chain_id, tx_hash, raw, lifetime, state, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'signed', ?) ON CONFLICT(id) DO UPDATE SET
           tx_hash = excluded.tx_hash, raw = excluded.raw, lifetime = excluded.lifetime, state = 'signed'`,
        )
        .run(
          id,
          params.requestId.toLowerCase(),
          adapter.chainId,
          signed.txHash,
          signed.raw,
          signed.lifetime,
          now(),
        );
      crashPoint("transfer-signed");
    });
    crashPoint("transfer-mined");
    return markDone(store, id, sent);
  })().finally(() => sends.delete(id));
  sends.set(id, work);
  return work;
}

function markDone(store: Store, id: string, sent: { txHash: string; block: number }) {
  store.prepare("UPDATE outbox SET state = 'done', block = ? WHERE id = ?").run(sent.block, id);
  return sent;
}
