import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The outcome of one property against one receiver. */
export type PropertyStatus = "pass" | "fail" | "not-applicable";

/** One property's outcome in a conformance report. */
export interface PropertyResult {
  /** Property id, e.g. `replay.compactForm` (the same names in the Solidity and TypeScript catalogues). */
  id: string;
  /** The attack the property stands for. */
  attack: string;
  status: PropertyStatus;
  /** Why it failed, or why it does not apply. */
  reason?: string;
  durationMs: number;
}

/** A catalogue run against one receiver. */
export interface ConformanceReport {
  /** What was tested, e.g. `AttestedReceiver at 0x… (hardhat)`. */
  subject: string;
  vm: "evm" | "svm";
  results: PropertyResult[];
  passed: number;
  failed: number;
  notApplicable: number;
  durationMs: number;
}

/** Builds the report's totals from the results. */
export function summarize(
  subject: string,
  vm: "evm" | "svm",
  results: PropertyResult[],
  durationMs: number,
): ConformanceReport {
  const count = (status: PropertyStatus) => results.filter((r) => r.status === status).length;
  return {
    subject,
    vm,
    results,
    passed: count("pass"),
    failed: count("fail"),
    notApplicable: count("not-applicable"),
    durationMs,
  };
}

const STATUS_LABEL: Record<PropertyStatus, string> = { pass: "pass", fail: "FAIL", "not-applicable": "n/a" };

/** The report as a text table: one line per property, reasons for failures and not-applicable ones. */
export function formatConformanceTable(report: ConformanceReport): string {
  const width = Math.max(8, ...report.results.map((r) => r.id.length));
  const lines = [
    `Conformance of ${report.subject} (${report.vm.toUpperCase()})`,
    `${"property".padEnd(width)}  status  reason`,
    `${"-".repeat(width)}  ------  ------`,
    ...report.results.map((r) =>
      `${r.id.padEnd(width)}  ${STATUS_LABEL[r.status].padEnd(6)}  ${r.reason ?? ""}`.trimEnd(),
    ),
    `${report.passed} passed, ${report.failed} failed, ${report.notApplicable} not applicable in ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  return lines.join("\n");
}

function xmlEscape(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );
}

/** The report as JUnit XML (one test case per property; not applicable ones are `<skipped>`). */
export function toJunitXml(report: ConformanceReport): string {
  const suite = xmlEscape(`attestkit conformance: ${report.subject}`);
  const cases = report.results.map((r) => {
    const head = `    <testcase classname="attestkit.conformance.${report.vm}" name="${xmlEscape(r.id)}" time="${(r.durationMs / 1000).toFixed(3)}">`;
    const attack = `      <system-out>${xmlEscape(r.attack)}</system-out>`;
    const outcome =
      r.status === "fail"
        ? `      <failure message="${xmlEscape(r.reason ?? "failed")}"/>`
        : r.status === "not-applicable"
          ? `      <skipped message="${xmlEscape(r.reason ?? "not applicable")}"/>`
          : undefined;
    return [head, outcome, attack, "    </testcase>"].filter(Boolean).join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites tests="${report.results.length}" failures="${report.failed}" skipped="${report.notApplicable}">`,
    `  <testsuite name="${suite}" tests="${report.results.length}" failures="${report.failed}" skipped="${report.notApplicable}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/**
 * Writes `<name>.json` and `<name>.junit.xml` into `dir` (created if missing) and returns their paths.
 */
export function writeConformanceReport(
  report: ConformanceReport,
  dir: string,
  name = `conformance-${report.vm}`,
): { json: string; junit: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.junit.xml`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(junit, toJunitXml(report));
  return { json, junit };
}

/** Thrown by `assertConformance` when a property failed; its message is the table. */
export class ConformanceFailedError extends Error {
  readonly report: ConformanceReport;

  constructor(report: ConformanceReport) {
    super(`${report.failed} conformance properties failed\n${formatConformanceTable(report)}`);
    this.name = "ConformanceFailedError";
    this.report = report;
  }
}

/** Throws `ConformanceFailedError` unless every applicable property passed. */
export function assertConformance(report: ConformanceReport): void {
  if (report.failed > 0) throw new ConformanceFailedError(report);
}
