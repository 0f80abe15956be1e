// The regression check on the devnet-versus-anvil figures (bench/devnet-vs-anvil.measure.ts): ratios
// only, never absolute times, so a slower or busier machine slows both sides alike. Each limit is
// generous (a loaded CI machine runs a small slice) but fails a real regression: a per-request cost
// several times over, background work burning a core, a chain setup that stops scaling.
import { type CompareSizes, type Figure, gap } from "./devnet-vs-anvil.measure.ts";

/** The CI slice: well under a minute on a loaded two-core machine. */
export const CHECK_SIZES: CompareSizes = {
  reads: 300,
  transfers: 100,
  longChainBlocks: 500,
  snapshots: 100,
  settleMs: 1000,
  idleMs: 3000,
};

/**
 * Largest gap allowed per figure (see `gap`: above 1 the devnet is behind); figures not listed are
 * reported, not checked (p99s: a handful of samples on a shared machine). Idle CPU is checked as
 * points of a core over anvil's (anvil's is 0, so no ratio exists).
 */
const LIMITS: readonly { match: RegExp; limit: number }[] = [
  { match: /^start to first eth_chainId$/, limit: 40 },
  { match: /^RSS/, limit: 20 },
  // Reads and snapshots measure 1.3-2.1x on a loaded two-core machine; a new connection per request
  // or extra trips to the node per call put them past these limits.
  { match: /^eth_\w+ p50$/, limit: 3.5 },
  { match: /^evm_snapshot \+ evm_revert p50$/, limit: 4 },
  { match: /^\d+ transfers, .*, fresh chain$/, limit: 10 },
  { match: /^\d+ transfers, .*, \d+-block chain$/, limit: 2 },
];
/** Points of a core the idle devnet may use over idle anvil. */
export const IDLE_CPU_LIMIT_POINTS = 5;

export interface Breach {
  figure: string;
  measured: number;
  limit: number;
}

/** The figures over their limit (an empty list: the check passes). */
export function findBreaches(figures: readonly Figure[]): Breach[] {
  const breaches: Breach[] = [];
  for (const figure of figures) {
    if (figure.name === "idle CPU") {
      const points = figure.devnet - figure.anvil;
      if (points > IDLE_CPU_LIMIT_POINTS)
        breaches.push({ figure: figure.name, measured: points, limit: IDLE_CPU_LIMIT_POINTS });
      continue;
    }
    const limit = LIMITS.find((entry) => entry.match.test(figure.name))?.limit;
    if (limit !== undefined && !(gap(figure) <= limit))
      breaches.push({ figure: figure.name, measured: gap(figure), limit });
  }
  return breaches;
}
