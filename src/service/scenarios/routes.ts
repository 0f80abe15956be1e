/**
 * The scenarios' control endpoint (mock-only, under `/_mock/scenarios`, not part of the service's
 * API): each API key creates, lists, reads and deletes its own scenarios, which apply to its own
 * requests only. The operator's scenarios (in process, a `--scenarios` file) apply to every request:
 * every key lists and reads them, none removes them. Off unless the service was
 * started with scenarios (the devnet, or `attestkit service --scenarios FILE`): then every route
 * answers 404 `SCENARIOS_DISABLED`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ApiKeyRegistry, optionalKey } from "../auth.ts";
import { forbidden, notFound, parseOr400, ServiceHttpError, unauthorized } from "../errors.ts";
import { ScenarioKeyError, TooManyScenariosError } from "./book.ts";
import type { ScenarioDirector } from "./director.ts";
import { ScenarioIdParamsSchema, ScenarioInputSchema } from "./schema.ts";

export const SCENARIOS_PATH = "/_mock/scenarios";

export function registerScenarioRoutes(
  app: FastifyInstance,
  keys: ApiKeyRegistry,
  director: ScenarioDirector | null,
): void {
  const guard = (request: FastifyRequest) => {
    if (director === null) {
      throw notFound(
        "SCENARIOS_DISABLED",
        "scenarios are off: start the devnet, or the service with --scenarios FILE (or the scenarios option)",
      );
    }
    const owner = optionalKey(keys, request.headers as Record<string, unknown>);
    if (owner === null)
      throw unauthorized("INVALID_API_KEY", "a valid API key (x-api-key or Bearer) is required");
    return { book: director.book, owner };
  };
  const idOf = (request: FastifyRequest) =>
    parseOr400(ScenarioIdParamsSchema, request.params, "path", "INVALID_SCENARIO_ID").id;
  const missing = (id: string) => notFound("SCENARIO_NOT_FOUND", `no scenario with id ${id}`);

  app.post(SCENARIOS_PATH, async (request) => {
    const { book, owner } = guard(request);
    const input = parseOr400(ScenarioInputSchema, request.body, "body", "INVALID_SCENARIO");
    try {
      return book.add(input, owner);
    } catch (error) {
      if (error instanceof TooManyScenariosError) throw new ServiceHttpError(409, error.code, error.message);
      if (error instanceof ScenarioKeyError) throw new ServiceHttpError(403, error.code, error.message);
      throw error;
    }
  });
  app.get(SCENARIOS_PATH, async (request) => {
    const { book, owner } = guard(request);
    return { scenarios: book.list(owner) };
  });
  app.get(`${SCENARIOS_PATH}/:id`, async (request) => {
    const { book, owner } = guard(request);
    const id = idOf(request);
    const view = book.get(id, owner);
    if (view === null) throw missing(id);
    return view;
  });
  app.delete(`${SCENARIOS_PATH}/:id`, async (request) => {
    const { book, owner } = guard(request);
    const id = idOf(request);
    if (book.remove(id, owner)) return { deleted: 1 };
    if (book.get(id, owner) === null) throw missing(id);
    throw forbidden(
      "SCENARIO_NOT_OWN",
      `scenario ${id} is the operator's (a --scenarios file or the service's own process): no API key removes it`,
    );
  });
  app.delete(SCENARIOS_PATH, async (request) => {
    const { book, owner } = guard(request);
    return { deleted: book.clear(owner) };
  });
}
