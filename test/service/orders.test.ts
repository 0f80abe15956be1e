/**
 * Protocol orders of the mock (`includeProtocolData`): GET /chains names every chain with its
 * depository; a quote with the flag carries a signed order whose id recomputes from its data, and a
 * deposit step that pays the depository under that id; without the flag quotes are unchanged; bad
 * flags and chains without protocol ids are refused. The crediting rule is checked by property.
 */
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { decodeFunctionData, erc20Abi, getAddress, type Hex, hexToBytes } from "viem";
import {
  CANONICAL_EVM_DEPOSITORY,
  chainVmTypesFromChains,
  encodeSvmDepositData,
  getOrderId,
  type Order,
  type OrderV2,
  RELAY_DEPOSITORY_ABI,
  recoverOrderSigner,
  SVM_DEPOSITORY_PROGRAM,
  verifyQuoteOrder,
} from "../../src/orders/index.ts";
import { creditFromBalanceChange } from "../../src/service/chains/depository-credit.ts";
import {
  type DepositoryTransaction,
  decodeDepositoryDeposit,
  depositoryDepositsOf,
} from "../../src/service/chains/depository-svm.ts";
import type { ProtocolOrderBlock, Service } from "../../src/service/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/svm/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import {
  API_KEY,
  BASE_USDC,
  ETH,
  EVM_RECIPIENT,
  EVM_USER,
  expectError,
  get,
  post,
  quoteBody,
  SOLVER,
  SVM_USER,
  testService,
} from "./helpers.ts";

type Step = {
  id: string;
  requestId: string;
  depositAddress?: string;
  items: { data: { to: string; data?: Hex; value?: string; transaction?: string } }[];
};
type OrderQuote = { steps: Step[]; details?: Record<string, unknown>; protocol?: { v2: ProtocolOrderBlock } };

/** The SVM quote's transaction: its message, the program of its last instruction, and that instruction decoded as a depository deposit. */
function quotedSvmDeposit(q: OrderQuote) {
  const wire = getTransactionDecoder().decode(
    getBase64Encoder().encode(q.steps[0]?.items[0]?.data.transaction as string),
  );
  const message = getCompiledTransactionMessageDecoder().decode(wire.messageBytes) as unknown as {
    staticAccounts: string[];
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  const last = message.instructions.at(-1);
  const decoded = decodeDepositoryDeposit(
    last?.data ?? new Uint8Array(),
    last?.accountIndices ?? [],
    message.staticAccounts,
  );
  return { message, program: message.staticAccounts[last?.programAddressIndex ?? -1], decoded };
}

const PUBLIC_CHAINS = [
  { id: 8453, name: "base", vmType: "evm" as const },
  { id: 10, name: "optimism", vmType: "evm" as const },
  { id: SVM_CHAIN_ID, name: "solana", vmType: "svm" as const },
].map((chain) => ({
  ...chain,
  displayName: chain.name,
  httpRpcUrl: "http://127.0.0.1:1",
  currency: { name: "Native", symbol: chain.vmType === "svm" ? "SOL" : "ETH", decimals: 18 },
}));

describe("service: protocol orders (includeProtocolData)", () => {
  let service: Service;
  beforeEach(() => {
    service = testService({ publicChains: PUBLIC_CHAINS });
  });
  afterEach(() => service.close());

  const chains = async () =>
    (await get(service, "/chains")).body as Parameters<typeof chainVmTypesFromChains>[0];
  const quote = async (overrides: Record<string, unknown>, path = "/quote/v2") => {
    const res = await post(service, path, quoteBody({ includeProtocolData: true, ...overrides }));
    expect(res.status, res.raw).to.equal(200);
    return res.body as OrderQuote;
  };

  it("GET /chains gives every chain its protocol chain id and canonical depository", async () => {
    const body = (await chains()) as unknown as { chains: { id: number; protocol: { v2: unknown } }[] };
    expect(body.chains.map((chain) => [chain.id, chain.protocol.v2])).to.deep.equal([
      [8453, { chainId: "base", depository: CANONICAL_EVM_DEPOSITORY }],
      [10, { chainId: "optimism", depository: CANONICAL_EVM_DEPOSITORY }],
      [SVM_CHAIN_ID, { chainId: "solana", depository: SVM_DEPOSITORY_PROGRAM }],
    ]);
  });

  it("a listed chain without a protocol chain id stops the service at start-up", () => {
    expect(() => testService({ publicChains: [{ ...PUBLIC_CHAINS[0]!, id: 31337 }] })).to.throw(
      /chain 31337 has no protocol chain id/,
    );
  });

  it("EVM native: the order id recomputes from the order, the solver signed it, the step pays depositNative(user, id)", async () => {
    const amount = "100000000000000000";
    const q = await quote({
      originChainId: 8453,
      destinationChainId: 10,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount,
    });
    const order = q.protocol?.v2 as ProtocolOrderBlock & { orderData: Order };
    expect(order.hubType).to.equal("onchain");
    expect(getOrderId(order.orderData, chainVmTypesFromChains(await chains()))).to.equal(order.orderId);
    expect(await recoverOrderSigner({ orderId: order.orderId, signature: order.orderSignature })).to.equal(
      SOLVER,
    );
    expect(order.paymentDetails).to.deep.equal({
      chainId: "base",
      depository: CANONICAL_EVM_DEPOSITORY,
      currency: ETH,
      amount,
    });
    expect(order.orderData.inputs[0]?.payment).to.include({ chainId: "base", currency: ETH, amount });
    expect(order.orderData.output.chainId).to.equal("optimism");
    expect(order.orderData.output.payments[0]?.recipient).to.equal(EVM_RECIPIENT);
    const [deposit] = q.steps;
    expect(q.steps.map((step) => step.id)).to.deep.equal(["deposit"]);
    expect(deposit?.depositAddress).to.equal(getAddress(CANONICAL_EVM_DEPOSITORY));
    const item = deposit?.items[0]?.data;
    expect(item?.to).to.equal(getAddress(CANONICAL_EVM_DEPOSITORY));
    expect(item?.value).to.equal(amount);
    const call = decodeFunctionData({ abi: RELAY_DEPOSITORY_ABI, data: item?.data as Hex });
    expect(call.functionName).to.equal("depositNative");
    expect(call.args).to.deep.equal([getAddress(EVM_USER), order.orderId]);
    const verdict = await verifyQuoteOrder(q, {
      chains: await chains(),
      expectedPayer: EVM_USER,
      solver: SOLVER,
    });
    expect(verdict.failures).to.deep.equal([]);
  });

  it("EVM ERC-20: approve of exactly the amount to the depository, then depositErc20(user, token, amount, id) with no value", async () => {
    const q = await quote({
      originChainId: 8453,
      originCurrency: BASE_USDC,
      destinationChainId: 10,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount: "25000000",
    });
    const order = q.protocol?.v2 as ProtocolOrderBlock;
    expect(q.steps.map((step) => step.id)).to.deep.equal(["approve", "deposit"]);
    const approve = decodeFunctionData({ abi: erc20Abi, data: q.steps[0]?.items[0]?.data.data as Hex });
    expect(approve.args).to.deep.equal([getAddress(CANONICAL_EVM_DEPOSITORY), 25_000_000n]);
    const deposit = q.steps[1]?.items[0]?.data;
    expect(deposit?.value).to.equal("0");
    const call = decodeFunctionData({ abi: RELAY_DEPOSITORY_ABI, data: deposit?.data as Hex });
    expect(call.functionName).to.equal("depositErc20");
    expect(call.args).to.deep.equal([
      getAddress(EVM_USER),
      getAddress(BASE_USDC),
      25_000_000n,
      order.orderId,
    ]);
  });

  it("SVM native: the quoted transaction's last instruction is deposit_native to the depository (amount, id, depositor the user)", async () => {
    const amount = 2_000_000_000n;
    const q = await quote({
      user: SVM_USER,
      originChainId: SVM_CHAIN_ID,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationChainId: 8453,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount: amount.toString(),
    });
    const order = q.protocol?.v2 as ProtocolOrderBlock;
    expect(order.paymentDetails).to.deep.equal({
      chainId: "solana",
      depository: SVM_DEPOSITORY_PROGRAM,
      currency: SVM_NATIVE_TOKEN,
      amount: amount.toString(),
    });
    expect(getOrderId(order.orderData, chainVmTypesFromChains(await chains()))).to.equal(order.orderId);
    expect(q.steps[0]?.items[0]?.data.to).to.equal(SVM_DEPOSITORY_PROGRAM);
    const { message, program, decoded } = quotedSvmDeposit(q);
    expect(program).to.equal(SVM_DEPOSITORY_PROGRAM);
    expect(decoded).to.deep.include({
      id: order.orderId,
      amount,
      depositor: SVM_USER,
      currency: SVM_NATIVE_TOKEN,
    });
    // No memo-tagged transfer to the solver: the depository is the only payee.
    expect(message.instructions).to.have.length(1);
    const verdict = await verifyQuoteOrder(q, {
      chains: await chains(),
      expectedPayer: SVM_USER,
      solver: SOLVER,
    });
    expect(verdict.failures).to.deep.equal([]);
  });

  it("POST /quote takes the flag too; without it (or false) the quote is as the spec says", async () => {
    const viaQuote = await quote({}, "/quote");
    expect(viaQuote.protocol?.v2.orderId).to.match(/^0x[0-9a-f]{64}$/);
    for (const flag of [undefined, false]) {
      const res = await post(service, "/quote/v2", quoteBody({ includeProtocolData: flag }));
      const body = res.body as OrderQuote;
      expect(body.protocol).to.equal(undefined);
      expect(body.steps.at(-1)?.items[0]?.data.to).to.equal(SOLVER);
    }
  });

  it("GET /requests/v3?orderId= finds the quoted request, whatever the id's hex case", async () => {
    const q = await quote({});
    const orderId = q.protocol?.v2.orderId as Hex;
    for (const id of [orderId, orderId.toUpperCase().replace("0X", "0x")]) {
      const res = await get(service, `/requests/v3?orderId=${id}`, { "x-api-key": API_KEY });
      const listed = (res.body as { requests: { id: string; orderId: string }[] }).requests;
      expect(listed.map((r) => [r.id, r.orderId])).to.deep.equal([[q.steps[0]?.requestId, orderId]]);
    }
  });

  it("refuses a non-boolean flag (INVALID_REQUEST) and chains without protocol ids (PROTOCOL_DATA_UNSUPPORTED)", async () => {
    expectError(
      await post(service, "/quote/v2", quoteBody({ includeProtocolData: "yes" })),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await post(service, "/quote/v2", quoteBody({ includeProtocolData: true, originChainId: 31337 })),
      400,
      "PROTOCOL_DATA_UNSUPPORTED",
    );
  });

  it("each order is fresh: two identical quotes get different salts and ids", async () => {
    const [a, b] = [await quote({}), await quote({})];
    expect(a.protocol?.v2.orderId).to.not.equal(b.protocol?.v2.orderId);
    expect(a.protocol?.v2.orderData.salt).to.not.equal(b.protocol?.v2.orderData.salt);
  });
});

describe("service: v2 protocol orders (orderVersion: v2)", () => {
  let service: Service;
  beforeEach(() => {
    service = testService({ publicChains: PUBLIC_CHAINS, orderVersion: "v2" });
  });
  afterEach(() => service.close());

  const chains = async () =>
    (await get(service, "/chains")).body as Parameters<typeof chainVmTypesFromChains>[0];
  const quote = async (overrides: Record<string, unknown>) => {
    const res = await post(service, "/quote/v2", quoteBody({ includeProtocolData: true, ...overrides }));
    expect(res.status, res.raw).to.equal(200);
    return res.body as OrderQuote;
  };

  it("EVM native: a signed v2 order (relayer = solver, one input, refund to the user, fill to the recipient) paid by depositNative(user, id)", async () => {
    const amount = "100000000000000000";
    const q = await quote({
      originChainId: 8453,
      destinationChainId: 10,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount,
    });
    const order = q.protocol?.v2 as ProtocolOrderBlock & { orderData: OrderV2 };
    const data = order.orderData;
    expect(data.version).to.equal("v2");
    expect(data.relayer.toLowerCase()).to.equal(SOLVER.toLowerCase());
    expect(data.input).to.deep.equal({ chainId: "base", currency: ETH, amount });
    expect(data.refunds).to.deep.equal([
      { chainId: "base", currency: ETH, minimumAmount: amount, recipient: EVM_USER },
    ]);
    expect(data.output.chainId).to.equal("optimism");
    expect(data.output.fill).to.include({ currency: ETH, recipient: EVM_RECIPIENT });
    expect(BigInt(data.output.fill.minimumAmount) > 0n).to.equal(true);
    expect(data.output.withdraw.minimumAmount).to.equal(data.output.fill.minimumAmount);
    expect(data.deadline).to.be.greaterThan(Math.floor(Date.now() / 1000));
    expect(getOrderId(data, chainVmTypesFromChains(await chains()))).to.equal(order.orderId);
    expect(await recoverOrderSigner({ orderId: order.orderId, signature: order.orderSignature })).to.equal(
      SOLVER,
    );
    const call = decodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      data: q.steps[0]?.items[0]?.data.data as Hex,
    });
    expect(call.functionName).to.equal("depositNative");
    expect(call.args).to.deep.equal([getAddress(EVM_USER), order.orderId]);
  });

  it("SVM native: the v2 order's input is on solana and deposit_native carries its id", async () => {
    const amount = 2_000_000_000n;
    const q = await quote({
      user: SVM_USER,
      originChainId: SVM_CHAIN_ID,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationChainId: 8453,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount: amount.toString(),
    });
    const order = q.protocol?.v2 as ProtocolOrderBlock & { orderData: OrderV2 };
    expect(order.orderData.input).to.deep.equal({
      chainId: "solana",
      currency: SVM_NATIVE_TOKEN,
      amount: amount.toString(),
    });
    expect(order.orderData.refunds[0]?.recipient).to.equal(SVM_USER);
    expect(getOrderId(order.orderData, chainVmTypesFromChains(await chains()))).to.equal(order.orderId);
    const { decoded } = quotedSvmDeposit(q);
    expect(decoded).to.deep.include({ id: order.orderId, amount, depositor: SVM_USER });
  });

  it("verifyQuoteOrder passes the mock's v2 quotes, EVM and SVM origins; one whose details show another recipient fails FILL_RECIPIENT_MISMATCH", async () => {
    const evm = await quote({
      originChainId: 8453,
      destinationChainId: 10,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
    });
    const svm = await quote({
      user: SVM_USER,
      originChainId: SVM_CHAIN_ID,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationChainId: 8453,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      amount: "2000000000",
    });
    for (const [q, payer] of [
      [evm, EVM_USER],
      [svm, SVM_USER],
    ] as const) {
      const verdict = await verifyQuoteOrder(q, {
        chains: await chains(),
        expectedPayer: payer,
        solver: SOLVER,
      });
      expect(verdict.failures).to.deep.equal([]);
      expect(verdict.orderId).to.equal(q.protocol?.v2.orderId);
    }
    const shown = { ...evm, details: { ...evm.details, recipient: EVM_USER } };
    const verdict = await verifyQuoteOrder(shown, {
      chains: await chains(),
      expectedPayer: EVM_USER,
      solver: SOLVER,
    });
    expect(verdict.failures.map((f) => f.code)).to.deep.equal(["FILL_RECIPIENT_MISMATCH"]);
  });

  it("the default is v1, as the service serves today; an unknown orderVersion stops the service at start-up", async () => {
    const v1 = testService({ publicChains: PUBLIC_CHAINS });
    try {
      const res = await post(v1, "/quote/v2", quoteBody({ includeProtocolData: true }));
      expect((res.body as OrderQuote).protocol?.v2.orderData.version).to.equal("v1");
    } finally {
      await v1.close();
    }
    await expectCode(() => testService({ orderVersion: "v3" as never }), "ORDER_UNSUPPORTED_VERSION");
  });
});

describe("service: crediting a depository's balance change", () => {
  const deposits = fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 1, maxLength: 6 });

  it("never credits more than arrived, nor more than a deposit announced", () => {
    fc.assert(
      fc.property(deposits, fc.bigInt({ min: -(10n ** 30n), max: 10n ** 31n }), (amounts, change) => {
        const credits = creditFromBalanceChange(
          amounts.map((amount) => ({ amount })),
          change,
        );
        const total = credits.reduce((sum, credit) => sum + credit, 0n);
        expect(total <= (change > 0n ? change : 0n)).to.equal(true);
        credits.forEach((credit, i) => {
          expect(credit >= 0n && credit <= (amounts[i] as bigint)).to.equal(true);
        });
      }),
    );
  });

  it("credits every announced amount when the change covers them, nothing when the balance did not grow", () => {
    fc.assert(
      fc.property(deposits, fc.bigInt({ min: 0n, max: 10n ** 20n }), (amounts, extra) => {
        const announced = amounts.reduce((sum, amount) => sum + amount, 0n);
        const items = amounts.map((amount) => ({ amount }));
        expect(creditFromBalanceChange(items, announced + extra)).to.deep.equal(amounts);
        expect(creditFromBalanceChange(items, 0n).every((credit) => credit === 0n)).to.equal(true);
      }),
    );
  });

  it("a single deposit whose balance change fell short is credited exactly the change", () => {
    expect(creditFromBalanceChange([{ amount: 100n }], 97n)).to.deep.equal([97n]);
  });
});

describe("service: SVM depository instructions", () => {
  it("decodes Anchor's deposit_native discriminator, the amount little-endian and the raw id", () => {
    const id = `0x${"ab".repeat(32)}` as Hex;
    const keys = ["cfg", "sender", "depositor", "vault", "system", "program"];
    const data = new Uint8Array(48);
    data.set(hexToBytes("0x0d9e0ddf5fd51c06"));
    new DataView(data.buffer).setBigUint64(8, 5n, true);
    data.set(hexToBytes(id), 16);
    expect(decodeDepositoryDeposit(data, [0, 1, 2, 3, 4], keys)).to.deep.equal({
      id,
      amount: 5n,
      depositor: "depositor",
      sender: "sender",
      currency: SVM_NATIVE_TOKEN,
      creditedAccount: 3,
    });
    expect(decodeDepositoryDeposit(data.subarray(0, 47), [0, 1, 2, 3, 4], keys)).to.equal(null);
  });
});

describe("service: SVM depository deposits in a transaction, top-level or by CPI", () => {
  const PROGRAM = "depository";
  const VAULT = "vault";
  // keys: 0 config, 1 sender, 2 depositor, 3 vault, 4 system, 5 depository, 6 order depositor, 7 decoy
  const keys = ["cfg", "sender", "depositor", VAULT, "system", PROGRAM, "order-depositor", "decoy"];
  const depositData = (amount: bigint, id: Hex, kind: "native" | "token" = "native") =>
    hexToBytes(encodeSvmDepositData(kind, amount, id));
  const id = `0x${"ab".repeat(32)}` as Hex;
  /** A successful transaction whose balances moved by `changes` (index → lamports gained). */
  const tx = (
    instructions: DepositoryTransaction["instructions"],
    changes: Record<number, bigint>,
  ): DepositoryTransaction => ({
    txHash: "sig",
    block: 7,
    timestamp: 70,
    keys,
    instructions,
    preBalances: keys.map(() => 10n ** 12n),
    postBalances: keys.map((_, i) => 10n ** 12n + (changes[i] ?? 0n)),
    preTokenBalances: new Map(),
    postTokenBalances: new Map(),
  });
  /** The order depositor's instruction (top-level), then its CPI into the depository (inner). */
  const throughOrderDepositor = (amount: bigint, vaultIndex = 3) => [
    { programAddressIndex: 6, accountIndices: [1, 0, 3, 5], data: new Uint8Array(8) },
    { programAddressIndex: 5, accountIndices: [0, 1, 2, vaultIndex, 4], data: depositData(amount, id) },
  ];

  it("a deposit the order depositor makes by CPI is credited from the vault's balance change", () => {
    const found = depositoryDepositsOf(tx(throughOrderDepositor(5n), { 3: 5n, 1: -5n }), PROGRAM, VAULT);
    expect(found).to.deep.equal([
      {
        kind: "order-deposit",
        orderId: id,
        depositor: "depositor",
        from: "sender",
        position: "ix:1",
        txHash: "sig",
        block: 7,
        timestamp: 70,
        currency: SVM_NATIVE_TOKEN,
        amount: "5",
        status: "success",
      },
    ]);
  });

  it("attack: a deposit instruction naming another account than the vault is credited nothing, whatever it gained", () => {
    const shape = tx(throughOrderDepositor(5n, 7), { 7: 5n, 1: -5n });
    // The named account really gained what the instruction announced.
    expect((shape.postBalances[7] as bigint) - (shape.preBalances[7] as bigint)).to.equal(5n);
    expect(depositoryDepositsOf(shape, PROGRAM, VAULT)).to.deep.equal([]);
  });

  it("attack: a token deposit paying a token account the vault does not own is credited nothing", () => {
    // deposit_token accounts: config, sender, depositor, vault, mint, sender's, credited, programs...
    const tokenDeposit = {
      programAddressIndex: 5,
      accountIndices: [0, 1, 2, 3, 4, 1, 7, 4, 4, 4],
      data: depositData(9n, id, "token"),
    };
    const paying = (owner: string): DepositoryTransaction => ({
      ...tx([tokenDeposit], {}),
      preTokenBalances: new Map([[7, { amount: 0n, owner }]]),
      postTokenBalances: new Map([[7, { amount: 9n, owner }]]),
    });
    // The same shape, credited when the vault owns the account, not when anyone else does.
    expect(depositoryDepositsOf(paying(VAULT), PROGRAM, VAULT).map((d) => d.amount)).to.deep.equal(["9"]);
    expect(depositoryDepositsOf(paying("attacker"), PROGRAM, VAULT)).to.deep.equal([]);
  });

  it("property: deposits top-level and by CPI are credited at most what the vault gained, at most what each announced", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.bigInt({ min: 0n, max: 10n ** 12n }), inner: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 13n }),
        (deposits, gained) => {
          const instructions = deposits.flatMap(({ amount, inner }) =>
            inner
              ? throughOrderDepositor(amount)
              : [{ programAddressIndex: 5, accountIndices: [0, 1, 2, 3, 4], data: depositData(amount, id) }],
          );
          const found = depositoryDepositsOf(tx(instructions, { 3: gained }), PROGRAM, VAULT);
          expect(found).to.have.length(deposits.length);
          const credited = found.reduce((sum, d) => sum + BigInt(d.amount), 0n);
          expect(credited <= (gained > 0n ? gained : 0n)).to.equal(true);
          found.forEach((d, i) => {
            expect(BigInt(d.amount) <= (deposits[i]?.amount as bigint)).to.equal(true);
          });
        },
      ),
    );
  });
});
