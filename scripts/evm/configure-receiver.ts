// Configures a deployed AttestedReceiver on a named network, as its owner (the network's first account).
//
//   RECEIVER=0x... WHITELIST_ADD='[{"chainId":792703809,"user":"<base58>"}]' \
//     npx hardhat run scripts/evm/configure-receiver.ts --network <name>
//   RECEIVER=0x... SOLVER=0x... GRACE_PERIOD=3600 npx hardhat run scripts/evm/configure-receiver.ts --network <name>
//
// See parseConfigureEnv in src/deploy/evm.ts for every variable.
import { network } from "hardhat";
import { configureReceiver, parseConfigureEnv } from "../../src/deploy/evm.ts";

const { receiver: address, changes } = parseConfigureEnv(process.env);
const { viem } = await network.create();
const publicClient = await viem.getPublicClient();
const receiver = await viem.getContractAt("AttestedReceiver", address);
const hashes = await configureReceiver(receiver, changes, (hash) =>
  publicClient.waitForTransactionReceipt({ hash }),
);
console.log(`receiver ${address}: ${hashes.length} transaction(s)`);
for (const h of hashes) console.log(`  ${h}`);
console.log(
  `solver ${await receiver.read.solver()}, paused ${await receiver.read.paused()}, window ${await receiver.read.maxDeadlineWindow()}s`,
);
