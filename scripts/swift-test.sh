#!/usr/bin/env bash
# Runs `swift test "$@"`; when it fails, repeats the failures at the end of the
# output, so the last lines of a long CI log say which test failed and why.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/slam-swift-test.XXXXXX")
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "==== swift test $* failed (exit $status); the failures again: ===="
    grep -E -A8 'recorded an issue|error:|Fatal error|ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: ' "$log" | head -200
    grep -E '✘' "$log" | head -40
fi
exit "$status"
