/**
 * The scenarios the mock holds, in the order they were added, and which request each one took. A
 * new request is given to the first scenario that still has matches left and applies to it; it
 * keeps that scenario until it ends, even when the scenario is removed meanwhile. Kept in memory:
 * scenarios are a test's setup and last as long as the process.
 */
import { randomUUID } from "node:crypto";
import { AttestkitError } from "../../errors.ts";
import { hashApiKey } from "../auth.ts";
import { formatZodIssues } from "../errors.ts";
import type { StoredRequest } from "../records.ts";
import { factsOf, matchesRequest, type RequestFacts } from "./matcher.ts";
import {
  MAX_SCENARIOS,
  type ScenarioInput,
  ScenarioInputSchema,
  type ScenarioPlan,
  toPlan,
} from "./schema.ts";

/** A scenario's input failed its schema (`INVALID_SCENARIO`; over HTTP, 400 with the same code). */
export class ScenarioInputError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_SCENARIO", message);
  }
}

/** The mock already holds `MAX_SCENARIOS` (`TOO_MANY_SCENARIOS`; over HTTP, 409). */
export class TooManyScenariosError extends AttestkitError {
  constructor() {
    super("TOO_MANY_SCENARIOS", `the mock holds at most ${MAX_SCENARIOS} scenarios: delete some first`);
  }
}

/** One request a scenario took, and what the scenario did to it so far. */
export interface ScenarioMatchRecord {
  requestId: string;
  matchedAt: number;
  /** What happened, in order (e.g. `deposit reorged away on chain 8453`, or an error). */
  events: string[];
}

/** A scenario as listed: its plan, the matches it has left, and the requests it took. */
export interface ScenarioView extends Omit<ScenarioPlan, "match"> {
  id: string;
  createdAt: number;
  /** Its `match`, the API key shown as its `hashApiKey`. */
  match: Omit<ScenarioPlan["match"], "apiKey"> & { apiKeyHash?: string };
  remaining: number;
  matched: ScenarioMatchRecord[];
}

interface Entry {
  id: string;
  createdAt: number;
  plan: ScenarioPlan;
  remaining: number;
  matched: ScenarioMatchRecord[];
}

/** Parses a scenario input, throwing `ScenarioInputError` with its issues. */
export function parseScenario(input: unknown): ScenarioPlan {
  const parsed = ScenarioInputSchema.safeParse(input);
  if (!parsed.success) throw new ScenarioInputError(formatZodIssues(parsed.error, "scenario"));
  return toPlan(parsed.data);
}

/**
 * The scenarios the mock holds, in the order added: what should happen to the next requests each
 * matches (`/_mock/scenarios`, `devnet.scenarios`, `service.scenarios`).
 */
export class ScenarioBook {
  readonly #entries = new Map<string, Entry>();
  readonly #byRequest = new Map<string, { plan: ScenarioPlan; record: ScenarioMatchRecord }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Adds a scenario (checked with `ScenarioInputSchema`); throws `ScenarioInputError` or `TooManyScenariosError`. */
  add(input: ScenarioInput): ScenarioView {
    const plan = parseScenario(input);
    if (this.#entries.size >= MAX_SCENARIOS) throw new TooManyScenariosError();
    const entry: Entry = {
      id: randomUUID(),
      createdAt: this.#now(),
      plan,
      remaining: plan.count,
      matched: [],
    };
    this.#entries.set(entry.id, entry);
    return this.#view(entry);
  }

  /** Every scenario with what it took and how many matches it has left, in the order added. */
  list(): ScenarioView[] {
    return [...this.#entries.values()].map((entry) => this.#view(entry));
  }

  /** One scenario by id, or null. */
  get(id: string): ScenarioView | null {
    const entry = this.#entries.get(id);
    return entry === undefined ? null : this.#view(entry);
  }

  /** Removes one scenario; requests it already took keep it. */
  remove(id: string): boolean {
    return this.#entries.delete(id);
  }

  /** Removes every scenario; returns how many there were. */
  clear(): number {
    const count = this.#entries.size;
    this.#entries.clear();
    return count;
  }

  /**
   * Gives `request` to the first scenario with matches left that applies to it and whose chain
   * event `canHappen` on its chains; returns that scenario's plan, or null.
   */
  claim(
    request: StoredRequest,
    canHappen: (plan: ScenarioPlan, facts: RequestFacts) => boolean,
  ): ScenarioPlan | null {
    const facts = factsOf(request);
    for (const entry of this.#entries.values()) {
      if (entry.remaining === 0 || !matchesRequest(entry.plan.match, facts) || !canHappen(entry.plan, facts))
        continue;
      entry.remaining -= 1;
      const record = { requestId: request.record.id, matchedAt: this.#now(), events: [] };
      entry.matched.push(record);
      this.#byRequest.set(request.record.id.toLowerCase(), { plan: entry.plan, record });
      return entry.plan;
    }
    return null;
  }

  /** The plan the request follows, or null. */
  planOf(requestId: string): ScenarioPlan | null {
    return this.#byRequest.get(requestId.toLowerCase())?.plan ?? null;
  }

  /** Notes what the scenario did to the request (listed under its match). */
  note(requestId: string, event: string): void {
    this.#byRequest.get(requestId.toLowerCase())?.record.events.push(event);
  }

  #view(entry: Entry): ScenarioView {
    const { apiKey, ...match } = entry.plan.match;
    return {
      ...entry.plan,
      id: entry.id,
      createdAt: entry.createdAt,
      match: apiKey === undefined ? match : { ...match, apiKeyHash: hashApiKey(apiKey) },
      remaining: entry.remaining,
      matched: entry.matched.map((record) => ({ ...record, events: [...record.events] })),
    };
  }
}
