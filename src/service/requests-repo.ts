/**
 * Reads and writes request records. Every indexed column, search term and transaction row is derived
 * from the record and its meta on each write (`deriveRow`), so the SQL view can never drift from what
 * the API returns.
 */
import type { SQLInputValue } from "node:sqlite";
import { type RequestRecord, RequestRecordSchema, type Transaction } from "../schemas/index.ts";
import { normalizeLookup, type RequestMeta, type StoredRequest, withTopLevel } from "./records.ts";
import { reportStatus } from "./status-changes.ts";
import type { Store } from "./store.ts";

const COLUMNS = [
  "id",
  "created_at",
  "updated_at",
  "amount_usd",
  "status",
  "user_addr",
  "sender",
  "recipient",
  "deposit_address",
  "depositor",
  "order_id",
  "parent_id",
  "api_key_hash",
  "request_type",
  "origin_chain_id",
  "destination_chain_id",
  "currency_in_address",
  "currency_in_symbol",
  "currency_out_address",
  "currency_out_symbol",
  "fail_reason",
  "refund_fail_reason",
  "app_fees_usd",
  "fill_time",
  "features",
  "private_chain",
  "meta",
  "record",
] as const;

const INSERT_SQL = `INSERT INTO requests (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`;
const UPDATE_SQL = `UPDATE requests SET ${COLUMNS.slice(1)
  .map((column) => `${column} = ?`)
  .join(", ")} WHERE id = ?`;

const nullable = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : normalizeLookup(value);

function sumUsd(values: readonly { amountUsd?: string }[]): number {
  let total = 0;
  for (const value of values) total += Number(value.amountUsd ?? 0);
  return total;
}

/**
 * The column values of one request row, in `COLUMNS` order. The record is validated against
 * `RequestRecordSchema` here, on every write, so the listing can return stored JSON text as is.
 */
function deriveRow(record: RequestRecord, meta: RequestMeta): SQLInputValue[] {
  const checked = RequestRecordSchema.safeParse(record);
  if (!checked.success) {
    throw new Error(
      `request record ${record.id} does not match RequestRecordSchema: ${checked.error.issues[0]?.message}`,
    );
  }
  return [
    record.id.toLowerCase(),
    meta.createdAt,
    meta.updatedAt,
    Number(meta.amountMicroUsd) / 1e6,
    record.status,
    normalizeLookup(record.user),
    nullable(record.sender),
    normalizeLookup(record.recipient),
    nullable(record.depositAddress?.address),
    nullable(record.depositAddress?.depositor),
    meta.orderId,
    meta.parentId === null ? null : meta.parentId.toLowerCase(),
    meta.apiKeyHash,
    meta.requestType,
    meta.originChainId,
    meta.destinationChainId,
    normalizeLookup(meta.originCurrency),
    meta.originSymbol.toLowerCase(),
    normalizeLookup(meta.destinationCurrency),
    meta.destinationSymbol.toLowerCase(),
    record.data.failReason,
    record.data.refundFailReason,
    sumUsd(record.data.appFees.actual),
    meta.fillTime,
    `,${meta.features.join(",")},`,
    meta.privateChain,
    JSON.stringify(meta),
    JSON.stringify(record),
  ];
}

type TxKind = "deposit" | "fill" | "refund" | "failed";

function txRows(
  record: RequestRecord,
): { kind: TxKind; tx: Pick<Transaction, "txHash" | "chainId" | "block"> }[] {
  const rows: { kind: TxKind; tx: Pick<Transaction, "txHash" | "chainId" | "block"> }[] = [];
  for (const tx of record.data.inTxs) rows.push({ kind: tx.type === "refund" ? "refund" : "deposit", tx });
  for (const tx of record.data.outTxs) rows.push({ kind: tx.type === "refund" ? "refund" : "fill", tx });
  if (record.data.failedTxHash) {
    rows.push({
      kind: "failed",
      tx: {
        txHash: record.data.failedTxHash,
        chainId: record.destinationChainId as number,
        block: record.data.failedTxBlockNumber ?? 0,
      },
    });
  }
  return rows;
}

function searchTerms(record: RequestRecord): Set<string> {
  const terms = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (value) terms.add(normalizeLookup(value));
  };
  add(record.id);
  add(record.user);
  add(record.recipient);
  add(record.sender);
  add(record.refundTo);
  add(record.depositAddress?.address);
  add(record.depositAddress?.depositor);
  add(record.depositAddress?.depositTxHash);
  for (const { tx } of txRows(record)) add(tx.txHash);
  return terms;
}

function writeSideTables(store: Store, record: RequestRecord, replace: boolean): void {
  const id = record.id.toLowerCase();
  if (replace) {
    store.prepare("DELETE FROM request_terms WHERE request_id = ?").run(id);
    store.prepare("DELETE FROM request_txs WHERE request_id = ?").run(id);
  }
  const term = store.prepare("INSERT OR IGNORE INTO request_terms (value, request_id) VALUES (?, ?)");
  for (const value of searchTerms(record)) term.run(value, id);
  const tx = store.prepare(
    "INSERT OR IGNORE INTO request_txs (request_id, kind, hash, chain_id, block) VALUES (?, ?, ?, ?, ?)",
  );
  for (const row of txRows(record))
    tx.run(id, row.kind, normalizeLookup(row.tx.txHash), row.tx.chainId, row.tx.block);
  if (record.depositAddress?.depositTxHash) {
    tx.run(
      id,
      "deposit",
      normalizeLookup(record.depositAddress.depositTxHash),
      record.originChainId as number,
      -1,
    );
  }
}

/** Inserts a new request (in the caller's transaction when there is one). */
export function insertRequest(store: Store, request: StoredRequest): void {
  const record = withTopLevel(request.record, request.meta);
  store.transaction(() => {
    store.prepare(INSERT_SQL).run(...deriveRow(record, request.meta));
    writeSideTables(store, record, false);
    reportStatus(store, { record, meta: request.meta }, null);
  });
}

/** Reads one request by id (case-insensitive hex), or null. */
export function getRequest(store: Store, id: string): StoredRequest | null {
  const row = store.prepare("SELECT record, meta FROM requests WHERE id = ?").get(id.toLowerCase()) as
    | { record: string; meta: string }
    | undefined;
  if (!row) return null;
  return { record: JSON.parse(row.record) as RequestRecord, meta: JSON.parse(row.meta) as RequestMeta };
}

/**
 * Applies `mutate` to a request inside one transaction and writes it back with `updatedAt` bumped.
 * Returns the updated request, or null when the id is unknown.
 */
export function updateRequest(
  store: Store,
  id: string,
  mutate: (request: StoredRequest) => void,
  now: number = Date.now(),
): StoredRequest | null {
  return store.transaction(() => {
    const current = getRequest(store, id);
    if (current === null) return null;
    const previous = current.record.status;
    mutate(current);
    current.meta.updatedAt = Math.max(now, current.meta.updatedAt);
    current.record = withTopLevel(current.record, current.meta);
    const values = deriveRow(current.record, current.meta);
    store.prepare(UPDATE_SQL).run(...values.slice(1), values[0] as string);
    writeSideTables(store, current.record, true);
    reportStatus(store, current, previous);
    return current;
  });
}
