#!/bin/sh
# One program through the regression loop: golden commit log (warpkit), commit log of the
# design under test, `warpkit diff`; on a divergence, `warpkit shrink` it to a small
# reproducer (PROGRAM.min.s, STATE.min.json) and exit 1. Exit 0 when the logs agree.
#
#   sh tools/regress/one.sh work/0007.s work/0007.state.json
#
# Environment:
#   WARPKIT  the warpkit binary (default: warpkit on PATH)
#   DUT      shell command that runs program "$1" with state "$2" and writes its JSON Lines
#            commit log to "$3" (default: warpkit itself, i.e. a self-check)
#   SHRINK_TIMEOUT  seconds per shrink candidate (default 10)
set -eu
prog=$1
state=$2
WARPKIT=${WARPKIT:-warpkit}
DUT=${DUT:-'"$WARPKIT" run "$1" --state "$2" --trace "$3" >/dev/null'}
export WARPKIT DUT
base=${prog%.s}

"$WARPKIT" run "$prog" --state "$state" --trace "$base.golden.jsonl" >/dev/null
sh -c "$DUT" dut "$prog" "$state" "$base.dut.jsonl"
if "$WARPKIT" diff "$base.golden.jsonl" "$base.dut.jsonl" >"$base.diff.txt"; then
    rm -f "$base.golden.jsonl" "$base.dut.jsonl" "$base.diff.txt"
    exit 0
fi
cat "$base.diff.txt"

# Interesting = the two logs still differ (a DUT that fails to produce a log counts too).
"$WARPKIT" shrink "$prog" --state "$state" --timeout "${SHRINK_TIMEOUT:-10}" --test '
    t=$(mktemp -d) && trap "rm -rf \"$t\"" EXIT &&
    "$WARPKIT" run "$WARPKIT_PROGRAM" --state "$WARPKIT_STATE" --trace "$t/g.jsonl" >/dev/null &&
    { ! sh -c "$DUT" dut "$WARPKIT_PROGRAM" "$WARPKIT_STATE" "$t/d.jsonl" ||
      ! "$WARPKIT" diff "$t/g.jsonl" "$t/d.jsonl" >/dev/null; }'
exit 1
