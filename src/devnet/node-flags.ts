/**
 * The Node flags `attestkit devnet` runs with, the first four for memory at rest:
 * - `--max-semi-space-size=4`: V8's young generation grows to 64 MiB while the chains are set up and
 *   stays committed afterwards; at rest the devnet allocates little, so 4 MiB semi-spaces keep about
 *   55 MiB less resident for a few more, short, scavenges (8 MiB semi-spaces keep 6 MiB more).
 * - `--optimize-for-size`: V8 grows and keeps its old generation closer to what is live (about
 *   13 MiB less).
 * - `--max-opt=2`: Maglev is the top tier; TurboFan's code and the compiler's own pages are never
 *   touched (about 8 MiB less). The devnet's JavaScript is glue around EDR and LiteSVM, whose native
 *   code does the work: reads and transfers run as fast (bench/devnet-vs-anvil.bench.ts).
 * - `--no-experimental-websocket`: no global `WebSocket`. `@solana/kit` reads that global when it
 *   loads, which loads Node's bundled fetch and WebSocket client (undici); without it kit uses the
 *   `ws` package the devnet serves with.
 * - `--expose-gc` lets the command collect what setting the chains up left behind as soon as it is
 *   ready (`collectSetupGarbage`).
 * V8 reads the flags only at startup, so the command line replaces its own process with one that has
 * them (`process.execve`: same pid, stdio and signals) where Node offers that (22.15+, not Windows).
 */
export const DEVNET_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=4",
  "--optimize-for-size",
  "--max-opt=2",
  "--no-experimental-websocket",
  "--expose-gc",
];

/**
 * Starts a full, concurrent collection of the heap when Node runs with `--expose-gc` (otherwise does
 * nothing). Called once the devnet is ready: the garbage its set-up left is collected then, not by
 * V8's memory reducer 8 to 12 s later, a burst of about 100 ms of CPU in an otherwise idle devnet.
 */
export function collectSetupGarbage(): void {
  const gc = (globalThis as { gc?: (options: { type: "major"; execution: "async" }) => Promise<void> }).gc;
  gc?.({ type: "major", execution: "async" }).catch(() => {});
}

/**
 * The environment `attestkit devnet` runs with where it is not set already.
 * - `MALLOC_ARENA_MAX`: the chains' native code (EDR, LiteSVM) allocates from several threads, and
 *   glibc's malloc gives each thread an arena of its own that keeps what was freed resident; two
 *   arenas keep 10 to 30 MiB less resident at rest (other C libraries ignore the variable).
 * - `GLIBC_TUNABLES`: glibc's malloc returns the top of its heap to the system once 128 KiB of it is
 *   free, instead of a threshold that grows with the largest block freed so far (up to 64 MiB):
 *   about 5 MiB less resident at rest.
 * - `MIMALLOC_ARENA_EAGER_COMMIT`: EDR allocates with mimalloc, which by default maps its 1 GiB arena
 *   committed and asks the kernel for transparent huge pages on it, so every 2 MiB the EVM chains
 *   touch is resident whole (about 44 MiB at rest). Committed on demand, the arena keeps only the
 *   pages in use, about 35 MiB less, and is not advised for huge pages.
 */
export const DEVNET_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  GLIBC_TUNABLES: "glibc.malloc.trim_threshold=131072",
  MIMALLOC_ARENA_EAGER_COMMIT: "0",
};

/** The devnet's environment variables that `env` does not set. */
export function missingDevnetEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(DEVNET_ENV).filter(([name]) => env[name] === undefined));
}

/** The devnet's flags that neither this process's own flags nor `NODE_OPTIONS` set. */
export function missingDevnetFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split("=")[0]));
  return DEVNET_NODE_FLAGS.filter((flag) => !given.has(flag.split("=")[0]));
}

/**
 * Re-executes this process's script with the devnet's missing flags and environment and `args` as its
 * arguments; returns when none is missing or Node cannot. `attestkit devnet` calls it before it loads
 * the devnet's modules, so they load once, in the process that runs the devnet.
 */
export function reexecWithDevnetFlags(args: readonly string[]): void {
  const missing = missingDevnetFlags(process.execArgv, process.env.NODE_OPTIONS);
  const env = missingDevnetEnv(process.env);
  if (missing.length === 0 && Object.keys(env).length === 0) return;
  if (typeof process.execve !== "function" || process.platform === "win32") return;
  const script = process.argv[1];
  if (script === undefined) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, script, ...args], {
    ...process.env,
    ...env,
  });
}
