// The guide's mutation run (docs/guides/test-your-receiver.md, "Measure your suite"), as an integrator runs
// it: a fresh Hardhat 3 project made of the docs' templates installs the tarball, adds the sample
// TipJarReceiver and its Solidity conformance test, and runs `npx attestkit mutate` with the guide's
// command. The report must come in under 10 minutes, validate against the mutation-testing-report
// schema, and list every survivor in the table with its file:line.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect } from "chai";
import { createTemplateProject, REPO_ROOT, run } from "../../../scripts/package/consumer.ts";

const require = createRequire(import.meta.url);
const EXAMPLES = join(REPO_ROOT, "docs/examples/conformance");
/** The guide's command, after `npx attestkit`. */
const GUIDE_ARGS = [
  "mutate",
  "--contract",
  "src/TipJarReceiver.sol:TipJarReceiver",
  "--test",
  "npx hardhat test solidity test/TipJarReceiver.t.sol",
  "--threshold",
  "80",
];

describe("package: attestkit mutate on the guide's sample receiver, from the tarball", function () {
  this.timeout(1_800_000);
  let dir: string;

  before(async () => {
    ({ dir } = await createTemplateProject("mutate"));
    mkdirSync(join(dir, "src"));
    mkdirSync(join(dir, "test"));
    copyFileSync(join(EXAMPLES, "TipJarReceiver.sol"), join(dir, "src/TipJarReceiver.sol"));
    copyFileSync(join(EXAMPLES, "TipJarReceiver.t.sol"), join(dir, "test/TipJarReceiver.t.sol"));
  });

  it("scores TipJarReceiver above the guide's threshold in under 10 minutes, with a schema-valid report", async () => {
    const { stdout, ms } = await run("npx", ["attestkit", ...GUIDE_ARGS], { cwd: dir, timeoutMs: 900_000 });
    console.log(`\n${stdout}\n  attestkit mutate took ${(ms / 1000).toFixed(1)} s`);
    expect(ms).to.be.below(600_000);
    const report = JSON.parse(readFileSync(join(dir, "mutation-report.json"), "utf8"));
    const Ajv = require("ajv") as typeof import("ajv").default;
    const { schema } = await import("mutation-testing-report-schema");
    const validate = new Ajv({ strict: false, logger: false }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).to.equal(true);
    const mutants = report.files["src/TipJarReceiver.sol"].mutants as {
      status: string;
      killedBy?: string[];
      location: { start: { line: number } };
    }[];
    const killed = mutants.filter((m) => m.status === "Killed");
    expect(killed.length).to.be.greaterThan(10);
    for (const m of killed) expect(m.killedBy?.every((id) => id.startsWith("sol:"))).to.equal(true);
    for (const m of mutants.filter((m) => m.status === "Survived"))
      expect(stdout).to.include(`src/TipJarReceiver.sol:${m.location.start.line} `);
    expect(stdout).to.match(/mutation score \d+(\.\d+)?%/);
  });
});
