// The browser bundle budgets (bench/bundle-budgets.ts) as CI holds them: the package benchmark's check
// (`node bench/package.bench.ts --check`) run in the shared consumer of the packed tarball passes, and the
// same check fails, naming the budget and listing the bundle's largest inputs, when a budget is too small.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { BUNDLE_BUDGETS, type BundleBudget } from "../../../bench/bundle-budgets.ts";
import { NODE_24, REPO_ROOT, sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";

const BENCH = join(REPO_ROOT, "bench/package.bench.ts");

type Outcome = { code: number; stdout: string; stderr: string };

async function check(args: readonly string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(NODE_24, [BENCH, "--check", ...args], {
      cwd: REPO_ROOT,
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as Error & { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== "number") throw error;
    return { code: e.code, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describe("package: browser bundle budgets", function () {
  this.timeout(900_000);
  let consumer: string;
  let scratch: string;

  before(async () => {
    ({ dir: consumer } = await sharedLibraryConsumer());
    scratch = mkdtempSync(join(tmpdir(), "attestkit-budgets-"));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("every import is within its budget (npm run bench:package:check)", async () => {
    const { code, stdout, stderr } = await check(["--consumer", consumer]);
    expect(stderr, stdout).to.equal("");
    expect(code).to.equal(0);
    for (const budget of BUNDLE_BUDGETS) expect(stdout).to.include(budget.name);
    expect(stdout).to.not.include("OVER");
  });

  it("exits 1 over a too-small budget, naming why and listing the bundle's largest inputs", async () => {
    const [root, wrapper] = [BUNDLE_BUDGETS[0], BUNDLE_BUDGETS[2]] as [BundleBudget, BundleBudget];
    expect(root.maxBytes).to.be.a("number");
    expect(wrapper.bare).to.be.an("object");
    const tooSmall: BundleBudget[] = [
      { ...root, name: "root entry, too small", maxBytes: 20_000 },
      { ...wrapper, name: "order id wrapper, too small", bare: { ...wrapper.bare!, maxRatio: 1 } },
      {
        name: "webhooks forbidding themselves",
        source: 'export { verifyWebhook } from "attestkit/webhooks";\n',
        forbiddenInputs: [{ fragment: "attestkit/dist/webhooks", why: "a deliberately failing rule" }],
      },
    ];
    const file = join(scratch, "too-small.json");
    writeFileSync(file, JSON.stringify(tooSmall));

    const { code, stdout, stderr } = await check(["--consumer", consumer, "--budgets", file]);
    expect(code, stdout).to.equal(1);
    expect(stdout.match(/\bOVER\b/g)).to.have.length(3);
    expect(stderr).to.match(/root entry, too small \(export \* from "attestkit";\) is over budget:/);
    expect(stderr).to.match(/\d+ B min\+gzip, over its 20000 B budget/);
    expect(stderr).to.match(
      /order id wrapper, too small .* is over budget:\n\s+\d\.\d{3}x its bare calls \(\d+ B\), over 1x/,
    );
    expect(stderr).to.match(
      /bundles node_modules\/attestkit\/dist\/webhooks\.js: a deliberately failing rule/,
    );
    // Each failure lists its largest inputs, biggest first, zod among the root's.
    const listings = stderr.split("largest inputs (minified bytes in the bundle):").slice(1);
    expect(listings).to.have.length(3);
    for (const listing of listings) {
      const sizes = [...listing.matchAll(/^\s+(\d+) {2}node_modules\//gm)].map((m) => Number(m[1]));
      expect(sizes.length).to.be.within(1, 8);
      expect(sizes).to.deep.equal([...sizes].sort((a, b) => b - a));
    }
    expect(listings[0]).to.match(/node_modules\/zod\//);
  });
});
