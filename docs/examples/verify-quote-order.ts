import { verifyQuoteOrder } from "attestkit/orders";

/**
 * Requests a quote with protocol data and refuses it unless the order, its signature and the deposit step
 * all check out for `payer`. Take `solver` from your own configuration, never from the quote.
 */
export async function quoteWithCheckedOrder(
  baseUrl: string,
  request: Record<string, unknown> & { user: string; recipient: string },
  solver: string,
): Promise<unknown> {
  const chains = await (await fetch(`${baseUrl}/chains`)).json();
  const response = await fetch(`${baseUrl}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...request, includeProtocolData: true }),
  });
  const quote: unknown = await response.json();
  const result = await verifyQuoteOrder(quote, {
    chains,
    expectedPayer: request.user,
    solver,
    policy: { acceptedRecipients: [request.recipient], deadlineMarginSeconds: 60 },
  });
  if (!result.ok) {
    throw new Error(result.failures.map((failure) => `${failure.code}: ${failure.message}`).join("\n"));
  }
  return quote;
}
