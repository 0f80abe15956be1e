/**
 * Activity events of the mock service: what an app's traffic did (a quote, a deposit seen on a chain,
 * a fill, a fast-fill hold, a refund) and a transaction the indexer quarantined, emitted by the routes and the lifecycle as it happens, so a
 * developer watching the devnet sees their app at work without polling the database.
 */

export type ActivityEvent =
  | {
      kind: "quote";
      requestId: string;
      originChainId: number;
      destinationChainId: number;
      amountIn: string;
      symbolIn: string;
      amountOut: string;
      symbolOut: string;
    }
  | { kind: "deposit"; requestId: string; chainId: number; txHash: string; final: boolean }
  | { kind: "fill"; requestId: string; chainId: number; txHash: string; status: string }
  | { kind: "hold"; requestId: string; wallet: string; amountUsd: string }
  | { kind: "refund"; requestId: string; txHash: string | null; reason: string }
  | { kind: "quarantine"; chainId: number; txHash: string; block: number; reason: string };

export type ActivityListener = (event: ActivityEvent) => void;

/** How many recent events the feed remembers to drop repeats (the indexer re-observes a deposit on each scan). */
const REMEMBERED_EVENTS = 10_000;

/**
 * Listeners of a service's activity: one event per change (an event identical to a recent one is
 * dropped); a throwing listener never breaks the service.
 */
export class ActivityFeed {
  readonly #listeners = new Set<ActivityListener>();
  readonly #recent = new Set<string>();

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: ActivityListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: ActivityEvent): void {
    const key = JSON.stringify(event);
    if (this.#recent.has(key)) return;
    this.#recent.add(key);
    if (this.#recent.size > REMEMBERED_EVENTS)
      this.#recent.delete(this.#recent.values().next().value as string);
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the request being served goes on.
      }
    }
  }
}

/**
 * One line per event, as `npm start` prints it. Request ids, chain ids, transaction hashes and
 * wallets appear whole, in the form `GET /intents/status/v3` and the chains use (EVM hashes in
 * lowercase hex, SVM signatures in base58), so any of them can be pasted into a status query or an
 * explorer.
 */
export function formatActivity(event: ActivityEvent): string {
  if (event.kind === "quarantine") {
    return `quarantine tx ${event.txHash} on ${event.chainId} (block ${event.block}) not booked: ${event.reason}`;
  }
  const id = event.requestId;
  switch (event.kind) {
    case "quote":
      return `quote    ${id}  ${event.amountIn} ${event.symbolIn} (${event.originChainId}) -> ${event.amountOut} ${event.symbolOut} (${event.destinationChainId})`;
    case "deposit":
      return `deposit  ${id}  ${event.final ? "final" : "seen"} on ${event.chainId}  tx ${event.txHash}`;
    case "fill":
      return `fill     ${id}  ${event.status} on ${event.chainId}  tx ${event.txHash}`;
    case "hold":
      return `hold     ${id}  ${event.amountUsd} USD held on app balance of ${event.wallet}`;
    case "refund":
      return `refund   ${id}  ${event.reason}  ${event.txHash === null ? "refund failed: manual refund required" : `tx ${event.txHash}`}`;
  }
}
