// The attested receiver's security.txt (solana-security-txt V1) read back out of the deployable
// .so the way explorers do it: the bytes between the BEGIN and END markers, NUL-separated
// key/value pairs, with the format's required fields.
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { RECEIVER_SO } from "../../src/deploy/svm.ts";

const BEGIN = "=======BEGIN SECURITY.TXT V1=======\0";
const END = "=======END SECURITY.TXT V1=======\0";

function securityTxt(elf: Buffer): Map<string, string> {
  const start = elf.indexOf(BEGIN);
  expect(start, "BEGIN marker in the .so").to.be.greaterThan(-1);
  expect(elf.indexOf(BEGIN, start + 1), "exactly one BEGIN marker").to.equal(-1);
  const end = elf.indexOf(END, start);
  expect(end, "END marker after BEGIN").to.be.greaterThan(start);
  const parts = elf
    .subarray(start + BEGIN.length, end)
    .toString("utf8")
    .split("\0");
  expect(parts.pop(), "every value NUL-terminated").to.equal("");
  expect(parts.length % 2, "key/value pairs").to.equal(0);
  const fields = new Map<string, string>();
  for (let i = 0; i < parts.length; i += 2) fields.set(parts[i] as string, parts[i + 1] as string);
  return fields;
}

describe("svm: attested receiver security.txt", () => {
  it("the deployable .so carries a security.txt with name, project_url, contacts and policy", () => {
    const fields = securityTxt(readFileSync(RECEIVER_SO));
    for (const required of ["name", "project_url", "contacts", "policy"]) {
      expect(fields.get(required), required).to.be.a("string").and.not.equal("");
    }
    expect(fields.get("name")).to.equal("attestkit attested-receiver");
    expect(fields.get("contacts")).to.match(/^(email|link|discord|telegram|twitter|other):/);
    expect(new URL(fields.get("project_url") as string).protocol).to.equal("https:");
  });
});
