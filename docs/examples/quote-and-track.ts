import { createServiceClient } from "attestkit/client";

/**
 * Asks for a quote moving 0.1 ETH from chain 1 to USDC on Base, then reads the request's status.
 * A fresh request waits for its deposit.
 */
export async function quoteAndTrack(baseUrl: string, user: string, recipient: string) {
  const client = createServiceClient({ baseUrl });
  const quote = await client.quoteV2({
    user,
    recipient,
    originChainId: 1,
    destinationChainId: 8453,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    tradeType: "EXACT_INPUT",
    amount: "100000000000000000",
  });
  const requestId = quote.steps[0]?.requestId;
  if (requestId === undefined) throw new Error("the quote has no deposit step");
  const { status } = await client.getStatus(requestId);
  return { requestId, status };
}
