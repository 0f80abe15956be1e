/**
 * Solana PubSub over WebSocket: signatureSubscribe, accountSubscribe, logsSubscribe, slotSubscribe and
 * their unsubscribes, notified when a transaction reaches the subscription's commitment (default
 * `finalized`, as on a validator). A signature subscription whose transaction already reached its
 * commitment is notified right after the subscription's reply, so it never misses one. Malformed
 * messages get JSON-RPC errors; a closed socket drops its subscriptions.
 */
import type { AddressInfo } from "node:net";
import { address as toAddress } from "@solana/kit";
import { type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { encodeAccount } from "./encoding.ts";
import { RpcError } from "./errors.ts";
import type { Commitment, LedgerTransaction, SvmLedger } from "./ledger.ts";
import { methodNotFound } from "./methods.ts";
import { accountEncoding, address, commitment, parseParams, signature } from "./params.ts";

const SYSTEM_PROGRAM = toAddress("11111111111111111111111111111111");
const MAX_MESSAGE_BYTES = 1024 * 1024;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 1024;

type Subscription =
  | { kind: "signature"; socket: WebSocket; commitment: Commitment; signature: string; received: boolean }
  | {
      kind: "account";
      socket: WebSocket;
      commitment: Commitment;
      address: string;
      encoding?: z.infer<typeof accountEncoding>;
    }
  | { kind: "logs"; socket: WebSocket; commitment: Commitment; mentions: string | null }
  | { kind: "slot"; socket: WebSocket };

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
const logsParams = z.tuple([
  z.union([z.enum(["all", "allWithVotes"]), z.object({ mentions: z.tuple([address]) })]),
  subscribeConfig,
]);
const unsubscribeParams = z.tuple([z.number().int().nonnegative()]);

export interface PubSubServer {
  /** `ws://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

export async function servePubSub(ledger: SvmLedger, port = 0): Promise<PubSubServer> {
  const subscriptions = new Map<number, Subscription>();
  let nextId = 0;

  const notify = (socket: WebSocket, method: string, subscription: number, result: unknown) => {
    if (socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ jsonrpc: "2.0", method, params: { result, subscription } }));
    }
  };

  function accountValue(key: string, encoding: Subscription & { kind: "account" }) {
    const found = ledger.svm.getAccount(toAddress(key));
    const view = found.exists
      ? found
      : {
          address: toAddress(key),
          lamports: 0n,
          programAddress: SYSTEM_PROGRAM,
          executable: false,
          data: new Uint8Array(),
        };
    return encodeAccount(ledger.svm, view, encoding.encoding ?? "base64");
  }

  /** Notifies the subscriptions at `level` of transactions that just reached it. */
  function reached(level: Commitment, txs: readonly LedgerTransaction[], slot: number): void {
    if (txs.length === 0) return;
    const context = { slot };
    const touched = new Set<string>(
      txs.flatMap((tx) => tx.accounts.keys.filter((_, i) => tx.accounts.writable[i])),
    );
    for (const [id, sub] of subscriptions) {
      if (sub.kind === "slot" || sub.commitment !== level) continue;
      if (sub.kind === "signature") {
        const tx = txs.find((t) => t.signature === sub.signature);
        if (!tx) continue;
        notify(sub.socket, "signatureNotification", id, { context, value: { err: tx.err } });
        subscriptions.delete(id);
      } else if (sub.kind === "account") {
        if (touched.has(sub.address))
          notify(sub.socket, "accountNotification", id, { context, value: accountValue(sub.address, sub) });
      } else {
        for (const tx of txs) {
          if (sub.mentions !== null && !(tx.accounts.keys as string[]).includes(sub.mentions)) continue;
          notify(sub.socket, "logsNotification", id, {
            context,
            value: { signature: tx.signature, err: tx.err, logs: tx.logs },
          });
        }
      }
    }
  }

  const unsubscribeLedger = ledger.subscribe({
    transaction(tx) {
      for (const [id, sub] of subscriptions) {
        if (
          sub.kind === "signature" &&
          sub.received &&
          sub.signature === tx.signature &&
          sub.commitment !== "processed"
        ) {
          notify(sub.socket, "signatureNotification", id, {
            context: { slot: tx.slot },
            value: "receivedSignature",
          });
        }
      }
      reached("processed", [tx], tx.slot);
    },
    slot({ closed, finalized, opened }) {
      for (const [id, sub] of subscriptions) {
        if (sub.kind === "slot")
          notify(sub.socket, "slotNotification", id, { parent: closed, root: finalized ?? 0, slot: opened });
      }
      reached("confirmed", ledger.transactionsInSlot(closed), closed);
      if (finalized !== null) reached("finalized", ledger.transactionsInSlot(finalized), finalized);
    },
  });

  function subscribe(
    socket: WebSocket,
    method: string,
    params: unknown,
  ): { result: unknown; after?: () => void } {
    const owned = [...subscriptions.values()].filter((sub) => sub.socket === socket).length;
    if (method.endsWith("Subscribe") && owned >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new RpcError(-32603, `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
    }
    const id = nextId;
    switch (method) {
      case "signatureSubscribe": {
        const [sig, config] = parseParams(signatureParams, params);
        const level = config?.commitment ?? "finalized";
        nextId++;
        subscriptions.set(id, {
          kind: "signature",
          socket,
          commitment: level,
          signature: sig,
          received: config?.enableReceivedNotification ?? false,
        });
        const after = () => {
          const tx = ledger.transaction(sig);
          if (!tx || !subscriptions.has(id)) return;
          const order: Commitment[] = ["processed", "confirmed", "finalized"];
          if (order.indexOf(ledger.commitmentOf(tx)) < order.indexOf(level)) return;
          notify(socket, "signatureNotification", id, { context: { slot: tx.slot }, value: { err: tx.err } });
          subscriptions.delete(id);
        };
        return { result: id, after };
      }
      case "accountSubscribe": {
        const [key, config] = parseParams(accountParams, params);
        nextId++;
        subscriptions.set(id, {
          kind: "account",
          socket,
          commitment: config?.commitment ?? "finalized",
          address: key,
          ...(config?.encoding ? { encoding: config.encoding } : {}),
        });
        return { result: id };
      }
      case "logsSubscribe": {
        const [filter, config] = parseParams(logsParams, params);
        nextId++;
        subscriptions.set(id, {
          kind: "logs",
          socket,
          commitment: config?.commitment ?? "finalized",
          mentions: typeof filter === "string" ? null : filter.mentions[0],
        });
        return { result: id };
      }
      case "slotSubscribe": {
        parseParams(z.tuple([]), params);
        nextId++;
        subscriptions.set(id, { kind: "slot", socket });
        return { result: id };
      }
      case "signatureUnsubscribe":
      case "accountUnsubscribe":
      case "logsUnsubscribe":
      case "slotUnsubscribe": {
        const [target] = parseParams(unsubscribeParams, params);
        const sub = subscriptions.get(target);
        if (!sub || sub.socket !== socket || `${sub.kind}Unsubscribe` !== method) {
          throw new RpcError(-32602, "Invalid subscription id.");
        }
        subscriptions.delete(target);
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
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
      );
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
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: replyId, error: { code: -32600, message: "Invalid request" } }),
      );
      return;
    }
    try {
      const { result, after } = subscribe(socket, method, params);
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: replyId, result }));
      after?.();
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message);
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: replyId, error: { code: e.code, message: e.message } }),
      );
    }
  }

  const server = new WebSocketServer({ host: "127.0.0.1", port, maxPayload: MAX_MESSAGE_BYTES });
  server.on("connection", (socket) => {
    socket.on("message", (data, isBinary) => onMessage(socket, isBinary ? "" : data.toString()));
    socket.on("close", () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id);
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
