/**
 * Hardhat Ignition module for the EVM reference receiver. It deploys from the compiled artifact
 * shipped with attestkit, so a consumer's Hardhat 3 project needs no compilation of its own:
 *
 * ```text
 * // ignition/modules/Receiver.ts
 * export { default } from "attestkit/ignition";
 *
 * npx hardhat ignition deploy ignition/modules/Receiver.ts --network <name> --parameters params.json
 * ```
 *
 * Parameters (module id "AttestedReceiver"):
 *
 * ```text
 * owner              admin address; defaults to the deploying account
 * solver             the service's solver address (signs attestations, receives deposits); required
 * maxDeadlineWindow  largest accepted `deadline - block.timestamp`, seconds; default 3600
 * whitelist          initial destinations: [{ "chainId": 8453, "user": "0x<bytes32>" }, ...], where `user`
 *                    is the attestation's bytes32 form (toBytes32Address from the TS library); default []
 * ```
 *
 * @module ignition
 */
import { readFileSync } from "node:fs";
import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import { packageFile } from "../package-files.ts";
import { attestedReceiverAbi } from "../receiver/attested-receiver-abi.ts";

export type WhitelistParameter = { chainId: number | string; user: string }[];

/** The compiled AttestedReceiver artifact (Hardhat 3 format) inside the package. */
const ARTIFACT = packageFile("artifacts/contracts/AttestedReceiver.sol/AttestedReceiver.json");

type LinkReferences = Record<string, Record<string, Array<{ start: number; length: number }>>>;
type CompiledArtifact = {
  _format: string;
  contractName: string;
  sourceName: string;
  bytecode: string;
  deployedBytecode: string;
  linkReferences: LinkReferences;
  deployedLinkReferences: LinkReferences;
};

export default buildModule("AttestedReceiver", (m) => {
  // The typed ABI (generated from the same artifact and checked against it) types the contract.
  const compiled: CompiledArtifact = JSON.parse(readFileSync(ARTIFACT, "utf8"));
  const artifact = { ...compiled, abi: attestedReceiverAbi };
  const owner = m.getParameter("owner", m.getAccount(0));
  const solver = m.getParameter<string>("solver");
  const maxDeadlineWindow = m.getParameter("maxDeadlineWindow", 3600);
  const whitelist = m.getParameter<WhitelistParameter>("whitelist", []);
  const receiver = m.contract("AttestedReceiver", artifact, [owner, solver, maxDeadlineWindow, whitelist]);
  return { receiver };
});
