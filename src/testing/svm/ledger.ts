// Where the SVM catalogue's transactions land: LiteSVM in-process, or any Solana JSON-RPC endpoint.
import {
  type Address,
  airdropFactory,
  type Blockhash,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  type Transaction,
} from "@solana/kit";
import { FailedTransactionMetadata, type LiteSVM } from "litesvm";
import { liteSvmCluster, type ReceiverCluster, rpcCluster } from "../../deploy/svm.ts";
import { journaledLiteSvm } from "./snapshot.ts";

/** The outcome of one transaction. */
export type SvmAttempt =
  | { ok: true; computeUnits: bigint /** The transaction's program log lines. */; logs: readonly string[] }
  | { ok: false; code?: number; message: string };

/** An account as the catalogue reads it. */
export type SvmAccountState =
  | { exists: false }
  | { exists: true; data: Uint8Array; owner: Address; lamports: bigint };

/** What the catalogue needs from a ledger. */
export interface SvmLedger {
  /** The LiteSVM instance when in-process: properties that plant accounts need it. */
  readonly svm?: LiteSVM;
  /** For `deployReceiver` and other deploy helpers. */
  readonly cluster: ReceiverCluster;
  /** A blockhash no earlier transaction of this ledger used (identical transactions stay distinct). */
  freshBlockhash(): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }>;
  /** Sends a signed transaction; resolves with its outcome (it never throws on a failed transaction). */
  send(tx: Transaction): Promise<SvmAttempt>;
  /** The account's state. */
  account(address: Address): Promise<SvmAccountState>;
  /** Credits `amount` lamports to `address`. */
  airdrop(address: Address, amount: bigint): Promise<void>;
  /** Lamports that keep an account of `space` bytes rent-exempt. */
  rent(space: bigint): Promise<bigint>;
  /** The cluster's unix time (the Clock sysvar). */
  now(): Promise<bigint>;
  /**
   * Starts a snapshot of the ledger and returns what restores it (LiteSVM only: an RPC cluster cannot be
   * rewound, so its properties rely on fresh ids and accounts instead).
   */
  snapshot?(): () => void;
}

/** The custom error code in a failure's text: LiteSVM's `Custom(n)`, RPC's JSON or program log. */
const customCode = (text: string) => {
  const decimal = text.match(/Custom\((\d+)\)|"Custom":\s*(\d+)|"code":(\d+),"index"/);
  if (decimal) return Number(decimal[1] ?? decimal[2] ?? decimal[3]);
  const logged = text.match(/custom program error: 0x([0-9a-f]+)/i);
  return logged ? Number.parseInt(logged[1] as string, 16) : undefined;
};

/** LiteSVM as the catalogue's ledger; its writes are journaled so a snapshot can undo them. */
export function liteSvmLedger(raw: LiteSVM): SvmLedger {
  const journal = journaledLiteSvm(raw);
  const { svm } = journal;
  return {
    svm,
    snapshot: journal.snapshot,
    cluster: liteSvmCluster(svm),
    freshBlockhash: async () => {
      svm.expireBlockhash();
      return { blockhash: svm.latestBlockhash() as Blockhash, lastValidBlockHeight: 2n ** 63n };
    },
    send: async (tx) => {
      const result = svm.sendTransaction(tx);
      if (result instanceof FailedTransactionMetadata) {
        const message = result.toString();
        return { ok: false, code: customCode(message), message };
      }
      return { ok: true, computeUnits: result.computeUnitsConsumed(), logs: result.logs() };
    },
    account: async (address) => {
      const a = svm.getAccount(address);
      return a.exists
        ? { exists: true, data: a.data, owner: a.programAddress, lamports: a.lamports }
        : { exists: false };
    },
    airdrop: async (address, amount) => void svm.airdrop(address, lamports(amount)),
    rent: async (space) => svm.minimumBalanceForRentExemption(space),
    now: async () => svm.getClock().unixTimestamp,
  };
}

const CLOCK = "SysvarC1ock11111111111111111111111111111111" as Address;
const POLL_MS = 50;
const CONFIRM_POLLS = 600;

/**
 * A Solana JSON-RPC endpoint (and its PubSub) as the catalogue's ledger: transactions are sent with
 * preflight (a refused one never lands) and confirmed at `confirmed`.
 */
export function rpcLedger(
  rpc: Rpc<SolanaRpcApi>,
  rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>,
): SvmLedger {
  const airdrop = airdropFactory({ rpc, rpcSubscriptions } as Parameters<typeof airdropFactory>[0]);
  let lastBlockhash: string | undefined;
  return {
    cluster: rpcCluster(rpc, rpcSubscriptions),
    async freshBlockhash() {
      for (let poll = 0; poll < CONFIRM_POLLS; poll += 1) {
        const { value } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
        if (value.blockhash !== lastBlockhash) {
          lastBlockhash = value.blockhash;
          return value;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      throw new Error("the cluster produced no new blockhash");
    },
    async send(tx) {
      const signature = getSignatureFromTransaction(tx);
      try {
        await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
      } catch (error) {
        const message = describe(error);
        return { ok: false, code: customCode(message), message };
      }
      for (let poll = 0; poll < CONFIRM_POLLS; poll += 1) {
        const tx = await rpc
          .getTransaction(signature, {
            commitment: "confirmed",
            maxSupportedTransactionVersion: 0,
            encoding: "json",
          })
          .send();
        if (tx) {
          if (tx.meta?.err) {
            const message = JSON.stringify(tx.meta.err, (_, v) => (typeof v === "bigint" ? Number(v) : v));
            return { ok: false, code: customCode(message), message };
          }
          return {
            ok: true,
            computeUnits: BigInt(tx.meta?.computeUnitsConsumed ?? 0n),
            logs: tx.meta?.logMessages ?? [],
          };
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      throw new Error(`transaction ${signature} was not confirmed`);
    },
    async account(address) {
      const { value } = await rpc
        .getAccountInfo(address, { encoding: "base64", commitment: "confirmed" })
        .send();
      if (!value) return { exists: false };
      return {
        exists: true,
        data: Uint8Array.from(Buffer.from(value.data[0], "base64")),
        owner: value.owner,
        lamports: value.lamports,
      };
    },
    async airdrop(address, amount) {
      await airdrop({ recipientAddress: address, lamports: lamports(amount), commitment: "confirmed" });
    },
    rent: (space) => rpc.getMinimumBalanceForRentExemption(space).send(),
    async now() {
      const clock = await this.account(CLOCK);
      if (!clock.exists) throw new Error("no Clock sysvar");
      return new DataView(clock.data.buffer, clock.data.byteOffset).getBigInt64(32, true);
    },
  };
}

/** An RPC error with its causes and context, as text to find the custom error code in. */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (
    let e = error as { message?: string; context?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    parts.push(
      String(e.message),
      JSON.stringify(e.context ?? {}, (_, v) => (typeof v === "bigint" ? Number(v) : v)),
    );
    e = e.cause as typeof e;
  }
  return parts.join("\n");
}
