/**
 * What the devnet loads at runtime: its EVM chains run on EDR directly, so starting a whole devnet
 * must not load Hardhat, its plugins or Ignition (their modules and the contract decoder Hardhat
 * builds from every build-info file were most of the devnet's memory at rest); and it holds one copy
 * of `@solana/kit`, though LiteSVM's CommonJS `require`s it; and no fetch client (undici, about 10 MiB).
 * A child process records every module it resolves, and Node's own it loads, while a devnet starts and
 * stops.
 */
import { execFile } from "node:child_process";
import { expect } from "chai";
import { DEVNET_NODE_FLAGS } from "../../src/devnet/node-flags.ts";

const DEVNET_MODULE = new URL("../../src/devnet/devnet.ts", import.meta.url).href;

// The child runs from `--eval` (a file under test/ would be loaded as a spec by the test runner).
const CHILD_SOURCE = `
import { registerHooks } from "node:module";
const resolved = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.add(result.url);
    return result;
  },
});
const { startDevnet } = await import(${JSON.stringify(DEVNET_MODULE)});
const devnet = await startDevnet({ logger: false });
await devnet.close();
const builtins = process.moduleLoadList.filter((name) => name.startsWith("NativeModule "));
process.stdout.write("\\n" + JSON.stringify({ resolved: [...resolved], builtins }) + "\\n");
process.exit(0);
`;

function packagesOf(urls: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const url of urls) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

describe("devnet runtime modules", function () {
  this.timeout(180_000);
  let urls: string[];
  let builtins: string[];
  let loaded: Set<string>;

  before(async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        // With the flags `attestkit devnet` runs under (among them: no global WebSocket).
        [...DEVNET_NODE_FLAGS, "--input-type=module", "--eval", CHILD_SOURCE],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    ({ resolved: urls, builtins } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
      resolved: string[];
      builtins: string[];
    });
    loaded = packagesOf(urls);
  });

  it("runs its chains on EDR and LiteSVM (the record sees the packages the devnet does load)", () => {
    expect([...loaded]).to.include.members(["@nomicfoundation/edr", "litesvm", "viem", "@solana/kit"]);
  });

  it("loads neither Hardhat, nor its viem plugin, nor Ignition", () => {
    const hardhat = [...loaded].filter(
      (name) =>
        name === "hardhat" || name.startsWith("@nomicfoundation/hardhat") || name.includes("ignition"),
    );
    expect(hardhat).to.deep.equal([]);
  });

  it("loads @solana/kit once, as ES modules: LiteSVM's require of it shares the copy attestkit imports", () => {
    const kit = urls.filter((url) => /\/node_modules\/@solana\/kit\/dist\//.test(url));
    expect(kit.length, "the record sees kit").to.be.greaterThan(0);
    const commonJs = urls.filter((url) => /\/node_modules\/@solana\/[^/]+\/dist\/[^/]+\.cjs$/.test(url));
    expect(commonJs).to.deep.equal([]);
  });

  it("loads no fetch client (Node's undici): node:http is not imported as an ES module, whose facade would read its lazy WebSocket", () => {
    expect(builtins, "the record sees Node's own modules").to.include("NativeModule http");
    expect(builtins.filter((name) => name.includes("undici"))).to.deep.equal([]);
  });
});
