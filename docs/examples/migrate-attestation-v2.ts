import {
  type AttestationV2Fields,
  createServiceClient,
  orderChecksFromAttestationV2,
  type QuoteV2Body,
  verifyQuoteOrder,
} from "attestkit";

/**
 * The checks an integration made on a `/signature/v2` attestation (`expected`: the fields it compared
 * the attestation with), made on the quote's protocol order instead, plus the least output the
 * attestation never signed. Take `solver` from your own configuration, never from the quote.
 */
export async function quoteCheckedLikeAttestationV2(
  baseUrl: string,
  request: QuoteV2Body,
  expected: AttestationV2Fields,
  solver: string,
  minimumOutputAmount: bigint,
) {
  const client = createServiceClient({ baseUrl });
  const quote = await client.quoteV2({ ...request, includeProtocolData: true });
  const chains = await client.chains();
  const verdict = await verifyQuoteOrder(
    quote,
    orderChecksFromAttestationV2(expected, { chains, solver, minimumOutputAmount }),
  );
  if (!verdict.ok) throw new Error(`quote refused: ${verdict.failures.map((f) => f.code).join(", ")}`);
  return { quote, orderId: verdict.orderId };
}
