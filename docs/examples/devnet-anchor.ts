import { createRequire } from "node:module";
import { type AccountClient, AnchorProvider, type Idl, Program, Wallet } from "@coral-xyz/anchor";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";

// The Anchor IDL of the SVM receiver ships with the package.
const idl = createRequire(import.meta.url)("attestkit/idl/attested_receiver.json") as Idl;

/** Reads the SVM receiver's config account through Anchor, as `npm start` prints its addresses. */
export async function readReceiverConfig(programId: string, config: string, url = "http://127.0.0.1:8899") {
  const connection = new Connection(url, { commitment: "confirmed", wsEndpoint: "ws://127.0.0.1:8900" });
  const provider = new AnchorProvider(connection, new Wallet(Keypair.generate()), {
    commitment: "confirmed",
  });
  const program = new Program({ ...idl, address: programId }, provider);
  // A JSON IDL carries no literal types: name the account client by its IDL name.
  const accounts = program.account as unknown as Record<string, AccountClient>;
  return accounts.config?.fetch(new PublicKey(config));
}
