/**
 * The HTTP routes a Fastify app serves, recorded as they are registered: what the OpenAPI document
 * is checked against, so a route the document leaves out is found by a test rather than by a user.
 */
import type { FastifyInstance } from "fastify";

/** One method on one path, the path in OpenAPI form (`{param}`, not `:param`). */
export interface ServedRoute {
  method: string;
  path: string;
}

/** Records every route registered on `app` from now on into the returned (growing) list. */
export function recordServedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  const routes: ServedRoute[] = [];
  app.addHook("onRoute", (route) => {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    for (const method of [route.method].flat()) routes.push({ method, path });
  });
  return routes;
}
