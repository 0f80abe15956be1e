// verifyAttestation against bare viem recovery on the same inputs.
// Run: npm run bench:attestation
import { readFileSync } from "node:fs";
import { encodeAbiParameters, type Hex, keccak256, recoverMessageAddress } from "viem";
import { toRequestDataWords, verifyAttestation } from "../src/index.ts";
import { printTable, runSideBySide, writeResults } from "./harness.ts";

type Vector = {
  requestId: string;
  requestData: Parameters<typeof toRequestDataWords>[1];
  hash: Hex;
  signature: Hex;
  signer: string;
};
const { vectors } = JSON.parse(
  readFileSync(new URL("../test/vectors/attestation.json", import.meta.url), "utf8"),
) as {
  vectors: Vector[];
};
const ABI = ["bytes32", "uint256", "bytes32", "bytes32", "uint256", "uint256", "bytes32"].map((type) => ({
  type,
}));
const pick = (i: number) => vectors[i % vectors.length]!;

const results = await runSideBySide([
  {
    name: "viem recoverMessageAddress (hash given)",
    run: async (i) => {
      const v = pick(i);
      return (await recoverMessageAddress({ message: { raw: v.hash }, signature: v.signature })) === v.signer;
    },
  },
  {
    name: "viem encode + keccak + recover",
    run: async (i) => {
      const v = pick(i);
      const hash = keccak256(encodeAbiParameters(ABI, [...toRequestDataWords(v.requestId, v.requestData)]));
      return (await recoverMessageAddress({ message: { raw: hash }, signature: v.signature })) === v.signer;
    },
  },
  {
    name: "attestkit verifyAttestation",
    run: async (i) => {
      const v = pick(i);
      return verifyAttestation({ ...v, solver: v.signer });
    },
  },
]);

const [bare, , ours] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
const overheadPercent = ((ours.nsPerOp - bare.nsPerOp) / bare.nsPerOp) * 100;
printTable(
  "verifyAttestation vs bare viem (median of rounds, same vectors)",
  results.map((r) => ({
    case: r.name,
    "µs/op": (r.nsPerOp / 1000).toFixed(1),
    "ops/s": Math.round(r.opsPerSecond),
    "vs bare": `${(((r.nsPerOp - bare.nsPerOp) / bare.nsPerOp) * 100).toFixed(1)}%`,
  })),
);
const target = 10;
console.log(
  `overhead of verifyAttestation over bare recovery: ${overheadPercent.toFixed(1)}% (target < ${target}%)`,
);
writeResults("attestation.json", {
  results,
  overheadPercent,
  targetPercent: target,
  met: overheadPercent < target,
});
if (overheadPercent >= target) process.exitCode = 1;
