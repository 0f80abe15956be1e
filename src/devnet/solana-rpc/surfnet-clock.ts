/**
 * The SVM chain on the devnet's clock, and surfpool's clock cheatcodes on its RPC.
 *
 * The chain follows the clock: a move of Δ ms passes ⌊Δ / slot time⌋ slots at once (`SvmLedger.travel`:
 * the first ones close as the timer closes them, the rest are skipped) and stamps the Clock sysvar with
 * the new time; a pause stops slot production, a resume restarts it.
 *
 * `surfnet_timeTravel([config?])`, `surfnet_pauseClock([])` and `surfnet_resumeClock([])` take
 * surfpool's parameters and answer its `EpochInfo`; they move the whole devnet (both EVM chains and
 * the service too). `config` is one of `{ absoluteTimestamp: <unix ms> }`, `{ absoluteSlot }`,
 * `{ absoluteEpoch }` (absent: an hour from now); a target in the past is refused as surfpool refuses
 * it, -32603 `Internal error` with the reason as `data`.
 */
import type { DevnetClock } from "../clock.ts";
import { RpcError } from "./errors.ts";
import type { SvmLedger } from "./ledger.ts";
import type { RpcMethod } from "./rpc-method.ts";
import { invalidType, noParams, positional, surfnetInvalidParams, u64 } from "./surfnet-params.ts";

const INTERNAL_ERROR = -32603;
const TRAVEL_VARIANTS = ["absoluteEpoch", "absoluteSlot", "absoluteTimestamp"] as const;
type TravelVariant = (typeof TRAVEL_VARIANTS)[number];
/** surfpool's default travel: an hour ahead. */
const DEFAULT_TRAVEL_MS = 3_600_000;

/** Keeps `ledger` on `clock`; returns the function that detaches it. */
export function followDevnetClock(ledger: SvmLedger, clock: DevnetClock): () => void {
  if (clock.paused) ledger.pause();
  return clock.join({
    moved({ fromMs, toMs }) {
      ledger.travel(Math.floor((toMs - fromMs) / ledger.slotTimeMs));
    },
    paused: () => ledger.pause(),
    resumed: () => ledger.resume(),
  });
}

/** Solana's `EpochInfo` of the open slot, as surfpool answers its clock cheatcodes. */
function epochInfo(ledger: SvmLedger) {
  const slot = ledger.slot("processed");
  const slotsInEpoch = Number(ledger.svm.getEpochSchedule().slotsPerEpoch);
  return {
    absoluteSlot: slot,
    blockHeight: slot,
    epoch: Math.floor(slot / slotsInEpoch),
    slotIndex: slot % slotsInEpoch,
    slotsInEpoch,
    transactionCount: ledger.transactionCount(),
  };
}

/** surfpool's `TimeTravelConfig` (an externally tagged enum), or null for the default. */
function travelConfig(value: unknown): { variant: TravelVariant; value: number } | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") {
    if (!(TRAVEL_VARIANTS as readonly string[]).includes(value)) {
      throw surfnetInvalidParams(
        `Invalid params: unknown variant \`${value}\`, expected one of ${TRAVEL_VARIANTS.map((v) => `\`${v}\``).join(", ")}.`,
      );
    }
    throw surfnetInvalidParams("Invalid params: invalid type: unit variant, expected newtype variant.");
  }
  if (typeof value !== "object" || Array.isArray(value)) throw invalidType(value, "enum TimeTravelConfig");
  const entries = Object.entries(value);
  const [entry] = entries;
  if (entries.length !== 1 || entry === undefined) {
    throw surfnetInvalidParams("Invalid params: invalid value: map, expected map with a single key.");
  }
  const [variant, amount] = entry;
  if (!(TRAVEL_VARIANTS as readonly string[]).includes(variant)) {
    throw surfnetInvalidParams(
      `Invalid params: unknown variant \`${variant}\`, expected one of ${TRAVEL_VARIANTS.map((v) => `\`${v}\``).join(", ")}.`,
    );
  }
  return { variant: variant as TravelVariant, value: u64(amount) };
}

const pastTarget = (what: string, target: number, current: number) =>
  new RpcError(
    INTERNAL_ERROR,
    "Internal error",
    `Cannot travel to past ${what}: target=${target}, current=${current}`,
  );

/** The devnet time (unix ms) a travel config leads to, with surfpool's slot and epoch arithmetic. */
function travelTarget(
  ledger: SvmLedger,
  clock: DevnetClock,
  config: ReturnType<typeof travelConfig>,
): number {
  const current = clock.now();
  if (config === null) return current + DEFAULT_TRAVEL_MS;
  const slot = ledger.slot("processed");
  const slotsInEpoch = Number(ledger.svm.getEpochSchedule().slotsPerEpoch);
  switch (config.variant) {
    case "absoluteTimestamp":
      if (config.value < current) throw pastTarget("timestamp", config.value, current);
      return config.value;
    case "absoluteSlot":
      if (config.value < slot) throw pastTarget("slot", config.value, slot);
      return current + (config.value - slot) * ledger.slotTimeMs;
    case "absoluteEpoch": {
      const epoch = Math.floor(slot / slotsInEpoch);
      if (config.value < epoch) throw pastTarget("epoch", config.value, epoch);
      return current + Math.max(0, config.value * slotsInEpoch - slot) * ledger.slotTimeMs;
    }
  }
}

/** A refusal of the devnet clock (a step past its range) as surfpool's internal error. */
async function onClock(operation: () => Promise<unknown>): Promise<void> {
  try {
    await operation();
  } catch (error) {
    if (error instanceof RpcError) throw error;
    throw new RpcError(INTERNAL_ERROR, "Internal error", (error as Error).message);
  }
}

export function surfnetClockMethods(ledger: SvmLedger, clock: DevnetClock): Record<string, RpcMethod> {
  return {
    async surfnet_timeTravel(params) {
      const [config] = positional(params, 0, 1);
      const target = travelTarget(ledger, clock, travelConfig(config));
      await onClock(() => clock.travelTo(target));
      return epochInfo(ledger);
    },
    async surfnet_pauseClock(params) {
      noParams(params);
      await clock.pause();
      return epochInfo(ledger);
    },
    async surfnet_resumeClock(params) {
      noParams(params);
      await clock.resume();
      return epochInfo(ledger);
    },
  };
}
