/**
 * Which routes take which key. The walk goes over every operation of the OpenAPI document without a
 * key and asserts exactly the documented ones are refused with a typed 401 and change nothing; the
 * rest prove each money-moving route takes only its own key (the request's quoting key, the wallet's
 * linked key) and that manual deposits are refused on indexed chains.
 */
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { encodeAppBalanceFundingCalldata } from "../../src/index.ts";
import { DOCS_PATH } from "../../src/service/api-docs.ts";
import { buildOpenApiDocument, type Service } from "../../src/service/index.ts";
import {
  API_KEY,
  BASE_USDC,
  createRequest,
  EDR_ORIGIN_CHAIN_ID,
  expectError,
  get,
  linkSponsorshipWallet,
  OTHER_KEY,
  post,
  SOLVER,
  SPONSOR_KEY,
  serviceOnEdrChains,
  testService,
} from "./helpers.ts";

const sponsor = privateKeyToAccount(SPONSOR_KEY);

/** Every row of every table: what "nothing changed" compares. */
function databaseRows(service: Service): string {
  const tables = service.store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  return JSON.stringify(
    tables.map(({ name }) => [name, service.store.db.prepare(`SELECT * FROM "${name}"`).all()]),
    (_key, value) => (typeof value === "bigint" ? value.toString() : value),
  );
}

/** Operations the document says answer without a key: the service interface's optional-key ones and a few mock reads. */
const KEYLESS = [
  "POST /quote/v2",
  "POST /quote",
  "POST /price",
  "GET /intents/status/v3",
  "GET /app-fees/{wallet_address}/balances",
  "GET /requests/{requestId}/signature",
  "GET /chains",
  "POST /transactions/index",
  "POST /execute/permits",
  "GET /_mock/health",
];

/**
 * Registered routes the document does not list, on purpose: Fastify's HEAD twin of every GET, the CORS
 * preflight, and the description itself (the document and its docs UI).
 */
function describesItself({ method, path }: { method: string; path: string }): boolean {
  return (
    method === "HEAD" ||
    method === "OPTIONS" ||
    path === "/openapi.json" ||
    path === DOCS_PATH ||
    path.startsWith(`${DOCS_PATH}/`)
  );
}

function documentedOperations(): string[] {
  const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

type Operation = { security?: Record<string, string[]>[] };

function keylessIn(operation: Operation): boolean {
  const security = operation.security ?? [];
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

function fundingInput(amount: bigint) {
  return encodeAppBalanceFundingCalldata({ solver: SOLVER, amount });
}

describe("route keys", () => {
  let service: Service;
  afterEach(() => service.close());

  it("walks every operation of the OpenAPI document without a key: exactly the keyed ones refuse with 401 and change nothing", async () => {
    service = testService({ scenarios: true });
    const requestId = await createRequest(service, {}, API_KEY);
    await linkSponsorshipWallet(service, sponsor);
    const funded = await post(
      service,
      "/_mock/funding",
      { txHash: "0xf1", from: sponsor.address, to: BASE_USDC, input: fundingInput(5_000_000n) },
      { "x-api-key": API_KEY },
    );
    expect(funded.status, funded.raw).to.equal(200);
    const scenario = await post(
      service,
      "/_mock/scenarios",
      { outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" },
      { "x-api-key": API_KEY },
    );
    expect(scenario.status, scenario.raw).to.equal(200);
    const scenarioId = (scenario.body as { id: string }).id;

    // Bodies that the route would act on with a key, so a refusal is the key's doing alone.
    const bodies: Record<string, unknown> = {
      "POST /_mock/requests/{requestId}/deposit": { final: true },
      "POST /_mock/funding": {
        txHash: "0xf2",
        from: sponsor.address,
        to: BASE_USDC,
        input: fundingInput(1_000_000n),
      },
      "POST /_mock/app-balances/{wallet}/claim": { amount: "1000000" },
      "POST /_mock/sponsorship-wallets": { wallet: sponsor.address, signature: `0x${"11".repeat(65)}` },
      "POST /_mock/scenarios": { outcome: "failure", failReason: "UNKNOWN" },
      "PUT /_mock/webhook": { url: "http://127.0.0.1:9/hook" },
      "POST /fast-fill": { requestId },
    };
    const fill = (path: string) =>
      path
        .replace("{requestId}", requestId)
        .replace("{wallet}", sponsor.address)
        .replace("{wallet_address}", sponsor.address)
        .replace("{id}", scenarioId);

    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
    const keyless: string[] = [];
    let walked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (keylessIn(operation)) {
          keyless.push(name);
          continue;
        }
        const before = databaseRows(service);
        const res = await service.app.inject({
          method: method.toUpperCase() as "GET",
          url: fill(path),
          headers: { "content-type": "application/json" },
          payload: method === "get" ? undefined : JSON.stringify(bodies[name] ?? {}),
        });
        const result = { status: res.statusCode, body: JSON.parse(res.body) as unknown, raw: res.body };
        expectError(result, 401);
        expect((result.body as { errorCode: string }).errorCode, name).to.be.oneOf([
          "MISSING_API_KEY",
          "INVALID_API_KEY",
        ]);
        await service.lifecycle.idle();
        expect(databaseRows(service), `${name} changed the database`).to.equal(before);
        walked++;
      }
    }
    expect(keyless.sort()).to.deep.equal([...KEYLESS].sort());
    expect(walked).to.be.greaterThan(15);
    // The walk went over every route the service serves, not only the ones the document happens to list.
    await service.app.ready();
    const served = service.routes.filter((route) => !describesItself(route));
    expect(walked + keyless.length).to.equal(served.length);

    // The same deposit with the quoting key moves the request: the walk's refusal was the key's doing.
    const moved = await post(
      service,
      `/_mock/requests/${requestId}/deposit`,
      { final: true },
      { "x-api-key": API_KEY },
    );
    expect(moved.status, moved.raw).to.equal(200);
  });

  it("documents every route the service registers and registers every documented operation", async () => {
    service = testService({ scenarios: true });
    await service.app.ready();
    const served = service.routes
      .filter((route) => !describesItself(route))
      .map((r) => `${r.method} ${r.path}`);
    expect(served).to.include("POST /execute/permits");
    expect(new Set(served).size, "a route registered twice").to.equal(served.length);
    expect(documentedOperations().sort()).to.deep.equal(served.sort());
  });

  it("refuses another key's deposit report on a request (NOT_REQUEST_KEY) and leaves the request waiting", async () => {
    service = testService();
    const requestId = await createRequest(service, {}, API_KEY);
    const stolen = await post(
      service,
      `/_mock/requests/${requestId}/deposit`,
      { final: true },
      { "x-api-key": OTHER_KEY },
    );
    expectError(stolen, 403, "NOT_REQUEST_KEY");
    const status = await get(service, `/intents/status/v3?requestId=${requestId}`);
    expect((status.body as { status: string }).status).to.equal("waiting");
    const own = await post(
      service,
      `/_mock/requests/${requestId}/deposit`,
      { final: false },
      {
        authorization: `Bearer ${API_KEY}`,
      },
    );
    expect(own.status, own.raw).to.equal(200);
    expect((own.body as { status: string }).status).to.equal("depositing");
  });

  it("lets any valid key report a deposit for a request quoted without a key, never an unknown key", async () => {
    service = testService();
    const requestId = await createRequest(service);
    expectError(
      await post(service, `/_mock/requests/${requestId}/deposit`, {}, { "x-api-key": "not-a-key" }),
      401,
      "INVALID_API_KEY",
    );
    const res = await post(service, `/_mock/requests/${requestId}/deposit`, {}, { "x-api-key": OTHER_KEY });
    expect(res.status, res.raw).to.equal(200);
  });

  it("claims from an app balance only with the key its wallet is linked to (WALLET_NOT_LINKED_TO_KEY)", async () => {
    service = testService();
    await linkSponsorshipWallet(service, sponsor);
    await post(
      service,
      "/_mock/funding",
      { txHash: "0xf1", from: sponsor.address, to: BASE_USDC, input: fundingInput(5_000_000n) },
      { "x-api-key": API_KEY },
    );
    const balance = async () =>
      (await get(service, `/app-fees/${sponsor.address}/balances`)).body as { balances: unknown };
    const before = await balance();
    const stolen = await post(
      service,
      `/_mock/app-balances/${sponsor.address}/claim`,
      { amount: "1000000" },
      { "x-api-key": OTHER_KEY },
    );
    expectError(stolen, 403, "WALLET_NOT_LINKED_TO_KEY");
    expect(await balance()).to.deep.equal(before);
    const own = await post(
      service,
      `/_mock/app-balances/${sponsor.address}/claim`,
      { amount: "1000000" },
      { "x-api-key": API_KEY },
    );
    expect(own.status, own.raw).to.equal(200);
    expect(await balance()).to.not.deep.equal(before);
  });

  describe("on indexed chains", () => {
    let close: () => Promise<void>;
    afterEach(() => close());

    it("refuses a fake final deposit for a request whose origin chain is indexed (DEPOSIT_CHAIN_INDEXED)", async () => {
      ({ service, close } = await serviceOnEdrChains(1));
      const requestId = await createRequest(service, { originChainId: EDR_ORIGIN_CHAIN_ID }, API_KEY);
      const fake = await post(
        service,
        `/_mock/requests/${requestId}/deposit`,
        { final: true },
        { "x-api-key": API_KEY },
      );
      expectError(fake, 409, "DEPOSIT_CHAIN_INDEXED");
      await service.lifecycle.idle();
      const status = await get(service, `/intents/status/v3?requestId=${requestId}`);
      expect((status.body as { status: string }).status).to.equal("waiting");
    });
  });
});
