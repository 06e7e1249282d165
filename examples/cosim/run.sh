#!/usr/bin/env bash
# Co-simulation of the RTL core (rtl/) against warpkit's golden model: both tests of run.py,
# after compile checks of the generated package and a test of the comparison itself.
# Exit status 0 only when everything holds.
#
# Needs iverilog on PATH (Debian: apt-get install iverilog), python3 with venv, and a Rust
# toolchain (pip builds the warpkit package from crates/python; cargo builds the C library,
# whose messages the comparison is checked against). Installs nothing outside its own
# virtualenv: $COSIM_VENV, default examples/cosim/build/venv (cocotb, pytest and warpkit go
# there). Build outputs go to examples/cosim/build and the workspace's target/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="$here/build"
mkdir -p "$build"

if ! command -v iverilog >/dev/null; then
  echo "error: iverilog not found; install Icarus Verilog (Debian: apt-get install iverilog)" >&2
  exit 1
fi

venv="${COSIM_VENV:-$build/venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check "cocotb==2.1.*" "pytest>=7"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "$root/crates/python"

echo "== the generated package and the core compile (Icarus Verilog -g2012, no warnings)"
for defines in "" "-DWK_BUG_LANE_CARRY"; do
  # shellcheck disable=SC2086 # an empty $defines is no argument
  out=$(iverilog -g2012 -Wall $defines -o "$build/compile-check.vvp" \
    "$here/rtl/warpkit_isa_pkg.sv" "$here/rtl/warpkit_core.sv" 2>&1) || { echo "$out" >&2; exit 1; }
  if [ -n "$out" ]; then
    echo "$out" >&2
    echo "error: iverilog printed warnings" >&2
    exit 1
  fi
done

echo "== the comparison (tb/cosim.py), and the C library's wk_cosim_check saying the same"
(cd "$root" && cargo build --release -q -p warpkit-capi)
WARPKIT_LIB="$root/target/release/libwarpkit.so" \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tb/test_check.py"

echo "== co-simulation"
COSIM_BUILD="$build" "$venv/bin/python" "$here/run.py"
