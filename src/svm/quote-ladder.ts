import { describeValue } from "../describe.ts";
import { InvalidSvmArgumentError } from "../errors.ts";

/**
 * One attempt of the SVM re-quote ladder: the quote parameters (service interface: Endpoints) to
 * send on that attempt, on top of the caller's own request body.
 */
export type SvmQuoteAttempt = Readonly<{
  /** 0-based position in the ladder. */
  attempt: number;
  /** What this rung changes. */
  kind: "as-requested" | "max-route-length" | "single-swap-source";
  /** `maxRouteLength` to send, when this rung sets one. */
  maxRouteLength?: number;
  /** `includedOriginSwapSources` to send (one source), when this rung sets it. */
  includedOriginSwapSources?: readonly [string];
}>;

/** Options of the re-quote ladder. */
export type SvmQuoteLadderOptions = Readonly<{
  /**
   * Origin swap sources (`<swap_source_name>` identifiers) known to route the
   * pair. Each distinct one gives a last-resort rung restricting routing to that
   * single source. Without them the ladder ends after `maxRouteLength: 3`.
   */
  swapSources?: readonly string[];
  /**
   * The route parameters already in the caller's first request. Rungs that would
   * not tighten them (a `maxRouteLength` at or above the requested one; the very
   * same single source) are skipped, since re-sending the same route parameters
   * with the same input usually returns another oversized route.
   */
  requested?: Readonly<{ maxRouteLength?: number; includedOriginSwapSources?: readonly string[] }>;
}>;

/** The documented `maxRouteLength` steps (service interface: SVM rules, Endpoints): 4 first, then 3. */
export const SVM_QUOTE_MAX_ROUTE_LENGTHS = [4, 3] as const;

function readOptions(options: unknown): { sources: string[]; maxRouteLength?: number; single?: string } {
  if (options === undefined) return { sources: [] };
  if (options === null || typeof options !== "object") {
    throw new InvalidSvmArgumentError(
      `quote ladder options must be an object, got ${describeValue(options)}`,
    );
  }
  const { swapSources, requested } = options as { swapSources?: unknown; requested?: unknown };
  const sources: string[] = [];
  if (swapSources !== undefined) {
    if (!Array.isArray(swapSources)) {
      throw new InvalidSvmArgumentError(
        `swapSources must be an array of strings, got ${describeValue(swapSources)}`,
      );
    }
    for (const source of swapSources) {
      if (typeof source !== "string" || source.length === 0) {
        throw new InvalidSvmArgumentError(
          `swap source must be a non-empty string, got ${describeValue(source)}`,
        );
      }
      if (!sources.includes(source)) sources.push(source);
    }
  }
  if (requested === undefined) return { sources };
  if (requested === null || typeof requested !== "object") {
    throw new InvalidSvmArgumentError(`requested must be an object, got ${describeValue(requested)}`);
  }
  const { maxRouteLength, includedOriginSwapSources } = requested as {
    maxRouteLength?: unknown;
    includedOriginSwapSources?: unknown;
  };
  if (
    maxRouteLength !== undefined &&
    (!Number.isSafeInteger(maxRouteLength) || (maxRouteLength as number) < 1)
  ) {
    throw new InvalidSvmArgumentError(
      `requested.maxRouteLength must be a positive integer, got ${describeValue(maxRouteLength)}`,
    );
  }
  if (includedOriginSwapSources !== undefined && !Array.isArray(includedOriginSwapSources)) {
    throw new InvalidSvmArgumentError(
      `requested.includedOriginSwapSources must be an array, got ${describeValue(includedOriginSwapSources)}`,
    );
  }
  const single =
    Array.isArray(includedOriginSwapSources) && includedOriginSwapSources.length === 1
      ? String(includedOriginSwapSources[0])
      : undefined;
  return {
    sources,
    ...(maxRouteLength === undefined ? {} : { maxRouteLength: maxRouteLength as number }),
    ...(single === undefined ? {} : { single }),
  };
}

/**
 * The whole re-quote ladder for an SVM-origin quote that failed with
 * `SOLANA_TX_TOO_LARGE` (service interface: SVM rules, Endpoints), in order:
 *
 * 1. the quote as requested;
 * 2. `maxRouteLength: 4`;
 * 3. `maxRouteLength: 3`;
 * 4. for each known swap source, `includedOriginSwapSources: [source]`.
 *
 * Each rung changes the route parameters: re-quoting the same route with the
 * same input usually returns another oversized route (service interface: SVM rules), so repeating
 * a rung is pointless. When the ladder is exhausted, a different input amount
 * may help; that is the caller's decision, not part of the ladder.
 *
 * Pure: no I/O, same input gives the same output.
 * @param options the swap sources to try one at a time, and the route parameters the first request already used.
 * @returns every attempt, the first being the quote as requested.
 * @example
 * ```ts
 * for (const attempt of svmQuoteLadder()) {
 *   try {
 *     return await client.quoteV2(applySvmQuoteAttempt(body, attempt));
 *   } catch (error) {
 *     if (!isSolanaTxTooLarge(error)) throw error;
 *   }
 * }
 * ```
 */
export function svmQuoteLadder(options?: SvmQuoteLadderOptions): readonly SvmQuoteAttempt[] {
  const { sources, maxRouteLength, single } = readOptions(options);
  const rungs: SvmQuoteAttempt[] = [{ attempt: 0, kind: "as-requested" }];
  for (const length of SVM_QUOTE_MAX_ROUTE_LENGTHS) {
    if (maxRouteLength === undefined || length < maxRouteLength) {
      rungs.push({ attempt: rungs.length, kind: "max-route-length", maxRouteLength: length });
    }
  }
  for (const source of sources) {
    if (source !== single) {
      rungs.push({ attempt: rungs.length, kind: "single-swap-source", includedOriginSwapSources: [source] });
    }
  }
  return rungs;
}

/**
 * The next rung of `svmQuoteLadder` after `previousAttempts` attempts were made
 * (0 gives the first attempt, as requested), or null when the ladder is
 * exhausted.
 *
 * @example
 * for (let n = 0, step = nextSvmQuoteAttempt(0); step; step = nextSvmQuoteAttempt(++n)) {
 *   const res = await quote(applySvmQuoteAttempt(body, step));
 *   if (res.errorCode !== "SOLANA_TX_TOO_LARGE") return res;
 * }
 *
 * @throws InvalidSvmArgumentError when `previousAttempts` is not a non-negative integer.
 */
export function nextSvmQuoteAttempt(
  previousAttempts: number,
  options?: SvmQuoteLadderOptions,
): SvmQuoteAttempt | null {
  if (
    typeof previousAttempts !== "number" ||
    !Number.isSafeInteger(previousAttempts) ||
    previousAttempts < 0
  ) {
    throw new InvalidSvmArgumentError(
      `previousAttempts must be a non-negative integer, got ${describeValue(previousAttempts)}`,
    );
  }
  return svmQuoteLadder(options)[previousAttempts] ?? null;
}

/**
 * A copy of a quote request body with the rung's route parameters applied
 * (`maxRouteLength`, `includedOriginSwapSources`). The "as-requested" rung
 * returns an unchanged copy. The input is not modified.
 * @param body the quote request body.
 * @param attempt a rung of `svmQuoteLadder`.
 * @example
 * ```ts
 * const retry = applySvmQuoteAttempt(body, { attempt: 1, kind: "max-route-length", maxRouteLength: 4 });
 * ```
 */
export function applySvmQuoteAttempt<TBody extends object>(
  body: TBody,
  attempt: SvmQuoteAttempt,
): TBody & { maxRouteLength?: number; includedOriginSwapSources?: string[] } {
  const next: TBody & { maxRouteLength?: number; includedOriginSwapSources?: string[] } = { ...body };
  if (attempt.maxRouteLength !== undefined) next.maxRouteLength = attempt.maxRouteLength;
  if (attempt.includedOriginSwapSources !== undefined) {
    next.includedOriginSwapSources = [...attempt.includedOriginSwapSources];
  }
  return next;
}
