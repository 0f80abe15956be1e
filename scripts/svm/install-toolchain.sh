#!/usr/bin/env bash
# Installs the toolchain that builds the no_std SVM programs under programs/:
#   - Debian bookworm-security Rust 1.96 (rustc-web, cargo-web) with its library source
#     (rust-web-src, needed by -Zbuild-std) and LLVM 22 (llvm-22-dev);
#   - sbpf-linker 0.1.9 (crates.io), built against Debian's LLVM 22, into ~/.cargo/bin.
# Idempotent: when everything is present it only checks and returns (well under a second).
# Non-interactive (CI=true, no stdin). Needs root or passwordless sudo for apt-get.
set -euo pipefail

SBPF_LINKER_VERSION="0.1.9"
RUST_WANT="1.96"          # the Rust whose core/alloc source rust-web-src ships
LLVM_MAJOR="22"
APT_PKGS=(rustc-web cargo-web rust-web-src "llvm-${LLVM_MAJOR}-dev" libzstd-dev zlib1g-dev gcc libc6-dev)

CARGO_HOME="${CARGO_HOME:-${HOME:?neither CARGO_HOME nor HOME is set}/.cargo}"
BIN_DIR="$CARGO_HOME/bin"
LINKER="$BIN_DIR/sbpf-linker"

log() { printf '[svm-toolchain] %s\n' "$*" >&2; }
die() { printf '[svm-toolchain] ERROR: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@";
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@";
  else die "need root (or sudo) to run: $*"; fi
}

apt_ok() {
  local p st
  for p in "${APT_PKGS[@]}"; do
    st="$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)"
    [ "$st" = "installed" ] || return 1
  done
  [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] || return 1
  [ -d /usr/lib/rustlib/src/rust/library/core ] || return 1
  [ -x "/usr/lib/llvm-${LLVM_MAJOR}/bin/llvm-config" ] || return 1
}

if apt_ok; then
  log "apt packages present ($(/usr/bin/rustc --version))"
else
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script targets Debian bookworm"
  log "installing apt packages: ${APT_PKGS[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${APT_PKGS[@]}"
  apt_ok || die "apt-get install did not provide /usr/bin/rustc, /usr/bin/cargo, rust-web-src and llvm-${LLVM_MAJOR} (bookworm-security must be in the apt sources)"
fi
# The committed programs/deploy/*.so were built with this Rust; another version still builds,
# but scripts/svm/check-reproducible.sh will then likely report different bytes.
if ! /usr/bin/rustc --version | grep -q "^rustc ${RUST_WANT//./\\.}\."; then
  log "WARNING: /usr/bin/rustc is '$(/usr/bin/rustc --version)', the committed programs were built with ${RUST_WANT}.x"
fi

linker_version() {
  # sbpf-linker 0.1.9 prints "sbpf-linker 0.1.9" for --version but exits 1 (clap error path).
  [ -x "$LINKER" ] || return 0
  "$LINKER" --version 2>/dev/null | head -n1 || true
}
linker_ok() { [ "$(linker_version)" = "sbpf-linker ${SBPF_LINKER_VERSION}" ]; }

if linker_ok; then
  log "sbpf-linker ${SBPF_LINKER_VERSION} present at $LINKER"
else
  # Build with Debian's cargo/rustc 1.96 so the result does not depend on rustup being present.
  # --no-default-features drops bpf-linker's rust-llvm-22 proxy (dlopen of rustc's LLVM);
  # upstream-gallery-22 turns on bpf-linker's llvm-22 feature: llvm-sys 221 linked
  # dynamically against Debian's libLLVM-22 found via llvm-config in the prefix below.
  log "building sbpf-linker ${SBPF_LINKER_VERSION} against /usr/lib/llvm-${LLVM_MAJOR} (a few minutes)"
  mkdir -p "$BIN_DIR"
  env LLVM_SYS_221_PREFIX="/usr/lib/llvm-${LLVM_MAJOR}" \
      LLVM_PREFIX="/usr/lib/llvm-${LLVM_MAJOR}" \
      RUSTC=/usr/bin/rustc \
      CARGO_HOME="$CARGO_HOME" \
    /usr/bin/cargo install sbpf-linker --version "=${SBPF_LINKER_VERSION}" --locked --force \
      --no-default-features --features "upstream-gallery-${LLVM_MAJOR}" \
      --root "$CARGO_HOME"
  linker_ok || die "sbpf-linker at $LINKER does not report version ${SBPF_LINKER_VERSION}"
fi

log "ready: $(/usr/bin/rustc --version); $(linker_version); LLVM $("/usr/lib/llvm-${LLVM_MAJOR}/bin/llvm-config" --version)"
