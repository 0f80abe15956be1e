/** App balances are funded by token transfers to the solver on this chain (service interface: App balance funding). */
export const APP_BALANCE_CHAIN_ID = 8453;

/** The marker that opens and closes the credited address in funding calldata. */
export const APP_BALANCE_FUNDING_MARKER = "012345abcdef";
