#!/usr/bin/env bash
# Test of docs/regression.md's at-scale recipe, as written there: gen, then
# `ls work/*.s | parallel --joblog work/jobs.log 'sh tools/regress/one.sh {} {.}.state.json'`,
# run twice in the same directory with a DUT that loses the writes of `mul` (a divergence in
# every program with a mul), and a DUT that crashes. Needs GNU parallel (.ci/run installs
# it); WARPKIT names the binary (default target/release/warpkit).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export WARPKIT=${WARPKIT:-$root/target/release/warpkit}
command -v parallel >/dev/null || { echo "error: GNU parallel is needed (Debian: apt-get install parallel)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir -p tools/regress
cp "$root/tools/regress/one.sh" tools/regress/
fail() { echo "test_recipe: FAIL: $*" >&2; exit 1; }

# The DUT: warpkit, with the writes of every `mul` dropped from its log.
export DUT='"$WARPKIT" run "$1" --state "$2" --trace "$3.full" >/dev/null && sed -E '"'"'/"asm":"mul /s/"writes":\{.*\}\}$/"writes":{}}/'"'"' "$3.full" > "$3" && rm -f "$3.full"'
export SHRINK_TIMEOUT=20
"$WARPKIT" gen --seed 42 --count 16 -o work >/dev/null
with_mul=$(grep -l '^    mul ' work/*.s | wc -l)
[ "$with_mul" -ge 1 ] || fail "no generated program has a mul"

recipe() {
    rm -f work/jobs.log
    ls work/*.s | parallel --will-cite --joblog work/jobs.log 'sh tools/regress/one.sh {} {.}.state.json' >work/out.txt 2>&1 || true
}
# exit value of each job, from the joblog (column 7), as "value count" lines.
exits() { awk 'NR > 1 { n[$7]++ } END { for (v in n) print v, n[v] }' work/jobs.log | sort; }

recipe
first=$(exits)
# Programs whose mul is executed diverge (a mul on a path not taken does not).
failed=$(awk 'NR > 1 && $7 == 1' work/jobs.log | wc -l)
[ "$failed" -ge 1 ] && [ "$failed" -le "$with_mul" ] || fail "first run: $first, expected 1..$with_mul failures"$'\n'"$(cat work/out.txt)"
awk 'NR > 1 && $7 != 0 && $7 != 1 { bad = 1 } END { exit bad }' work/jobs.log || fail "first run: jobs failed otherwise: $first"
mins=$(ls work/*.min.s | wc -l)
[ "$mins" -eq "$failed" ] || fail "expected $failed reproducers, found $mins"
for m in work/*.min.s; do
    [ -f "${m%.s}.state.json" ] || fail "$m has no state ${m%.s}.state.json (the recipe's {.}.state.json)"
done

# Second run in the same directory: every job succeeds or reports the same divergence; the
# reproducers are skipped, nothing is checked again, nothing says "cannot read".
start=$(date +%s)
recipe
second=$(exits)
! grep -q "cannot read" work/out.txt || fail "second run: $(grep 'cannot read' work/out.txt | head -3)"
jobs2=$(awk 'NR > 1' work/jobs.log | wc -l)
[ "$jobs2" -eq $((16 + failed)) ] || fail "second run: $jobs2 jobs"
[ "$(awk 'NR > 1 && $7 == 1' work/jobs.log | wc -l)" -eq "$failed" ] || fail "second run: $second"
awk 'NR > 1 && $7 != 0 && $7 != 1 { bad = 1 } END { exit bad }' work/jobs.log || fail "second run: $second"
grep -q "diverged in an earlier run" work/out.txt || fail "second run did not resume"
[ "$(ls work/*.min.s | wc -l)" -eq "$failed" ] || fail "second run made reproducers of reproducers"
[ $(( $(date +%s) - start )) -lt 20 ] || fail "second run took $(( $(date +%s) - start )) s: it checked again"

# The summary groups the reproducers: all are one bug (a mul whose writes are lost).
python3 "$root/tools/regress/summary.py" work >work/summary.txt
grep -q "^ *$failed  mul \[" work/summary.txt || fail "summary: $(cat work/summary.txt)"

# A DUT that crashes is a divergence too: reported, shrunk, exit 1.
p=$(ls work/0*.s | grep -v min | head -1)
set +e
REGRESS_FORCE=1 DUT='exit 3' sh tools/regress/one.sh "$p" "${p%.s}.state.json" >work/crash.txt 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "crashing DUT: exit $rc: $(cat work/crash.txt)"
grep -q "the DUT failed (exit status 3)" work/crash.txt || fail "crashing DUT: $(cat work/crash.txt)"
[ -f "${p%.s}.min.s" ] || fail "crashing DUT: no reproducer"
echo "test_recipe: ok ($failed divergences of 16, found once, resumed, grouped; crashing DUT reported)"
