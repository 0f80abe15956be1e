#!/usr/bin/env bash
# Rebuilds SVM programs from source and fails when the bytes differ from programs/deploy/<name>.so.
#
#   scripts/svm/check-reproducible.sh [name ...]
#
# With no name, checks every programs/deploy/*.so. Each build runs in a fresh copy of programs/
# at a temporary path with an empty target dir, so it also proves that the output does not depend
# on the checkout's location or on cached build state. Exit 0 when every program matches,
# 1 when one differs (or fails to build). Run scripts/svm/install-toolchain.sh first.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
PROGRAMS_DIR="$REPO_ROOT/programs"
DEPLOY_DIR="$PROGRAMS_DIR/deploy"

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for so in "$DEPLOY_DIR"/*.so; do
    [ -e "$so" ] && names+=("$(basename "$so" .so)")
  done
fi
[ ${#names[@]} -gt 0 ] || { echo "[check-reproducible] ERROR: no programs/deploy/*.so to check" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/svm-repro.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# Fresh copy of the workspace sources (no target/, no deploy/).
mkdir -p "$WORK/src/programs"
tar -C "$PROGRAMS_DIR" --exclude=./target --exclude=./deploy -cf - . | tar -C "$WORK/src/programs" -xf -

failed=0
for name in "${names[@]}"; do
  committed="$DEPLOY_DIR/$name.so"
  if [ ! -f "$committed" ]; then
    echo "[check-reproducible] FAIL $name: no committed $committed (run scripts/svm/build-program.sh $name)" >&2
    failed=1; continue
  fi
  if ! "$SCRIPT_DIR/build-program.sh" "$name" --programs-dir "$WORK/src/programs" \
        --out-dir "$WORK/out" --target-dir "$WORK/target" >"$WORK/build-$name.log" 2>&1; then
    cat "$WORK/build-$name.log" >&2
    echo "[check-reproducible] FAIL $name: the build failed (log above)" >&2
    failed=1; continue
  fi
  want="$(sha256sum "$committed" | cut -d' ' -f1)"
  got="$(sha256sum "$WORK/out/$name.so" | cut -d' ' -f1)"
  if cmp -s "$committed" "$WORK/out/$name.so"; then
    echo "[check-reproducible] OK $name: rebuilt from source, byte-identical ($(stat -c %s "$committed") bytes, sha256 $got)"
  else
    {
      echo "[check-reproducible] FAIL $name: rebuilt .so differs from programs/deploy/$name.so"
      echo "  committed sha256 $want ($(stat -c %s "$committed") bytes)"
      echo "  rebuilt   sha256 $got ($(stat -c %s "$WORK/out/$name.so") bytes)"
      if [ -f "$DEPLOY_DIR/$name.buildinfo" ]; then
        echo "  build info, committed (<) vs rebuilt (>); same toolchain lines mean the source or Cargo.lock changed:"
        diff "$DEPLOY_DIR/$name.buildinfo" "$WORK/out/$name.buildinfo" | sed 's/^/    /' || true
      fi
      echo "  If the source changed on purpose: scripts/svm/build-program.sh $name, then commit programs/deploy/."
    } >&2
    failed=1
  fi
done
exit "$failed"
