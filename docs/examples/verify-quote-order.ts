import { createServiceClient, type QuoteResponse, type QuoteV2Body, verifyQuoteOrder } from "attestkit";

/**
 * Requests a quote with protocol data and refuses it unless the order, its signature, every step and
 * the deposit all check out for the paying `request.user`, the output lands on the requested chain
 * for the requested recipient, and refunds go back to the payer. Take `solver` from your own
 * configuration, never from the quote.
 */
export async function quoteWithCheckedOrder(
  baseUrl: string,
  request: QuoteV2Body & { recipient: string },
  solver: string,
): Promise<QuoteResponse> {
  const client = createServiceClient({ baseUrl });
  const chains = await client.chains();
  const quote = await client.quoteV2({ ...request, includeProtocolData: true });
  const result = await verifyQuoteOrder(quote, {
    chains,
    expectedPayer: request.user,
    solver,
    policy: {
      outputChainId: request.destinationChainId,
      acceptedRecipients: [request.recipient],
      deadlineMarginSeconds: 60,
    },
  });
  if (!result.ok) {
    // Root causes come first; a failure with `causedBy` goes away with its cause.
    const lines = result.failures.map(
      (failure) =>
        `${failure.code}${failure.causedBy ? ` (from ${failure.causedBy})` : ""}: ${failure.message}`,
    );
    throw new Error(lines.join("\n"));
  }
  return quote;
}
