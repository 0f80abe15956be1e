/**
 * `verifyOrderFill` / `verifyOrderRefund` from evidence the caller holds (no network): a property
 * over amounts, currencies and unrelated logs (a fill that pays at least the minimum passes, one
 * that pays less fails with the amount code), and one example per typed failure, root cause first.
 */
import { generateKeyPairSigner, type Instruction, type KeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import fc from "fast-check";
import type { Hex } from "viem";
import {
  getOrderId,
  type LegSource,
  type LegVerification,
  NATIVE_CURRENCY,
  type Order,
  verifyOrderFill,
  verifyOrderRefund,
} from "../../src/index.ts";
import { evmEvidence, evmOutputOrder, memo, svmEvidence, transferLog } from "./leg-evidence.ts";
import {
  chainsResponse,
  EVM_PAYER,
  EVM_RECIPIENT,
  EVM_TOKEN,
  NOW,
  orderFor,
  RECIPIENT,
  SVM_MINT,
  SVM_PAYER,
  vmTypes,
} from "./quote-fixture.ts";

const STRANGER = "0x3333333333333333333333333333333333333333";
const OTHER_TOKEN = "0x4444444444444444444444444444444444444444";
const codes = (result: LegVerification) => result.failures.map((failure) => failure.code);
const idOf = (order: Order) => getOrderId(order, vmTypes);
const fill = (order: Order, source: LegSource, finality = {}) =>
  verifyOrderFill(order, source, { chains: chainsResponse, finality });

/** A native fill of `order` as the service sends it: value to the recipient, the id as its data. */
const nativeFill = (order: Order, value: bigint, extra: Partial<Parameters<typeof evmEvidence>[0]> = {}) =>
  evmEvidence({ to: EVM_RECIPIENT, input: idOf(order), value, ...extra });
/** A token fill: `transfer(recipient, value)` with the id appended, and the token's Transfer log. */
const tokenFill = (
  order: Order,
  value: bigint,
  to = EVM_RECIPIENT,
  logs = [transferLog(EVM_TOKEN, "0x5555555555555555555555555555555555555555", to, value)],
) =>
  evmEvidence({ to: EVM_TOKEN, input: `0xa9059cbb${"00".repeat(64)}${idOf(order).slice(2)}` as Hex, logs });

describe("orders: verifyOrderFill / verifyOrderRefund from evidence", () => {
  it("property: a fill paying at least the minimum passes, below it fails with the amount code, whatever unrelated logs ride along", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("native" as const, "token" as const),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.array(
          fc.constantFrom("other-token-to-recipient", "erc721-shape-to-recipient", "token-to-stranger"),
          { maxLength: 4 },
        ),
        async (currency, minimum, delta, noise) => {
          const order = evmOutputOrder(currency, minimum.toString());
          const paid = minimum + delta < 0n ? 0n : minimum + delta;
          const logs = noise.map((kind) =>
            kind === "other-token-to-recipient"
              ? transferLog(OTHER_TOKEN, STRANGER, EVM_RECIPIENT, minimum)
              : kind === "erc721-shape-to-recipient"
                ? transferLog(EVM_TOKEN, STRANGER, EVM_RECIPIENT, minimum, true)
                : transferLog(EVM_TOKEN, STRANGER, STRANGER, minimum),
          );
          const evidence =
            currency === "native"
              ? nativeFill(order, paid, { logs })
              : tokenFill(order, paid, EVM_RECIPIENT, [
                  ...(paid > 0n ? [transferLog(EVM_TOKEN, STRANGER, EVM_RECIPIENT, paid)] : []),
                  ...logs,
                ]);
          const result = await fill(order, evidence);
          const expected =
            paid >= minimum ? [] : paid === 0n ? ["FILL_RECIPIENT_NOT_PAID"] : ["FILL_BELOW_MINIMUM"];
          expect(codes(result)).to.deep.equal(expected);
          expect(result.ok).to.equal(expected.length === 0);
          expect(result.orderId).to.equal(idOf(order));
        },
      ),
      { numRuns: 200 },
    );
  });

  describe("EVM fills: each tamper fails with its code", () => {
    const order = evmOutputOrder("native");
    it("the service's own fill passes, and every check is listed", async () => {
      const result = await fill(order, nativeFill(order, 990_000n));
      expect(result.ok).to.equal(true);
      expect(result.checks.map((check) => check.check)).to.deep.equal([
        "order",
        "transaction",
        "order id tag",
        "chain",
        "finality",
        "deadline",
        "amount",
      ]);
    });
    it("a fill of another order (input ends with another id): ORDER_ID_TAG_MISSING, and its value does not count", async () => {
      const other = evmOutputOrder("native");
      other.salt = "1";
      const result = await fill(
        order,
        evmEvidence({ to: EVM_RECIPIENT, input: idOf(other), value: 990_000n }),
      );
      expect(codes(result)).to.deep.equal(["ORDER_ID_TAG_MISSING", "FILL_RECIPIENT_NOT_PAID"]);
    });
    it("a reverted fill: TX_FAILED alone (nothing else is judged)", async () => {
      expect(codes(await fill(order, nativeFill(order, 990_000n, { status: "reverted" })))).to.deep.equal([
        "TX_FAILED",
      ]);
    });
    it("a late fill: FILL_LATE; with another order's id too, the tag comes first", async () => {
      const late = { blockTimestamp: order.output.deadline + 1 };
      expect(codes(await fill(order, nativeFill(order, 990_000n, late)))).to.deep.equal(["FILL_LATE"]);
      const atDeadline = { blockTimestamp: order.output.deadline };
      expect(codes(await fill(order, nativeFill(order, 990_000n, atDeadline)))).to.deep.equal([]);
      const foreign = evmEvidence({
        to: EVM_RECIPIENT,
        input: `0x${"00".repeat(32)}`,
        value: 990_000n,
        ...late,
      });
      expect(codes(await fill(order, foreign))).to.deep.equal([
        "ORDER_ID_TAG_MISSING",
        "FILL_LATE",
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
    it("a fill to another recipient: FILL_RECIPIENT_NOT_PAID", async () => {
      const result = await fill(order, evmEvidence({ to: STRANGER, input: idOf(order), value: 990_000n }));
      expect(codes(result)).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
    });
    it("not final at the confirmations asked: TX_NOT_FINAL; final once the head is far enough", async () => {
      const shallow = { headBlockNumber: 101n };
      expect(
        codes(await fill(order, nativeFill(order, 990_000n, shallow), { confirmations: 3 })),
      ).to.deep.equal(["TX_NOT_FINAL"]);
      const deep = nativeFill(order, 990_000n, { headBlockNumber: 102n });
      expect(codes(await fill(order, deep, { confirmations: 3 }))).to.deep.equal([]);
      const { headBlockNumber: _, ...noHead } = deep;
      expect(codes(await fill(order, noHead, { confirmations: 3 }))).to.deep.equal(["TX_NOT_FINAL"]);
    });
    it("the service's finality by default: both 10 blocks on top and 60 s since its block; per-chain overrides", async () => {
      const at = (headBlockNumber: bigint, seconds: number) =>
        nativeFill(order, 990_000n, { headBlockNumber, headBlockTimestamp: NOW - 60 + seconds });
      expect(codes(await fill(order, at(110n, 60)))).to.deep.equal([]);
      expect(codes(await fill(order, at(109n, 600)))).to.deep.equal(["TX_NOT_FINAL"]);
      expect(codes(await fill(order, at(200n, 59)))).to.deep.equal(["TX_NOT_FINAL"]);
      const byChain = { finalityByChain: { base: { blocks: 1, seconds: 0 } } };
      const relaxed = await verifyOrderFill(order, at(101n, 0), { chains: chainsResponse, ...byChain });
      expect(codes(relaxed)).to.deep.equal([]);
    });
    it("signed for another chain than the output's: LEG_CHAIN_MISMATCH", async () => {
      expect(codes(await fill(order, nativeFill(order, 990_000n, { chainId: 10 })))).to.deep.equal([
        "LEG_CHAIN_MISMATCH",
      ]);
      expect(codes(await fill(order, nativeFill(order, 990_000n, { chainId: 8453 })))).to.deep.equal([]);
    });
    it("tokens count inflows only: what the recipient passes on in the same transaction is not subtracted", async () => {
      const token = evmOutputOrder("token");
      const logs = [
        transferLog(EVM_TOKEN, STRANGER, EVM_RECIPIENT, 990_000n),
        transferLog(EVM_TOKEN, EVM_RECIPIENT, STRANGER, 990_000n),
      ];
      expect(codes(await fill(token, tokenFill(token, 0n, EVM_RECIPIENT, logs)))).to.deep.equal([]);
    });
    it("a Transfer log emitted by another contract, or with ERC-721's shape, is not the order's token", async () => {
      const token = evmOutputOrder("token");
      const fake = [
        transferLog(OTHER_TOKEN, STRANGER, EVM_RECIPIENT, 990_000n),
        transferLog(EVM_TOKEN, STRANGER, EVM_RECIPIENT, 990_000n, true),
      ];
      expect(codes(await fill(token, tokenFill(token, 0n, EVM_RECIPIENT, fake)))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
    it("an order that does not encode: ORDER_UNENCODABLE; a malformed chains throws", async () => {
      const broken = { ...order, solver: "not an address" };
      expect(codes(await fill(broken as Order, nativeFill(order, 990_000n)))).to.deep.equal([
        "ORDER_UNENCODABLE",
      ]);
      for (const chains of [42, null, { base: "not-a-vm" }]) {
        let thrown: unknown;
        await verifyOrderFill(order, nativeFill(order, 990_000n), { chains }).catch((error) => {
          thrown = error;
        });
        expect(thrown, JSON.stringify(chains)).to.be.instanceOf(TypeError);
      }
      // A chain → VM type map works in place of GET /chains (no numeric ids: no chain id check).
      expect(
        codes(await verifyOrderFill(order, nativeFill(order, 990_000n), { chains: vmTypes })),
      ).to.deep.equal([]);
    });
  });

  describe("EVM refunds", () => {
    const order = orderFor("evm-native");
    order.inputs[0]!.refunds[0]!.minimumAmount = "1000000";
    const refund = (
      to: string,
      value: bigint,
      extra: Partial<Parameters<typeof evmEvidence>[0]> = {},
      deposited?: bigint,
    ) =>
      verifyOrderRefund(order, evmEvidence({ to, input: idOf(order), value, ...extra }), {
        chains: chainsResponse,
        ...(deposited === undefined ? {} : { deposited }),
      });
    it("to the order's refund recipient, its minimum, before its deadline: passes", async () => {
      expect(codes(await refund(EVM_PAYER, 1_000_000n))).to.deep.equal([]);
    });
    it("to a stranger: REFUND_RECIPIENT_NOT_ALLOWED", async () => {
      expect(codes(await refund(STRANGER, 1_000_000n))).to.deep.equal(["REFUND_RECIPIENT_NOT_ALLOWED"]);
    });
    it("after the refund deadline: REFUND_LATE", async () => {
      const late = { blockTimestamp: NOW + 601 };
      expect(codes(await refund(EVM_PAYER, 1_000_000n, late))).to.deep.equal(["REFUND_LATE"]);
    });
    it("less than the minimum: REFUND_BELOW_MINIMUM, unless the deposit itself was short (floor in proportion)", async () => {
      expect(codes(await refund(EVM_PAYER, 999_999n))).to.deep.equal(["REFUND_BELOW_MINIMUM"]);
      expect(codes(await refund(EVM_PAYER, 500_000n, {}, 500_000n))).to.deep.equal([]);
      expect(codes(await refund(EVM_PAYER, 499_999n, {}, 500_000n))).to.deep.equal(["REFUND_BELOW_MINIMUM"]);
    });
    it("on the output chain instead of an input's: LEG_CHAIN_MISMATCH", async () => {
      const svmOrigin = orderFor("svm-native");
      const result = await verifyOrderRefund(
        svmOrigin,
        evmEvidence({ to: EVM_PAYER, input: idOf(svmOrigin), value: 1n }),
        { chains: chainsResponse },
      );
      expect(codes(result)).to.deep.equal(["LEG_CHAIN_MISMATCH"]);
    });
  });

  describe("SVM legs", () => {
    let solver: KeyPairSigner;
    before(async () => {
      solver = await generateKeyPairSigner();
    });
    const solOrder = () => {
      const order = orderFor("evm-native");
      const payment = order.output.payments[0]!;
      payment.currency = NATIVE_CURRENCY["solana-vm"];
      return order;
    };
    const sol = (
      to: string,
      lamports: bigint,
      tag: string,
      extra: Partial<Parameters<typeof svmEvidence>[0]> = {},
    ) =>
      svmEvidence({
        payer: solver,
        instructions: [
          getTransferSolInstruction({ source: solver, destination: to as never, amount: lamports }),
          memo(tag, solver),
        ],
        lamports: { [to]: [1_000_000n, 1_000_000n + lamports] },
        ...extra,
      });

    it("a SOL fill with the order id memo passes; another id, short, another recipient fail with their code", async () => {
      const order = solOrder();
      const id = idOf(order);
      expect(codes(await fill(order, await sol(RECIPIENT, 990_000n, id)))).to.deep.equal([]);
      expect(codes(await fill(order, await sol(RECIPIENT, 990_000n, `0x${"11".repeat(32)}`)))).to.deep.equal([
        "ORDER_ID_TAG_MISSING",
      ]);
      expect(codes(await fill(order, await sol(RECIPIENT, 989_999n, id)))).to.deep.equal([
        "FILL_BELOW_MINIMUM",
      ]);
      expect(codes(await fill(order, await sol(SVM_PAYER, 990_000n, id)))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
    it("not finalized: TX_NOT_FINAL (confirmed passes when asked); no block time: deadline unchecked, as the service; failed: TX_FAILED", async () => {
      const order = solOrder();
      const id = idOf(order);
      expect(
        codes(await fill(order, await sol(RECIPIENT, 990_000n, id, { commitment: "processed" }))),
      ).to.deep.equal(["TX_NOT_FINAL"]);
      const confirmed = await sol(RECIPIENT, 990_000n, id, { commitment: "confirmed" });
      expect(codes(await fill(order, confirmed))).to.deep.equal(["TX_NOT_FINAL"]);
      expect(codes(await fill(order, confirmed, { commitment: "confirmed" }))).to.deep.equal([]);
      const noTime = await sol(RECIPIENT, 990_000n, id, { blockTime: null });
      const unchecked = await fill(order, noTime);
      expect(codes(unchecked)).to.deep.equal([]);
      expect(unchecked.checks.find((check) => check.check === "deadline")?.detail).to.match(/not checked/);
      expect(
        codes(
          await fill(order, await sol(RECIPIENT, 990_000n, id, { err: { InstructionError: [0, "Custom"] } })),
        ),
      ).to.deep.equal(["TX_FAILED"]);
    });
    it("a wire transaction cut short: TX_MALFORMED, never a read past its end", async () => {
      const order = solOrder();
      const evidence = await sol(RECIPIENT, 990_000n, idOf(order));
      const [wire] = evidence.transaction.transaction;
      const cut = Buffer.from(wire, "base64").subarray(0, 100).toString("base64");
      const broken = {
        ...evidence,
        transaction: { ...evidence.transaction, transaction: [cut, "base64"] as const },
      };
      expect(codes(await fill(order, broken))).to.deep.equal(["TX_MALFORMED"]);
    });
    it("a token fill counts the recipient's own token accounts of the mint (a new account counts from zero)", async () => {
      const order = orderFor("evm-native"); // output: SVM_MINT to RECIPIENT, minimum 990000
      const account = (await generateKeyPairSigner()).address;
      const touch: Instruction = {
        programAddress: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as never,
        accounts: [{ address: account, role: 1 }],
        data: new Uint8Array([12]),
      } as Instruction;
      const evidence = (owner: string, mint: string, post: bigint) =>
        svmEvidence({
          payer: solver,
          instructions: [touch, memo(idOf(order), solver)],
          tokens: [{ account, mint, owner, pre: null, post }],
        });
      expect(codes(await fill(order, await evidence(RECIPIENT, SVM_MINT, 990_000n)))).to.deep.equal([]);
      expect(codes(await fill(order, await evidence(RECIPIENT, SVM_MINT, 1n)))).to.deep.equal([
        "FILL_BELOW_MINIMUM",
      ]);
      expect(codes(await fill(order, await evidence(SVM_PAYER, SVM_MINT, 990_000n)))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
      const otherMint = (await generateKeyPairSigner()).address;
      expect(codes(await fill(order, await evidence(RECIPIENT, otherMint, 990_000n)))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
    it("a SOL refund to a stranger: REFUND_RECIPIENT_NOT_ALLOWED; to the payer: passes", async () => {
      const order = orderFor("svm-native");
      const stranger = (await generateKeyPairSigner()).address;
      const refund = async (to: string) =>
        codes(
          await verifyOrderRefund(order, await sol(to, 1_000_000n, idOf(order)), {
            chains: chainsResponse,
          }),
        );
      expect(await refund(stranger)).to.deep.equal(["REFUND_RECIPIENT_NOT_ALLOWED"]);
      expect(await refund(SVM_PAYER)).to.deep.equal([]);
    });
  });
});
