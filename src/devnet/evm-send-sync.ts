/**
 * `eth_sendRawTransactionSync` (EIP-7966) on a devnet EVM chain: submits a signed transaction as
 * `eth_sendRawTransaction` does and answers its receipt once it is mined, in one call. Under automine
 * (the default) the receipt is there when the submission returns; with interval or manual mining the
 * call waits for the block, up to a timeout: the optional second parameter in ms (a JSON number or a
 * hex quantity, as viem sends it), `SEND_SYNC_DEFAULT_TIMEOUT_MS` when absent, zero or above
 * `SEND_SYNC_MAX_TIMEOUT_MS` (the EIP falls back to the node's default for a timeout it cannot
 * honour). A transaction not mined in time is answered with EIP-7966's code 4 and its hash as `data`
 * (it stays in the mempool); a submission the node refuses fails at once with the node's own error,
 * as `eth_sendRawTransaction` would. Malformed parameters are refused with -32602, nothing sent.
 */
import { anvilParams, anvilQuantity } from "./anvil-methods.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** anvil's wait for the receipt: long enough for interval mining at any usual block time. */
export const SEND_SYNC_DEFAULT_TIMEOUT_MS = 30_000;
/** The longest wait a caller may ask for. */
export const SEND_SYNC_MAX_TIMEOUT_MS = 30_000;
/** EIP-7966's code for a transaction submitted but not mined within the timeout. */
export const SEND_SYNC_TIMEOUT_CODE = 4;
/** How often a waiting call looks for the receipt. */
const POLL_MS = 10;
const INVALID_PARAMS = -32602;

const invalidParams = (message: string) =>
  Object.assign(new Error(`Invalid params: ${message}`), { code: INVALID_PARAMS });

/** The signed transaction: 0x-prefixed hex of whole bytes, not empty. */
function rawTransaction(value: unknown): `0x${string}` {
  if (typeof value !== "string" || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)) {
    throw invalidParams(
      `eth_sendRawTransactionSync's first parameter is the signed transaction as 0x-prefixed hex bytes, got ${JSON.stringify(value)}`,
    );
  }
  return value as `0x${string}`;
}

/** The wait in ms: the caller's when it is one the node honours, else the default. */
function timeoutMs(value: unknown): number {
  if (value === undefined || value === null) return SEND_SYNC_DEFAULT_TIMEOUT_MS;
  const asked = BigInt(anvilQuantity(value, "timeout (ms)"));
  return asked === 0n || asked > BigInt(SEND_SYNC_MAX_TIMEOUT_MS)
    ? SEND_SYNC_DEFAULT_TIMEOUT_MS
    : Number(asked);
}

export async function sendRawTransactionSync(provider: Eip1193Provider, params: unknown): Promise<unknown> {
  const [raw, timeout] = anvilParams(params, 1, 2, "eth_sendRawTransactionSync");
  const transaction = rawTransaction(raw);
  const waitMs = timeoutMs(timeout);
  const hash = (await provider.request({
    method: "eth_sendRawTransaction",
    params: [transaction],
  })) as string;
  const deadline = performance.now() + waitMs;
  for (;;) {
    const receipt = await provider.request({ method: "eth_getTransactionReceipt", params: [hash] });
    if (receipt !== null && receipt !== undefined) return receipt;
    const left = deadline - performance.now();
    if (left <= 0) {
      throw Object.assign(
        new Error(`the transaction was added to the mempool but was not mined within ${waitMs} ms`),
        { code: SEND_SYNC_TIMEOUT_CODE, data: hash },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}
