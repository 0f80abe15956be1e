/**
 * anvil's cheatcodes on an EDR chain, with anvil's parameter shapes and results, answered by their
 * Hardhat equivalents: quantities as JSON numbers or hex strings (Hardhat takes hex strings only),
 * addresses with or without `0x`, storage values as 32-byte words, `anvil_mine(count?, interval?)`
 * with anvil's interval (every block, the first included, `interval` seconds after the one before,
 * moving the devnet clock with it), and anvil's results (null, `true` for `anvil_setStorageAt`).
 * A malformed parameter is refused with -32602 naming it; nothing is changed.
 */
import { dealErc20 } from "./anvil-erc20.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

const INVALID_PARAMS = -32602;

/** anvil's own names for the `evm_<name>` methods, with the same parameters. */
const EVM_NAMES = [
  "snapshot",
  "revert",
  "increaseTime",
  "setNextBlockTimestamp",
  "setAutomine",
  "setIntervalMining",
];

/** Helpers EDR serves as `hardhat_<name>` with anvil's parameters unchanged. */
const SAME_PARAMETERS = [
  "getAutomine",
  "dropTransaction",
  "setCoinbase",
  "setNextBlockBaseFeePerGas",
  "setMinGasPrice",
  "setLoggingEnabled",
];

function invalidParams(message: string): Error & { code: number } {
  return Object.assign(new Error(`Invalid params: ${message}`), { code: INVALID_PARAMS });
}

/** Positional parameters, `min` to `max` of them. */
export function anvilParams(params: unknown, min: number, max: number, method: string): unknown[] {
  const list = params ?? [];
  if (!Array.isArray(list) || list.length < min || list.length > max) {
    const count = min === max ? `${min}` : `${min} to ${max}`;
    throw invalidParams(`${method} takes ${count} positional parameters`);
  }
  return list;
}

/** A U256 as anvil reads it (a JSON number or a hex string), as a 0x-prefixed hex quantity. */
export function anvilQuantity(value: unknown, what: string): `0x${string}` {
  let parsed: bigint | null = null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) parsed = BigInt(value);
  if (typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value)) parsed = BigInt(value);
  if (parsed === null) {
    throw invalidParams(
      `${what} must be a non-negative integer or a hex quantity of at most 32 bytes, got ${JSON.stringify(value)}`,
    );
  }
  return `0x${parsed.toString(16)}`;
}

/** A 20-byte address, with or without `0x` (anvil takes both), lower-cased. */
export function anvilAddress(value: unknown, what = "address"): `0x${string}` {
  if (typeof value !== "string" || !/^(0x)?[0-9a-fA-F]{40}$/.test(value)) {
    throw invalidParams(`${what} must be a 20-byte hex address, got ${JSON.stringify(value)}`);
  }
  return `0x${value.replace(/^0x/, "").toLowerCase()}`;
}

function hexBytes(value: unknown, what: string, length?: number): `0x${string}` {
  const digits = typeof value === "string" ? value.replace(/^0x/, "") : null;
  if (
    digits === null ||
    !/^[0-9a-fA-F]*$/.test(digits) ||
    digits.length % 2 !== 0 ||
    (length !== undefined && digits.length !== length * 2)
  ) {
    const size = length === undefined ? "hex bytes" : `exactly ${length} hex bytes`;
    throw invalidParams(`${what} must be ${size}, got ${JSON.stringify(value)}`);
  }
  return `0x${digits.toLowerCase()}`;
}

type Method = (provider: Eip1193Provider, params: unknown) => Promise<unknown>;

const METHODS: Record<string, Method> = {
  async anvil_setBalance(provider, params) {
    const [address, balance] = anvilParams(params, 2, 2, "anvil_setBalance");
    await provider.request({
      method: "hardhat_setBalance",
      params: [anvilAddress(address), anvilQuantity(balance, "balance")],
    });
    return null;
  },
  async anvil_setCode(provider, params) {
    const [address, code] = anvilParams(params, 2, 2, "anvil_setCode");
    await provider.request({
      method: "hardhat_setCode",
      params: [anvilAddress(address), hexBytes(code, "code")],
    });
    return null;
  },
  async anvil_setNonce(provider, params) {
    const [address, nonce] = anvilParams(params, 2, 2, "anvil_setNonce");
    await provider.request({
      method: "hardhat_setNonce",
      params: [anvilAddress(address), anvilQuantity(nonce, "nonce")],
    });
    return null;
  },
  async anvil_setStorageAt(provider, params) {
    const [address, slot, value] = anvilParams(params, 3, 3, "anvil_setStorageAt");
    await provider.request({
      method: "hardhat_setStorageAt",
      params: [anvilAddress(address), anvilQuantity(slot, "slot"), hexBytes(value, "value", 32)],
    });
    return true;
  },
  async anvil_impersonateAccount(provider, params) {
    const [address] = anvilParams(params, 1, 1, "anvil_impersonateAccount");
    await provider.request({ method: "hardhat_impersonateAccount", params: [anvilAddress(address)] });
    return null;
  },
  async anvil_stopImpersonatingAccount(provider, params) {
    const [address] = anvilParams(params, 1, 1, "anvil_stopImpersonatingAccount");
    await provider.request({ method: "hardhat_stopImpersonatingAccount", params: [anvilAddress(address)] });
    return null;
  },
  async anvil_dealERC20(provider, params) {
    const [address, token, amount] = anvilParams(params, 3, 3, "anvil_dealERC20");
    await dealErc20(
      provider,
      anvilAddress(address),
      anvilAddress(token, "token"),
      BigInt(anvilQuantity(amount, "amount")),
    );
    return null;
  },
  async anvil_rollback(provider, params) {
    const [depth] = anvilParams(params, 1, 1, "anvil_rollback");
    const blocks = depth === null ? 1 : Number(BigInt(anvilQuantity(depth, "depth")));
    return provider.request({ method: "anvil_rollback", params: [blocks] });
  },
  async anvil_reorg(provider, params) {
    const [depthValue, pairsValue] = anvilParams(params, 2, 2, "anvil_reorg");
    const depth = Number(BigInt(anvilQuantity(depthValue, "depth")));
    if (!Array.isArray(pairsValue))
      throw invalidParams("anvil_reorg's second parameter is a list of [transaction, block offset]");
    const pairs = pairsValue.map((pair) => {
      if (!Array.isArray(pair) || pair.length !== 2)
        throw invalidParams("each reorg transaction is [transaction, block offset]");
      const [transaction, offsetValue] = pair;
      const offset = Number(BigInt(anvilQuantity(offsetValue, "block offset")));
      if (offset >= depth) throw invalidParams(`block offset ${offset} is past the reorg's ${depth} blocks`);
      if (typeof transaction === "string")
        return {
          offset,
          request: { method: "eth_sendRawTransaction", params: [hexBytes(transaction, "raw transaction")] },
        };
      if (typeof transaction !== "object" || transaction === null)
        throw invalidParams("a reorg transaction is a transaction object or raw transaction bytes");
      return { offset, request: { method: "eth_sendTransaction", params: [transaction] } };
    });
    const height = Number(BigInt((await provider.request({ method: "eth_blockNumber" })) as string));
    if (depth > height) {
      throw Object.assign(
        new Error(
          `Reorg depth must not exceed current chain height: current height ${height}, depth ${depth}`,
        ),
        { code: INVALID_PARAMS },
      );
    }
    const automine = (await provider.request({ method: "hardhat_getAutomine" })) as boolean;
    const interval = await provider.request({ method: "anvil_getIntervalMining" });
    await provider.request({ method: "anvil_rollback", params: [depth] });
    // The new blocks hold the given transactions only, each at its offset.
    await provider.request({ method: "evm_setAutomine", params: [false] });
    try {
      for (let offset = 0; offset < depth; offset++) {
        for (const pair of pairs) if (pair.offset === offset) await provider.request(pair.request);
        await provider.request({ method: "evm_mine" });
      }
    } finally {
      await provider.request(
        interval === null
          ? { method: "evm_setAutomine", params: [automine] }
          : { method: "evm_setIntervalMining", params: [interval] },
      );
    }
    return null;
  },
  async anvil_mine(provider, params) {
    const [count, interval] = anvilParams(params, 0, 2, "anvil_mine");
    const blocks = count === undefined || count === null ? 1n : BigInt(anvilQuantity(count, "count"));
    const step =
      interval === undefined || interval === null ? null : BigInt(anvilQuantity(interval, "interval"));
    if (blocks === 0n) return null;
    // anvil moves time by the interval before each block, the first one included (a zero interval
    // moves nothing, so a timestamp set for the next block still stamps it).
    if (step !== null && step > 0n)
      await provider.request({ method: "evm_increaseTime", params: [`0x${step.toString(16)}`] });
    await provider.request({
      method: "hardhat_mine",
      params: [
        `0x${blocks.toString(16)}`,
        ...(step === null ? [] : [`0x${(step === 0n ? 1n : step).toString(16)}`]),
      ],
    });
    return null;
  },
};
for (const name of EVM_NAMES) {
  METHODS[`anvil_${name}`] = (provider, params) =>
    provider.request(params === undefined ? { method: `evm_${name}` } : { method: `evm_${name}`, params });
}
for (const name of SAME_PARAMETERS) {
  METHODS[`anvil_${name}`] = (provider, params) =>
    provider.request(
      params === undefined ? { method: `hardhat_${name}` } : { method: `hardhat_${name}`, params },
    );
}

/** The anvil cheatcode `method`, or undefined when `method` is not one. */
export function anvilMethod(method: string): Method | undefined {
  return Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
}

/** Every anvil cheatcode answered here. */
export const ANVIL_METHODS: readonly string[] = Object.keys(METHODS);
