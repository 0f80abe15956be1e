#!/usr/bin/env bash
# `npm run setup`: what `npm test` needs beyond `npm ci`, installed idempotently (seconds when present):
# the SVM toolchain (Debian Rust 1.96 + LLVM 22, sbpf-linker), Debian's Chromium for the browser
# suites, and a check that the committed SVM program binaries rebuild from source byte for byte.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/svm/install-toolchain.sh
bash scripts/ci/install-chromium.sh
bash scripts/svm/check-reproducible.sh
