#!/usr/bin/env bash
# Make sure a headless Chromium is on the PATH for the browser tests (tests/web drive it with
# Playwright, which never downloads a browser of its own here). Idempotent and quiet: does
# nothing when `chromium` is present.
#
# It comes from Debian's `chromium` package, installed with apt-get as root. Elsewhere, install
# Chromium yourself and put `chromium` on the PATH.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure_chromium: chromium is missing; install Debian's 'chromium' package (needs root)" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { apt-get update -qq && apt-get install -y -qq chromium; } >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
command -v chromium >/dev/null 2>&1
