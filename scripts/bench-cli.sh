#!/usr/bin/env bash
# Start-up cost of one `slamctl ping` beside `tmux display -p` (the target: no slower).
# Both talk to a live server over a Unix socket; hyperfine times whole commands.
# Usage: make bench-cli   (installs hyperfine and tmux when missing; builds release slamd and static slamctl)
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$2"; }; }
need hyperfine hyperfine
need tmux tmux

swift build -c release --product slamd --scratch-path .build-static >/dev/null
SLAMCTL=.build-static/release/slamctl
[ -x "$SLAMCTL" ] || { echo "run 'make slamctl' first" >&2; exit 1; }

work=$(mktemp -d /tmp/slam-bench-XXXXXX)
cleanup() {
    tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true
    [ -n "${daemon:-}" ] && kill "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

.build-static/release/slamd --socket "$work/slamd.sock" --log-level error > "$work/slamd.out" &
daemon=$!
until grep -q "listening" "$work/slamd.out" 2>/dev/null; do sleep 0.05; done
tmux -S "$work/tmux.sock" new-session -d

hyperfine -N --warmup 50 --min-runs 500 \
    -n "slamctl ping" "$SLAMCTL --socket $work/slamd.sock ping" \
    -n "tmux display -p" "tmux -S $work/tmux.sock display -p '#{pane_id}'"
