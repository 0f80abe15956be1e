/**
 * The devnet's SVM chain for the suites of this folder, which reach it only through its JSON-RPC and
 * PubSub URLs, plus a funded keypair made over RPC (`requestAirdrop`).
 */
import {
  type Address,
  airdropFactory,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
} from "@solana/kit";
import type { FaucetLimits } from "../../../src/devnet/solana-rpc/index.ts";
import { startSvmDevChain } from "../../../src/devnet/svm-chain.ts";

export interface RpcChain {
  rpcUrl: string;
  wsUrl: string;
  rpc: Rpc<SolanaRpcApi>;
  rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  /** The devnet's USDC mint (SPL Token, 6 decimals, funded token accounts). */
  usdcMint: Address;
  /** A new keypair with `sol` SOL airdropped over RPC and confirmed. */
  funded(sol?: bigint): Promise<KeyPairSigner>;
  close(): Promise<void>;
}

export async function startRpcChain(slotTimeMs = 50, faucet?: FaucetLimits): Promise<RpcChain> {
  const chain = await startSvmDevChain({
    solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    whitelist: [],
    maxDeadlineWindow: 3600,
    slotTimeMs,
    ...(faucet ? { faucet } : {}),
  });
  const rpc: Rpc<SolanaRpcApi> = createSolanaRpc(chain.rpcUrl);
  const rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi> = createSolanaRpcSubscriptions(
    chain.wsUrl,
  );
  const airdrop = airdropFactory({ rpc, rpcSubscriptions } as Parameters<typeof airdropFactory>[0]);
  return {
    rpcUrl: chain.rpcUrl,
    wsUrl: chain.wsUrl,
    rpc,
    rpcSubscriptions,
    usdcMint: chain.usdc.mint,
    async funded(sol = 10n) {
      const signer = await generateKeyPairSigner();
      await airdrop({
        recipientAddress: signer.address,
        lamports: lamports(sol * 1_000_000_000n),
        commitment: "confirmed",
      });
      return signer;
    },
    close: () => chain.close(),
  };
}
