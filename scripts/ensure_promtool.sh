#!/usr/bin/env bash
# Make sure `promtool` (Prometheus' checker for metrics, rules and rule tests)
# is on the PATH. The test suite uses it to validate the /metrics output and
# deploy/prometheus/. Idempotent and quiet: does nothing when it is present.
#
# It comes from Debian's `prometheus` package, installed with apt-get as
# root. Elsewhere, install Prometheus yourself and put promtool on the PATH.
set -euo pipefail

if command -v promtool >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure_promtool: promtool is missing; install Debian's 'prometheus' package (needs root)" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Quiet on success; on failure, show what apt-get said. promtool needs none of
# the recommended extras (exporters, web assets).
if ! { apt-get update -qq && \
       apt-get install -y -qq --no-install-recommends prometheus; } >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
# The package starts a Prometheus service where an init system runs; promtool
# is all we need, so stop it when it is running (ignore failure in containers).
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet prometheus 2>/dev/null; then
  systemctl stop prometheus >/dev/null 2>&1 || true
fi

command -v promtool >/dev/null 2>&1
