#!/usr/bin/env bash
# The full IEEE oracle run: 100,000 edge-heavy Berkeley SoftFloat vectors per operation and
# rounding mode (11 million in all), checked against warpkit-fp for result bits and flags.
# Usage: bash tools/fp_oracle/full_run.sh [cases-per-op-and-mode]
set -euo pipefail
cd "$(dirname "$0")/../.."
per_op="${1:-100000}"
python3 -c 'import softfloatpy' 2>/dev/null || python3 -m pip install -q softfloatpy
out="$(mktemp -d)/fpvec.txt"
python3 tools/fp_oracle/gen_vectors.py --per-op "$per_op" --out "$out"
WARPKIT_FP_VECTORS="$out" cargo test -p warpkit-fp --release --test oracle -- --nocapture
rm -f "$out"
