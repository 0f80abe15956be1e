// The Ignition module deploys on the in-process network, the deployed receiver accepts a valid deposit,
// and the configure script's logic updates whitelist and solver.
import { expect } from "chai";
import { network } from "hardhat";
import { parseEther } from "viem";
import AttestedReceiverModule from "../../ignition/modules/AttestedReceiver.ts";
import { configureReceiver, parseConfigureEnv, toDestinations } from "../../src/deploy/evm.ts";
import { DEST_CHAIN_ID, DEST_USER, quote, solver2Account, solverAccount } from "./helpers.ts";

const { viem, ignition, networkHelpers } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");
const wait = (hash: `0x${string}`) => publicClient.waitForTransactionReceipt({ hash });

async function deployWithIgnition() {
  await owner!.sendTransaction({ to: solverAccount.address, value: parseEther("1") });
  const { receiver } = await ignition.deploy(AttestedReceiverModule, {
    parameters: {
      AttestedReceiver: {
        owner: owner!.account.address,
        solver: solverAccount.address,
        maxDeadlineWindow: 900,
        whitelist: toDestinations([{ chainId: DEST_CHAIN_ID, user: DEST_USER }]).map((d) => ({
          chainId: Number(d.chainId),
          user: d.user,
        })),
      },
    },
  });
  return { receiver };
}

describe("EVM receiver: Ignition module and configure script", () => {
  it("the module deploys with its parameters and the receiver accepts a valid deposit", async () => {
    const { receiver } = await networkHelpers.loadFixture(deployWithIgnition);
    expect((await receiver.read.owner()).toLowerCase()).to.equal(owner.account.address.toLowerCase());
    expect(await receiver.read.solver()).to.equal(solverAccount.address);
    expect(await receiver.read.maxDeadlineWindow()).to.equal(900);
    const q = await quote({ chainId, payer: payer.account.address, amount: parseEther("0.5") });
    const deadline = BigInt(await networkHelpers.time.latest()) + 300n;
    await viem.assertions.balancesHaveChanged(
      receiver.write.depositNative([q.struct, deadline, q.signature], {
        account: payer.account,
        value: parseEther("0.5"),
      }),
      [{ address: solverAccount.address, amount: parseEther("0.5") }],
    );
    expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
  });

  it("configureReceiver adds/removes destinations (EVM and SVM forms) and rotates the solver", async () => {
    const { receiver } = await networkHelpers.loadFixture(deployWithIgnition);
    const svm = { chainId: 792703809, user: "9oKBJoYQVnz45bHEVfi3R5QLXgTSu5Um46NfumqmSLQd" };
    const evm = { chainId: 1, user: payer.account.address };
    const hashes = await configureReceiver(
      receiver,
      {
        whitelistAdd: [svm, evm],
        whitelistRemove: [{ chainId: DEST_CHAIN_ID, user: DEST_USER }],
        solver: { address: solver2Account.address, gracePeriod: 60 },
        maxDeadlineWindow: 120,
      },
      wait,
    );
    expect(hashes.length).to.equal(4);
    for (const d of toDestinations([svm, evm]))
      expect(await receiver.read.isWhitelisted([d.chainId, d.user])).to.equal(true);
    const removed = toDestinations([{ chainId: DEST_CHAIN_ID, user: DEST_USER }])[0]!;
    expect(await receiver.read.isWhitelisted([removed.chainId, removed.user])).to.equal(false);
    expect(await receiver.read.solver()).to.equal(solver2Account.address);
    expect(await receiver.read.maxDeadlineWindow()).to.equal(120);
    const [previous] = await receiver.read.previousSolver();
    expect(previous).to.equal(solverAccount.address);
    await configureReceiver(receiver, { paused: true }, wait);
    expect(await receiver.read.paused()).to.equal(true);
  });

  it("parseConfigureEnv reads the CLI environment and rejects malformed input", () => {
    const parsed = parseConfigureEnv({
      RECEIVER: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      WHITELIST_ADD: '[{"chainId":8453,"user":"0x00000000000000000000000000000000000000d5"}]',
      SOLVER: solver2Account.address,
      GRACE_PERIOD: "3600",
      PAUSED: "false",
    });
    expect(parsed.changes.whitelistAdd).to.deep.equal([
      { chainId: 8453, user: "0x00000000000000000000000000000000000000d5" },
    ]);
    expect(parsed.changes.solver).to.deep.equal({ address: solver2Account.address, gracePeriod: 3600 });
    expect(parsed.changes.paused).to.equal(false);
    expect(() => parseConfigureEnv({})).to.throw(/RECEIVER/);
    expect(() =>
      parseConfigureEnv({ RECEIVER: "0x5FbDB2315678afecb367f032d93F642f64180aa3", WHITELIST_ADD: "[1]" }),
    ).to.throw(/WHITELIST_ADD/);
  });
});
