#!/usr/bin/env bash
# Builds one SVM program of the programs/ workspace into an SBPF v0 shared object.
#
#   scripts/svm/build-program.sh [name] [--programs-dir DIR] [--out-dir DIR] [--target-dir DIR]
#
#   name            the package to build, default: probe
#   --programs-dir  the workspace or crate to build (default: the current directory when it holds a
#                   Cargo.toml, your own crate or workspace; else <repo>/programs)
#   --out-dir       where <name>.so and <name>.buildinfo go (default: <programs-dir>/deploy)
#   --target-dir    cargo target dir (default: <programs-dir>/target)
#
# Pipeline: Debian rustc 1.96 (+ its core/alloc source, -Zbuild-std) compiles for the upstream
# target bpfel-unknown-none; sbpf-linker (LLVM 22) links the bitcode into an SBPF v0 .so.
# The build is reproducible: dependencies are pinned by the Cargo.lock (--locked; one is generated
# when the workspace has none yet: commit it), absolute
# paths are remapped, and nothing time- or machine-dependent goes into the output.
# Run scripts/svm/install-toolchain.sh first.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
RUSTC_BIN=/usr/bin/rustc
CARGO_BIN=/usr/bin/cargo
LINKER="$CARGO_HOME/bin/sbpf-linker"
TARGET=bpfel-unknown-none

die() { printf '[build-program] ERROR: %s\n' "$*" >&2; exit 1; }
log() { printf '[build-program] %s\n' "$*" >&2; }

NAME=""
PROGRAMS_DIR=""
OUT_DIR=""
TARGET_DIR=""
while [ $# -gt 0 ]; do
  case "$1" in
    --programs-dir) PROGRAMS_DIR="$2"; shift 2 ;;
    --out-dir) OUT_DIR="$2"; shift 2 ;;
    --target-dir) TARGET_DIR="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option: $1" ;;
    *) [ -z "$NAME" ] || die "only one program name is accepted"; NAME="$1"; shift ;;
  esac
done
NAME="${NAME:-probe}"
if [ -z "$PROGRAMS_DIR" ]; then
  if [ -f "$PWD/Cargo.toml" ]; then PROGRAMS_DIR="$PWD"; else PROGRAMS_DIR="$REPO_ROOT/programs"; fi
fi
PROGRAMS_DIR="$(cd "$PROGRAMS_DIR" && pwd)"
OUT_DIR="${OUT_DIR:-$PROGRAMS_DIR/deploy}"
TARGET_DIR="${TARGET_DIR:-$PROGRAMS_DIR/target}"

[ -f "$PROGRAMS_DIR/$NAME/Cargo.toml" ] || grep -Eq "^name *= *\"$NAME\"" "$PROGRAMS_DIR/Cargo.toml" 2>/dev/null \
  || die "no crate named $NAME at $PROGRAMS_DIR/$NAME or $PROGRAMS_DIR"
[ -x "$RUSTC_BIN" ] && [ -x "$CARGO_BIN" ] || die "Debian rustc-web/cargo-web missing: run scripts/svm/install-toolchain.sh"
[ -d /usr/lib/rustlib/src/rust/library/core ] || die "rust-web-src missing: run scripts/svm/install-toolchain.sh"
[ -x "$LINKER" ] || die "sbpf-linker missing at $LINKER: run scripts/svm/install-toolchain.sh"

RUSTC_VERSION="$("$RUSTC_BIN" -vV)"
LINKER_VERSION="$("$LINKER" --version 2>/dev/null | head -n1 || true)"  # exits 1 after printing

# Rustflags for the target only (with --target they do not reach build scripts or proc macros).
# Separated by 0x1f (CARGO_ENCODED_RUSTFLAGS) so paths with spaces survive.
flags=(
  -C "linker=$LINKER"
  -C panic=abort
  -C relocation-model=static
  -C link-arg=--llvm-args=-bpf-stack-size=8192
  # Keep machine paths out of the binary (panic locations carry source file names).
  # rustc applies the last matching prefix, so the most specific comes last.
  "--remap-path-prefix=$HOME=/home"
  "--remap-path-prefix=$CARGO_HOME=/cargo"
  "--remap-path-prefix=$PROGRAMS_DIR=/programs"
)
ENCODED_FLAGS="$(IFS=$'\x1f'; printf '%s' "${flags[*]}")"

mkdir -p "$OUT_DIR"
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
LIB_NAME="lib${NAME//-/_}.so"
ARTIFACT="$TARGET_DIR/$TARGET/release/$LIB_NAME"

if [ ! -f "$PROGRAMS_DIR/Cargo.lock" ]; then
  log "no Cargo.lock in $PROGRAMS_DIR: generating one (commit it to keep builds reproducible)"
  (cd "$PROGRAMS_DIR" && RUSTC="$RUSTC_BIN" "$CARGO_BIN" generate-lockfile)
fi

log "building $NAME ($PROGRAMS_DIR) with $(head -n1 <<<"$RUSTC_VERSION"), $LINKER_VERSION"
rm -f "$ARTIFACT"
(
  cd "$PROGRAMS_DIR"
  env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u RUSTC_WRAPPER -u CARGO_BUILD_RUSTC_WRAPPER \
      -u "CARGO_TARGET_BPFEL_UNKNOWN_NONE_RUSTFLAGS" -u CARGO_BUILD_TARGET \
      RUSTC="$RUSTC_BIN" RUSTC_BOOTSTRAP=1 \
      CARGO_ENCODED_RUSTFLAGS="$ENCODED_FLAGS" \
      CARGO_TARGET_DIR="$TARGET_DIR" \
      CARGO_INCREMENTAL=0 \
    "$CARGO_BIN" build -Zbuild-std=core,alloc --release --locked \
      --target "$TARGET" -p "$NAME"
)
[ -f "$ARTIFACT" ] || die "cargo finished but $ARTIFACT is missing"

cp "$ARTIFACT" "$OUT_DIR/$NAME.so.tmp"
chmod 0644 "$OUT_DIR/$NAME.so.tmp"
mv -f "$OUT_DIR/$NAME.so.tmp" "$OUT_DIR/$NAME.so"
SHA="$(sha256sum "$OUT_DIR/$NAME.so" | cut -d' ' -f1)"
SIZE="$(stat -c %s "$OUT_DIR/$NAME.so")"

# Deterministic record of what built the binary (no dates, no paths).
{
  echo "program: $NAME"
  echo "sha256: $SHA"
  echo "size: $SIZE"
  echo "target: $TARGET (linked to SBPF v0 by sbpf-linker)"
  echo "rustc: $(head -n1 <<<"$RUSTC_VERSION")"
  echo "llvm: $(sed -n 's/^LLVM version: //p' <<<"$RUSTC_VERSION")"
  echo "linker: $LINKER_VERSION"
} > "$OUT_DIR/$NAME.buildinfo"

log "wrote $OUT_DIR/$NAME.so ($SIZE bytes, sha256 $SHA)"
