/**
 * `attestkit devnet` and `attestkit service` refuse a bad flag or value with one line that names the
 * flag and points at `--help`, exit code 2, no stack trace; a database path that cannot be opened is
 * one line too (exit code 1).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const FREE_PORTS = ["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"];

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, ...args], { timeout: 120_000 }, (error, _stdout, stderr) =>
      resolve({ code: error === null ? 0 : (child.exitCode ?? null), stderr }),
    );
  });
}

function expectOneLine(stderr: string, ...parts: string[]): void {
  const lines = stderr.trim().split("\n");
  expect(lines, stderr).to.have.length(1);
  for (const part of parts) expect(lines[0]).to.include(part);
  expect(stderr).not.to.match(/\n\s+at /);
}

describe("command-line options", function () {
  this.timeout(180_000);

  const refused: Array<[string[], string]> = [
    [["devnet", "--bogus"], "--bogus"],
    [["devnet", "stray"], "stray"],
    [["devnet", "--slot-time", "5"], "--slot-time"],
    [["devnet", "--slot-time", "70000"], "--slot-time"],
    [["devnet", "--port", "x"], "--port"],
    [["devnet", "--faucet-time-slice-secs", "0"], "--faucet-time-slice-secs"],
    [["devnet", "--faucet-per-request-sol-cap", "-1"], "--faucet-per-request-sol-cap"],
    [["devnet", "--svm-rpc-url", "not a url"], "--svm-rpc-url"],
    [["service", "--bogus"], "--bogus"],
    [["service", "--port", "70000"], "--port"],
    [["service", "--solver-key", "0x12"], "--solver-key"],
    [["service", "--rpc", "8453"], "--rpc"],
    [["service", "--db"], "--db"],
  ];
  for (const [args, flag] of refused) {
    it(`attestkit ${args.join(" ")}: one line naming ${flag}, exit 2`, async () => {
      const { code, stderr } = await runCli(args);
      expect(code).to.equal(2);
      expectOneLine(stderr, `attestkit ${args[0]}: `, flag, `attestkit ${args[0]} --help lists the options`);
    });
  }

  it("--slot-time states one range, the one it enforces", async () => {
    const low = await runCli(["devnet", "--slot-time", "5"]);
    const high = await runCli(["devnet", "--slot-time", "70000"]);
    expect(low.stderr).to.include("from 10 to 60000");
    expect(high.stderr).to.include("from 10 to 60000");
  });

  it("a --db path that cannot be opened is one line, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-db-dir-"));
    try {
      const { code, stderr } = await runCli(["devnet", ...FREE_PORTS, "--db", join(dir, "missing", "x.db")]);
      expect(code).to.equal(1);
      const lines = stderr.trim().split("\n");
      expect(lines).to.have.length(1);
      expect(lines[0]).to.match(/^attestkit devnet: database file .* cannot be opened/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
