/** GET /requests/v3: one test per rule of spec 4.1, checked against the seeded fixtures. */
import { expect } from "chai";
import { hashApiKey } from "../../src/service/auth.ts";
import type { Service, StoredRequest } from "../../src/service/index.ts";
import { normalizeLookup } from "../../src/service/records.ts";
import { generateRequests } from "../../src/service/seed.ts";
import { API_KEY, expectError, get, OTHER_KEY, testService } from "./helpers.ts";

const PRIVATE = "8b2c3a8e-1f0e-4a5b-9c1d-2e3f4a5b6c7d";
const COUNT = 600;

type Record_ = StoredRequest["record"];

describe("GET /requests/v3", () => {
  let service: Service;
  let fixtures: StoredRequest[];
  const headers = { "x-api-key": API_KEY };

  before(() => {
    service = testService();
    fixtures = generateRequests({
      seed: 7,
      count: COUNT,
      apiKeys: [API_KEY, OTHER_KEY],
      wallets: 20,
      privateChains: [PRIVATE],
    });
    // A few createdAt ties, to prove the id tie-breaker.
    for (let i = 10; i < 20; i++)
      (fixtures[i] as StoredRequest).meta.createdAt = (fixtures[9] as StoredRequest).meta.createdAt;
    service.seedRequests(fixtures);
  });
  after(() => service.close());

  async function all(query: string, limit = 50): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let continuation: string | null = null;
    let pages = 0;
    do {
      const sep = query ? "&" : "";
      const url: string = `/requests/v3?${query}${sep}limit=${limit}${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ""}`;
      const res = await get(service, url, headers);
      expect(res.status, res.raw).to.equal(200);
      const body = res.body as { requests: Record_[]; continuation: string | null };
      expect(body.requests.length).to.be.at.most(limit);
      ids.push(...body.requests.map((r) => r.id));
      continuation = body.continuation;
      pages++;
    } while (continuation);
    return { ids, pages };
  }

  const visible = (r: StoredRequest, include: string[] = []) =>
    r.meta.privateChain === null || include.includes(r.meta.privateChain);

  function expected(
    predicate: (r: StoredRequest) => boolean,
    sort: "createdAt" | "updatedAt" | "amountUsd" = "createdAt",
    direction?: "asc" | "desc",
  ): string[] {
    const dir = direction ?? (sort === "amountUsd" ? "asc" : "desc");
    const key = (r: StoredRequest) =>
      sort === "createdAt"
        ? r.meta.createdAt
        : sort === "updatedAt"
          ? r.meta.updatedAt
          : Number(r.meta.amountMicroUsd) / 1e6;
    return fixtures
      .filter((r) => visible(r) && predicate(r))
      .sort((a, b) => {
        const d = key(a) - key(b) || (a.record.id.toLowerCase() < b.record.id.toLowerCase() ? -1 : 1);
        return dir === "asc" ? d : -d;
      })
      .map((r) => r.record.id);
  }

  async function expectQuery(
    query: string,
    predicate: (r: StoredRequest) => boolean,
    sort?: "createdAt" | "updatedAt" | "amountUsd",
    direction?: "asc" | "desc",
  ) {
    const want = expected(predicate, sort, direction);
    const { ids } = await all(query);
    expect(ids).to.deep.equal(want);
    return want;
  }

  describe("auth (spec 5)", () => {
    it("401 MISSING_API_KEY without x-api-key", async () => {
      expectError(await get(service, "/requests/v3"), 401, "MISSING_API_KEY");
    });
    it("401 INVALID_API_KEY with a wrong key, and the key is not echoed", async () => {
      const res = await get(service, "/requests/v3", { "x-api-key": "not-a-key-123" });
      expectError(res, 401, "INVALID_API_KEY");
      expect(res.raw).not.to.contain("not-a-key-123");
    });
    it("a Bearer header does not authenticate the listing", async () => {
      expectError(
        await get(service, "/requests/v3", { authorization: `Bearer ${API_KEY}` }),
        401,
        "MISSING_API_KEY",
      );
    });
  });

  describe("limit", () => {
    it("defaults to 20", async () => {
      const res = await get(service, "/requests/v3", headers);
      expect((res.body as { requests: unknown[] }).requests).to.have.length(20);
    });
    it("accepts 1 and 50", async () => {
      for (const limit of [1, 50]) {
        const res = await get(service, `/requests/v3?limit=${limit}`, headers);
        expect((res.body as { requests: unknown[] }).requests).to.have.length(limit);
      }
    });
    it("rejects 0, 51, -1, 1.5, abc with 400", async () => {
      for (const limit of ["0", "51", "-1", "1.5", "abc", ""]) {
        expectError(await get(service, `/requests/v3?limit=${limit}`, headers), 400, "INVALID_QUERY");
      }
    });
  });

  describe("continuation", () => {
    it("pages through every match exactly once, in order, with ties broken by id", async () => {
      const want = expected(() => true);
      const { ids, pages } = await all("", 7);
      expect(ids).to.deep.equal(want);
      expect(pages).to.equal(Math.ceil(want.length / 7));
    });
    it("is opaque and stable while new requests arrive", async () => {
      const first = await get(service, "/requests/v3?limit=5", headers);
      const body = first.body as { requests: Record_[]; continuation: string };
      expect(body.continuation).to.be.a("string");
      expect(body.continuation).not.to.match(/created|0x[0-9a-f]{64}/i);
      const before = await get(
        service,
        `/requests/v3?limit=5&continuation=${encodeURIComponent(body.continuation)}`,
        headers,
      );
      // New, newer requests arrive.
      const extra = generateRequests({ seed: 99, count: 5, newestAt: Date.UTC(2027, 0, 1) });
      service.seedRequests(extra);
      try {
        const after = await get(
          service,
          `/requests/v3?limit=5&continuation=${encodeURIComponent(body.continuation)}`,
          headers,
        );
        expect(after.body).to.deep.equal(before.body);
      } finally {
        for (const r of extra)
          service.store.prepare("DELETE FROM requests WHERE id = ?").run(r.record.id.toLowerCase());
      }
    });
    it("rejects forged, corrupted, or other-query cursors with 400 INVALID_CONTINUATION", async () => {
      const first = await get(service, "/requests/v3?limit=5", headers);
      const cursor = (first.body as { continuation: string }).continuation;
      const tampered = `${cursor.slice(0, -2)}${cursor.endsWith("A") ? "B" : "A"}A`;
      for (const bad of [
        "abc",
        tampered,
        "x.y",
        `${Buffer.from('[1,0,"x","y"]').toString("base64url")}.AAAA`,
      ]) {
        expectError(
          await get(service, `/requests/v3?continuation=${encodeURIComponent(bad)}`, headers),
          400,
          "INVALID_CONTINUATION",
        );
      }
      expectError(
        await get(service, `/requests/v3?status=success&continuation=${encodeURIComponent(cursor)}`, headers),
        400,
        "INVALID_CONTINUATION",
      );
    });
    it("last page has continuation null", async () => {
      const res = await get(service, "/requests/v3?id=" + fixtures[0]?.record.id, headers);
      expect((res.body as { continuation: unknown }).continuation).to.equal(null);
    });
  });

  describe("includeTotal", () => {
    it("is absent by default and counts every match, ignoring limit and continuation", async () => {
      const plain = await get(service, "/requests/v3?status=success", headers);
      expect(plain.body).not.to.have.property("total");
      const want = expected((r) => r.record.status === "success");
      const res = await get(service, "/requests/v3?status=success&includeTotal=true&limit=3", headers);
      const body = res.body as { total: number; continuation: string };
      expect(body.total).to.equal(want.length);
      const next = await get(
        service,
        `/requests/v3?status=success&includeTotal=true&limit=3&continuation=${encodeURIComponent(body.continuation)}`,
        headers,
      );
      expect((next.body as { total: number }).total).to.equal(want.length);
    });
    it("rejects non-boolean spellings", async () => {
      for (const v of ["1", "TRUE", "yes"])
        expectError(await get(service, `/requests/v3?includeTotal=${v}`, headers), 400);
    });
  });

  it("user: sender or deposit-address depositor (not the user field)", async () => {
    const depositor = fixtures.find((r) => r.record.depositAddress?.depositor)?.record.depositAddress
      ?.depositor as string;
    const want = await expectQuery(`user=${depositor}`, (r) =>
      [r.record.sender, r.record.depositAddress?.depositor].some(
        (a) => a && normalizeLookup(a) === normalizeLookup(depositor),
      ),
    );
    expect(want.length).to.be.greaterThan(0);
    // EVM addresses match in any case.
    const upper = `0x${depositor.slice(2).toUpperCase()}`;
    if (depositor.startsWith("0x")) expect((await all(`user=${upper}`)).ids).to.deep.equal(want);
  });

  it("term: request id, wallets, deposit address and every transaction hash", async () => {
    const withTx = fixtures.find((r) => visible(r) && r.record.data.outTxs.length > 0) as StoredRequest;
    const hash = withTx.record.data.outTxs[0]?.txHash as string;
    const matches = (r: StoredRequest, term: string) => {
      const t = normalizeLookup(term);
      const values = [
        r.record.id,
        r.record.user,
        r.record.recipient,
        r.record.sender,
        r.record.refundTo,
        r.record.depositAddress?.address,
        r.record.depositAddress?.depositor,
        r.record.depositAddress?.depositTxHash,
        r.record.data.failedTxHash,
        ...r.record.data.inTxs.map((x) => x.txHash),
        ...r.record.data.outTxs.map((x) => x.txHash),
      ];
      return values.some((v) => v && normalizeLookup(v) === t);
    };
    for (const term of [hash, withTx.record.id, withTx.record.recipient]) {
      await expectQuery(`term=${encodeURIComponent(term)}`, (r) => matches(r, term));
    }
    const failed = fixtures.find((r) => visible(r) && r.record.data.failedTxHash) as StoredRequest;
    expect((await all(`term=${failed.record.data.failedTxHash}`)).ids).to.include(failed.record.id);
  });

  it("id: exact match; includeChildRequests adds children only together with id", async () => {
    const child = fixtures.find((r) => r.meta.parentId !== null && visible(r)) as StoredRequest;
    const parentId = child.meta.parentId as string;
    expect((await all(`id=${parentId}`)).ids).to.deep.equal([parentId]);
    await expectQuery(
      `id=${parentId}&includeChildRequests=true`,
      (r) => r.record.id === parentId || r.meta.parentId === parentId,
    );
    // Without id, includeChildRequests changes nothing.
    expect((await all("includeChildRequests=true&status=refund")).ids).to.deep.equal(
      expected((r) => r.record.status === "refund"),
    );
    expectError(await get(service, "/requests/v3?id=0x1234", headers), 400);
  });

  it("orderId", async () => {
    const order = fixtures.find((r) => r.meta.orderId && visible(r))?.meta.orderId as string;
    await expectQuery(`orderId=${order}`, (r) => r.meta.orderId === order);
  });

  it("depositTxHash, fillTxHash, refundTxHash: targeted by kind", async () => {
    const deposit = fixtures.find((r) => visible(r) && r.record.data.inTxs.length)?.record.data.inTxs[0]
      ?.txHash as string;
    const fill = fixtures.find((r) => visible(r) && r.record.status === "success")?.record.data.outTxs[0]
      ?.txHash as string;
    const refund = fixtures.find((r) => visible(r) && r.record.status === "refund")?.record.data.outTxs[0]
      ?.txHash as string;
    await expectQuery(`depositTxHash=${deposit}`, (r) =>
      r.record.data.inTxs.some((t) => t.txHash === deposit),
    );
    await expectQuery(`fillTxHash=${fill}`, (r) => r.record.data.outTxs.some((t) => t.txHash === fill));
    await expectQuery(`refundTxHash=${refund}`, (r) => r.record.data.outTxs.some((t) => t.txHash === refund));
    // A fill hash is not a deposit hash.
    expect((await all(`depositTxHash=${fill}`)).ids).to.deep.equal([]);
  });

  it("originChainId, destinationChainId, and chainId in either direction, overridden by them", async () => {
    await expectQuery("originChainId=10", (r) => r.meta.originChainId === 10);
    await expectQuery("destinationChainId=792703809", (r) => r.meta.destinationChainId === 792703809);
    await expectQuery(
      "chainId=8453",
      (r) => r.meta.originChainId === 8453 || r.meta.destinationChainId === 8453,
    );
    await expectQuery("chainId=8453&originChainId=10", (r) => r.meta.originChainId === 10);
    await expectQuery("chainId=8453&destinationChainId=1", (r) => r.meta.destinationChainId === 1);
    expectError(await get(service, "/requests/v3?chainId=0", headers), 400);
  });

  it("privateChainsToInclude: private-chain requests only when their UUID is listed", async () => {
    const privates = fixtures.filter((r) => r.meta.privateChain === PRIVATE).map((r) => r.record.id);
    expect(privates.length).to.be.greaterThan(0);
    const { ids } = await all("");
    expect(ids).not.to.include.members(privates.slice(0, 1));
    const { ids: withPrivate } = await all(`privateChainsToInclude=${PRIVATE}`);
    expect(withPrivate).to.include.members(privates);
    expect(withPrivate.length).to.equal(COUNT);
    expectError(await get(service, "/requests/v3?privateChainsToInclude=not-a-uuid", headers), 400);
  });

  it("depositAddress and recipient", async () => {
    const da = fixtures.find((r) => visible(r) && r.record.depositAddress)?.record.depositAddress
      ?.address as string;
    await expectQuery(`depositAddress=${da}`, (r) => r.record.depositAddress?.address === da);
    const recipient = fixtures[3]?.record.recipient as string;
    await expectQuery(`recipient=${recipient}`, (r) => r.record.recipient === recipient);
  });

  it("status: only success, failure, refund, pending, depositing are accepted", async () => {
    for (const status of ["success", "failure", "refund", "pending", "depositing"]) {
      await expectQuery(`status=${status}`, (r) => r.record.status === status);
    }
    for (const status of ["waiting", "submitted", "SUCCESS", "done"]) {
      expectError(await get(service, `/requests/v3?status=${status}`, headers), 400, "INVALID_QUERY");
    }
  });

  it("failReason: only requests that failed (outright, or refunded) with it; refundFailReason", async () => {
    const reason = fixtures.find((r) => visible(r) && r.record.status === "failure")?.record.data
      .failReason as string;
    await expectQuery(
      `failReason=${reason}`,
      (r) => ["failure", "refund"].includes(r.record.status) && r.record.data.failReason === reason,
    );
    await expectQuery(
      "failReason=N%2FA",
      (r) => ["failure", "refund"].includes(r.record.status) && r.record.data.failReason === "N/A",
    );
    const refundReason = fixtures.find((r) => visible(r) && r.record.data.refundFailReason)?.record.data
      .refundFailReason as string;
    await expectQuery(
      `refundFailReason=${refundReason}`,
      (r) => r.record.data.refundFailReason === refundReason,
    );
    expectError(await get(service, "/requests/v3?failReason=BOGUS", headers), 400);
    expectError(await get(service, "/requests/v3?refundFailReason=SLIPPAGE", headers), 400);
  });

  it("apiKey: one key or a comma-separated list, any matches", async () => {
    const a = hashApiKey(API_KEY);
    const b = hashApiKey(OTHER_KEY);
    await expectQuery(`apiKey=${API_KEY}`, (r) => r.meta.apiKeyHash === a);
    await expectQuery(
      `apiKey=${API_KEY},${OTHER_KEY}`,
      (r) => r.meta.apiKeyHash === a || r.meta.apiKeyHash === b,
    );
    expect((await all("apiKey=unknown-key")).ids).to.deep.equal([]);
  });

  it("requestType: case-insensitive", async () => {
    await expectQuery("requestType=crosschain%20SWAP", (r) => r.meta.requestType === "Crosschain Swap");
    await expectQuery("requestType=same-CHAIN%20swap", (r) => r.meta.requestType === "Same-chain Swap");
    expectError(await get(service, "/requests/v3?requestType=Teleport", headers), 400);
  });

  it("currency filters: chain ids, addresses, symbols case-insensitive across chains", async () => {
    await expectQuery("currencyInChainId=42161", (r) => r.meta.originChainId === 42161);
    await expectQuery("currencyOutChainId=10", (r) => r.meta.destinationChainId === 10);
    const usdc = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
    await expectQuery(
      `currencyInAddress=${usdc.toUpperCase().replace("0X", "0x")}`,
      (r) => r.meta.originCurrency.toLowerCase() === usdc,
    );
    await expectQuery(`currencyOutAddress=${usdc}`, (r) => r.meta.destinationCurrency.toLowerCase() === usdc);
    const want = await expectQuery("currencyInSymbol=usdc", (r) => r.meta.originSymbol === "USDC");
    expect(
      new Set(fixtures.filter((r) => want.includes(r.record.id)).map((r) => r.meta.originChainId)).size,
    ).to.be.greaterThan(1);
    await expectQuery("currencyOutSymbol=Sol", (r) => r.meta.destinationSymbol === "SOL");
  });

  it("sortBy/sortDirection defaults: desc for time fields, asc for amountUsd", async () => {
    await expectQuery("", () => true, "createdAt", "desc");
    await expectQuery("sortBy=updatedAt", () => true, "updatedAt", "desc");
    await expectQuery("sortBy=amountUsd", () => true, "amountUsd", "asc");
    await expectQuery("sortBy=amountUsd&sortDirection=desc", () => true, "amountUsd", "desc");
    await expectQuery("sortDirection=asc", () => true, "createdAt", "asc");
    expectError(await get(service, "/requests/v3?sortBy=id", headers), 400);
  });

  it("startTimestamp/endTimestamp: inclusive bounds on createdAt, on updatedAt when sorting by it", async () => {
    const mid = fixtures[300] as StoredRequest;
    const start = Math.floor(mid.meta.createdAt / 1000) - 60;
    const end = Math.floor(mid.meta.createdAt / 1000);
    const inRange = (t: number) => t >= start * 1000 && t <= end * 1000 + 999;
    await expectQuery(`startTimestamp=${start}&endTimestamp=${end}`, (r) => inRange(r.meta.createdAt));
    await expectQuery(
      `sortBy=updatedAt&startTimestamp=${start}&endTimestamp=${end}`,
      (r) => inRange(r.meta.updatedAt),
      "updatedAt",
    );
    // inclusive: a request created exactly at a second boundary is included
    const exact = Math.floor((fixtures[100] as StoredRequest).meta.createdAt / 1000);
    expect((await all(`startTimestamp=${exact}&endTimestamp=${exact}`)).ids).to.include(
      (fixtures[100] as StoredRequest).record.id,
    );
  });

  it("startBlock/endBlock: chain entry blocks, scoped to origin-chain entries when originChainId is set", async () => {
    const entries = (r: StoredRequest) => [...r.record.data.inTxs, ...r.record.data.outTxs];
    const within = (b: number) => b >= 200_000 && b <= 600_000;
    await expectQuery("startBlock=200000&endBlock=600000", (r) => entries(r).some((t) => within(t.block)));
    await expectQuery(
      "startBlock=200000&endBlock=600000&originChainId=8453",
      (r) => r.meta.originChainId === 8453 && entries(r).some((t) => t.chainId === 8453 && within(t.block)),
    );
    await expectQuery("startBlock=900000", (r) => entries(r).some((t) => t.block >= 900_000));
  });

  it("amountUsd, appFeesAmountUsd and fillTime bounds", async () => {
    const usd = (r: StoredRequest) => Number(r.meta.amountMicroUsd) / 1e6;
    await expectQuery("amountUsdMin=100&amountUsdMax=5000", (r) => usd(r) >= 100 && usd(r) <= 5000);
    const fees = (r: StoredRequest) =>
      r.record.data.appFees.actual.reduce((s, f) => s + Number(f.amountUsd), 0);
    await expectQuery("appFeesAmountUsdMin=5", (r) => fees(r) >= 5);
    await expectQuery("appFeesAmountUsdMax=5", (r) => fees(r) <= 5);
    await expectQuery(
      "fillTimeMin=10&fillTimeMax=60",
      (r) => r.meta.fillTime !== null && r.meta.fillTime >= 10 && r.meta.fillTime <= 60,
    );
    expectError(await get(service, "/requests/v3?amountUsdMin=-1", headers), 400);
    expectError(await get(service, "/requests/v3?amountUsdMin=1e3", headers), 400);
  });

  it("features: at least one of the listed", async () => {
    await expectQuery("features=fast_fill,gas_top_up", (r) =>
      r.meta.features.some((f) => f === "fast_fill" || f === "gas_top_up"),
    );
    await expectQuery("features=deposit_address", (r) => r.meta.features.includes("deposit_address"));
    expectError(await get(service, "/requests/v3?features=fast_fill,teleport", headers), 400);
  });

  it("includeAuthenticatedData: extra fields only on the caller's own requests", async () => {
    const res = await get(service, "/requests/v3?includeAuthenticatedData=true&limit=50", headers);
    const requests = (res.body as { requests: (Record_ & { authenticatedData?: unknown })[] }).requests;
    const mine = hashApiKey(API_KEY);
    for (const r of requests) {
      const own = fixtures.find((f) => f.record.id === r.id)?.meta.apiKeyHash === mine;
      expect(r.authenticatedData !== undefined, r.id).to.equal(own);
    }
    const plain = await get(service, "/requests/v3?limit=50", headers);
    for (const r of (plain.body as { requests: Record<string, unknown>[] }).requests)
      expect(r).not.to.have.property("authenticatedData");
  });

  it("repeated parameters and unknown values are 400, unknown parameters are ignored", async () => {
    expectError(await get(service, "/requests/v3?status=success&status=failure", headers), 400);
    expect((await get(service, "/requests/v3?limit=2&colour=blue", headers)).status).to.equal(200);
  });
});
