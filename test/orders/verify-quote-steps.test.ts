/**
 * F5: verifyQuoteOrder vouches for every step item it passes. A quote is the adversary's to write;
 * each attack injects one item a wallet would run as quoted and must be refused with
 * UNEXPECTED_STEP_ITEM at its position. The harmless kinds (exact approval, compute budget, the
 * payer's own idempotent associated token account) pass.
 */
import { expect } from "chai";
import fc from "fast-check";
import { decodeFunctionData, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import {
  CANONICAL_EVM_DEPOSITORY,
  type QuoteOrderVerification,
  type QuoteSvmInstruction,
  verifyQuoteOrder,
} from "../../src/index.ts";
import {
  approveItem,
  attacker,
  EVM_PAYER,
  EVM_RECIPIENT,
  EVM_TOKEN,
  type Origin,
  options,
  quoteFor,
  SVM_MINT,
  SVM_PAYER,
  type TestQuote,
} from "./quote-fixture.ts";
import {
  computeUnitLimit,
  computeUnitPrice,
  createAtaIdempotent,
  SVM_ATTACKER,
  setAuthority,
  svmAddress,
  systemTransfer,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  tokenTransfer,
  wireTransaction,
} from "./svm-items.ts";

const OTHER_TOKEN = "0x4200000000000000000000000000000000000006";
const ATTACKER_CONTRACT = "0x9999999999999999999999999999999999999999";

type Item = { status: string; data: Record<string, unknown> };

/** Puts `data` as a step of its own before the deposit (the position a wallet runs it in). */
function injectStep(quote: TestQuote, data: Record<string, unknown>) {
  (quote.steps as { id: string; kind: string; items: Item[] }[]).unshift({
    id: "approve",
    kind: "transaction",
    items: [{ status: "incomplete", data }],
  });
}

/** The deposit item's SVM instruction list (the quote's last step). */
const svmInstructions = (quote: TestQuote) =>
  (quote.steps.at(-1)!.items[0]!.data as unknown as { instructions: QuoteSvmInstruction[] }).instructions;

const unexpectedAt = (result: QuoteOrderVerification) =>
  result.failures
    .filter((failure) => failure.code === "UNEXPECTED_STEP_ITEM")
    .map((failure) => failure.location);

async function verify(quote: TestQuote, origin: Origin, policy = {}) {
  return verifyQuoteOrder(quote, options(origin, policy));
}

describe("F5: verifyQuoteOrder refuses every step item it cannot prove harmless (EVM)", () => {
  it("attack: approve(attacker, max) of the order's token injected before the deposit: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-erc20");
    const injected = approveItem(EVM_TOKEN, attacker.address, maxUint256);
    // The attack item is what it claims: an unlimited approval to the attacker.
    expect(decodeFunctionData({ abi: erc20Abi, data: injected.data }).args).to.deep.equal([
      attacker.address,
      maxUint256,
    ]);
    injectStep(quote, injected);
    const result = await verify(quote, "evm-erc20");
    expect(result.ok).to.equal(false);
    expect(result.failures.map((f) => f.code)).to.deep.equal(["UNEXPECTED_STEP_ITEM"]);
    expect(result.failures[0]!.location).to.deep.equal({ step: 0, item: 0 });
    expect(result.failures[0]!.message).to.match(/not the depository/);
  });

  it("attack: an approval of another token (the payer's WETH) to the depository: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-erc20");
    injectStep(quote, approveItem(OTHER_TOKEN, CANONICAL_EVM_DEPOSITORY, maxUint256));
    const result = await verify(quote, "evm-erc20");
    expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0 }]);
    expect(result.failures[0]!.message).to.match(/not the order's input currency/);
  });

  it("attack: an approval in a native order (nothing to approve): UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-native");
    injectStep(quote, approveItem(EVM_TOKEN, CANONICAL_EVM_DEPOSITORY, 1_000_000n));
    expect(unexpectedAt(await verify(quote, "evm-native"))).to.deep.equal([{ step: 0, item: 0 }]);
  });

  it("attack: the quoted approval oversized to the maximum: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-erc20");
    quote.steps[0]!.items[0]!.data = approveItem(EVM_TOKEN, CANONICAL_EVM_DEPOSITORY, maxUint256);
    const result = await verify(quote, "evm-erc20");
    expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0 }]);
    expect(result.failures[0]!.message).to.match(/approves \d+, the order pays 1000000/);
  });

  it("attack: a native transfer to the attacker: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-native");
    injectStep(quote, { from: EVM_PAYER, to: attacker.address, chainId: 8453, value: "1000000", data: "0x" });
    const result = await verify(quote, "evm-native");
    expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0 }]);
    expect(result.failures[0]!.message).to.match(/sends 1000000 wei/);
  });

  it("attack: a transaction to another contract (the order's token transferred to the attacker): UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-erc20");
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [attacker.address, 1n],
    });
    injectStep(quote, { from: EVM_PAYER, to: EVM_TOKEN, chainId: 8453, value: "0", data });
    injectStep(quote, {
      from: EVM_PAYER,
      to: ATTACKER_CONTRACT,
      chainId: 8453,
      value: "0",
      data: "0x12345678",
    });
    expect(unexpectedAt(await verify(quote, "evm-erc20"))).to.deep.equal([
      { step: 0, item: 0 },
      { step: 1, item: 0 },
    ]);
  });

  it("attack: an item on another chain (an approval on chain 10): UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("evm-erc20");
    injectStep(quote, { ...approveItem(EVM_TOKEN, CANONICAL_EVM_DEPOSITORY, 1_000_000n), chainId: 10 });
    expect(unexpectedAt(await verify(quote, "evm-erc20"))).to.deep.equal([{ step: 0, item: 0 }]);
  });

  it("attack: an item without transaction data, and steps that are no array: UNEXPECTED_STEP_ITEM, QUOTE_MALFORMED", async () => {
    const quote = await quoteFor("evm-native");
    (quote.steps[0]!.items as unknown[]).push({ status: "incomplete" });
    expect(unexpectedAt(await verify(quote, "evm-native"))).to.deep.equal([{ step: 0, item: 1 }]);
    const noSteps = { ...(await quoteFor("evm-native")), steps: "deposit" } as unknown as TestQuote;
    const result = await verify(noSteps, "evm-native");
    expect(result.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["QUOTE_MALFORMED", undefined],
      ["DEPOSIT_STEP_MISSING", "QUOTE_MALFORMED"],
    ]);
  });

  it("harmless: the exact approval, and the USDT-style reset to 0 before it, pass", async () => {
    const quote = await quoteFor("evm-erc20");
    expect((await verify(quote, "evm-erc20")).failures).to.deep.equal([]);
    injectStep(quote, approveItem(EVM_TOKEN, CANONICAL_EVM_DEPOSITORY, 0n));
    expect((await verify(quote, "evm-erc20")).failures).to.deep.equal([]);
  });
});

describe("F5: verifyQuoteOrder refuses every SVM instruction it cannot prove harmless", () => {
  const hostile: [string, () => QuoteSvmInstruction][] = [
    [
      "a system transfer of the payer's SOL to the attacker",
      () => systemTransfer(SVM_PAYER, SVM_ATTACKER, 5n),
    ],
    [
      "a token transfer from the payer's account to the attacker's",
      () => tokenTransfer(svmAddress(0x11), svmAddress(0x12), SVM_PAYER, 1_000_000n),
    ],
    [
      "SetAuthority handing the payer's token account to the attacker",
      () => setAuthority(svmAddress(0x11), SVM_PAYER, SVM_ATTACKER),
    ],
    [
      "an unknown program given the payer's signature",
      () => ({ programId: svmAddress(0x77), keys: [{ pubkey: SVM_PAYER }], data: "00" }),
    ],
    [
      "an associated token account of the attacker's, paid by the payer",
      () => createAtaIdempotent(SVM_PAYER, SVM_ATTACKER, SVM_MINT),
    ],
    [
      "a non-idempotent Create of the payer's associated token account",
      () => ({ ...createAtaIdempotent(SVM_PAYER, SVM_PAYER, SVM_MINT), data: "" }),
    ],
    [
      "a CreateIdempotent naming a substituted token program",
      () => createAtaIdempotent(SVM_PAYER, SVM_PAYER, SVM_MINT, svmAddress(0x66)),
    ],
  ];
  for (const [attack, build] of hostile) {
    it(`attack: ${attack}, in the deposit's transaction: UNEXPECTED_STEP_ITEM`, async () => {
      const quote = await quoteFor("svm-token");
      svmInstructions(quote).unshift(build());
      const result = await verify(quote, "svm-token");
      expect(result.ok).to.equal(false);
      expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0, instruction: 0 }]);
    });
  }

  it("attack: a priority fee of 1.4 SOL through SetComputeUnitPrice: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("svm-native");
    // 1,400,000 CU at 1,000,000,000 micro-lamports each = 1,400,000,000 lamports.
    svmInstructions(quote).unshift(computeUnitLimit(1_400_000), computeUnitPrice(1_000_000_000n));
    const result = await verify(quote, "svm-native");
    expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0 }]);
    expect(result.failures[0]!.message).to.match(/priority fee of 1400000000 lamports/);
    expect((await verify(quote, "svm-native", { maxPriorityFeeLamports: 1_400_000_000n })).ok).to.equal(true);
  });

  it("attack: the wire transaction carries a transfer its instruction list does not show: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("svm-native");
    const data = quote.steps[0]!.items[0]!.data as unknown as {
      instructions: QuoteSvmInstruction[];
      transaction?: string;
    };
    data.transaction = wireTransaction(data.instructions, SVM_PAYER);
    expect((await verify(quote, "svm-native")).failures).to.deep.equal([]);
    data.transaction = wireTransaction(
      [systemTransfer(SVM_PAYER, SVM_ATTACKER, 1_000_000_000n), ...data.instructions],
      SVM_PAYER,
    );
    const result = await verify(quote, "svm-native");
    expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0 }]);
    expect(result.failures[0]!.message).to.match(/other instructions than its instruction list/);
  });

  it("attack: a wire transaction alone, with a transfer to the attacker: UNEXPECTED_STEP_ITEM at the instruction", async () => {
    const quote = await quoteFor("svm-native");
    const data = quote.steps[0]!.items[0]!.data as unknown as Record<string, unknown>;
    const instructions = data.instructions as QuoteSvmInstruction[];
    delete data.instructions;
    data.transaction = wireTransaction(
      [...instructions, systemTransfer(SVM_PAYER, SVM_ATTACKER, 1n)],
      SVM_PAYER,
    );
    expect(unexpectedAt(await verify(quote, "svm-native"))).to.deep.equal([
      { step: 0, item: 0, instruction: 1 },
    ]);
  });

  it("attack: an EVM-looking item in an SVM order's quote: UNEXPECTED_STEP_ITEM", async () => {
    const quote = await quoteFor("svm-native");
    injectStep(quote, { from: SVM_PAYER, to: SVM_ATTACKER, chainId: 792703809, value: "1", data: "0x" });
    expect(unexpectedAt(await verify(quote, "svm-native"))).to.deep.equal([{ step: 0, item: 0 }]);
  });

  it("harmless: compute-unit limit and price, the payer's own idempotent associated token accounts (Token and Token-2022)", async () => {
    const quote = await quoteFor("svm-token");
    svmInstructions(quote).unshift(
      computeUnitLimit(200_000),
      computeUnitPrice(50_000n),
      createAtaIdempotent(SVM_PAYER, SVM_PAYER, SVM_MINT),
      createAtaIdempotent(SVM_PAYER, SVM_PAYER, svmAddress(0x33), TOKEN_2022_PROGRAM),
    );
    expect((await verify(quote, "svm-token")).failures).to.deep.equal([]);
  });
});

describe("F5 properties: injected step items", () => {
  const evmHostile = fc.oneof(
    // Any approval other than the order's token to the depository for exactly its amount (or 0).
    fc
      .record({
        token: fc.constantFrom(EVM_TOKEN, OTHER_TOKEN),
        spender: fc.constantFrom(CANONICAL_EVM_DEPOSITORY, attacker.address, EVM_RECIPIENT),
        amount: fc.oneof(
          fc.constant(maxUint256),
          fc.constant(1_000_000n),
          fc.bigInt({ min: 1n, max: maxUint256 }),
        ),
      })
      .filter(
        ({ token, spender, amount }) =>
          !(token === EVM_TOKEN && spender === CANONICAL_EVM_DEPOSITORY && amount === 1_000_000n),
      )
      .map(({ token, spender, amount }) => approveItem(token, spender, amount)),
    // Native value or arbitrary calldata to anyone but the depository.
    fc
      .record({
        to: fc.constantFrom(attacker.address, EVM_TOKEN, OTHER_TOKEN, ATTACKER_CONTRACT, EVM_RECIPIENT),
        value: fc.bigInt({ min: 0n, max: 10n ** 20n }),
        data: fc
          .uint8Array({ maxLength: 100 })
          .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex),
      })
      .filter(({ value, data }) => value > 0n || data !== "0x")
      .map(({ to, value, data }) => ({ from: EVM_PAYER, to, chainId: 8453, value: value.toString(), data })),
  );
  const svmHostile = fc.oneof(
    fc
      .record({
        program: fc.constantFrom(
          "11111111111111111111111111111111",
          TOKEN_PROGRAM,
          TOKEN_2022_PROGRAM,
          svmAddress(0x77),
          svmAddress(0x78),
        ),
        keys: fc.array(fc.constantFrom(SVM_PAYER, SVM_ATTACKER, svmAddress(0x11)), { maxLength: 4 }),
        data: fc.uint8Array({ maxLength: 40 }),
      })
      .map(({ program, keys, data }) => ({
        programId: program,
        keys: keys.map((pubkey) => ({ pubkey })),
        data: Buffer.from(data).toString("hex"),
      })),
    // Compute budget of an unknown tag or a wrong length.
    fc
      .tuple(fc.nat(255), fc.uint8Array({ maxLength: 12 }))
      .filter(
        ([tag, rest]) => !([1, 2, 4].includes(tag) && rest.length === 4) && !(tag === 3 && rest.length === 8),
      )
      .map(([tag, rest]) => ({
        programId: "ComputeBudget111111111111111111111111111111",
        keys: [],
        data: Buffer.from([tag, ...rest]).toString("hex"),
      })),
    // An associated-token-account creation that is not the payer's own, paid by the payer.
    fc
      .record({
        funding: fc.constantFrom(SVM_PAYER, SVM_ATTACKER),
        wallet: fc.constantFrom(SVM_PAYER, SVM_ATTACKER, svmAddress(0x11)),
      })
      .filter(({ funding, wallet }) => funding !== SVM_PAYER || wallet !== SVM_PAYER)
      .map(({ funding, wallet }) => createAtaIdempotent(funding, wallet, SVM_MINT)),
  );

  it("a random hostile EVM item at a random position is always refused there", async () => {
    const quote = await quoteFor("evm-erc20");
    await fc.assert(
      fc.asyncProperty(evmHostile, fc.nat(2), async (item, position) => {
        const attacked = structuredClone(quote);
        const steps = attacked.steps as { id: string; kind: string; items: Item[] }[];
        steps.splice(position, 0, {
          id: "approve",
          kind: "transaction",
          items: [{ status: "incomplete", data: item }],
        });
        const result = await verify(attacked, "evm-erc20");
        expect(result.ok).to.equal(false);
        expect(unexpectedAt(result)).to.deep.equal([{ step: position, item: 0 }]);
      }),
      { numRuns: 150 },
    );
  });

  it("a random hostile SVM instruction at a random position is always refused there", async () => {
    for (const origin of ["svm-native", "svm-token"] as const) {
      const quote = await quoteFor(origin);
      await fc.assert(
        fc.asyncProperty(svmHostile, fc.nat(1), async (instruction, position) => {
          const attacked = structuredClone(quote);
          svmInstructions(attacked).splice(position, 0, instruction);
          const result = await verify(attacked, origin);
          expect(result.ok).to.equal(false);
          expect(unexpectedAt(result)).to.deep.equal([{ step: 0, item: 0, instruction: position }]);
        }),
        { numRuns: 100 },
      );
    }
  });

  it("any JSON as a step item, or as the steps, is refused with typed failures, never a throw", async () => {
    for (const origin of ["evm-erc20", "svm-native"] as const) {
      const quote = await quoteFor(origin);
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, asItemData) => {
          const attacked = structuredClone(quote) as unknown as { steps: unknown };
          if (asItemData) {
            const steps = attacked.steps as { items: unknown[] }[];
            steps[0]!.items.push({ status: "incomplete", data: value });
          } else attacked.steps = value;
          const result = await verifyQuoteOrder(attacked, options(origin));
          expect(result.ok).to.equal(false);
          expect(result.failures.length).to.be.greaterThan(0);
        }),
        { numRuns: 100 },
      );
    }
  });

  it("random harmless items (exact approvals, compute budget within the fee bound, the payer's own ATAs) are always accepted", async () => {
    const evmQuote = await quoteFor("evm-erc20");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(0n, 1_000_000n), { maxLength: 3 }), async (amounts) => {
        const quote = structuredClone(evmQuote);
        for (const amount of amounts)
          injectStep(quote, approveItem(EVM_TOKEN, CANONICAL_EVM_DEPOSITORY, amount));
        expect((await verify(quote, "evm-erc20")).failures).to.deep.equal([]);
      }),
      { numRuns: 30 },
    );
    const harmlessSvm = fc.oneof(
      fc.integer({ min: 0, max: 1_400_000 }).map(computeUnitLimit),
      // At most 0.01 SOL even at the 1.4M CU ceiling: price <= 7,142,857 micro-lamports per CU.
      fc.bigInt({ min: 0n, max: 7_142_857n }).map(computeUnitPrice),
      fc
        .tuple(fc.nat(255), fc.constantFrom(TOKEN_PROGRAM, TOKEN_2022_PROGRAM))
        .map(([mint, program]) => createAtaIdempotent(SVM_PAYER, SVM_PAYER, svmAddress(mint), program)),
    );
    const svmQuote = await quoteFor("svm-token");
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(harmlessSvm, {
          maxLength: 4,
          selector: (entry) => `${entry.programId}${entry.data.slice(0, 2)}`,
        }),
        async (extra) => {
          const quote = structuredClone(svmQuote);
          svmInstructions(quote).unshift(...extra);
          expect((await verify(quote, "svm-token")).failures).to.deep.equal([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
