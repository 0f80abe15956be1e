import { expect } from "chai";
import fc from "fast-check";
import { encodeAbiParameters, type Hex, hashMessage, keccak256, recoverAddress, size } from "viem";
import { recoverAttestationSigner, SECP256K1_N } from "../../src/attestation/index.ts";
import {
  compactForm,
  highSTwin,
  malformedSignatures,
  mockSolver,
  mockSolverKey,
  resized,
  signTestAttestation,
  withV,
  zeroRecoverySignature,
} from "../../src/testing/index.ts";

const PAYER = "0x00000000000000000000000000000000000beef0";
const DEST = "0x00000000000000000000000000000000000000d5";
const requestIdOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;

describe("attestkit/testing: mock solver keys", () => {
  it("derives the same key for a label and different keys for different labels", () => {
    expect(mockSolverKey("a")).to.equal(mockSolverKey("a"));
    expect(mockSolverKey("a")).to.not.equal(mockSolverKey("b"));
    expect(mockSolver("a").address).to.equal(mockSolver("a").address);
  });

  it("keys are valid secp256k1 scalars for any label (property)", () => {
    fc.assert(
      fc.property(fc.string(), (label) => {
        const key = BigInt(mockSolverKey(label));
        return key > 0n && key < SECP256K1_N;
      }),
    );
  });
});

describe("attestkit/testing: signTestAttestation", () => {
  it("returns the contract struct, the API shape and a signature that recovers to the signer", async () => {
    const solver = mockSolver();
    const a = await signTestAttestation(solver, {
      requestId: requestIdOf(1),
      originChainId: 8453,
      originUser: PAYER,
      originAmount: 5n,
      destinationChainId: 10,
      destinationUser: DEST,
    });
    expect(a.struct.originAmount).to.equal(5n);
    expect(a.struct.originChainId).to.equal(8453n);
    expect(a.struct.originUser).to.equal(`0x${"0".repeat(24)}${PAYER.slice(2)}`);
    expect(a.struct.originCurrency).to.equal(`0x${"0".repeat(64)}`);
    expect(a.requestData.originAmount).to.equal("5");
    const words = encodeAbiParameters(
      [
        { type: "bytes32" },
        { type: "uint256" },
        { type: "bytes32" },
        { type: "bytes32" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "bytes32" },
      ],
      [
        a.struct.requestId,
        a.struct.originChainId,
        a.struct.originUser,
        a.struct.originCurrency,
        a.struct.originAmount,
        a.struct.destinationChainId,
        a.struct.destinationUser,
      ],
    );
    const signer = await recoverAddress({
      hash: hashMessage({ raw: keccak256(words) }),
      signature: a.signature,
    });
    expect(signer).to.equal(solver.address);
  });

  it("signature recovers to the signing key through the library's verifier for any amount (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), fc.nat(), async (amount, n) => {
        const solver = mockSolver(`k${n % 4}`);
        const a = await signTestAttestation(solver, {
          requestId: requestIdOf(n),
          originChainId: 1,
          originUser: PAYER,
          originAmount: amount,
          destinationChainId: 10,
          destinationUser: DEST,
        });
        const recovered = await recoverAttestationSigner({
          requestId: a.requestId,
          requestData: a.requestData,
          signature: a.signature,
        });
        return recovered === solver.address;
      }),
      { numRuns: 25 },
    );
  });
});

describe("attestkit/testing: malformed-signature generators", () => {
  let signature: Hex;
  let requestId: Hex;
  let requestData: Awaited<ReturnType<typeof signTestAttestation>>["requestData"];
  const solver = mockSolver();

  before(async () => {
    ({ signature, requestId, requestData } = await signTestAttestation(solver, {
      requestId: requestIdOf(7),
      originChainId: 1,
      originUser: PAYER,
      originAmount: 1n,
      destinationChainId: 10,
      destinationUser: DEST,
    }));
  });

  it("the 64-byte form recovers the same signer", async () => {
    const compact = compactForm(signature);
    expect(size(compact)).to.equal(64);
    expect(await recoverAttestationSigner({ requestId, requestData, signature: compact })).to.equal(
      solver.address,
    );
  });

  it("the high-s twin has s above n/2 and recovers the same signer through raw ecrecover", async () => {
    const twin = highSTwin(signature);
    expect(BigInt(`0x${twin.slice(66, 130)}`) > SECP256K1_N / 2n).to.equal(true);
    const raw = await recoverAddress({
      hash: hashMessage({ raw: keccak256(encodeRequest()) }),
      signature: twin,
    });
    expect(raw).to.equal(solver.address);
    function encodeRequest(): Hex {
      return encodeAbiParameters(
        [
          { type: "bytes32" },
          { type: "uint256" },
          { type: "bytes32" },
          { type: "bytes32" },
          { type: "uint256" },
          { type: "uint256" },
          { type: "bytes32" },
        ],
        [
          requestId,
          1n,
          `0x${"0".repeat(24)}${PAYER.slice(2)}`,
          `0x${"0".repeat(64)}`,
          1n,
          10n,
          `0x${"0".repeat(24)}${DEST.slice(2)}`,
        ],
      );
    }
  });

  it("every malformed variant is refused by the library's strict verifier", async () => {
    const variants = malformedSignatures(signature);
    expect(Object.keys(variants)).to.have.members([
      "highS",
      "legacyV",
      "v29",
      "empty",
      "short63",
      "long66",
      "zeroRecovery",
    ]);
    for (const [name, bad] of Object.entries(variants)) {
      let refused = false;
      try {
        await recoverAttestationSigner({ requestId, requestData, signature: bad });
      } catch {
        refused = true;
      }
      expect(refused, name).to.equal(true);
    }
  });

  it("withV and resized change only what they name, and reject bad arguments", () => {
    expect(withV(signature, 0).slice(0, 130)).to.equal(signature.slice(0, 130));
    expect(withV(signature, 0).slice(130)).to.equal("00");
    expect(size(resized(signature, 66))).to.equal(66);
    expect(resized(signature, 63)).to.equal(signature.slice(0, 128));
    expect(resized(signature, 0)).to.equal("0x");
    expect(() => withV(signature, 256)).to.throw(RangeError);
    expect(() => withV(compactForm(signature), 27)).to.throw(RangeError);
    expect(() => resized(signature, -1)).to.throw(RangeError);
    expect(size(zeroRecoverySignature())).to.equal(65);
  });
});
