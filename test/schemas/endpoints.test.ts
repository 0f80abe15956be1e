import { expect } from "chai";
import { z } from "zod";
import * as schemas from "../../src/schemas/index.ts";
import {
  AppBalanceParamsSchema,
  AppBalanceResponseSchema,
  ENDPOINTS,
  ErrorBodySchema,
  FastFillBodySchema,
  FastFillHeadersSchema,
  FastFillResponseSchema,
  RequestDataSchema,
  SignatureParamsSchema,
  SignatureResponseSchema,
  SOLANA_TX_TOO_LARGE,
  SolanaTxTooLargeErrorBodySchema,
  StatusQuerySchema,
  StatusResponseSchema,
} from "../../src/schemas/index.ts";
import {
  currencyAmount,
  EVM_RECIPIENT,
  EVM_USER,
  REQUEST_ID,
  SIGNATURE,
  SVM_USER,
  USDC_BASE,
} from "./fixtures.ts";

describe("schemas: status (4.5)", () => {
  it("query needs a request id", () => {
    expect(StatusQuerySchema.parse({ requestId: REQUEST_ID })).to.deep.equal({ requestId: REQUEST_ID });
    expect(StatusQuerySchema.safeParse({}).success).to.equal(false);
    expect(StatusQuerySchema.safeParse({ requestId: "0x1" }).success).to.equal(false);
  });

  it("response: status and txHashes; other fields kept", () => {
    const response = { status: "success", txHashes: ["0xfill", "0xdeposit"], time: 1 };
    expect(StatusResponseSchema.parse(response)).to.deep.equal(response);
    expect(StatusResponseSchema.safeParse({ status: "done", txHashes: [] }).success).to.equal(false);
    expect(StatusResponseSchema.safeParse({ status: "waiting" }).success).to.equal(false);
  });
});

describe("schemas: fast fill (4.4)", () => {
  it("body: requestId required, maxFillAmountUsd number, solverInputCurrencyAmount integer string", () => {
    const body = { requestId: REQUEST_ID, maxFillAmountUsd: 250.5, solverInputCurrencyAmount: "25000000" };
    expect(FastFillBodySchema.parse(body)).to.deep.equal(body);
    expect(FastFillBodySchema.safeParse({ requestId: REQUEST_ID }).success).to.equal(true);
    expect(FastFillBodySchema.safeParse({}).success).to.equal(false);
    expect(FastFillBodySchema.safeParse({ requestId: REQUEST_ID, maxFillAmountUsd: "250" }).success).to.equal(
      false,
    );
    expect(FastFillBodySchema.safeParse({ requestId: REQUEST_ID, maxFillAmountUsd: -1 }).success).to.equal(
      false,
    );
    expect(
      FastFillBodySchema.safeParse({ requestId: REQUEST_ID, solverInputCurrencyAmount: "1.5" }).success,
    ).to.equal(false);
  });

  it("headers: Authorization Bearer <key>", () => {
    expect(FastFillHeadersSchema.safeParse({ authorization: "Bearer abc123" }).success).to.equal(true);
    expect(FastFillHeadersSchema.safeParse({ authorization: "abc123" }).success).to.equal(false);
    expect(FastFillHeadersSchema.safeParse({ authorization: "Bearer " }).success).to.equal(false);
    expect(FastFillHeadersSchema.safeParse({}).success).to.equal(false);
  });

  it("response (designed): filled with a hold, or skipped with a reason", () => {
    const filled = {
      requestId: REQUEST_ID,
      status: "filled",
      fillTxHash: "0xabc",
      hold: { amount: "25000000", amountFormatted: "25", amountUsd: "25" },
    };
    expect(FastFillResponseSchema.parse(filled)).to.deep.equal(filled);
    const skipped = {
      requestId: REQUEST_ID,
      status: "skipped",
      fillTxHash: null,
      hold: null,
      reason: "over cap",
    };
    expect(FastFillResponseSchema.parse(skipped)).to.deep.equal(skipped);
    expect(FastFillResponseSchema.safeParse({ ...filled, status: "pending" }).success).to.equal(false);
  });
});

describe("schemas: app balance (4.6)", () => {
  it("response: the currency amount members at top level", () => {
    const balance = currencyAmount();
    expect(AppBalanceResponseSchema.parse(balance)).to.deep.equal(balance);
    expect(AppBalanceResponseSchema.safeParse({ ...balance, amountUsd: "-1" }).success).to.equal(false);
    expect(AppBalanceResponseSchema.safeParse({ balance }).success).to.equal(false);
  });

  it("params: wallet_address, any VM", () => {
    expect(AppBalanceParamsSchema.safeParse({ wallet_address: EVM_USER }).success).to.equal(true);
    expect(AppBalanceParamsSchema.safeParse({ wallet_address: SVM_USER }).success).to.equal(true);
    expect(AppBalanceParamsSchema.safeParse({ wallet_address: "" }).success).to.equal(false);
  });
});

describe("schemas: signature (2.10, 4.7)", () => {
  const requestData = {
    originChainId: 8453,
    originUser: EVM_USER,
    originCurrency: USDC_BASE,
    originAmount: "25000000",
    destinationChainId: 792703809,
    destinationUser: EVM_RECIPIENT,
  };

  it("response: requestData and a 0x hex signature", () => {
    const response = { requestData, signature: SIGNATURE };
    expect(SignatureResponseSchema.parse(response)).to.deep.equal(response);
    expect(
      SignatureResponseSchema.safeParse({ requestData, signature: `0x${"ab".repeat(64)}` }).success,
    ).to.equal(true);
    for (const signature of [
      "0x",
      "0x1234",
      `${"ab".repeat(65)}`,
      `0x${"zz".repeat(65)}`,
      `0x${"ab".repeat(66)}`,
    ])
      expect(SignatureResponseSchema.safeParse({ requestData, signature }).success, signature).to.equal(
        false,
      );
  });

  it("requestData: numeric chain ids, integer-string amount, all members required", () => {
    expect(RequestDataSchema.safeParse({ ...requestData, originChainId: "8453" }).success).to.equal(false);
    expect(RequestDataSchema.safeParse({ ...requestData, originAmount: 25000000 }).success).to.equal(false);
    for (const key of Object.keys(requestData)) {
      const partial: Record<string, unknown> = { ...requestData };
      delete partial[key];
      expect(RequestDataSchema.safeParse(partial).success, key).to.equal(false);
    }
  });

  it("params: requestId", () => {
    expect(SignatureParamsSchema.safeParse({ requestId: REQUEST_ID }).success).to.equal(true);
    expect(SignatureParamsSchema.safeParse({ requestId: REQUEST_ID.slice(0, 10) }).success).to.equal(false);
  });
});

describe("schemas: errors (7.1)", () => {
  it("error body: errorCode and message strings", () => {
    const body = { errorCode: "INVALID_REQUEST", message: "bad" };
    expect(ErrorBodySchema.parse(body)).to.deep.equal(body);
    expect(ErrorBodySchema.safeParse({ message: "bad" }).success).to.equal(false);
    expect(ErrorBodySchema.safeParse({ errorCode: 400, message: "bad" }).success).to.equal(false);
  });

  it("SOLANA_TX_TOO_LARGE is a literal constant", () => {
    expect(SOLANA_TX_TOO_LARGE).to.equal("SOLANA_TX_TOO_LARGE");
    const body = {
      errorCode: SOLANA_TX_TOO_LARGE,
      message: "transaction is 1290 bytes, 58 over the 1232-byte limit",
    };
    expect(SolanaTxTooLargeErrorBodySchema.parse(body)).to.deep.equal(body);
    expect(ErrorBodySchema.parse(body)).to.deep.equal(body);
    expect(SolanaTxTooLargeErrorBodySchema.safeParse({ ...body, errorCode: "OTHER" }).success).to.equal(
      false,
    );
  });
});

/** Every `pattern` in a JSON Schema document. */
function patternsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) patternsOf(item, out);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") out.push(value);
      else patternsOf(value, out);
    }
  }
  return out;
}

describe("schemas: JSON Schema generation (for OpenAPI)", () => {
  const parts = ["headers", "params", "query", "body"] as const;

  it("covers every endpoint of spec section 4", () => {
    const routes = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(routes).to.have.members([
      "GET /requests/v3",
      "POST /quote/v2",
      "POST /quote",
      "POST /price",
      "POST /fast-fill",
      "GET /intents/status/v3",
      "GET /app-fees/{wallet_address}/balances",
      "GET /requests/{requestId}/signature",
    ]);
  });

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${name}: z.toJSONSchema succeeds for every request and response schema, both io modes`, () => {
      const found: z.ZodType[] = [];
      for (const part of parts) {
        const schema = (endpoint as Record<string, unknown>)[part];
        if (schema) found.push(schema as z.ZodType);
      }
      for (const schema of Object.values(endpoint.responses)) found.push(schema);
      for (const schema of found) {
        for (const io of ["input", "output"] as const) {
          const json = z.toJSONSchema(schema, { io, target: "draft-2020-12" });
          expect(json).to.be.an("object");
          // Ajv and most OpenAPI tools compile patterns with the `u` flag.
          for (const pattern of patternsOf(json))
            expect(() => new RegExp(pattern, "u"), pattern).to.not.throw();
        }
      }
      // Path templates name exactly the params schema's keys.
      const names = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (endpoint as { params?: z.ZodObject }).params;
      expect(names).to.deep.equal(params ? Object.keys(params.shape) : []);
    });
  }

  it("z.toJSONSchema succeeds for every exported schema", () => {
    let count = 0;
    for (const [name, value] of Object.entries(schemas)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const io of ["input", "output"] as const)
        expect(() => z.toJSONSchema(value, { io }), `${name} (${io})`).to.not.throw();
      count++;
    }
    expect(count).to.be.greaterThan(50);
  });

  it("the list query's wire form is strings; its decoded form is typed, with defaults", () => {
    const input = z.toJSONSchema(ENDPOINTS.listRequests.query, { io: "input" }) as unknown as {
      $defs: { ListRequestsQuery: { properties: Record<string, { type?: string; default?: unknown }> } };
    };
    const wire = input.$defs.ListRequestsQuery.properties;
    expect(wire["limit"]).to.include({ type: "string", default: "20" });
    expect(wire["includeTotal"]).to.include({ type: "string", default: "false" });
    expect(wire["filters"]).to.include({ type: "string", contentMediaType: "application/json" });
    const output = z.toJSONSchema(ENDPOINTS.listRequests.query, { io: "output" }) as unknown as {
      $defs: { ListRequestsQuery: { properties: Record<string, Record<string, unknown>> } };
    };
    const typed = output.$defs.ListRequestsQuery.properties;
    expect(typed["limit"]).to.include({ type: "integer", minimum: 1, maximum: 50 });
    expect(typed["filters"]).to.include({ $ref: "#/$defs/Filters" });
  });
});
