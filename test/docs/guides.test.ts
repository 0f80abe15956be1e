/**
 * The Solidity guide's sample compiles against the shipped library and verifies a shared vector
 * onchain. (The TypeScript samples run from the installed package: test/outside/docs/guides.test.ts.)
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { network } from "hardhat";
import type { Hex } from "viem";
import { compileSolidityExample } from "./compile-example.ts";

const ROOT = new URL("../../", import.meta.url);

type Vector = { signer: string; signature: Hex; words: Record<string, Hex> };
const { vectors } = JSON.parse(readFileSync(new URL("test/vectors/attestation.json", ROOT), "utf8")) as {
  vectors: Vector[];
};

/** Compiles docs/examples/solidity/AttestationGate.sol against this package's contracts/. */
const compileGate = () => compileSolidityExample("AttestationGate.sol", "AttestationGate");

describe("docs/guides Solidity sample", function () {
  this.timeout(300_000);

  it("verify-in-solidity: AttestationGate accepts the shared vector's signer and refuses another solver", async () => {
    const { viem } = await network.create();
    const [wallet] = await viem.getWalletClients();
    const publicClient = await viem.getPublicClient();
    if (wallet === undefined) throw new Error("no wallet");
    const { abi, bytecode } = compileGate();
    const vector = vectors[0] as Vector;
    const w = vector.words;
    const data = {
      requestId: w.requestId,
      originChainId: BigInt(w.originChainId as Hex),
      originUser: w.originUser,
      originCurrency: w.originCurrency,
      originAmount: BigInt(w.originAmount as Hex),
      destinationChainId: BigInt(w.destinationChainId as Hex),
      destinationUser: w.destinationUser,
    };
    const deploy = async (solver: string) => {
      const hash = await wallet.deployContract({ abi, bytecode, args: [solver] });
      const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
      if (!contractAddress) throw new Error("no contract address");
      return contractAddress;
    };
    const isAttested = async (gate: Hex, signature: Hex) =>
      publicClient.readContract({ address: gate, abi, functionName: "isAttested", args: [data, signature] });

    const trusting = await deploy(vector.signer);
    expect(await isAttested(trusting, vector.signature)).to.equal(true);
    // Attack: an attestation signed by a key other than the trusted solver.
    const other = await deploy("0x1111111111111111111111111111111111111111");
    expect(await isAttested(other, vector.signature)).to.equal(false);
    // A malformed signature reverts with the library's typed error instead of reading as "not signed".
    let reverted: unknown;
    try {
      await isAttested(trusting, vector.signature.slice(0, 40) as Hex);
    } catch (error) {
      reverted = error;
    }
    expect(String(reverted)).to.match(/InvalidSignatureLength/);
  });
});
