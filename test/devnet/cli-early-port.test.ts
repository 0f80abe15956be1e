/**
 * `attestkit devnet` opens its EVM chains' JSON-RPC ports before it loads the chains: a client polling
 * a port from the moment the command starts gets `eth_chainId` while the EVM simulator (EDR, a native
 * library) is not even loaded, and its first call that reads the chain is answered only once the chain
 * is whole (Multicall3, put in place by the chain's last setup step, is there).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { MULTICALL3_ADDRESS } from "../../src/devnet/evm-chain.ts";
import { freePortPair } from "../outside/free-port.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

describe("attestkit devnet: the chains' ports answer while the devnet loads", function () {
  this.timeout(180_000);

  it("eth_chainId before EDR is loaded; the first read of the chain sees it whole", async () => {
    const port = await freePortPair();
    const child = spawn(
      process.execPath,
      [CLI, "devnet", "--port", "0", "--rpc-port", `${port}`, "--svm-rpc-port", "0"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      let chainId: unknown;
      for (let waited = 0; chainId === undefined; waited += 2) {
        if (child.exitCode !== null || waited > 120_000) throw new Error(`no eth_chainId answer:\n${out}`);
        chainId = await call(base, "eth_chainId").catch(() => undefined);
        if (chainId === undefined) await sleep(2);
      }
      // Linux's map of the process (re-executed with the devnet's flags: the same pid).
      const mapped = readFileSync(`/proc/${child.pid}/maps`, "utf8");
      expect(chainId).to.equal("0x2105");
      expect(mapped).to.not.include("edr.linux");
      expect(out).to.not.include("Ctrl-C stops.");
      expect(await call(`http://127.0.0.1:${port + 1}`, "eth_chainId")).to.equal("0xa");
      for (const url of [base, `http://127.0.0.1:${port + 1}`]) {
        const code = (await call(url, "eth_getCode", [MULTICALL3_ADDRESS, "latest"])) as string;
        expect(code.length).to.be.greaterThan(2);
      }
    } finally {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    }
  });
});
