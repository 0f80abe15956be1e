/** POST /quote/v2, /quote, /price (spec 4.2, 4.3, 4.8, 7.1). */

import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { expect } from "chai";
import { decodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signRequestData } from "../../src/attestation/index.ts";
import {
  applySvmQuoteAttempt,
  attestedReceiverAbi,
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  svmQuoteLadder,
  verifyAttestation,
} from "../../src/index.ts";
import type { Service } from "../../src/service/index.ts";
import { buildQuote } from "../../src/service/quotes.ts";
import { TokenRegistry } from "../../src/service/tokens.ts";
import { getSvmTransactionSize } from "../../src/svm/index.ts";
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
  SOLVER_KEY,
  SVM_USER,
  testService,
} from "./helpers.ts";

const SVM_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const SVM_TOKEN = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const MAINNET_USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

type Quote = {
  steps: {
    id: string;
    requestId: string;
    depositAddress?: string;
    items: { status: string; data: Record<string, unknown>; check?: { endpoint: string; method: string } }[];
  }[];
  fees: { gas: { amount: string }; relayer: { amount: string } };
  details: {
    operation: string;
    sender: string;
    recipient: string;
    currencyIn: { amount: string; amountUsd: string };
    currencyOut: { amount: string };
    timeEstimate: number;
  };
};

describe("quotes", () => {
  let service: Service;
  before(() => {
    service = testService({
      receivers: {
        10: {
          address: "0x00000000000000000000000000000000000000aa",
        },
      },
    });
  });
  after(() => service.close());

  describe("EVM origin", () => {
    it("native deposit: one deposit step to the solver tagged with the request id, check on the status endpoint", async () => {
      const res = await post(service, "/quote/v2", quoteBody());
      expect(res.status, res.raw).to.equal(200);
      const quote = res.body as Quote;
      expect(quote.steps.map((s) => s.id)).to.deep.equal(["deposit"]);
      const step = quote.steps[0]!;
      expect(step.requestId).to.match(/^0x[0-9a-f]{64}$/);
      expect(step.depositAddress).to.equal(SOLVER);
      const item = step.items[0]!;
      expect(item.status).to.equal("incomplete");
      expect(item.data).to.include({
        from: EVM_USER,
        to: SOLVER,
        chainId: 1,
        value: "100000000000000000",
        data: step.requestId,
      });
      expect(item.check).to.deep.equal({
        endpoint: `/intents/status/v3?requestId=${step.requestId}`,
        method: "GET",
      });
      expect(quote.details.sender).to.equal(EVM_USER);
      expect(quote.details.recipient).to.equal(EVM_USER);
      expect(quote.details.currencyIn.amountUsd).to.equal("300");
      expect(BigInt(quote.details.currencyOut.amount) > 0n).to.equal(true);
      expect(BigInt(quote.fees.relayer.amount)).to.equal(100000000000000n);
      const status = await get(service, step.items[0]!.check!.endpoint);
      expect((status.body as { status: string }).status).to.equal("waiting");
    });

    it("ERC20 deposit without a receiver: transfer(solver, amount) with the id appended, no approve", async () => {
      const res = await post(
        service,
        "/quote/v2",
        quoteBody({ originCurrency: MAINNET_USDC, amount: "25000000" }),
      );
      const quote = res.body as Quote;
      expect(quote.steps.map((s) => s.id)).to.deep.equal(["deposit"]);
      const data = quote.steps[0]!.items[0]!.data as { to: string; data: string; value: string };
      expect(data.to).to.equal(MAINNET_USDC);
      expect(data.value).to.equal("0");
      expect(data.data.endsWith(quote.steps[0]!.requestId.slice(2))).to.equal(true);
      const call = decodeFunctionData({ abi: erc20Abi, data: data.data.slice(0, 2 + 136) as `0x${string}` });
      expect(call.functionName).to.equal("transfer");
      expect(call.args).to.deep.equal([SOLVER, 25000000n]);
    });

    it("ERC20 deposit through a receiver: approve step first, same request id on every step", async () => {
      const res = await post(
        service,
        "/quote/v2",
        quoteBody({
          originChainId: 10,
          originCurrency: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
          amount: "5000000",
        }),
      );
      const quote = res.body as Quote;
      expect(quote.steps.map((s) => s.id)).to.deep.equal(["approve", "deposit"]);
      expect(new Set(quote.steps.map((s) => s.requestId)).size).to.equal(1);
      expect(quote.steps[0]!.items[0]!.check).to.equal(undefined);
      // the approval covers exactly this deposit, never an unlimited allowance
      const approve = decodeFunctionData({ abi: erc20Abi, data: quote.steps[0]!.items[0]!.data.data as Hex });
      expect(approve.functionName).to.equal("approve");
      expect(approve.args).to.deep.equal([
        getAddress("0x00000000000000000000000000000000000000aa"),
        5000000n,
      ]);
      const deposit = quote.steps[1]!.items[0]!.data;
      expect(deposit.to).to.equal(getAddress("0x00000000000000000000000000000000000000aa"));
      // depositErc20(data, deadline, signature) carrying the solver's attestation of this very request
      const call = decodeFunctionData({ abi: attestedReceiverAbi, data: deposit.data as Hex });
      expect(call.functionName).to.equal("depositErc20");
      const [struct, deadline, signature] = call.args as unknown as [
        { requestId: Hex; originAmount: bigint },
        bigint,
        Hex,
      ];
      expect(struct.requestId).to.equal(quote.steps[1]!.requestId);
      expect(struct.originAmount).to.equal(5000000n);
      const nowSeconds = BigInt(Math.floor(Date.now() / 1000));
      expect(deadline > nowSeconds + 590n && deadline <= nowSeconds + 600n).to.equal(true);
      const requestData = (await get(service, `/requests/${struct.requestId}/signature`)).body as {
        requestData: RequestData;
      };
      expect(
        await verifyAttestation({
          requestId: struct.requestId,
          requestData: requestData.requestData,
          signature,
          solver: SOLVER,
        }),
      ).to.equal(true);
      // native through the receiver needs no approve
      const native = (await post(service, "/quote/v2", quoteBody({ originChainId: 10 }))).body as Quote;
      expect(native.steps.map((s) => s.id)).to.deep.equal(["deposit"]);
    });

    it("records the request: listed, with sender, recipient and the caller's key", async () => {
      const res = await post(service, "/quote/v2", quoteBody({ recipient: EVM_RECIPIENT }), {
        "x-api-key": API_KEY,
      });
      const id = (res.body as Quote).steps[0]!.requestId;
      const list = await get(service, `/requests/v3?id=${id}&apiKey=${API_KEY}`, { "x-api-key": API_KEY });
      const record = (list.body as { requests: Record<string, unknown>[] }).requests[0]!;
      expect(record).to.include({
        id,
        status: "waiting",
        user: EVM_USER,
        recipient: EVM_RECIPIENT,
        sender: EVM_USER,
        requestType: "Crosschain Swap",
      });
    });

    it("POST /quote behaves like /quote/v2; POST /price returns no steps and stores nothing", async () => {
      const quote = await post(service, "/quote", quoteBody());
      expect((quote.body as Quote).steps).to.have.length(1);
      const before = (await get(service, "/requests/v3?includeTotal=true", { "x-api-key": API_KEY }))
        .body as { total: number };
      const price = await post(service, "/price", quoteBody());
      expect(price.status).to.equal(200);
      expect((price.body as Quote).steps).to.deep.equal([]);
      const after = (await get(service, "/requests/v3?includeTotal=true", { "x-api-key": API_KEY })).body as {
        total: number;
      };
      expect(after.total).to.equal(before.total);
    });
  });

  describe("E6: approve steps for tokens that refuse changing a non-zero allowance (USDT)", () => {
    const OP_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
    const RECEIVER = "0x00000000000000000000000000000000000000aa";
    const approvals = async (left: bigint | null) => {
      const { response } = await buildQuote(
        {
          tokens: new TokenRegistry([]),
          solverEvm: SOLVER,
          solverSvm: "So1ver1111111111111111111111111111111111111",
          receivers: new Map([[10, { address: RECEIVER }]]),
          attest: (id, data) => signRequestData(privateKeyToAccount(SOLVER_KEY), id, data),
          allowance: async () => left,
          relayerFeeBps: 10n,
          gasFeeMicroUsd: 50_000n,
        },
        {
          ...quoteBody({ originChainId: 10, originCurrency: OP_USDC, amount: "5000000" }),
          tradeType: "EXACT_INPUT",
        },
        { persist: true, apiKeyHash: null },
      );
      return response.steps
        .filter((step) => step.id === "approve")
        .map(
          (step) =>
            decodeFunctionData({ abi: erc20Abi, data: (step.items[0]!.data as { data: Hex }).data }).args[1],
        );
    };

    it("a smaller allowance left over: approve(0) first, then the exact amount", async () => {
      expect(await approvals(1_000n)).to.deep.equal([0n, 5_000_000n]);
    });
    it("no allowance, or an unknown one: the exact amount only; enough already: no approve", async () => {
      expect(await approvals(0n)).to.deep.equal([5_000_000n]);
      expect(await approvals(null)).to.deep.equal([5_000_000n]);
      expect(await approvals(5_000_000n)).to.deep.equal([]);
    });
  });

  describe("S8: SVM amounts are u64", () => {
    it("an SVM quote for 2^64 + 5,000,000 lamports is AMOUNT_EXCEEDS_U64, not a transaction moving 5,000,000", async () => {
      const res = await post(service, "/quote/v2", {
        user: SVM_USER,
        originChainId: SVM_CHAIN_ID,
        destinationChainId: 8453,
        originCurrency: "11111111111111111111111111111111",
        destinationCurrency: ETH,
        recipient: EVM_RECIPIENT,
        tradeType: "EXACT_INPUT",
        amount: ((1n << 64n) + 5_000_000n).toString(),
      });
      expectError(res, 400, "AMOUNT_EXCEEDS_U64");
      expect((res.body as { message: string }).message).to.contain("18446744073714551616");
    });
  });

  describe("address validation per VM", () => {
    it("a bad EIP-55 checksum is INVALID_ADDRESS", async () => {
      const bad = EVM_USER.replace("f39Fd6", "F39Fd6");
      expectError(await post(service, "/quote/v2", quoteBody({ user: bad })), 400, "INVALID_ADDRESS");
    });
    it("an EVM address where an SVM one is required is ADDRESS_VM_MISMATCH, naming the field", async () => {
      const res = await post(
        service,
        "/quote/v2",
        quoteBody({
          destinationChainId: SVM_CHAIN_ID,
          destinationCurrency: SVM_USDC,
          recipient: EVM_RECIPIENT,
        }),
      );
      expectError(res, 400, "ADDRESS_VM_MISMATCH");
      expect((res.body as { message: string }).message).to.contain("recipient");
      expectError(
        await post(
          service,
          "/quote/v2",
          quoteBody({ destinationChainId: SVM_CHAIN_ID, destinationCurrency: ETH, recipient: SVM_USER }),
        ),
        400,
        "ADDRESS_VM_MISMATCH",
      );
    });
    it("an SVM address where an EVM one is required is ADDRESS_VM_MISMATCH", async () => {
      expectError(
        await post(service, "/quote/v2", quoteBody({ recipient: SVM_USER })),
        400,
        "ADDRESS_VM_MISMATCH",
      );
    });
    it("SVM addresses are case-sensitive: a case-changed address is a different or invalid one", async () => {
      const lower = SVM_USER.toLowerCase();
      const res = await post(
        service,
        "/quote/v2",
        quoteBody({ destinationChainId: SVM_CHAIN_ID, destinationCurrency: SVM_USDC, recipient: lower }),
      );
      expect(res.status).to.equal(400);
      const ok = await post(
        service,
        "/quote/v2",
        quoteBody({ destinationChainId: SVM_CHAIN_ID, destinationCurrency: SVM_USDC, recipient: SVM_USER }),
      );
      expect(ok.status, ok.raw).to.equal(200);
      expect((ok.body as Quote).details.recipient).to.equal(SVM_USER);
    });
    it("cross-VM without recipient is MISSING_RECIPIENT", async () => {
      expectError(
        await post(
          service,
          "/quote/v2",
          quoteBody({ destinationChainId: SVM_CHAIN_ID, destinationCurrency: SVM_USDC }),
        ),
        400,
        "MISSING_RECIPIENT",
      );
    });
    it("amount 0 and amounts too small for the fees are 400", async () => {
      expectError(await post(service, "/quote/v2", quoteBody({ amount: "0" })), 400, "INVALID_AMOUNT");
      expectError(await post(service, "/quote/v2", quoteBody({ amount: "1" })), 400, "AMOUNT_TOO_LOW");
    });
  });

  describe("SVM origin and the 1232-byte gate", () => {
    const svmBody = (overrides: Record<string, unknown> = {}) =>
      quoteBody({
        user: SVM_USER,
        originChainId: SVM_CHAIN_ID,
        originCurrency: SVM_TOKEN,
        recipient: EVM_RECIPIENT,
        amount: "1000000000000",
        ...overrides,
      });

    it("builds a real transaction that decodes, fits, and carries the request id in a memo", async () => {
      const res = await post(service, "/quote/v2", svmBody({ maxRouteLength: 2 }));
      expect(res.status, res.raw).to.equal(200);
      const quote = res.body as Quote;
      const data = quote.steps[0]!.items[0]!.data as {
        transaction: string;
        transactionSize: number;
        from: string;
        to: string;
        route: unknown[];
      };
      const tx = getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction));
      expect(getSvmTransactionSize(tx)).to.equal(data.transactionSize);
      expect(data.transactionSize).to.be.at.most(1232);
      expect(data.route).to.have.length(2);
      expect(Buffer.from(tx.messageBytes).includes(Buffer.from(quote.steps[0]!.requestId))).to.equal(true);
      expect(data.from).to.equal(SVM_USER);
    });

    it("the step's instructions (the SDK SVM adapter's form) compile to the quoted transaction, byte for byte", async () => {
      for (const overrides of [
        { maxRouteLength: 2 },
        { maxRouteLength: 1 },
        { originCurrency: SVM_NATIVE_TOKEN },
      ]) {
        const res = await post(service, "/quote/v2", svmBody(overrides));
        expect(res.status, res.raw).to.equal(200);
        const data = (res.body as Quote).steps[0]!.items[0]!.data as {
          transaction: string;
          transactionSize: number;
          addressLookupTableAddresses: string[];
          instructions: {
            programId: string;
            keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
            data: string;
          }[];
        };
        expect(data.addressLookupTableAddresses).to.deep.equal([]);
        const quoted = getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction));
        const { lifetimeToken } = getCompiledTransactionMessageDecoder().decode(quoted.messageBytes);
        const role = (k: { isSigner: boolean; isWritable: boolean }) =>
          k.isSigner
            ? k.isWritable
              ? AccountRole.WRITABLE_SIGNER
              : AccountRole.READONLY_SIGNER
            : k.isWritable
              ? AccountRole.WRITABLE
              : AccountRole.READONLY;
        const rebuilt = compileTransaction(
          appendTransactionMessageInstructions(
            data.instructions.map((instruction) => ({
              programAddress: address(instruction.programId),
              accounts: instruction.keys.map((key) => ({ address: address(key.pubkey), role: role(key) })),
              data: new Uint8Array(Buffer.from(instruction.data, "hex")),
            })),
            setTransactionMessageLifetimeUsingBlockhash(
              { blockhash: lifetimeToken as Blockhash, lastValidBlockHeight: 0n },
              setTransactionMessageFeePayer(address(SVM_USER), createTransactionMessage({ version: 0 })),
            ),
          ),
        );
        expect(Buffer.from(rebuilt.messageBytes).toString("hex")).to.equal(
          Buffer.from(quoted.messageBytes).toString("hex"),
        );
        expect(getSvmTransactionSize(rebuilt)).to.equal(data.transactionSize).and.to.be.at.most(1232);
      }
    });

    it("oversized routes are 400 SOLANA_TX_TOO_LARGE with measured and over bytes, on /quote/v2, /quote and /price", async () => {
      for (const path of ["/quote/v2", "/quote", "/price"]) {
        const res = await post(service, path, svmBody());
        expectError(res, 400, "SOLANA_TX_TOO_LARGE");
        const match = /transaction is (\d+) bytes, (\d+) bytes? over the 1232-byte limit/.exec(
          (res.body as { message: string }).message,
        );
        expect(match, (res.body as { message: string }).message).not.to.equal(null);
        expect(Number(match![1]) - 1232).to.equal(Number(match![2]));
      }
    });

    it("route length is deterministic from pair and amount, capped by maxRouteLength, narrowed by sources", async () => {
      const a = await post(service, "/price", svmBody());
      const b = await post(service, "/price", svmBody());
      expect(a.raw).to.equal(b.raw);
      const one = await post(
        service,
        "/quote/v2",
        svmBody({ includedOriginSwapSources: ["whirlpool"], maxRouteLength: 4 }),
      );
      expect(one.status, one.raw).to.equal(200);
      const route = ((one.body as Quote).steps[0]!.items[0]!.data as { route: { source: string }[] }).route;
      expect(route.every((hop) => hop.source === "whirlpool")).to.equal(true);
      expectError(
        await post(service, "/quote/v2", svmBody({ includedOriginSwapSources: ["nope"] })),
        400,
        "UNKNOWN_SWAP_SOURCE",
      );
    });

    it("the foundation's re-quote ladder reaches a quote that fits", async () => {
      let succeeded = false;
      for (const attempt of svmQuoteLadder({ swapSources: ["whirlpool", "clmm"] })) {
        const res = await post(service, "/quote/v2", applySvmQuoteAttempt(svmBody(), attempt));
        if (res.status === 200) {
          succeeded = true;
          break;
        }
        expectError(res, 400, "SOLANA_TX_TOO_LARGE");
      }
      expect(succeeded).to.equal(true);
    });

    it("SVM native and stable origins need no swap hop", async () => {
      for (const originCurrency of [SVM_NATIVE_TOKEN, SVM_USDC]) {
        const res = await post(service, "/quote/v2", svmBody({ originCurrency, amount: "5000000000" }));
        expect(res.status, res.raw).to.equal(200);
        expect(((res.body as Quote).steps[0]!.items[0]!.data as { route: unknown[] }).route).to.deep.equal(
          [],
        );
      }
    });

    it("an EVM address as SVM user is ADDRESS_VM_MISMATCH", async () => {
      expectError(await post(service, "/quote/v2", svmBody({ user: EVM_USER })), 400, "ADDRESS_VM_MISMATCH");
      expectError(
        await post(service, "/quote/v2", svmBody({ originCurrency: getAddress(BASE_USDC) })),
        400,
        "ADDRESS_VM_MISMATCH",
      );
    });
  });
});
