/**
 * The scenarios' control endpoint over HTTP on a listening mock without chains (fills and refunds
 * simulated): off unless enabled, keyed, typed 400s for bad input that leave the scenarios as they
 * were, "next N" and matching by API key, and chain events that cannot happen without a chain never
 * taking a request.
 */
import { expect } from "chai";
import {
  parseScenario,
  ScenarioInputError,
  type ScenarioView,
  type Service,
} from "../../src/service/index.ts";
import { API_KEY, depositAndSettle, EVM_USER, OTHER_KEY, quoteBody, testService } from "./helpers.ts";

describe("service: scenarios control endpoint", () => {
  let service: Service;
  let url: string;

  before(async () => {
    service = testService({ scenarios: true, indexerIntervalMs: 0 });
    url = await service.listen(0);
  });
  after(() => service?.close());
  afterEach(() => {
    service.scenarios?.clear();
  });

  async function call(method: string, path: string, body?: unknown, key: string | null = API_KEY) {
    const response = await fetch(`${url}/_mock/scenarios${path}`, {
      method,
      headers: {
        ...(key === null ? {} : { "x-api-key": key }),
        "content-type": "application/json",
      },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  async function quote(key: string | null, overrides: Record<string, unknown> = {}) {
    const response = await fetch(`${url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key === null ? {} : { "x-api-key": key }) },
      body: JSON.stringify(quoteBody(overrides)),
    });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { steps: { requestId: string }[] }).steps[0]!.requestId;
  }
  it("is off unless enabled: 404 SCENARIOS_DISABLED on every route", async () => {
    const off = testService({ indexerIntervalMs: 0 });
    const offUrl = await off.listen(0);
    try {
      for (const [method, path] of [
        ["GET", ""],
        ["POST", ""],
        ["DELETE", ""],
        ["DELETE", "/00000000-0000-4000-8000-000000000000"],
      ] as const) {
        const response = await fetch(`${offUrl}/_mock/scenarios${path}`, {
          method,
          headers: { "x-api-key": API_KEY, "content-type": "application/json" },
          ...(method === "POST" ? { body: "{}" } : {}),
        });
        expect(response.status, `${method} ${path}`).to.equal(404);
        expect(((await response.json()) as { errorCode: string }).errorCode).to.equal("SCENARIOS_DISABLED");
      }
      expect(off.scenarios).to.equal(null);
    } finally {
      await off.close();
    }
  });

  it("needs a valid API key: 401 INVALID_API_KEY", async () => {
    for (const key of [null, "not-a-key"]) {
      const result = await call("POST", "", { outcome: "refund" }, key);
      expect(result.status).to.equal(401);
      expect(result.body.errorCode).to.equal("INVALID_API_KEY");
    }
    expect((await call("GET", "")).body.scenarios).to.deep.equal([]);
  });

  it("bad input: typed 400 INVALID_SCENARIO naming the field, and nothing is added", async () => {
    const bad: [unknown, string][] = [
      [{ outcome: "explode" }, "outcome"],
      [{ outcome: "refund", failReason: "BECAUSE" }, "failReason"],
      [{ failReason: "SLIPPAGE" }, "failReason needs outcome refund, failure or fallback"],
      [
        { outcome: "refund", refundFailReason: "MANUAL_REFUND_REQUIRED" },
        "refundFailReason needs outcome failure",
      ],
      [{ count: 0 }, "count"],
      [{ count: 1.5 }, "count"],
      [{ delays: { pending: -1 } }, "delays.pending"],
      [{ delays: { pending: 86_400_001 } }, "delays.pending"],
      [{ delays: { confirmed: 5 } }, "delays"],
      [{ stuck: { status: "success", forMs: 10 } }, "stuck.status"],
      [{ stuck: { status: "pending", forMs: 10 }, delays: { pending: 5 } }, "stuck"],
      [{ match: { minAmount: "10", maxAmount: "9" } }, "minAmount must not exceed maxAmount"],
      [{ match: { minAmount: "-1" } }, "match.minAmount"],
      [{ match: { chainId: 0 } }, "match.chainId"],
      [{ match: { colour: "red" } }, "match"],
      [{ chainEvent: "meteor" }, "chainEvent"],
      [{ chainEvent: "fill-reverts", outcome: "refund" }, "decides the outcome itself"],
      [{ surprise: true }, "surprise"],
      ["[not json", "INVALID_JSON"],
    ];
    for (const [body, mentions] of bad) {
      const result = await call("POST", "", body);
      expect(result.status, JSON.stringify(body)).to.equal(400);
      const { errorCode, message } = result.body as { errorCode: string; message: string };
      expect(errorCode, JSON.stringify(body)).to.equal(
        body === "[not json" ? "INVALID_JSON" : "INVALID_SCENARIO",
      );
      if (body !== "[not json") expect(message, JSON.stringify(body)).to.include(mentions);
    }
    expect((await call("GET", "")).body.scenarios).to.deep.equal([]);
    expect(() => parseScenario({ outcome: "explode" })).to.throw(ScenarioInputError, /outcome/);
  });

  it("a malformed id is 400 INVALID_SCENARIO_ID, an unknown one 404 SCENARIO_NOT_FOUND", async () => {
    expect((await call("GET", "/nope")).body.errorCode).to.equal("INVALID_SCENARIO_ID");
    const unknown = await call("DELETE", "/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).to.equal(404);
    expect(unknown.body.errorCode).to.equal("SCENARIO_NOT_FOUND");
  });

  it("next 2 by API key: the two requests quoted with the adding key take it, others and later ones follow the normal path", async () => {
    const created = await call(
      "POST",
      "",
      { match: { apiKey: OTHER_KEY }, count: 2, outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" },
      OTHER_KEY,
    );
    expect(created.status).to.equal(200);
    const id = created.body.id as string;
    const withoutKey = await quote(null);
    const withOtherKey = [await quote(OTHER_KEY), await quote(OTHER_KEY)];
    const third = await quote(OTHER_KEY);
    expect(await depositAndSettle(service, url, withoutKey)).to.include({ status: "success" });
    for (const requestId of withOtherKey)
      expect(await depositAndSettle(service, url, requestId, OTHER_KEY)).to.include({
        status: "refund",
        failReason: "SOLVER_CAPACITY_EXCEEDED",
      });
    expect(await depositAndSettle(service, url, third, OTHER_KEY)).to.include({ status: "success" });
    const view = (await call("GET", `/${id}`, undefined, OTHER_KEY)).body as unknown as ScenarioView;
    expect(view.remaining).to.equal(0);
    expect(view.matched.map((match) => match.requestId)).to.deep.equal(withOtherKey);
    expect(view.match).to.not.have.property("apiKey");
    expect(JSON.stringify(view)).to.not.include(OTHER_KEY);
  });

  it("attack: a key's catch-all failure scenario never takes another key's (or a key-less) request", async () => {
    const trap = await call("POST", "", { outcome: "failure", count: 100 }, OTHER_KEY);
    expect(trap.status).to.equal(200);
    const victim = await quote(API_KEY);
    const anonymous = await quote(null);
    expect(await depositAndSettle(service, url, victim)).to.include({ status: "success" });
    expect(await depositAndSettle(service, url, anonymous)).to.include({ status: "success" });
    // The trap is live: the attacker's own request takes it.
    const own = await quote(OTHER_KEY);
    expect(await depositAndSettle(service, url, own, OTHER_KEY)).to.include({ status: "failure" });
    const view = (await call("GET", `/${trap.body.id}`, undefined, OTHER_KEY))
      .body as unknown as ScenarioView;
    expect(view.matched.map((match) => match.requestId)).to.deep.equal([own]);
  });

  it("attack: a key naming another key in match.apiKey is refused (403 SCENARIO_KEY_NOT_OWN) and nothing is added", async () => {
    const aimed = await call("POST", "", { match: { apiKey: API_KEY }, outcome: "failure" }, OTHER_KEY);
    expect(aimed.status).to.equal(403);
    expect(aimed.body.errorCode).to.equal("SCENARIO_KEY_NOT_OWN");
    expect(service.scenarios?.list()).to.deep.equal([]);
  });

  it("attack: another key cannot list, read or delete a key's scenarios; the operator's are listed to every key and removed by none", async () => {
    const mine = await call("POST", "", { name: "mine", outcome: "refund" });
    const operator = service.scenarios?.add({ name: "operator", outcome: "fallback" });
    const id = mine.body.id as string;
    const names = async (key: string) =>
      ((await call("GET", "", undefined, key)).body.scenarios as ScenarioView[]).map((view) => view.name);
    expect(await names(API_KEY)).to.deep.equal(["mine", "operator"]);
    expect(await names(OTHER_KEY)).to.deep.equal(["operator"]);
    for (const [method, path] of [
      ["GET", `/${id}`],
      ["DELETE", `/${id}`],
    ] as const) {
      const stranger = await call(method, path, undefined, OTHER_KEY);
      expect(stranger.status, `${method} ${path}`).to.equal(404);
      expect(stranger.body.errorCode).to.equal("SCENARIO_NOT_FOUND");
    }
    expect((await call("DELETE", "", undefined, OTHER_KEY)).body).to.deep.equal({ deleted: 0 });
    const operatorDelete = await call("DELETE", `/${operator?.id}`, undefined, OTHER_KEY);
    expect(operatorDelete.status).to.equal(403);
    expect(operatorDelete.body.errorCode).to.equal("SCENARIO_NOT_OWN");
    expect(service.scenarios?.list().map((view) => view.name)).to.deep.equal(["mine", "operator"]);
    expect((await call("DELETE", "")).body).to.deep.equal({ deleted: 1 });
    expect(service.scenarios?.list().map((view) => view.name)).to.deep.equal(["operator"]);
  });

  it("scenarios are tried in the order they were added; a deleted one takes no more requests", async () => {
    const first = (await call("POST", "", { match: { wallet: EVM_USER.toLowerCase() }, outcome: "failure" }))
      .body;
    await call("POST", "", { outcome: "fallback", failReason: "SLIPPAGE" });
    expect(await depositAndSettle(service, url, await quote(API_KEY))).to.include({
      status: "failure",
      failReason: "UNKNOWN",
    });
    expect(await depositAndSettle(service, url, await quote(API_KEY))).to.include({
      status: "fallback",
      failReason: "SLIPPAGE",
    });
    const again = (await call("POST", "", { outcome: "refund" })).body;
    expect((await call("DELETE", `/${again.id}`)).body).to.deep.equal({ deleted: 1 });
    expect(await depositAndSettle(service, url, await quote(API_KEY))).to.include({ status: "success" });
    const listed = (await call("GET", "")).body.scenarios as ScenarioView[];
    expect(listed.map((scenario) => scenario.id)).to.include(first.id as string);
    expect((await call("DELETE", "")).body).to.deep.equal({ deleted: listed.length });
  });

  it("stuck waiting, then slow confirmation: a final deposit is noticed late, then held depositing, then filled", async () => {
    const added = service.scenarios!.add({ delays: { waiting: 300, depositing: 300 } });
    expect((await call("GET", "")).body.scenarios).to.deep.equal([added]);
    const requestId = await quote(API_KEY);
    const started = Date.now();
    expect(await depositAndSettle(service, url, requestId)).to.include({ status: "waiting" });
    const statusOf = async () =>
      ((await (await fetch(`${url}/intents/status/v3?requestId=${requestId}`)).json()) as { status: string })
        .status;
    const seen: string[] = [];
    while (Date.now() - started < 5000) {
      const status = await statusOf();
      if (seen.at(-1) !== status) seen.push(status);
      if (status === "success") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).to.deep.equal(["waiting", "depositing", "success"]);
    expect(Date.now() - started).to.be.at.least(600);
  });

  it("scenarios given at start hold a request; close() cuts a day-long hold short instead of waiting it out", async () => {
    const held = testService({
      scenarios: [{ stuck: { status: "pending", forMs: 86_400_000 } }],
      indexerIntervalMs: 0,
    });
    const heldUrl = await held.listen(0);
    const response = await fetch(`${heldUrl}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quoteBody()),
    });
    const requestId = ((await response.json()) as { steps: { requestId: string }[] }).steps[0]!.requestId;
    await fetch(`${heldUrl}/_mock/requests/${requestId}/deposit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
      body: JSON.stringify({ final: true }),
    });
    const status = await (await fetch(`${heldUrl}/intents/status/v3?requestId=${requestId}`)).json();
    expect(status).to.include({ status: "pending" });
    const closing = Date.now();
    await held.close();
    expect(Date.now() - closing).to.be.below(5000);
  });

  it("a chain event that cannot happen (no chain wired) takes no request", async () => {
    const id = (await call("POST", "", { chainEvent: "fill-reverts" })).body.id as string;
    await call("POST", "", { chainEvent: "deposit-reorg" });
    expect(await depositAndSettle(service, url, await quote(API_KEY))).to.include({ status: "success" });
    const listed = (await call("GET", "")).body.scenarios as ScenarioView[];
    expect(listed.map((scenario) => scenario.remaining)).to.deep.equal([1, 1]);
    expect(listed[0]?.id).to.equal(id);
  });
});
