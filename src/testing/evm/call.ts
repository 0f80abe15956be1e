import type { Address, Hex } from "viem";

/** A transaction the catalogue sends (from the payer, or from the owner for admin calls). */
export interface EvmCall {
  to: Address;
  data: Hex;
  value?: bigint;
}
