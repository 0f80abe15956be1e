#!/usr/bin/env bash
# Host-side `cargo test` of the programs/ workspace (pure program logic; no BPF target),
# with the Debian Rust that scripts/svm/install-toolchain.sh installs, so it does not
# depend on rustup; a check of the program's `no-entrypoint` build; then `cargo package` of the
# publishable interface crate (attestkit-receiver-interface: packs it and builds the packed
# sources on their own).
# Extra arguments go to `cargo test`.
set -euo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$SCRIPT_DIR/../../programs"
rust_env=(env -u RUSTFLAGS -u RUSTC_WRAPPER RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc)
"${rust_env[@]}" /usr/bin/cargo test --locked --workspace "$@"
# The program as a dependency of another program (entrypoint, allocator, panic handler left out).
"${rust_env[@]}" /usr/bin/cargo check --locked -p attested-receiver --features no-entrypoint
# --allow-dirty: the check is about the crate's contents, not about the state of the checkout.
"${rust_env[@]}" /usr/bin/cargo package --locked --allow-dirty -p attestkit-receiver-interface
