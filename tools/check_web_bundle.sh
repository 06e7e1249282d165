#!/usr/bin/env bash
# The page embedded in `warpkit serve` (crates/web/assets/, committed) must be exactly what
# `npm ci && npm run build` makes from crates/web/frontend/.
set -euo pipefail
cd "$(dirname "$0")/../crates/web"
saved=$(mktemp -d)
trap 'rm -rf "$saved"' EXIT
cp assets/* "$saved"/
(cd frontend && npm ci --no-audit --no-fund --loglevel=error >/dev/null && npm run --silent build)
status=0
for f in "$saved"/*; do
  if ! cmp -s "$f" "assets/$(basename "$f")"; then
    echo "error: crates/web/assets/$(basename "$f") differs from a rebuild of crates/web/frontend" >&2
    status=1
  fi
done
# Leave the committed files as they were.
cp "$saved"/* assets/
[ "$status" -eq 0 ] && echo "web bundle: a rebuild from the sources gives the committed bytes"
exit "$status"
