/** The typed client against the mock service on loopback. */
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import {
  createServiceClient,
  isSolanaTxTooLarge,
  ServiceError,
  ServiceRequestError,
  ServiceResponseError,
  SolanaTxTooLargeServiceError,
  StatusPollTimeoutError,
} from "../../src/client/index.ts";
import {
  CANONICAL_EVM_DEPOSITORY,
  encodeAppBalanceFundingCalldata,
  SVM_DEPOSITORY_PROGRAM,
  verifyAttestation,
  verifyQuoteOrder,
} from "../../src/index.ts";
import type { Service } from "../../src/service/index.ts";
import { generateRequests } from "../../src/service/seed.ts";
import {
  API_KEY,
  BASE_USDC,
  ETH,
  EVM_RECIPIENT,
  EVM_USER,
  linkSponsorshipWallet,
  post,
  quoteBody,
  SOLVER,
  SPONSOR_KEY,
  SVM_USER,
  testService,
} from "../service/helpers.ts";

describe("createServiceClient", () => {
  let service: Service;
  let baseUrl: string;
  const client = () => createServiceClient({ baseUrl, apiKey: API_KEY });

  before(async () => {
    service = testService();
    service.seedRequests(generateRequests({ seed: 3, count: 123, apiKeys: [API_KEY] }));
    baseUrl = await service.listen(0);
    expect(baseUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
  after(() => service.close());

  it("quoteV2 returns a validated quote; getStatus and getSignature follow it", async () => {
    const quote = await client().quoteV2(
      quoteBody({ recipient: EVM_RECIPIENT }) as Parameters<ReturnType<typeof client>["quoteV2"]>[0],
    );
    const requestId = quote.steps[0]!.requestId;
    expect((await client().getStatus(requestId)).status).to.equal("waiting");
    const { requestData, signature } = await client().getSignature(requestId);
    expect(await verifyAttestation({ requestId, requestData, signature, solver: SOLVER })).to.equal(true);
    const price = await client().price(quoteBody() as Parameters<ReturnType<typeof client>["price"]>[0]);
    expect(price.steps).to.deep.equal([]);
    expect(
      (await client().quote(quoteBody() as Parameters<ReturnType<typeof client>["quote"]>[0])).steps,
    ).to.have.length(1);
  });

  it("pages() and requests() walk every page of the listing", async () => {
    let pages = 0;
    let count = 0;
    for await (const page of client().pages({ limit: 10 })) {
      pages++;
      count += page.requests.length;
    }
    const total = (await client().listRequests({ includeTotal: true })).total as number;
    expect(count).to.equal(total);
    expect(pages).to.equal(Math.ceil(total / 10));
    const ids = new Set<string>();
    for await (const record of client().requests({ limit: 50, status: "success" })) ids.add(record.id);
    expect(ids.size).to.equal((await client().listRequests({ status: "success", includeTotal: true })).total);
  });

  it("typed errors: ServiceError with status and errorCode; SOLANA_TX_TOO_LARGE distinguishable", async () => {
    const noKey = createServiceClient({ baseUrl, apiKey: "wrong-key" });
    const error = await noKey.listRequests().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ServiceError);
    expect(error).to.include({ status: 401, errorCode: "INVALID_API_KEY", code: "INVALID_API_KEY" });
    const tooLarge = await client()
      .quoteV2(
        quoteBody({
          user: SVM_USER,
          originChainId: 792703809,
          originCurrency: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263",
          recipient: EVM_RECIPIENT,
          amount: "1000000000000",
        }) as Parameters<ReturnType<typeof client>["quoteV2"]>[0],
      )
      .catch((e: unknown) => e);
    expect(tooLarge).to.be.instanceOf(SolanaTxTooLargeServiceError);
    expect(isSolanaTxTooLarge(tooLarge)).to.equal(true);
    const { size, over, status } = tooLarge as SolanaTxTooLargeServiceError;
    expect(status).to.equal(400);
    expect(size! - 1232).to.equal(over);
    expect(isSolanaTxTooLarge(error)).to.equal(false);
    const keyless = createServiceClient({ baseUrl });
    const missingKey = await keyless.fastFill({ requestId: `0x${"00".repeat(32)}` }).catch((e: unknown) => e);
    expect(missingKey).to.be.instanceOf(ServiceError);
    expect((missingKey as ServiceError).message).to.contain("API key");
  });

  it("fastFill and getAppBalance, end to end", async () => {
    const sponsor = privateKeyToAccount(SPONSOR_KEY);
    await linkSponsorshipWallet(service, sponsor);
    await post(
      service,
      "/_mock/funding",
      {
        txHash: "0xc1",
        from: sponsor.address,
        to: BASE_USDC,
        input: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 1_000_000_000n }),
      },
      { "x-api-key": API_KEY },
    );
    expect((await client().getAppBalance(sponsor.address)).amount).to.equal("1000000000");
    const quote = await client().quoteV2(quoteBody() as Parameters<ReturnType<typeof client>["quoteV2"]>[0]);
    const requestId = quote.steps[0]!.requestId;
    await post(service, `/_mock/requests/${requestId}/deposit`, { final: false }, { "x-api-key": API_KEY });
    const filled = await client().fastFill({ requestId });
    expect(filled.status).to.equal("filled");
    expect((await client().getAppBalance(sponsor.address)).amount).to.equal("700000000");
  });

  it("waitForStatus polls to a terminal status, times out, and honours abort", async () => {
    const quote = await client().quoteV2(quoteBody() as Parameters<ReturnType<typeof client>["quoteV2"]>[0]);
    const requestId = quote.steps[0]!.requestId;
    const seen: string[] = [];
    setTimeout(() => {
      post(service, `/_mock/requests/${requestId}/deposit`, { final: true }, { "x-api-key": API_KEY }).catch(
        () => {},
      );
    }, 100);
    const done = await client().waitForStatus(requestId, {
      intervalMs: 20,
      timeoutMs: 5000,
      onStatus: (s) => seen.push(s.status),
    });
    expect(done.status).to.equal("success");
    expect(seen[0]).to.equal("waiting");

    const other = (await client().quoteV2(quoteBody() as Parameters<ReturnType<typeof client>["quoteV2"]>[0]))
      .steps[0]!.requestId;
    const timeout = await client()
      .waitForStatus(other, { intervalMs: 20, timeoutMs: 150 })
      .catch((e: unknown) => e);
    expect(timeout).to.be.instanceOf(StatusPollTimeoutError);
    expect((timeout as StatusPollTimeoutError).lastStatus).to.equal("waiting");

    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 50);
    const aborted = await client()
      .waitForStatus(other, { intervalMs: 20, timeoutMs: 5000, signal: controller.signal })
      .catch((e: unknown) => e);
    expect((aborted as Error).message).to.equal("stop");
  });

  it("waitForStatus stops at a refund by default (every terminal status ends the wait)", async () => {
    const refunding = testService({ scenarios: true, indexerIntervalMs: 0 });
    const url = await refunding.listen(0);
    try {
      refunding.scenarios!.add({ outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
      const keyed = createServiceClient({ baseUrl: url, apiKey: API_KEY });
      const quote = await keyed.quoteV2(quoteBody() as Parameters<typeof keyed.quoteV2>[0]);
      const requestId = quote.steps[0]!.requestId;
      await post(
        refunding,
        `/_mock/requests/${requestId}/deposit`,
        { final: true },
        { "x-api-key": API_KEY },
      );
      const done = await keyed.waitForStatus(requestId, { intervalMs: 20, timeoutMs: 3000 });
      expect(done).to.include({ status: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
    } finally {
      await refunding.close();
    }
  });

  it("responses that fail their schema and unreachable servers are typed errors", async () => {
    const lying = createServiceClient({
      baseUrl,
      fetch: async () =>
        new Response(JSON.stringify({ status: "teleported", txHashes: [] }), { status: 200 }),
    });
    const bad = await lying.getStatus(`0x${"11".repeat(32)}`).catch((e: unknown) => e);
    expect(bad).to.be.instanceOf(ServiceResponseError);
    expect((bad as ServiceResponseError).code).to.equal("INVALID_SERVICE_RESPONSE");
    const down = createServiceClient({ baseUrl: "http://127.0.0.1:1" });
    const refused = await down.getStatus(`0x${"11".repeat(32)}`).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(ServiceRequestError);
  });

  it("serves an OpenAPI 3.1 document generated from the schemas", async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { "x-mock-only"?: boolean }>>;
    };
    expect(doc.openapi).to.equal("3.1.0");
    for (const path of [
      "/requests/v3",
      "/quote/v2",
      "/quote",
      "/price",
      "/fast-fill",
      "/intents/status/v3",
      "/app-fees/{wallet_address}/balances",
      "/requests/{requestId}/signature",
    ]) {
      expect(doc.paths, path).to.have.property(path);
    }
    expect(doc.paths["/_mock/sponsorship-wallets"]?.post?.["x-mock-only"]).to.equal(true);
  });
});

describe("createServiceClient: chains()", () => {
  let service: Service;
  let baseUrl: string;
  const served = (id: number, name: string, vmType: "evm" | "svm") => ({
    id,
    name,
    displayName: name,
    vmType,
    httpRpcUrl: "http://127.0.0.1:1",
    currency: { name, symbol: vmType === "svm" ? "SOL" : "ETH", decimals: vmType === "svm" ? 9 : 18 },
  });

  before(async () => {
    service = testService({
      publicChains: [served(8453, "base", "evm"), served(792703809, "solana", "svm")],
    });
    baseUrl = await service.listen(0);
  });
  after(() => service.close());

  it("GET /chains over HTTP, schema-checked, with each chain's protocol depository", async () => {
    const { chains } = await createServiceClient({ baseUrl }).chains();
    expect(chains.map((chain) => [chain.id, chain.vmType, chain.protocol?.v2])).to.deep.equal([
      [8453, "evm", { chainId: "base", depository: CANONICAL_EVM_DEPOSITORY }],
      [792703809, "svm", { chainId: "solana", depository: SVM_DEPOSITORY_PROGRAM }],
    ]);
  });

  it("verifyQuoteOrder passes the service's own order quotes with chains(): ERC-20 (approve, deposit) and SVM", async () => {
    const client = createServiceClient({ baseUrl });
    const chains = await client.chains();
    const evm = await client.quoteV2(
      quoteBody({
        includeProtocolData: true,
        originChainId: 8453,
        originCurrency: BASE_USDC,
        destinationChainId: 792703809,
        destinationCurrency: "11111111111111111111111111111111",
        recipient: SVM_USER,
        amount: "25000000",
      }) as Parameters<typeof client.quoteV2>[0],
    );
    expect(evm.steps.map((step) => step.id)).to.deep.equal(["approve", "deposit"]);
    const evmVerdict = await verifyQuoteOrder(evm, { chains, expectedPayer: EVM_USER, solver: SOLVER });
    expect(evmVerdict.failures).to.deep.equal([]);
    const svm = await client.quoteV2(
      quoteBody({
        includeProtocolData: true,
        user: SVM_USER,
        originChainId: 792703809,
        originCurrency: "11111111111111111111111111111111",
        destinationChainId: 8453,
        destinationCurrency: ETH,
        recipient: EVM_RECIPIENT,
        amount: "1000000000",
      }) as Parameters<typeof client.quoteV2>[0],
    );
    // The SVM item carries both forms a wallet may run: they are checked to be the same instructions.
    expect(svm.steps[0]!.items[0]!.data).to.include.keys("transaction", "instructions");
    const svmVerdict = await verifyQuoteOrder(svm, { chains, expectedPayer: SVM_USER, solver: SOLVER });
    expect(svmVerdict.failures).to.deep.equal([]);
  });

  it("a GET /chains response that fails its schema is a ServiceResponseError", async () => {
    const lying = createServiceClient({
      baseUrl,
      fetch: async () =>
        new Response(JSON.stringify({ chains: [{ id: "base", vmType: "evm" }] }), { status: 200 }),
    });
    const error = await lying.chains().catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ServiceResponseError);
    expect((error as ServiceResponseError).message).to.match(
      /GET \/chains: response does not match its schema/,
    );
  });
});
