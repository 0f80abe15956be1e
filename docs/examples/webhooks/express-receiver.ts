import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebhookEvent } from "attestkit/webhooks";
import express from "express";
import { receiveDelivery } from "./receive-delivery.ts";

/**
 * An Express webhook endpoint at POST /webhooks/solver. `express.raw` keeps the body as a Buffer
 * (mount it on this route only, before any `express.json()`), which is what the signature covers.
 */
export async function startExpressReceiver(secret: string, onEvent: (event: WebhookEvent) => void) {
  const app = express();
  const seen = new Set<string>();
  app.post(
    "/webhooks/solver",
    express.raw({ type: "application/json", limit: "64kb" }),
    async (req, res, next) => {
      try {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : new Uint8Array();
        const answer = await receiveDelivery({ headers: req.headers, rawBody }, { secret, seen, onEvent });
        res.status(answer.status).send(answer.body);
      } catch (error) {
        next(error);
      }
    },
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/solver`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
