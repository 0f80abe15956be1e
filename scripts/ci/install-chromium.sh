#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (driven by playwright-core, which downloads no
# browser of its own). Idempotent: returns at once when /usr/bin/chromium is present.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "[chromium] present: $(/usr/bin/chromium --version 2>/dev/null || echo unknown)"
  exit 0
fi
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
as_root apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
echo "[chromium] installed: $(/usr/bin/chromium --version)"
