// `attestkit service --scenarios FILE` turns scenarios on with the file's scenarios, listed at
// /_mock/scenarios and applied to the next request; a bad file (missing, not JSON, a scenario its
// schema refuses) stops `attestkit service` and `attestkit devnet` with one line naming the flag, exit 2.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { ScenarioView } from "../../src/service/index.ts";
import { quoteBody } from "./helpers.ts";

const API_KEY = "cli-scenarios-key";

function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, ["src/cli.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

async function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr };
}

describe("CLI: --scenarios FILE", function () {
  this.timeout(120_000);
  let dir: string;
  let child: ChildProcess | null = null;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-scenarios-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    if (child !== null && child.exitCode === null) child.kill("SIGTERM");
    child = null;
  });
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it("attestkit service --scenarios: the file's scenarios are listed and take the next request", async () => {
    const path = file(
      "good.json",
      JSON.stringify({
        scenarios: [{ name: "capacity", outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" }],
      }),
    );
    child = cli([
      "service",
      "--port",
      "0",
      "--api-keys",
      API_KEY,
      "--log-level",
      "silent",
      "--scenarios",
      path,
    ]);
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child?.stdout?.on("data", (chunk) => {
        out += String(chunk);
        const match = /mock service on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child?.on("exit", (code) => reject(new Error(`service exited (${code})`)));
    });
    const headers = { "content-type": "application/json", "x-api-key": API_KEY };
    const quote = await fetch(`${url}/quote/v2`, {
      method: "POST",
      headers,
      body: JSON.stringify(quoteBody()),
    });
    const requestId = ((await quote.json()) as { steps: { requestId: string }[] }).steps[0]!.requestId;
    const listed = (await (await fetch(`${url}/_mock/scenarios`, { headers })).json()) as {
      scenarios: ScenarioView[];
    };
    expect(listed.scenarios.map((s) => [s.name, s.outcome, s.failReason, s.remaining])).to.deep.equal([
      ["capacity", "refund", "SOLVER_CAPACITY_EXCEEDED", 0],
    ]);
    expect(listed.scenarios[0]?.matched.map((m) => m.requestId)).to.deep.equal([requestId]);
  });

  const bad: [string, string, string][] = [
    ["missing", "", "cannot read it (ENOENT)"],
    ["not-json.json", "{ scenarios: ", "not JSON"],
    ["bad-outcome.json", JSON.stringify([{ outcome: "explode" }]), "scenarios.0.outcome"],
    [
      "bad-reason.json",
      JSON.stringify({ scenarios: [{ outcome: "refund", failReason: "BECAUSE" }] }),
      "failReason",
    ],
  ];
  for (const command of ["service", "devnet"]) {
    for (const [name, text, says] of bad) {
      it(`attestkit ${command} --scenarios ${name}: one line naming the flag and the problem, exit 2`, async () => {
        const path = name === "missing" ? join(dir, "missing.json") : file(name, text);
        child = cli([command, "--port", "0", "--scenarios", path]);
        const { code, stderr } = await exitOf(child);
        expect(code).to.equal(2);
        const lines = stderr.trim().split("\n");
        expect(lines, stderr).to.have.length(1);
        expect(lines[0]).to.include(`attestkit ${command}: invalid --scenarios ${JSON.stringify(path)}: `);
        expect(lines[0]).to.include(says);
        expect(lines[0]).to.include(`attestkit ${command} --help lists the options`);
      });
    }
  }
});
