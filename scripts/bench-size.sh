#!/usr/bin/env bash
# What `make install` installs, by size: the static release slamd and slamctl, stripped as
# scripts/install.sh strips them, with a PASS/FAIL line for slamd's target (≤ 30 MB, 10^6 bytes).
# Usage: make bench-size   (make release builds both first)
set -euo pipefail
cd "$(dirname "$0")/.."

SLAMD_TARGET_MB=30
build=.build-static/release
for tool in slamd slamctl; do
    [ -x "$build/$tool" ] || { echo "run 'make release' first" >&2; exit 1; }
done

work=$(mktemp -d /tmp/slam-bench-size-XXXXXX)
trap 'rm -rf "$work"' EXIT
for tool in slamd slamctl; do
    strip -o "$work/$tool" "$build/$tool"
done
slamd_bytes=$(stat -c %s "$work/slamd")
slamctl_bytes=$(stat -c %s "$work/slamctl")
awk -v d="$slamd_bytes" -v c="$slamctl_bytes" -v t="$SLAMD_TARGET_MB" 'BEGIN {
    printf "static slamd, stripped: %.1f MB (%d bytes)\n", d / 1e6, d
    printf "static slamctl, stripped: %.1f MB (%d bytes)\n", c / 1e6, c
    printf "%s static slamd %.1f MB (target ≤ %d MB)\n", (d <= t * 1e6 ? "PASS" : "FAIL"), d / 1e6, t }'
