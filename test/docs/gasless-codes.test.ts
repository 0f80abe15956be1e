/** docs/gasless.md lists every failure code the gasless verifiers can report, in order, no more. */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { GASLESS_CHECK_CODES } from "../../src/gasless/index.ts";

const page = readFileSync(new URL("../../docs/gasless.md", import.meta.url), "utf8");

describe("docs/gasless.md: the failure code list is complete", () => {
  it("Failure codes lists GASLESS_CHECK_CODES exactly, in order", () => {
    const heading = "#### Failure codes";
    const start = page.indexOf(`\n${heading}\n`);
    expect(start).to.be.greaterThan(0);
    const section = page.slice(start + heading.length + 2).split(/\n#{2,4} /)[0] as string;
    const codes = [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(codes).to.deep.equal([...GASLESS_CHECK_CODES]);
  });
});
