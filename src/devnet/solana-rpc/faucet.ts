/**
 * The limits of the faucet behind `requestAirdrop`, as `solana-test-validator`'s faucet applies them
 * (`--faucet-per-request-sol-cap`, `--faucet-per-time-sol-cap`, `--faucet-time-slice-secs`): a cap
 * per request, and a cap on what one recipient receives within one time slice (its per-IP cap
 * exempts loopback, where a local validator's RPC node asks from). A refused airdrop answers what a validator answers, `-32603 Internal error`; the faucet's own text
 * (which a validator only logs) rides in `data`.
 */
import { RpcError } from "./errors.ts";

const LAMPORTS_PER_SOL = 1_000_000_000n;
const INTERNAL_ERROR = -32603;

/** Caps of `requestAirdrop` on the devnet's SVM chain. */
export interface FaucetLimits {
  /** Largest single airdrop, in SOL. */
  perRequestSol: number;
  /** Most one recipient receives within one time slice, in SOL. */
  perTimeSliceSol: number;
  /** Length of the time slice after which the counts restart, in seconds. */
  timeSliceSeconds: number;
}

/** 1,000 SOL per airdrop, 10,000 SOL per recipient every 10 s. */
export const DEFAULT_FAUCET_LIMITS: FaucetLimits = {
  perRequestSol: 1_000,
  perTimeSliceSol: 10_000,
  timeSliceSeconds: 10,
};

export interface Faucet {
  /**
   * Counts an airdrop of `lamports` to `recipient` against the limits.
   * @throws RpcError -32603 (`data.faucetError`: the faucet's reason) when a cap would be exceeded.
   */
  grant(recipient: string, lamports: bigint): void;
}

/** `◎<sol>` in plain decimals, the faucet's way of writing an amount. */
function sol(lamports: bigint): string {
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, "0").replace(/0+$/, "");
  return `◎${lamports / LAMPORTS_PER_SOL}${fraction ? `.${fraction}` : ""}`;
}

const refused = (faucetError: string) => new RpcError(INTERNAL_ERROR, "Internal error", { faucetError });

function solToLamports(value: number, name: string): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`faucet ${name} must be a SOL amount >= 0`);
  return BigInt(Math.round(value * Number(LAMPORTS_PER_SOL)));
}

export function createFaucet(limits: FaucetLimits = DEFAULT_FAUCET_LIMITS, now = Date.now): Faucet {
  const perRequest = solToLamports(limits.perRequestSol, "perRequestSol");
  const perSlice = solToLamports(limits.perTimeSliceSol, "perTimeSliceSol");
  if (!Number.isFinite(limits.timeSliceSeconds) || limits.timeSliceSeconds <= 0) {
    throw new RangeError("faucet timeSliceSeconds must be > 0");
  }
  const sliceMs = limits.timeSliceSeconds * 1000;
  // Slices count from the faucet's start, as a validator's faucet clears its counts every slice.
  const start = now();
  const sliceOf = (time: number) => Math.floor((time - start) / sliceMs);
  // Counts of the current slice only: at most one entry per recipient seen in it.
  let slice = 0;
  let given = new Map<string, bigint>();
  return {
    grant(recipient, lamports) {
      if (lamports > perRequest) {
        throw refused(`request too large; req: ${sol(lamports)}, cap: ${sol(perRequest)}`);
      }
      const current = sliceOf(now());
      if (current !== slice) {
        slice = current;
        given = new Map();
      }
      const total = (given.get(recipient) ?? 0n) + lamports;
      if (total > perSlice) {
        throw refused(
          `limit reached; req: ${sol(lamports)}, to: ${recipient}, current: ${sol(total)}, cap: ${sol(perSlice)}`,
        );
      }
      given.set(recipient, total);
    },
  };
}
