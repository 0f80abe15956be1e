import { expect } from "chai";
import fc from "fast-check";
import {
  assertConformance,
  ConformanceFailedError,
  formatConformanceTable,
  toJunitXml,
} from "../../src/testing/index.ts";
import { type PropertyResult, summarize } from "../../src/testing/report.ts";

const passed: PropertyResult = {
  id: "replay.later",
  attack: "submit again later",
  status: "pass",
  durationMs: 12,
};
const failed: PropertyResult = {
  id: "token.shares",
  attack: "a <share> token & co",
  status: "fail",
  reason: 'refused with "X"',
  durationMs: 3,
};
const notApplicable: PropertyResult = {
  id: "pause.refused",
  attack: "pay while paused",
  status: "not-applicable",
  reason: "no pause",
  durationMs: 0,
};
const results = [passed, failed, notApplicable];

describe("conformance report: table, JSON totals and JUnit XML", () => {
  const report = summarize("MyReceiver", "evm", results, 1500);

  it("counts each status", () => {
    expect([report.passed, report.failed, report.notApplicable]).to.deep.equal([1, 1, 1]);
  });

  it("prints one line per property with the reason of failures and not-applicable ones", () => {
    const table = formatConformanceTable(report);
    expect(table).to.match(/replay\.later\s+pass/);
    expect(table).to.match(/token\.shares\s+FAIL\s+refused with "X"/);
    expect(table).to.match(/pause\.refused\s+n\/a\s+no pause/);
    expect(table).to.match(/1 passed, 1 failed, 1 not applicable in 1\.5 s/);
  });

  it("writes failures as <failure>, not-applicable as <skipped>, escaping every attribute", () => {
    const xml = toJunitXml(report);
    expect(xml).to.contain('tests="3" failures="1" skipped="1"');
    expect(xml).to.contain('<failure message="refused with &quot;X&quot;"/>');
    expect(xml).to.contain('<skipped message="no pause"/>');
    expect(xml).to.contain("a &lt;share&gt; token &amp; co");
  });

  it("escapes any reason into well-formed attributes (property)", () => {
    fc.assert(
      fc.property(fc.string(), (reason) => {
        const xml = toJunitXml(summarize("S", "svm", [{ ...failed, reason }], 1));
        const attr = xml.match(/<failure message="([^"]*)"\/>/);
        return attr !== null && !/[<>]/.test(attr[1] ?? "<");
      }),
    );
  });

  it("assertConformance throws with the table only when a property failed", () => {
    expect(() => assertConformance(report)).to.throw(ConformanceFailedError, /token\.shares/);
    expect(() => assertConformance(summarize("S", "evm", [passed, notApplicable], 1))).to.not.throw();
  });
});
