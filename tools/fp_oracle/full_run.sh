#!/usr/bin/env bash
# The full IEEE oracle run for warpkit-fp, result bits and flags:
#  1. 100,000 edge-heavy vectors per operation and rounding mode for every operation
#     (Berkeley SoftFloat via softfloatpy, exact Python references where SoftFloat has no
#     such operation; 40 million cases), checked by tests/oracle.rs;
#  2. every input of every binary16 unary operation in every mode (2.9 million cases), checked
#     line by line, and its SHA-256 digests compared with the committed ones that
#     tests/exhaustive.rs uses in the normal suite;
#  3. with --exhaustive: the ignored Rust tests too (all 2^32 f32->f16 inputs x 5 modes
#     against the IEEE-definition reference, and >= 100M binary16 add/sub/mul/fma cases x 5
#     modes against exact fixed point; WARPKIT_F16_CASES=all for every add/sub/mul pair).
# Usage: bash tools/fp_oracle/full_run.sh [--exhaustive] [cases-per-op-and-mode]
set -euo pipefail
cd "$(dirname "$0")/../.."
exhaustive=0
if [ "${1:-}" = "--exhaustive" ]; then
  exhaustive=1
  shift
fi
per_op="${1:-100000}"
python3 -c 'import softfloatpy' 2>/dev/null || python3 -m pip install -q softfloatpy
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
python3 tools/fp_oracle/gen_vectors.py --per-op "$per_op" --out "$tmp/fpvec.txt" \
  --exhaustive-f16 "$tmp/f16.txt" --digest "$tmp/f16_unary.sha256"
gen=$(date +%s)
echo "== vectors generated in $((gen - start)) s"
diff crates/fp/tests/vectors/f16_unary.sha256 "$tmp/f16_unary.sha256" \
  && echo "== committed binary16 digests match the oracle"
cargo build -p warpkit-fp --release --tests -q
WARPKIT_FP_VECTORS="$tmp/fpvec.txt" cargo test -p warpkit-fp --release --test oracle -- --nocapture
WARPKIT_FP_VECTORS="$tmp/f16.txt" cargo test -p warpkit-fp --release --test oracle -- --nocapture
echo "== vectors checked in $(($(date +%s) - gen)) s (total $(($(date +%s) - start)) s)"
if [ "$exhaustive" = 1 ]; then
  cargo test -p warpkit-fp --release --test exhaustive -- --ignored --nocapture --test-threads 1
fi
