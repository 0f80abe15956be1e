/**
 * GET /requests/v3 (service interface: Endpoints): the parsed query compiled to one SQL statement over the `requests`
 * table, keyset-paginated on `(sortKey, id)`.
 */
import { createHash } from "node:crypto";
import type { SQLInputValue } from "node:sqlite";
import { type ListRequestsQuery, resolveSortDirection } from "../schemas/list-requests.ts";
import { hashApiKey } from "./auth.ts";
import type { CursorCodec } from "./cursor.ts";
import { filtersToSql } from "./filters.ts";
import { normalizeLookup, type RequestMeta } from "./records.ts";
import type { Store } from "./store.ts";

const SORT_COLUMN = { createdAt: "created_at", updatedAt: "updated_at", amountUsd: "amount_usd" } as const;

/** Builds the WHERE conditions of every filter parameter (not the cursor). */
export function buildWhere(query: ListRequestsQuery): { conditions: string[]; params: SQLInputValue[] } {
  const conditions: string[] = [];
  const params: SQLInputValue[] = [];
  const add = (sql: string, ...values: SQLInputValue[]) => {
    conditions.push(sql);
    params.push(...values);
  };

  if (query.user !== undefined) {
    const user = normalizeLookup(query.user);
    add("(sender = ? OR depositor = ?)", user, user);
  }
  if (query.term !== undefined) {
    add("id IN (SELECT request_id FROM request_terms WHERE value = ?)", normalizeLookup(query.term));
  }
  if (query.id !== undefined) {
    const id = query.id.toLowerCase();
    if (query.includeChildRequests === true) add("(id = ? OR parent_id = ?)", id, id);
    else add("id = ?", id);
  }
  if (query.orderId !== undefined) add("order_id = ?", query.orderId);
  for (const [param, kind] of [
    ["depositTxHash", "deposit"],
    ["fillTxHash", "fill"],
    ["refundTxHash", "refund"],
  ] as const) {
    const hash = query[param];
    if (hash !== undefined) {
      add(
        "id IN (SELECT request_id FROM request_txs WHERE hash = ? AND kind = ?)",
        normalizeLookup(hash),
        kind,
      );
    }
  }
  if (query.originChainId !== undefined || query.destinationChainId !== undefined) {
    if (query.originChainId !== undefined) add("origin_chain_id = ?", query.originChainId);
    if (query.destinationChainId !== undefined) add("destination_chain_id = ?", query.destinationChainId);
  } else if (query.chainId !== undefined) {
    add("(origin_chain_id = ? OR destination_chain_id = ?)", query.chainId, query.chainId);
  }
  if (query.privateChainsToInclude !== undefined) {
    const uuids = query.privateChainsToInclude.map((uuid) => uuid.toLowerCase());
    add(`(private_chain IS NULL OR private_chain IN (${uuids.map(() => "?").join(", ")}))`, ...uuids);
  } else {
    add("private_chain IS NULL");
  }
  if (query.depositAddress !== undefined) add("deposit_address = ?", normalizeLookup(query.depositAddress));
  if (query.recipient !== undefined) add("recipient = ?", normalizeLookup(query.recipient));
  if (query.status !== undefined) add("status = ?", query.status);
  // "Requests that failed with that reason": failed outright, or failed to fill and were refunded.
  if (query.failReason !== undefined)
    add("(status IN ('failure', 'refund') AND fail_reason = ?)", query.failReason);
  if (query.refundFailReason !== undefined) add("refund_fail_reason = ?", query.refundFailReason);
  if (query.apiKey !== undefined) {
    const hashes = query.apiKey.map(hashApiKey);
    add(`api_key_hash IN (${hashes.map(() => "?").join(", ")})`, ...hashes);
  }
  if (query.requestType !== undefined) add("request_type = ?", query.requestType);
  if (query.currencyInChainId !== undefined) add("origin_chain_id = ?", query.currencyInChainId);
  if (query.currencyOutChainId !== undefined) add("destination_chain_id = ?", query.currencyOutChainId);
  if (query.currencyInAddress !== undefined)
    add("currency_in_address = ?", normalizeLookup(query.currencyInAddress));
  if (query.currencyOutAddress !== undefined) {
    add("currency_out_address = ?", normalizeLookup(query.currencyOutAddress));
  }
  if (query.currencyInSymbol !== undefined)
    add("currency_in_symbol = ?", query.currencyInSymbol.toLowerCase());
  if (query.currencyOutSymbol !== undefined)
    add("currency_out_symbol = ?", query.currencyOutSymbol.toLowerCase());
  const timeColumn = query.sortBy === "updatedAt" ? "updated_at" : "created_at";
  if (query.startTimestamp !== undefined) add(`${timeColumn} >= ?`, query.startTimestamp * 1000);
  if (query.endTimestamp !== undefined) add(`${timeColumn} <= ?`, query.endTimestamp * 1000 + 999);
  if (query.startBlock !== undefined || query.endBlock !== undefined) {
    const scoped = query.originChainId !== undefined;
    // Chain entries: indexed deposit/fill/refund transactions (not failed-call records, and not
    // deposit-address hashes known without a block, stored with block -1).
    const parts = ["t.request_id = requests.id", "t.kind <> 'failed'", "t.block >= 0"];
    const values: SQLInputValue[] = [];
    if (query.startBlock !== undefined) {
      parts.push("t.block >= ?");
      values.push(query.startBlock);
    }
    if (query.endBlock !== undefined) {
      parts.push("t.block <= ?");
      values.push(query.endBlock);
    }
    if (scoped) {
      parts.push("t.chain_id = ?");
      values.push(query.originChainId as number);
    }
    add(`EXISTS (SELECT 1 FROM request_txs t WHERE ${parts.join(" AND ")})`, ...values);
  }
  if (query.amountUsdMin !== undefined) add("amount_usd >= ?", query.amountUsdMin);
  if (query.amountUsdMax !== undefined) add("amount_usd <= ?", query.amountUsdMax);
  if (query.appFeesAmountUsdMin !== undefined) add("app_fees_usd >= ?", query.appFeesAmountUsdMin);
  if (query.appFeesAmountUsdMax !== undefined) add("app_fees_usd <= ?", query.appFeesAmountUsdMax);
  if (query.fillTimeMin !== undefined) add("fill_time >= ?", query.fillTimeMin);
  if (query.fillTimeMax !== undefined) add("fill_time <= ?", query.fillTimeMax);
  if (query.features !== undefined) {
    const features = [...new Set(query.features)];
    add(`(${features.map(() => "instr(features, ?) > 0").join(" OR ")})`, ...features.map((f) => `,${f},`));
  }
  if (query.filters !== undefined) {
    const compiled = filtersToSql(query.filters);
    if (compiled !== null) add(compiled.sql, ...compiled.params);
  }
  return { conditions, params };
}

/** A stable fingerprint of every parameter that shapes the result set and its order. */
export function queryFingerprint(query: ListRequestsQuery): string {
  const { limit: _limit, continuation: _continuation, includeTotal: _total, ...shape } = query;
  const canonical = JSON.stringify(
    Object.keys(shape)
      .sort()
      .map((key) => [key, shape[key as keyof typeof shape]]),
  );
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 22);
}

/** One page of the listing, with its JSON body ready to send. */
export interface ListRequestsPage {
  body: string;
  count: number;
  continuation: string | null;
  total?: number;
}

/** Runs the listing: one page, the next cursor, and the total when asked. */
export function listRequests(
  store: Store,
  cursors: CursorCodec,
  query: ListRequestsQuery,
  callerKeyHash: string,
): ListRequestsPage {
  const { conditions, params } = buildWhere(query);
  const sortBy = query.sortBy;
  const direction = resolveSortDirection(sortBy, query.sortDirection);
  const column = SORT_COLUMN[sortBy];
  const fingerprint = queryFingerprint(query);

  const pageConditions = [...conditions];
  const pageParams = [...params];
  if (query.continuation !== undefined) {
    const position = cursors.decode(query.continuation, fingerprint);
    pageConditions.push(`(${column}, id) ${direction === "desc" ? "<" : ">"} (?, ?)`);
    pageParams.push(position.key, position.id);
  }
  const where = pageConditions.length > 0 ? `WHERE ${pageConditions.join(" AND ")}` : "";
  const order = direction === "desc" ? "DESC" : "ASC";
  const rows = store
    .prepare(
      `SELECT id, ${column} AS sort_key, api_key_hash, record, meta FROM requests ${where} ` +
        `ORDER BY ${column} ${order}, id ${order} LIMIT ?`,
    )
    .all(...pageParams, query.limit + 1) as {
    id: string;
    sort_key: number;
    api_key_hash: string | null;
    record: string;
    meta: string;
  }[];

  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const continuation =
    rows.length > query.limit && last !== undefined
      ? cursors.encode({ key: last.sort_key, id: last.id }, fingerprint)
      : null;

  // Records are stored as validated JSON text (see requests-repo): the page is spliced from that text
  // instead of being parsed and serialized again.
  const records = page.map((row) => {
    if (
      query.includeAuthenticatedData === true &&
      row.api_key_hash !== null &&
      row.api_key_hash === callerKeyHash
    ) {
      const meta = JSON.parse(row.meta) as RequestMeta;
      return `${row.record.slice(0, -1)},"authenticatedData":${JSON.stringify(meta.authenticatedData)}}`;
    }
    return row.record;
  });
  let total: number | undefined;
  if (query.includeTotal) {
    const totalWhere = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
    const row = store.prepare(`SELECT COUNT(*) AS n FROM requests ${totalWhere}`).get(...params) as {
      n: number;
    };
    total = Number(row.n);
  }
  const body =
    `{"requests":[${records.join(",")}],"continuation":${JSON.stringify(continuation)}` +
    `${total === undefined ? "" : `,"total":${total}`}}`;
  return { body, count: records.length, continuation, ...(total === undefined ? {} : { total }) };
}
