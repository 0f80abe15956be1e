import { predictDepositAddress, verifyDepositAddressSweep } from "attestkit/deposit-addresses";
import { createPublicClient, type Hex, http } from "viem";

/**
 * A quote asked with `useDepositAddress: true` (and `refundTo`) names a strict deposit address on its
 * deposit step. Before showing it to the user, re-derive it from the order and the user; after the
 * service reports the request, check its sweep deposited the user's payment for that order and user.
 */
export async function checkDepositAddress(
  baseUrl: string,
  quote: { steps: { depositAddress?: string }[]; protocol?: { v2: { orderId: string } } },
  user: string,
  originChainId: number,
  rpcUrl: string,
  tx: { payment: Hex; sweep: Hex },
) {
  const { chains } = (await (await fetch(`${baseUrl}/chains`)).json()) as {
    chains: { id: number; contracts?: Record<string, string> }[];
  };
  const contracts = chains.find((chain) => chain.id === originChainId)?.contracts ?? {};
  const orderId = quote.protocol?.v2.orderId as Hex;
  const params = {
    factory: contracts.depositAddressFactory as string,
    implementation: contracts.depositAddressImplementation as string,
    orderId,
    depositor: user,
  };
  if (predictDepositAddress({ vm: "evm", ...params }) !== quote.steps[0]?.depositAddress) {
    throw new Error("the quoted deposit address is not the one its order and user derive: do not pay it");
  }
  const client = createPublicClient({ transport: http(rpcUrl) });
  // Native currency: the zero address. Your node must answer debug_traceTransaction for a native sweep.
  const verdict = await verifyDepositAddressSweep({
    ...params,
    currency: "0x0000000000000000000000000000000000000000",
    payment: tx.payment,
    sweep: tx.sweep,
    client,
  });
  for (const failure of verdict.failures) console.error(`${failure.code}: ${failure.message}`);
  return verdict;
}
