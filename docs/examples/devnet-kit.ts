import {
  airdropFactory,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  lamports,
} from "@solana/kit";

/** Airdrops 1 SOL to a fresh key on the devnet's SVM chain, confirmed over PubSub, and reads it back. */
export async function airdropOnDevnet(httpUrl = "http://127.0.0.1:8899", wsUrl = "ws://127.0.0.1:8900") {
  const rpc = createSolanaRpc(httpUrl);
  const rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
  const wallet = await generateKeyPairSigner();
  await airdropFactory({ rpc, rpcSubscriptions })({
    recipientAddress: wallet.address,
    lamports: lamports(1_000_000_000n),
    commitment: "confirmed",
  });
  const { value } = await rpc.getBalance(wallet.address, { commitment: "confirmed" }).send();
  return value; // 1_000_000_000n
}
