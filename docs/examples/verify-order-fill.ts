import { type LegVerification, verifyOrderFill, verifyOrderRefund } from "attestkit/orders";
import { createPublicClient, type Hex, http } from "viem";

/**
 * Checks what the service delivered for an order you kept from its quote (`protocol.v2.orderData`):
 * the fill on the output chain, or the refund on the input chain, read over that chain's RPC.
 * Credit your merchant only when `ok` is true.
 */
export async function checkDelivery(
  baseUrl: string,
  orderData: unknown,
  leg: { kind: "fill" | "refund"; txHash: Hex; rpcUrl: string },
): Promise<LegVerification> {
  const chains = await (await fetch(`${baseUrl}/chains`)).json();
  const client = createPublicClient({ transport: http(leg.rpcUrl) });
  const source = { vm: "ethereum-vm", hash: leg.txHash, client } as const;
  // Finality is the service's unless you say otherwise: 10 blocks on top and 60 s on EVM.
  const options = { chains };
  const result =
    leg.kind === "fill"
      ? await verifyOrderFill(orderData, source, options)
      : await verifyOrderRefund(orderData, source, options);
  for (const failure of result.failures) console.error(`${failure.code}: ${failure.message}`);
  return result;
}
