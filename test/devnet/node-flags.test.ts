/**
 * `attestkit devnet` runs with Node flags that keep less memory at rest (DEVNET_NODE_FLAGS): the
 * command re-executes itself with them (same pid), each unless it is already given on the command line
 * or in NODE_OPTIONS. The running devnet's command line is read from /proc (Linux, as CI). Once
 * ready it collects the garbage its set-up left (`collectSetupGarbage`, with `--expose-gc`).
 */
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import {
  DEVNET_ENV,
  DEVNET_NODE_FLAGS,
  missingDevnetEnv,
  missingDevnetFlags,
} from "../../src/devnet/node-flags.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const NODE_FLAGS_MODULE = new URL("../../src/devnet/node-flags.ts", import.meta.url).href;

/** V8's trace of the collections a child runs while it calls `collectSetupGarbage` and idles 300 ms. */
function gcTraceOf(flags: readonly string[]): Promise<string> {
  const source = `import { collectSetupGarbage } from ${JSON.stringify(NODE_FLAGS_MODULE)};
collectSetupGarbage();
setTimeout(() => {}, 300);`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [...flags, "--trace-gc", "--input-type=module", "--eval", source],
      { env: { ...process.env, NODE_OPTIONS: "" } },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    ),
  );
}

describe("devnet Node flags", function () {
  this.timeout(180_000);

  it("finds the flags missing from the process's own flags and NODE_OPTIONS", () => {
    expect(missingDevnetFlags([], "")).to.deep.equal([...DEVNET_NODE_FLAGS]);
    const others = DEVNET_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-semi-space-size"));
    expect(missingDevnetFlags(["--max-semi-space-size=2"], "")).to.deep.equal(others);
    expect(missingDevnetFlags(["--max-semi-space-size=2", ...others], "")).to.deep.equal([]);
    expect(missingDevnetFlags(others, "--inspect --max-semi-space-size=32")).to.deep.equal([]);
    expect(missingDevnetFlags(["--max-opt=3"], "")).to.not.include("--max-opt=2");
    expect(missingDevnetFlags(["--max-old-space-size=512"])).to.deep.equal([...DEVNET_NODE_FLAGS]);
  });

  it("sets only the environment variables the user did not set", () => {
    const all = {
      MALLOC_ARENA_MAX: "2",
      GLIBC_TUNABLES: "glibc.malloc.trim_threshold=131072",
      MIMALLOC_ARENA_EAGER_COMMIT: "0",
    };
    expect(missingDevnetEnv({})).to.deep.equal(all);
    const { MALLOC_ARENA_MAX: _, ...others } = all;
    expect(missingDevnetEnv({ MALLOC_ARENA_MAX: "8" })).to.deep.equal(others);
    // A user's own tunables are kept whole, not merged.
    expect(
      missingDevnetEnv({
        MALLOC_ARENA_MAX: "8",
        GLIBC_TUNABLES: "glibc.malloc.tcache_count=0",
        MIMALLOC_ARENA_EAGER_COMMIT: "1",
      }),
    ).to.deep.equal({});
  });

  it("the devnet command runs with them, in the process it was started as", async () => {
    const child = spawn(
      process.execPath,
      [CLI, "devnet", "--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in DEVNET_ENV))),
          NODE_OPTIONS: "",
        },
      },
    );
    const exited = new Promise<string>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal === null ? `exit ${code}` : `signal ${signal}`)),
    );
    try {
      let output = "";
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the devnet did not start:\n${output}`)), 150_000);
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("Activity (")) {
            clearTimeout(timer);
            resolve();
          }
        });
        exited.then((code) => reject(new Error(`the devnet exited with ${code}:\n${output}`)));
      });
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
      expect(commandLine).to.include.members([...DEVNET_NODE_FLAGS]);
      expect(commandLine).to.include("devnet");
      const environment = readFileSync(`/proc/${child.pid}/environ`, "utf8").split("\0");
      expect(environment).to.include.members(
        Object.entries(DEVNET_ENV).map(([name, value]) => `${name}=${value}`),
      );
      // mimalloc (EDR's allocator) advises its arena for transparent huge pages unless it commits on
      // demand: no mapping of the devnet carries the "hg" (MADV_HUGEPAGE) flag.
      const advised = readFileSync(`/proc/${child.pid}/smaps`, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("VmFlags:") && line.split(/\s+/).includes("hg"));
      expect(advised).to.deep.equal([]);
    } finally {
      if (child.exitCode === null) child.kill("SIGINT");
    }
    expect(await exited).to.equal("exit 0");
  });

  it("collects the whole heap once ready under --expose-gc, and does nothing without it", async () => {
    expect(await gcTraceOf(["--expose-gc"])).to.match(/Mark-Compact/);
    expect(await gcTraceOf([])).to.not.match(/Mark-Compact/);
  });
});
