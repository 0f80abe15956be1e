/**
 * Attack: a web page the developer happens to open drives the devnet's service port. A page served
 * from another loopback origin (allowed by CORS, as a dev server is) and one from a foreign name
 * (`evil.test`, resolved to 127.0.0.1 by Chromium) try every state-changing route of the OpenAPI
 * document and of `/_devnet` the ways a page can without a preflight (`fetch` with `mode: "no-cors"`,
 * with and without a body, and a form post); the foreign page also tries a CORS `fetch` with a JSON
 * body and the API key. Every attempt reaches the service (Chromium reports its answer) and is
 * refused: 415 `JSON_CONTENT_TYPE_REQUIRED` (or the route's own 4xx) for the loopback page, 403
 * `ORIGIN_NOT_ALLOWED` for the foreign one. Afterwards the service's database, the devnet clock and
 * its snapshots are as they were.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";
import { buildOpenApiDocument } from "../../../src/service/index.ts";
import { type HeadlessChromium, launchChromium } from "./chromium.ts";

/** State-changing routes of the devnet's control endpoint (not in the OpenAPI document). */
const DEVNET_ROUTES = [
  "/_devnet/time/increase",
  "/_devnet/time/set-next",
  "/_devnet/time/pause",
  "/_devnet/time/resume",
  "/_devnet/snapshot",
  "/_devnet/revert",
  "/_devnet/dump-state",
];

interface Attempt {
  method: string;
  path: string;
  way: "no-cors body" | "no-cors empty" | "form" | "cors json";
}

/** The page: each attempt in turn, then `window.attacksDone`. Answers are unreadable to it; Chromium reports them. */
function attackPage(target: string, attempts: Attempt[], apiKey: string): string {
  return `<!doctype html><html><body><script>
const target = ${JSON.stringify(target)};
const attempts = ${JSON.stringify(attempts)};
const apiKey = ${JSON.stringify(apiKey)};
async function formPost(path, index) {
  const frame = document.createElement("iframe");
  frame.name = "f" + index;
  document.body.appendChild(frame);
  const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
  const form = document.createElement("form");
  form.method = "POST";
  form.action = target + path;
  form.enctype = "text/plain";
  form.target = frame.name;
  const field = document.createElement("input");
  field.name = '{"final":true,"seconds":3600,"x":"';
  field.value = '"}';
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
}
(async () => {
  for (const [index, { method, path, way }] of attempts.entries()) {
    try {
      if (way === "form") await formPost(path, index);
      else if (way === "cors json")
        await fetch(target + path, { method, headers: { "content-type": "application/json", "x-api-key": apiKey }, body: method === "GET" ? undefined : JSON.stringify({ final: true, seconds: 3600 }) });
      else
        await fetch(target + path, { method, mode: "no-cors", ...(way === "no-cors body" ? { body: JSON.stringify({ final: true, seconds: 3600 }) } : {}) });
    } catch {}
  }
  window.attacksDone = true;
})();
</script></body></html>`;
}

describe("outside: a page on another origin cannot change the service's state (Chromium)", function () {
  this.timeout(300_000);
  let devnet: Devnet;
  let pageServer: Server;
  let pagePort = 0;
  let browser: HeadlessChromium;
  let pageHtml = "";

  before(async () => {
    devnet = await startDevnet({ indexerIntervalMs: 50 });
    pageServer = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end(pageHtml);
    });
    await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
    pagePort = (pageServer.address() as AddressInfo).port;
    browser = await launchChromium({ width: 800, height: 600 }, [
      "--host-resolver-rules=MAP evil.test 127.0.0.1",
    ]);
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => pageServer?.close(resolve));
    await devnet?.close();
  });

  /** Every row of every table of the service's database, by table; the indexer's progress aside (the chains move on). */
  const databaseRows = (): Record<string, string> => {
    const db = devnet.service.store.db;
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[];
    return Object.fromEntries(
      tables
        .filter(({ name }) => name !== "indexer_cursors")
        .map(({ name }) => [
          name,
          JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all(), (_key, value) =>
            typeof value === "bigint" ? value.toString() : value,
          ),
        ]),
    );
  };

  async function attack(pageOrigin: string, ways: Attempt["way"][]) {
    const quote = (await (
      await fetch(`${devnet.serviceUrl}/quote/v2`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": devnet.apiKey },
        body: JSON.stringify({
          user: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
          originChainId: 8453,
          destinationChainId: 10,
          originCurrency: "0x0000000000000000000000000000000000000000",
          destinationCurrency: "0x0000000000000000000000000000000000000000",
          amount: "10000000000000000",
          tradeType: "EXACT_INPUT",
        }),
      })
    ).json()) as { steps: { requestId: string }[] };
    const requestId = quote.steps[0]?.requestId as string;
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const routes = [
      ...Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => method !== "get")
          .map((method) => ({
            method: method.toUpperCase(),
            path: path
              .replace("{requestId}", requestId)
              .replace("{wallet}", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
              .replace("{id}", "00000000-0000-4000-8000-000000000000"),
          })),
      ),
      ...DEVNET_ROUTES.map((path) => ({ method: "POST", path })),
    ];
    // no-cors fetch and forms can only POST (GET is not a state change): other methods only by CORS.
    const attempts: Attempt[] = routes.flatMap(({ method, path }) =>
      ways.filter((way) => way === "cors json" || method === "POST").map((way) => ({ method, path, way })),
    );
    pageHtml = attackPage(devnet.serviceUrl, attempts, devnet.apiKey);

    const clockBefore = await devnet.time.time();
    const rowsBefore = databaseRows();
    const page = await browser.context.newPage();
    const answers: { url: string; method: string; status: number }[] = [];
    page.on("response", (response) => {
      const request = response.request();
      if (request.url().startsWith(devnet.serviceUrl) && request.method() !== "OPTIONS")
        answers.push({ url: request.url(), method: request.method(), status: response.status() });
    });
    await page.goto(`${pageOrigin}/`);
    await page.waitForFunction("window.attacksDone === true", null, { timeout: 120_000 });
    await page.close();
    await devnet.service.lifecycle.idle();
    return { attempts, answers, clockBefore, rowsBefore };
  }

  async function expectNothingChanged(before: {
    clockBefore: { paused: boolean; offsetMs: number };
    rowsBefore: Record<string, string>;
  }) {
    const clock = await devnet.time.time();
    expect(clock.paused, "the clock was paused").to.equal(before.clockBefore.paused);
    expect(clock.offsetMs, "the clock was moved").to.equal(before.clockBefore.offsetMs);
    const rows = databaseRows();
    for (const [table, before_] of Object.entries(before.rowsBefore))
      expect(rows[table] === before_, `table ${table} changed`).to.equal(true);
  }

  it("a page on another loopback origin: every no-cors fetch and form post reaches the service and is refused; nothing changes", async () => {
    const result = await attack(`http://127.0.0.1:${pagePort}`, ["no-cors body", "no-cors empty", "form"]);
    await expectNothingChanged(result);
    expect(result.attempts.length).to.be.greaterThan(30);
    expect(result.answers, "every attempt reached the service").to.have.length(result.attempts.length);
    for (const answer of result.answers) {
      expect(answer.status, `${answer.method} ${answer.url}`).to.be.within(400, 499);
      if (/\/_(mock|devnet)\//.test(answer.url)) expect(answer.status, answer.url).to.equal(415);
    }
    expect(await devnet.revert("0x1"), "no snapshot was taken").to.equal(false);
  });

  it("a page on a foreign origin (evil.test): every attempt, CORS with the API key included, is refused 403 before any route", async () => {
    const result = await attack(`http://evil.test:${pagePort}`, [
      "no-cors body",
      "no-cors empty",
      "form",
      "cors json",
    ]);
    await expectNothingChanged(result);
    const simple = result.attempts.filter((attempt) => attempt.way !== "cors json");
    expect(result.answers.length, "every simple attempt reached the service").to.be.at.least(simple.length);
    for (const answer of result.answers)
      expect(answer.status, `${answer.method} ${answer.url}`).to.equal(403);
    expect(await devnet.revert("0x1"), "no snapshot was taken").to.equal(false);
  });
});
