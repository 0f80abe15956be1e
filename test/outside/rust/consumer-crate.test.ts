// A Rust consumer of attestkit-receiver-interface, created in a temporary directory the way an
// integrator starts: its own crate depending on the interface crate, verifying a shared vector
// (test/vectors/attestation.json) with the crate's `verify` on the host (`host` feature) and
// inside its own SVM program, built for SBF with the toolchain by the exact command of
// docs/guides/verify-in-svm-program.md (plain cargo in the crate's folder) and run in LiteSVM.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AccountRole,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { type Hex, hexToBytes } from "viem";
import vectorsJson from "../../vectors/attestation.json" with { type: "json" };

const PROGRAMS = fileURLToPath(new URL("../../../programs", import.meta.url));
const RUST_ENV = { ...process.env, RUSTC: "/usr/bin/rustc", RUSTDOC: "/usr/bin/rustdoc", RUSTFLAGS: "" };
const NAME = "attestkit-consumer";

type Vector = { name: string; encoded: Hex; signature: Hex; signer: Hex };
const vector = (vectorsJson.vectors as Vector[])[3] as Vector;

const rustBytes = (hex: Hex) => `[${[...hexToBytes(hex)].join(", ")}]`;

function manifest(): string {
  const iface = join(PROGRAMS, "receiver-interface");
  return `[package]
name = "${NAME}"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
crate-type = ["cdylib", "lib"]

[dependencies]
attestkit-receiver-interface = { path = ${JSON.stringify(iface)} }
pinocchio = { version = "=0.12.0", default-features = false }

[target.'cfg(target_arch = "bpf")'.dependencies]
solana-define-syscall = { version = "=5.3.0", features = ["unstable-static-syscalls"] }

[dev-dependencies]
attestkit-receiver-interface = { path = ${JSON.stringify(iface)}, features = ["host"] }

[lints.rust]
unexpected_cfgs = { level = "warn", check-cfg = ['cfg(target_os, values("solana"))'] }
`;
}

const WORKSPACE = `[workspace]
resolver = "2"
members = ["${NAME}"]

[profile.release]
opt-level = 3
lto = "fat"
codegen-units = 1
overflow-checks = false
`;

function librs(): string {
  return `#![no_std]
use attestkit_receiver_interface::{attestation::ENCODED_LEN, crypto::Syscalls, error::ReceiverError, verify::verify_encoded_attestation};
use pinocchio::{AccountView, Address, ProgramResult};

/// The solver this consumer trusts (${vector.name}'s signer).
pub const TRUSTED_SOLVER: [u8; 20] = ${rustBytes(vector.signer)};

pinocchio::program_entrypoint!(process_instruction, 1);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

pub fn process_instruction(_program_id: &Address, _accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if data.len() < ENCODED_LEN {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let (encoded, signature) = data.split_at(ENCODED_LEN);
    let encoded: &[u8; ENCODED_LEN] = encoded.try_into().map_err(|_| ReceiverError::InvalidInstructionData)?;
    verify_encoded_attestation::<Syscalls>(encoded, signature, &TRUSTED_SOLVER)?;
    Ok(())
}
`;
}

function testrs(): string {
  return `use attestkit_consumer::TRUSTED_SOLVER;
use attestkit_receiver_interface::{error::ReceiverError, host::Host, verify::verify_encoded_attestation};

const ENCODED: [u8; 224] = ${rustBytes(vector.encoded)};
const SIGNATURE: [u8; 65] = ${rustBytes(vector.signature)};

#[test]
fn vector_verifies_and_tampered_vector_does_not() {
    assert_eq!(verify_encoded_attestation::<Host>(&ENCODED, &SIGNATURE, &TRUSTED_SOLVER), Ok(()));
    let mut tampered = ENCODED;
    tampered[4 * 32 + 31] ^= 1;
    assert_eq!(verify_encoded_attestation::<Host>(&tampered, &SIGNATURE, &TRUSTED_SOLVER), Err(ReceiverError::SignerMismatch));
}
`;
}

/** The SBF build of docs/guides/verify-in-svm-program.md, section "Build and test". */
const SBF_BUILD = `RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \\
CARGO_TARGET_BPFEL_UNKNOWN_NONE_RUSTFLAGS="-C linker=$HOME/.cargo/bin/sbpf-linker -C panic=abort \\
  -C relocation-model=static -C link-arg=--llvm-args=-bpf-stack-size=8192" \\
  cargo build -Zbuild-std=core,alloc --release --locked --target bpfel-unknown-none`;

describe("outside/rust: a consumer crate of attestkit-receiver-interface builds for host and SBF", function () {
  this.timeout(15 * 60_000);
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-rust-consumer-"));
    mkdirSync(join(dir, NAME, "src"), { recursive: true });
    mkdirSync(join(dir, NAME, "tests"), { recursive: true });
    writeFileSync(join(dir, "Cargo.toml"), WORKSPACE);
    writeFileSync(join(dir, NAME, "Cargo.toml"), manifest());
    writeFileSync(join(dir, NAME, "src", "lib.rs"), librs());
    writeFileSync(join(dir, NAME, "tests", "vector.rs"), testrs());
    // Start from the project's pinned versions; cargo trims what the consumer does not use.
    copyFileSync(join(PROGRAMS, "Cargo.lock"), join(dir, "Cargo.lock"));
    execFileSync("/usr/bin/cargo", ["update", "--workspace", "--offline"], {
      cwd: dir,
      env: RUST_ENV,
      stdio: "ignore",
    });
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it("host: cargo test verifies the vector with the host crypto and rejects a tampered amount", () => {
    const out = execFileSync("nice", ["-n", "10", "/usr/bin/cargo", "test", "--offline", "--locked"], {
      cwd: dir,
      env: RUST_ENV,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(out).to.include("test vector_verifies_and_tampered_vector_does_not ... ok");
    expect(out).to.include("test result: ok. 1 passed");
  });

  it("SBF: builds with the project's toolchain and verifies the vector in LiteSVM", async () => {
    // The guide's build command, as a user pastes it into a shell in the crate's folder.
    execFileSync("nice", ["-n", "10", "bash", "-c", SBF_BUILD], {
      cwd: dir,
      // A RUSTFLAGS variable, even empty, would override the target's flags (the guide says to unset it).
      env: Object.fromEntries(Object.entries(RUST_ENV).filter(([key]) => key !== "RUSTFLAGS")),
      stdio: ["ignore", "ignore", "pipe"],
    });
    const so = join(dir, "target", "bpfel-unknown-none", "release", `lib${NAME.replaceAll("-", "_")}.so`);
    const elf = readFileSync(so);
    expect([...elf.subarray(0, 4)]).to.deep.equal([0x7f, 0x45, 0x4c, 0x46]);
    expect(elf.readUInt16LE(18), "e_machine").to.equal(247); // EM_BPF

    const svm = new LiteSVM();
    const payer = await generateKeyPairSigner();
    const programId = (await generateKeyPairSigner()).address;
    svm.airdrop(payer.address, lamports(1_000_000_000n));
    svm.addProgramFromFile(programId, so);
    const send = async (data: Uint8Array) => {
      const { address } = await generateKeyPairSigner();
      const tx = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
        (m) =>
          appendTransactionMessageInstruction(
            { programAddress: programId, accounts: [{ address, role: AccountRole.READONLY }], data },
            m,
          ),
        (m) => signTransactionMessageWithSigners(m),
      );
      return svm.sendTransaction(tx);
    };
    const encoded = hexToBytes(vector.encoded);
    const signature = hexToBytes(vector.signature);
    const ok = await send(new Uint8Array([...encoded, ...signature]));
    expect(ok, ok.toString()).to.not.be.instanceOf(FailedTransactionMetadata);
    encoded[4 * 32 + 31] = (encoded[4 * 32 + 31] as number) ^ 1;
    const tampered = await send(new Uint8Array([...encoded, ...signature]));
    expect(tampered).to.be.instanceOf(FailedTransactionMetadata);
    expect(tampered.toString()).to.include("InstructionError(0, Custom(6007))"); // SignerMismatch
  });
});
