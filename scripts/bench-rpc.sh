#!/usr/bin/env bash
# Round trips per second and latency of a release slamd beside two peers that
# also answer requests on a Unix socket: redis-server (PING) and neovim
# (msgpack-rpc nvim_get_mode), and beside its floor, SlamEchoFloor (SwiftNIO
# answering each line with a fixed reply, no JSON). bench/loadgen.c drives all
# of them the same way (see bench/README.md). Tables, the floor's share and the
# PASS/FAIL target lines go to standard output, progress to standard error.
#
# Usage: scripts/bench-rpc.sh [--seconds N] [--quick] [--no-pinned]
#   --seconds N   measured seconds per run (default 3, after 0.5 s of warm-up)
#   --quick       0.5 s runs: a smoke check that everything works, not figures
#   --no-pinned   skip the second pass with server and loadgen on one core
# Installs redis-server and neovim with apt when missing (a peer that cannot be
# installed is skipped with a message). Exits non-zero when anything breaks (a
# build, a server, a run, an error reply); a missed target is a FAIL line, exit 0.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=3
warmup=0.5
pinned_pass=1
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=${2:?--seconds needs a value}; shift 2 ;;
        --seconds=*) seconds=${1#*=}; shift ;;
        --quick) seconds=0.5; warmup=0.2; shift ;;
        --no-pinned) pinned_pass=0; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-rpc: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

say() { echo "bench-rpc: $*" >&2; }
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

# apt-get installs a missing command's package; false when it cannot.
apt_updated=0
install() { # command package
    command -v "$1" >/dev/null 2>&1 && return 0
    say "installing $2"
    if [ "$apt_updated" = 0 ]; then
        $SUDO apt-get update -qq >&2 || true
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$2" >&2 || true
    command -v "$1" >/dev/null 2>&1
}

# ---- build ----

BUILD=.build-bench
mkdir -p "$BUILD"
LOADGEN=$BUILD/loadgen
cc -O2 -pthread -o "$LOADGEN" bench/loadgen.c
if ! pkg-config --exists jansson 2>/dev/null; then
    install pkg-config pkg-config || true
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libjansson-dev >&2
fi
for product in slamd SlamEchoFloor; do
    say "building release $product (swift build -c release --product $product --scratch-path $BUILD)"
    swift build -c release --product "$product" --scratch-path "$BUILD" >&2
done
SLAMD=$BUILD/release/slamd
FLOOR=$BUILD/release/SlamEchoFloor

targets=(floor slam-ping slam-find slam-press)
if install redis-server redis-server; then targets+=(redis); else say "skipping redis: redis-server is missing and apt-get could not install it"; fi
if install nvim neovim; then targets+=(nvim); else say "skipping nvim: nvim is missing and apt-get could not install it"; fi
has() { local t; for t in "${targets[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

# ---- servers ----

work=$(mktemp -d /tmp/slam-bench-rpc-XXXXXX)
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits until a server's socket accepts connections; fails with its log if it dies first.
wait_for_socket() { # name pid socket log
    local i
    for i in $(seq 200); do
        [ -S "$3" ] && return 0
        if ! kill -0 "$2" 2>/dev/null; then
            say "$1 exited before listening:"; cat "$4" >&2; exit 1
        fi
        sleep 0.05
    done
    say "$1 did not listen on $3 within 10 s:"; cat "$4" >&2; exit 1
}

# Starts every server under the command prefix "${pin[@]}" (taskset execs, so $! is the server).
declare -A pid_of sock_of
start_servers() {
    sock_of[slam]=$work/slamd.sock
    "${pin[@]}" "$SLAMD" --socket "${sock_of[slam]}" --log-level error >"$work/slamd.log" 2>&1 &
    pid_of[slam]=$!; pids+=($!)
    wait_for_socket slamd "${pid_of[slam]}" "${sock_of[slam]}" "$work/slamd.log"
    sock_of[floor]=$work/floor.sock
    "${pin[@]}" "$FLOOR" "${sock_of[floor]}" >"$work/floor.log" 2>&1 &
    pid_of[floor]=$!; pids+=($!)
    wait_for_socket SlamEchoFloor "${pid_of[floor]}" "${sock_of[floor]}" "$work/floor.log"
    if has redis; then
        sock_of[redis]=$work/redis.sock
        "${pin[@]}" redis-server --port 0 --unixsocket "${sock_of[redis]}" --save '' --appendonly no \
            >"$work/redis.log" 2>&1 &
        pid_of[redis]=$!; pids+=($!)
        wait_for_socket redis-server "${pid_of[redis]}" "${sock_of[redis]}" "$work/redis.log"
    fi
    if has nvim; then
        sock_of[nvim]=$work/nvim.sock
        "${pin[@]}" nvim --headless --clean --listen "${sock_of[nvim]}" </dev/null >"$work/nvim.log" 2>&1 &
        pid_of[nvim]=$!; pids+=($!)
        wait_for_socket nvim "${pid_of[nvim]}" "${sock_of[nvim]}" "$work/nvim.log"
    fi
}

stop_servers() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
    rm -f "$work"/*.sock
}

# ---- runs ----

request_of() { # target → the slam request line
    case "$1" in
        floor|slam-ping) echo '{"jsonrpc":"2.0","method":"ping","id":1}' ;;
        slam-find) echo '{"jsonrpc":"2.0","method":"find","params":{"ref":"count"},"id":1}' ;;
        slam-press) echo '{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"},"id":1}' ;;
    esac
}

declare -A result
run() { # target connections depth
    local target=$1 server=${1%%-*} args=()
    case "$target" in
        floor|slam-*) args=(--protocol slam --request "$(request_of "$target")") ;;
        *) args=(--protocol "$target") ;;
    esac
    local out
    if ! out=$("${pin[@]}" "$LOADGEN" --socket "${sock_of[$server]}" "${args[@]}" \
        --connections "$2" --depth "$3" --seconds "$seconds" --warmup "$warmup" \
        --server-pid "${pid_of[$server]}" --label "$target"); then
        say "loadgen failed: $target C=$2 D=$3${out:+ ($out)}"
        exit 1
    fi
    result[$target/$2/$3]=$out
}

field() { # result-line key
    local kv
    for kv in $1; do
        if [ "${kv%%=*}" = "$2" ]; then echo "${kv#*=}"; return; fi
    done
}

ratio() { # a b → a/b as "0.42×"
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "n/a" }'
}

# One target line: PASS or FAIL, the ratio of rps, the target (and what it means). Never fails the script.
target_line() { # name scenario-C scenario-D peer minimum [meaning]
    local name=$1 c=$2 d=$3 peer=$4 minimum=$5 meaning=${6:+, $6} ours=${1%%/*}
    if ! has "$peer"; then
        echo "SKIP $name C=$c D=$d ($peer was not run; target ≥ ${minimum}×$meaning)"
        return 0
    fi
    awk -v a="$(field "${result[slam-$ours/$c/$d]}" rps)" -v b="$(field "${result[$peer/$c/$d]}" rps)" \
        -v name="$name" -v c="$c" -v d="$d" -v min="$minimum" -v meaning="$meaning" 'BEGIN {
            r = b > 0 ? a / b : 0
            printf "%s %s C=%s D=%s %.2f× (target ≥ %s×%s)\n", (r >= min ? "PASS" : "FAIL"), name, c, d, r, min, meaning
        }'
}

scenarios=("1 1" "1 32" "8 1")

section() { # title
    local title=$1 sc target
    start_servers
    for sc in "${scenarios[@]}"; do
        # Targets alternate within a scenario, so drift on a noisy machine hits them alike.
        for target in "${targets[@]}"; do run "$target" $sc; done
    done
    stop_servers

    echo
    echo "### $title"
    echo
    echo "| scenario | target | rps | p50 µs | p99 µs | CPU loadgen | CPU server |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for sc in "${scenarios[@]}"; do
        set -- $sc
        for target in "${targets[@]}"; do
            local r=${result[$target/$1/$2]}
            printf '| C=%s D=%s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$target" \
                "$(field "$r" rps)" "$(field "$r" p50_us)" "$(field "$r" p99_us)" \
                "$(field "$r" loadgen_cpu)" "$(field "$r" server_cpu)"
        done
    done
    echo
    echo "| scenario | slam-find / nvim (rps) | slam-find / redis (rps) | slam-ping / nvim (rps) |"
    echo "|---|---:|---:|---:|"
    for sc in "${scenarios[@]}"; do
        set -- $sc
        local find ping nvim=n/a redis=n/a ping_nvim=n/a
        find=$(field "${result[slam-find/$1/$2]}" rps)
        ping=$(field "${result[slam-ping/$1/$2]}" rps)
        has nvim && nvim=$(ratio "$find" "$(field "${result[nvim/$1/$2]}" rps)")
        has redis && redis=$(ratio "$find" "$(field "${result[redis/$1/$2]}" rps)")
        has nvim && ping_nvim=$(ratio "$ping" "$(field "${result[nvim/$1/$2]}" rps)")
        printf '| C=%s D=%s | %s | %s | %s |\n' "$1" "$2" "$nvim" "$redis" "$ping_nvim"
    done

    # The floor's time per request (1/rps) as a share of ping's and find's: what is
    # left for Slam's own work is the rest.
    echo
    for sc in "${scenarios[@]}"; do
        set -- $sc
        awk -v f="$(field "${result[floor/$1/$2]}" rps)" -v p="$(field "${result[slam-ping/$1/$2]}" rps)" \
            -v q="$(field "${result[slam-find/$1/$2]}" rps)" -v c="$1" -v d="$2" 'BEGIN {
                if (!(f > 0 && p > 0 && q > 0)) { printf "C=%s D=%s floor: n/a (a run had no replies)\n", c, d; exit }
                printf "C=%s D=%s floor: %.2f µs/request; %.0f %% of ping'"'"'s µs/request (%.2f), %.0f %% of find'"'"'s (%.2f)\n",
                    c, d, 1e6 / f, 100 * p / f, 1e6 / p, 100 * q / f, 1e6 / q
            }'
    done

    # find against the floor measured in this pass: within 1.5× of its rate where many requests are
    # in flight (pipelined, or many connections), where NIO's per-read work is shared.
    echo
    echo "| scenario | slam-find / floor (rps) | slam-find / nvim (rps) |"
    echo "|---|---:|---:|"
    for sc in "1 32" "8 1"; do
        set -- $sc
        local nvim_ratio=n/a
        has nvim && nvim_ratio=$(ratio "$(field "${result[slam-find/$1/$2]}" rps)" "$(field "${result[nvim/$1/$2]}" rps)")
        printf '| C=%s D=%s | %s | %s |\n' "$1" "$2" \
            "$(ratio "$(field "${result[slam-find/$1/$2]}" rps)" "$(field "${result[floor/$1/$2]}" rps)")" "$nvim_ratio"
    done

    # Targets (rps ratios): figures, not tests; a FAIL does not fail the script.
    echo
    target_line find/nvim 1 1 nvim 1.0
    target_line find/nvim 1 32 nvim 1.0
    target_line find/nvim 8 1 nvim 1.0
    target_line find/floor 1 32 floor 0.67 "within 1.5× of the floor"
    target_line find/floor 8 1 floor 0.67 "within 1.5× of the floor"
    for sc in "${scenarios[@]}"; do target_line ping/nvim $sc nvim 1.0; done
    target_line find/redis 1 32 redis 0.3
}

echo "## slamd round trips beside redis-server and nvim"
echo
versions="slam $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+local changes')"
has redis && versions+=", redis $(redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p')"
has nvim && versions+=", $(nvim --version | head -1)"
echo "$(date -u +%Y-%m-%d), $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)); $versions."
echo "Each run: ${warmup} s warm-up, ${seconds} s measured; C connections × D requests in flight each;"
echo "CPU in cores used during the window (1.00 = one core busy)."

pin=()
section "unpinned"
if [ "$pinned_pass" = 1 ]; then
    if command -v taskset >/dev/null 2>&1; then
        pin=(taskset -c 0)
        section "pinned: server and loadgen share one core (taskset -c 0)"
    else
        say "skipping the pinned pass: taskset is missing"
    fi
fi
