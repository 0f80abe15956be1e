import { expect } from "chai";
import fc from "fast-check";
import { hashMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  encodeRequestData,
  hashRequestData,
  InvalidSignatureError,
  parseAttestationSignature,
  recoverAttestationSigner,
  SECP256K1_N,
  SignatureHighSError,
  signRequestData,
  toCompactSignature,
  verifyAttestation,
} from "../../src/index.ts";
import { expectCode } from "./expect-code.ts";
import { mutateOneBit, requestDataArbitrary } from "./request-data-arbitrary.ts";
import { attestationVectors } from "./vectors.ts";

const [first] = attestationVectors;
if (!first) throw new Error("no attestation vectors");

function highSTwin(signature: string): string {
  const r = signature.slice(2, 66);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return `0x${r}${(SECP256K1_N - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
}

describe("attestation: shared vectors", () => {
  for (const vector of attestationVectors) {
    it(`${vector.name}: encoding, hash, signature and signer match`, async () => {
      const { requestId, requestData } = vector;
      expect(encodeRequestData(requestId, requestData)).to.equal(vector.encoded);
      expect(hashRequestData(requestId, requestData)).to.equal(vector.hash);
      expect(hashMessage({ raw: vector.hash as `0x${string}` })).to.equal(vector.digest);
      const account = privateKeyToAccount(vector.signerPrivateKey);
      expect(account.address).to.equal(vector.signer);
      expect(await signRequestData(account, requestId, requestData)).to.equal(vector.signature);
      expect(toCompactSignature(vector.signature)).to.equal(vector.compactSignature);
      for (const signature of [vector.signature, vector.compactSignature]) {
        expect(await recoverAttestationSigner({ requestId, requestData, signature })).to.equal(vector.signer);
        expect(
          await verifyAttestation({ requestId, requestData, signature, solver: vector.signer }),
        ).to.equal(true);
      }
    });
  }
});

describe("attestation: signature rules", () => {
  const { requestId, requestData, signature, signer } = first;

  it("rejects the high-s twin of a valid signature", async () => {
    const twin = highSTwin(signature);
    await expectCode(
      () => recoverAttestationSigner({ requestId, requestData, signature: twin }),
      "SIGNATURE_HIGH_S",
    );
    expect(await verifyAttestation({ requestId, requestData, signature: twin, solver: signer })).to.equal(
      false,
    );
  });

  for (const v of [0, 1, 26, 29, 255]) {
    it(`rejects v = ${v}`, () => {
      const bad = `${signature.slice(0, 130)}${v.toString(16).padStart(2, "0")}`;
      expect(() => parseAttestationSignature(bad)).to.throw(InvalidSignatureError, "v must be 27 or 28");
    });
  }

  for (const [name, bad] of [
    ["truncated to 63 bytes", signature.slice(0, -4)],
    ["extended by one byte", `${signature}00`],
    ["empty", "0x"],
    ["odd hex length", signature.slice(0, -1)],
    ["zero r", `0x${"0".repeat(64)}${signature.slice(66)}`],
    ["zero s", `${signature.slice(0, 66)}${"0".repeat(64)}1b`],
    ["r at the curve order", `0x${SECP256K1_N.toString(16)}${signature.slice(66)}`],
  ] as const) {
    it(`rejects a signature ${name}`, async () => {
      expect(() => parseAttestationSignature(bad)).to.throw(InvalidSignatureError);
      expect(await verifyAttestation({ requestId, requestData, signature: bad, solver: signer })).to.equal(
        false,
      );
    });
  }

  it("reads a 65-byte signature cut to 64 bytes as its EIP-2098 form only when v = 27", async () => {
    // r || s with v dropped is exactly the compact form when yParity is 0, so it is the
    // same signature, not a forgery; replay protection is keyed by request id for that reason.
    for (const vector of attestationVectors.slice(0, 8)) {
      const cut = vector.signature.slice(0, -2);
      const expected = vector.signature.endsWith("1b");
      const args = { requestId: vector.requestId, requestData: vector.requestData, solver: vector.signer };
      expect(await verifyAttestation({ ...args, signature: cut })).to.equal(expected);
    }
  });

  it("gives false for another signer", async () => {
    const other = privateKeyToAccount(`0x${"11".repeat(32)}`);
    const forged = await signRequestData(other, requestId, requestData);
    expect(await verifyAttestation({ requestId, requestData, signature: forged, solver: signer })).to.equal(
      false,
    );
  });

  it("signs the raw 32 hash bytes, not the hex text of the hash", async () => {
    const account = privateKeyToAccount(first.signerPrivateKey);
    const overText = await account.signMessage({ message: hashRequestData(requestId, requestData) });
    expect(await verifyAttestation({ requestId, requestData, signature: overText, solver: signer })).to.equal(
      false,
    );
  });

  it("treats the request id case-insensitively as the bytes it encodes", () => {
    expect(hashRequestData(requestId.toUpperCase().replace("0X", "0x"), requestData)).to.equal(first.hash);
  });

  it("throws SignatureHighSError as a named class", () => {
    expect(() => parseAttestationSignature(highSTwin(signature))).to.throw(SignatureHighSError);
  });
});

describe("attestation: properties", () => {
  const account = privateKeyToAccount(first.signerPrivateKey);

  it("signing then recovering gives the signer, in both signature forms", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        requestDataArbitrary,
        async (id, data) => {
          const requestId = `0x${Buffer.from(id).toString("hex")}`;
          const signature = await signRequestData(account, requestId, data);
          expect(await recoverAttestationSigner({ requestId, requestData: data, signature })).to.equal(
            account.address,
          );
          const compact = toCompactSignature(signature);
          expect(
            await recoverAttestationSigner({ requestId, requestData: data, signature: compact }),
          ).to.equal(account.address);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("any flipped bit in any signed field fails verification", async () => {
    await fc.assert(
      fc.asyncProperty(requestDataArbitrary, fc.nat(), fc.nat(), async (data, field, bit) => {
        const requestId = first.requestId;
        const signature = await signRequestData(account, requestId, data);
        const mutated = mutateOneBit(requestId, data, field, bit);
        if (mutated === null) return;
        const solver = account.address;
        expect(await verifyAttestation({ ...mutated, signature, solver })).to.equal(false);
      }),
      { numRuns: 200 },
    );
  });

  it("any flipped bit in the signature fails verification and never throws", async () => {
    const { requestId, requestData, signature, compactSignature, signer } = first;
    for (const valid of [signature, compactSignature]) {
      const bits = (valid.length - 2) * 4;
      for (let bit = 0; bit < bits; bit++) {
        const nibble = 2 + Math.floor(bit / 4);
        const flipped = (Number.parseInt(valid[nibble]!, 16) ^ (1 << (bit % 4))).toString(16);
        const bad = `${valid.slice(0, nibble)}${flipped}${valid.slice(nibble + 1)}`;
        expect(
          await verifyAttestation({ requestId, requestData, signature: bad, solver: signer }),
          `bit ${bit}`,
        ).to.equal(false);
      }
    }
  });
});
