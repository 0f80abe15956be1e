/**
 * The Anchor samples of docs/guides/verify-in-svm-program.md compile. The guide is their only
 * source: each block marked `<!-- anchor-sample: NAME -->` becomes `NAME/src/lib.rs` of a copy of
 * test/docs/anchor-sample/ (manifests and Cargo.lock, anchor-lang from crates.io, a path
 * dependency on programs/receiver-interface) in a temporary directory, with the receiver's IDL in
 * its `idls/`, and the copy passes a host `cargo check --locked` with warnings denied.
 *
 * The build directory persists in cache/anchor-sample/target (ignored by git): a cold check
 * compiles anchor-lang and its Solana crates (minutes), a warm one only the two samples (seconds).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SAMPLE = join(ROOT, "test/docs/anchor-sample");
const GUIDE = join(ROOT, "docs/guides/verify-in-svm-program.md");
const TARGET_DIR = join(ROOT, "cache/anchor-sample/target");
const MEMBERS = ["link-interface", "cpi-receiver"];
const SAMPLE_BLOCK = /<!-- anchor-sample: (\S+) -->\n```rust\n([\s\S]*?)```\n/g;
const ANCHOR_PIN = /^anchor-lang = "(=[^"]+)"$/m;

/** The guide's Anchor samples by name. */
function guideSamples(): Map<string, string> {
  const samples = new Map<string, string>();
  for (const [, name, source] of readFileSync(GUIDE, "utf8").matchAll(SAMPLE_BLOCK)) {
    if (samples.has(name as string)) throw new Error(`two anchor samples named ${name}`);
    samples.set(name as string, source as string);
  }
  return samples;
}

/** A fresh copy of the sample workspace with `sources` as its members' lib.rs; returns its folder. */
function prepareWorkspace(sources: Map<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-anchor-sample-"));
  cpSync(SAMPLE, dir, { recursive: true });
  for (const [name, source] of sources) {
    mkdirSync(join(dir, name, "src"), { recursive: true });
    writeFileSync(join(dir, name, "src/lib.rs"), source);
  }
  const manifest = join(dir, "link-interface/Cargo.toml");
  const relative = 'path = "../../../../programs/receiver-interface"';
  const text = readFileSync(manifest, "utf8");
  expect(text).to.include(relative);
  writeFileSync(
    manifest,
    text.replace(relative, `path = ${JSON.stringify(join(ROOT, "programs/receiver-interface"))}`),
  );
  mkdirSync(join(dir, "idls"));
  cpSync(join(ROOT, "programs/idl/attested_receiver.json"), join(dir, "idls/attested_receiver.json"));
  return dir;
}

/** `cargo check --locked` of the workspace in `dir` with Debian's Rust, warnings denied. */
function cargoCheck(dir: string): { status: number | null; stderr: string; seconds: number } {
  const env: NodeJS.ProcessEnv = { ...process.env, RUSTC: "/usr/bin/rustc", CARGO_TARGET_DIR: TARGET_DIR };
  delete env.RUSTC_WRAPPER;
  delete env.CARGO_ENCODED_RUSTFLAGS;
  env.RUSTFLAGS = "-D warnings";
  const started = performance.now();
  const run = spawnSync("/usr/bin/cargo", ["check", "--locked", "--workspace"], {
    cwd: dir,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, stderr: run.stderr, seconds: (performance.now() - started) / 1000 };
}

describe("docs/guides/verify-in-svm-program.md Anchor samples", function () {
  this.timeout(40 * 60_000);

  it("the guide carries one sample per member of the sample workspace, on the anchor-lang it pins", () => {
    expect([...guideSamples().keys()]).to.deep.equal(MEMBERS);
    const guidePin = readFileSync(GUIDE, "utf8").match(ANCHOR_PIN)?.[1];
    expect(guidePin).to.be.a("string");
    for (const member of MEMBERS)
      expect(readFileSync(join(SAMPLE, member, "Cargo.toml"), "utf8").match(ANCHOR_PIN)?.[1]).to.equal(
        guidePin,
      );
  });

  it("both samples pass cargo check --locked as crates of their own", () => {
    const dir = prepareWorkspace(guideSamples());
    const check = cargoCheck(dir);
    console.log(`      cargo check of the Anchor samples: ${check.seconds.toFixed(1)} s`);
    expect(check.status, check.stderr.slice(-6000)).to.equal(0);
    // --locked: the committed Cargo.lock was used as is.
    expect(readFileSync(join(dir, "Cargo.lock"), "utf8")).to.equal(
      readFileSync(join(SAMPLE, "Cargo.lock"), "utf8"),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("the check fails on a sample that does not compile: Anchor 0.x's CpiContext::new(AccountInfo, ..)", () => {
    const samples = guideSamples();
    const cpi = samples.get("cpi-receiver") as string;
    const anchor0 = "ctx.accounts.attested_receiver.to_account_info(),";
    const broken = cpi.replace("ctx.accounts.attested_receiver.key(),", anchor0);
    expect(broken).to.include(anchor0);
    const dir = prepareWorkspace(new Map([...samples, ["cpi-receiver", broken]]));
    const check = cargoCheck(dir);
    expect(check.status).to.not.equal(0);
    expect(check.stderr).to.match(/error\[E0308\]: mismatched types/);
    expect(check.stderr).to.include("cpi-receiver/src/lib.rs");
    rmSync(dir, { recursive: true, force: true });
  });
});
