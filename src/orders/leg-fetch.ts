import type { Hex } from "viem";
import type { EvmLegClient, EvmLegEvidence, SvmLegEvidence, SvmLegRpc } from "./verify-leg-types.ts";

const NOT_FOUND = new Set(["TransactionNotFoundError", "TransactionReceiptNotFoundError"]);

/**
 * Reads an EVM fill or refund by hash: the transaction, its receipt, its block's timestamp, the
 * head block's number and timestamp (for finality) and, when the client offers it, the node's chain id. Null when the node does not know the transaction or has no receipt yet.
 */
export async function fetchEvmLegEvidence(client: EvmLegClient, hash: Hex): Promise<EvmLegEvidence | null> {
  try {
    const [transaction, receipt] = await Promise.all([
      client.getTransaction({ hash }),
      client.getTransactionReceipt({ hash }),
    ]);
    const [block, head, nodeChainId] = await Promise.all([
      client.getBlock({ blockNumber: receipt.blockNumber }),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getChainId?.(),
    ]);
    const [headBlock, internalTransfers] = await Promise.all([
      client.getBlock({ blockNumber: head }),
      traceInternalTransfers(client, hash),
    ]);
    return {
      vm: "ethereum-vm",
      transaction: {
        hash: transaction.hash,
        to: transaction.to,
        input: transaction.input,
        value: transaction.value,
        ...(transaction.chainId === undefined ? {} : { chainId: transaction.chainId }),
      },
      receipt: { status: receipt.status, blockNumber: receipt.blockNumber, logs: receipt.logs },
      blockTimestamp: block.timestamp,
      headBlockNumber: head,
      headBlockTimestamp: headBlock.timestamp,
      ...(nodeChainId === undefined ? {} : { nodeChainId }),
      ...(internalTransfers === null ? {} : { internalTransfers }),
    };
  } catch (error) {
    if (error instanceof Error && NOT_FOUND.has(error.name)) return null;
    throw error;
  }
}

/** One frame of the call tracer's output: a call, its value (hex) and the calls it made. */
type CallFrame = { type?: string; from?: string; to?: string; value?: string; calls?: CallFrame[] };

/**
 * The native value the transaction's inner calls moved (`debug_traceTransaction`, call tracer), or
 * null when the client cannot ask or the node does not answer: the trace is optional evidence.
 */
async function traceInternalTransfers(
  client: EvmLegClient,
  hash: Hex,
): Promise<{ to: string; value: bigint; from?: string }[] | null> {
  if (client.request === undefined) return null;
  let root: CallFrame;
  try {
    root = (await client.request({
      method: "debug_traceTransaction",
      params: [hash, { tracer: "callTracer" }],
    })) as CallFrame;
  } catch {
    return null;
  }
  // A node that ignores the tracer answers with struct logs: no call frame, no evidence.
  if (root === null || typeof root !== "object" || typeof root.type !== "string") return null;
  const out: { to: string; value: bigint; from?: string }[] = [];
  const walk = (frame: CallFrame) => {
    for (const call of frame.calls ?? []) {
      if (
        typeof call.to === "string" &&
        typeof call.value === "string" &&
        /^0x[0-9a-fA-F]+$/.test(call.value)
      ) {
        const value = BigInt(call.value);
        const from = typeof call.from === "string" ? { from: call.from.toLowerCase() } : {};
        if (value > 0n) out.push({ to: call.to.toLowerCase(), value, ...from });
      }
      walk(call);
    }
  };
  walk(root);
  return out;
}

/**
 * Reads an SVM fill or refund by signature (`getTransaction` at `confirmed`, base64) with the
 * commitment its signature status has reached. Null when the node does not have it.
 */
export async function fetchSvmLegEvidence(rpc: SvmLegRpc, signature: string): Promise<SvmLegEvidence | null> {
  const transaction = (await rpc
    .getTransaction(signature, {
      commitment: "confirmed",
      encoding: "base64",
      maxSupportedTransactionVersion: 0,
    })
    .send()) as SvmLegEvidence["transaction"] | null;
  if (transaction === null) return null;
  const statuses = (await rpc
    .getSignatureStatuses([signature], { searchTransactionHistory: true })
    .send()) as {
    value: readonly ({ confirmationStatus?: SvmLegEvidence["commitment"] | null } | null)[];
  };
  return {
    vm: "solana-vm",
    signature,
    commitment: statuses.value[0]?.confirmationStatus ?? "confirmed",
    transaction,
  };
}
