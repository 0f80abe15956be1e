import { type Address, getAddress, type Hex } from "viem";
import { APP_BALANCE_FUNDING_MARKER } from "./constants.ts";

export type DecodedAppBalanceFunding = {
  solver: Address;
  amount: bigint;
  /** The credited app balance, or null when the calldata credits the transaction sender. */
  credit: Address | null;
};

const TRANSFER_SELECTOR = "a9059cbb";
// selector, address word whose upper 12 bytes are zero, amount word, marker, 40 hex, marker
const FUNDING_CALLDATA = new RegExp(
  `^0x${TRANSFER_SELECTOR}0{24}([0-9a-f]{40})([0-9a-f]{64})${APP_BALANCE_FUNDING_MARKER}([0-9a-f]{40})${APP_BALANCE_FUNDING_MARKER}$`,
);
const ZERO_ADDRESS_HEX = "0".repeat(40);
const FUNDING_CALLDATA_LENGTH = 2 + 2 * (4 + 32 + 32 + 6 + 20 + 6);

/**
 * Reads app-balance funding calldata, as an indexer sees it in a transaction's
 * input. Returns null for anything that is not exactly such calldata; never
 * throws, whatever the input.
 * @param calldata a transaction's input, of any type.
 * @returns the solver, the amount and the credited address (null: the sender), or null.
 * @example
 * ```ts
 * const funding = decodeAppBalanceFundingCalldata(tx.input);
 * if (funding !== null) console.log(funding.amount, funding.credit ?? tx.from);
 * ```
 */
export function decodeAppBalanceFundingCalldata(calldata: unknown): DecodedAppBalanceFunding | null {
  if (typeof calldata !== "string" || calldata.length !== FUNDING_CALLDATA_LENGTH) return null;
  const match = FUNDING_CALLDATA.exec(calldata.toLowerCase() as Hex);
  if (!match) return null;
  const [, solver, amount, credit] = match as unknown as [string, string, string, string];
  return {
    solver: getAddress(`0x${solver}`),
    amount: BigInt(`0x${amount}`),
    credit: credit === ZERO_ADDRESS_HEX ? null : getAddress(`0x${credit}`),
  };
}
