/**
 * docs/orders.md lists every code attestkit/orders can give an integrator: each failure code of
 * verifyQuoteOrder (ORDER_CHECK_CODES) and each code of an error class it exports, no more, no less.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { AttestkitError } from "../../src/errors.ts";
import * as orderErrors from "../../src/orders/errors.ts";
import { ORDER_CHECK_CODES } from "../../src/orders/index.ts";

const page = readFileSync(new URL("../../docs/orders.md", import.meta.url), "utf8");

/** The codes in the first column of the table under `heading`. */
function tableCodes(heading: string): string[] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/orders.md has no "${heading}"`);
  const section = page.slice(start + heading.length + 2).split(/\n#{2,4} /)[0] as string;
  return [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1] as string);
}

describe("docs/orders.md: the code lists are complete", () => {
  it("Failure codes lists ORDER_CHECK_CODES exactly, in order", () => {
    expect(tableCodes("#### Failure codes")).to.deep.equal([...ORDER_CHECK_CODES]);
  });

  it("Errors thrown lists the code of every error class attestkit/orders exports", () => {
    const thrown = Object.values(orderErrors)
      .filter((value) => typeof value === "function" && value.prototype instanceof AttestkitError)
      .map((ErrorClass) => new (ErrorClass as new (message: string) => AttestkitError)("x").code);
    expect(thrown.length).to.be.greaterThan(10);
    expect([...tableCodes("#### Errors thrown")].sort()).to.deep.equal([...thrown].sort());
  });
});
