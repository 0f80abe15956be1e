/**
 * Loading modules while serving. Node loads an import's whole module graph (reading, compiling and
 * evaluating every file) without giving its event loop a turn, so a server in the same process answers
 * nobody until the graph is loaded. Loaded a part at a time, with turns of the event loop after each,
 * the server waits at most for one part.
 */
import { setImmediate as turnOfEventLoop } from "node:timers/promises";

/**
 * Turns of the event loop after each part. A client that connected during a part needs two: one accepts
 * its connection, the next reads its request and answers it; with one, its answer waits for the next
 * part. A turn with nothing to do costs microseconds.
 */
export const TURNS_BETWEEN_PARTS = 2;

/** Runs each of `parts` (imports) in order, the event loop turning after each, then returns `last()`. */
export async function loadInTurns<T>(
  parts: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const part of parts) {
    await part();
    for (let turn = 0; turn < TURNS_BETWEEN_PARTS; turn++) await turnOfEventLoop();
  }
  return last();
}
