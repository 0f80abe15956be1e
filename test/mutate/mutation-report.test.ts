// The pieces of `attestkit mutate` that need no tool: where a mutant's change is, the seeded sample, the
// score, the Solidity runner's reading of Hardhat and Foundry output, and the report, validated against
// the mutation-testing-report schema the Stryker viewers read.
import { expect } from "chai";
import fc from "fast-check";
import { readCatalogueOutput } from "../../src/mutate/command-runner.ts";
import { describeChange, type SourceMutant, sampleMutants } from "../../src/mutate/mutant.ts";
import { type MutantOutcome, mutationScore, strykerReport } from "../../src/mutate/report.ts";
import { mutationReportErrors } from "./report-schema.ts";

function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split("\n");
  return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
}

const SOURCE = "contract A {\n    uint256 constant X = 2;\n    function f() external {}\n}\n";

function mutant(id: string, from: string, to: string): SourceMutant {
  const mutatedText = SOURCE.replace(from, to);
  return {
    id,
    file: "A.sol",
    mutatorName: "rule",
    mutatedText,
    ...describeChange("A.sol", SOURCE, mutatedText),
  };
}

function outcome(m: SourceMutant, status: MutantOutcome["status"], killedBy: string[] = []): MutantOutcome {
  return { mutant: m, status, killedBy, notNoticedBy: ["ts:replay.later"], durationMs: 5 };
}

describe("attestkit mutate: report pieces", () => {
  it("names the changed span, its replacement and a unified diff", () => {
    const change = describeChange("A.sol", SOURCE, SOURCE.replace("= 2;", "= (2+1);"));
    expect(change.location).to.deep.equal({ start: { line: 2, column: 26 }, end: { line: 2, column: 27 } });
    expect(change.replacement).to.equal("(2+1)");
    expect(change.diff).to.equal(
      "--- a/A.sol\n+++ b/A.sol\n@@ -2,1 +2,1 @@\n-    uint256 constant X = 2;\n+    uint256 constant X = (2+1);",
    );
  });

  it("property: the replacement put at the reported span rebuilds the mutated text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (head, cut, put, tail) => {
        const original = head + cut + tail;
        const mutated = head + put + tail;
        const { location, replacement } = describeChange("f", original, mutated);
        const start = offsetOf(original, location.start.line, location.start.column);
        const end = offsetOf(original, location.end.line, location.end.column);
        expect(original.slice(0, start) + replacement + original.slice(end)).to.equal(mutated);
      }),
    );
  });

  it("property: a seeded sample is the same every time, in order, of the asked size", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), fc.nat(70), fc.nat(), (items, count, seed) => {
        const picked = sampleMutants(items, count, seed);
        expect(picked).to.deep.equal(sampleMutants(items, count, seed));
        expect(picked.length).to.equal(Math.min(count, items.length));
        const indices = picked.map((p) => items.indexOf(p));
        expect(indices.every((i) => i >= 0)).to.equal(true);
      }),
    );
  });

  it("scores killed and timed-out mutants over those judged; equivalents and build failures do not count", () => {
    const m = mutant("1", "= 2;", "= 3;");
    const score = mutationScore([
      outcome(m, "Killed", ["ts:replay.later"]),
      outcome(m, "Timeout"),
      outcome(m, "Survived"),
      outcome(m, "Survived"),
      outcome(m, "Ignored"),
      outcome(m, "CompileError"),
    ]);
    expect(score).to.include({ killed: 1, timeout: 1, survived: 2, ignored: 1, compileErrors: 1, score: 50 });
    expect(mutationScore([]).score).to.equal(100);
  });

  it("reads failed and passed properties from Hardhat's and Foundry's Solidity test output", () => {
    const hardhat = [
      "    ✔ test_replay_sameSignature()",
      "    - test_replay_acrossReceivers()",
      "    1) test_payer_binding()",
      "  1) AttestedReceiverConformanceTest",
      "       Error: [payer.binding] the attack was accepted",
    ].join("\n");
    expect(readCatalogueOutput(hardhat)).to.deep.equal({
      failed: ["payer.binding"],
      passed: ["replay.sameSignature"],
    });
    const forge = [
      "[PASS] test_order_replay_later() (gas: 1234)",
      "[SKIP: rotation.grace not applicable: hook rotateSolver not implemented] test_rotation_grace() (gas: 0)",
      "[FAIL: [order.signature.v] refused as deadline (DeadlineTooFar), expected signature] test_order_signature_v() (gas: 9)",
    ].join("\n");
    expect(readCatalogueOutput(forge)).to.deep.equal({
      failed: ["order.signature.v"],
      passed: ["order.replay.later"],
    });
  });

  it("writes a report the mutation-testing-report schema accepts", async () => {
    const killed = mutant("1", "= 2;", "= 3;");
    const survived = mutant("2", "function f() external {}", "function f() external {revert();}");
    const report = strykerReport({
      language: "solidity",
      projectRoot: "/project",
      sources: { "A.sol": SOURCE },
      outcomes: [outcome(killed, "Killed", ["ts:replay.later"]), outcome(survived, "Survived")],
      generated: 9,
      properties: ["ts:replay.later"],
      timings: { setupMs: 1, controlMs: 2, mutantsMs: 3 },
    });
    expect(await mutationReportErrors(report)).to.deep.equal([]);
    const broken = structuredClone(report) as { files: Record<string, { mutants: { status: string }[] }> };
    (broken.files["A.sol"]?.mutants[0] as { status: string }).status = "Caught";
    expect(await mutationReportErrors(broken)).to.deep.equal([
      "/files/A.sol/mutants/0/status must be equal to one of the allowed values",
    ]);
  });
});
