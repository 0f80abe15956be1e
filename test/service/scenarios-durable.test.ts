/**
 * Scenarios live in the service's database: a restart on a database file keeps them, what each took,
 * and the plan of a request taken before the restart; scenarios given at start replace the kept ones;
 * an API key in a `match` is stored only as its hash. Over HTTP on a mock without chains.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "chai";
import { hashApiKey } from "../../src/service/auth.ts";
import type { ScenarioView, Service, ServiceOptions } from "../../src/service/index.ts";
import { API_KEY, depositAndSettle, OTHER_KEY, quoteBody, testService } from "./helpers.ts";

describe("service: scenarios survive a restart on a database file", () => {
  let dir: string;
  let db: string;
  const running: Service[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-scenarios-"));
    db = join(dir, "service.db");
  });
  afterEach(async () => {
    for (const service of running.splice(0)) await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(scenarios: ServiceOptions["scenarios"], newDb = false) {
    const service = testService({ db, newDb, scenarios, indexerIntervalMs: 0 });
    running.push(service);
    return { service, url: await service.listen(0) };
  }
  async function stop(service: Service) {
    running.splice(running.indexOf(service), 1);
    await service.close();
  }
  const headers = { "content-type": "application/json", "x-api-key": API_KEY };
  async function listed(url: string): Promise<ScenarioView[]> {
    const response = await fetch(`${url}/_mock/scenarios`, { headers: { "x-api-key": API_KEY } });
    return ((await response.json()) as { scenarios: ScenarioView[] }).scenarios;
  }
  async function quote(url: string): Promise<string> {
    const response = await fetch(`${url}/quote/v2`, {
      method: "POST",
      headers,
      body: JSON.stringify(quoteBody()),
    });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { steps: { requestId: string }[] }).steps[0]!.requestId;
  }
  it("the scenario, its remaining matches and the request it took before the restart, which then ends as it says", async () => {
    const first = await start(true, true);
    const added = await fetch(`${first.url}/_mock/scenarios`, {
      method: "POST",
      headers,
      body: JSON.stringify({ count: 2, outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" }),
    });
    expect(added.status).to.equal(200);
    const { id } = (await added.json()) as ScenarioView;
    const taken = await quote(first.url);
    await stop(first.service);

    const second = await start(true);
    const [kept, ...others] = await listed(second.url);
    expect(others).to.deep.equal([]);
    expect(kept).to.include({ id, remaining: 1, outcome: "refund" });
    expect(kept?.matched.map((match) => match.requestId)).to.deep.equal([taken.toLowerCase()]);
    expect(await depositAndSettle(second.service, second.url, taken)).to.include({
      status: "refund",
      failReason: "SOLVER_CAPACITY_EXCEEDED",
    });
  });

  it("scenarios given at start replace the ones the database kept; a request taken earlier keeps its own", async () => {
    const first = await start([{ outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" }], true);
    const taken = await quote(first.url);
    await stop(first.service);

    const second = await start([{ outcome: "failure", failReason: "NO_QUOTES" }]);
    const scenarios = await listed(second.url);
    expect(scenarios.map((scenario) => scenario.outcome)).to.deep.equal(["failure"]);
    expect(await depositAndSettle(second.service, second.url, taken)).to.include({
      status: "refund",
      failReason: "SOLVER_CAPACITY_EXCEEDED",
    });
    expect(await depositAndSettle(second.service, second.url, await quote(second.url))).to.include({
      status: "failure",
      failReason: "NO_QUOTES",
    });
  });

  it("an API key in a match is stored as its hash, never as the key", async () => {
    const { service, url } = await start(true, true);
    const response = await fetch(`${url}/_mock/scenarios`, {
      method: "POST",
      headers: { ...headers, "x-api-key": OTHER_KEY },
      body: JSON.stringify({ match: { apiKey: OTHER_KEY }, outcome: "failure" }),
    });
    expect(response.status).to.equal(200);
    expect(((await response.json()) as ScenarioView).match).to.deep.equal({
      apiKeyHash: hashApiKey(OTHER_KEY),
    });
    await stop(service);
    const file = new DatabaseSync(db, { readOnly: true });
    try {
      const rows = file.prepare("SELECT plan FROM scenarios").all() as { plan: string }[];
      expect(rows).to.have.length(1);
      expect(rows[0]?.plan).to.include(hashApiKey(OTHER_KEY)).and.not.include(OTHER_KEY);
    } finally {
      file.close();
    }
  });
});
