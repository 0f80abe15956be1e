import { readFileSync } from "node:fs";
import { getTransactionDecoder, getTransactionEncoder } from "@solana/kit";
import { expect } from "chai";
import { createSeededBytes } from "../../scripts/vectors/seeded.ts";
import { type SvmSizeVector, svmSizeVectors } from "../../scripts/vectors/svm-sizes.ts";
import {
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  canAppendComputeBudget,
  getSvmTransactionSize,
  isSvmTransactionWithinLimit,
  SVM_TX_SIZE_LIMIT,
} from "../../src/svm/index.ts";

const decoder = getTransactionDecoder();
const encoder = getTransactionEncoder();

function checkVector(v: SvmSizeVector) {
  const wire = Buffer.from(v.wireTransactionBase64, "base64");
  expect(wire.length, v.name).to.equal(v.size);
  const tx = decoder.decode(wire);
  expect(getSvmTransactionSize(tx), v.name).to.equal(v.size);
  expect(Buffer.from(encoder.encode(tx)).equals(wire), `${v.name} re-encodes to the same bytes`).to.equal(
    true,
  );
  const versioned = (tx.messageBytes[0] as number) & 0x80;
  expect(versioned ? 0 : "legacy", v.name).to.equal(v.version);
  expect(isSvmTransactionWithinLimit(tx), v.name)
    .to.equal(v.withinLimit)
    .and.equal(v.size <= SVM_TX_SIZE_LIMIT);
  expect(canAppendComputeBudget(tx), v.name).to.equal(v.fitsComputeBudget);
}

describe("svm size vectors", () => {
  const { limit, vectors } = svmSizeVectors(createSeededBytes("attestkit-svm-lib-test"));

  it("are deterministic for a seed and differ across seeds", () => {
    const again = svmSizeVectors(createSeededBytes("attestkit-svm-lib-test"));
    expect(again).to.deep.equal({ limit, vectors });
    const other = svmSizeVectors(createSeededBytes("another-seed"));
    expect(other.vectors.map((v) => v.size)).to.deep.equal(vectors.map((v) => v.size));
    expect(other.vectors[0]?.wireTransactionBase64).not.to.equal(vectors[0]?.wireTransactionBase64);
  });

  it("cover legacy and v0, the limit exactly, just under, just over and the compute-budget edge", () => {
    expect(limit).to.equal(1232);
    expect(vectors.length).to.be.at.least(12);
    expect(new Set(vectors.map((v) => v.name)).size).to.equal(vectors.length);
    expect(vectors.some((v) => v.version === "legacy")).to.equal(true);
    expect(vectors.some((v) => v.version === 0)).to.equal(true);
    const sizes = vectors.map((v) => v.size);
    for (const s of [1231, 1232, 1233, 1301, SVM_TX_SIZE_LIMIT - COMPUTE_BUDGET_INSTRUCTIONS_BYTES]) {
      expect(sizes, `size ${s}`).to.include(s);
    }
  });

  it("each wire transaction decodes and measures as its recorded size", () => {
    for (const v of vectors) checkVector(v);
  });

  it("test/vectors/svm-sizes.json holds vectors that check the same way", () => {
    const path = new URL("../vectors/svm-sizes.json", import.meta.url);
    const file = JSON.parse(readFileSync(path, "utf8")) as { seed: string; vectors: SvmSizeVector[] };
    expect(file.vectors.length).to.be.at.least(12);
    for (const v of file.vectors) checkVector(v);
    expect(svmSizeVectors(createSeededBytes(file.seed)).vectors).to.deep.equal(file.vectors);
  });
});
