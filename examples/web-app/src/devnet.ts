/**
 * Where the devnet is and who signs. `npm start` in attestkit (or `npx attestkit devnet`) prints both.
 * The key is the devnet's "alice", a well-known development key funded on the devnet's chains: public
 * by design, so never send value to it anywhere else. A real app gets its wallet from the user.
 */
import type { Address, Hex } from "viem";

export const SERVICE_URL: string = import.meta.env.VITE_SERVICE_URL ?? "http://127.0.0.1:8787";

export const DEVNET_TEST_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

/** The devnet's "bob": the default recipient. */
export const DEFAULT_RECIPIENT: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
