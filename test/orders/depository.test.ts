import { createHash } from "node:crypto";
import { expect } from "chai";
import fc from "fast-check";
import { encodeFunctionData, type Hex, parseAbi } from "viem";
import {
  decodeEvmDepositCall,
  decodeSvmDepositInstruction,
  encodeSvmDepositData,
  RELAY_DEPOSITORY_ABI,
  SVM_DEPOSIT_DISCRIMINATORS,
  SVM_DEPOSITORY_PROGRAM,
} from "../../src/index.ts";

const hex20 = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => `0x${Buffer.from(b).toString("hex")}` as Hex);
const hex32 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => `0x${Buffer.from(b).toString("hex")}` as Hex);

describe("orders: EVM depository calldata", () => {
  it("the JSON ABI is the depository's human-readable interface, item for item", () => {
    expect(RELAY_DEPOSITORY_ABI).to.deep.equal(
      parseAbi([
        "function depositNative(address depositor, bytes32 id) payable",
        "function depositErc20(address depositor, address token, uint256 amount, bytes32 id)",
        "event RelayNativeDeposit(address from, uint256 amount, bytes32 id)",
        "event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)",
      ]),
    );
  });

  it("decodes every depositNative / depositErc20 viem encodes (property)", () => {
    fc.assert(
      fc.property(
        hex20,
        hex20,
        fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
        hex32,
        (depositor, token, amount, id) => {
          const native = encodeFunctionData({
            abi: RELAY_DEPOSITORY_ABI,
            functionName: "depositNative",
            args: [depositor, id],
          });
          expect(decodeEvmDepositCall(native)).to.deep.equal({ kind: "native", depositor, id });
          const erc20 = encodeFunctionData({
            abi: RELAY_DEPOSITORY_ABI,
            functionName: "depositErc20",
            args: [depositor, token, amount, id],
          });
          expect(decodeEvmDepositCall(erc20)).to.deep.equal({ kind: "erc20", depositor, token, amount, id });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses dirty address words, trailing bytes, short calldata and other selectors", () => {
    const id = `0x${"11".repeat(32)}` as Hex;
    const good = encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositNative",
      args: [`0x${"22".repeat(20)}`, id],
    });
    const dirty = `${good.slice(0, 10)}ff${good.slice(12)}`;
    expect(decodeEvmDepositCall(good)).to.not.equal(null);
    expect(decodeEvmDepositCall(dirty)).to.equal(null);
    expect(decodeEvmDepositCall(`${good}00`)).to.equal(null);
    expect(decodeEvmDepositCall(good.slice(0, -2))).to.equal(null);
    expect(decodeEvmDepositCall(`0xdeadbeef${good.slice(10)}`)).to.equal(null);
    expect(decodeEvmDepositCall(42)).to.equal(null);
  });
});

describe("orders: SVM depository instruction", () => {
  it("the discriminators are the first 8 bytes of sha256('global:<instruction>')", () => {
    for (const [kind, name] of [
      ["native", "deposit_native"],
      ["token", "deposit_token"],
    ] as const) {
      const expected = `0x${createHash("sha256").update(`global:${name}`).digest("hex").slice(0, 16)}`;
      expect(SVM_DEPOSIT_DISCRIMINATORS[kind]).to.equal(expected);
    }
  });

  it("encodes and decodes amount (u64 little-endian) and id (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("native" as const, "token" as const),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        hex32,
        (kind, amount, id) => {
          const keys = ["a", "b", "depositor", "vault", "mint"].map((pubkey) => ({ pubkey }));
          const decoded = decodeSvmDepositInstruction({
            programId: SVM_DEPOSITORY_PROGRAM,
            keys,
            data: encodeSvmDepositData(kind, amount, id),
          });
          expect(decoded).to.deep.equal({
            kind,
            amount,
            id,
            depositor: "depositor",
            mint: kind === "token" ? "mint" : null,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses data of another length or discriminator, and a token deposit without its mint account", () => {
    const id = `0x${"33".repeat(32)}` as Hex;
    const keys = ["a", "b", "depositor", "vault"].map((pubkey) => ({ pubkey }));
    const data = encodeSvmDepositData("token", 5n, id);
    expect(decodeSvmDepositInstruction({ programId: SVM_DEPOSITORY_PROGRAM, keys, data })).to.equal(null);
    expect(
      decodeSvmDepositInstruction({
        programId: SVM_DEPOSITORY_PROGRAM,
        keys,
        data: `${encodeSvmDepositData("native", 5n, id)}00`,
      }),
    ).to.equal(null);
    expect(
      decodeSvmDepositInstruction({ programId: SVM_DEPOSITORY_PROGRAM, keys, data: `0x${"00".repeat(48)}` }),
    ).to.equal(null);
    expect(() => encodeSvmDepositData("native", 1n << 64n, id)).to.throw(RangeError);
  });
});
