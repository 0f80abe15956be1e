/** Requests of the webhook tests: quoted under an API key, then taken through their lifecycle. */
import { expect } from "chai";
import type { Service } from "../../src/service/index.ts";
import { quoteBody } from "../service/helpers.ts";

/** Quotes under `key` (so the request is that key's) and returns the request id. */
export async function quoteWithKey(service: Service, key: string): Promise<string> {
  const res = await service.app.inject({
    method: "POST",
    url: "/quote/v2",
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(quoteBody()),
  });
  expect(res.statusCode, res.body).to.equal(200);
  return (JSON.parse(res.body) as { steps: { requestId: string }[] }).steps[0]?.requestId as string;
}

/**
 * A request of `key` through waiting, depositing, pending and its outcome (success, or refund when
 * `depositAmount` is short); waits for the fill or refund.
 */
export async function runFlow(service: Service, key: string, depositAmount?: string): Promise<string> {
  const id = await quoteWithKey(service, key);
  for (const final of [false, true]) {
    await service.app.inject({
      method: "POST",
      url: `/_mock/requests/${id}/deposit`,
      headers: { "content-type": "application/json", "x-api-key": key },
      payload: JSON.stringify({ final, ...(final && depositAmount ? { amount: depositAmount } : {}) }),
    });
  }
  await service.lifecycle.idle();
  return id;
}
