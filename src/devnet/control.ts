/**
 * The devnet's control endpoint: HTTP routes under `/_devnet` on the mock service's port, for test
 * harnesses in any language that drive the whole devnet at once. Like the service's `/_mock` routes
 * they take no API key; the service's Host and CORS guards keep browsers on other origins out.
 * Each concern adds its routes as a `DevnetControlRoutes` function (the clock's are `clockRoutes`);
 * `registerDevnetControl` mounts them all, before the service listens.
 *
 * Clock routes (every answer is the clock's `DevnetTime`: `{ now, timestamp, paused, offsetMs }`):
 * - `GET /_devnet/time`
 * - `POST /_devnet/time/increase` `{ "seconds": <integer ≥ 0> }`
 * - `POST /_devnet/time/set-next` `{ "timestamp": <unix seconds> }`
 * - `POST /_devnet/time/pause`, `POST /_devnet/time/resume`
 * A refused change answers 400 `INVALID_TIME_CHANGE` with the reason, and changes nothing.
 */
import type { FastifyInstance } from "fastify";
import * as z from "zod";
import { parseOr400, ServiceHttpError } from "../service/errors.ts";
import type { DevnetClock, DevnetTime } from "./clock.ts";

export const DEVNET_CONTROL_PREFIX = "/_devnet";

/** Adds routes to the control endpoint (paths relative to `/_devnet`). */
export type DevnetControlRoutes = (app: FastifyInstance) => void;

export function registerDevnetControl(app: FastifyInstance, routes: readonly DevnetControlRoutes[]): void {
  app.register(
    async (scoped) => {
      for (const add of routes) add(scoped);
    },
    { prefix: DEVNET_CONTROL_PREFIX },
  );
}

const IncreaseBody = z.strictObject({ seconds: z.number().int().min(0) });
const SetNextBody = z.strictObject({ timestamp: z.number().int().min(0) });

/** A change the clock refused as the endpoint's 400. */
async function change(operation: () => Promise<DevnetTime>): Promise<DevnetTime> {
  try {
    return await operation();
  } catch (error) {
    throw new ServiceHttpError(400, "INVALID_TIME_CHANGE", (error as Error).message);
  }
}

export function clockRoutes(clock: DevnetClock): DevnetControlRoutes {
  return (app) => {
    app.get("/time", async () => clock.time());
    app.post("/time/increase", async (request) => {
      const { seconds } = parseOr400(IncreaseBody, request.body, "body");
      return change(() => clock.increase(seconds));
    });
    app.post("/time/set-next", async (request) => {
      const { timestamp } = parseOr400(SetNextBody, request.body, "body");
      return change(() => clock.setNext(timestamp));
    });
    app.post("/time/pause", async () => clock.pause());
    app.post("/time/resume", async () => clock.resume());
  };
}
