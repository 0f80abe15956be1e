/**
 * A Solana wallet for an app on the service's SDK: the SDK's own SVM adapter
 * (`@relayprotocol/relay-svm-wallet-adapter`) over a web3.js `Connection` on the chain's RPC and
 * PubSub URLs from GET /chains, signing locally with a keypair (what a wallet extension does in a
 * browser) and sending the signed transaction over JSON-RPC.
 */
import { type AdaptedWallet, getClient } from "@relayprotocol/relay-sdk";
import { adaptSolanaWallet } from "@relayprotocol/relay-svm-wallet-adapter";
import { Connection, Keypair, type VersionedTransaction } from "@solana/web3.js";

export interface SdkSolanaWallet {
  wallet: AdaptedWallet;
  connection: Connection;
  address: string;
}

/** `secretKey`: the 64-byte secret key (seed || public key), as wallets and the Solana CLI hold it. */
export function sdkSolanaWallet(chainId: number, secretKey: Uint8Array): SdkSolanaWallet {
  const chain = getClient().chains.find((candidate) => candidate.id === chainId);
  if (chain?.vmType !== "svm" || !chain.httpRpcUrl) throw new Error(`the SDK has no SVM chain ${chainId}`);
  const connection = new Connection(chain.httpRpcUrl, {
    commitment: "confirmed",
    ...(chain.wsRpcUrl ? { wsEndpoint: chain.wsRpcUrl } : {}),
  });
  const keypair = Keypair.fromSecretKey(secretKey);
  const address = keypair.publicKey.toBase58();
  const wallet = adaptSolanaWallet(
    address,
    chainId,
    connection,
    async (transaction: VersionedTransaction) => {
      transaction.sign([keypair]);
      return { signature: await connection.sendRawTransaction(transaction.serialize()) };
    },
  );
  return { wallet, connection, address };
}
