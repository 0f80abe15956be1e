/**
 * The blocks an EVM chain mines, as it mines them, told by the chain's journal (`evm-state.ts`): every
 * block is mined by a request the journal runs, which reads the head after it anyway, so no block
 * costs the node a `newHeads` notification of its own (EDR builds and hands one to JavaScript per
 * block, on the path of the transaction that mined it). The devnet's service is woken by these
 * instead of polling the chain. Of a request that mined several blocks, the first and the last are
 * read from their headers; the ones between hold no transaction when the first holds none (a
 * transaction the first block left out could not fit any later one), and are read otherwise.
 */
import type { BlockHeader, JournaledProvider, MinedBlocks } from "./evm-state.ts";

/** Root of an empty transactions trie: a block with no transaction. */
const EMPTY_TRANSACTIONS_ROOT = "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";

/** A block the chain mined: its number, and whether it holds no transaction. */
export interface MinedBlock {
  number: number;
  empty: boolean;
}

export interface BlockWatch {
  /** Calls `listener` on every block mined from now on; returns the function that stops it. */
  onBlock(listener: (block: MinedBlock) => void): () => void;
}

const isEmpty = (header: BlockHeader) => header.transactionsRoot === EMPTY_TRANSACTIONS_ROOT;

/** Whether each of `blocks` holds no transaction, in block order. */
async function emptiness(node: JournaledProvider, blocks: MinedBlocks): Promise<boolean[]> {
  const between = Array.from(
    { length: Math.max(0, blocks.to - blocks.from - 1) },
    (_, i) => blocks.from + 1 + i,
  );
  const middle = isEmpty(blocks.first)
    ? between.map(() => true)
    : await Promise.all(
        between.map(async (number) =>
          isEmpty(
            (await node.request({
              method: "eth_getBlockByNumber",
              params: [`0x${number.toString(16)}`, false],
            })) as BlockHeader,
          ),
        ),
      );
  return blocks.to === blocks.from
    ? [isEmpty(blocks.last)]
    : [isEmpty(blocks.first), ...middle, isEmpty(blocks.last)];
}

/** Watches `node`'s new blocks (the watch ends with the node). */
export function watchBlocks(node: JournaledProvider): BlockWatch {
  const listeners = new Set<(block: MinedBlock) => void>();
  const tell = (from: number, empty: readonly boolean[]) => {
    for (const [index, flag] of empty.entries())
      for (const listener of listeners) listener({ number: from + index, empty: flag });
  };
  /** The reports told so far, in mining order. */
  let reading: Promise<void> = Promise.resolve();
  node.onMined((blocks) => {
    if (listeners.size === 0) return;
    // Told in mining order, each run once its middle blocks are read (a chain closed meanwhile tells nothing).
    const read = emptiness(node, blocks);
    const told = reading.then(async () => tell(blocks.from, await read));
    reading = told.catch(() => {});
  });
  return {
    onBlock(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
