#!/bin/sh
# One program through the regression loop: golden commit log (warpkit), commit log of the
# design under test, `warpkit diff`; on a divergence, `warpkit shrink` it to a small
# reproducer (PROGRAM.min.s, PROGRAM.min.state.json) and exit 1. Exit 0 when the logs agree.
#
#   sh tools/regress/one.sh work/0007.s work/0007.state.json
#
# A DUT that exits with an error or writes no log has diverged too (reported, shrunk, exit 1).
# Exit 2: warpkit itself could not run the program (a broken input, not a divergence).
#
# Reruns in the same directory resume: the verdict of a program is kept in PROGRAM.checked
# with a checksum of the program, state and $DUT, and a program whose files are unchanged is not
# checked again (REGRESS_FORCE=1 checks it anyway). Reproducers (*.min.s) of earlier runs
# are skipped, so `ls work/*.s | parallel ...` can be run again as it is.
#
# Environment:
#   WARPKIT  the warpkit binary (default: warpkit on PATH)
#   DUT      shell command that runs program "$1" with state "$2" and writes its JSON Lines
#            commit log to "$3" (default: warpkit itself, i.e. a self-check)
#   SHRINK_TIMEOUT  seconds per shrink candidate (default 10)
#   REGRESS_FORCE   non-empty: check again programs already checked
set -u
prog=$1
state=$2
WARPKIT=${WARPKIT:-warpkit}
DUT=${DUT:-'"$WARPKIT" run "$1" --state "$2" --trace "$3" >/dev/null'}
export WARPKIT DUT
base=${prog%.s}

case $prog in
*.min.s)
    echo "$prog: skipped (a reproducer of an earlier run)" >&2
    exit 0
    ;;
esac

# The verdict holds for these bytes and this DUT command (a rebuilt DUT behind the same
# command needs REGRESS_FORCE=1).
sum=$({ cat "$prog" "$state" && printf '%s\n' "$DUT"; } | cksum) || exit 2
if [ -z "${REGRESS_FORCE:-}" ] && [ -f "$base.checked" ]; then
    read -r verdict old <"$base.checked"
    if [ "$old" = "$sum" ]; then
        case $verdict in
        pass) exit 0 ;;
        fail)
            echo "$prog: diverged in an earlier run (reproducer $base.min.s; REGRESS_FORCE=1 checks again)"
            exit 1
            ;;
        esac
    fi
fi

if ! "$WARPKIT" run "$prog" --state "$state" --trace "$base.golden.jsonl" >/dev/null; then
    echo "$prog: warpkit cannot run it (see above): not a divergence" >&2
    rm -f "$base.golden.jsonl"
    exit 2
fi
rm -f "$base.dut.jsonl"
dut_status=0
sh -c "$DUT" dut "$prog" "$state" "$base.dut.jsonl" || dut_status=$?
if [ "$dut_status" -eq 0 ] && [ -f "$base.dut.jsonl" ] &&
    "$WARPKIT" diff "$base.golden.jsonl" "$base.dut.jsonl" >"$base.diff.txt" 2>&1; then
    rm -f "$base.golden.jsonl" "$base.dut.jsonl" "$base.diff.txt"
    echo "pass $sum" >"$base.checked"
    exit 0
fi
# A divergence: the two logs and the diff stay beside the program as the evidence.
{
    if [ "$dut_status" -ne 0 ]; then
        echo "$prog: the DUT failed (exit status $dut_status)"
    elif [ ! -f "$base.dut.jsonl" ]; then
        echo "$prog: the DUT wrote no log ($base.dut.jsonl)"
    fi
    [ -f "$base.dut.jsonl" ] && "$WARPKIT" diff "$base.golden.jsonl" "$base.dut.jsonl" 2>&1
} >"$base.diff.txt"
cat "$base.diff.txt"

# Interesting = the two logs still differ (a DUT that fails or writes no log counts too).
test_cmd='
    t=$(mktemp -d) && trap "rm -rf \"$t\"" EXIT &&
    "$WARPKIT" run "$WARPKIT_PROGRAM" --state "$WARPKIT_STATE" --trace "$t/g.jsonl" >/dev/null &&
    { ! sh -c "$DUT" dut "$WARPKIT_PROGRAM" "$WARPKIT_STATE" "$t/d.jsonl" ||
      [ ! -f "$t/d.jsonl" ] ||
      ! "$WARPKIT" diff "$t/g.jsonl" "$t/d.jsonl" >/dev/null; }'
if "$WARPKIT" shrink "$prog" --state "$state" -o "$base.min.s" --output-state "$base.min.state.json" \
    --timeout "${SHRINK_TIMEOUT:-10}" --test "$test_cmd"; then
    # The reproducer's own divergence, for tools/regress/summary.py to group by.
    t=$(mktemp -d)
    "$WARPKIT" run "$base.min.s" --state "$base.min.state.json" --trace "$t/g.jsonl" >/dev/null 2>&1
    {
        if ! sh -c "$DUT" dut "$base.min.s" "$base.min.state.json" "$t/d.jsonl"; then
            echo "$base.min.s: the DUT failed"
        elif [ ! -f "$t/d.jsonl" ]; then
            echo "$base.min.s: the DUT wrote no log"
        else
            "$WARPKIT" diff "$t/g.jsonl" "$t/d.jsonl" 2>&1
        fi
    } >"$base.min.diff.txt"
    rm -rf "$t"
else
    echo "$prog: shrink failed (see above); the divergence stands unreduced"
fi
echo "fail $sum" >"$base.checked"
exit 1
