/**
 * Bad-input suite: well over 10,000 generated malformed requests across every endpoint (wrong types,
 * missing fields, huge values, broken JSON, wrong encodings, bad keys). The service must answer every
 * one with a non-5xx status and, for every error, a body of exactly `{ errorCode, message }`.
 */
import { expect } from "chai";
import fc from "fast-check";
import { privateKeyToAccount } from "viem/accounts";
import type { Service } from "../../src/service/index.ts";
import {
  API_KEY,
  BASE_USDC,
  createRequest,
  ETH,
  EVM_USER,
  linkSponsorshipWallet,
  quoteBody,
  SPONSOR_KEY,
  SVM_USER,
  testService,
} from "./helpers.ts";

type Method = "GET" | "POST";
interface Attempt {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const LIST_PARAMS = [
  "limit",
  "continuation",
  "includeTotal",
  "user",
  "term",
  "id",
  "orderId",
  "depositTxHash",
  "fillTxHash",
  "refundTxHash",
  "originChainId",
  "destinationChainId",
  "chainId",
  "privateChainsToInclude",
  "depositAddress",
  "recipient",
  "status",
  "failReason",
  "refundFailReason",
  "apiKey",
  "requestType",
  "currencyInChainId",
  "currencyOutChainId",
  "currencyInAddress",
  "currencyOutAddress",
  "currencyInSymbol",
  "currencyOutSymbol",
  "sortBy",
  "sortDirection",
  "startTimestamp",
  "endTimestamp",
  "startBlock",
  "endBlock",
  "amountUsdMin",
  "amountUsdMax",
  "appFeesAmountUsdMin",
  "appFeesAmountUsdMax",
  "fillTimeMin",
  "fillTimeMax",
  "features",
  "includeAuthenticatedData",
  "includeChildRequests",
  "filters",
];

/** Strings that tend to break parsers: huge numbers, odd encodings, separators, JSON fragments. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "1e308",
    "1e-400",
    "NaN",
    "Infinity",
    "-0",
    "0x10",
    "00001",
    "1.",
    ".5",
    "9".repeat(400),
    "true",
    "TRUE",
    "null",
    "undefined",
    "[]",
    "{}",
    "[{}]",
    "[null]",
    '[{"status":[null,"success"]}]',
    '[{"a":{"b":1}}]',
    "[".repeat(2000),
    '{"__proto__":{"x":1}}',
    "%zz",
    "%00",
    "%E0%A4%A",
    "\u0000",
    "\uD800",
    "a,b,,c",
    ",",
    "..",
    "../../etc/passwd",
    "0x" + "f".repeat(64),
    "0x" + "F".repeat(40),
    "0X" + "1".repeat(40),
    SVM_USER,
    SVM_USER.toLowerCase(),
    EVM_USER.toLowerCase(),
    "x".repeat(5000),
    "😀".repeat(100),
    "<script>",
    "' OR 1=1 --",
    "$..*",
    '"',
    "\\",
  ),
);
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\x20-\x7e]/g, "");
  }
};
const rawOrEncoded = fc
  .tuple(nastyString, fc.boolean())
  .map(([v, raw]) => (raw ? v.replace(/[#\s]/g, "") : encode(v)));

const jsonJunk = fc.oneof(
  fc.anything({ maxDepth: 3, withBigInt: false, withObjectString: true, withNullPrototype: false }),
  nastyString,
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, true, [], {}, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, "1".repeat(300)),
);

const keyHeaders = fc.oneof(
  fc.constant<Record<string, string>>({}),
  fc.constant({ "x-api-key": API_KEY }),
  fc.constant({ authorization: `Bearer ${API_KEY}` }),
  rawOrEncoded.map((k) => ({ "x-api-key": k.replace(/[^\x21-\x7e]/g, "") || "k" })),
  rawOrEncoded.map((k) => ({ authorization: `Bearer ${k.replace(/[^\x21-\x7e]/g, "")}` })),
  fc.constantFrom(
    { authorization: "Bearer" },
    { authorization: "Basic abc" },
    { authorization: `bearer ${API_KEY}` },
    { authorization: `Bearer  ${API_KEY}` },
  ),
);

function mutateBody(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  return fc.oneof(
    // one field replaced by junk
    fc
      .tuple(fc.constantFrom(...keys), jsonJunk)
      .map(([key, value]) => JSON.stringify({ ...base, [key]: value })),
    // one or more fields missing
    fc
      .subarray(keys, { minLength: 1 })
      .map((drop) =>
        JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => !drop.includes(k)))),
      ),
    // string fields mutated (case flips, truncation, padding)
    fc
      .tuple(fc.constantFrom(...keys), fc.nat(60), fc.constantFrom("upper", "lower", "cut", "pad", "space"))
      .map(([key, n, how]) => {
        const value = String(base[key]);
        const mutated =
          how === "upper"
            ? value.toUpperCase()
            : how === "lower"
              ? value.toLowerCase()
              : how === "cut"
                ? value.slice(0, n)
                : how === "pad"
                  ? `${value}${"0".repeat(n)}`
                  : ` ${value} `;
        return JSON.stringify({ ...base, [key]: mutated });
      }),
    // not an object, broken JSON, huge
    jsonJunk.map((junk) => JSON.stringify(junk) ?? "null"),
    fc.string({ maxLength: 200 }),
    fc.nat(400).map((n) => JSON.stringify(base).slice(0, n)),
    fc.constant(`{"amount":"${"9".repeat(70_000)}"}`),
    fc.constant(
      JSON.stringify({ ...base, __proto__: { polluted: true } }).replace(
        '"user"',
        '"__proto__":{"x":1},"user"',
      ),
    ),
    fc.constant(`{"constructor":{"prototype":{"x":1}}}`),
  );
}

describe("bad input: no 5xx, every error is { errorCode, message }", () => {
  let service: Service;
  let requestId: string;
  let total = 0;

  before(async () => {
    service = testService();
    requestId = await createRequest(service);
    const sponsor = privateKeyToAccount(SPONSOR_KEY);
    await linkSponsorshipWallet(service, sponsor);
  });
  after(async () => {
    await service.close();
    expect(total).to.be.at.least(10_000);
    console.log(`      bad-input requests sent: ${total}`);
  });

  async function check(attempt: Attempt): Promise<void> {
    let res: Awaited<ReturnType<Service["app"]["inject"]>>;
    try {
      res = await service.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: attempt.headers ?? {},
        ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
      });
    } catch (error) {
      // The in-process injector cannot even build some URLs (e.g. "/\\"); the raw-socket test sends those.
      if (error instanceof TypeError && /Invalid URL/.test(error.message)) return;
      throw error;
    }
    total++;
    expect(
      res.statusCode,
      `${attempt.method} ${attempt.url.slice(0, 200)} -> ${res.body.slice(0, 300)}`,
    ).to.be.below(500);
    if (res.statusCode >= 400) {
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        body = res.body;
      }
      expect(body, `${attempt.url.slice(0, 100)}: ${res.body.slice(0, 200)}`).to.be.an("object");
      expect(Object.keys(body as object).sort()).to.deep.equal(["errorCode", "message"]);
      expect((body as { errorCode: unknown }).errorCode)
        .to.be.a("string")
        .and.not.equal("");
      expect((body as { message: unknown }).message).to.be.a("string");
      expect(res.body).not.to.contain(API_KEY);
    }
  }

  const run = (arb: fc.Arbitrary<Attempt>, numRuns: number, seed: number) =>
    fc.assert(fc.asyncProperty(arb, check), { numRuns, seed, endOnFailure: true });

  it("GET /requests/v3: junk query parameters, keys and encodings", async function () {
    this.timeout(120_000);
    const query = fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...LIST_PARAMS), rawOrEncoded), rawOrEncoded), {
        minLength: 1,
        maxLength: 5,
      })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
    await run(
      fc.tuple(query, keyHeaders, fc.boolean()).map(([q, headers, withKey]) => ({
        method: "GET" as const,
        url: `/requests/v3?${q}`,
        headers: withKey ? { "x-api-key": API_KEY } : headers,
      })),
      3000,
      1,
    );
  });

  it("POST /quote/v2, /quote, /price: mutated, missing, wrong-typed, huge and broken bodies", async function () {
    this.timeout(120_000);
    const bases = [
      quoteBody(),
      quoteBody({
        originCurrency: BASE_USDC,
        originChainId: 8453,
        destinationChainId: 1,
        destinationCurrency: ETH,
      }),
      quoteBody({
        user: SVM_USER,
        originChainId: 792703809,
        originCurrency: "11111111111111111111111111111111",
        recipient: EVM_USER,
        maxRouteLength: 3,
        includedOriginSwapSources: ["whirlpool"],
      }),
      quoteBody({
        destinationChainId: 792703809,
        destinationCurrency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        recipient: SVM_USER,
      }),
    ];
    const body = fc.constantFrom(...bases).chain(mutateBody);
    const contentType = fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-16",
      "",
    );
    await run(
      fc
        .tuple(fc.constantFrom("/quote/v2", "/quote", "/price"), body, contentType, keyHeaders)
        .map(([url, payload, ct, headers]) => ({
          method: "POST" as const,
          url,
          headers: ct ? { ...headers, "content-type": ct } : headers,
          payload,
        })),
      3000,
      2,
    );
  });

  it("POST /fast-fill: bearer variants and junk bodies", async function () {
    this.timeout(120_000);
    const base = { requestId, maxFillAmountUsd: 10, solverInputCurrencyAmount: "1" };
    await run(
      fc.tuple(mutateBody(base), keyHeaders).map(([payload, headers]) => ({
        method: "POST" as const,
        url: "/fast-fill",
        headers: { ...headers, "content-type": "application/json" },
        payload,
      })),
      1500,
      3,
    );
  });

  it("GET status, signature and app balance: junk ids, wallets and paths", async function () {
    this.timeout(120_000);
    await run(
      fc
        .tuple(fc.constantFrom("status", "signature", "balance", "statusRepeat"), rawOrEncoded)
        .map(([kind, value]) => ({
          method: "GET" as const,
          url:
            kind === "status"
              ? `/intents/status/v3?requestId=${value}`
              : kind === "statusRepeat"
                ? `/intents/status/v3?requestId=${requestId}&requestId=${value}`
                : kind === "signature"
                  ? `/requests/${value || "x"}/signature`
                  : `/app-fees/${value || "x"}/balances`,
        })),
      1500,
      4,
    );
  });

  it("mock admin routes and unknown routes: junk bodies, paths and methods", async function () {
    this.timeout(120_000);
    const routes = fc.constantFrom(
      "/_mock/sponsorship-wallets",
      `/_mock/requests/${requestId}/deposit`,
      "/_mock/funding",
      `/_mock/app-balances/${EVM_USER}/claim`,
      "/_mock/holds/settle",
    );
    const body = fc.oneof(
      mutateBody({ wallet: EVM_USER, signature: `0x${"ab".repeat(65)}` }),
      mutateBody({ txHash: "0x01", final: true, amount: "1", currency: ETH, from: EVM_USER, block: 1 }),
      mutateBody({ txHash: "0x01", from: EVM_USER, to: BASE_USDC, input: "0xa9059cbb" }),
      mutateBody({ amount: "1" }),
    );
    await run(
      fc.oneof(
        fc.tuple(routes, body, keyHeaders).map(([url, payload, headers]) => ({
          method: "POST" as const,
          url,
          headers: { ...headers, "content-type": "application/json" },
          payload,
        })),
        fc.tuple(rawOrEncoded, fc.constantFrom<Method>("GET", "POST")).map(([path, method]) => ({
          method,
          url: `/${path}`,
          ...(method === "POST" ? { headers: { "content-type": "application/json" }, payload: "{}" } : {}),
        })),
      ),
      2000,
      5,
    );
  });

  it("raw HTTP over a loopback socket: broken request lines, encodings and headers", async function () {
    this.timeout(60_000);
    const base = await service.listen(0);
    const { port } = new URL(base);
    const lines = [
      "GET /\\ HTTP/1.1",
      "GET /requests/v3?limit=%zz HTTP/1.1",
      "GET /requests/%E0%A4%A/signature HTTP/1.1",
      "GET /app-fees/%/balances HTTP/1.1",
      "GET /intents/status/v3?requestId=%00 HTTP/1.1",
      "GET /requests/v3?filters=%5B%5B%5B HTTP/1.1",
      "POST /quote/v2 HTTP/1.1",
      "GET / HTTP/9.9",
      "BREW /coffee HTTP/1.1",
      "GET /requests/v3 HTTP/1.1\r\nx-api-key: \u0001bad",
      "GET " + "/a".repeat(5000) + " HTTP/1.1",
      "GET /requests/v3 HTTP/1.1\r\nx-big: " + "x".repeat(20_000),
      "\u0000\u0001\u0002",
      "GET /requests/\xff\xfe/signature HTTP/1.1",
    ];
    const { connect } = await import("node:net");
    const send = (line: string, extra: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1");
        let data = "";
        socket.setEncoding("latin1");
        socket.on("data", (chunk) => {
          data += chunk;
        });
        socket.on("error", () => resolve(data));
        socket.on("close", () => resolve(data));
        socket.write(
          Buffer.from(`${line}\r\nhost: 127.0.0.1\r\nconnection: close\r\n${extra}\r\n`, "latin1"),
        );
        setTimeout(() => socket.destroy(), 3000);
      });
    for (let round = 0; round < 15; round++) {
      for (const line of lines) {
        const extra =
          round % 3 === 0
            ? "content-type: application/json\r\ncontent-length: 5\r\n\r\n{bad}"
            : round % 3 === 1
              ? "transfer-encoding: chunked\r\n\r\nzz\r\n"
              : "";
        const response = await send(line, extra);
        total++;
        if (response === "") continue; // connection dropped without a response: not a 5xx
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
        expect(status, `${line.slice(0, 60)} -> ${response.slice(0, 200)}`).to.be.below(500);
        if (status >= 400) {
          const start = response.indexOf("\r\n\r\n") + 4;
          const length = Number(/content-length: (\d+)/i.exec(response.slice(0, start))?.[1]);
          const body = JSON.parse(response.slice(start, start + length)) as Record<string, unknown>;
          expect(Object.keys(body).sort(), response.slice(0, 300)).to.deep.equal(["errorCode", "message"]);
        }
      }
    }
  });
});
