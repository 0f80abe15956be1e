import type { RelayChain } from "@relayprotocol/relay-sdk";
import { createWalletClient, defineChain, type Hex, http, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** A viem wallet signing with `privateKey` on `chain`, through the RPC URL the service lists for it. */
export function walletOn(chain: RelayChain, privateKey: Hex): WalletClient {
  if (!chain.httpRpcUrl) throw new Error(`the service lists no RPC URL for chain ${chain.id}`);
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: defineChain({
      id: chain.id,
      name: chain.displayName,
      nativeCurrency: {
        name: chain.currency?.name ?? "Ether",
        symbol: chain.currency?.symbol ?? "ETH",
        decimals: chain.currency?.decimals ?? 18,
      },
      rpcUrls: { default: { http: [chain.httpRpcUrl] } },
    }),
    transport: http(chain.httpRpcUrl),
  });
}
