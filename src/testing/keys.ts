import { type Hex, keccak256, type LocalAccount, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SECP256K1_N } from "../attestation/index.ts";

/**
 * A deterministic private key for tests, derived from a label: the same label always gives the same
 * key, so a failing test names the signer it used. Never use these keys outside tests: anyone can derive them.
 */
export function mockSolverKey(label = "solver"): Hex {
  const scalar = (BigInt(keccak256(stringToHex(`attestkit.testing.${label}`))) % (SECP256K1_N - 1n)) + 1n;
  return `0x${scalar.toString(16).padStart(64, "0")}`;
}

/** The viem account of `mockSolverKey(label)`: signs attestations as a solver would. */
export function mockSolver(label = "solver"): LocalAccount {
  return privateKeyToAccount(mockSolverKey(label));
}
