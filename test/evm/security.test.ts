// Security suite of the EVM receiver: one named test per attack, each asserting the specific error.
import { expect } from "chai";
import { network } from "hardhat";
import {
  concatHex,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint256,
  numberToHex,
  padHex,
  parseEther,
  parseEventLogs,
  parseSignature,
  recoverMessageAddress,
  sliceHex,
  zeroAddress,
} from "viem";
import { hashRequestData, SECP256K1_N, signRequestData, toCompactSignature } from "../../src/index.ts";
import { decodeEvmReceiverDeposit, encodeEvmReceiverInvalidation } from "../../src/receiver/index.ts";
import {
  DEST_CHAIN_ID,
  DEST_USER,
  destination,
  MAX_WINDOW,
  quote,
  solver2Account,
  solverAccount,
  strangerAccount,
  toStruct,
} from "./helpers.ts";

const { viem, networkHelpers } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer, other, newOwner] = await viem.getWalletClients();
if (!owner || !payer || !other || !newOwner) throw new Error("need four accounts");
const SOLVER = solverAccount.address;
const AMOUNT = parseEther("1");

async function deploy() {
  await owner!.sendTransaction({ to: SOLVER, value: parseEther("1") });
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

const now = async () => BigInt(await networkHelpers.time.latest());
const soon = async () => (await now()) + 600n;

/** Puts the runtime code of mock `name` at the solver's address (its key still signs). */
async function solverCode<
  N extends "RevertingSolver" | "SilentRevertingSolver" | "GasBurningSolver" | "ReentrantSolver",
>(name: N) {
  const mock = await viem.deployContract(name);
  const code = await publicClient.getCode({ address: mock.address });
  await networkHelpers.setCode(SOLVER, code!);
  return { mock, atSolver: await viem.getContractAt(name, SOLVER) };
}

const nativeQuote = (extra: Partial<Parameters<typeof quote>[0]> = {}) =>
  quote({ chainId, payer: payer.account.address, amount: AMOUNT, ...extra });

type Receiver = Awaited<ReturnType<typeof deploy>>["receiver"];
type DepositData = Parameters<Receiver["write"]["depositNative"]>[0][0];

/** The payer deposits AMOUNT natively with a deadline 600 s ahead. */
async function payNative(receiver: Receiver, data: DepositData, signature: Hex) {
  return receiver.write.depositNative([data, await soon(), signature], {
    account: payer!.account,
    value: AMOUNT,
  });
}

describe("EVM receiver security suite", () => {
  describe("signature", () => {
    it("wrong signer: an attestation signed by another key is rejected with SignerMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote({ signer: strangerAccount });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "SignerMismatch",
        [SOLVER, strangerAccount.address],
      );
    });

    it("signature for other data: a valid signature reused with a changed amount is rejected", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const tampered = { ...q.requestData, originAmount: (AMOUNT / 2n).toString() };
      const recovered = await recoverMessageAddress({
        message: { raw: hashRequestData(q.requestId, tampered) },
        signature: q.signature,
      });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([toStruct(q.requestId, tampered), await soon(), q.signature], {
          account: payer.account,
          value: AMOUNT / 2n,
        }),
        receiver,
        "SignerMismatch",
        [SOLVER, recovered],
      );
    });

    it("high-s twin of a valid signature is rejected with InvalidSignatureS", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const { r, s, yParity } = parseSignature(q.signature);
      const highS = padHex(numberToHex(SECP256K1_N - BigInt(s)), { size: 32 });
      const twin = concatHex([r, highS, numberToHex(yParity === 0 ? 28 : 27, { size: 1 })]);
      // the twin is a valid secp256k1 signature of the same message by the same key
      expect(
        await recoverMessageAddress({
          message: { raw: hashRequestData(q.requestId, q.requestData) },
          signature: twin,
        }),
      ).to.equal(SOLVER);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, twin),
        receiver,
        "InvalidSignatureS",
        [highS],
      );
    });

    it("bad v (29) is rejected with InvalidSignatureV", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const bad = concatHex([sliceHex(q.signature, 0, 64), "0x1d"]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, bad),
        receiver,
        "InvalidSignatureV",
        [29],
      );
    });

    it("legacy v (0/1) form is rejected with InvalidSignatureV (only 27/28 accepted)", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const v = Number.parseInt(q.signature.slice(-2), 16) - 27;
      const legacy = concatHex([sliceHex(q.signature, 0, 64), numberToHex(v, { size: 1 })]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, legacy),
        receiver,
        "InvalidSignatureV",
        [v],
      );
    });

    it("64/65-byte forms: both the 65-byte and the EIP-2098 64-byte signature are accepted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q65 = await nativeQuote();
      await payNative(receiver, q65.struct, q65.signature);
      const q64 = await nativeQuote();
      const compact = toCompactSignature(q64.signature);
      expect((compact.length - 2) / 2).to.equal(64);
      await payNative(receiver, q64.struct, compact);
      expect(await receiver.read.isAccepted([q65.requestId])).to.equal(true);
      expect(await receiver.read.isAccepted([q64.requestId])).to.equal(true);
    });

    it("truncated signature (63 bytes) is rejected with InvalidSignatureLength", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const truncated = sliceHex(q.signature, 0, 63);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, truncated),
        receiver,
        "InvalidSignatureLength",
        [63n],
      );
    });

    it("extended signature (66 bytes) is rejected with InvalidSignatureLength", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const extended = concatHex([q.signature, "0x00"]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, extended),
        receiver,
        "InvalidSignatureLength",
        [66n],
      );
    });

    it("65-byte signature (v = 28) cut to 64 bytes reads as the other parity and fails as SignerMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      // with v = 27, r || s is itself the valid EIP-2098 form; with v = 28 it names the other curve point
      let q = await nativeQuote();
      while (!q.signature.endsWith("1c")) q = await nativeQuote();
      const cut = sliceHex(q.signature, 0, 64);
      await viem.assertions.revertWithCustomError(
        payNative(receiver, q.struct, cut),
        receiver,
        "SignerMismatch",
      );
    });

    it("zero-address recovery (r = 0) is rejected with InvalidSignature", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const zeroR = concatHex([padHex("0x0", { size: 32 }), sliceHex(q.signature, 32, 65)]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, zeroR),
        receiver,
        "InvalidSignature",
        [],
      );
    });
  });

  describe("binding", () => {
    it("other chain id: an attestation for chain 1 is rejected with OriginChainMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await quote({ chainId: 1, payer: payer.account.address, amount: AMOUNT });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "OriginChainMismatch",
        [BigInt(chainId), 1n],
      );
    });

    it("other payer: someone else submitting the payer's attestation is rejected with PayerMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, await soon(), q.signature], {
          account: other.account,
          value: AMOUNT,
        }),
        receiver,
        "PayerMismatch",
        [padHex(other.account.address.toLowerCase() as Hex, { size: 32 }), q.struct.originUser],
      );
    });

    it("other currency: a token attestation paid as native is rejected with CurrencyMismatch", async () => {
      const { receiver, token } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote({ currency: token.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "CurrencyMismatch",
        [padHex("0x0", { size: 32 }), q.struct.originCurrency],
      );
    });

    it("other currency: a native attestation sent to depositErc20 is rejected with NotAToken", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "NotAToken",
        [padHex("0x0", { size: 32 })],
      );
    });

    it("other currency: paying a cheaper token with another token's attestation fails as SignerMismatch", async () => {
      const { receiver, token } = await networkHelpers.loadFixture(deploy);
      const cheap = await viem.deployContract("MockERC20", ["Cheap", "CHP", 18]);
      const q = await nativeQuote({ currency: token.address });
      const swapped = { ...q.requestData, originCurrency: cheap.address };
      await viem.assertions.revertWithCustomError(
        receiver.write.depositErc20([toStruct(q.requestId, swapped), await soon(), q.signature], {
          account: payer.account,
        }),
        receiver,
        "SignerMismatch",
      );
    });
  });

  describe("amount", () => {
    it("underpayment (1 wei short) is rejected with ValueMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, await soon(), q.signature], {
          account: payer.account,
          value: AMOUNT - 1n,
        }),
        receiver,
        "ValueMismatch",
        [AMOUNT, AMOUNT - 1n],
      );
    });

    it("overpayment (1 wei over) is rejected with ValueMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, await soon(), q.signature], {
          account: payer.account,
          value: AMOUNT + 1n,
        }),
        receiver,
        "ValueMismatch",
        [AMOUNT, AMOUNT + 1n],
      );
    });

    it("fee-on-transfer short delivery is rejected with DeliveredAmountMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const fee = await viem.deployContract("FeeOnTransferToken", [100n]); // 1%
      await fee.write.mint([payer.account.address, parseEther("10")]);
      await fee.write.approve([receiver.address, maxUint256], { account: payer.account });
      const q = await nativeQuote({ currency: fee.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "DeliveredAmountMismatch",
        [AMOUNT, (AMOUNT * 99n) / 100n],
      );
    });

    it("zero amount is rejected with ZeroAmount", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote({ amount: 0n });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, await soon(), q.signature], {
          account: payer.account,
          value: 0n,
        }),
        receiver,
        "ZeroAmount",
        [],
      );
    });
  });

  describe("replay", () => {
    it("replay of the same request id is rejected with RequestAlreadyAccepted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await payNative(receiver, q.struct, q.signature);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "RequestAlreadyAccepted",
        [q.requestId],
      );
    });

    it("replay after solver rotation (old signature in grace, or re-signed by the new solver) is rejected", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await payNative(receiver, q.struct, q.signature);
      await receiver.write.setSolver([solver2Account.address, 3600], { account: owner.account });
      expect(await receiver.read.isAuthorizedSigner([SOLVER])).to.equal(true); // still in grace
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "RequestAlreadyAccepted",
        [q.requestId],
      );
      const resigned = await signRequestData(solver2Account, q.requestId, q.requestData);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, resigned),
        receiver,
        "RequestAlreadyAccepted",
        [q.requestId],
      );
    });
  });

  describe("expiry", () => {
    it("deadline at the block timestamp is accepted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const t = (await now()) + 10n;
      await networkHelpers.time.setNextBlockTimestamp(t);
      await receiver.write.depositNative([q.struct, t, q.signature], {
        account: payer.account,
        value: AMOUNT,
      });
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
    });

    it("deadline one second past is rejected with DeadlineExpired", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const t = (await now()) + 10n;
      await networkHelpers.time.setNextBlockTimestamp(t + 1n);
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, t, q.signature], {
          account: payer.account,
          value: AMOUNT,
          gas: 300_000n,
        }),
        receiver,
        "DeadlineExpired",
        [t, t + 1n],
      );
    });

    it("deadline exactly at the maximum window is accepted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const t = (await now()) + 10n;
      await networkHelpers.time.setNextBlockTimestamp(t);
      await receiver.write.depositNative([q.struct, t + BigInt(MAX_WINDOW), q.signature], {
        account: payer.account,
        value: AMOUNT,
      });
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
    });

    it("deadline beyond the maximum window is rejected with DeadlineBeyondMaxWindow", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const t = (await now()) + 10n;
      await networkHelpers.time.setNextBlockTimestamp(t);
      const deadline = t + BigInt(MAX_WINDOW) + 1n;
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, deadline, q.signature], {
          account: payer.account,
          value: AMOUNT,
          gas: 300_000n,
        }),
        receiver,
        "DeadlineBeyondMaxWindow",
        [deadline, t + BigInt(MAX_WINDOW)],
      );
    });
  });

  describe("whitelist", () => {
    it("non-whitelisted recipient is rejected with DestinationNotWhitelisted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote({ destinationUser: other.account.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "DestinationNotWhitelisted",
        [BigInt(DEST_CHAIN_ID), q.struct.destinationUser],
      );
    });

    it("recipient removed mid-flight (after the quote was signed) is rejected with DestinationNotWhitelisted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await receiver.write.removeFromWhitelist([[destination(DEST_CHAIN_ID, DEST_USER)]], {
        account: owner.account,
      });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "DestinationNotWhitelisted",
        [BigInt(DEST_CHAIN_ID), q.struct.destinationUser],
      );
    });
  });

  describe("re-entrancy", () => {
    it("re-entrancy through the token (transferFrom re-enters depositErc20) is rejected with ReentrantCall", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const evil = await viem.deployContract("ReentrantToken");
      await evil.write.mint([payer.account.address, parseEther("10")]);
      await evil.write.approve([receiver.address, maxUint256], { account: payer.account });
      const q = await nativeQuote({ currency: evil.address });
      const d = await soon();
      const again = encodeFunctionData({
        abi: receiver.abi,
        functionName: "depositErc20",
        args: [q.struct, d, q.signature],
      });
      await evil.write.arm([receiver.address, again]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, d, q.signature], { account: payer.account }),
        receiver,
        "ReentrantCall",
        [],
      );
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
    });

    it("re-entrancy through the solver (forward re-enters with the same id) is rejected with RequestAlreadyAccepted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const { atSolver } = await solverCode("ReentrantSolver");
      // the solver pays for a request of its own and, when paid, re-submits the same deposit
      const q = await quote({ chainId, payer: SOLVER, amount: AMOUNT });
      const d = await soon();
      const again = encodeFunctionData({
        abi: receiver.abi,
        functionName: "depositNative",
        args: [q.struct, d, q.signature],
      });
      await atSolver.write.arm([receiver.address, again]);
      await networkHelpers.impersonateAccount(SOLVER);
      const solverWallet = await viem.getWalletClient(SOLVER);
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, d, q.signature], {
          account: solverWallet.account,
          value: AMOUNT,
        }),
        receiver,
        "RequestAlreadyAccepted",
        [q.requestId],
      );
      await networkHelpers.stopImpersonatingAccount(SOLVER);
    });
  });

  describe("admin", () => {
    it("non-owner admin calls are rejected with OwnableUnauthorizedAccount", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const as = { account: other.account };
      const calls = [
        () => receiver.write.setSolver([other.account.address, 0], as),
        () => receiver.write.addToWhitelist([[destination(1, other.account.address)]], as),
        () => receiver.write.removeFromWhitelist([[destination(DEST_CHAIN_ID, DEST_USER)]], as),
        () => receiver.write.setMaxDeadlineWindow([1], as),
        () => receiver.write.pause(as),
        () => receiver.write.unpause(as),
        () => receiver.write.transferOwnership([other.account.address], as),
        () => receiver.read.renounceOwnership({ account: other.account.address }),
      ];
      for (const call of calls) {
        await viem.assertions.revertWithCustomErrorWithArgs(call(), receiver, "OwnableUnauthorizedAccount", [
          other.account.address,
        ]);
      }
    });

    it("ownership handover is two-step: nothing moves until the pending owner accepts", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      await receiver.write.transferOwnership([newOwner.account.address], { account: owner.account });
      expect((await receiver.read.owner()).toLowerCase()).to.equal(owner.account.address.toLowerCase());
      expect((await receiver.read.pendingOwner()).toLowerCase()).to.equal(
        newOwner.account.address.toLowerCase(),
      );
      // the pending owner has no rights yet, a third party cannot accept
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.pause({ account: newOwner.account }),
        receiver,
        "OwnableUnauthorizedAccount",
        [newOwner.account.address],
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.acceptOwnership({ account: other.account }),
        receiver,
        "OwnableUnauthorizedAccount",
        [other.account.address],
      );
      await receiver.write.acceptOwnership({ account: newOwner.account });
      expect((await receiver.read.owner()).toLowerCase()).to.equal(newOwner.account.address.toLowerCase());
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.pause({ account: owner.account }),
        receiver,
        "OwnableUnauthorizedAccount",
        [owner.account.address],
      );
      await receiver.write.pause({ account: newOwner.account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.read.renounceOwnership({ account: newOwner.account.address }),
        receiver,
        "RenounceDisabled",
        [],
      );
    });

    it("paused: deposits are rejected with ReceiverPaused until unpaused", async () => {
      const { receiver, token } = await networkHelpers.loadFixture(deploy);
      await receiver.write.pause({ account: owner.account });
      const q = await nativeQuote();
      const qt = await nativeQuote({ currency: token.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "ReceiverPaused",
        [],
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([qt.struct, await soon(), qt.signature], { account: payer.account }),
        receiver,
        "ReceiverPaused",
        [],
      );
      await receiver.write.unpause({ account: owner.account });
      await payNative(receiver, q.struct, q.signature);
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
    });
  });

  describe("forwarding failures", () => {
    it("reverting solver: the deposit reverts, funds stay with the payer and nothing is recorded", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const { mock } = await solverCode("RevertingSolver");
      const q = await nativeQuote();
      const d = await soon();
      // the solver's own error is bubbled up
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, d, q.signature], { account: payer.account, value: AMOUNT }),
        mock,
        "SolverRejects",
        [q.requestId],
      );
      // mined with a fixed gas limit: the payer only pays gas, the solver gets nothing
      const payerBefore = await publicClient.getBalance({ address: payer.account.address });
      const solverBefore = await publicClient.getBalance({ address: SOLVER });
      await payer
        .writeContract({
          address: receiver.address,
          abi: receiver.abi,
          functionName: "depositNative",
          args: [q.struct, d, q.signature],
          value: AMOUNT,
          gas: 300_000n,
        })
        .catch(() => undefined); // the node reports the revert; the transaction is mined all the same
      const block = await publicClient.getBlock();
      const hash = block.transactions[0]!;
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).to.equal("reverted");
      const payerAfter = await publicClient.getBalance({ address: payer.account.address });
      expect(payerBefore - payerAfter).to.equal(receipt.gasUsed * receipt.effectiveGasPrice);
      expect(await publicClient.getBalance({ address: SOLVER })).to.equal(solverBefore);
      expect(await publicClient.getBalance({ address: receiver.address })).to.equal(0n);
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
    });

    it("solver reverting without data is reported as ForwardFailed", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      await solverCode("SilentRevertingSolver");
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "ForwardFailed",
        [SOLVER],
      );
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
    });

    it("solver burning all gas: the deposit reverts with ForwardFailed and nothing is recorded", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      await solverCode("GasBurningSolver");
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositNative([q.struct, await soon(), q.signature], {
          account: payer.account,
          value: AMOUNT,
          gas: 1_000_000n,
        }),
        receiver,
        "ForwardFailed",
        [SOLVER],
      );
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
      expect(await publicClient.getBalance({ address: receiver.address })).to.equal(0n);
    });

    it("token returning false is rejected with TokenCallFailed and nothing is recorded", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const bad = await viem.deployContract("FalseReturnToken");
      const q = await nativeQuote({ currency: bad.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "TokenCallFailed",
        [bad.address],
      );
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
    });

    it("currency without code (an EOA as token) is rejected with TokenCallFailed", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote({ currency: other.account.address });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "TokenCallFailed",
        [other.account.address],
      );
    });
  });

  describe("stale quotes and invalidation", () => {
    it("stale quote: a year-old attestation is still payable with a fresh deadline until its id is invalidated", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await networkHelpers.time.increase(365 * 24 * 3600);
      const snapshot = await networkHelpers.takeSnapshot();
      // the attack: the quote carries no expiry, so a year later it is accepted with a fresh deadline
      await payNative(receiver, q.struct, q.signature);
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
      await snapshot.restore();
      // the solver invalidates it through the typed client's calldata
      const hash = await payer.sendTransaction({
        account: solverAccount,
        to: receiver.address,
        data: encodeEvmReceiverInvalidation([q.requestId]),
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      const events = parseEventLogs({
        abi: receiver.abi,
        logs: receipt.logs,
        eventName: "RequestInvalidated",
      });
      expect(events.map((e) => e.args)).to.deep.equal([{ requestId: q.requestId, by: SOLVER }]);
      expect(await receiver.read.isRequestInvalidated([q.requestId])).to.equal(true);
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "RequestIdInvalidated",
        [q.requestId],
      );
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(false);
    });

    it("invalidation in a batch by the owner: one event per open id; an id a deposit won is reported with InvalidationTooLate and counted", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const paid = await nativeQuote();
      await payNative(receiver, paid.struct, paid.signature);
      expect(await receiver.read.isAccepted([paid.requestId])).to.equal(true); // the deposit won the race
      const open = [await nativeQuote(), await nativeQuote()];
      const ids = [open[0]!.requestId, paid.requestId, open[1]!.requestId, open[0]!.requestId];
      const { result: tooLate } = await receiver.simulate.invalidateRequests([ids], {
        account: owner.account.address,
      });
      expect(tooLate).to.equal(1n);
      const hash = await receiver.write.invalidateRequests([ids], { account: owner.account });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      const events = parseEventLogs({
        abi: receiver.abi,
        logs: receipt.logs,
        eventName: "RequestInvalidated",
      });
      expect(events.map((e) => e.args)).to.deep.equal(
        open.map((q) => ({ requestId: q.requestId, by: getAddress(owner.account.address) })),
      );
      const late = parseEventLogs({
        abi: receiver.abi,
        logs: receipt.logs,
        eventName: "InvalidationTooLate",
      });
      expect(late.map((e) => e.args)).to.deep.equal([
        { requestId: paid.requestId, by: getAddress(owner.account.address) },
      ]);
      expect(await receiver.read.isAccepted([paid.requestId])).to.equal(true);
      expect(await receiver.read.isRequestInvalidated([paid.requestId])).to.equal(false);
      for (const q of open) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          payNative(receiver, q.struct, q.signature),
          receiver,
          "RequestIdInvalidated",
          [q.requestId],
        );
      }
    });

    it("attack: the rotated-out solver, still verifying inside its grace, invalidates the new solver's quote: NotSolverOrOwner", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      await receiver.write.setSolver([solver2Account.address, 3600], { account: owner.account });
      // setup: the old key is inside its grace (its quotes still pay) and the new solver quoted
      expect(await receiver.read.isAuthorizedSigner([SOLVER])).to.equal(true);
      const oldQuote = await nativeQuote();
      await payNative(receiver, oldQuote.struct, oldQuote.signature);
      expect(await receiver.read.isAccepted([oldQuote.requestId])).to.equal(true);
      const newQuote = await nativeQuote({ signer: solver2Account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payer.sendTransaction({
          account: solverAccount,
          to: receiver.address,
          data: encodeEvmReceiverInvalidation([newQuote.requestId]),
        }),
        receiver,
        "NotSolverOrOwner",
        [SOLVER],
      );
      expect(await receiver.read.isRequestInvalidated([newQuote.requestId])).to.equal(false);
      await payNative(receiver, newQuote.struct, newQuote.signature);
      expect(await receiver.read.isAccepted([newQuote.requestId])).to.equal(true);
    });

    it("the current solver after a rotation invalidates its own quotes", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      await receiver.write.setSolver([solver2Account.address, 3600], { account: owner.account });
      await owner.sendTransaction({ to: solver2Account.address, value: parseEther("1") });
      const q = await nativeQuote({ signer: solver2Account });
      await payer.sendTransaction({
        account: solver2Account,
        to: receiver.address,
        data: encodeEvmReceiverInvalidation([q.requestId]),
      });
      expect(await receiver.read.isRequestInvalidated([q.requestId])).to.equal(true);
    });

    it("invalidation by a stranger (griefing open quotes) is rejected with NotSolverOrOwner", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.invalidateRequests([[q.requestId]], { account: other.account }),
        receiver,
        "NotSolverOrOwner",
        [other.account.address],
      );
      await payNative(receiver, q.struct, q.signature);
      expect(await receiver.read.isAccepted([q.requestId])).to.equal(true);
    });
  });

  describe("solver rotation", () => {
    it("grace 0 revokes at once: the rotated-out key fails in the rotation block itself", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const testClient = await viem.getTestClient();
      await testClient.setAutomine(false);
      try {
        const rotate = await receiver.write.setSolver([solver2Account.address, 0], {
          account: owner.account,
          gas: 200_000n,
        });
        const deposit = await receiver.write.depositNative([q.struct, (await now()) + 600n, q.signature], {
          account: payer.account,
          value: AMOUNT,
          gas: 300_000n,
        });
        await testClient.mine({ blocks: 1 });
        const [rotated, deposited] = await Promise.all(
          [rotate, deposit].map((hash) => publicClient.getTransactionReceipt({ hash })),
        );
        // both in the same block, rotation first: the old key no longer verifies there
        expect(rotated!.blockNumber).to.equal(deposited!.blockNumber);
        expect(rotated!.status).to.equal("success");
        expect(deposited!.status).to.equal("reverted");
      } finally {
        await testClient.setAutomine(true);
      }
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, q.struct, q.signature),
        receiver,
        "SignerMismatch",
        [solver2Account.address, SOLVER],
      );
      expect(await receiver.read.isAuthorizedSigner([SOLVER])).to.equal(false);
    });

    it("grace g: the old key verifies for exactly g seconds after the rotation", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const grace = 100;
      await receiver.write.setSolver([solver2Account.address, grace], { account: owner.account });
      const rotatedAt = await now();
      const inside = await nativeQuote();
      await networkHelpers.time.setNextBlockTimestamp(rotatedAt + BigInt(grace) - 1n);
      await payNative(receiver, inside.struct, inside.signature);
      const outside = await nativeQuote();
      await networkHelpers.time.setNextBlockTimestamp(rotatedAt + BigInt(grace));
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(receiver, outside.struct, outside.signature),
        receiver,
        "SignerMismatch",
        [solver2Account.address, SOLVER],
      );
    });

    it("unbounded grace (a 34,000-year window for the old key) is rejected with GracePeriodTooLong", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const max = 30 * 24 * 3600;
      const huge = 2 ** 40 - 1 - Number(await now()) - 1;
      for (const grace of [huge, max + 1]) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          receiver.write.setSolver([solver2Account.address, grace], { account: owner.account }),
          receiver,
          "GracePeriodTooLong",
          [BigInt(grace), BigInt(max)],
        );
      }
      expect(await receiver.read.solver()).to.equal(SOLVER);
      await receiver.write.setSolver([solver2Account.address, max], { account: owner.account });
      expect((await receiver.read.previousSolver())[1]).to.equal(Number(await now()) + max);
    });
  });

  describe("rescue", () => {
    it("forced ETH (SELFDESTRUCT) and stray tokens are stuck until the owner rescues them, with an event", async () => {
      const { receiver, token } = await networkHelpers.loadFixture(deploy);
      const forcer = await viem.deployContract("ForcedEtherSender", [], { value: 5n });
      await forcer.write.force([receiver.address]);
      // the attack really happened: value reached a receiver that refuses direct transfers
      expect(await publicClient.getBalance({ address: receiver.address })).to.equal(5n);
      await token.write.transfer([receiver.address, 7n], { account: payer.account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.rescueAsset([token.address, other.account.address, 7n], { account: other.account }),
        receiver,
        "OwnableUnauthorizedAccount",
        [other.account.address],
      );
      await viem.assertions.emitWithArgs(
        receiver.write.rescueAsset([zeroAddress, other.account.address, 5n], {
          account: owner.account,
        }),
        receiver,
        "Rescued",
        [zeroAddress, other.account.address, 5n],
      );
      await viem.assertions.emitWithArgs(
        receiver.write.rescueAsset([token.address, other.account.address, 7n], { account: owner.account }),
        receiver,
        "Rescued",
        [token.address, other.account.address, 7n],
      );
      expect(await publicClient.getBalance({ address: receiver.address })).to.equal(0n);
      expect(await token.read.balanceOf([receiver.address])).to.equal(0n);
      expect(await token.read.balanceOf([other.account.address])).to.equal(7n);
    });

    it("rescue from inside a token deposit (owner re-entering through the token) is rejected with ReentrantCall", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const evil = await viem.deployContract("ReentrantToken");
      await evil.write.mint([payer.account.address, AMOUNT]);
      await evil.write.approve([receiver.address, AMOUNT], { account: payer.account });
      // the token becomes the owner: it accepts ownership from inside a transferFrom
      await receiver.write.transferOwnership([evil.address], { account: owner.account });
      await evil.write.arm([
        receiver.address,
        encodeFunctionData({ abi: receiver.abi, functionName: "acceptOwnership" }),
      ]);
      await evil.write.transferFrom([payer.account.address, other.account.address, 0n]);
      expect(await receiver.read.owner()).to.equal(getAddress(evil.address));
      await evil.write.arm([
        receiver.address,
        encodeFunctionData({
          abi: receiver.abi,
          functionName: "rescueAsset",
          args: [evil.address, other.account.address, 1n],
        }),
      ]);
      const q = await nativeQuote({ currency: evil.address });
      await viem.assertions.revertWithCustomError(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "ReentrantCall",
      );
      expect(await evil.read.balanceOf([payer.account.address])).to.equal(AMOUNT);
    });
  });

  describe("documented limits of the attestation format", () => {
    it("cross-receiver replay: the same attestation is accepted by two receivers of the same solver", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const twin = await viem.deployContract("AttestedReceiver", [
        owner.account.address,
        SOLVER,
        MAX_WINDOW,
        [destination(DEST_CHAIN_ID, DEST_USER)],
      ]);
      const q = await nativeQuote();
      const solverBefore = await publicClient.getBalance({ address: SOLVER });
      await payNative(receiver, q.struct, q.signature);
      await payNative(twin, q.struct, q.signature);
      // documented: the format binds no receiver; the payer paid twice and the solver got both
      expect(await publicClient.getBalance({ address: SOLVER })).to.equal(solverBefore + 2n * AMOUNT);
      // invalidating the id on every other receiver closes it
      const next = await nativeQuote();
      await payNative(receiver, next.struct, next.signature);
      await twin.write.invalidateRequests([[next.requestId]], { account: owner.account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payNative(twin, next.struct, next.signature),
        twin,
        "RequestIdInvalidated",
        [next.requestId],
      );
    });

    it("share-based token rounding one wei short (stETH-style) is rejected with DeliveredAmountMismatch", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const shares = await viem.deployContract("SharesToken");
      // 3 shares per 2 units pooled: moving 1,000,001 units moves 1,500,001 shares, worth 1,000,000 units
      await shares.write.mint([payer.account.address, 3_000_000_000n, 2_000_000_000n]);
      await shares.write.approve([receiver.address, 1_000_001n], { account: payer.account });
      const q = await nativeQuote({ currency: shares.address, amount: 1_000_001n });
      await viem.assertions.revertWithCustomErrorWithArgs(
        receiver.write.depositErc20([q.struct, await soon(), q.signature], { account: payer.account }),
        receiver,
        "DeliveredAmountMismatch",
        [1_000_001n, 1_000_000n],
      );
    });

    it("the solver paying its own token request moves nothing and is rejected with DeliveredAmountMismatch", async () => {
      const { receiver, token } = await networkHelpers.loadFixture(deploy);
      await token.write.mint([SOLVER, AMOUNT]);
      await payer.writeContract({
        account: solverAccount,
        address: token.address,
        abi: token.abi,
        functionName: "approve",
        args: [receiver.address, AMOUNT],
      });
      const q = await quote({ chainId, payer: SOLVER, currency: token.address, amount: AMOUNT });
      await viem.assertions.revertWithCustomErrorWithArgs(
        payer.writeContract({
          account: solverAccount,
          address: receiver.address,
          abi: receiver.abi,
          functionName: "depositErc20",
          args: [q.struct, await soon(), q.signature],
        }),
        receiver,
        "DeliveredAmountMismatch",
        [AMOUNT, 0n],
      );
    });
  });

  describe("event decoding", () => {
    it("look-alike DepositAccepted from another contract is refused by decodeEvmReceiverDeposit", async () => {
      const { receiver } = await networkHelpers.loadFixture(deploy);
      const q = await nativeQuote();
      const paid = await publicClient.waitForTransactionReceipt({
        hash: await payNative(receiver, q.struct, q.signature),
      });
      expect(decodeEvmReceiverDeposit(paid.logs[0]!, [receiver.address])?.amount).to.equal(AMOUNT);
      // the attack: another contract emits the same event claiming a 1,000-ETH deposit to the solver
      const impostor = await viem.deployContract("LookalikeReceiver");
      const forged = await publicClient.waitForTransactionReceipt({
        hash: await impostor.write.fake([q.requestId, parseEther("1000"), SOLVER], {
          account: payer.account,
        }),
      });
      const log = forged.logs[0]!;
      expect(decodeEvmReceiverDeposit(log, [impostor.address])?.amount).to.equal(parseEther("1000"));
      expect(decodeEvmReceiverDeposit(log, [receiver.address])).to.equal(null);
    });
  });

  it("permit deposit with a currency without code is rejected with TokenCallFailed", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    const q = await nativeQuote({ currency: other.account.address });
    await viem.assertions.revertWithCustomErrorWithArgs(
      receiver.write.depositErc20WithPermit(
        [q.struct, await soon(), q.signature, await soon(), 27, padHex("0x01"), padHex("0x01")],
        { account: payer.account },
      ),
      receiver,
      "TokenCallFailed",
      [other.account.address],
    );
  });

  it("direct native transfers to the receiver are refused (it never holds funds)", async () => {
    const { receiver } = await networkHelpers.loadFixture(deploy);
    let failed = false;
    try {
      await payer.sendTransaction({ to: receiver.address, value: 1n });
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(await publicClient.getBalance({ address: receiver.address })).to.equal(0n);
  });
});
