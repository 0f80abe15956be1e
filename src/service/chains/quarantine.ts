/**
 * Transactions processed in isolation. A scan reads chains (RPC) and then works out what each
 * transaction deposits. A failed read fails the whole scan, and the range is scanned again on the
 * next pass (the node comes back). A failure while working out one transaction (a log, an event or a
 * receipt of a shape nothing foresaw) is that transaction's alone: it becomes one `quarantine`
 * observation, the transaction's other observations are dropped, and the scan goes on, so one
 * transaction never stops the books of its chain.
 */
import { AttestkitError } from "../../errors.ts";
import type { ChainObservation } from "./types.ts";

/** A chain read that failed: the scan fails and its range is scanned again. */
export class ChainReadError extends AttestkitError {
  constructor(what: string, cause: unknown) {
    super("CHAIN_READ_FAILED", `reading ${what} failed: ${describeFailure(cause)}`, { cause });
  }
}

/** Runs the read `read` of `what`, turning any failure into a `ChainReadError`. */
export async function chainRead<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ChainReadError(what, error);
  }
}

type Quarantine = Extract<ChainObservation, { kind: "quarantine" }>;

/** The longest reason kept: enough for an error's name and message, bounded whatever it holds. */
const MAX_REASON = 500;

const bounded = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text);

/** An error as one bounded line: its name and the first line of its message. */
export function describeFailure(error: unknown): string {
  return bounded(
    error instanceof Error ? `${error.name}: ${error.message.split("\n")[0] ?? ""}` : String(error),
  );
}

/**
 * What `work` observes in transaction `txHash` of block `block`; when it throws anything but a
 * `ChainReadError`, one quarantine observation naming the transaction and the error instead.
 */
export async function isolateTransaction(
  tx: { txHash: string; block: number },
  work: () => Promise<readonly ChainObservation[]>,
): Promise<ChainObservation[]> {
  try {
    return [...(await work())];
  } catch (error) {
    if (error instanceof ChainReadError) throw error;
    return [{ kind: "quarantine", txHash: tx.txHash, block: tx.block, reason: describeFailure(error) }];
  }
}

/**
 * `observations` without anything of a quarantined transaction but its quarantine (one per
 * transaction, reasons joined): a transaction that failed anywhere in a scan is booked nowhere.
 */
export function settleQuarantined(observations: readonly ChainObservation[]): ChainObservation[] {
  const quarantined = new Map<string, Quarantine>();
  for (const observation of observations) {
    if (observation.kind !== "quarantine") continue;
    const key = observation.txHash.toLowerCase();
    const earlier = quarantined.get(key);
    quarantined.set(
      key,
      earlier === undefined
        ? observation
        : { ...earlier, reason: bounded(`${earlier.reason}; ${observation.reason}`) },
    );
  }
  if (quarantined.size === 0) return [...observations];
  return [
    ...observations.filter((observation) => !quarantined.has(observation.txHash.toLowerCase())),
    ...quarantined.values(),
  ];
}

/** Logs grouped by transaction, in order; a log without a transaction or block (pending) is left out. */
export function byTransaction<L extends { transactionHash: string | null; blockNumber: bigint | null }>(
  logs: readonly L[],
): Map<string, L[]> {
  const groups = new Map<string, L[]>();
  for (const log of logs) {
    if (log.transactionHash === null || log.blockNumber === null) continue;
    groups.set(log.transactionHash, [...(groups.get(log.transactionHash) ?? []), log]);
  }
  return groups;
}
