// Hardhat Ignition module for the EVM reference receiver.
//
//   npx hardhat ignition deploy ignition/modules/AttestedReceiver.ts --network <name> \
//     --parameters ignition/parameters/<name>.json
//
// Parameters (module id "AttestedReceiver"):
//   owner              admin address; defaults to the deploying account
//   solver             the service's solver address (signs attestations, receives deposits); required
//   maxDeadlineWindow  largest accepted `deadline - block.timestamp`, seconds; default 3600
//   whitelist          initial destinations: [{ "chainId": 8453, "user": "0x<bytes32>" }, ...], where `user`
//                      is the attestation's bytes32 form (toBytes32Address from the TS library); default []
import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

export type WhitelistParameter = { chainId: number | string; user: string }[];

export default buildModule("AttestedReceiver", (m) => {
  const owner = m.getParameter("owner", m.getAccount(0));
  const solver = m.getParameter<string>("solver");
  const maxDeadlineWindow = m.getParameter("maxDeadlineWindow", 3600);
  const whitelist = m.getParameter<WhitelistParameter>("whitelist", []);
  const receiver = m.contract("AttestedReceiver", [owner, solver, maxDeadlineWindow, whitelist]);
  return { receiver };
});
