/**
 * The devnet's snapshot and saved-state controls over HTTP, on the mock service's port (devnet only,
 * not part of the service's interface):
 * - `POST /_devnet/snapshot` `{}` -> `{ id }`;
 * - `POST /_devnet/revert` `{ id }` -> `{ reverted }` (false: no such snapshot, as anvil's `evm_revert`);
 * - `GET /_devnet/state` -> the saved-state document (what `--dump-state` writes);
 * - `POST /_devnet/dump-state` `{}` -> `{ path }`: writes the `--dump-state` file now (404 without one).
 * POSTs take a JSON body, so a browser page cannot send them without the CORS preflight the devnet's
 * origin policy answers.
 */
import type { FastifyInstance } from "fastify";
import * as z from "zod";
import { notFound, parseOr400 } from "../service/errors.ts";
import type { DevnetSnapshotId } from "./snapshot.ts";
import { type DevnetState, serializeState, writeStateFile } from "./state-file.ts";

export interface StateControls {
  snapshot(): Promise<DevnetSnapshotId>;
  revert(id: string): Promise<boolean>;
  state(): Promise<DevnetState>;
  /** The `--dump-state` file, when the devnet has one. */
  dumpStatePath?: string;
}

const EmptyBodySchema = z.object({}).strict();
const RevertBodySchema = z
  .object({ id: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, "a hex quantity such as 0x1") })
  .strict();

export function registerStateRoutes(app: FastifyInstance, controls: StateControls): void {
  app.post("/_devnet/snapshot", async (request) => {
    parseOr400(EmptyBodySchema, request.body, "body");
    return { id: await controls.snapshot() };
  });
  app.post("/_devnet/revert", async (request) => {
    const { id } = parseOr400(RevertBodySchema, request.body, "body");
    return { reverted: await controls.revert(id) };
  });
  app.get("/_devnet/state", async (_request, reply) => {
    reply.header("cache-control", "no-store").type("application/json");
    return serializeState(await controls.state());
  });
  app.post("/_devnet/dump-state", async (request) => {
    parseOr400(EmptyBodySchema, request.body, "body");
    const path = controls.dumpStatePath;
    if (path === undefined)
      throw notFound("NO_DUMP_STATE_FILE", "the devnet was started without --dump-state");
    writeStateFile(path, await controls.state());
    return { path };
  });
}
