#!/usr/bin/env bash
# Fuzzes the framing decoder, the JSON layer, the whole dispatcher on the demo
# app and one `--web` connection's pipeline (HTTP, the WebSocket upgrade, frames,
# a session) with libFuzzer (+ AddressSanitizer and LeakSanitizer).
#   scripts/fuzz.sh          10 s per target (what `make test` runs)
#   scripts/fuzz.sh 600      the long run: 10 minutes per target
#   scripts/fuzz.sh 60 FuzzJSON   one target
# The corpus grows in .build-fuzz/corpus/<target> (seeded from the requests in
# Protocol/examples, FuzzWeb's by FuzzTesting/Seeds/web_seeds.py); a crash, hang
# or leak stops the run, exits non-zero and leaves its input in fuzz-out/<target>/ — replay it with
# .build-fuzz/debug/<target> fuzz-out/<target>/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzFraming FuzzJSON FuzzDispatcher FuzzWeb)

(cd FuzzTesting && swift build -c debug --scratch-path ../.build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -v "Cannot export local symbol" >&2)

for target in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$target
    artifacts=fuzz-out/$target
    mkdir -p "$corpus" "$artifacts"
    if [ "$target" = FuzzWeb ]; then
        python3 FuzzTesting/Seeds/web_seeds.py "$corpus"
    else
    python3 - "$corpus" <<'PY'
import glob, json, os, sys
corpus = sys.argv[1]
for path in sorted(glob.glob("Protocol/examples/*.jsonl")):
    for number, line in enumerate(open(path)):
        line = line.strip()
        if not line:
            continue
        send = json.loads(line).get("send")
        if send is None:
            continue
        text = send if isinstance(send, str) else json.dumps(send, separators=(",", ":"))
        name = os.path.join(corpus, "seed-%s-%d" % (os.path.basename(path), number))
        with open(name, "w") as seed:
            seed.write(text + "\n")
PY
    fi
    echo "fuzzing $target for $seconds s" >&2
    if ! .build-fuzz/debug/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
            -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" > "$artifacts/log" 2>&1; then
        tail -60 "$artifacts/log" >&2
        echo "fuzz: $target found a problem; its input is in $artifacts/" >&2
        exit 1
    fi
    grep -E "^Done|stat::number_of_executed_units" "$artifacts/log" | head -2 >&2
done
