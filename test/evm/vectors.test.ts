// Every shared vector verifies onchain exactly as in TS: same encoding, hash, digest and signer.
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { network } from "hardhat";
import { encodeAbiParameters, getAddress, type Hex, hashMessage } from "viem";
import {
  encodeRequestData,
  hashRequestData,
  type RequestData,
  recoverAttestationSigner,
  toBytes32Address,
} from "../../src/index.ts";
import { toStruct } from "./helpers.ts";

type AttestationVector = {
  name: string;
  requestId: Hex;
  requestData: RequestData;
  words: Record<string, string>;
  encoded: Hex;
  hash: Hex;
  digest: Hex;
  signature: Hex;
  compactSignature: Hex;
  signer: Hex;
};
type AddressVectors = {
  valid: { chainId: number; address: string; bytes32: Hex }[];
  invalidBytes32: { name: string; chainId: number; bytes32: string }[];
};

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), "utf8")) as T;
const attestation = read<{ vectors: AttestationVector[] }>("attestation.json");
const addresses = read<AddressVectors>("addresses.json");
const SVM_CHAIN_ID = 792703809;

const { viem } = await network.create();
const harness = await viem.deployContract("RequestAttestationHarness");

describe("EVM: shared attestation vectors onchain", () => {
  it("has vectors to check", () => {
    expect(attestation.vectors.length).to.be.greaterThan(0);
  });

  for (const v of attestation.vectors) {
    it(`${v.name}: same words, encoding, hash, digest and signer onchain as in TS`, async () => {
      const struct = toStruct(v.requestId, v.requestData);
      // the struct built by the TS library is exactly the vector's 7 ABI words
      expect(struct.requestId).to.equal(v.words["requestId"]?.toLowerCase());
      expect(struct.originChainId).to.equal(BigInt(v.words["originChainId"]!));
      expect(struct.originUser).to.equal(v.words["originUser"]?.toLowerCase());
      expect(struct.originCurrency).to.equal(v.words["originCurrency"]?.toLowerCase());
      expect(struct.originAmount).to.equal(BigInt(v.words["originAmount"]!));
      expect(struct.destinationChainId).to.equal(BigInt(v.words["destinationChainId"]!));
      expect(struct.destinationUser).to.equal(v.words["destinationUser"]?.toLowerCase());
      expect(encodeRequestData(v.requestId, v.requestData)).to.equal(v.encoded.toLowerCase());

      // onchain: assembly hash, memory hash, abi.encode hash, EIP-191 digest
      expect(await harness.read.hash([struct])).to.equal(v.hash);
      expect(await harness.read.hashMemory([struct])).to.equal(v.hash);
      expect(await harness.read.hashAbiEncode([struct])).to.equal(v.hash);
      expect(await harness.read.digest([struct])).to.equal(v.digest);
      expect(await harness.read.toEthSignedMessageHash([v.hash])).to.equal(hashMessage({ raw: v.hash }));

      // onchain and TS recover the same signer from both signature forms
      expect(hashRequestData(v.requestId, v.requestData)).to.equal(v.hash);
      const tsSigner = await recoverAttestationSigner({
        requestId: v.requestId,
        requestData: v.requestData,
        signature: v.signature,
      });
      expect(getAddress(tsSigner)).to.equal(getAddress(v.signer));
      expect(await harness.read.recoverSigner([struct, v.signature])).to.equal(getAddress(v.signer));
      expect(await harness.read.recoverSigner([struct, v.compactSignature])).to.equal(getAddress(v.signer));
      expect(await harness.read.recover([v.digest, v.signature])).to.equal(getAddress(v.signer));
      expect(await harness.read.recoverMemory([v.digest, v.compactSignature])).to.equal(getAddress(v.signer));
      // and the raw encoding of the words matches abi.encode in viem
      expect(
        encodeAbiParameters(
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
            struct.requestId,
            struct.originChainId,
            struct.originUser,
            struct.originCurrency,
            struct.originAmount,
            struct.destinationChainId,
            struct.destinationUser,
          ],
        ),
      ).to.equal(v.encoded.toLowerCase());
    });
  }
});

describe("EVM: shared address vectors onchain", () => {
  for (const a of addresses.valid) {
    it(`${a.chainId === SVM_CHAIN_ID ? "svm" : "evm"} ${a.address}: bytes32 form matches TS`, async () => {
      expect(toBytes32Address(a.address, a.chainId)).to.equal(a.bytes32.toLowerCase());
      if (a.chainId !== SVM_CHAIN_ID) {
        expect((await harness.read.toBytes32([getAddress(a.address)])).toLowerCase()).to.equal(
          a.bytes32.toLowerCase(),
        );
        expect(await harness.read.toAddress([a.bytes32])).to.equal(getAddress(a.address));
      }
    });
  }
  for (const bad of addresses.invalidBytes32) {
    const isWord = /^0x[0-9a-fA-F]{64}$/.test(bad.bytes32);
    if (bad.chainId === SVM_CHAIN_ID || !isWord) continue; // not representable as an EVM bytes32 argument
    it(`${bad.name}: rejected onchain with DirtyAddressBytes`, async () => {
      await viem.assertions.revertWithCustomErrorWithArgs(
        harness.read.toAddress([bad.bytes32 as Hex]),
        harness,
        "DirtyAddressBytes",
        [bad.bytes32.toLowerCase() as Hex],
      );
    });
  }
});
