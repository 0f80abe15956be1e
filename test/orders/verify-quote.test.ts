import { expect } from "chai";
import fc from "fast-check";
import { encodeFunctionData, type Hex } from "viem";
import {
  encodeSvmDepositData,
  getOrderId,
  type QuoteOrderVerification,
  RELAY_DEPOSITORY_ABI,
  signOrderId,
  verifyQuoteOrder,
} from "../../src/index.ts";
import { mutateOrder, orderLeaves } from "./order-mutation.ts";
import {
  attacker,
  EVM_PAYER,
  EVM_RECIPIENT,
  EVM_TOKEN,
  options,
  orderFor,
  quoteFor,
  RECIPIENT,
  SVM_MINT,
  SVM_PAYER,
  type TestQuote,
  vmTypes,
} from "./quote-fixture.ts";

const codes = (result: QuoteOrderVerification) => result.failures.map((failure) => failure.code).sort();
const evmItem = (quote: TestQuote) =>
  quote.steps.at(-1)!.items[0]!.data as { data: Hex; value: string; from: string; to: string };
const svmInstruction = (quote: TestQuote) =>
  (
    quote.steps[0]!.items[0]!.data as {
      instructions: { programId: string; data: Hex; keys: { pubkey: string }[] }[];
    }
  ).instructions[0]!;

describe("verifyQuoteOrder: honest quotes pass", () => {
  for (const origin of ["evm-native", "evm-erc20", "svm-native", "svm-token"] as const) {
    it(`${origin}: every check passes and the recomputed id is returned`, async () => {
      const quote = await quoteFor(origin);
      const result = await verifyQuoteOrder(quote, options(origin));
      expect(result.failures).to.deep.equal([]);
      expect(result.ok).to.equal(true);
      expect(result.orderId).to.equal(quote.protocol.v2.orderId);
      expect(result.paymentChain?.protocolChainId).to.equal(origin.startsWith("svm") ? "solana" : "base");
    });
  }
});

describe("verifyQuoteOrder: attacks on the order", () => {
  it("tampered order data (output recipient swapped, id kept): ORDER_ID_MISMATCH first, SIGNER_NOT_SOLVER and DEPOSIT_ID_MISMATCH derived from it", async () => {
    const quote = await quoteFor("evm-native");
    quote.protocol.v2.orderData.output.payments[0]!.recipient = SVM_PAYER;
    expect(getOrderId(quote.protocol.v2.orderData, vmTypes)).to.not.equal(quote.protocol.v2.orderId);
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(result.ok).to.equal(false);
    expect(result.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["ORDER_ID_MISMATCH", undefined],
      ["SIGNER_NOT_SOLVER", "ORDER_ID_MISMATCH"],
      ["DEPOSIT_ID_MISMATCH", "ORDER_ID_MISMATCH"],
    ]);
  });

  it("tampered order re-hashed and signed by an attacker: SIGNER_NOT_SOLVER only", async () => {
    const order = orderFor("evm-native");
    order.output.payments[0]!.recipient = SVM_PAYER;
    const quote = await quoteFor("evm-native", order);
    quote.protocol.v2.orderSignature = await signOrderId(attacker, quote.protocol.v2.orderId);
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(codes(result)).to.deep.equal(["SIGNER_NOT_SOLVER"]);
    expect(result.failures[0]!.actual).to.equal(attacker.address);
    expect(result.failures[0]!.causedBy).to.equal(undefined);
  });

  it("an order naming another solver, signed by it: ORDER_SOLVER_MISMATCH and SIGNER_NOT_SOLVER", async () => {
    const order = { ...orderFor("evm-native"), solver: attacker.address };
    const quote = await quoteFor("evm-native", order);
    quote.protocol.v2.orderSignature = await signOrderId(attacker, quote.protocol.v2.orderId);
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "ORDER_SOLVER_MISMATCH",
      "SIGNER_NOT_SOLVER",
    ]);
  });

  it("a malformed signature (v = 29): SIGNATURE_INVALID", async () => {
    const quote = await quoteFor("evm-native");
    quote.protocol.v2.orderSignature = `${quote.protocol.v2.orderSignature.slice(0, 130)}1d` as Hex;
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal(["SIGNATURE_INVALID"]);
  });

  it("an order on a chain GET /chains does not list: ORDER_UNENCODABLE carrying ORDER_UNKNOWN_CHAIN", async () => {
    const quote = await quoteFor("evm-native");
    quote.protocol.v2.orderData.output.chainId = "bitcoin";
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(codes(result)).to.deep.equal(["ORDER_UNENCODABLE"]);
    expect(result.failures[0]!.actual).to.equal("ORDER_UNKNOWN_CHAIN");
  });

  it("a quote without protocol data: QUOTE_NO_PROTOCOL_DATA", async () => {
    const { protocol: _, ...quote } = await quoteFor("evm-native");
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "QUOTE_NO_PROTOCOL_DATA",
    ]);
  });

  it("any single change to the order data, id and signature kept, never passes", async () => {
    const quote = await quoteFor("evm-erc20");
    const allVm = { ...vmTypes, "base-2": "ethereum-vm", "solana-2": "solana-vm" } as const;
    const chains = {
      chains: [
        ...options("evm-erc20").chains.chains,
        {
          id: 1,
          vmType: "evm",
          protocol: { v2: { chainId: "base-2", depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31" } },
        },
        {
          id: 2,
          vmType: "svm",
          protocol: {
            v2: { chainId: "solana-2", depository: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2" },
          },
        },
      ],
    };
    const leaves = orderLeaves(quote.protocol.v2.orderData, allVm);
    await fc.assert(
      fc.asyncProperty(fc.nat(leaves.length - 1), fc.nat(1000), async (pick, salt) => {
        const tampered = structuredClone(quote);
        tampered.protocol.v2.orderData = mutateOrder(quote.protocol.v2.orderData, leaves[pick]!, allVm, salt);
        const result = await verifyQuoteOrder(tampered, { ...options("evm-erc20"), chains });
        expect(result.ok).to.equal(false);
        expect(codes(result)).to.include("ORDER_ID_MISMATCH");
      }),
      { numRuns: 60 },
    );
  });
});

describe("verifyQuoteOrder: attacks on the EVM deposit step", () => {
  it("deposit id is another order's id: DEPOSIT_ID_MISMATCH", async () => {
    const quote = await quoteFor("evm-native");
    const other = `0x${"42".repeat(32)}` as Hex;
    evmItem(quote).data = encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositNative",
      args: [EVM_PAYER, other],
    });
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(codes(result)).to.deep.equal(["DEPOSIT_ID_MISMATCH"]);
    expect(result.failures[0]!.actual).to.equal(other);
  });

  it("deposit credits another depositor: DEPOSITOR_MISMATCH", async () => {
    const quote = await quoteFor("evm-native");
    evmItem(quote).data = encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositNative",
      args: [EVM_RECIPIENT, quote.protocol.v2.orderId],
    });
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal(["DEPOSITOR_MISMATCH"]);
  });

  it("the step pays a look-alike depository named by the quote: DEPOSITORY_MISMATCH first, the step refused and DEPOSIT_STEP_MISSING derived from it", async () => {
    const quote = await quoteFor("evm-native");
    const fake = "0x4cd00e387622c35bddb9b4c962c136462338bc32";
    evmItem(quote).to = fake;
    quote.protocol.v2.paymentDetails.depository = fake;
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(result.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["DEPOSITORY_MISMATCH", undefined],
      ["UNEXPECTED_STEP_ITEM", "DEPOSITORY_MISMATCH"],
      ["DEPOSIT_STEP_MISSING", "DEPOSITORY_MISMATCH"],
    ]);
    expect(result.failures[1]!.location).to.deep.equal({ step: 0, item: 0 });
  });

  it("paymentDetails without a depository (null or missing): DEPOSITORY_MISMATCH", async () => {
    for (const depository of [null, undefined]) {
      const quote = await quoteFor("evm-native");
      (quote.protocol.v2.paymentDetails as { depository: unknown }).depository = depository;
      expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
        "DEPOSITORY_MISMATCH",
      ]);
    }
  });

  it("two step items pay the depository: DEPOSIT_STEP_AMBIGUOUS", async () => {
    const quote = await quoteFor("evm-native");
    (quote.steps[0]!.items as unknown[]).push(structuredClone(quote.steps[0]!.items[0]!));
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "DEPOSIT_STEP_AMBIGUOUS",
    ]);
  });

  it("native value one wei short: DEPOSIT_AMOUNT_MISMATCH", async () => {
    const quote = await quoteFor("evm-native");
    evmItem(quote).value = "999999";
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "DEPOSIT_AMOUNT_MISMATCH",
    ]);
  });

  it("ERC-20 order paid through depositNative: DEPOSIT_FUNCTION_MISMATCH", async () => {
    const quote = await quoteFor("evm-erc20");
    evmItem(quote).data = encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositNative",
      args: [EVM_PAYER, quote.protocol.v2.orderId],
    });
    evmItem(quote).value = "1000000";
    expect(codes(await verifyQuoteOrder(quote, options("evm-erc20")))).to.deep.equal([
      "DEPOSIT_FUNCTION_MISMATCH",
    ]);
  });

  it("ERC-20 deposit of another token and a short amount: DEPOSIT_CURRENCY_MISMATCH and DEPOSIT_AMOUNT_MISMATCH", async () => {
    const quote = await quoteFor("evm-erc20");
    evmItem(quote).data = encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositErc20",
      args: [EVM_PAYER, EVM_RECIPIENT, 999_999n, quote.protocol.v2.orderId],
    });
    expect(codes(await verifyQuoteOrder(quote, options("evm-erc20")))).to.deep.equal([
      "DEPOSIT_AMOUNT_MISMATCH",
      "DEPOSIT_CURRENCY_MISMATCH",
    ]);
  });

  it("ERC-20 deposit that also sends native value: DEPOSIT_VALUE_NOT_ZERO", async () => {
    const quote = await quoteFor("evm-erc20");
    evmItem(quote).value = "1";
    expect(codes(await verifyQuoteOrder(quote, options("evm-erc20")))).to.deep.equal([
      "DEPOSIT_VALUE_NOT_ZERO",
    ]);
  });

  it("calldata that is no deposit function: DEPOSIT_CALL_UNDECODABLE", async () => {
    const quote = await quoteFor("evm-native");
    evmItem(quote).data = "0xa9059cbb";
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "DEPOSIT_CALL_UNDECODABLE",
    ]);
  });

  it("the transaction is sent by another account: DEPOSIT_SENDER_MISMATCH", async () => {
    const quote = await quoteFor("evm-native");
    evmItem(quote).from = EVM_RECIPIENT;
    expect(codes(await verifyQuoteOrder(quote, options("evm-native")))).to.deep.equal([
      "DEPOSIT_SENDER_MISMATCH",
    ]);
  });

  it("unsigned paymentDetails that disagree with the order: PAYMENT_DETAILS_MISMATCH", async () => {
    const quote = await quoteFor("evm-erc20");
    quote.protocol.v2.paymentDetails.amount = "1";
    quote.protocol.v2.paymentDetails.currency = EVM_TOKEN.toLowerCase();
    expect(codes(await verifyQuoteOrder(quote, options("evm-erc20")))).to.deep.equal([
      "PAYMENT_DETAILS_MISMATCH",
    ]);
  });
});

describe("verifyQuoteOrder: attacks on the SVM deposit instruction", () => {
  it("another discriminator: DEPOSIT_CALL_UNDECODABLE", async () => {
    const quote = await quoteFor("svm-native");
    const instruction = svmInstruction(quote);
    instruction.data = `0x0000000000000000${instruction.data.slice(18)}` as Hex;
    expect(codes(await verifyQuoteOrder(quote, options("svm-native")))).to.deep.equal([
      "DEPOSIT_CALL_UNDECODABLE",
    ]);
  });

  it("the instruction goes to another program: UNEXPECTED_STEP_ITEM and DEPOSIT_STEP_MISSING", async () => {
    const quote = await quoteFor("svm-native");
    svmInstruction(quote).programId = SVM_PAYER;
    const result = await verifyQuoteOrder(quote, options("svm-native"));
    expect(codes(result)).to.deep.equal(["DEPOSIT_STEP_MISSING", "UNEXPECTED_STEP_ITEM"]);
    expect(result.failures[0]!.location).to.deep.equal({ step: 0, item: 0, instruction: 0 });
  });

  it("amount, id and depositor of another deposit: DEPOSIT_AMOUNT_MISMATCH, DEPOSIT_ID_MISMATCH, DEPOSITOR_MISMATCH", async () => {
    const quote = await quoteFor("svm-token");
    const instruction = svmInstruction(quote);
    instruction.data = encodeSvmDepositData("token", 999_999n, `0x${"42".repeat(32)}`);
    instruction.keys[2]!.pubkey = RECIPIENT;
    expect(codes(await verifyQuoteOrder(quote, options("svm-token")))).to.deep.equal(
      ["DEPOSITOR_MISMATCH", "DEPOSIT_AMOUNT_MISMATCH", "DEPOSIT_ID_MISMATCH"].sort(),
    );
  });

  it("a token order paid with deposit_native: DEPOSIT_FUNCTION_MISMATCH", async () => {
    const quote = await quoteFor("svm-token");
    svmInstruction(quote).data = encodeSvmDepositData("native", 1_000_000n, quote.protocol.v2.orderId);
    expect(codes(await verifyQuoteOrder(quote, options("svm-token")))).to.deep.equal([
      "DEPOSIT_FUNCTION_MISMATCH",
    ]);
  });

  it("another mint: DEPOSIT_CURRENCY_MISMATCH", async () => {
    const quote = await quoteFor("svm-token");
    svmInstruction(quote).keys[4]!.pubkey = RECIPIENT;
    expect(SVM_MINT).to.not.equal(RECIPIENT);
    expect(codes(await verifyQuoteOrder(quote, options("svm-token")))).to.deep.equal([
      "DEPOSIT_CURRENCY_MISMATCH",
    ]);
  });
});

describe("verifyQuoteOrder: deadline and policy", () => {
  it("output.deadline is valid through its last second (as on chain); one second later: DEADLINE_PASSED", async () => {
    const quote = await quoteFor("evm-native");
    const deadline = quote.protocol.v2.orderData.output.deadline;
    const atDeadline = await verifyQuoteOrder(quote, { ...options("evm-native"), now: deadline });
    expect(atDeadline.failures).to.deep.equal([]);
    const result = await verifyQuoteOrder(quote, { ...options("evm-native"), now: deadline + 1 });
    expect(codes(result)).to.deep.equal(["DEADLINE_PASSED"]);
  });

  it("output.deadline inside the margin: DEADLINE_TOO_CLOSE", async () => {
    const quote = await quoteFor("evm-native");
    const result = await verifyQuoteOrder(quote, options("evm-native", { deadlineMarginSeconds: 301 }));
    expect(codes(result)).to.deep.equal(["DEADLINE_TOO_CLOSE"]);
    expect(
      (await verifyQuoteOrder(quote, options("evm-native", { deadlineMarginSeconds: 300 }))).ok,
    ).to.equal(true);
  });

  it("an output recipient outside the accepted list: RECIPIENT_NOT_ACCEPTED", async () => {
    const quote = await quoteFor("evm-native");
    const result = await verifyQuoteOrder(quote, options("evm-native", { acceptedRecipients: [SVM_PAYER] }));
    expect(codes(result)).to.deep.equal(["RECIPIENT_NOT_ACCEPTED"]);
    expect(
      (await verifyQuoteOrder(quote, options("evm-native", { acceptedRecipients: [RECIPIENT] }))).ok,
    ).to.equal(true);
  });

  it("minimum output is judged on minimumAmount, not expectedAmount: OUTPUT_BELOW_MINIMUM", async () => {
    const quote = await quoteFor("evm-native");
    const { minimumAmount, expectedAmount } = quote.protocol.v2.orderData.output.payments[0]!;
    expect(BigInt(expectedAmount) > BigInt(minimumAmount)).to.equal(true);
    const policy = { outputChainId: "solana", minimumOutput: { currency: SVM_MINT, amount: expectedAmount } };
    expect(codes(await verifyQuoteOrder(quote, options("evm-native", policy)))).to.deep.equal([
      "OUTPUT_BELOW_MINIMUM",
    ]);
    const enough = { outputChainId: 792703809, minimumOutput: { currency: SVM_MINT, amount: minimumAmount } };
    expect((await verifyQuoteOrder(quote, options("evm-native", enough))).ok).to.equal(true);
  });

  it("a malformed GET /chains response is a caller bug: INVALID_CHAINS_RESPONSE is thrown", async () => {
    const quote = await quoteFor("evm-native");
    let code: string | undefined;
    try {
      await verifyQuoteOrder(quote, { ...options("evm-native"), chains: { data: [] } });
    } catch (error) {
      code = (error as { code?: string }).code;
    }
    expect(code).to.equal("INVALID_CHAINS_RESPONSE");
  });
});
