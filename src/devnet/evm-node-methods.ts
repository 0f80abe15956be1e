/**
 * The local-node surface outside tools expect, over a Hardhat EDR provider: anvil's cheatcodes
 * (`anvil_setBalance`, `anvil_impersonateAccount`, ..., `anvil-methods.ts`) with anvil's parameters, and
 * transaction objects carrying both `input` and `data` (as Foundry's `cast` sends them) accepted when
 * the two agree and refused with -32602 when they differ; an `eth_sendTransaction` without `gas` gets
 * the estimate, as Anvil and Geth fill it (a transaction the estimate finds reverting is refused with
 * the estimate's error); `eth_sendRawTransactionSync` (EIP-7966, `evm-send-sync.ts`). Everything else, `eth_subscribe` events included, passes through unchanged.
 */
import { anvilMethod } from "./anvil-methods.ts";
import { sendRawTransactionSync } from "./evm-send-sync.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

const INVALID_PARAMS = -32602;

/** Methods whose first parameter is a transaction object. */
const TRANSACTION_METHODS = new Set([
  "eth_call",
  "eth_estimateGas",
  "eth_sendTransaction",
  "eth_signTransaction",
  "eth_createAccessList",
]);

function invalidParams(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: INVALID_PARAMS });
}

/** The transaction object with one calldata field, or an error when `input` and `data` disagree. */
function oneCalldataField(params: unknown): unknown {
  if (!Array.isArray(params)) return params;
  const [transaction, ...rest] = params;
  if (typeof transaction !== "object" || transaction === null) return params;
  const { input, data, ...fields } = transaction as Record<string, unknown>;
  if (input === undefined || data === undefined) return params;
  if (typeof input !== "string" || typeof data !== "string" || input.toLowerCase() !== data.toLowerCase()) {
    throw invalidParams("transaction has both input and data and they differ");
  }
  return [{ ...fields, input }, ...rest];
}

/** `eth_sendTransaction`'s parameters with `gas` estimated when the transaction has none. */
async function withEstimatedGas(provider: Eip1193Provider, params: unknown): Promise<unknown> {
  if (!Array.isArray(params)) return params;
  const [transaction, ...rest] = params;
  if (typeof transaction !== "object" || transaction === null || "gas" in transaction) return params;
  const gas = await provider.request({ method: "eth_estimateGas", params: [transaction, "pending"] });
  return [{ ...transaction, gas }, ...rest];
}

export function localNodeProvider(provider: Eip1193Provider): Eip1193Provider {
  const wrapped: Eip1193Provider = {
    async request({ method, params }) {
      const anvil = anvilMethod(method);
      if (anvil) return anvil(provider, params);
      if (method === "eth_sendRawTransactionSync") return sendRawTransactionSync(provider, params);
      let args = TRANSACTION_METHODS.has(method) ? oneCalldataField(params) : params;
      if (method === "eth_sendTransaction") args = await withEstimatedGas(provider, args);
      return provider.request(args === undefined ? { method } : { method, params: args });
    },
  };
  if (provider.on) wrapped.on = provider.on.bind(provider);
  if (provider.removeListener) wrapped.removeListener = provider.removeListener.bind(provider);
  return wrapped;
}
