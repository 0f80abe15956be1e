/**
 * The service's own description: `GET /openapi.json` (the OpenAPI 3.1 document) and `GET /docs`, a
 * Swagger UI rendering it. The UI's assets ship inside `@fastify/swagger-ui` and are served by this
 * instance, so the page works without internet access.
 */
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "./openapi.ts";

/** Path of the docs UI. */
export const DOCS_PATH = "/docs";

/** Registers `/openapi.json` and the docs UI on `app` (before it is ready). */
export function registerApiDocs(app: FastifyInstance): void {
  const document = buildOpenApiDocument("/");
  app.get("/openapi.json", async () => document);
  app.register(fastifySwagger, { mode: "static", specification: { document: document as never } });
  app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: true,
    uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 },
  });
}
