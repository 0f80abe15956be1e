// The devnet's EVM chain against anvil (from the npm registry), one viem script run against both,
// interleaved: each figure is taken on anvil and on the devnet in turn, in the same phase of the run,
// so load on the machine hits both alike. Both run as processes of their own, started as users start
// them (`attestkit devnet` with its defaults: two EVM chains, the SVM chain, the mock service and an
// empty block every 2 s; `anvil`). Shared by the benchmark (bench/devnet-vs-anvil.bench.ts, full
// sizes) and the CI check on ratios (test/outside/evm-rpc/devnet-vs-anvil.test.ts, a small slice).
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodeFunctionData, type Hex, http, parseAbi, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmMnemonicAccount } from "../src/devnet/accounts.ts";
import { MULTICALL3_ADDRESS } from "../src/devnet/evm-chain.ts";
import { freePortPair } from "../test/outside/free-port.ts";
import { startAnvil } from "./anvil.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The command line from source, as this repository's `npm start` runs it. */
const SOURCE_CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

export type Side = "anvil" | "devnet";
export const SIDES: readonly Side[] = ["anvil", "devnet"];

export interface CompareSizes {
  /** Calls of each read method on each side. */
  reads: number;
  /** Signed transfers per transfer figure. */
  transfers: number;
  /** Blocks mined before the "long chain" transfer figures. */
  longChainBlocks: number;
  /** `evm_snapshot` + `evm_revert` pairs. */
  snapshots: number;
  /** Wait after start before idle CPU is read, ms: the steady state, after V8's memory reducer has
   * compacted the freshly built heap once (about 10 s after the devnet's process starts). */
  settleMs: number;
  /** Window over which idle CPU is read, ms. */
  idleMs: number;
}

export const FULL_SIZES: CompareSizes = {
  reads: 2000,
  transfers: 500,
  longChainBlocks: 5000,
  snapshots: 300,
  settleMs: 12_000,
  idleMs: 10_000,
};

/** Transfers kept in flight by the pipelined figure. */
export const IN_FLIGHT = 8;

/** One figure on both sides; `better` says which way is better (lower times, higher rates). */
export interface Figure {
  name: string;
  unit: string;
  better: "lower" | "higher";
  anvil: number;
  devnet: number;
}

/** devnet / anvil for a "lower is better" figure, anvil / devnet for a "higher is better" one: above 1, the devnet is behind. */
export function gap(figure: Figure): number {
  return figure.better === "lower" ? figure.devnet / figure.anvil : figure.anvil / figure.devnet;
}

interface Node {
  side: Side;
  rpcUrl: string;
  pid: number;
  chainId: number;
  rpc: Rpc;
  startMs: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function chainIdAt(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    const { result } = (await response.json()) as { result?: Hex };
    return result === undefined ? null : Number(BigInt(result));
  } catch {
    return null;
  }
}

/** Ms from `started` until `url` first answers `eth_chainId` (polled every 2 ms), and the id. */
async function firstAnswer(url: string, started: number, failed: () => Error | null) {
  for (;;) {
    const error = failed();
    if (error) throw error;
    const chainId = await chainIdAt(url);
    if (chainId !== null) return { ms: performance.now() - started, chainId };
    if (performance.now() - started > 120_000) throw new Error(`${url} did not answer within 120 s`);
    await sleep(2);
  }
}

/** A JSON-RPC call through viem's HTTP transport (what a viem client sends), untyped methods included. */
type Rpc = (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>;

function clientOf(url: string): Rpc {
  return http(url, { retryCount: 0, timeout: 300_000 })({}).request as Rpc;
}

async function startAnvilNode(): Promise<Node> {
  const [port] = [await freePortPair()];
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  let failure: Error | null = null;
  const starting = startAnvil([], port);
  starting.catch((error: Error) => {
    failure = error;
  });
  const { ms, chainId } = await firstAnswer(url, started, () => failure);
  const anvil = await starting;
  return {
    side: "anvil",
    rpcUrl: url,
    pid: anvil.pid,
    chainId,
    rpc: clientOf(url),
    startMs: ms,
    close: anvil.close,
  };
}

/**
 * `attestkit devnet` with its defaults, run from `cli`; chain 8453 on `port`. In this process's session, as anvil is:
 * a session of its own would be a scheduling group of its own on Linux (autogroup), which on a busy
 * machine gives one side another share of the CPU than the other.
 */
async function startDevnetNode(cli: string): Promise<Node> {
  const port = await freePortPair();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "devnet", "--port", "0", "--rpc-port", String(port), "--svm-rpc-port", "0"],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    const { ms, chainId } = await firstAnswer(url, started, () =>
      child.exitCode === null ? null : new Error(`attestkit devnet exited:\n${output}`),
    );
    // The figures are taken on the devnet once it is whole (its banner printed), as users see it.
    while (!output.includes("Ctrl-C stops.")) {
      if (child.exitCode !== null) throw new Error(`attestkit devnet exited:\n${output}`);
      await sleep(10);
    }
    return {
      side: "devnet",
      rpcUrl: url,
      pid: child.pid as number,
      chainId,
      rpc: clientOf(url),
      startMs: ms,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resident memory of `pid` and CPU seconds it used so far (Linux /proc). */
function processUsage(pid: number): { rssMiB: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100 a second).
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: rssKiB / 1024, cpuSeconds: ticks / 100 };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;

/** Per-call latencies (ms) of `call` on each side, taken in alternating blocks of 50. */
async function latencies(nodes: readonly Node[], count: number, call: (node: Node) => Promise<unknown>) {
  const samples = new Map<Side, number[]>(nodes.map((node) => [node.side, []]));
  for (const node of nodes) for (let i = 0; i < 20; i++) await call(node);
  for (let done = 0; done < count; done += 50) {
    for (const node of nodes) {
      const list = samples.get(node.side) as number[];
      for (let i = 0; i < Math.min(50, count - done); i++) {
        const start = performance.now();
        await call(node);
        list.push(performance.now() - start);
      }
    }
  }
  return new Map([...samples].map(([side, list]) => [side, list.sort((a, b) => a - b)]));
}

function latencyFigures(name: string, samples: Map<Side, number[]>): Figure[] {
  const at = (side: Side, p: number) => percentile(samples.get(side) as number[], p);
  return [50, 99].map((p) => ({
    name: `${name} p${p}`,
    unit: "ms",
    better: "lower",
    anvil: at("anvil", p),
    devnet: at("devnet", p),
  }));
}

/** The sender of the transfers: mnemonic account 9, funded on both and used by no devnet role. */
const SENDER = evmMnemonicAccount(9);
const RECIPIENT = "0x00000000000000000000000000000000000c0ffe";
/** Transfers a side sends before the other side takes its turn. */
const TRANSFER_RUN = 50;
const MULTICALL3 = parseAbi(["function getEthBalance(address) view returns (uint256)"]);

async function signedTransfers(node: Node, count: number): Promise<Hex[]> {
  const account = privateKeyToAccount(SENDER.privateKey);
  const nonce = Number(
    BigInt(
      (await node.rpc({
        method: "eth_getTransactionCount",
        params: [account.address, "pending"],
      })) as Hex,
    ),
  );
  const transfers: Hex[] = [];
  for (let i = 0; i < count; i++) {
    transfers.push(
      await account.signTransaction({
        type: "eip1559",
        chainId: node.chainId,
        nonce: nonce + i,
        to: RECIPIENT,
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: parseGwei("50"),
        maxPriorityFeePerGas: parseGwei("1"),
      }),
    );
  }
  return transfers;
}

async function receiptOf(node: Node, hash: Hex): Promise<void> {
  for (;;) {
    const receipt = await node.rpc({ method: "eth_getTransactionReceipt", params: [hash] });
    if (receipt !== null) return;
    await sleep(1);
  }
}

/** Milliseconds to send `transfers` with `inFlight` at a time, until the last one's receipt. */
async function transferMs(node: Node, transfers: readonly Hex[], inFlight: number): Promise<number> {
  let next = 0;
  let last: Hex | undefined;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < transfers.length) {
        const raw = transfers[next++] as Hex;
        last = (await node.rpc({ method: "eth_sendRawTransaction", params: [raw] })) as Hex;
      }
    }),
  );
  await Promise.all(transfers.length > 0 && last ? [receiptOf(node, last)] : []);
  return performance.now() - start;
}

/**
 * Transfers a second on each side: the transfers go in runs of TRANSFER_RUN, the sides taking turns (each
 * turn led by the other side), so a burst of load on the machine falls on both sides alike.
 */
async function transferFigures(nodes: readonly Node[], count: number, where: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const inFlight of [1, IN_FLIGHT]) {
    const signed = new Map<Side, Hex[]>();
    const elapsed = new Map<Side, number>();
    for (const node of nodes) {
      signed.set(node.side, await signedTransfers(node, count));
      elapsed.set(node.side, 0);
    }
    for (let from = 0, turn = 0; from < count; from += TRANSFER_RUN, turn++) {
      for (const node of turn % 2 === 0 ? nodes : [...nodes].reverse()) {
        const run = (signed.get(node.side) as Hex[]).slice(from, from + TRANSFER_RUN);
        elapsed.set(node.side, (elapsed.get(node.side) as number) + (await transferMs(node, run, inFlight)));
      }
    }
    const rate = (side: Side) => (count * 1000) / (elapsed.get(side) as number);
    figures.push({
      name: `${count} transfers, ${inFlight === 1 ? "sequential" : `${inFlight} in flight`}, ${where}`,
      unit: "tx/s",
      better: "higher",
      anvil: rate("anvil"),
      devnet: rate("devnet"),
    });
  }
  return figures;
}

/**
 * Runs every figure on anvil and the devnet (`attestkit devnet` run from `cli`: the sources, or the
 * package's built command line); both are stopped at the end.
 */
export async function compareDevnetWithAnvil(
  sizes: CompareSizes,
  log: (line: string) => void = () => {},
  cli = SOURCE_CLI,
) {
  // Started one after the other, so neither start competes with the other for the CPU.
  const anvil = await startAnvilNode();
  let devnet: Node | undefined;
  try {
    devnet = await startDevnetNode(cli);
    const nodes = [anvil, devnet];
    const figures: Figure[] = [
      {
        name: "start to first eth_chainId",
        unit: "ms",
        better: "lower",
        anvil: anvil.startMs,
        devnet: devnet.startMs,
      },
    ];
    log("started; idle CPU");
    // Both idle over the same window, once settled.
    await sleep(sizes.settleMs);
    const before = nodes.map((node) => processUsage(node.pid).cpuSeconds);
    await sleep(sizes.idleMs);
    const idle = nodes.map(
      (node, i) => ((processUsage(node.pid).cpuSeconds - (before[i] as number)) * 100_000) / sizes.idleMs,
    );
    figures.push({
      name: "idle CPU",
      unit: "% of a core",
      better: "lower",
      anvil: idle[0] as number,
      devnet: idle[1] as number,
    });
    const rss = nodes.map((node) => processUsage(node.pid).rssMiB);
    figures.push({
      name: "RSS (the whole devnet, one anvil)",
      unit: "MiB",
      better: "lower",
      anvil: rss[0] as number,
      devnet: rss[1] as number,
    });

    log("reads");
    // anvil has no Multicall3 at genesis: it gets the devnet's.
    const multicall = JSON.parse(
      readFileSync(`${ROOT}artifacts/contracts/devnet/Multicall3.sol/Multicall3.json`, "utf8"),
    ) as { deployedBytecode: Hex };
    await anvil.rpc({
      method: "anvil_setCode",
      params: [MULTICALL3_ADDRESS, multicall.deployedBytecode],
    });
    const call = encodeFunctionData({
      abi: MULTICALL3,
      functionName: "getEthBalance",
      args: [SENDER.address],
    });
    const reads: [string, (node: Node) => Promise<unknown>][] = [
      ["eth_blockNumber", (node) => node.rpc({ method: "eth_blockNumber" })],
      [
        "eth_getBalance",
        (node) => node.rpc({ method: "eth_getBalance", params: [SENDER.address, "latest"] }),
      ],
      [
        "eth_call",
        (node) =>
          node.rpc({ method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data: call }, "latest"] }),
      ],
    ];
    for (const [name, read] of reads)
      figures.push(...latencyFigures(name, await latencies(nodes, sizes.reads, read)));

    log("snapshot + revert");
    const pairs = await latencies(nodes, sizes.snapshots, async (node) => {
      const id = await node.rpc({ method: "evm_snapshot" });
      const ok = await node.rpc({ method: "evm_revert", params: [id] });
      if (ok !== true) throw new Error(`${node.side}: evm_revert ${String(id)} answered ${String(ok)}`);
    });
    figures.push(latencyFigures("evm_snapshot + evm_revert", pairs)[0] as Figure);

    log("transfers on a fresh chain");
    figures.push(...(await transferFigures(nodes, sizes.transfers, "fresh chain")));

    log(`mining ${sizes.longChainBlocks} blocks`);
    // In steps of at most 250 blocks: anvil takes longer per block the longer its chain.
    for (const node of nodes) {
      for (let mined = 0; mined < sizes.longChainBlocks; mined += 250) {
        const blocks = Math.min(250, sizes.longChainBlocks - mined);
        await node.rpc({ method: "anvil_mine", params: [`0x${blocks.toString(16)}`] });
      }
    }
    log(`transfers on a ${sizes.longChainBlocks}-block chain`);
    figures.push(...(await transferFigures(nodes, sizes.transfers, `${sizes.longChainBlocks}-block chain`)));
    return figures;
  } finally {
    await Promise.all([anvil.close(), devnet?.close()]);
  }
}
