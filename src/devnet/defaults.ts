/** Defaults the devnet shares wherever it starts (`startDevnet`, `attestkit devnet`). */

/** How often an empty EVM block is mined, in ms: deposits reach their confirmations without a transaction. */
export const DEVNET_BLOCK_TIME_MS = 2000;
