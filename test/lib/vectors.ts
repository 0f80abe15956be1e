import { readFileSync } from "node:fs";
import type { RequestData } from "../../src/index.ts";

function readVectors<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), "utf8")) as T;
}

export type AttestationVector = {
  name: string;
  requestId: string;
  requestData: RequestData;
  words: Record<string, string>;
  encoded: string;
  hash: string;
  digest: string;
  signature: string;
  compactSignature: string;
  signer: string;
  signerPrivateKey: `0x${string}`;
};

export const attestationVectors = readVectors<{ vectors: AttestationVector[] }>("attestation.json").vectors;
export const fundingVectors = readVectors<{
  vectors: Array<{ name: string; solver: string; amount: string; credit: string | null; calldata: string }>;
}>("funding.json").vectors;
export const addressVectors = readVectors<{
  valid: Array<{ chainId: number; address: string; bytes32: string }>;
  invalid: Array<{ name: string; chainId: number; address: string; errorCode: string }>;
  invalidBytes32: Array<{ name: string; chainId: number; bytes32: string; errorCode: string }>;
}>("addresses.json");
