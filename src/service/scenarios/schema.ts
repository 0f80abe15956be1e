/**
 * What a scenario says (mock-only, `/_mock/scenarios`): which requests it applies to (`match`, up to
 * `count` of them, in quote order) and what happens to each: how long it stays in each intermediate
 * status, how it ends (`outcome` with its `failReason`), and a chain-level event. The same schema
 * checks the control endpoint's body, `devnet.scenarios.add` and a `--scenarios` file.
 */
import * as z from "zod";
import {
  ChainIdSchema,
  FailReasonSchema,
  IntegerStringSchema,
  RefundFailReasonSchema,
} from "../../schemas/index.ts";
import { hashApiKey } from "../auth.ts";

/** Longest hold a scenario may ask for: one day. */
export const MAX_SCENARIO_DELAY_MS = 86_400_000;
/** Most requests one scenario may apply to. */
export const MAX_SCENARIO_COUNT = 10_000;
/** Most scenarios the mock holds at once. */
export const MAX_SCENARIOS = 1_000;

/** The intermediate statuses a request can be held in. */
export const HOLDABLE_STATUSES = ["waiting", "depositing", "pending", "delayed", "submitted"] as const;
export type HoldableStatus = (typeof HOLDABLE_STATUSES)[number];

const DelayMsSchema = z.int().min(0).max(MAX_SCENARIO_DELAY_MS);

export const ScenarioMatchSchema = z
  .strictObject({
    wallet: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("The request's user or recipient (EVM case-insensitive, SVM exact)."),
    currency: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("Its origin or destination currency (token address; zero address / native constant)."),
    chainId: ChainIdSchema.optional().describe("Its origin or destination chain."),
    minAmount: IntegerStringSchema.optional().describe("Smallest origin amount (smallest units), inclusive."),
    maxAmount: IntegerStringSchema.optional().describe("Largest origin amount (smallest units), inclusive."),
    apiKey: z.string().min(1).max(200).optional().describe("The API key the request was quoted with."),
  })
  .refine(
    (m) =>
      m.minAmount === undefined || m.maxAmount === undefined || BigInt(m.minAmount) <= BigInt(m.maxAmount),
    {
      message: "minAmount must not exceed maxAmount",
      path: ["minAmount"],
    },
  )
  .meta({
    id: "ScenarioMatch",
    description: "Which requests a scenario applies to; every given field must hold.",
  });
export type ScenarioMatch = z.infer<typeof ScenarioMatchSchema>;

/** A `match` as the engine keeps it: the API key only as its `hashApiKey`, so no key is ever stored. */
export type PlanMatch = Omit<ScenarioMatch, "apiKey"> & { apiKeyHash?: string };

/** `match` with its API key replaced by the key's hash. */
export function toPlanMatch({ apiKey, ...match }: ScenarioMatch): PlanMatch {
  return apiKey === undefined ? match : { ...match, apiKeyHash: hashApiKey(apiKey) };
}

export const ScenarioDelaysSchema = z
  .strictObject({
    waiting: DelayMsSchema.optional().describe("The deposit is noticed this long after it is first seen."),
    depositing: DelayMsSchema.optional().describe(
      "Slow deposit confirmation: held after the first sighting.",
    ),
    pending: DelayMsSchema.optional().describe(
      "Slow fill: the fill (or refund) goes out this long after the deposit is final.",
    ),
    delayed: DelayMsSchema.optional().describe(
      "Destination fill delayed: once the `pending` hold is over the request shows `delayed` this long, then ends as `outcome` says (not a final status).",
    ),
    submitted: DelayMsSchema.optional().describe(
      "Slow fill confirmation: `submitted` this long before `success`.",
    ),
  })
  .meta({
    id: "ScenarioDelays",
    description: "Least time in ms a request stays in each intermediate status.",
  });
export type ScenarioDelays = z.infer<typeof ScenarioDelaysSchema>;

export const SCENARIO_OUTCOMES = ["success", "refund", "failure", "fallback"] as const;
export const SCENARIO_CHAIN_EVENTS = ["deposit-reorg", "fill-reverts", "solver-balance-too-low"] as const;
export type ScenarioChainEvent = (typeof SCENARIO_CHAIN_EVENTS)[number];

const OUTCOME_DEFAULT_REASON = {
  refund: "SOLVER_CAPACITY_EXCEEDED",
  failure: "UNKNOWN",
  fallback: "UNKNOWN",
} as const;

export const ScenarioInputSchema = z
  .strictObject({
    name: z.string().min(1).max(100).optional().describe("A label shown in the list."),
    match: ScenarioMatchSchema.default({}),
    count: z
      .int()
      .min(1)
      .max(MAX_SCENARIO_COUNT)
      .default(1)
      .describe("How many matching requests it applies to."),
    outcome: z.enum(SCENARIO_OUTCOMES).default("success"),
    failReason: FailReasonSchema.optional().describe(
      "On refund, failure and fallback (defaults: refund SOLVER_CAPACITY_EXCEEDED, else UNKNOWN).",
    ),
    refundFailReason: RefundFailReasonSchema.optional().describe(
      "On failure: why the refund leg could not be made.",
    ),
    delays: ScenarioDelaysSchema.default({}),
    stuck: z
      .strictObject({ status: z.enum(HOLDABLE_STATUSES), forMs: DelayMsSchema })
      .optional()
      .describe("Shorthand for one entry of `delays`."),
    chainEvent: z
      .enum(SCENARIO_CHAIN_EVENTS)
      .optional()
      .describe(
        "deposit-reorg: the deposit's block is dropped from the EVM origin chain once seen; fill-reverts: the fill is a transaction that fails on the destination chain (EVM or SVM); solver-balance-too-low: the solver cannot pay the fill and refunds the deposit.",
      ),
  })
  .superRefine((input, ctx) => {
    const ends = input.outcome !== "success";
    if (input.failReason !== undefined && !ends)
      ctx.addIssue({
        code: "custom",
        path: ["failReason"],
        message: "failReason needs outcome refund, failure or fallback",
      });
    if (input.refundFailReason !== undefined && input.outcome !== "failure")
      ctx.addIssue({
        code: "custom",
        path: ["refundFailReason"],
        message: "refundFailReason needs outcome failure",
      });
    if (input.chainEvent !== undefined && input.chainEvent !== "deposit-reorg" && ends)
      ctx.addIssue({
        code: "custom",
        path: ["chainEvent"],
        message: `${input.chainEvent} decides the outcome itself: leave outcome success`,
      });
    if (input.stuck !== undefined && input.delays[input.stuck.status] !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["stuck"],
        message: `delays.${input.stuck.status} and stuck both hold ${input.stuck.status}`,
      });
  })
  .meta({ id: "ScenarioInput", description: "What should happen to the next matching request(s)." });
export type ScenarioInput = z.input<typeof ScenarioInputSchema>;

/** The id in `/_mock/scenarios/{id}`. */
export const ScenarioIdParamsSchema = z.strictObject({ id: z.uuid() }).meta({ id: "ScenarioIdParams" });

/** A scenario as the engine applies it: defaults filled, `stuck` folded into `delays`; plain JSON. */
export interface ScenarioPlan {
  name: string | null;
  match: PlanMatch;
  count: number;
  outcome: (typeof SCENARIO_OUTCOMES)[number];
  failReason: z.infer<typeof FailReasonSchema> | null;
  refundFailReason: z.infer<typeof RefundFailReasonSchema> | null;
  delays: Required<ScenarioDelays>;
  chainEvent: ScenarioChainEvent | null;
  /**
   * `hashApiKey` of the key that added it over HTTP: it applies to that key's requests only and only
   * that key lists, reads and deletes it. Absent for the operator's scenarios (in process, a file).
   */
  owner?: string;
}

/** Normalizes a checked input into the plan the engine follows. */
export function toPlan(input: z.output<typeof ScenarioInputSchema>): ScenarioPlan {
  const delays = { waiting: 0, depositing: 0, pending: 0, delayed: 0, submitted: 0, ...input.delays };
  if (input.stuck !== undefined) delays[input.stuck.status] = input.stuck.forMs;
  const outcome = input.outcome;
  return {
    name: input.name ?? null,
    match: toPlanMatch(input.match),
    count: input.count,
    outcome,
    failReason: outcome === "success" ? null : (input.failReason ?? OUTCOME_DEFAULT_REASON[outcome]),
    refundFailReason: input.refundFailReason ?? null,
    delays,
    chainEvent: input.chainEvent ?? null,
  };
}

/** A scenario file: a JSON array of scenarios, or `{ "scenarios": [...] }` (issues name `scenarios.<n>.<field>`). */
export const ScenarioFileSchema = z
  .preprocess(
    (file) => (Array.isArray(file) ? { scenarios: file } : file),
    z.strictObject({ scenarios: z.array(ScenarioInputSchema).max(MAX_SCENARIOS) }),
  )
  .transform((file) => file.scenarios);
