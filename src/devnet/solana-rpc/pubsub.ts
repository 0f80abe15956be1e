/**
 * Solana PubSub over WebSocket: signature, account, program, logs, slot, slotsUpdates, root and block
 * subscriptions and their unsubscribes, notified when a transaction or slot reaches the
 * subscription's commitment (default `finalized`, as on a validator). Accounts set outside a
 * transaction (cheatcodes) read as set at every commitment at once, so account and program
 * subscriptions at every commitment are notified of them at once. A signature
 * subscription whose transaction already reached its commitment is notified right after the
 * subscription's reply. Subscriptions are indexed (by socket, signature, account and program), so
 * subscribing costs the same at 10 or 10,000; account and program notifications carry the state as
 * of their commitment. A socket whose unread notifications pass `MAX_BUFFERED_BYTES` is dropped, as
 * a validator drops a slow consumer. Malformed messages and unknown methods get JSON-RPC errors; a
 * closed socket drops its subscriptions.
 */
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, address as toAddress } from "@solana/kit";
import { type WebSocket, WebSocketServer } from "ws";
import * as z from "zod";
import { type BrowserPolicy, DEFAULT_BROWSER_POLICY, requestAllowed } from "../browser-guard.ts";
import { encodeAccount } from "./encoding.ts";
import { RpcError } from "./errors.ts";
import type { Commitment, LedgerTransaction, SvmLedger } from "./ledger.ts";
import { methodNotFound } from "./methods.ts";
import {
  accountEncoding,
  address,
  commitment,
  filterMatches,
  type ProgramAccountsFilter,
  parseParams,
  programAccountsFilters,
  signature,
} from "./params.ts";
import type { RpcMethod } from "./rpc-method.ts";

const SYSTEM_PROGRAM = toAddress("11111111111111111111111111111111");
const MAX_MESSAGE_BYTES = 1024 * 1024;
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 1024;
/** Unsent bytes a socket may hold before it is dropped as a slow consumer. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const LEVELS: Commitment[] = ["processed", "confirmed", "finalized"];

type Encoding = z.infer<typeof accountEncoding>;
type Subscription = { socket: WebSocket } & (
  | { kind: "signature"; commitment: Commitment; signature: string; received: boolean }
  | { kind: "account"; commitment: Commitment; address: string; encoding?: Encoding }
  | {
      kind: "program";
      commitment: Commitment;
      program: string;
      encoding?: Encoding;
      filters: ProgramAccountsFilter[];
    }
  | { kind: "logs"; commitment: Commitment; mentions: string | null }
  | { kind: "block"; commitment: Commitment; mentions: string | null; config: Record<string, unknown> }
  | { kind: "slot" | "slotsUpdates" | "root" }
);
type Kind = Subscription["kind"];

const subscribeConfig = z.object({ commitment: commitment.optional() }).optional();
const signatureParams = z.tuple([
  signature,
  z
    .object({ commitment: commitment.optional(), enableReceivedNotification: z.boolean().optional() })
    .optional(),
]);
const accountParams = z.tuple([
  address,
  z.object({ commitment: commitment.optional(), encoding: accountEncoding.optional() }).optional(),
]);
const programParams = z.tuple([
  address,
  z
    .object({
      commitment: commitment.optional(),
      encoding: accountEncoding.optional(),
      filters: programAccountsFilters,
    })
    .optional(),
]);
const logsParams = z.tuple([
  z.union([z.enum(["all", "allWithVotes"]), z.object({ mentions: z.tuple([address]) })]),
  subscribeConfig,
]);
const blockParams = z.tuple([
  z.union([z.literal("all"), z.object({ mentionsAccountOrProgram: address })]),
  z
    .object({
      commitment: z.enum(["confirmed", "finalized"]).optional(),
      encoding: z.enum(["json", "jsonParsed", "base58", "base64"]).optional(),
      transactionDetails: z.enum(["full", "accounts", "signatures", "none"]).optional(),
      showRewards: z.boolean().optional(),
      maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
    })
    .optional(),
]);
const unsubscribeParams = z.tuple([z.number().int().nonnegative()]);

export interface PubSubServer {
  /** `ws://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

export interface PubSubOptions {
  port?: number;
  /** `getBlock` of the RPC: block notifications carry the same block. */
  getBlock: RpcMethod;
  policy?: BrowserPolicy;
}

/** A multimap kept in step with the subscriptions, so notifying and counting never scan them all. */
class Index<K> {
  readonly map = new Map<K, Set<number>>();
  add(key: K, id: number) {
    const set = this.map.get(key) ?? new Set<number>();
    set.add(id);
    this.map.set(key, set);
  }
  delete(key: K, id: number) {
    const set = this.map.get(key);
    set?.delete(id);
    if (set?.size === 0) this.map.delete(key);
  }
  get(key: K): ReadonlySet<number> {
    return this.map.get(key) ?? new Set();
  }
}

export async function servePubSub(ledger: SvmLedger, options: PubSubOptions): Promise<PubSubServer> {
  const subscriptions = new Map<number, Subscription>();
  const bySocket = new Index<WebSocket>();
  const bySignature = new Index<string>();
  const byAccount = new Index<string>();
  const byProgram = new Index<string>();
  const byKind = new Index<Kind>();
  let nextId = 0;

  function add(sub: Subscription): number {
    const id = nextId++;
    subscriptions.set(id, sub);
    bySocket.add(sub.socket, id);
    if (sub.kind === "signature") bySignature.add(sub.signature, id);
    else if (sub.kind === "account") byAccount.add(sub.address, id);
    else if (sub.kind === "program") byProgram.add(sub.program, id);
    else byKind.add(sub.kind, id);
    return id;
  }

  function remove(id: number): void {
    const sub = subscriptions.get(id);
    if (!sub) return;
    subscriptions.delete(id);
    bySocket.delete(sub.socket, id);
    if (sub.kind === "signature") bySignature.delete(sub.signature, id);
    else if (sub.kind === "account") byAccount.delete(sub.address, id);
    else if (sub.kind === "program") byProgram.delete(sub.program, id);
    else byKind.delete(sub.kind, id);
  }

  const send = (socket: WebSocket, body: unknown) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(body));
  };
  const notify = (id: number, method: string, result: unknown) => {
    const sub = subscriptions.get(id);
    if (sub) send(sub.socket, { jsonrpc: "2.0", method, params: { result, subscription: id } });
  };

  function accountValue(key: string, encoding: Encoding | undefined, level: Commitment) {
    const accounts = ledger.accounts(level);
    const found = accounts.getAccount(toAddress(key));
    const view = found.exists
      ? found
      : {
          address: toAddress(key),
          lamports: 0n,
          programAddress: SYSTEM_PROGRAM,
          executable: false,
          data: new Uint8Array(),
        };
    return encodeAccount(accounts, view, encoding ?? "base64");
  }

  /**
   * Notifies the subscriptions at `level` of transactions that just reached it, and account and
   * program subscriptions of the accounts `set` outside a transaction (at every level at once).
   */
  function reached(
    level: Commitment,
    slot: number,
    txs: readonly LedgerTransaction[],
    set: readonly string[] = [],
  ): void {
    if (txs.length === 0 && set.length === 0) return;
    const context = { slot };
    for (const tx of txs) {
      for (const id of [...bySignature.get(tx.signature)]) {
        const sub = subscriptions.get(id);
        if (sub?.kind !== "signature" || sub.commitment !== level) continue;
        notify(id, "signatureNotification", { context, value: { err: tx.err } });
        remove(id);
      }
    }
    const accounts = ledger.accounts(level);
    const touched = new Set<string>([
      ...txs.flatMap((tx) => tx.accounts.keys.filter((_, i) => tx.accounts.writable[i])),
      ...set,
    ]);
    for (const key of touched) {
      for (const id of byAccount.get(key)) {
        const sub = subscriptions.get(id);
        if (sub?.kind === "account" && sub.commitment === level) {
          notify(id, "accountNotification", { context, value: accountValue(key, sub.encoding, level) });
        }
      }
      if (byProgram.map.size === 0) continue;
      const found = accounts.getAccount(toAddress(key));
      if (!found.exists) continue;
      for (const id of byProgram.get(found.programAddress)) {
        const sub = subscriptions.get(id);
        if (sub?.kind !== "program" || sub.commitment !== level) continue;
        if (!sub.filters.every((filter) => filterMatches(found.data as Uint8Array, filter))) continue;
        notify(id, "programNotification", {
          context,
          value: { pubkey: key, account: encodeAccount(accounts, found, sub.encoding ?? "base64") },
        });
      }
    }
    for (const id of byKind.get("logs")) {
      const sub = subscriptions.get(id);
      if (sub?.kind !== "logs" || sub.commitment !== level) continue;
      for (const tx of txs) {
        if (sub.mentions !== null && !(tx.accounts.keys as string[]).includes(sub.mentions)) continue;
        notify(id, "logsNotification", {
          context,
          value: { signature: tx.signature, err: tx.err, logs: tx.logs },
        });
      }
    }
  }

  async function blockReached(level: Commitment, slot: number): Promise<void> {
    const txs = ledger.transactionsInSlot(slot);
    for (const id of byKind.get("block")) {
      const sub = subscriptions.get(id);
      if (sub?.kind !== "block" || sub.commitment !== level) continue;
      const mentions = sub.mentions;
      if (mentions !== null && !txs.some((tx) => (tx.accounts.keys as string[]).includes(mentions))) continue;
      const { showRewards, ...config } = sub.config;
      const block = await options.getBlock([
        slot,
        { ...config, commitment: level, rewards: showRewards ?? true },
      ]);
      notify(id, "blockNotification", { context: { slot }, value: { slot, block, err: null } });
    }
  }

  const slotsUpdate = (result: Record<string, unknown>) => {
    for (const id of byKind.get("slotsUpdates")) notify(id, "slotsUpdatesNotification", result);
  };

  const unsubscribeLedger = ledger.subscribe({
    transaction(tx) {
      for (const id of bySignature.get(tx.signature)) {
        const sub = subscriptions.get(id);
        if (sub?.kind === "signature" && sub.received && sub.commitment !== "processed") {
          notify(id, "signatureNotification", { context: { slot: tx.slot }, value: "receivedSignature" });
        }
      }
      reached("processed", tx.slot, [tx]);
    },
    accountsSet({ slot, addresses }) {
      reached("processed", slot, [], addresses);
      reached("confirmed", ledger.slot("confirmed"), [], addresses);
      reached("finalized", ledger.slot("finalized"), [], addresses);
    },
    slot({ closed, finalized, opened }) {
      const timestamp = Date.now();
      for (const id of byKind.get("slot"))
        notify(id, "slotNotification", { parent: closed, root: finalized ?? 0, slot: opened });
      const closedTxs = ledger.transactionsInSlot(closed);
      const failed = closedTxs.filter((tx) => tx.err !== null).length;
      slotsUpdate({
        type: "frozen",
        slot: closed,
        timestamp,
        stats: {
          numTransactionEntries: closedTxs.length,
          numSuccessfulTransactions: closedTxs.length - failed,
          numFailedTransactions: failed,
          maxTransactionsPerEntry: closedTxs.length,
        },
      });
      slotsUpdate({ type: "optimisticConfirmation", slot: closed, timestamp });
      slotsUpdate({ type: "createdBank", slot: opened, parent: closed, timestamp });
      reached("confirmed", closed, closedTxs);
      const blocks = [blockReached("confirmed", closed)];
      if (finalized !== null) {
        slotsUpdate({ type: "root", slot: finalized, timestamp });
        for (const id of byKind.get("root")) notify(id, "rootNotification", finalized);
        reached("finalized", finalized, ledger.transactionsInSlot(finalized));
        blocks.push(blockReached("finalized", finalized));
      }
      Promise.all(blocks).catch(() => {});
    },
  });

  function subscribe(
    socket: WebSocket,
    method: string,
    params: unknown,
  ): { result: unknown; after?: () => void } {
    if (method.endsWith("Subscribe") && bySocket.get(socket).size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new RpcError(-32603, `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
    }
    switch (method) {
      case "signatureSubscribe": {
        const [sig, config] = parseParams(signatureParams, params);
        const level = config?.commitment ?? "finalized";
        const id = add({
          kind: "signature",
          socket,
          commitment: level,
          signature: sig,
          received: config?.enableReceivedNotification ?? false,
        });
        const after = () => {
          const tx = ledger.transaction(sig);
          if (!tx || !subscriptions.has(id)) return;
          if (LEVELS.indexOf(ledger.commitmentOf(tx)) < LEVELS.indexOf(level)) return;
          notify(id, "signatureNotification", { context: { slot: tx.slot }, value: { err: tx.err } });
          remove(id);
        };
        return { result: id, after };
      }
      case "accountSubscribe": {
        const [key, config] = parseParams(accountParams, params);
        return {
          result: add({
            kind: "account",
            socket,
            commitment: config?.commitment ?? "finalized",
            address: key,
            ...(config?.encoding ? { encoding: config.encoding } : {}),
          }),
        };
      }
      case "programSubscribe": {
        const [program, config] = parseParams(programParams, params);
        return {
          result: add({
            kind: "program",
            socket,
            commitment: config?.commitment ?? "finalized",
            program: program as Address,
            filters: config?.filters ?? [],
            ...(config?.encoding ? { encoding: config.encoding } : {}),
          }),
        };
      }
      case "logsSubscribe": {
        const [filter, config] = parseParams(logsParams, params);
        return {
          result: add({
            kind: "logs",
            socket,
            commitment: config?.commitment ?? "finalized",
            mentions: typeof filter === "string" ? null : filter.mentions[0],
          }),
        };
      }
      case "blockSubscribe": {
        const [filter, config] = parseParams(blockParams, params);
        const { commitment: level, ...rest } = config ?? {};
        return {
          result: add({
            kind: "block",
            socket,
            commitment: level ?? "finalized",
            mentions: filter === "all" ? null : filter.mentionsAccountOrProgram,
            config: rest,
          }),
        };
      }
      case "slotSubscribe":
      case "slotsUpdatesSubscribe":
      case "rootSubscribe": {
        parseParams(z.tuple([]), params);
        return { result: add({ kind: method.replace("Subscribe", "") as "slot", socket }) };
      }
      case "signatureUnsubscribe":
      case "accountUnsubscribe":
      case "programUnsubscribe":
      case "logsUnsubscribe":
      case "blockUnsubscribe":
      case "slotUnsubscribe":
      case "slotsUpdatesUnsubscribe":
      case "rootUnsubscribe": {
        const [target] = parseParams(unsubscribeParams, params);
        const sub = subscriptions.get(target);
        if (!sub || sub.socket !== socket || `${sub.kind}Unsubscribe` !== method) {
          throw new RpcError(-32602, "Invalid subscription id.");
        }
        remove(target);
        return { result: true };
      }
      default:
        throw methodNotFound(method);
    }
  }

  function onMessage(socket: WebSocket, text: string): void {
    let call: unknown;
    try {
      call = JSON.parse(text);
    } catch {
      send(socket, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    const { jsonrpc, id, method, params } = (call ?? {}) as Record<string, unknown>;
    const replyId = typeof id === "number" || typeof id === "string" ? id : null;
    if (
      typeof call !== "object" ||
      call === null ||
      Array.isArray(call) ||
      jsonrpc !== "2.0" ||
      typeof method !== "string"
    ) {
      send(socket, { jsonrpc: "2.0", id: replyId, error: { code: -32600, message: "Invalid request" } });
      return;
    }
    try {
      const { result, after } = subscribe(socket, method, params);
      send(socket, { jsonrpc: "2.0", id: replyId, result });
      after?.();
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message);
      send(socket, { jsonrpc: "2.0", id: replyId, error: { code: e.code, message: e.message } });
    }
  }

  const policy = options.policy ?? DEFAULT_BROWSER_POLICY;
  const server = new WebSocketServer({
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: ({ req }: { req: IncomingMessage }) => requestAllowed(policy, req),
  });
  server.on("connection", (socket) => {
    socket.on("message", (data, isBinary) => onMessage(socket, isBinary ? "" : data.toString()));
    socket.on("close", () => {
      for (const id of [...bySocket.get(socket)]) remove(id);
    });
    socket.on("error", () => socket.terminate());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribeLedger();
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
