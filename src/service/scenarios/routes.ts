/**
 * The scenarios' control endpoint (mock-only, under `/_mock/scenarios`, not part of the service's
 * API): create, list, read and delete scenarios with a valid API key. Off unless the service was
 * started with scenarios (the devnet, or `attestkit service --scenarios FILE`): then every route
 * answers 404 `SCENARIOS_DISABLED`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ApiKeyRegistry, optionalKey } from "../auth.ts";
import { notFound, parseOr400, ServiceHttpError, unauthorized } from "../errors.ts";
import { TooManyScenariosError } from "./book.ts";
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
    if (optionalKey(keys, request.headers as Record<string, unknown>) === null)
      throw unauthorized("INVALID_API_KEY", "a valid API key (x-api-key or Bearer) is required");
    return director.book;
  };
  const idOf = (request: FastifyRequest) =>
    parseOr400(ScenarioIdParamsSchema, request.params, "path", "INVALID_SCENARIO_ID").id;
  const missing = (id: string) => notFound("SCENARIO_NOT_FOUND", `no scenario with id ${id}`);

  app.post(SCENARIOS_PATH, async (request) => {
    const book = guard(request);
    const input = parseOr400(ScenarioInputSchema, request.body, "body", "INVALID_SCENARIO");
    try {
      return book.add(input);
    } catch (error) {
      if (error instanceof TooManyScenariosError) throw new ServiceHttpError(409, error.code, error.message);
      throw error;
    }
  });
  app.get(SCENARIOS_PATH, async (request) => ({ scenarios: guard(request).list() }));
  app.get(`${SCENARIOS_PATH}/:id`, async (request) => {
    const book = guard(request);
    const id = idOf(request);
    const view = book.get(id);
    if (view === null) throw missing(id);
    return view;
  });
  app.delete(`${SCENARIOS_PATH}/:id`, async (request) => {
    const book = guard(request);
    const id = idOf(request);
    if (!book.remove(id)) throw missing(id);
    return { deleted: 1 };
  });
  app.delete(SCENARIOS_PATH, async (request) => ({ deleted: guard(request).clear() }));
}
