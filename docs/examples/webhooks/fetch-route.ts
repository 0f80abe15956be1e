import type { WebhookEvent } from "attestkit/webhooks";
import { receiveDelivery } from "./receive-delivery.ts";

/**
 * A fetch-style handler (`Request` in, `Response` out): the shape of a Next.js route handler
 * (`app/api/webhooks/solver/route.ts`: `export const POST = webhookRoute(process.env.SOLVER_API_KEY!, onEvent)`),
 * and of Deno, Bun, Hono and edge runtimes. `request.text()` is the raw body.
 */
export function webhookRoute(secret: string, onEvent: (event: WebhookEvent) => void | Promise<void>) {
  const seen = new Set<string>();
  return async function POST(request: Request): Promise<Response> {
    const answer = await receiveDelivery(
      { headers: request.headers, rawBody: await request.text() },
      { secret, seen, onEvent },
    );
    return new Response(answer.body, { status: answer.status });
  };
}
