// The guide's mutation run (docs/guides/test-your-receiver.md, "Measure your suite") from the tarball: in
// the samples' project made of the docs' templates, `npx attestkit mutate` runs the guide's command on the
// sample TipJarReceiver, bounded to a few distinct mutants. Its report validates against the
// mutation-testing-report schema, each killed mutant names the Solidity properties that caught it, the
// mutants ran through the constructor shim (the project compiled once), and the exit code follows the
// threshold.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { run } from "../../../scripts/package/consumer.ts";
import { GUIDE_MUTATE_ARGS, sharedSampleProject } from "../../../scripts/package/sample-project.ts";
import { mutationReportErrors } from "../../mutate/report-schema.ts";

const THRESHOLD = 80;

describe("package: attestkit mutate on the guide's sample receiver, from the tarball", function () {
  this.timeout(600_000);

  it("scores a bounded sample of TipJarReceiver through the shim, with a schema-valid report and the threshold's exit code", async () => {
    const { dir } = await sharedSampleProject();
    const report = join(mkdtempSync(join(tmpdir(), "attestkit-mutate-report-")), "report.json");
    const args = [
      ...GUIDE_MUTATE_ARGS,
      "--sample",
      "30",
      "--max-mutants",
      "2",
      "--jobs",
      "1",
      "--threshold",
      String(THRESHOLD),
      "--report",
      report,
    ];
    const outcome = await run("npx", args, { cwd: dir }).then(
      ({ stdout, stderr, ms }) => ({ code: 0, stdout, stderr, ms }),
      (error: Error) => ({ code: 1, stdout: error.message, stderr: error.message, ms: 0 }),
    );
    const json = JSON.parse(readFileSync(report, "utf8"));
    expect(await mutationReportErrors(json)).to.deep.equal([]);
    const mutants = json.files["src/TipJarReceiver.sol"].mutants as {
      status: string;
      killedBy?: string[];
      location: { start: { line: number } };
    }[];
    const killed = mutants.filter((m) => m.status === "Killed");
    const survived = mutants.filter((m) => m.status === "Survived");
    expect(killed.length + survived.length).to.equal(2);
    expect(killed.length, "no mutant was killed").to.be.greaterThan(0);
    for (const m of killed) expect(m.killedBy?.every((id) => id.startsWith("sol:"))).to.equal(true);
    expect(outcome.stderr).to.include("through the constructor shim (the project compiled once)");
    const score = (100 * killed.length) / (killed.length + survived.length);
    expect(outcome.code, "exit code against --threshold").to.equal(score < THRESHOLD ? 1 : 0);
    for (const m of survived)
      expect(outcome.stdout).to.include(`src/TipJarReceiver.sol:${m.location.start.line} `);
  });
});
