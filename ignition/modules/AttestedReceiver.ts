// The EVM reference receiver's Ignition module (src/ignition/attested-receiver.ts documents its
// parameters), where the Hardhat CLI looks for it:
//
//   npx hardhat ignition deploy ignition/modules/AttestedReceiver.ts --network <name> \
//     --parameters ignition/parameters/<name>.json
export { default, type WhitelistParameter } from "../../src/ignition/attested-receiver.ts";
