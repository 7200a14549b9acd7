#!/usr/bin/env bash
# Instructions per request in process (find, press, ping), counted by callgrind: a figure that does
# not move with a noisy machine. Runs the release `SlamBenchmarks --profile OP
# SIZE N` (one request per repetition through InProcessClient: request bytes in,
# reply bytes out, as the daemon minus its socket) under valgrind with only
# ProfileRun.perform collected, for two values of N, and prints the difference
# of the totals divided by the difference in N (that cancels set-up and first
# calls). Beside each request, jansson's own floor for it, counted the same way:
# bench/jansson-floor.c parses the very request bytes, reads its members, builds
# the very reply Slam sent and writes it, in C with jansson alone. Then PASS/FAIL
# lines for the targets (find within 1.4× its floor, ping within 15,000) and the
# top functions by inclusive instructions of the larger find and ping runs.
#
# Usage: scripts/bench-instructions.sh [--quick] [--size N] [--repetitions LOW HIGH]
#   --quick               fewer repetitions (500 and 1000): a smoke check
#   --size N              elements in the generated screen (default 1000)
#   --repetitions LOW HIGH  the two values of N (default 2000 and 4000)
# The callgrind files stay in .build-bench/callgrind/ (callgrind_annotate,
# kcachegrind). Exits non-zero when something breaks (build, valgrind, a
# count, a floor that does not write Slam's reply); a missed target is a FAIL line, exit 0.
set -euo pipefail
cd "$(dirname "$0")/.."

size=1000
low=2000
high=4000
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) low=500; high=1000; shift ;;
        --size) size=${2:?--size needs a value}; shift 2 ;;
        --repetitions) low=${2:?--repetitions needs two values}; high=${3:?--repetitions needs two values}; shift 3 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-instructions: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ "$high" -gt "$low" ] || { echo "bench-instructions: the second repetition count must be larger" >&2; exit 2; }

say() { echo "bench-instructions: $*" >&2; }
command -v valgrind >/dev/null 2>&1 || { say "valgrind is missing (apt-get install valgrind)"; exit 1; }

# find within this multiple of jansson's floor for the same request; ping at most this many instructions.
FIND_FLOOR_RATIO=1.4
PING_TARGET=15000

BUILD=.build-bench
say "building release SlamBenchmarks (swift build -c release --product SlamBenchmarks --scratch-path $BUILD)"
swift build -c release --product SlamBenchmarks --scratch-path "$BUILD" >&2
BIN=$BUILD/release/SlamBenchmarks
OUT=$BUILD/callgrind
mkdir -p "$OUT"
if ! pkg-config --exists jansson 2>/dev/null; then say "jansson's headers are missing (apt-get install libjansson-dev pkg-config)"; exit 1; fi
FLOOR=$BUILD/jansson-floor
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -o "$FLOOR" bench/jansson-floor.c $(pkg-config --cflags --libs jansson)

# Instructions collected inside ProfileRun.perform (its mangled name,
# $s14SlamBenchmarks10ProfileRunV7perform…, matches the pattern) over N repetitions.
collect() { # operation repetitions → total instructions
    local file=$OUT/$1-$size-$2.out
    say "callgrind: SlamBenchmarks --profile $1 $size $2"
    if ! valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect='*ProfileRun*perform*' \
        "$BIN" --profile "$1" "$size" "$2" >"$file.log" 2>&1; then
        say "valgrind failed:"; tail -20 "$file.log" >&2; exit 1
    fi
    local total
    total=$(sed -n 's/^\(totals\|summary\): *\([0-9][0-9]*\).*/\2/p' "$file" | tail -1)
    if [ -z "$total" ] || [ "$total" = 0 ]; then
        say "no instructions collected in $file: did the --toggle-collect pattern match nothing?"; exit 1
    fi
    echo "$total"
}

per_request() { # operation → instructions per request
    local a b
    a=$(collect "$1" "$low")
    b=$(collect "$1" "$high")
    echo $(( (b - a) / (high - low) ))
}

# jansson's floor for one request: the request and reply Slam exchanged (written by
# SlamBenchmarks --exchange), answered by bench/jansson-floor.c, collected in perform_request.
floor_collect() { # operation repetitions → total instructions
    local file=$OUT/floor-$1-$2.out
    if ! valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect='perform_request' \
        "$FLOOR" "$OUT/$1.request" "$OUT/$1.reply" "$2" >"$file.log" 2>&1; then
        say "jansson-floor failed for $1:"; tail -20 "$file.log" >&2; exit 1
    fi
    sed -n 's/^\(totals\|summary\): *\([0-9][0-9]*\).*/\2/p' "$file" | tail -1
}

floor_per_request() { # operation → jansson's instructions per request
    "$BIN" --profile "$1" "$size" 1 --exchange "$OUT" >&2
    local a b
    a=$(floor_collect "$1" "$low")
    b=$(floor_collect "$1" "$high")
    echo $(( (b - a) / (high - low) ))
}

find_ir=$(per_request find)
press_ir=$(per_request press)
ping_ir=$(per_request ping)
demo_ir=$(per_request press-demo)
traced_ir=$(per_request press-demo-traced)
say "callgrind: bench/jansson-floor for find, press and ping"
find_floor=$(floor_per_request find)
press_floor=$(floor_per_request press)
ping_floor=$(floor_per_request ping)

times() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "n/a" }'; }

echo "## Instructions per request (callgrind, in process)"
echo
echo "$(date -u +%Y-%m-%d), $(valgrind --version), slam $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+local changes');"
echo "SlamBenchmarks --profile OP $size N under callgrind, only ProfileRun.perform collected;"
echo "(instructions at N=$high − at N=$low) / $((high - low)): set-up and first calls cancel."
echo "jansson's floor: bench/jansson-floor.c (cc -O2, jansson $(pkg-config --modversion jansson)) parses the same"
echo "request, reads its members, builds the same reply and writes it with json_dumpb, counted the same way."
echo
echo "| request | instructions per request | jansson's floor | Slam / floor |"
echo "|---|---:|---:|---:|"
echo "| find {ref} (lookup, element snapshot, reply) | $find_ir | $find_floor | $(times "$find_ir" "$find_floor") |"
echo "| press {ref} (a switch without autoUI: toggle, its changed element, reply) | $press_ir | $press_floor | $(times "$press_ir" "$press_floor") |"
echo "| ping (parse, dispatch, reply: the floor of the service) | $ping_ir | $ping_floor | $(times "$ping_ir" "$ping_floor") |"
echo "| press {ref: increment} on the demo (autoUI: Home updates, the count and progress change) | $demo_ir | | |"
echo "| the same while a trace is written (to /dev/null: every record built, writes free) | $traced_ir | | |"
echo
awk -v n="$find_ir" -v f="$find_floor" -v r="$FIND_FLOOR_RATIO" 'BEGIN {
    printf "%s find %d instructions per request, %.2f× jansson'"'"'s floor of %d (target ≤ %.1f×, %d)\n",
        (n <= r * f ? "PASS" : "FAIL"), n, n / f, f, r, r * f }'
awk -v n="$ping_ir" -v t="$PING_TARGET" -v f="$ping_floor" 'BEGIN {
    printf "%s ping %d instructions per request, %.2f× jansson'"'"'s floor of %d (target ≤ %d)\n",
        (n <= t ? "PASS" : "FAIL"), n, n / f, f, t }'
awk -v off="$demo_ir" -v on="$traced_ir" 'BEGIN {
    printf "tracing adds %d instructions to the demo press (+%.0f %%; make bench-trace measures the throughput)\n", on - off, (on - off) * 100 / off }'

# Where find's and ping's instructions go: callgrind_annotate's inclusive list, demangled
# and trimmed, with each function's share and its instructions per request.
demangle() { if command -v swift >/dev/null 2>&1; then swift demangle --simplified; else cat; fi; }
top_functions() { # operation
    local file=$OUT/$1-$size-$high.out
    echo
    echo "### $1: top 15 functions by inclusive instructions (N=$high)"
    echo
    echo '```'
    printf '%6s  %8s  %s\n' "share" "per req" "function"
    callgrind_annotate --inclusive=yes --threshold=100 "$file" 2>/dev/null \
        | awk -v n="$high" '
            # "224,853,263 (99.94%)  FILE:FUNCTION [OBJECT]": one line per (file, function) pair;
            # a function inlined from several files shows up more than once (keep the largest).
            /^ *[0-9,]+ +\( *[0-9.]+%\) +[^ ]/ && !/PROGRAM TOTALS/ {
                line = $0
                ir = $1; gsub(",", "", ir)
                match(line, /\( *[0-9.]+%\)/); share = substr(line, RSTART + 1, RLENGTH - 2); gsub(" ", "", share)
                rest = substr(line, RSTART + RLENGTH); sub(/^ +/, "", rest)
                object = ""
                if (match(rest, / \[[^]]*\]$/)) { object = substr(rest, RSTART + 2, RLENGTH - 3); rest = substr(rest, 1, RSTART - 1) }
                name = rest; sub(/^[^:]*:/, "", name)
                # Callers of the collected work (main, ProfileRun.run) and perform itself.
                if (name ~ /^__libc_start|below main|SlamBenchmarks_main|ProfileRunV3run|ProfileRunV7perform/) next
                if (name ~ /^0x[0-9a-f]+$/) { sub(/.*\//, "", object); if (object ~ /^ld-linux/) next; name = name " in " object }
                if (done || seen[name]++) next
                printf "%6s  %8d  %s\n", share, ir / n, name
                if (++shown == 15) done = 1
            }' \
        | demangle \
        | cut -c1-140
    echo '```'
}
top_functions find
top_functions ping
echo "(callgrind files: $OUT/; e.g. callgrind_annotate --inclusive=yes $OUT/find-$size-$high.out)"
