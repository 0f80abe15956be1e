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
 *
 * Rollbacks: every `CHECKPOINT_BLOCKS` blocks, before a request that mines, the chain takes a
 * checkpoint (an EDR snapshot: the block number and pending transactions, not a copy of the state),
 * so `anvil_rollback` (served here, anvil's `depth`) goes back to any block, a loaded chain's replayed
 * ones included: it reverts to the last checkpoint at or below the target block and replays the
 * journal from there up to the target, each block at its recorded timestamp. A checkpoint follows
 * every snapshot before the next block is mined, so a rollback deletes only the snapshots taken after
 * the block it goes back to, as a revert does. A run of empty blocks is never merged
 * across a snapshot or a checkpoint, so cutting the journal back there leaves no block of the run.
 */
import type { Address, Hex } from "viem";
import type { EdrNode, EdrProvider } from "./edr-provider.ts";

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

/** Requests that may mine: a checkpoint is taken before each. */
const MINING = new Set(["eth_sendTransaction", "eth_sendRawTransaction", "evm_mine", "hardhat_mine"]);
const INVALID_PARAMS = -32602;
/** Blocks between checkpoints: a rollback replays at most this many blocks' requests. */
const CHECKPOINT_BLOCKS = 64;

export interface EvmChainState {
  chainId: number;
  /** The genesis block's timestamp (unix seconds). */
  genesisTime: number;
  journal: JournalEntry[];
  receiver: Address;
  depository: Address;
  /** Absent in states saved before the devnet deployed deposit addresses. */
  depositAddressFactory?: Address;
  depositAddressImplementation?: Address;
  tokens: { symbol: "USDC" | "WETH"; name: string; decimals: number; address: Address }[];
}

/** A mined block's header, as `eth_getBlockByNumber` answers it (the fields the journal reads). */
export interface BlockHeader {
  number: Hex;
  timestamp: Hex;
  transactionsRoot: Hex;
}

/** The blocks one journaled request mined, `from` to `to`, with the first and the last one's headers. */
export interface MinedBlocks {
  from: number;
  to: number;
  first: BlockHeader;
  last: BlockHeader;
}

/** An EDR provider that journals what changes its chain. */
export interface JournaledProvider extends EdrProvider {
  journal(): readonly JournalEntry[];
  /**
   * Calls `listener` after every journaled request that mined, with its blocks (every block the chain
   * mines is mined by one); returns the function that stops it.
   */
  onMined(listener: (blocks: MinedBlocks) => void): () => void;
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

/** An EDR snapshot taken before a request that mined: the chain at `block`, with the journal's length. */
interface Checkpoint {
  id: number;
  block: number;
  journalLength: number;
}

export function journaledProvider(provider: EdrNode): JournaledProvider {
  const journal: JournalEntry[] = [];
  /** Journal length and head (null: unknown) when each live snapshot was taken, by snapshot id. */
  const marks = new Map<number, { journalLength: number; head: number | null }>();
  /** Live checkpoints, oldest first. */
  const checkpoints: Checkpoint[] = [];
  /** Forgets the snapshots EDR deleted with a revert to `id`: `id` and every later one. */
  const forgetFrom = (id: number) => {
    for (const later of [...marks.keys()]) if (later >= id) marks.delete(later);
    while ((checkpoints.at(-1)?.id ?? -1) >= id) checkpoints.pop();
  };
  const blockNumber = async () => toNumber(await provider.request({ method: "eth_blockNumber" }));
  const LATEST_BLOCK = { method: "eth_getBlockByNumber", params: ["latest", false] };
  const minedListeners = new Set<(blocks: MinedBlocks) => void>();
  /**
   * The head as the journal last saw it after a request of its own (every request that mines runs
   * in turn here), so the next one need not ask; null when it must ask (at first, after a revert).
   */
  let knownHead: number | null = null;
  const headerAt = async (number: number) =>
    (await provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${number.toString(16)}`, false],
    })) as BlockHeader;

  // Requests that change the chain, and snapshots and reverts, run one at a time: a request's
  // blocks are the ones between its before and after, which holds only when nothing else mines between.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  }

  async function checkpoint(block: number, always = false): Promise<void> {
    const last = checkpoints.at(-1);
    if (!always && last !== undefined && block - last.block < CHECKPOINT_BLOCKS) return;
    const id = toNumber(await provider.request({ method: "evm_snapshot" }));
    checkpoints.push({ id, block, journalLength: journal.length });
  }

  /** The first journal entry a new entry may merge into: none a snapshot or checkpoint could cut back to. */
  const mergeFloor = () =>
    Math.max(
      checkpoints.at(-1)?.journalLength ?? 0,
      ...[...marks.values()].map((mark) => mark.journalLength),
    );
  /** A snapshot was taken after the last checkpoint: the next request that mines takes one first. */
  const checkpointOwed = () => Math.max(-1, ...marks.keys()) > (checkpoints.at(-1)?.id ?? -1);

  async function journaled(method: string, params: unknown): Promise<unknown> {
    const before = knownHead ?? (await blockNumber());
    if (MINING.has(method)) await checkpoint(before, checkpointOwed());
    let result: unknown;
    let failure: unknown;
    let latest: BlockHeader;
    knownHead = null;
    try {
      // The request and the head after it in one trip to the node.
      const [answer, block] = await provider.requestAll([{ method, params }, LATEST_BLOCK]);
      result = answer;
      latest = block as BlockHeader;
    } catch (error) {
      failure = error;
      latest = (await provider.request(LATEST_BLOCK)) as BlockHeader;
    }
    const after = toNumber(latest.number);
    knownHead = after;
    let mined: MinedBlocks | undefined;
    // A refused request changed nothing, unless it mined (a reverted transaction is mined).
    if (failure === undefined || after > before) {
      const entry: JournalEntry = { method, params };
      if (after > before) {
        const first = after === before + 1 ? latest : await headerAt(before + 1);
        mined = { from: before + 1, to: after, first, last: latest };
        entry.mined = {
          count: after - before,
          first: toNumber(first.timestamp),
          last: toNumber(latest.timestamp),
        };
      }
      const previous = journal.at(-1);
      if (
        isPlainMine(entry) &&
        previous !== undefined &&
        isPlainMine(previous) &&
        journal.length - 1 >= mergeFloor()
      ) {
        previous.mined = {
          count: previous.mined.count + entry.mined.count,
          first: previous.mined.first,
          last: entry.mined.last,
        };
      } else journal.push(entry);
    }
    if (mined !== undefined) for (const listener of minedListeners) listener(mined);
    if (failure !== undefined) throw failure;
    return result;
  }

  /** Whether the chain automined after the first `length` journal entries (EDR starts automining). */
  function automineAt(length: number): boolean {
    for (let index = length - 1; index >= 0; index--) {
      const entry = journal[index];
      if (entry?.method === "evm_setAutomine") return (entry.params as unknown[])[0] === true;
    }
    return true;
  }

  async function rollback(depth: number): Promise<null> {
    const head = await blockNumber();
    if (depth > head) {
      throw Object.assign(
        new Error(
          `Rollback depth must not exceed current chain height: current height ${head}, depth ${depth}`,
        ),
        { code: INVALID_PARAMS },
      );
    }
    const target = head - depth;
    if (depth === 0) return null;
    const at = checkpoints.findLastIndex((kept) => kept.block <= target);
    const kept = checkpoints[at];
    // Every block is mined by a journaled request (a loaded chain's replay too): block 0 has one.
    if (kept === undefined) throw new Error(`the chain keeps no checkpoint at or below block ${target}`);
    const replay = journal.slice(kept.journalLength);
    const automine = (await provider.request({ method: "hardhat_getAutomine" })) as boolean;
    knownHead = null;
    if ((await provider.request({ method: "evm_revert", params: [`0x${kept.id.toString(16)}`] })) !== true) {
      throw new Error(`the chain's checkpoint at block ${kept.block} is gone`);
    }
    forgetFrom(kept.id);
    journal.length = kept.journalLength;
    const setNext = (timestamp: number) =>
      provider.request({ method: "evm_setNextBlockTimestamp", params: [timestamp] });
    // The replay runs in the mining mode of its time; the chain then goes on in the mode it had.
    await provider.request({ method: "evm_setAutomine", params: [automineAt(journal.length)] });
    let block = kept.block;
    for (const entry of replay) {
      const count = entry.mined?.count ?? 0;
      // Requests that mined nothing (state writes) up to the next block past the target are kept.
      if (count > 0 && block >= target) break;
      const blocks = Math.min(count, target - block);
      await replayEntry(setNext, journaled, entry, count > 0 ? blocks : undefined);
      block += blocks;
    }
    await journaled("evm_setAutomine", [automine]);
    return null;
  }

  return {
    on: provider.on,
    removeListener: provider.removeListener,
    close: provider.close,
    async request({ method, params }) {
      if (method === "anvil_rollback") {
        const [depth] = params as [number];
        return inTurn(() => rollback(depth));
      }
      if (STATE_CHANGING.has(method)) return inTurn(() => journaled(method, params));
      if (method !== "evm_snapshot" && method !== "evm_revert")
        return provider.request(params === undefined ? { method } : { method, params });
      return inTurn(async () => {
        if (method === "evm_revert") knownHead = null;
        const result = await provider.request(params === undefined ? { method } : { method, params });
        // The snapshot's checkpoint (so a rollback to its block or later keeps it) is taken before
        // the next request that mines: the chain is at the snapshot's block until then.
        if (method === "evm_snapshot")
          marks.set(toNumber(result), { journalLength: journal.length, head: knownHead });
        if (method === "evm_revert" && result === true) {
          const id = toNumber((params as unknown[])[0]);
          const mark = marks.get(id);
          if (mark !== undefined) {
            journal.length = mark.journalLength;
            knownHead = mark.head;
          }
          forgetFrom(id);
        }
        return result;
      });
    },
    journal: () => journal,
    onMined(listener) {
      minedListeners.add(listener);
      return () => minedListeners.delete(listener);
    },
  };
}

/**
 * Replays `journal` on a new chain: before each request that mined, the next block's timestamp is
 * pinned to the recorded one (several blocks mined at once are spread over the recorded span, never past its end).
 */
export async function replayJournal(provider: EdrProvider, journal: readonly JournalEntry[]): Promise<void> {
  const setNext = (timestamp: number) =>
    provider.request({ method: "evm_setNextBlockTimestamp", params: [timestamp] });
  const send = (method: string, params: unknown) =>
    provider.request(params === undefined ? { method } : { method, params });
  for (const entry of journal) await replayEntry(setNext, send, entry);
}

/**
 * Replays one journal entry through `send`, its first block at its recorded timestamp (`setNext`);
 * `blocks` mines only the first blocks of a run of empty blocks.
 */
async function replayEntry(
  setNext: (timestamp: number) => Promise<unknown>,
  send: (method: string, params: unknown) => Promise<unknown>,
  entry: JournalEntry,
  blocks?: number,
): Promise<void> {
  let params = entry.params;
  if (entry.mined !== undefined) {
    await setNext(entry.mined.first);
    if (entry.method === "hardhat_mine" && entry.mined.count > 1) {
      const interval = Math.max(
        1,
        Math.floor((entry.mined.last - entry.mined.first) / (entry.mined.count - 1)),
      );
      params = [`0x${(blocks ?? entry.mined.count).toString(16)}`, `0x${interval.toString(16)}`];
    }
  }
  try {
    await send(entry.method, params);
  } catch (error) {
    // A request journaled because it mined despite its error fails the same way again.
    if (entry.mined === undefined) throw error;
  }
}
