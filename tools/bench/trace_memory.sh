#!/usr/bin/env bash
# Peak memory of `warpkit run --trace`, measured with GNU time (`/usr/bin/time -v`):
#
#   1. 8 warps x 1,000,000 steps each, traced to a file: must stay under LIMIT_MB (100).
#   2. 16,384 warps (the most a state file launches) running examples/loop_bexecz.s, traced
#      to a file, the whole state printed: must complete; time, peak memory and sizes are
#      reported.
#
# The traces are checked too (line counts against the steps retired; run 1 starts with
# warp 0's first step and ends with warp 7's last), so a fast wrong answer cannot pass.
#
#   tools/bench/trace_memory.sh [--quick]      (--quick: run 1 only, 8 x 200,000 steps)
#
# Environment: WARPKIT (default target/release/warpkit, built if missing), LIMIT_MB (100),
# SCRATCH (a directory for the multi-GB traces; default: a new one under $TMPDIR).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WARPKIT=${WARPKIT:-$ROOT/target/release/warpkit}
LIMIT_MB=${LIMIT_MB:-100}
STEPS=1000000
QUICK=0
if [[ ${1:-} == --quick ]]; then
    QUICK=1
    STEPS=200000
fi

if [[ ! -x /usr/bin/time ]]; then
    echo "GNU time is needed (/usr/bin/time): apt-get install time" >&2
    exit 2
fi
if [[ ! -x $WARPKIT ]]; then
    (cd "$ROOT" && cargo build --release -p warpkit)
fi

WORK=$(mktemp -d "${SCRATCH:-${TMPDIR:-/tmp}}/trace_memory.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# `measure NAME CMD...`: run under GNU time; prints and keeps peak RSS (MB) and wall time.
measure() {
    local name=$1
    shift
    /usr/bin/time -v -o "$WORK/$name.time" "$@" 2>"$WORK/$name.err"
    PEAK_MB=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$WORK/$name.time")
    WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/$name.time")
}

mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.1f", b / 1048576}'; }

# tools/bench/endless.s: a loop that only the step limit stops.
python3 - "$WORK/eight.json" <<'EOF'
import json, sys
warps = [{"v": {"v2": hex(i + 1)}} for i in range(8)]
json.dump({"warps": warps}, open(sys.argv[1], "w"))
EOF

echo "== 8 warps x $STEPS steps, --trace to a file"
measure eight "$WARPKIT" run "$ROOT/tools/bench/endless.s" --state "$WORK/eight.json" --max-steps "$STEPS" \
    --trace "$WORK/eight.jsonl" >"$WORK/eight.out"
LINES=$(wc -l <"$WORK/eight.jsonl")
echo "trace: $LINES lines, $(mb "$WORK/eight.jsonl") MB; peak memory ${PEAK_MB} MB; wall $WALL"
if [[ $LINES -ne $((8 * STEPS)) ]]; then
    echo "FAIL: expected $((8 * STEPS)) trace lines" >&2
    exit 1
fi
# Warp order: the first line is warp 0's first step, the last warp 7's last.
head -c 40 "$WORK/eight.jsonl" | grep -q '^{"warp":0,"step":0,' || {
    echo "FAIL: the trace does not start with warp 0, step 0" >&2
    exit 1
}
tail -n 1 "$WORK/eight.jsonl" | grep -q "^{\"warp\":7,\"step\":$((STEPS - 1))," || {
    echo "FAIL: the trace does not end with warp 7's last step" >&2
    exit 1
}
if awk -v p="$PEAK_MB" -v l="$LIMIT_MB" 'BEGIN {exit !(p >= l)}'; then
    echo "FAIL: peak memory ${PEAK_MB} MB is not under ${LIMIT_MB} MB" >&2
    exit 1
fi
echo "ok: under ${LIMIT_MB} MB"
EIGHT_SIZE=$(stat -c %s "$WORK/eight.jsonl")
EIGHT_PEAK=$PEAK_MB
EIGHT_WALL=$WALL
rm -f "$WORK/eight.jsonl"

if [[ $QUICK -eq 1 ]]; then
    exit 0
fi

echo "== 16,384 warps, examples/loop_bexecz.s, --trace to a file, the whole state printed"
python3 - "$WORK/many.json" <<'EOF'
import json, sys
# Each warp its own EXEC, so warps run different numbers of steps.
warps = [{"exec": hex(((i * 2654435761) & 0xFFFFFFFF) | 1)} for i in range(16384)]
json.dump({"warps": warps}, open(sys.argv[1], "w"))
EOF
measure many "$WARPKIT" run "$ROOT/examples/loop_bexecz.s" --state "$WORK/many.json" \
    --trace "$WORK/many.jsonl" >"$WORK/many.out"
LINES=$(wc -l <"$WORK/many.jsonl")
WANT=$(python3 -c '
import json, sys
print(sum(w["steps"] for w in json.load(open(sys.argv[1]))["warps"]))' "$WORK/many.out")
echo "trace: $LINES lines, $(mb "$WORK/many.jsonl") MB; state: $(mb "$WORK/many.out") MB;" \
    "peak memory ${PEAK_MB} MB; wall $WALL"
if [[ $LINES -ne $WANT ]]; then
    echo "FAIL: $LINES trace lines, but the warps retired $WANT instructions" >&2
    exit 1
fi
echo "ok: completed"

echo
echo "summary: 8x$STEPS trace $(awk -v b="$EIGHT_SIZE" 'BEGIN {printf "%.0f", b / 1048576}') MB," \
    "peak ${EIGHT_PEAK} MB, wall $EIGHT_WALL;" \
    "16,384 warps peak ${PEAK_MB} MB, wall $WALL"
