/** Scenarios (mock-only): what should happen to the next matching requests, on demand. */
export {
  OPERATOR,
  parseScenario,
  ScenarioBook,
  ScenarioInputError,
  ScenarioKeyError,
  type ScenarioMatchRecord,
  type ScenarioOwner,
  type ScenarioView,
  TooManyScenariosError,
} from "./book.ts";
export { ScenarioClosedError, ScenarioDirector } from "./director.ts";
export { chainEventFits, factsOf, matchesRequest, type RequestFacts } from "./matcher.ts";
export { registerScenarioRoutes, SCENARIOS_PATH } from "./routes.ts";
export {
  HOLDABLE_STATUSES,
  MAX_SCENARIO_COUNT,
  MAX_SCENARIO_DELAY_MS,
  MAX_SCENARIOS,
  type PlanMatch,
  SCENARIO_CHAIN_EVENTS,
  SCENARIO_OUTCOMES,
  type ScenarioChainEvent,
  type ScenarioDelays,
  ScenarioFileSchema,
  ScenarioIdParamsSchema,
  type ScenarioInput,
  ScenarioInputSchema,
  type ScenarioMatch,
  type ScenarioPlan,
} from "./schema.ts";
