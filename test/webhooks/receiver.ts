/**
 * A webhook receiver for the tests, written only from the service's public description: a POST whose
 * `X-Signature-SHA256` is the hex HMAC-SHA256 of `${X-Signature-Timestamp}.${raw body}` keyed with
 * the API key. It uses node:crypto, not attestkit, so it checks the mock independently. Each
 * delivery is recorded with its raw body, headers and whether the signature held; `answer` decides
 * the response (default 200).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  signatureValid: boolean;
  event: {
    event: string;
    timestamp: number;
    data: Record<string, unknown> & { requestId: string; status: string };
  };
  deliveryId: string;
  at: number;
}

export type Answer = (delivery: Received, response: ServerResponse) => void;

/** Whether `headers` carry the public-description signature of `raw` under `key`. */
export function publicSignatureValid(headers: IncomingHttpHeaders, raw: string, key: string): boolean {
  const timestamp = headers["x-signature-timestamp"];
  const signature = headers["x-signature-sha256"];
  if (typeof timestamp !== "string" || typeof signature !== "string") return false;
  const expected = createHmac("sha256", key).update(`${timestamp}.${raw}`).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(key: string, answer: Answer = (_d, res) => res.end("ok")) {
  const received: Received[] = [];
  let respond = answer;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const delivery: Received = {
        headers: request.headers,
        raw,
        signatureValid: publicSignatureValid(request.headers, raw, key),
        event: JSON.parse(raw),
        deliveryId: String(request.headers["x-delivery-id"]),
        at: Date.now(),
      };
      received.push(delivery);
      respond(delivery, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Changes how later deliveries are answered. */
    setAnswer(next: Answer) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves once `condition()` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
