#!/usr/bin/env bash
# Instructions executed (valgrind --tool=callgrind, repeatable on a noisy machine) by the
# `warpkit` commands that must not get slower, for two builds side by side:
#
#   tools/bench/cli_instructions.sh OLD_WARPKIT NEW_WARPKIT
#
# Cases: `run` without a trace on every example and on a long loop (1 warp x 2M steps, and
# 64 warps x 50k steps), `asm` of a 60,000-line source, `disasm` of its machine code, and
# `run --trace` of the examples. Both builds must print the same bytes; the table shows
# instructions (millions) and NEW/OLD.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 OLD_WARPKIT NEW_WARPKIT" >&2
    exit 2
fi
OLD=$(realpath "$1")
NEW=$(realpath "$2")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX=$ROOT/examples
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cli_instructions.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# Run inside the scratch directory: an older build that does not know `-o -` writes a file
# named `-` to the current directory.
cd "$WORK"

python3 -c '
import json, sys
json.dump({"warps": [{"v": {"v2": hex(i + 1)}} for i in range(64)]}, open(sys.argv[1], "w"))
' "$WORK/w64.json"
# 60,000 lines of assembly: the examples repeated, labels renamed per copy.
for i in $(seq 1 600); do
    for f in "$EX"/*.s; do
        sed -E "s/\b(loop|done|else|endif)\b/\1_$i/g" "$f"
    done
done >"$WORK/big.s"

# `count NAME BIN ARGS...`: instructions of one run (millions), its stdout kept.
count() {
    local name=$1 bin=$2
    shift 2
    valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.cg" "$bin" "$@" \
        >"$WORK/$name.out" 2>"$WORK/$name.err" || true
    awk '/^summary:/ {printf "%.1f", $2 / 1e6}' "$WORK/$name.cg"
}

printf "%-42s %12s %12s %8s\n" "case" "old (M ins)" "new (M ins)" "new/old"
row() {
    local label=$1
    shift
    local o n
    o=$(count old "$OLD" "$@")
    n=$(count new "$NEW" "$@")
    if ! cmp -s "$WORK/old.out" "$WORK/new.out"; then
        echo "FAIL: $label: the two builds print different output" >&2
        exit 1
    fi
    printf "%-42s %12s %12s %8s\n" "$label" "$o" "$n" "$(awk -v a="$o" -v b="$n" 'BEGIN {printf "%.3f", b / a}')"
}

for f in "$EX"/*.s; do
    name=$(basename "$f" .s)
    row "run $name" run "$f" --state "$EX/$name.state.json"
done
row "run loop, 1 warp x 2M steps" run "$ROOT/tools/bench/endless.s" --max-steps 2000000
row "run loop, 64 warps x 50k steps" run "$ROOT/tools/bench/endless.s" --state "$WORK/w64.json" --max-steps 50000
row "asm $(wc -l <"$WORK/big.s") lines" asm "$WORK/big.s" -o -
"$NEW" asm "$WORK/big.s" -o "$WORK/big.bin" 2>/dev/null
row "disasm $(stat -c %s "$WORK/big.bin") bytes" disasm "$WORK/big.bin"
for f in "$EX"/*.s; do
    name=$(basename "$f" .s)
    o=$(count old "$OLD" run "$f" --state "$EX/$name.state.json" --trace "$WORK/t_old.jsonl")
    n=$(count new "$NEW" run "$f" --state "$EX/$name.state.json" --trace "$WORK/t_new.jsonl")
    cmp -s "$WORK/t_old.jsonl" "$WORK/t_new.jsonl" || {
        echo "FAIL: run --trace $name: different traces" >&2
        exit 1
    }
    printf "%-42s %12s %12s %8s\n" "run --trace $name" "$o" "$n" "$(awk -v a="$o" -v b="$n" 'BEGIN {printf "%.3f", b / a}')"
done
