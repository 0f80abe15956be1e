/**
 * The Anchor samples of docs/guides/verify-in-svm-program.md compile. The guide is their only
 * source: each block marked `<!-- anchor-sample: NAME -->` becomes `NAME/src/lib.rs` of a copy of
 * test/docs/anchor-sample/ (manifests and Cargo.lock, anchor-lang from crates.io, a path
 * dependency on programs/receiver-interface) in a temporary directory, with the receiver's IDL in
 * its `idls/`, and the copy passes a host `cargo check --locked` with warnings denied.
 *
 * The order sample (order-gate) also runs its host tests (order-gate/tests/, kept beside the manifest):
 * orders the TypeScript library encodes with `encodeOrderBorsh` and signs decode into the sample's
 * `Order` byte for byte, hash to the library's order id, and pass or fail `check_order` as expected.
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
import { orderGateVectors } from "./anchor-order-vectors.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SAMPLE = join(ROOT, "test/docs/anchor-sample");
const GUIDE = join(ROOT, "docs/guides/verify-in-svm-program.md");
const TARGET_DIR = join(ROOT, "cache/anchor-sample/target");
const MEMBERS = ["link-interface", "cpi-receiver", "order-gate"];
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
  const relative = 'path = "../../../../programs/receiver-interface"';
  for (const member of ["link-interface", "order-gate"]) {
    const manifest = join(dir, member, "Cargo.toml");
    const text = readFileSync(manifest, "utf8");
    expect(text).to.include(relative);
    writeFileSync(
      manifest,
      text.replaceAll(relative, `path = ${JSON.stringify(join(ROOT, "programs/receiver-interface"))}`),
    );
  }
  mkdirSync(join(dir, "idls"));
  cpSync(join(ROOT, "programs/idl/attested_receiver.json"), join(dir, "idls/attested_receiver.json"));
  return dir;
}

/** `cargo <args> --locked` in the workspace in `dir` with Debian's Rust, warnings denied. */
function cargo(
  dir: string,
  args: readonly string[],
  extraEnv: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string; seconds: number } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RUSTC: "/usr/bin/rustc",
    CARGO_TARGET_DIR: TARGET_DIR,
    ...extraEnv,
  };
  delete env.RUSTC_WRAPPER;
  delete env.CARGO_ENCODED_RUSTFLAGS;
  env.RUSTFLAGS = "-D warnings";
  const started = performance.now();
  const run = spawnSync("/usr/bin/cargo", [...args, "--locked"], {
    cwd: dir,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    seconds: (performance.now() - started) / 1000,
  };
}

const cargoCheck = (dir: string) => cargo(dir, ["check", "--workspace"]);

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

  it("every sample passes cargo check --locked as a crate of its own", () => {
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

  it("the order sample decodes the library's encodeOrderBorsh bytes byte for byte and checks signed orders as expected", async () => {
    const dir = prepareWorkspace(guideSamples());
    const vectors = join(dir, "order-vectors.txt");
    writeFileSync(vectors, await orderGateVectors());
    const run = cargo(dir, ["test", "-p", "anchor-order-gate", "--test", "vectors"], {
      ORDER_GATE_VECTORS: vectors,
    });
    console.log(`      cargo test of the order sample: ${run.seconds.toFixed(1)} s`);
    expect(run.status, run.stderr.slice(-6000)).to.equal(0);
    expect(run.stdout).to.match(
      /test typescript_orders_decode_byte_identically_and_check_as_expected \.\.\. ok/,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("the order test fails when the sample's Order struct differs from the IDL's (a field dropped)", async () => {
    const samples = guideSamples();
    const gate = samples.get("order-gate") as string;
    const field = "    pub weight: [u8; 32],\n";
    expect(gate).to.include(field);
    const dir = prepareWorkspace(new Map([...samples, ["order-gate", gate.replace(field, "")]]));
    const vectors = join(dir, "order-vectors.txt");
    writeFileSync(vectors, await orderGateVectors());
    const run = cargo(dir, ["test", "-p", "anchor-order-gate", "--test", "vectors"], {
      ORDER_GATE_VECTORS: vectors,
    });
    expect(run.status).to.not.equal(0);
    expect(run.stdout + run.stderr).to.match(
      /the sample's Order decodes the library's bytes|re-encoded bytes differ/,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
