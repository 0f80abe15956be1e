/**
 * `attestkit devnet --config-out FILE`: once the devnet is ready the file holds every endpoint, chain
 * id, protocol chain id, contract and program address, development key and the API key, parsed by the
 * exported `DevnetConfigSchema`; each value is checked against the running devnet over the network, as
 * a script reading the file would use it. `devnetConfig()` returns the same object in process. A path
 * that cannot be written is one line on stderr and exit code 1.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSolanaRpc, getAddressDecoder, getBase58Encoder } from "@solana/kit";
import { expect } from "chai";
import { createPublicClient, http } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { type DevnetConfig, DevnetConfigSchema, devnetConfig, startDevnet } from "../../src/devnet/devnet.ts";
import { connectStatusFeed } from "../../src/index.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const FREE_PORTS = ["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"];
const READY = "Ctrl-C stops.";

/** Starts `attestkit devnet` with `args`; resolves with its output once ready or once it exits. */
function startCli(
  args: string[],
  ports: string[] = FREE_PORTS,
): Promise<{ child: ChildProcess; out: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "devnet", ...ports, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the devnet was not ready within 120 s:\n${out}`));
    }, 120_000);
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(READY)) {
        clearTimeout(timer);
        resolve({ child, out, code: null });
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ child, out, code });
    });
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

describe("attestkit devnet --config-out", function () {
  this.timeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "attestkit-config-out-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes a file DevnetConfigSchema parses, whose every endpoint, address and key works against the running devnet", async () => {
    const file = join(dir, "devnet.json");
    const { child } = await startCli(["--config-out", file]);
    try {
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      const config: DevnetConfig = DevnetConfigSchema.parse(JSON.parse(readFileSync(file, "utf8")));

      const spec = await fetch(config.service.openApiUrl);
      expect(spec.status).to.equal(200);
      const feed = await connectStatusFeed({
        url: config.service.statusWebSocketUrl,
        apiKey: config.service.apiKey,
      });
      expect(feed.connectionId).to.be.a("string");
      feed.close();
      // The API key is the service's: /requests/v3 answers with it and refuses an unknown key.
      const requests = `${config.service.url}/requests/v3`;
      const withKey = await fetch(requests, { headers: { "x-api-key": config.service.apiKey } });
      const otherKey = await fetch(requests, { headers: { "x-api-key": "not-the-devnet-key" } });
      expect(withKey.status, await withKey.text()).to.equal(200);
      expect(otherKey.status).to.equal(401);

      expect(config.evm.map((chain) => [chain.chainId, chain.protocolChainId])).to.deep.equal([
        [8453, "base"],
        [10, "optimism"],
      ]);
      for (const chain of config.evm) {
        const client = createPublicClient({ transport: http(chain.rpcUrl) });
        expect(await client.getChainId()).to.equal(chain.chainId);
        for (const contract of [chain.contracts.receiver, chain.contracts.depository]) {
          expect(await client.getCode({ address: contract as `0x${string}` })).to.match(/^0x[0-9a-f]{2,}/);
        }
        for (const token of chain.tokens) {
          expect(await client.getCode({ address: token.address as `0x${string}` })).to.match(
            /^0x[0-9a-f]{2,}/,
          );
        }
        const alice = config.accounts.evm.find((account) => account.role === "alice");
        const funds = await client.getBalance({ address: alice?.address as `0x${string}` });
        expect(funds > 0n).to.equal(true);
        const ws = new WebSocket(chain.wsUrl);
        await new Promise((resolve, reject) => {
          ws.onopen = resolve;
          ws.onerror = reject;
        });
        ws.close();
      }
      for (const account of config.accounts.evm) {
        expect(privateKeyToAddress(account.privateKey as `0x${string}`)).to.equal(account.address);
      }
      expect(config.solver.evm).to.equal(config.accounts.evm.find((a) => a.role === "solver")?.address);

      const rpc = createSolanaRpc(config.svm.rpcUrl);
      const program = await rpc
        .getAccountInfo(config.svm.programs.receiver as never, { encoding: "base64" })
        .send();
      expect(program.value?.executable).to.equal(true);
      const mint = await rpc
        .getAccountInfo(config.svm.tokens[0]?.address as never, { encoding: "base64" })
        .send();
      expect(mint.value?.owner).to.equal("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
      for (const account of config.accounts.svm) {
        const secret = getBase58Encoder().encode(account.secretKey);
        expect(secret).to.have.length(64);
        expect(getAddressDecoder().decode(secret.slice(32))).to.equal(account.address);
      }
      expect(config.solver.svm).to.equal(config.accounts.svm.find((a) => a.role === "solver")?.address);
      const pubsub = new WebSocket(config.svm.wsUrl);
      await new Promise((resolve, reject) => {
        pubsub.onopen = resolve;
        pubsub.onerror = reject;
      });
      pubsub.close();
    } finally {
      await stopped(child);
    }
  });

  it("--ports A-B: every endpoint listens on a free port inside the range, the busy ones skipped", async () => {
    const first = 20000 + Math.floor(Math.random() * 20000);
    const busy = createNetServer();
    await new Promise<void>((resolve) => busy.listen(first + 1, "127.0.0.1", resolve));
    const file = join(dir, "ranged.json");
    const { child, out } = await startCli(["--config-out", file], ["--ports", `${first}-${first + 20}`]);
    try {
      expect(out).to.include(READY);
      const config = DevnetConfigSchema.parse(JSON.parse(readFileSync(file, "utf8")));
      const used = [
        config.service.url,
        ...config.evm.flatMap((c) => [c.rpcUrl, c.wsUrl]),
        config.svm.rpcUrl,
        config.svm.wsUrl,
      ].map((url) => Number(new URL(url).port));
      for (const port of used)
        expect(port)
          .to.be.within(first, first + 20)
          .and.not.equal(first + 1);
      expect(new Set(used).size, "the EVM RPC and WebSocket share a port").to.equal(5);
      expect((await fetch(`${config.service.url}/chains`)).status).to.equal(200);
    } finally {
      await stopped(child);
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it("--ports refuses a malformed range and a mix with the port flags: one line, exit 2", async () => {
    for (const [ports, mentions] of [
      [["--ports", "9000-9002"], "at least 5"],
      [["--ports", "9000"], "FIRST-LAST"],
      [["--ports", "9000-9100", "--port", "1"], "leave out --port"],
    ] as const) {
      const { child, out, code } = await startCli([], [...ports]);
      await stopped(child);
      expect(code, out).to.equal(2);
      expect(out).to.include(mentions).and.not.include(READY);
    }
  });

  it("a path that cannot be written: one line naming --config-out, exit 1", async () => {
    const { child, out, code } = await startCli(["--config-out", join(dir, "missing", "devnet.json")]);
    await stopped(child);
    expect(code).to.equal(1);
    expect(out).to.include("cannot write --config-out");
    expect(out).not.to.include(READY);
    expect(out).not.to.match(/\n\s+at /);
  });

  it("devnetConfig(devnet) returns the same description from a devnet started in process", async () => {
    const devnet = await startDevnet({ logger: false });
    try {
      const config = devnetConfig(devnet);
      expect(DevnetConfigSchema.parse(config)).to.deep.equal(config);
      expect(config.service).to.deep.include({ url: devnet.serviceUrl, apiKey: devnet.apiKey });
      expect(config.evm.map((chain) => chain.rpcUrl)).to.deep.equal(
        [...devnet.evm.values()].map((chain) => chain.rpcUrl),
      );
      expect(config.svm.rpcUrl).to.equal(devnet.svm.rpcUrl);
      expect(config.svm.programs.depository).to.equal(devnet.svm.depository.program);
      // A reader refuses a file of another version, or with a malformed address.
      expect(DevnetConfigSchema.safeParse({ ...config, version: 2 }).success).to.equal(false);
      const malformed = structuredClone(config);
      (malformed.evm[0] as DevnetConfig["evm"][number]).contracts.receiver = "0x12";
      expect(DevnetConfigSchema.safeParse(malformed).success).to.equal(false);
    } finally {
      await devnet.close();
    }
  });
});
