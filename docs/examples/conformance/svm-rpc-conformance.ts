// The SVM catalogue against any Solana JSON-RPC endpoint (a local validator, surfpool, the attestkit
// devnet's SVM chain): the reference program is deployed there over RPC, then every property runs.
import { createSolanaRpc, createSolanaRpcSubscriptions } from "@solana/kit";
import { attestedReceiverSvmAdapter, rpcLedger, runSvmConformance } from "attestkit/testing/svm";

export function runSvmConformanceOverRpc(rpcUrl = "http://127.0.0.1:8899", wsUrl = "ws://127.0.0.1:8900") {
  return runSvmConformance({
    ledger: rpcLedger(createSolanaRpc(rpcUrl), createSolanaRpcSubscriptions(wsUrl)),
    adapter: attestedReceiverSvmAdapter(),
  });
}
