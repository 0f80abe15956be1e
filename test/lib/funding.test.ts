import { expect } from "chai";
import fc from "fast-check";
import { encodeFunctionData, erc20Abi, getAddress } from "viem";
import {
  APP_BALANCE_CHAIN_ID,
  decodeAppBalanceFundingCalldata,
  encodeAppBalanceFundingCalldata,
} from "../../src/index.ts";
import { fundingVectors } from "./vectors.ts";

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;
const addressArbitrary = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(hex(b)));
const amountArbitrary = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

describe("app balance funding calldata", () => {
  it("names the funding chain 8453", () => {
    expect(APP_BALANCE_CHAIN_ID).to.equal(8453);
  });

  for (const vector of fundingVectors) {
    it(`${vector.name}: encodes and decodes as recorded`, () => {
      const { solver, amount, credit, calldata } = vector;
      expect(encodeAppBalanceFundingCalldata({ solver, amount, credit })).to.equal(calldata);
      expect(decodeAppBalanceFundingCalldata(calldata)).to.deep.equal({
        solver,
        amount: BigInt(amount),
        credit,
      });
    });
  }

  it("is the ERC20 transfer calldata followed by marker, credited address, marker", () => {
    const solver = "0x00000000000000000000000000000000000000aa";
    const credit = "0x00000000000000000000000000000000000000bb";
    const calldata = encodeAppBalanceFundingCalldata({ solver, amount: 5n, credit });
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [solver, 5n] });
    expect(calldata).to.equal(`${transfer}012345abcdef${credit.slice(2)}012345abcdef`);
    expect(encodeAppBalanceFundingCalldata({ solver, amount: 5n })).to.equal(
      `${transfer}012345abcdef${"0".repeat(40)}012345abcdef`,
    );
  });

  it("treats an explicit zero credit address as crediting the sender", () => {
    const solver = "0x00000000000000000000000000000000000000aa";
    const calldata = encodeAppBalanceFundingCalldata({
      solver,
      amount: 1n,
      credit: "0x0000000000000000000000000000000000000000",
    });
    expect(decodeAppBalanceFundingCalldata(calldata)?.credit).to.equal(null);
  });

  it("property: every funding calldata decodes back", () => {
    fc.assert(
      fc.property(
        addressArbitrary,
        amountArbitrary,
        fc.option(addressArbitrary),
        (solver, amount, credit) => {
          const calldata = encodeAppBalanceFundingCalldata({ solver, amount, credit });
          const decoded = decodeAppBalanceFundingCalldata(calldata);
          expect(decoded).to.deep.equal({
            solver,
            amount,
            credit: credit === null || BigInt(credit) === 0n ? null : credit,
          });
          expect(decodeAppBalanceFundingCalldata(calldata.toUpperCase().replace("0X", "0x"))).to.deep.equal(
            decoded,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: hostile input gives null and never throws", () => {
    const valid = encodeAppBalanceFundingCalldata({
      solver: "0x00000000000000000000000000000000000000aa",
      amount: 1n,
    });
    const hostile = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.uint8Array({ maxLength: 200 }).map(hex),
      fc.nat({ max: valid.length - 1 }).map((n) => valid.slice(0, n)),
      fc.uint8Array({ minLength: 1, maxLength: 8 }).map((extra) => valid + hex(extra).slice(2)),
      fc
        .tuple(fc.nat({ max: valid.length - 3 }), fc.constantFrom(..."0123456789abcdefxg "))
        .map(([at, c]) => valid.slice(0, 2 + at) + c + valid.slice(3 + at)),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        const decoded = decodeAppBalanceFundingCalldata(input);
        if (decoded !== null) {
          expect(
            encodeAppBalanceFundingCalldata({ ...decoded, credit: decoded.credit }).toLowerCase(),
          ).to.equal((input as string).toLowerCase());
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("rejects a transfer whose recipient word has dirty upper bytes", () => {
    const valid = encodeAppBalanceFundingCalldata({
      solver: "0x00000000000000000000000000000000000000aa",
      amount: 1n,
    });
    expect(decodeAppBalanceFundingCalldata(`${valid.slice(0, 10)}01${valid.slice(12)}`)).to.equal(null);
  });

  it("rejects another selector, a missing marker and plain transfer calldata", () => {
    const valid = encodeAppBalanceFundingCalldata({
      solver: "0x00000000000000000000000000000000000000aa",
      amount: 1n,
    });
    expect(decodeAppBalanceFundingCalldata(`0x23b872dd${valid.slice(10)}`)).to.equal(null);
    expect(decodeAppBalanceFundingCalldata(valid.replace("012345abcdef", "012345abcdee"))).to.equal(null);
    expect(decodeAppBalanceFundingCalldata(valid.slice(0, 2 + 8 + 128))).to.equal(null);
  });
});
