/**
 * Loading modules while serving. Node loads an import's whole module graph (reading, compiling and
 * evaluating every file) without giving its event loop a turn, so a server in the same process answers
 * nobody until the graph is loaded. Loaded a part at a time, with a turn of the event loop after each,
 * the server waits at most for one part.
 */
import { setImmediate as turnOfEventLoop } from "node:timers/promises";

/** Runs each of `parts` (imports) in order, the event loop turning after each, then returns `last()`. */
export async function loadInTurns<T>(
  parts: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const part of parts) {
    await part();
    await turnOfEventLoop();
  }
  return last();
}
