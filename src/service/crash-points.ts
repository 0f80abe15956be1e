/**
 * Crash injection for the service's crash trial: with `ATTESTKIT_CRASH_AT=<point>` in its
 * environment, the process kills itself (SIGKILL, no cleanup) the first time it reaches that point,
 * so a test can restart it on the same database and check the books against the chains.
 * Unset (always, outside that trial), every point is a no-op.
 */
export type CrashPoint =
  /** A deposit seen, not final, recorded (waiting -> depositing). */
  | "deposit-indexed"
  /** A final deposit booked, its fill or refund not started. */
  | "deposit-final"
  /** A fill or refund signed and recorded in the outbox, not sent. */
  | "transfer-signed"
  /** A fill or refund sent, not yet included. */
  | "transfer-sent"
  /** A fill or refund included, its result not recorded. */
  | "transfer-mined"
  /** A fast fill's hold placed, its fill not signed. */
  | "fast-fill-hold"
  /** An app balance funding credited, the indexer's cursor not moved. */
  | "funding-credited"
  /** Expired holds debited. */
  | "hold-expired"
  /** A webhook endpoint answered 2xx, the delivery not yet marked delivered. */
  | "webhook-answered";

const target = typeof process === "undefined" ? undefined : process.env.ATTESTKIT_CRASH_AT;

export function crashPoint(point: CrashPoint): void {
  if (target === point) process.kill(process.pid, "SIGKILL");
}
