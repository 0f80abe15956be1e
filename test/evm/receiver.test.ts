// Functional tests of the EVM receiver: accepted deposits, forwarding tags, events, admin surface.
import { expect } from "chai";
import { network } from "hardhat";
import {
  concatHex,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseEther,
  parseSignature,
  sliceHex,
  zeroAddress,
} from "viem";
import {
  DEST_CHAIN_ID,
  DEST_USER,
  destination,
  MAX_WINDOW,
  quote,
  solver2Account,
  solverAccount,
} from "./helpers.ts";

const { viem, networkHelpers } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer, other] = await viem.getWalletClients();
if (!owner || !payer || !other) throw new Error("need three accounts");
const SOLVER = solverAccount.address;
const AMOUNT = parseEther("1");

async function deploy() {
  await owner!.sendTransaction({ to: SOLVER, value: parseEther("1") });
  await owner!.sendTransaction({ to: solver2Account.address, value: parseEther("1") });
  const receiver = await viem.deployContract("AttestedReceiver", [
    owner!.account.address,
    SOLVER,
    MAX_WINDOW,
    [destination(DEST_CHAIN_ID, DEST_USER)],
  ]);
  const token = await viem.deployContract("MockERC20", ["Mock", "MCK", 18]);
  await token.write.mint([payer!.account.address, parseEther("1000")]);
  await token.write.approve([receiver.address, maxUint256], { account: payer!.account });
  return { receiver, token };
}

const soon = async () => BigInt(await networkHelpers.time.latest()) + 600n;

describe("EVM receiver: deposits", () => {
  it("native deposit forwards the exact value to the solver and emits every field", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT });
    const tx = receiver.write.depositNative([q.struct, await soon(), q.signature], {
      account: payer.account,
      value: AMOUNT,
    });
    await viem.assertions.balancesHaveChanged(tx, [
      { address: SOLVER, amount: AMOUNT },
      { address: payer.account.address, amount: -AMOUNT },
      { address: receiver.address, amount: 0n },
    ]);
    const logs = await receiver.getEvents.DepositAccepted();
    const ev = logs.at(-1)!.args;
    expect(ev.requestId).to.equal(q.requestId);
    expect(ev.payer?.toLowerCase()).to.equal(payer.account.address.toLowerCase());
    expect(ev.currency).to.equal(zeroAddress);
    expect(ev.originChainId).to.equal(BigInt(chainId));
    expect(ev.amount).to.equal(AMOUNT);
    expect(ev.destinationChainId).to.equal(BigInt(DEST_CHAIN_ID));
    expect(ev.destinationUser).to.equal(q.struct.destinationUser);
    expect(ev.solver).to.equal(SOLVER);
    expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
  });

  it("native forwarding calls the solver with the 32-byte request id as calldata", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const mock = await viem.deployContract("RecordingSolver");
    await networkHelpers.setCode(SOLVER, (await publicClient.getCode({ address: mock.address }))!);
    const recording = await viem.getContractAt("RecordingSolver", SOLVER);
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT });
    await receiver.write.depositNative([q.struct, await soon(), q.signature], {
      account: payer.account,
      value: AMOUNT,
    });
    expect(await recording.read.lastTag()).to.equal(q.requestId);
    expect(await recording.read.received()).to.equal(AMOUNT);
  });

  it("ERC20 deposit moves exactly the amount payer -> solver, nothing stays in the receiver", async () => {
    const { receiver, token } = await networkHelpers.loadFixture(deploy);
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT, currency: token.address });
    const solverBefore = await token.read.balanceOf([SOLVER]);
    const hash = await receiver.write.depositErc20([q.struct, await soon(), q.signature], {
      account: payer.account,
    });
    await viem.assertions.emitWithArgs(hash, receiver, "DepositAccepted", [
      q.requestId,
      payer.account.address,
      token.address,
      BigInt(chainId),
      AMOUNT,
      BigInt(DEST_CHAIN_ID),
      q.struct.destinationUser,
      SOLVER,
    ]);
    expect((await token.read.balanceOf([SOLVER])) - solverBefore).to.equal(AMOUNT);
    expect(await token.read.balanceOf([receiver.address])).to.equal(0n);
  });

  it("ERC20 forwarding is transferFrom(payer, solver, amount) with the request id appended", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const recorder = await viem.deployContract("ReentrantToken"); // unarmed: records its transferFrom calldata
    await recorder.write.mint([payer.account.address, AMOUNT]);
    await recorder.write.approve([receiver.address, AMOUNT], { account: payer.account });
    const q = await quote({
      chainId,
      payer: payer.account.address,
      amount: AMOUNT,
      currency: recorder.address,
    });
    await receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account });
    const expected = concatHex([
      encodeFunctionData({
        abi: erc20Abi,
        functionName: "transferFrom",
        args: [payer.account.address, SOLVER, AMOUNT],
      }),
      q.requestId,
    ]);
    const seen = await recorder.read.lastTransferFromCalldata();
    expect(seen).to.equal(expected.toLowerCase());
    expect(sliceHex(seen, -32 + (seen.length - 2) / 2)).to.equal(q.requestId);
  });

  it("tokens without return values are supported", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const usdtLike = await viem.deployContract("NoReturnToken");
    await usdtLike.write.mint([payer.account.address, AMOUNT]);
    await usdtLike.write.approve([receiver.address, AMOUNT], { account: payer.account });
    const q = await quote({
      chainId,
      payer: payer.account.address,
      amount: AMOUNT,
      currency: usdtLike.address,
    });
    await receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account });
    expect(await usdtLike.read.balanceOf([SOLVER])).to.equal(AMOUNT);
    expect(await usdtLike.read.balanceOf([receiver.address])).to.equal(0n);
  });

  it("a missing allowance bubbles the token's own error and records nothing", async () => {
    const { receiver, token } = await networkHelpers.loadFixture(deploy);
    await token.write.approve([receiver.address, 0n], { account: payer.account });
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT, currency: token.address });
    await viem.assertions.revertWithCustomErrorWithArgs(
      receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
      token,
      "ERC20InsufficientAllowance",
      [receiver.address, 0n, AMOUNT],
    );
    expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
  });

  it("EIP-2612 permit path deposits without a prior approval", async () => {
    const { receiver, token } = await networkHelpers.loadFixture(deploy);
    await token.write.approve([receiver.address, 0n], { account: payer.account });
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT, currency: token.address });
    const permitDeadline = await soon();
    const nonce = await token.read.nonces([payer.account.address]);
    const permit = await payer.signTypedData({
      account: payer.account,
      domain: { name: "Mock", version: "1", chainId, verifyingContract: token.address },
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: {
        owner: payer.account.address,
        spender: receiver.address,
        value: AMOUNT,
        nonce,
        deadline: permitDeadline,
      },
    });
    const { r, s, v } = parseSignature(permit);
    await receiver.write.depositErc20WithPermit(
      [q.struct, await soon(), q.signature, permitDeadline, Number(v), r, s],
      { account: payer.account },
    );
    expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
    expect(await token.read.balanceOf([SOLVER])).to.equal(AMOUNT);
  });
});

describe("EVM receiver: admin", () => {
  it("solver rotation: the old solver verifies during the grace window, gets its deposits, then stops", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const grace = 100;
    const hash = await receiver.write.setSolver([solver2Account.address, grace], { account: owner.account });
    const rotatedAt = BigInt(await networkHelpers.time.latest());
    await viem.assertions.emitWithArgs(hash, receiver, "SolverRotated", [
      SOLVER,
      solver2Account.address,
      Number(rotatedAt) + grace,
    ]);
    expect(await receiver.read.solver()).to.equal(solver2Account.address);
    expect(await receiver.read.previousSolver()).to.deep.equal([SOLVER, Number(rotatedAt) + grace]);

    // inside the window: an old-solver attestation is accepted and paid to the old solver
    const old = await quote({ chainId, payer: payer.account.address, amount: AMOUNT });
    await viem.assertions.balancesHaveChanged(
      receiver.write.depositNative([old.struct, await soon(), old.signature], {
        account: payer.account,
        value: AMOUNT,
      }),
      [{ address: SOLVER, amount: AMOUNT }],
    );
    // the new solver verifies and is paid
    const fresh = await quote({
      chainId,
      payer: payer.account.address,
      amount: AMOUNT,
      signer: solver2Account,
    });
    await viem.assertions.balancesHaveChanged(
      receiver.write.depositNative([fresh.struct, await soon(), fresh.signature], {
        account: payer.account,
        value: AMOUNT,
      }),
      [{ address: solver2Account.address, amount: AMOUNT }],
    );
    // after the window the old solver is rejected
    await networkHelpers.time.increaseTo(rotatedAt + BigInt(grace) + 1n);
    const late = await quote({ chainId, payer: payer.account.address, amount: AMOUNT });
    await viem.assertions.revertWithCustomErrorWithArgs(
      receiver.write.depositNative([late.struct, await soon(), late.signature], {
        account: payer.account,
        value: AMOUNT,
      }),
      receiver,
      "SignerMismatch",
      [solver2Account.address, SOLVER],
    );
    expect(await receiver.read.isAuthorizedSigner([SOLVER])).to.equal(false);
    expect(await receiver.read.isAuthorizedSigner([solver2Account.address])).to.equal(true);
  });

  it("setSolver rejects the zero address", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    await viem.assertions.revertWithCustomErrorWithArgs(
      receiver.write.setSolver([zeroAddress, 0], { account: owner.account }),
      receiver,
      "ZeroSolver",
      [],
    );
  });

  it("whitelist edits in batches emit one event per entry", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const svmUser = "5asJKaZ4Nsi3oGFWKK9CbhQARxDKcY6pRfpDutxybo89";
    const batch = [destination(1, other.account.address), destination(792703809, svmUser)];
    const hash = await receiver.write.addToWhitelist([batch], { account: owner.account });
    await viem.assertions.emitWithArgs(hash, receiver, "WhitelistUpdated", [1n, batch[0]!.user, true]);
    await viem.assertions.emitWithArgs(hash, receiver, "WhitelistUpdated", [
      792703809n,
      batch[1]!.user,
      true,
    ]);
    for (const d of batch) expect(await receiver.read.isWhitelisted([d.chainId, d.user])).to.equal(true);
    await receiver.write.removeFromWhitelist([batch], { account: owner.account });
    for (const d of batch) expect(await receiver.read.isWhitelisted([d.chainId, d.user])).to.equal(false);
    const original = destination(DEST_CHAIN_ID, DEST_USER);
    expect(await receiver.read.isWhitelisted([original.chainId, original.user])).to.equal(true);
  });

  it("an SVM destination, once whitelisted, accepts deposits", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const svmUser = "7ULqjw5UYAHUzYt2aaoQj6xSomxMD1kY1bZt5mWqX6wz";
    await receiver.write.addToWhitelist([[destination(792703809, svmUser)]], { account: owner.account });
    const q = await quote({
      chainId,
      payer: payer.account.address,
      amount: AMOUNT,
      destinationChainId: 792703809,
      destinationUser: svmUser,
    });
    await receiver.write.depositNative([q.struct, await soon(), q.signature], {
      account: payer.account,
      value: AMOUNT,
    });
    expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
  });

  it("max deadline window is owner-set and enforced", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const hash = await receiver.write.setMaxDeadlineWindow([60], { account: owner.account });
    await viem.assertions.emitWithArgs(hash, receiver, "MaxDeadlineWindowUpdated", [MAX_WINDOW, 60]);
    expect(await receiver.read.maxDeadlineWindow()).to.equal(60);
    const q = await quote({ chainId, payer: payer.account.address, amount: AMOUNT });
    await viem.assertions.revertWithCustomError(
      receiver.write.depositNative([q.struct, await soon(), q.signature], {
        account: payer.account,
        value: AMOUNT,
      }),
      receiver,
      "DeadlineBeyondMaxWindow",
    );
  });

  it("pause state is readable and pause/unpause emit PauseSet", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    await viem.assertions.emitWithArgs(
      receiver.write.pause({ account: owner.account }),
      receiver,
      "PauseSet",
      [true],
    );
    expect(await receiver.read.paused()).to.equal(true);
    await viem.assertions.emitWithArgs(
      receiver.write.unpause({ account: owner.account }),
      receiver,
      "PauseSet",
      [false],
    );
    expect(await receiver.read.paused()).to.equal(false);
  });

  it("the constructor rejects a zero solver", async () => {
    let failed = false;
    try {
      await viem.deployContract("AttestedReceiver", [owner.account.address, zeroAddress, MAX_WINDOW, []]);
    } catch (e) {
      failed = /ZeroSolver|reverted/.test(String(e));
    }
    expect(failed).to.equal(true);
  });
});
