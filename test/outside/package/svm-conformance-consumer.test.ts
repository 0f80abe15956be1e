// A fresh project that installs the tarball and litesvm, and runs the SVM conformance catalogue
// against its own program's .so from node:test, as the guide (docs/guides/test-your-receiver.md)
// shows: the adapter and the test are docs/examples/conformance/svm-example-integrator*.ts. The
// guide's order sample (docs/examples/conformance/svm-order-depositor.test.ts) runs there too, on the
// ready adapter and the programs the tarball ships.
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { createConsumer, NODE_24, REPO_ROOT, repoVersion, run } from "../../../scripts/package/consumer.ts";

const EXAMPLES = join(REPO_ROOT, "docs/examples/conformance");

describe("package: the SVM conformance catalogue in a fresh project with its own program", function () {
  this.timeout(1_800_000);

  it("its program passes every applicable property in LiteSVM and the reports are written", async () => {
    const { dir } = await createConsumer("svm-conformance", [repoVersion("litesvm")], { type: "module" });
    for (const file of ["svm-example-integrator-adapter.ts", "svm-example-integrator.test.ts"])
      copyFileSync(join(EXAMPLES, file), join(dir, file));
    copyFileSync(
      join(REPO_ROOT, "programs/deploy/example-integrator.so"),
      join(dir, "example_integrator.so"),
    );

    const { stdout } = await run(NODE_24, ["--test", "svm-example-integrator.test.ts"], { cwd: dir });
    expect(stdout).to.match(/replay\.compactForm\s+pass/);
    expect(stdout).to.match(/token2022\.transferHook\s+n\/a\s+the program takes native deposits only/);
    expect(stdout).to.match(/(# |ℹ )fail 0/);
    const report = JSON.parse(readFileSync(join(dir, "reports/conformance-svm.json"), "utf8"));
    expect(report.failed).to.equal(0);
    expect(report.passed).to.equal(19);
    expect(existsSync(join(dir, "reports/conformance-svm.junit.xml"))).to.equal(true);
  });

  it("the shipped order depositor passes the order catalogue through the ready adapter", async () => {
    const { dir } = await createConsumer("svm-order-conformance", [repoVersion("litesvm")], {
      type: "module",
    });
    copyFileSync(join(EXAMPLES, "svm-order-depositor.test.ts"), join(dir, "svm-order-depositor.test.ts"));

    const { stdout } = await run(NODE_24, ["--test", "svm-order-depositor.test.ts"], { cwd: dir });
    expect(stdout).to.match(/order\.whitelist\.recipient\s+pass/);
    expect(stdout).to.match(/order\.account\.depositorySubstitution\s+pass/);
    expect(stdout).to.match(/order\.token2022\.transferHook\s+pass/);
    expect(stdout).to.match(/(# |ℹ )fail 0/);
    const report = JSON.parse(readFileSync(join(dir, "reports/orders/conformance-svm.json"), "utf8"));
    expect(report.failed).to.equal(0);
    expect(report.passed).to.equal(54);
  });
});
