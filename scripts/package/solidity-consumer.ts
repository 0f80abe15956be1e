// A consumer's own contract that verifies attestations with the shipped library (imported by package
// path), and its Solidity test on a shared vector. Written the same way into the Hardhat 3 and the
// Foundry consumer projects.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./consumer.ts";

type Vector = {
  signer: string;
  signature: string;
  words: Record<
    | "requestId"
    | "originChainId"
    | "originUser"
    | "originCurrency"
    | "originAmount"
    | "destinationChainId"
    | "destinationUser",
    string
  >;
};

/** The Solidity guide's sample (docs/guides/verify-in-solidity.md), compiled as the consumer's own contract. */
export const GATE_SOURCE = readFileSync(
  join(REPO_ROOT, "docs/examples/solidity/AttestationGate.sol"),
  "utf8",
);

/** The first shared attestation vector as a Solidity test of AttestationGate (no test library needed). */
export function gateTestSource(): string {
  const { vectors } = JSON.parse(readFileSync(join(REPO_ROOT, "test/vectors/attestation.json"), "utf8")) as {
    vectors: Vector[];
  };
  const v = vectors[0]!;
  const w = v.words;
  return `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "attestkit/contracts/RequestAttestation.sol";
import {AttestationGate} from "../src/AttestationGate.sol";

contract AttestationGateTest {
    function data() internal pure returns (RequestAttestation.RequestData memory) {
        return RequestAttestation.RequestData({
            requestId: ${w.requestId},
            originChainId: ${w.originChainId},
            originUser: ${w.originUser},
            originCurrency: ${w.originCurrency},
            originAmount: ${w.originAmount},
            destinationChainId: ${w.destinationChainId},
            destinationUser: ${w.destinationUser}
        });
    }

    bytes internal constant SIGNATURE = hex"${v.signature.slice(2)}";

    function test_SharedVectorVerifies() external {
        AttestationGate gate = new AttestationGate(${v.signer});
        require(gate.isAttested(data(), SIGNATURE), "the shared vector did not verify");
    }

    function test_OtherSolverIsRefused() external {
        AttestationGate gate = new AttestationGate(address(0x1111111111111111111111111111111111111111));
        require(!gate.isAttested(data(), SIGNATURE), "a foreign solver was accepted");
    }
}
`;
}

/** Writes src/AttestationGate.sol and test/AttestationGate.t.sol under `dir`. */
export function writeGateProject(dir: string): void {
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "test"), { recursive: true });
  writeFileSync(join(dir, "src/AttestationGate.sol"), GATE_SOURCE);
  writeFileSync(join(dir, "test/AttestationGate.t.sol"), gateTestSource());
}
