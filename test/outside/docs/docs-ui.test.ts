/**
 * The docs UI at /docs, opened in Debian's headless Chromium through playwright-core: the page
 * loads only from the service itself (no CDN request succeeds or is attempted), renders every
 * operation of the OpenAPI document, and a screenshot is saved to test/outside/docs/screenshots/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "chai";
import { testService } from "../../service/helpers.ts";
import { type HeadlessChromium, launchChromium } from "../browser/chromium.ts";

const SCREENSHOT_DIR = join(import.meta.dirname, "screenshots");

describe("docs UI in headless Chromium", function () {
  this.timeout(180_000);
  const service = testService();
  let baseUrl = "";
  let browser: HeadlessChromium;

  before(async () => {
    baseUrl = await service.listen(0);
    browser = await launchChromium({ width: 1280, height: 2400 });
  });

  after(async () => {
    await browser?.close();
    await service.close();
  });

  it("renders every operation from local assets only", async () => {
    const spec = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      webhooks?: Record<string, Record<string, { operationId: string }>>;
    };
    // Swagger UI renders the webhooks (the service's request.status.updated) as operations too.
    const operations = { ...spec.paths, ...spec.webhooks };
    const operationIds = Object.values(operations).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    const page = await browser.context.newPage();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith("data:"))
        foreign.push(request.url());
    });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    const response = await page.goto(`${baseUrl}/docs`, { waitUntil: "networkidle" });
    expect(response?.status()).to.equal(200);
    await page.waitForSelector(".opblock", { timeout: 60_000 });

    const rendered = await page.$$eval(".opblock", (blocks) =>
      blocks.map((block) => ({
        method: block.querySelector(".opblock-summary-method")?.textContent?.trim().toLowerCase() ?? "",
        path: block.querySelector(".opblock-summary-path")?.getAttribute("data-path") ?? "",
      })),
    );
    const expected = Object.entries(operations).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method, path })),
    );
    expect(rendered).to.have.deep.members(expected);
    expect(rendered.length).to.equal(operationIds.length);
    const title = await page.textContent(".info .title");
    expect(title).to.match(/Cross-chain solver interface/);

    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, "docs-ui.png");
    await page.screenshot({ path: file, fullPage: false });
    console.log(`      screenshot: ${file} (${rendered.length} operations rendered)`);

    expect(foreign, "requests outside the service").to.deep.equal([]);
    expect(pageErrors).to.deep.equal([]);
  });
});
