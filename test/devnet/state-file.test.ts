/**
 * The saved-state file (`src/devnet/state-file.ts`): values JSON lacks (bigint, bytes) come back as
 * they were written, and a file that is not this attestkit's state is refused with a one-line
 * `StateFileError` naming why.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  attestkitVersion,
  type DevnetState,
  parseState,
  serializeState,
} from "../../src/devnet/state-file.ts";
import { StateFileError } from "../../src/start-errors.ts";

const minimal = (extra: unknown): DevnetState =>
  ({
    evm: [{ chainId: 8453, journal: [] }],
    svm: { accounts: [], history: { extra } },
    service: {},
    clock: { offsetMs: 0, frozenAtMs: null },
  }) as unknown as DevnetState;

describe("devnet state file", () => {
  it("bigints and bytes at any depth come back as written", () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.bigInt(),
        fc.uint8Array({ maxLength: 40 }),
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
      ),
      node: fc.oneof(
        { depthSize: "small" },
        tie("leaf"),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(
          fc.string({ minLength: 1 }).filter((key) => !key.startsWith("$") && key !== "__proto__"),
          tie("node"),
          { maxKeys: 4 },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(value, (extra) => {
        const parsed = parseState(serializeState(minimal(extra)), "state.json");
        expect((parsed.svm.history as unknown as { extra: unknown }).extra).to.deep.equal(extra);
      }),
      { numRuns: 200 },
    );
  });

  const refused = (text: string) => {
    try {
      parseState(text, "state.json");
    } catch (error) {
      expect(error).to.be.instanceOf(StateFileError);
      expect((error as Error).message).to.not.include("\n");
      return (error as Error).message;
    }
    throw new Error("the file was accepted");
  };
  const header = { format: "attestkit-devnet-state", version: 1, attestkit: attestkitVersion() };

  it("refuses another attestkit version, another format version, a file that is not a state, and an incomplete one", () => {
    const body = JSON.parse(serializeState(minimal(1)));
    expect(refused(JSON.stringify({ ...body, attestkit: "9.9.9" }))).to.include("written by attestkit 9.9.9");
    expect(refused(JSON.stringify({ ...body, version: 2 }))).to.include("(state format 2)");
    expect(refused(JSON.stringify({ hello: "world" }))).to.include("is not an attestkit devnet state file");
    expect(refused("{ not json")).to.include("is not JSON");
    expect(refused(JSON.stringify({ ...header, evm: [] }))).to.include("is incomplete");
    expect(refused(JSON.stringify({ ...body, clock: undefined }))).to.include("is incomplete");
  });
});
