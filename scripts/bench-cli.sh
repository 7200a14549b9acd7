#!/usr/bin/env bash
# Start-up cost of one `slamctl ping` beside `tmux display -p` (the target: no slower), with the
# ratio of their means and a PASS/FAIL line. Both talk to a live server over a Unix socket; hyperfine
# times whole commands. Usage: make bench-cli   (installs hyperfine and tmux when missing; make release
# builds the static slamd and slamctl it runs)
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$2"; }; }
need hyperfine hyperfine
need tmux tmux

SLAMCTL=.build-static/release/slamctl
for tool in slamd slamctl; do
    [ -x ".build-static/release/$tool" ] || { echo "run 'make release' first" >&2; exit 1; }
done

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

hyperfine -N --warmup 50 --min-runs 500 --export-json "$work/times.json" \
    -n "slamctl ping" "$SLAMCTL --socket $work/slamd.sock ping" \
    -n "tmux display -p" "tmux -S $work/tmux.sock display -p '#{pane_id}'"
python3 - "$work/times.json" <<'PYTHON'
import json, sys
slamctl, tmux = (result["mean"] * 1000 for result in json.load(open(sys.argv[1]))["results"])
ratio = slamctl / tmux
print(f"{'PASS' if ratio <= 1.0 else 'FAIL'} slamctl ping {slamctl:.2f} ms, {ratio:.2f}× tmux display's {tmux:.2f} ms "
      "in the same run (target ≤ 1.0×)")
PYTHON
