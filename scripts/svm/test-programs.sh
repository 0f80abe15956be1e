#!/usr/bin/env bash
# Host-side `cargo test` of the programs/ workspace (pure program logic; no BPF target),
# with the Debian Rust that scripts/svm/install-toolchain.sh installs, so it does not
# depend on rustup. Extra arguments go to `cargo test`.
set -euo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$SCRIPT_DIR/../../programs"
exec env -u RUSTFLAGS -u RUSTC_WRAPPER RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
  /usr/bin/cargo test --locked --workspace "$@"
