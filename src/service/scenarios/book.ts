/**
 * The scenarios the mock holds, in the order they were added, and which request each one took. A
 * new request is given to the first scenario that still has matches left and applies to it; it
 * keeps that scenario until it ends, even when the scenario is removed meanwhile. Kept in the
 * service's database like the rest of its state, so a devnet snapshot, a saved state and a restart
 * on a database file take the scenarios and their matches with them.
 */
import { randomUUID } from "node:crypto";
import { AttestkitError } from "../../errors.ts";
import { formatZodIssues } from "../errors.ts";
import type { StoredRequest } from "../records.ts";
import type { Store } from "../store.ts";
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

/** A key's scenario names another key in `match.apiKey` (`SCENARIO_KEY_NOT_OWN`; over HTTP, 403). */
export class ScenarioKeyError extends AttestkitError {
  constructor() {
    super(
      "SCENARIO_KEY_NOT_OWN",
      "a scenario added with an API key applies to that key's requests only: match.apiKey must be that key or absent",
    );
  }
}

/**
 * Whose scenarios a call acts on: `hashApiKey` of a caller's key, or `OPERATOR` (the service's own
 * process, the devnet's TypeScript API, a `--scenarios` file). A key sees its own scenarios and the
 * operator's (which apply to every request) and removes only its own; the operator sees and removes all.
 */
export type ScenarioOwner = string | typeof OPERATOR;
export const OPERATOR: unique symbol = Symbol("scenario operator");

/** The SQL condition and parameters for the scenarios `owner` reads (`shared`: the operator's too) or removes. */
function ownedBy(owner: ScenarioOwner, shared: boolean): { where: string; params: string[] } {
  if (owner === OPERATOR) return { where: "1", params: [] };
  const own = "json_extract(plan, '$.owner') = ?";
  return { where: shared ? `(${own} OR json_extract(plan, '$.owner') IS NULL)` : own, params: [owner] };
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

/** A scenario as listed: its plan (the API key shown as its hash), the matches it has left, and the requests it took. */
export interface ScenarioView extends ScenarioPlan {
  id: string;
  createdAt: number;
  remaining: number;
  matched: ScenarioMatchRecord[];
}

interface ScenarioRow {
  id: string;
  created_at: number;
  plan: string;
  remaining: number;
}

interface MatchRow {
  request_id: string;
  matched_at: number;
  events: string;
}

/** A key's plan: owned by the key and matching only its requests (`ScenarioKeyError` when it names another key). */
function ownPlan(plan: ScenarioPlan, owner: ScenarioOwner): ScenarioPlan {
  if (owner === OPERATOR) return plan;
  if (plan.match.apiKeyHash !== undefined && plan.match.apiKeyHash !== owner) throw new ScenarioKeyError();
  return { ...plan, match: { ...plan.match, apiKeyHash: owner }, owner };
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
  readonly #store: Store;
  readonly #now: () => number;
  /** Parsed plans by their JSON: `planOf` runs on every deposit sighting. Bounded: cleared when full. */
  readonly #plans = new Map<string, ScenarioPlan>();

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /**
   * Adds a scenario (checked with `ScenarioInputSchema`), owned by `owner` (a key's hash: it then
   * applies to that key's requests only); throws `ScenarioInputError`, `ScenarioKeyError` or `TooManyScenariosError`.
   */
  add(input: ScenarioInput, owner: ScenarioOwner = OPERATOR): ScenarioView {
    const plan = ownPlan(parseScenario(input), owner);
    return this.#store.transaction(() => {
      const { held } = this.#store.prepare("SELECT COUNT(*) AS held FROM scenarios").get() as {
        held: number;
      };
      if (held >= MAX_SCENARIOS) throw new TooManyScenariosError();
      const row: ScenarioRow = {
        id: randomUUID(),
        created_at: this.#now(),
        plan: JSON.stringify(plan),
        remaining: plan.count,
      };
      this.#store
        .prepare("INSERT INTO scenarios (id, created_at, plan, remaining) VALUES (?, ?, ?, ?)")
        .run(row.id, row.created_at, row.plan, row.remaining);
      return this.#view(row);
    });
  }

  /**
   * Makes `inputs` the scenarios held, in order (the ones held before are removed; requests they
   * took keep them). All or nothing: a bad input changes nothing.
   */
  replaceAll(inputs: readonly ScenarioInput[]): ScenarioView[] {
    return this.#store.transaction(() => {
      this.clear();
      return inputs.map((input) => this.add(input));
    });
  }

  /** Every scenario `owner` sees (its own and the operator's), with what it took and how many matches it has left, in the order added. */
  list(owner: ScenarioOwner = OPERATOR): ScenarioView[] {
    const { where, params } = ownedBy(owner, true);
    const rows = this.#store
      .prepare(`SELECT id, created_at, plan, remaining FROM scenarios WHERE ${where} ORDER BY seq`)
      .all(...params) as unknown as ScenarioRow[];
    return rows.map((row) => this.#view(row));
  }

  /** One scenario `owner` sees, by id, or null. */
  get(id: string, owner: ScenarioOwner = OPERATOR): ScenarioView | null {
    const { where, params } = ownedBy(owner, true);
    const row = this.#store
      .prepare(`SELECT id, created_at, plan, remaining FROM scenarios WHERE id = ? AND ${where}`)
      .get(id, ...params) as ScenarioRow | undefined;
    return row === undefined ? null : this.#view(row);
  }

  /** Removes one of `owner`'s scenarios; requests it already took keep it. */
  remove(id: string, owner: ScenarioOwner = OPERATOR): boolean {
    const { where, params } = ownedBy(owner, false);
    const sql = `DELETE FROM scenarios WHERE id = ? AND ${where}`;
    return Number(this.#store.prepare(sql).run(id, ...params).changes) > 0;
  }

  /** Removes every scenario of `owner`'s (all for the operator); returns how many there were. */
  clear(owner: ScenarioOwner = OPERATOR): number {
    const { where, params } = ownedBy(owner, false);
    return Number(this.#store.prepare(`DELETE FROM scenarios WHERE ${where}`).run(...params).changes);
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
    return this.#store.transaction(() => {
      for (const row of this.#rows()) {
        if (row.remaining === 0) continue;
        const plan = this.#parse(row.plan);
        if (!matchesRequest(plan.match, facts) || !canHappen(plan, facts)) continue;
        this.#store.prepare("UPDATE scenarios SET remaining = remaining - 1 WHERE id = ?").run(row.id);
        this.#store
          .prepare(
            "INSERT OR REPLACE INTO scenario_matches (request_id, scenario_id, matched_at, plan, events) VALUES (?, ?, ?, ?, '[]')",
          )
          .run(request.record.id.toLowerCase(), row.id, this.#now(), row.plan);
        return plan;
      }
      return null;
    });
  }

  /** The plan the request follows, or null. */
  planOf(requestId: string): ScenarioPlan | null {
    const row = this.#store
      .prepare("SELECT plan FROM scenario_matches WHERE request_id = ?")
      .get(requestId.toLowerCase()) as { plan: string } | undefined;
    return row === undefined ? null : this.#parse(row.plan);
  }

  /** Notes what the scenario did to the request (listed under its match). */
  note(requestId: string, event: string): void {
    this.#store
      .prepare("UPDATE scenario_matches SET events = json_insert(events, '$[#]', ?) WHERE request_id = ?")
      .run(event, requestId.toLowerCase());
  }

  #rows(): ScenarioRow[] {
    return this.#store
      .prepare("SELECT id, created_at, plan, remaining FROM scenarios ORDER BY seq")
      .all() as unknown as ScenarioRow[];
  }

  #parse(json: string): ScenarioPlan {
    let plan = this.#plans.get(json);
    if (plan === undefined) {
      if (this.#plans.size >= MAX_SCENARIOS) this.#plans.clear();
      plan = JSON.parse(json) as ScenarioPlan;
      this.#plans.set(json, plan);
    }
    return plan;
  }

  #view(row: ScenarioRow): ScenarioView {
    const matched = this.#store
      .prepare(
        "SELECT request_id, matched_at, events FROM scenario_matches WHERE scenario_id = ? ORDER BY matched_at, rowid",
      )
      .all(row.id) as unknown as MatchRow[];
    return {
      ...(JSON.parse(row.plan) as ScenarioPlan),
      id: row.id,
      createdAt: row.created_at,
      remaining: row.remaining,
      matched: matched.map((match) => ({
        requestId: match.request_id,
        matchedAt: match.matched_at,
        events: JSON.parse(match.events) as string[],
      })),
    };
  }
}
