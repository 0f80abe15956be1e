/**
 * `evmTokenCredit` over hostile receipts: whatever logs a transaction carries (the token's own
 * `Approval`, a permit's approval, ERC-721 and ERC-777 look-alikes from the token, transfers logged
 * by other contracts such as hooks and reentrant callers, rebasing share events, fee-on-transfer
 * splits, malformed topics and data, junk in place of a log), the credit is exactly the net of the
 * token's own well-formed ERC-20 `Transfer` logs into the keys, and the function never throws.
 */
import { expect } from "chai";
import fc from "fast-check";
import { encodeAbiParameters, encodeEventTopics, erc20Abi, type Hex, pad, parseAbi, toHex } from "viem";
import { evmTokenCredit } from "../../src/credit/index.ts";
import { InvalidAddressError } from "../../src/errors.ts";

const KEYS: Hex[] = [
  "0x1000000000000000000000000000000000000001",
  "0x1000000000000000000000000000000000000002",
];
const OTHERS: Hex[] = [
  "0x2000000000000000000000000000000000000001",
  "0x2000000000000000000000000000000000000002",
];
const TOKEN: Hex = "0x3000000000000000000000000000000000000003";
/** A hook, a reentrant caller, a look-alike token: any contract that is not the token. */
const OTHER_CONTRACT: Hex = "0x4000000000000000000000000000000000000004";

const LOOKALIKES = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "event Sent(address indexed operator, address indexed from, address indexed to, uint256 amount, bytes data, bytes operatorData)",
  "event TransferShares(address indexed from, address indexed to, uint256 sharesValue)",
]);

const uint256 = (value: bigint) => encodeAbiParameters([{ type: "uint256" }], [value]);
const transferTopics = (from: Hex, to: Hex) =>
  encodeEventTopics({ abi: erc20Abi, eventName: "Transfer", args: { from, to } }) as Hex[];

/** A log, and what it adds to the keys' credit (the model: only the token's ERC-20 Transfers count). */
interface Case {
  log: unknown;
  into: bigint;
  outOf: bigint;
}

const party = fc.constantFrom(...KEYS, ...OTHERS);
const amount = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const ours = (address: Hex) => KEYS.includes(address);

/** The token's genuine transfer: it counts. */
const transfer = fc.record({ from: party, to: party, value: amount }).map(
  ({ from, to, value }): Case => ({
    log: { address: TOKEN, topics: transferTopics(from, to), data: uint256(value) },
    into: ours(to) ? value : 0n,
    outOf: ours(from) ? value : 0n,
  }),
);

/** Fee-on-transfer: one transfer logged as the net to its recipient and the fee to a collector. */
const feeOnTransfer = fc
  .record({ from: party, to: party, value: fc.bigInt({ min: 0n, max: 1n << 100n }), feeBps: fc.nat(10_000) })
  .map(({ from, to, value, feeBps }): Case[] => {
    const fee = (value * BigInt(feeBps)) / 10_000n;
    return [
      {
        log: { address: TOKEN, topics: transferTopics(from, to), data: uint256(value - fee) },
        into: ours(to) ? value - fee : 0n,
        outOf: ours(from) ? value - fee : 0n,
      },
      {
        log: { address: TOKEN, topics: transferTopics(from, OTHERS[1] as Hex), data: uint256(fee) },
        into: 0n,
        outOf: ours(from) ? fee : 0n,
      },
    ];
  });

/** Logs that move nothing into the keys as far as the token's ERC-20 Transfers go. */
const ignored = fc.oneof(
  // Approval by approve or by permit, either way round, from the token itself
  fc.record({ owner: party, spender: party, value: amount }).map(({ owner, spender, value }) => ({
    address: TOKEN,
    topics: encodeEventTopics({ abi: erc20Abi, eventName: "Approval", args: { owner, spender } }),
    data: uint256(value),
  })),
  // a phantom Transfer logged by another contract (a hook, a reentrant caller) naming the keys
  fc.record({ from: party, to: party, value: amount }).map(({ from, to, value }) => ({
    address: OTHER_CONTRACT,
    topics: transferTopics(from, to),
    data: uint256(value),
  })),
  // ERC-721 Transfer (same topic0, four topics, no data)
  fc.record({ from: party, to: party, id: amount }).map(({ from, to, id }) => ({
    address: TOKEN,
    topics: encodeEventTopics({ abi: LOOKALIKES, eventName: "Transfer", args: { from, to, tokenId: id } }),
    data: "0x",
  })),
  // ERC-777 Sent and a rebasing token's TransferShares: other events of the token
  fc.record({ from: party, to: party, value: amount }).map(({ from, to, value }) => ({
    address: TOKEN,
    topics: encodeEventTopics({ abi: LOOKALIKES, eventName: "Sent", args: { operator: from, from, to } }),
    data: encodeAbiParameters(
      [{ type: "uint256" }, { type: "bytes" }, { type: "bytes" }],
      [value, "0x", "0x"],
    ),
  })),
  fc.record({ from: party, to: party, value: amount }).map(({ from, to, value }) => ({
    address: TOKEN,
    topics: encodeEventTopics({ abi: LOOKALIKES, eventName: "TransferShares", args: { from, to } }),
    data: uint256(value),
  })),
  // malformed Transfers of the token: topics missing, extra, dirty address words, data not one word
  fc.record({ to: party, value: amount, shape: fc.nat(5) }).map(({ to, value, shape }) => {
    const [topic0, fromWord, toWord] = transferTopics(OTHERS[0] as Hex, to) as [Hex, Hex, Hex];
    const dirty = `0xff${toWord.slice(4)}` as Hex;
    const shapes = [
      { topics: [topic0, fromWord], data: uint256(value) },
      { topics: [topic0, fromWord, toWord, pad(toHex(1))], data: uint256(value) },
      { topics: [topic0, fromWord, dirty], data: uint256(value) },
      { topics: [topic0, fromWord, toWord], data: `${uint256(value)}00` },
      { topics: [topic0, fromWord, toWord], data: uint256(value).slice(0, -2) },
      { topics: [topic0, fromWord, toWord], data: `0x${"zz".repeat(32)}` },
    ];
    return { address: TOKEN, ...shapes[shape] };
  }),
  // junk where a log should be
  fc.anything(),
  fc.record({ address: fc.constant(TOKEN), topics: fc.anything(), data: fc.anything() }),
);

describe("property: EVM token credit over hostile logs", () => {
  it("credits exactly the token's own ERC-20 Transfer logs, net, and never throws", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            transfer.map((c) => [c]),
            feeOnTransfer,
            ignored.map((log): Case[] => [{ log, into: 0n, outOf: 0n }]),
          ),
          { maxLength: 12 },
        ),
        (groups) => {
          const cases = groups.flat();
          const into = cases.reduce((sum, c) => sum + c.into, 0n);
          const outOf = cases.reduce((sum, c) => sum + c.outOf, 0n);
          const logs = cases.map((c) => c.log) as Parameters<typeof evmTokenCredit>[0];
          expect(evmTokenCredit(logs, TOKEN, KEYS)).to.equal(into > outOf ? into - outOf : 0n);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("an Approval in the deposit's own transaction (OrderGatedDepositor's forceApprove) leaves the credit intact", () => {
    const gate = OTHERS[0] as Hex;
    const depository = KEYS[0] as Hex;
    const logs = [
      { address: TOKEN, topics: transferTopics(OTHERS[1] as Hex, gate), data: uint256(30n) },
      {
        address: TOKEN,
        topics: encodeEventTopics({
          abi: erc20Abi,
          eventName: "Approval",
          args: { owner: gate, spender: depository },
        }) as Hex[],
        data: uint256(30n),
      },
      { address: TOKEN, topics: transferTopics(gate, depository), data: uint256(30n) },
    ];
    expect(evmTokenCredit(logs, TOKEN, [depository])).to.equal(30n);
  });

  it("a phantom Transfer logged by the token itself is credited in full: the token's logs are trusted (F4)", () => {
    // A token may log a Transfer without moving any balance; evmTokenCredit reads logs, not balances.
    const phantom = {
      address: TOKEN,
      topics: transferTopics(OTHERS[0] as Hex, KEYS[0] as Hex),
      data: uint256(5n),
    };
    expect(evmTokenCredit([phantom], TOKEN, KEYS)).to.equal(5n);
  });

  it("a malformed token or key is the caller's mistake: InvalidAddressError", () => {
    expect(() => evmTokenCredit([], "0x123", KEYS)).to.throw(InvalidAddressError);
    expect(() => evmTokenCredit([], TOKEN, ["not an address"])).to.throw(InvalidAddressError);
  });
});
