import { readFile } from "node:fs/promises";
import { verifyAttestation } from "attestkit";
import { createServiceClient } from "attestkit/client";
import { DevnetConfigSchema } from "attestkit/devnet";
import { type Address, createPublicClient, createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { depositThroughEvmReceiver } from "./deposit-evm-viem.ts";

/**
 * One transfer on the devnet that `npx attestkit devnet` runs: quote USDC from chain 8453 to chain
 * 10, check the attestation against the devnet's solver address, deposit through the receiver, and
 * wait until the service reports the fill. `devnetTransferInputs` reads every value from the devnet's
 * `--config-out` file.
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

/** `devnetTransfer`'s inputs from the file `npx attestkit devnet --config-out <file>` writes. */
export async function devnetTransferInputs(configFile: string) {
  const devnet = DevnetConfigSchema.parse(JSON.parse(await readFile(configFile, "utf8")));
  const chain = (chainId: number) => {
    const found = devnet.evm.find((entry) => entry.chainId === chainId);
    if (found === undefined) throw new Error(`the devnet has no chain ${chainId}`);
    return found;
  };
  const usdc = (chainId: number) => {
    const token = chain(chainId).tokens.find((entry) => entry.symbol === "USDC");
    if (token === undefined) throw new Error(`the devnet has no USDC on chain ${chainId}`);
    return token.address as Address;
  };
  const account = (role: string) => {
    const found = devnet.accounts.evm.find((entry) => entry.role === role);
    if (found === undefined) throw new Error(`the devnet has no ${role} account`);
    return found;
  };
  return {
    serviceUrl: devnet.service.url,
    rpcUrl: chain(8453).rpcUrl,
    receiver: chain(8453).contracts.receiver as Address,
    solver: devnet.solver.evm as Address,
    userKey: account("alice").privateKey as Hex,
    recipient: account("bob").address as Address,
    usdcOn8453: usdc(8453),
    usdcOn10: usdc(10),
  };
}
