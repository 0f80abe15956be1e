/**
 * surfpool's network-wide cheatcodes on the SVM chain:
 * - `surfnet_getLocalSignatures(limit?)`: the `limit` (default 50) latest transactions the chain ran,
 *   newest first, each `{ signature, err, logs }`, in `{ context: { slot, apiVersion }, value }`.
 * - `surfnet_resetNetwork()` is refused, -32603 `RPC method not supported` (surfpool's refusal), the
 *   reason as `data`: surfpool starts over from an empty chain, but the devnet's chain holds the
 *   programs, mint and accounts the mock service and the other chains rely on. A devnet snapshot
 *   taken where a test should start from, reverted, puts the whole devnet back instead.
 */
import { RpcError } from "./errors.ts";
import type { SvmLedger } from "./ledger.ts";
import { SOLANA_CORE_VERSION } from "./methods.ts";
import type { RpcMethod } from "./rpc-method.ts";
import { noParams, optional, positional, u64 } from "./surfnet-params.ts";

const INTERNAL_ERROR = -32603;
const DEFAULT_LOCAL_SIGNATURES = 50;

export function surfnetNetworkMethods(ledger: SvmLedger): Record<string, RpcMethod> {
  return {
    surfnet_getLocalSignatures(params) {
      const [limitValue] = positional(params, 0, 1);
      const limit = optional(limitValue, u64) ?? DEFAULT_LOCAL_SIGNATURES;
      return {
        context: { slot: ledger.slot("processed"), apiVersion: SOLANA_CORE_VERSION },
        value: ledger
          .latestTransactions(limit)
          .map((tx) => ({ signature: tx.signature, err: tx.err, logs: tx.logs })),
      };
    },
    surfnet_resetNetwork(params) {
      noParams(params);
      throw new RpcError(
        INTERNAL_ERROR,
        "RPC method not supported",
        "the devnet's SVM chain holds the programs and accounts the devnet's service relies on: revert a devnet snapshot (devnet.revert(id), POST /_devnet/revert) to go back to a known state",
      );
    },
  };
}
