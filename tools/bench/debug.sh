#!/usr/bin/env bash
# The debugger against `warpkit run`, process against process, on tools/bench/debug_loop.s
# (one warp): wall time and peak RSS of a STEPS-step run (default 10^8) under `warpkit
# debug` with ten PC breakpoints that are never hit, then a reverse-step at the end; and
# `warpkit run` of the same steps. The in-process figures (reverse-step latency at 10^7,
# watchpoint costs) come from `cargo bench -p warpkit-debug --bench engine`.
set -euo pipefail
cd "$(dirname "$0")/../.."
steps=${1:-100000000}
cargo build --release -q -p warpkit
bin=target/release/warpkit
prog=tools/bench/debug_loop.s
script=$(mktemp)
trap 'rm -f "$script"' EXIT
{
  for k in 0 4 8 12 16 20 24 28 32 36; do echo "break *$(printf '0x%x' $((0x48 + k)))"; done
  echo continue
  echo "info history"
  echo reverse-step
  echo "info history"
} >"$script"
measure() { # label, command...
  local label=$1; shift
  local tf out
  tf=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$tf" "$@" >/dev/null 2>&1
  out=$(tail -1 "$tf"); rm -f "$tf"
  printf '%-46s %6s s  peak RSS %6d KiB\n' "$label" "${out% *}" "${out#* }"
}
measure "warpkit run --max-steps $steps" $bin run $prog --max-steps "$steps"
measure "warpkit debug, 10 breakpoints, continue, rs" $bin debug $prog --max-steps "$steps" --batch -x "$script"
$bin debug $prog --max-steps "$steps" --batch -x "$script" | grep -E 'checkpoints|^\[pos' | sed 's/^/  /'
# The budget at work: 64 warps make a checkpoint of about 1 MiB, so the STEPS-step run
# (STEPS/64 per warp) needs thinning to stay within --budget 64.
state=$(mktemp)
trap 'rm -f "$script" "$state"' EXIT
python3 -c 'import json; print(json.dumps({"warps": [{} for _ in range(64)]}))' >"$state"
per=$((steps / 64))
measure "warpkit run, 64 warps x $per steps" $bin run $prog --state "$state" --max-steps "$per"
measure "warpkit debug, 64 warps, same, --budget 64" $bin debug $prog --state "$state" --max-steps "$per" --batch -x "$script"
$bin debug $prog --state "$state" --max-steps "$per" --batch -x "$script" | grep -E 'checkpoints' | sed 's/^/  /'
