// The SVM deposit address (predictDepositAddress with vm "svm"): the shared vectors (also read by
// programs/deposit-address/tests/vectors.rs), a property against the documented seeds run through
// kit's own findProgramAddress, the curve rule against @noble/curves, and typed refusals.
import { readFileSync } from "node:fs";
import { ed25519 } from "@noble/curves/ed25519";
import { base58 } from "@scure/base";
import { type Address, getAddressEncoder, getProgramDerivedAddress } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex } from "viem";
import { findSvmDepositAddress, predictDepositAddress } from "../../src/orders/deposit-address/index.ts";
import { isOnEd25519Curve } from "../../src/svm/program-address.ts";

const vectors = JSON.parse(
  readFileSync(new URL("../vectors/deposit-addresses.json", import.meta.url), "utf8"),
) as {
  svm: {
    name: string;
    program: string;
    orderId: Hex;
    mint: string;
    depositor: string;
    bump: number;
    address: string;
  }[];
};

const encoder = getAddressEncoder();

/** The documented rule, by kit's findProgramAddress: seeds "deposit_address", id, mint, depositor. */
async function byTheSeeds(program: string, orderId: Hex, mint: string, depositor: string) {
  const [address, bump] = await getProgramDerivedAddress({
    programAddress: program as Address,
    seeds: [
      "deposit_address",
      Buffer.from(orderId.slice(2), "hex"),
      encoder.encode(mint as Address),
      encoder.encode(depositor as Address),
    ],
  });
  return { address, bump };
}

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe("deposit addresses: SVM", () => {
  it("the shared vectors: every address and bump", async () => {
    expect(vectors.svm.length).to.be.at.least(8);
    for (const v of vectors.svm) {
      const params = {
        vm: "svm",
        program: v.program,
        orderId: v.orderId,
        mint: v.mint,
        depositor: v.depositor,
      } as const;
      expect(predictDepositAddress(params), v.name).to.equal(v.address);
      expect(findSvmDepositAddress(params).bump, v.name).to.equal(v.bump);
      expect(await byTheSeeds(v.program, v.orderId, v.mint, v.depositor), v.name).to.deep.equal({
        address: v.address,
        bump: v.bump,
      });
    }
  });

  it("property: the PDA of the documented seeds, found by kit's findProgramAddress", async () => {
    await fc.assert(
      fc.asyncProperty(bytes32, bytes32, bytes32, bytes32, async (program, id, mint, depositor) => {
        const [p, m, d] = [program, mint, depositor].map((b) => base58.encode(b)) as [string, string, string];
        const orderId = bytesToHex(id);
        const expected = await byTheSeeds(p, orderId, m, d);
        const found = findSvmDepositAddress({ vm: "svm", program: p, orderId, mint: m, depositor: d });
        expect(found).to.deep.equal(expected);
      }),
      { numRuns: 100 },
    );
  });

  it("property: the curve rule is point decompression (@noble/curves, ZIP-215 decoding as the runtime's dalek)", () => {
    fc.assert(
      fc.property(bytes32, (bytes) => {
        let onCurve = true;
        try {
          ed25519.ExtendedPoint.fromHex(bytes, true);
        } catch {
          onCurve = false;
        }
        expect(isOnEd25519Curve(bytes)).to.equal(onCurve);
      }),
      { numRuns: 500 },
    );
  });

  it("one seed changed, another address: order id, mint, depositor", () => {
    const base = { vm: "svm", ...vectors.svm[0]! } as const;
    const a = predictDepositAddress(base);
    expect(predictDepositAddress({ ...base, orderId: vectors.svm[2]!.orderId })).to.not.equal(a);
    expect(predictDepositAddress({ ...base, mint: vectors.svm[1]!.mint })).to.not.equal(a);
    expect(predictDepositAddress({ ...base, depositor: vectors.svm[1]!.depositor })).to.not.equal(a);
  });

  it("typed refusals: an order id that is not 32 bytes, an EVM depositor, a malformed program", () => {
    const base = { vm: "svm", ...vectors.svm[0]! } as const;
    expect(() => predictDepositAddress({ ...base, orderId: "0x1234" }))
      .to.throw()
      .with.property("code", "INVALID_ORDER_ID");
    expect(() => predictDepositAddress({ ...base, depositor: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }))
      .to.throw()
      .with.property("code", "ADDRESS_VM_MISMATCH");
    expect(() => predictDepositAddress({ ...base, program: "not-base58-0OIl" }))
      .to.throw()
      .with.property("code", "INVALID_ADDRESS");
  });
});
