/** Defaults the devnet shares wherever it starts (`startDevnet`, `attestkit devnet`). */
import { APP_BALANCE_CHAIN_ID } from "../funding/constants.ts";

/** How often an empty EVM block is mined, in ms: deposits reach their confirmations without a transaction. */
export const DEVNET_BLOCK_TIME_MS = 2000;

/** The devnet's EVM chains: Base's id (8453) and Optimism's (10). */
export const DEVNET_EVM_CHAINS = [
  { chainId: APP_BALANCE_CHAIN_ID, name: "base" },
  { chainId: 10, name: "optimism" },
] as const;
