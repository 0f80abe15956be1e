import { verifyAttestation } from "attestkit";
import { createServiceClient } from "attestkit/client";
import { type Address, createPublicClient, createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { depositThroughEvmReceiver } from "./deposit-evm-viem.ts";

/**
 * One transfer on the devnet that `npm start` runs: quote USDC from chain 8453 to chain 10, check
 * the attestation against the solver address printed at startup, deposit through the receiver,
 * and wait until the service reports the fill. Every value comes from the `npm start` output.
 */
export async function devnetTransfer(devnet: {
  serviceUrl: string;
  rpcUrl: string;
  receiver: Address;
  solver: Address;
  userKey: Hex;
  recipient: Address;
  usdcOn8453: Address;
  usdcOn10: Address;
}) {
  const user = privateKeyToAccount(devnet.userKey);
  const chain = defineChain({
    id: 8453,
    name: "devnet base",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [devnet.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const wallet = createWalletClient({ account: user, chain, transport: http(devnet.rpcUrl) });
  const client = createServiceClient({ baseUrl: devnet.serviceUrl });

  const quote = await client.quoteV2({
    user: user.address,
    recipient: devnet.recipient,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: devnet.usdcOn8453,
    destinationCurrency: devnet.usdcOn10,
    tradeType: "EXACT_INPUT",
    amount: "25000000", // 25 USDC (6 decimals)
  });
  const requestId = quote.steps[0]?.requestId;
  if (requestId === undefined) throw new Error("the quote has no deposit step");

  // Your backend's check: the solver you configured signed exactly this request.
  const { requestData, signature } = await client.getSignature(requestId);
  if (!(await verifyAttestation({ requestId, requestData, signature, solver: devnet.solver })))
    throw new Error("the attestation is not the solver's");

  const block = await publicClient.getBlock();
  const { hash, deposit } = await depositThroughEvmReceiver({
    serviceUrl: devnet.serviceUrl,
    requestId,
    receiver: devnet.receiver,
    wallet,
    publicClient,
    deadline: block.timestamp + 600n,
  });
  const status = await client.waitForStatus(requestId, { until: ["success"], timeoutMs: 60_000 });
  return { requestId, depositHash: hash, deposit, status };
}
