/**
 * Properties of the crediting rule (`attestkit/credit`) over random transaction shapes:
 * - SVM: token moves in and out, owners handed to the wallet, several deposits, fee mints (the
 *   destination receives less than the source sends): the credit is exactly what accounts the
 *   wallet owned before and after (or opened for it) gained, never what instructions moved.
 * - EVM: random `Transfer` logs between the solver's keys and others, spam from other contracts,
 *   malformed logs: the credit is the net inflow from outside the keys, never below zero.
 */
import { expect } from "chai";
import fc from "fast-check";
import { encodeAbiParameters, encodeEventTopics, erc20Abi, type Hex } from "viem";
import { creditedAmount, evmTokenCredit, svmCredits } from "../../src/credit/index.ts";

const WALLET = "So1ver1111111111111111111111111111111111111";
const ATTACKER = "Attacker11111111111111111111111111111111111";
const MINT = "Mint111111111111111111111111111111111111111";

interface TokenAccount {
  owner: string;
  amount: bigint;
  exists: boolean;
}

const svmOp = fc.oneof(
  fc.record({
    kind: fc.constant("move" as const),
    from: fc.nat(4),
    to: fc.nat(4),
    amount: fc.bigInt({ min: 0n, max: 50n }),
    feeBps: fc.constantFrom(0n, 100n, 5000n),
  }),
  fc.record({ kind: fc.constant("hand-over" as const), account: fc.nat(4) }),
  fc.record({ kind: fc.constant("open" as const), owner: fc.constantFrom(WALLET, ATTACKER) }),
);

describe("property: crediting rule", () => {
  it("creditedAmount is post - pre when it grew, else 0", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1n << 70n }),
        fc.bigInt({ min: 0n, max: 1n << 70n }),
        (pre, post) => {
          expect(creditedAmount(pre, post)).to.equal(post > pre ? post - pre : 0n);
        },
      ),
    );
  });

  it("SVM: the credit is what the wallet's own accounts gained, whatever the instructions moved", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.array(fc.bigInt({ min: 0n, max: 100n }), { minLength: 5, maxLength: 5 }),
        fc.array(svmOp, { maxLength: 12 }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        (walletOwned, balances, ops, lamportsIn) => {
          // accounts 0..4 exist; index 5 (opened in the transaction) starts missing
          const pre: TokenAccount[] = walletOwned.map((mine, i) => ({
            owner: mine ? WALLET : ATTACKER,
            amount: balances[i]!,
            exists: true,
          }));
          pre.push({ owner: ATTACKER, amount: 0n, exists: false });
          const post = pre.map((a) => ({ ...a }));
          let movedOut = 0n;
          for (const op of ops) {
            if (op.kind === "open" && !post[5]!.exists)
              post[5] = { owner: op.owner, amount: 0n, exists: true };
            if (op.kind === "hand-over" && post[op.account]!.owner === ATTACKER)
              post[op.account]!.owner = WALLET;
            if (op.kind === "move") {
              const from = post[op.from]!;
              const to = post[op.to]!;
              // only the attacker signs: it can move only out of accounts it owns
              if (
                !from.exists ||
                !to.exists ||
                from.owner !== ATTACKER ||
                op.amount > from.amount ||
                op.from === op.to
              )
                continue;
              from.amount -= op.amount;
              movedOut += op.amount;
              to.amount += op.amount - (op.amount * op.feeBps) / 10_000n; // fee withheld, not in the balance
            }
          }
          const keys = [WALLET, ATTACKER, ...pre.map((_, i) => `Token${i}`)];
          const balancesOf = (accounts: TokenAccount[]) =>
            accounts.flatMap((a, i) =>
              a.exists
                ? [
                    {
                      accountIndex: i + 2,
                      mint: MINT,
                      owner: a.owner,
                      uiTokenAmount: { amount: a.amount.toString() },
                    },
                  ]
                : [],
            );
          const credits = svmCredits(
            {
              accountKeys: keys,
              preBalances: [10n, 10_000_000n],
              postBalances: [10n + lamportsIn, 10_000_000n - lamportsIn],
              preTokenBalances: balancesOf(pre),
              postTokenBalances: balancesOf(post),
            },
            { wallet: WALLET },
            "native",
          );
          let expected = 0n;
          pre.forEach((before, i) => {
            const after = post[i]!;
            const walletsThroughout = after.owner === WALLET && (!before.exists || before.owner === WALLET);
            if (after.exists && walletsThroughout)
              expected += creditedAmount(before.exists ? before.amount : 0n, after.amount);
          });
          const token = credits.find((c) => c.currency === MINT)?.amount ?? 0n;
          expect(token).to.equal(expected);
          expect(credits.find((c) => c.currency === "native")?.amount).to.equal(lamportsIn);
          // the credit never exceeds what the attacker's transfers actually moved
          expect(token <= movedOut).to.equal(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  const KEYS: Hex[] = [
    "0x1000000000000000000000000000000000000001",
    "0x1000000000000000000000000000000000000002",
  ];
  const OTHERS: Hex[] = [
    "0x2000000000000000000000000000000000000001",
    "0x2000000000000000000000000000000000000002",
  ];
  const TOKEN: Hex = "0x3000000000000000000000000000000000000003";
  const SPAM: Hex = "0x4000000000000000000000000000000000000004";
  const party = fc.constantFrom(...KEYS, ...OTHERS);
  const transferLog = (address: Hex, from: Hex, to: Hex, value: bigint) => ({
    address,
    topics: encodeEventTopics({ abi: erc20Abi, eventName: "Transfer", args: { from, to } }) as Hex[],
    data: encodeAbiParameters([{ type: "uint256" }], [value]),
  });

  it("EVM: the credit is the net Transfer inflow from outside the keys, from the token only", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            from: party,
            to: party,
            value: fc.bigInt({ min: 0n, max: 1n << 80n }),
            spam: fc.boolean(),
            malformed: fc.boolean(),
          }),
          { maxLength: 10 },
        ),
        (transfers) => {
          const ours = (a: Hex) => KEYS.includes(a);
          let expected = 0n;
          const logs = transfers.map((t) => {
            if (t.malformed)
              return {
                address: TOKEN,
                topics: [transferLog(TOKEN, t.from, t.to, 0n).topics[0]!],
                data: "0x" as Hex,
              };
            if (t.spam) return transferLog(SPAM, t.from, t.to, t.value);
            if (ours(t.to) && !ours(t.from)) expected += t.value;
            if (ours(t.from) && !ours(t.to)) expected -= t.value;
            return transferLog(TOKEN, t.from, t.to, t.value);
          });
          expect(evmTokenCredit(logs, TOKEN, KEYS)).to.equal(expected > 0n ? expected : 0n);
        },
      ),
      { numRuns: 500 },
    );
  });
});
