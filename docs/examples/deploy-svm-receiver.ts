import { readFileSync } from "node:fs";
import {
  type Address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
} from "@solana/kit";
import { deployReceiver, rpcCluster } from "attestkit/deploy";

/** A keypair file as `solana-keygen new -o <file>` writes it: a JSON array of 64 bytes. */
async function keypairFile(path: string) {
  return createKeyPairSignerFromBytes(new Uint8Array(JSON.parse(readFileSync(path, "utf8")) as number[]));
}

/**
 * Deploys programs/deploy/attested-receiver.so to the cluster at `rpcUrl` and initializes it in
 * the same run. The deployer pays and becomes the upgrade authority, the only key `initialize`
 * accepts, so nobody can initialize your program with their own solver in between.
 */
export async function deploySvmReceiver(options: {
  rpcUrl: string;
  rpcSubscriptionsUrl: string;
  deployerKeypairFile: string;
  programKeypairFile: string;
  owner: Address;
  /** The solver's EVM address (it signs attestations) and its SVM address (it is paid). */
  solverEvm: string;
  solverSvm: Address;
  maxDeadlineWindow: bigint;
}) {
  const cluster = rpcCluster(
    createSolanaRpc(options.rpcUrl),
    createSolanaRpcSubscriptions(options.rpcSubscriptionsUrl),
  );
  return deployReceiver({
    cluster,
    payer: await keypairFile(options.deployerKeypairFile),
    program: await keypairFile(options.programKeypairFile),
    init: {
      owner: options.owner,
      solverEvm: options.solverEvm,
      solverSvm: options.solverSvm,
      maxDeadlineWindow: options.maxDeadlineWindow,
    },
  });
}
