/**
 * A devnet EVM chain's saved state. EDR (0.22) has no state export: its genesis overrides ignore
 * storage (EDR issue 911) and no method lists accounts or storage slots. So the chain keeps a journal
 * of every request that changed it (transactions, mining, `hardhat_set*`, impersonation), each with
 * the timestamps of the blocks it mined, and a saved chain is rebuilt by replaying the journal on a
 * new node from the same genesis time, each block at its recorded timestamp (so time moves, the
 * clock's included, need no entry of their own). A run of empty blocks mined one call after another
 * is one entry, replayed evenly over its span.
 * Reverts keep the journal true: `evm_revert` to a snapshot cuts the journal back to where that
 * snapshot was taken, so a replay runs only the chain's current history.
 */
import type { Address, Hex } from "viem";
import type { EdrProvider } from "./edr-provider.ts";

/** Requests that change a chain's state (the node's names; anvil's are mapped before they arrive). */
const STATE_CHANGING = new Set([
  "eth_sendTransaction",
  "eth_sendRawTransaction",
  "evm_mine",
  "hardhat_mine",
  "evm_setAutomine",
  "evm_setBlockGasLimit",
  "hardhat_setBalance",
  "hardhat_setCode",
  "hardhat_setNonce",
  "hardhat_setStorageAt",
  "hardhat_setCoinbase",
  "hardhat_setNextBlockBaseFeePerGas",
  "hardhat_setMinGasPrice",
  "hardhat_setPrevRandao",
  "hardhat_impersonateAccount",
  "hardhat_stopImpersonatingAccount",
  "hardhat_dropTransaction",
  "hardhat_dropAllTransactions",
]);

export interface JournalEntry {
  method: string;
  params: unknown;
  /** Timestamps (unix seconds) of the blocks the request mined, first and last. */
  mined?: { count: number; first: number; last: number };
}

export interface EvmChainState {
  chainId: number;
  /** The genesis block's timestamp (unix seconds). */
  genesisTime: number;
  journal: JournalEntry[];
  receiver: Address;
  depository: Address;
  tokens: { symbol: "USDC" | "WETH"; name: string; decimals: number; address: Address }[];
}

/** An EDR provider that journals what changes its chain. */
export interface JournaledProvider extends EdrProvider {
  journal(): readonly JournalEntry[];
}

const toNumber = (hex: unknown) => Number(BigInt(hex as string));

/** Empty blocks mined without an interval (`--block-time`'s timer): runs of them are one entry. */
function isPlainMine(
  entry: JournalEntry,
): entry is JournalEntry & { mined: NonNullable<JournalEntry["mined"]> } {
  return (
    entry.method === "hardhat_mine" &&
    entry.mined !== undefined &&
    (entry.params === undefined || (Array.isArray(entry.params) && entry.params.length <= 1))
  );
}

export function journaledProvider(provider: EdrProvider): JournaledProvider {
  const journal: JournalEntry[] = [];
  /** Journal length when each live snapshot was taken, by snapshot id. */
  const marks = new Map<number, number>();
  const blockNumber = async () => toNumber(await provider.request({ method: "eth_blockNumber" }));
  const blockTime = async (number: number) => {
    const block = (await provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${number.toString(16)}`, false],
    })) as { timestamp: Hex };
    return toNumber(block.timestamp);
  };

  // Requests that change the chain, and snapshots and reverts, run one at a time: a request's
  // blocks are the ones between its before and after, which holds only when nothing else mines between.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  }

  async function journaled(method: string, params: unknown): Promise<unknown> {
    const before = await blockNumber();
    let result: unknown;
    let failure: unknown;
    try {
      result = await provider.request({ method, params });
    } catch (error) {
      failure = error;
    }
    const after = await blockNumber();
    // A refused request changed nothing, unless it mined (a reverted transaction is mined).
    if (failure === undefined || after > before) {
      const entry: JournalEntry = { method, params };
      if (after > before) {
        entry.mined = {
          count: after - before,
          first: await blockTime(before + 1),
          last: await blockTime(after),
        };
      }
      const previous = journal.at(-1);
      if (isPlainMine(entry) && previous !== undefined && isPlainMine(previous)) {
        previous.mined = {
          count: previous.mined.count + entry.mined.count,
          first: previous.mined.first,
          last: entry.mined.last,
        };
      } else journal.push(entry);
    }
    if (failure !== undefined) throw failure;
    return result;
  }

  return {
    ...provider,
    async request({ method, params }) {
      if (STATE_CHANGING.has(method)) return inTurn(() => journaled(method, params));
      if (method !== "evm_snapshot" && method !== "evm_revert")
        return provider.request(params === undefined ? { method } : { method, params });
      return inTurn(async () => {
        const result = await provider.request(params === undefined ? { method } : { method, params });
        if (method === "evm_snapshot") marks.set(toNumber(result), journal.length);
        if (method === "evm_revert" && result === true) {
          const id = toNumber((params as unknown[])[0]);
          const length = marks.get(id);
          if (length !== undefined) journal.length = length;
          for (const later of [...marks.keys()]) if (later >= id) marks.delete(later);
        }
        return result;
      });
    },
    journal: () => journal,
  };
}

/**
 * Replays `journal` on a new chain: before each request that mined, the next block's timestamp is
 * pinned to the recorded one (several blocks mined at once are spread over the recorded span, never past its end).
 */
export async function replayJournal(provider: EdrProvider, journal: readonly JournalEntry[]): Promise<void> {
  for (const entry of journal) {
    let params = entry.params;
    if (entry.mined !== undefined) {
      await provider.request({ method: "evm_setNextBlockTimestamp", params: [entry.mined.first] });
      if (entry.method === "hardhat_mine" && entry.mined.count > 1) {
        const interval = Math.max(
          1,
          Math.floor((entry.mined.last - entry.mined.first) / (entry.mined.count - 1)),
        );
        params = [`0x${entry.mined.count.toString(16)}`, `0x${interval.toString(16)}`];
      }
    }
    try {
      await provider.request(
        params === undefined ? { method: entry.method } : { method: entry.method, params },
      );
    } catch (error) {
      // A request journaled because it mined despite its error fails the same way again.
      if (entry.mined === undefined) throw error;
    }
  }
}
