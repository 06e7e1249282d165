#!/usr/bin/env bash
# Speed and output of two checkouts of warpkit, back to back on one machine:
#
#   tools/bench/before_after.sh OLD_CHECKOUT NEW_CHECKOUT [OUT_DIR]
#
# Builds `warpkit` (release) in both checkouts, then, alternating old/new so that a change in
# the machine's load hits both columns alike:
#   1. asm/disasm output: every benchmark program (examples/*.s, tools/bench/*.s and the
#      fp_loop.py loops) assembled by both builds must give the same bytes, and those bytes
#      disassembled by both the same text;
#   2. process benchmarks, best wall time of ROUNDS alternations, each best of REPEAT runs:
#      tools/bench/int_loop.py and every row of tools/bench/fp_loop.py (NEW_CHECKOUT's
#      scripts, given each build's binary);
#   3. criterion benchmarks, each checkout's own: `cargo bench -p warpkit-asm` and the decode
#      bench (`cargo bench -p warpkit-encoding --bench decode`), old then new;
#   4. instruction counts (valgrind --tool=callgrind, repeatable): NEW_CHECKOUT's
#      tools/bench/loop_instructions.py and tools/bench/cli_instructions.sh (the latter also
#      checks that `run`, `run --trace`, `asm` of a 60,000-line file and `disasm` print the
#      same bytes in both builds).
# and prints one table with both columns (raw outputs are kept in OUT_DIR, default a new
# directory under /tmp).
#
# Needs: cargo, python3, rustc, valgrind. Takes about 12 minutes on an idle 2-core machine
# once both checkouts are built: process benchmarks ~4 min, criterion ~6 min, callgrind ~2 min.
# Shorter (a check that it works, not a measurement): ROUNDS=1 REPEAT=2 ITERS_INT=1000000
# ITERS_FP=500000 CALLGRIND_ITERS=5000 CRITERION_ARGS="--warm-up-time 1 --measurement-time 2".
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: $0 OLD_CHECKOUT NEW_CHECKOUT [OUT_DIR]" >&2
    exit 2
fi
OLD=$(realpath "$1")
NEW=$(realpath "$2")
OUT=${3:-$(mktemp -d "${TMPDIR:-/tmp}/before_after.XXXXXX")}
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
ROUNDS=${ROUNDS:-2}
REPEAT=${REPEAT:-5}
ITERS_INT=${ITERS_INT:-5000000}
ITERS_FP=${ITERS_FP:-2000000}
CALLGRIND_ITERS=${CALLGRIND_ITERS:-20000}
CRITERION_ARGS=${CRITERION_ARGS:-}
BENCH=$NEW/tools/bench
for d in "$OLD" "$NEW"; do
    [[ -f $d/Cargo.toml && -d $d/crates/cli ]] || {
        echo "$d is not a warpkit checkout" >&2
        exit 2
    }
done
for tool in cargo python3 rustc valgrind; do
    command -v "$tool" >/dev/null || {
        echo "$tool is needed" >&2
        exit 2
    }
done

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
SECONDS=0
log "output in $OUT; old $OLD ($(git -C "$OLD" rev-parse --short HEAD)), new $NEW ($(git -C "$NEW" rev-parse --short HEAD))"
for side in old new; do
    dir=$OLD
    [[ $side == new ]] && dir=$NEW
    log "building $side"
    (cd "$dir" && cargo build --release -q -p warpkit)
done
OLD_BIN=$OLD/target/release/warpkit
NEW_BIN=$NEW/target/release/warpkit
RESULTS=$OUT/results.tsv
: >"$RESULTS"
# `result SECTION NAME OLD NEW UNIT`: one row of the final table.
result() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$RESULTS"; }

# ------------------------------------------------------------------ 1. asm / disasm bytes
log "asm/disasm output"
PROGS=$OUT/programs
mkdir -p "$PROGS"
python3 - "$BENCH" "$PROGS" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from fp_loop import LOOPS, program
for name, (template, rm, *_rest) in LOOPS.items():
    with open(f"{sys.argv[2]}/fp_loop_{name.replace(' ', '_').replace('.', '_')}.s", "w") as f:
        f.write(program(template, rm))
EOF
same=0
differ=0
for src in "$NEW"/examples/*.s "$BENCH"/*.s "$PROGS"/*.s; do
    b=$(basename "$src" .s)
    ok=1
    for side in old new; do
        bin=$OLD_BIN
        [[ $side == new ]] && bin=$NEW_BIN
        "$bin" asm "$src" -o "$OUT/$b.$side.bin" >"$OUT/$b.$side.asm.out" 2>&1 || true
        [[ -f $OUT/$b.$side.bin ]] || : >"$OUT/$b.$side.bin"
    done
    cmp -s "$OUT/$b.old.bin" "$OUT/$b.new.bin" && cmp -s "$OUT/$b.old.asm.out" "$OUT/$b.new.asm.out" || ok=0
    if [[ -s $OUT/$b.new.bin ]]; then
        "$OLD_BIN" disasm "$OUT/$b.new.bin" >"$OUT/$b.old.dis" 2>&1 || true
        "$NEW_BIN" disasm "$OUT/$b.new.bin" >"$OUT/$b.new.dis" 2>&1 || true
        cmp -s "$OUT/$b.old.dis" "$OUT/$b.new.dis" || ok=0
    fi
    if ((ok)); then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        log "DIFFERENT asm/disasm output: $b"
    fi
done
result "output" "asm + disasm of $((same + differ)) benchmark programs" "-" "-" "$same identical, $differ different"

# ------------------------------------------------------------------ 2. process benchmarks
# `best FILE`: the smallest number in FILE (one per line).
best() { sort -g "$1" | head -n 1; }
log "int_loop.py, $ROUNDS rounds"
for r in $(seq 1 "$ROUNDS"); do
    for side in old new; do
        bin=$OLD_BIN
        [[ $side == new ]] && bin=$NEW_BIN
        python3 "$BENCH/int_loop.py" --warpkit "$bin" --iters "$ITERS_INT" --repeat "$REPEAT" \
            >"$OUT/int_loop.$side.$r.txt"
        awk '/warpkit run/ {print $3}' "$OUT/int_loop.$side.$r.txt" >>"$OUT/int_loop.$side.times"
    done
done
result "process (s, best)" "int_loop.py mul+add, $ITERS_INT iterations" \
    "$(best "$OUT/int_loop.old.times")" "$(best "$OUT/int_loop.new.times")" "s"

mapfile -t FP_ROWS < <(python3 -c "
import sys; sys.path.insert(0, '$BENCH')
from fp_loop import LOOPS
print('\n'.join(LOOPS))")
log "fp_loop.py, ${#FP_ROWS[@]} rows x $ROUNDS rounds"
for row in "${FP_ROWS[@]}"; do
    key=${row// /_}
    for r in $(seq 1 "$ROUNDS"); do
        for side in old new; do
            bin=$OLD_BIN
            [[ $side == new ]] && bin=$NEW_BIN
            python3 "$BENCH/fp_loop.py" --warpkit "$bin" --iters "$ITERS_FP" --repeat "$REPEAT" \
                --only "$row" >"$OUT/fp_loop.$key.$side.$r.txt" || true
            awk -v n="$row" 'index($0, n) == 1 {x = substr($0, length(n) + 1); split(x, f, " "); sub("s", "", f[2]); print f[2]}' \
                "$OUT/fp_loop.$key.$side.$r.txt" >>"$OUT/fp_loop.$key.$side.times"
        done
    done
    result "process (s, best)" "fp_loop.py $row, $ITERS_FP iterations" \
        "$(best "$OUT/fp_loop.$key.old.times")" "$(best "$OUT/fp_loop.$key.new.times")" "s"
done

# ------------------------------------------------------------------ 3. criterion
# `criterion_times FILE`: "NAME<TAB>ESTIMATE" for each benchmark of a criterion log, the
# estimate in microseconds.
criterion_times() {
    awk '
        function us(v, u) { return u == "ns" ? v / 1000 : u == "ms" ? v * 1000 : u == "s" ? v * 1e6 : v }
        # The "change:" block against a saved baseline repeats "time:" with percentages.
        /change:/ { change = 1; next }
        /time:/ && change { change = 0; next }
        /time:/ {
            name = $0; sub(/[ \t]+time:.*/, "", name)
            if (name == "") name = last
            line = $0; sub(/.*time:[ \t]*\[/, "", line); split(line, f, " ")
            printf "%s\t%.3f\n", name, us(f[3], f[4])
            next
        }
        /^[A-Za-z0-9_]/ { last = $0 }
    ' "$1"
}
for bench in "asm:-p warpkit-asm" "decode:-p warpkit-encoding --bench decode"; do
    name=${bench%%:*}
    args=${bench#*:}
    for side in old new; do
        dir=$OLD
        [[ $side == new ]] && dir=$NEW
        log "cargo bench $args ($side)"
        # shellcheck disable=SC2086
        (cd "$dir" && cargo bench -q $args -- --noplot $CRITERION_ARGS) >"$OUT/bench_$name.$side.txt" 2>"$OUT/bench_$name.$side.err"
        criterion_times "$OUT/bench_$name.$side.txt" >"$OUT/bench_$name.$side.tsv"
    done
    while IFS=$'\t' read -r id o; do
        n=$(awk -F'\t' -v id="$id" '$1 == id {print $2}' "$OUT/bench_$name.new.tsv")
        result "criterion (us, estimate)" "$id" "$o" "${n:--}" "us"
    done <"$OUT/bench_$name.old.tsv"
done

# ------------------------------------------------------------------ 4. callgrind
log "loop_instructions.py (callgrind)"
python3 "$BENCH/loop_instructions.py" "$OLD_BIN" "$NEW_BIN" --iters "$CALLGRIND_ITERS" >"$OUT/loop_instructions.txt"
awk 'NR > 2 && NF >= 4 {n = NF; name = $1; for (i = 2; i <= n - 3; i++) name = name " " $i; printf "%s\t%s\t%s\n", name, $(n-2), $(n-1)}' \
    "$OUT/loop_instructions.txt" | while IFS=$'\t' read -r id o n; do
    result "callgrind (M instructions)" "run $id" "$o" "$n" "M"
done
log "cli_instructions.sh (callgrind)"
bash "$BENCH/cli_instructions.sh" "$OLD_BIN" "$NEW_BIN" >"$OUT/cli_instructions.txt"
awk 'NR > 1 && NF >= 4 {n = NF; name = $1; for (i = 2; i <= n - 3; i++) name = name " " $i; printf "%s\t%s\t%s\n", name, $(n-2), $(n-1)}' \
    "$OUT/cli_instructions.txt" | while IFS=$'\t' read -r id o n; do
    result "callgrind (M instructions)" "$id" "$o" "$n" "M"
done

# ------------------------------------------------------------------ the table
python3 - "$RESULTS" "$OLD" "$NEW" "$SECONDS" <<'EOF'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
old = sys.argv[2]
new = sys.argv[3]
print(f"old: {old}\nnew: {new}\n({int(sys.argv[4]) // 60} min)")
section = None
w = max(len(r[1]) for r in rows)
for sec, name, o, n, unit in rows:
    if sec != section:
        section = sec
        print(f"\n{sec}\n{'':{w}}  {'old':>12} {'new':>12} {'new/old':>8}")
    try:
        ratio = f"{float(n) / float(o):8.3f}"
    except ValueError:
        ratio = f"{'':8}"
        if o == "-":
            o, n, ratio = unit, "", ""
    print(f"{name:{w}}  {o:>12} {n:>12} {ratio}")
EOF
