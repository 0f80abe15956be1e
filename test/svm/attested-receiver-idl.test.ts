// The hand-maintained Anchor IDL against the program's sources: every error code and name of
// `ReceiverError` (and no other), and Anchor's discriminators (sha256 of "global:<ix>",
// "account:<Name>", "event:<Name>", first 8 bytes) for every instruction, account and event.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect } from "chai";
import idl from "../../programs/idl/attested_receiver.json" with { type: "json" };

const ERROR_RS = new URL("../../programs/receiver-interface/src/error.rs", import.meta.url);
const anchor = (namespace: string, name: string) =>
  Array.from(createHash("sha256").update(`${namespace}:${name}`).digest().subarray(0, 8));

describe("svm: attested receiver IDL matches the program", () => {
  it("lists exactly the program's error codes, by the same names", () => {
    const source = readFileSync(ERROR_RS, "utf8");
    const program = [...source.matchAll(/^\s+(\w+) = (\d+),$/gm)].map((m) => ({
      name: m[1],
      code: Number(m[2]),
    }));
    expect(program.length, "variants parsed from error.rs").to.be.greaterThan(40);
    expect(idl.errors.map((e) => ({ name: e.name, code: e.code }))).to.deep.equal(program);
  });

  it("uses Anchor's discriminators for every instruction, account and event", () => {
    for (const ix of idl.instructions)
      expect(ix.discriminator, ix.name).to.deep.equal(anchor("global", ix.name));
    for (const a of idl.accounts) expect(a.discriminator, a.name).to.deep.equal(anchor("account", a.name));
    for (const e of idl.events) expect(e.discriminator, e.name).to.deep.equal(anchor("event", e.name));
    expect(idl.instructions.map((i) => i.name)).to.include.members([
      "invalidate_requests",
      "set_max_deadline_window",
    ]);
    expect(idl.events.map((e) => e.name)).to.deep.equal([
      "Deposited",
      "RequestInvalidated",
      "InvalidationTooLate",
    ]);
  });
});
