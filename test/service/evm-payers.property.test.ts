/**
 * Property: the payer of a native depository deposit is whoever's balance paid it, read from the
 * transaction's call tree. Random paths from the transaction's sender to the depository: accounts
 * that pass on what they were sent (a multicall, the order-gated depositor), delegate calls (a
 * Safe's proxy running its singleton), and accounts that pay from their own balance (an ERC-4337
 * account entered by a bundler, a Safe executed by a relayer, a 7702 account called by a sponsor).
 * The payer is the last account entered with less than the deposit's value, or the sender when none
 * was; reverted deposit calls are left out. Plus the ERC-20 `Transfer` chain, by example.
 */
import { expect } from "chai";
import fc from "fast-check";
import { encodeFunctionData, getAddress, type Hex, numberToHex, pad, zeroAddress } from "viem";
import { RELAY_DEPOSITORY_ABI } from "../../src/orders/index.ts";
import {
  type CallFrame,
  erc20DepositPayer,
  nativeDepositPayers,
} from "../../src/service/chains/evm-payers.ts";

const DEPOSITORY = "0x4cd00e387622c35bddb9b4c962c136462338bc31";
const address = (n: number) => getAddress(pad(numberToHex(n + 1), { size: 20 }));
const SENDER = address(1000);
const input = encodeFunctionData({
  abi: RELAY_DEPOSITORY_ABI,
  functionName: "depositNative",
  args: [zeroAddress, pad("0x01", { size: 32 })],
});

type Hop = "pass" | "wallet" | "delegate";

/** The call tree of `hops` ending in a deposit of `value`, and the payer it must give. */
function callTree(hops: readonly Hop[], value: bigint, extra: bigint, revertedSibling: boolean) {
  const frames: CallFrame[] = [];
  let current = SENDER;
  let payer = SENDER;
  hops.forEach((hop, i) => {
    const next = address(i);
    if (hop === "delegate" && frames.length > 0) {
      frames.push({ type: "DELEGATECALL", from: current, to: address(500 + i), value: numberToHex(value) });
      return;
    }
    const carried = hop === "wallet" ? value - 1n - (extra % value) : value + extra;
    frames.push({ type: "CALL", from: current, to: next, value: numberToHex(carried) });
    current = next;
    if (hop === "wallet") payer = next;
  });
  const deposit: CallFrame = {
    type: "CALL",
    from: current,
    to: DEPOSITORY,
    input,
    value: numberToHex(value),
  };
  const root = frames.reduceRight<CallFrame>((inner, frame) => ({ ...frame, calls: [inner] }), deposit);
  if (revertedSibling) {
    const reverted = { ...deposit, from: address(900), error: "execution reverted" };
    root.calls = [reverted, ...(root.calls ?? [])];
  }
  return { root, payer: getAddress(payer) };
}

describe("property: who paid a native depository deposit", () => {
  it("the last account entered with less than the deposit's value, or the transaction's sender", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Hop>("pass", "wallet", "delegate"), { maxLength: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.boolean(),
        (hops, value, extra, revertedSibling) => {
          const { root, payer } = callTree(hops, value, extra, revertedSibling && hops.length > 0);
          expect(nativeDepositPayers(root, DEPOSITORY)).to.deep.equal([payer]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a deposit call under a reverted call emitted nothing and has no payer", () => {
    const { root } = callTree(["wallet"], 5n, 0n, false);
    expect(nativeDepositPayers({ ...root, error: "execution reverted" }, DEPOSITORY)).to.deep.equal([]);
  });
});

describe("who paid an ERC-20 depository deposit", () => {
  const TOKEN = address(700);
  const transfer = (from: Hex, to: Hex, value: bigint, logIndex: number) => ({
    address: TOKEN,
    topics: [
      "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
      pad(from.toLowerCase() as Hex, { size: 32 }),
      pad(to.toLowerCase() as Hex, { size: 32 }),
    ] as Hex[],
    data: pad(numberToHex(value), { size: 32 }),
    logIndex,
  });
  const [payer, gate, other] = [address(1), address(2), address(3)];

  it("the account the depository pulled from, or the account that had just sent it as much", () => {
    expect(erc20DepositPayer([transfer(payer, DEPOSITORY, 10n, 0)], TOKEN, DEPOSITORY, 1)).to.equal(payer);
    const gated = [transfer(payer, gate, 10n, 0), transfer(gate, DEPOSITORY, 10n, 2)];
    expect(erc20DepositPayer(gated, TOKEN, DEPOSITORY, 3)).to.equal(payer);
    // Less than the deposit arrived at the gate first: the gate paid from its own balance.
    const topped = [transfer(other, gate, 4n, 0), transfer(gate, DEPOSITORY, 10n, 1)];
    expect(erc20DepositPayer(topped, TOKEN, DEPOSITORY, 2)).to.equal(getAddress(gate));
    // A transfer after the deposit's event is not its payment.
    expect(erc20DepositPayer([transfer(payer, DEPOSITORY, 10n, 5)], TOKEN, DEPOSITORY, 1)).to.equal(null);
  });
});
