/**
 * The example web app (`examples/web-app/`) as a newcomer runs it: copied into a fresh folder, its own
 * dependencies installed from the registry, type-checked and built by its own scripts with the
 * devnet's service URL, served by `vite preview` on another origin than the service, and driven in
 * headless Chromium. The page quotes and executes a transfer from 8453 to 10 through the service's
 * SDK over HTTP (CORS) and JSON-RPC; the test checks what the page shows against the chains.
 */
import { cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { Page } from "playwright-core";
import { createPublicClient, type Hex, http } from "viem";
import { REPO_ROOT, run, startProcess } from "../../../scripts/package/consumer.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";
import { freePort } from "../free-port.ts";
import { type HeadlessChromium, launchChromium } from "./chromium.ts";

const SCREENSHOT_DIR = join(import.meta.dirname, "screenshots");
const EXAMPLE = join(REPO_ROOT, "examples/web-app");

describe("outside: the example web app in headless Chromium", function () {
  this.timeout(600_000);
  let devnet: Devnet;
  let dir = "";
  let preview: ReturnType<typeof startProcess> | undefined;
  let appUrl = "";
  let browser: HeadlessChromium;
  const bob = evmDevAccount("bob").address;

  before(async () => {
    devnet = await startDevnet({ indexerIntervalMs: 50, blockTimeMs: 200 });
    dir = mkdtempSync(join(tmpdir(), "attestkit-web-app-"));
    cpSync(EXAMPLE, dir, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
    });
    const install = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
    });
    const build = await run("npm", ["run", "build"], {
      cwd: dir,
      env: { VITE_SERVICE_URL: devnet.serviceUrl },
    });
    console.log(
      `      example: npm install ${install.ms.toFixed(0)} ms, tsc + vite build ${build.ms.toFixed(0)} ms`,
    );
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    preview = startProcess(
      join(dir, "node_modules/.bin/vite"),
      ["preview", "--port", String(port), "--strictPort"],
      dir,
    );
    for (let attempt = 0; ; attempt++) {
      const up = await fetch(appUrl).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (attempt === 100) throw new Error(`vite preview did not answer:\n${preview.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchChromium({ width: 1100, height: 1300 });
  });

  after(async () => {
    await browser?.close();
    await preview?.stop();
    await devnet?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const text = async (page: Page, testId: string) =>
    ((await page.textContent(`[data-testid="${testId}"]`)) ?? "").trim();

  it("quotes and executes 0.05 ETH from 8453 to 10, showing each step and the final status", async () => {
    expect(new URL(appUrl).origin, "the page is on another origin than the service").to.not.equal(
      new URL(devnet.serviceUrl).origin,
    );
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });

    await page.goto(appUrl);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
    expect(await text(page, "chains"))
      .to.contain("(8453)")
      .and.contain("(10)");
    expect(await text(page, "wallet")).to.equal(evmDevAccount("alice").address);

    await page.fill('[data-testid="amount"]', "0.05");
    await page.click('[data-testid="quote-button"]');
    await page.waitForSelector('[data-testid="quote-requestId"]', { timeout: 30_000 });
    const requestId = await text(page, "quote-requestId");
    expect(requestId).to.match(/^0x[0-9a-f]{64}$/);
    expect(await text(page, "quote-steps")).to.equal("deposit");

    await page.click('[data-testid="execute-button"]');
    await page.waitForSelector('[data-testid="status-status"]', { timeout: 120_000 });
    expect(await text(page, "error")).to.equal("");
    expect(await text(page, "status-status")).to.equal("success");

    // What the page shows is what the service and the chains hold.
    const status = (await (
      await fetch(`${devnet.serviceUrl}/intents/status/v3?requestId=${requestId}`)
    ).json()) as { status: string; txHashes: Hex[]; inTxHashes: Hex[] };
    expect(status.status).to.equal("success");
    expect(await text(page, "status-txHashes")).to.equal(status.txHashes.join(" "));
    expect(await text(page, "status-inTxHashes")).to.equal(status.inTxHashes.join(" "));
    const steps = await page.$$eval("[data-testid=steps] li", (items) =>
      items.map((item) => item.textContent),
    );
    expect(steps).to.have.length(1);
    // Once settled, the SDK reports the fill as the item's tx and the deposit as its origin tx.
    expect(steps[0])
      .to.contain("deposit[0]  complete")
      .and.contain(`tx 10:${status.txHashes[0]}`)
      .and.contain(`origin 8453:${status.inTxHashes[0]}`);

    const optimism = createPublicClient({ transport: http(devnet.evmChain(10).rpcUrl) });
    const fill = await optimism.getTransaction({ hash: status.txHashes[0] as Hex });
    expect((await optimism.getTransactionReceipt({ hash: fill.hash })).status).to.equal("success");
    expect(fill.to?.toLowerCase()).to.equal(bob.toLowerCase());
    expect(fill.input).to.equal(requestId);
    expect(await text(page, "quote-out")).to.match(/^0\.0\d+ ETH$/);
    expect(BigInt(await text(page, "quote-outBaseUnits"))).to.equal(fill.value);

    const executeMs = Number(await text(page, "status-executeMs"));
    console.log(`      SDK execute in the page: ${executeMs} ms`);
    expect(executeMs).to.be.greaterThan(0);

    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, "web-app.png");
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size).to.be.greaterThan(10_000);
    console.log(`      screenshot: ${file}`);
    expect(problems).to.deep.equal([]);
  });
});
