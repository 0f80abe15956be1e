// `attestkit mutate` as CI runs it: a fixed sample (seed 1) of the reference OrderGatedDepositor's mutants
// through the TypeScript order catalogue, with a threshold; the report validates against the
// mutation-testing-report schema. Then the command's refusals: a score under --threshold exits 1, a
// catalogue that fails on the unmutated contract stops the run, a malformed flag exits 2.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { mutationReportErrors } from "./report-schema.ts";

const execFileAsync = promisify(execFile);
/** The CI slice's floor: the sample scores above it on the reference (bench/results/mutation.json has the full figures). */
const THRESHOLD = 40;

async function mutate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ["src/cli.ts", "mutate", ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("attestkit mutate (command)", function () {
  this.timeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), "attestkit-mutate-test-"));

  it(`scores a fixed sample of OrderGatedDepositor's mutants at or above ${THRESHOLD}% and writes a schema-valid report`, async () => {
    const report = join(dir, "depositor.json");
    const { code, stdout, stderr } = await mutate([
      "--contract",
      "contracts/OrderGatedDepositor.sol:OrderGatedDepositor",
      "--adapter",
      "test/mutate/adapters/order-gated-depositor.ts",
      "--catalogue",
      "orders",
      "--sample",
      "40",
      "--seed",
      "1",
      "--threshold",
      String(THRESHOLD),
      "--report",
      report,
    ]);
    expect(code, stderr).to.equal(0);
    const json = JSON.parse(readFileSync(report, "utf8"));
    expect(await mutationReportErrors(json)).to.deep.equal([]);
    const mutants = json.files["contracts/OrderGatedDepositor.sol"].mutants as {
      status: string;
      killedBy?: string[];
      location: { start: { line: number } };
    }[];
    expect(mutants).to.have.length(40);
    const killed = mutants.filter((m) => m.status === "Killed");
    expect(killed.length).to.be.greaterThan(0);
    for (const m of killed) expect(m.killedBy?.every((id) => id.startsWith("ts:order."))).to.equal(true);
    const survivors = mutants.filter((m) => m.status === "Survived");
    const score = (100 * killed.length) / (killed.length + survivors.length);
    expect(score).to.be.at.least(THRESHOLD);
    expect(stdout).to.match(new RegExp(`mutation score ${Math.round(score * 100) / 100}%`));
    for (const m of survivors)
      expect(stdout).to.include(`contracts/OrderGatedDepositor.sol:${m.location.start.line}`);
  });

  it("exits 1 when the score is under --threshold (a test command that notices nothing)", async () => {
    const { code, stdout, stderr } = await mutate([
      "--root",
      "test/mutate/fixtures",
      "--contract",
      "Counter.sol:Counter",
      "--test",
      "true",
      "--threshold",
      "1",
      "--report",
      join(dir, "counter.json"),
    ]);
    expect(code).to.equal(1);
    expect(stdout).to.match(/mutation score 0% — killed 0/);
    expect(stdout).to.match(/Counter\.sol:9 /);
    expect(stderr).to.include("mutation score 0% is under the threshold 1%");
  });

  it("stops when the catalogue fails on the unmutated contract", async () => {
    const { code, stderr } = await mutate([
      "--root",
      "test/mutate/fixtures",
      "--contract",
      "Counter.sol:Counter",
      "--test",
      "false",
      "--report",
      join(dir, "control.json"),
    ]);
    expect(code).to.equal(1);
    expect(stderr).to.include("the catalogue does not pass on the unmutated project");
  });

  it("refuses a malformed flag with exit code 2", async () => {
    const { code, stderr } = await mutate(["--contract", "Counter.sol", "--test", "true"]);
    expect(code).to.equal(2);
    expect(stderr).to.include('invalid --contract "Counter.sol": expected <path>:<name>');
  });
});
