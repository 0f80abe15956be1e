// The codama-rendered client (src/receiver/generated, `npm run codama`) against the Anchor IDL it
// comes from: for every instruction, the generated data encoder writes the same bytes as
// @coral-xyz/anchor's Borsh coder (discriminator and argument layout) for random arguments, and the
// generated builder orders and flags the accounts as the IDL lists them.
import anchor, { type Idl } from "@coral-xyz/anchor";
import { AccountRole, type Address, createNoopSigner, getAddressDecoder } from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import { expect } from "chai";
import fc from "fast-check";
import idl from "../../programs/idl/attested_receiver.json" with { type: "json" };
import * as generated from "../../src/receiver/generated/index.ts";

type IdlType = string | { array: [IdlType, number] } | { vec: IdlType };
/** An argument value in both shapes: Anchor's (BN, PublicKey, number[], Buffer) and kit's. */
interface Value {
  anchor: unknown;
  kit: unknown;
}

const addresses = getAddressDecoder();
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });
const bigints = (min: bigint, max: bigint) =>
  fc.bigInt({ min, max }).map((n): Value => ({ anchor: new anchor.BN(n.toString()), kit: n }));

function arbitrary(type: IdlType): fc.Arbitrary<Value> {
  if (type === "u8") return fc.integer({ min: 0, max: 255 }).map((n) => ({ anchor: n, kit: n }));
  if (type === "bool") return fc.boolean().map((b) => ({ anchor: b, kit: b }));
  if (type === "u64") return bigints(0n, (1n << 64n) - 1n);
  if (type === "i64") return bigints(-(1n << 63n), (1n << 63n) - 1n);
  if (type === "pubkey")
    return bytes(32, 32).map((b) => ({ anchor: new PublicKey(b), kit: addresses.decode(b) }));
  if (type === "bytes") return bytes(0, 80).map((b) => ({ anchor: Buffer.from(b), kit: b }));
  if (typeof type === "object" && "array" in type && type.array[0] === "u8") {
    return bytes(type.array[1], type.array[1]).map((b) => ({ anchor: Array.from(b), kit: b }));
  }
  if (typeof type === "object" && "vec" in type) {
    return fc
      .array(arbitrary(type.vec), { maxLength: 5 })
      .map((items) => ({ anchor: items.map((i) => i.anchor), kit: items.map((i) => i.kit) }));
  }
  throw new Error(`no arbitrary for IDL type ${JSON.stringify(type)}`);
}

const camel = (snake: string) => snake.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (snake: string) => camel(snake).replace(/^\w/, (c) => c.toUpperCase());
// biome-ignore lint/suspicious/noExplicitAny: generated functions are looked up by name
const lookup = (name: string): any => (generated as Record<string, unknown>)[name];

const coder = new anchor.BorshInstructionCoder(idl as unknown as Idl);
const PROGRAM = "Prog111111111111111111111111111111111111111" as Address;

describe("receiver: the codama-generated SVM client matches the Anchor IDL", () => {
  it("renders a data encoder and a builder for every IDL instruction", () => {
    for (const ix of idl.instructions) {
      expect(lookup(`get${pascal(ix.name)}InstructionDataEncoder`), ix.name).to.be.a("function");
      expect(lookup(`get${pascal(ix.name)}Instruction`), ix.name).to.be.a("function");
    }
    expect(idl.instructions.length).to.equal(12);
  });

  for (const ix of idl.instructions) {
    it(`${ix.name}: the generated encoder writes Anchor's bytes for random arguments`, () => {
      const encoder = lookup(`get${pascal(ix.name)}InstructionDataEncoder`)();
      const args = fc.record(
        Object.fromEntries(ix.args.map((a) => [a.name, arbitrary(a.type as IdlType)])) as Record<
          string,
          fc.Arbitrary<Value>
        >,
      );
      fc.assert(
        fc.property(args, (values) => {
          const anchorArgs = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.anchor]));
          const kitArgs = Object.fromEntries(Object.entries(values).map(([k, v]) => [camel(k), v.kit]));
          const want = coder.encode(ix.name, anchorArgs);
          expect(Buffer.from(encoder.encode(kitArgs)).toString("hex")).to.equal(want.toString("hex"));
          expect(Array.from(want.subarray(0, 8))).to.deep.equal(ix.discriminator);
        }),
        { numRuns: 50 },
      );
    });

    it(`${ix.name}: the generated builder lists the IDL's accounts in order, with their roles`, () => {
      const accounts = ix.accounts.map((a, i) => {
        const address = addresses.decode(new Uint8Array(32).fill(i + 1));
        return { ...a, address, value: a.signer ? createNoopSigner(address) : address };
      });
      const input = Object.fromEntries(accounts.map((a) => [camel(a.name), a.value]));
      const args = fc.sample(
        fc.record(Object.fromEntries(ix.args.map((a) => [camel(a.name), arbitrary(a.type as IdlType)]))),
        1,
      )[0] as Record<string, Value>;
      for (const [k, v] of Object.entries(args)) input[k] = v.kit as never;
      const built = lookup(`get${pascal(ix.name)}Instruction`)(input, { programAddress: PROGRAM });
      expect(built.programAddress).to.equal(PROGRAM);
      expect(
        (built.accounts ?? []).map((m: { address: Address; role: AccountRole }) => [m.address, m.role]),
        ix.name,
      ).to.deep.equal(
        accounts.map((a) => [
          a.address,
          a.signer
            ? a.writable
              ? AccountRole.WRITABLE_SIGNER
              : AccountRole.READONLY_SIGNER
            : a.writable
              ? AccountRole.WRITABLE
              : AccountRole.READONLY,
        ]),
      );
    });
  }
});
