/**
 * An EVM chain on the devnet's clock. Every block the chain mines is stamped from the clock: before a
 * call that mines (a transaction under automine, `evm_mine`, `hardhat_mine`), the next block's
 * timestamp is set to the clock's second, or one second past the latest block when the clock has not
 * moved past it (the chain's timestamps strictly increase, so blocks mined within one second, or while
 * the clock is paused, step one second each). A block is mined only by such a call: moving the clock
 * mines nothing; it sets the next block's timestamp at once, so `pending` calls and gas estimates see
 * the new time, and `block.timestamp` reads it from the next block on.
 *
 * The chain's time methods act on the whole devnet through the clock: `evm_increaseTime`,
 * `evm_setNextBlockTimestamp` and `evm_mine` with a timestamp move every chain and the service; a
 * `hardhat_mine` of several blocks whose last one lands past the clock moves the clock there.
 */

import { anvilParams, anvilQuantity } from "./anvil-methods.ts";
import { type ClockMove, type DevnetClock, DevnetClockError } from "./clock.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** Calls that mine a block under automine. */
const SENDS = new Set(["eth_sendTransaction", "eth_sendRawTransaction"]);
/** EDR's code for a timestamp the chain refuses. */
const INVALID_INPUT = -32000;

type Request = Eip1193Provider["request"];

/** A quantity as anvil reads it, as a number (the clock refuses one past its range). */
const seconds = (value: unknown, what: string) => Number(BigInt(anvilQuantity(value, what)));

/** `evm_mine`'s optional parameter: a timestamp, or anvil's `{ timestamp?, blocks? }`. */
function mineOptions(value: unknown): { timestamp?: number; blocks: `0x${string}` } {
  if (value === undefined || value === null) return { blocks: "0x1" };
  if (typeof value === "object" && !Array.isArray(value)) {
    const { timestamp, blocks } = value as { timestamp?: unknown; blocks?: unknown };
    return {
      ...(timestamp === undefined || timestamp === null
        ? {}
        : { timestamp: seconds(timestamp, "timestamp") }),
      blocks: blocks === undefined || blocks === null ? "0x1" : anvilQuantity(blocks, "blocks"),
    };
  }
  return { timestamp: seconds(value, "timestamp"), blocks: "0x1" };
}

async function latestTimestampOf(request: Request): Promise<number> {
  const block = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    timestamp: string;
  };
  return Number(BigInt(block.timestamp));
}

/**
 * Moves `clock` up to the latest block of `chains` when one is ahead of it (setting a chain up mines
 * blocks faster than one a second, each a second after the one before).
 */
export async function clockUpToChains(clock: DevnetClock, chains: readonly Eip1193Provider[]): Promise<void> {
  const latest = await Promise.all(chains.map((chain) => latestTimestampOf((args) => chain.request(args))));
  const ahead = Math.max(...latest) * 1000;
  // Checked again in the clock's turn: the clock may have run past `ahead` while the move waited.
  if (ahead > clock.now()) await clock.catchUp(ahead);
}

export interface EvmClockProvider extends Eip1193Provider {
  /** Stops following the clock. */
  leave(): void;
}

export function evmClockProvider(provider: Eip1193Provider, clock: DevnetClock): EvmClockProvider {
  const edr: Request = (args) => provider.request(args);
  let automine = true;
  /** A timestamp `setNext` asked for and no block has used yet. */
  let exactNext: number | null = null;
  /** Mining calls run one at a time, so the timestamp set is the one their block gets. */
  let mining: Promise<unknown> = Promise.resolve();

  const latestTimestamp = () => latestTimestampOf(edr);

  /** The timestamp this wrapper gave the latest block (null: ask the node, after a revert or a failure). */
  let latestStamped: number | null = null;

  /** Sets the node's next block timestamp from the clock (what `pending` calls and estimates see too). */
  async function stampNextBlock(): Promise<number> {
    const latest = latestStamped ?? (await latestTimestamp());
    const stamp = Math.max(exactNext ?? clock.seconds(), latest + 1);
    await edr({ method: "evm_setNextBlockTimestamp", params: [stamp] });
    return stamp;
  }

  /** Runs `run` after the chain's earlier mining calls. */
  function queued<T>(run: () => Promise<T>): Promise<T> {
    const next = mining.then(run);
    mining = next.catch(() => {});
    return next;
  }

  function mined<T>(call: () => Promise<T>): Promise<T> {
    return queued(async () => {
      const stamp = await stampNextBlock();
      exactNext = null;
      try {
        const result = await call();
        latestStamped = stamp;
        return result;
      } catch (error) {
        latestStamped = null;
        throw error;
      }
    });
  }

  /** After several blocks at an interval, the clock follows the chain to its last block. */
  const catchUp = () => clockUpToChains(clock, [provider]);

  const leave = clock.join({
    async check(move: ClockMove) {
      if (!move.exact) return;
      const latest = await latestTimestamp();
      const timestamp = Math.floor(move.toMs / 1000);
      if (timestamp <= latest) {
        throw Object.assign(
          new Error(
            `Timestamp ${timestamp} is lower than or equal to the previous block's timestamp ${latest}`,
          ),
          { code: INVALID_INPUT },
        );
      }
    },
    async moved(move: ClockMove) {
      exactNext = move.exact ? Math.floor(move.toMs / 1000) : null;
      await queued(stampNextBlock);
    },
  });

  async function mine(params: unknown): Promise<unknown> {
    const [option] = anvilParams(params, 0, 1, "evm_mine");
    const { timestamp, blocks } = mineOptions(option);
    if (timestamp !== undefined) await clock.setNext(timestamp);
    if (blocks === "0x1") await mined(() => edr({ method: "evm_mine" }));
    else if (blocks !== "0x0") await timeMethods.hardhat_mine?.([blocks]);
    return "0x0";
  }

  const timeMethods: Record<string, (params: unknown) => Promise<unknown>> = {
    async evm_increaseTime(params) {
      const [amount] = anvilParams(params, 1, 1, "evm_increaseTime");
      const { offsetMs } = await clock.increase(seconds(amount, "seconds"));
      return Math.trunc(offsetMs / 1000);
    },
    async evm_setNextBlockTimestamp(params) {
      const [timestamp] = anvilParams(params, 1, 1, "evm_setNextBlockTimestamp");
      await clock.setNext(seconds(timestamp, "timestamp"));
      return null;
    },
    evm_mine: mine,
    async evm_setAutomine(params) {
      const [enabled] = anvilParams(params, 1, 1, "evm_setAutomine");
      if (typeof enabled !== "boolean")
        throw new DevnetClockError("Invalid params: evm_setAutomine takes a boolean");
      await edr({ method: "evm_setAutomine", params: [enabled] });
      automine = enabled;
      return null;
    },
    async hardhat_mine(params) {
      const result = await mined(() =>
        edr(params === undefined ? { method: "hardhat_mine" } : { method: "hardhat_mine", params }),
      );
      latestStamped = null;
      await catchUp();
      return result;
    },
  };

  return {
    async request({ method, params }) {
      const own = Object.hasOwn(timeMethods, method) ? timeMethods[method] : undefined;
      if (method === "evm_revert") latestStamped = null;
      if (own) return own(params);
      if (method === "anvil_rollback") {
        return queued(async () => {
          latestStamped = null;
          return edr({ method, params });
        });
      }
      if (SENDS.has(method) && automine) return mined(() => edr({ method, params }));
      return edr(params === undefined ? { method } : { method, params });
    },
    ...(provider.on ? { on: provider.on.bind(provider) } : {}),
    ...(provider.removeListener ? { removeListener: provider.removeListener.bind(provider) } : {}),
    leave,
  };
}
