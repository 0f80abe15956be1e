// What a gasless request records (`RequestMeta.gasless`), apart from the relaying code in gasless.ts
// so that the request records can name it without importing the repository that stores them.
import type { Hex } from "viem";

/** The two signatures a gasless quote asks for, by the `kind` their step items post. */
export const GASLESS_SIGNATURE_KINDS = ["multicall-authorization", "eip3009"] as const;
export type GaslessSignatureKind = (typeof GASLESS_SIGNATURE_KINDS)[number];

/** What the service keeps about a gasless request (`RequestMeta.gasless`). */
export interface GaslessState {
  chainId: number;
  /** The typed data the user signs, as quoted (JSON: integers as decimal strings). */
  multicall: unknown;
  funding: unknown;
  signatures: Partial<Record<GaslessSignatureKind, Hex>>;
  /** The relayer's transaction, once sent and included. */
  relayTx?: string;
}
