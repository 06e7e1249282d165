#!/usr/bin/env python3
"""Co-simulation of the RTL core against warpkit: two tests, one exit code.

1. The correct RTL runs every program; every retirement must match `warpkit.Sim.step`.
2. The RTL built with the seeded defect (WK_BUG_LANE_CARRY: lane 5's adder loses the carry
   out of bit 15) must be stopped at the first wrong retirement, with warpkit's message.

Needs iverilog on PATH and, in this Python, cocotb and the warpkit package (run.sh makes a
virtualenv with both). Exit status 0 only when both tests hold.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from cocotb_tools.check_results import get_results
from cocotb_tools.runner import get_runner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The cocotb test module and its helpers; the runner passes sys.path on to the simulator.
sys.path.insert(0, str(HERE / "tb"))

SOURCES = [HERE / "rtl" / "warpkit_isa_pkg.sv", HERE / "rtl" / "warpkit_core.sv"]
PROGRAMS = [
    ROOT / "examples" / "divergent_if_else.s",
    ROOT / "examples" / "loop_bexecz.s",
    ROOT / "examples" / "stream_compaction.s",
    HERE / "programs" / "alu_mix.s",
    HERE / "programs" / "faults.s",
]
# The first retirement the defect makes wrong: the loop's first decrement, where every lane
# but lane 0 adds 0xffffffff and so carries out of bit 15; lane 5 keeps its high half
# 0x0000 + 0xffff.
EXPECTED_DEFECT = (
    "loop_bexecz.s: warp 0 step 7 pc 0x0000001c (add.vi v1, v1, -1): "
    "v1 lane 5: expected 0x00000004, got 0xffff0004"
)


EXPECTED_NOTE = (
    "== next: the core built with the seeded defect (WK_BUG_LANE_CARRY). cocotb will report its\n"
    "== test as FAIL, with a traceback: that failure is the EXPECTED one (the comparison\n"
    "== catching the defect); the PASS/FAIL line after it says whether it was caught as planned."
)


def cosim(name: str, defines: dict) -> tuple[int, dict]:
    """Build the core with `defines`, run the cocotb test; (failed tests, report)."""
    build = Path(os.environ.get("COSIM_BUILD", HERE / "build")) / name
    runner = get_runner("icarus")
    runner.build(
        sources=SOURCES,
        hdl_toplevel="warpkit_core",
        defines=defines,
        build_dir=build,
        always=True,
        timescale=("1ns", "1ps"),
    )
    report = build / "report.json"
    report.unlink(missing_ok=True)
    results = runner.test(
        test_module="test_core",
        hdl_toplevel="warpkit_core",
        build_dir=build,
        extra_env={
            "COSIM_PROGRAMS": os.pathsep.join(str(p) for p in PROGRAMS),
            "COSIM_REPORT": str(report),
        },
    )
    _, failed = get_results(results)
    if not report.exists():
        return max(failed, 1), {"checked": 0, "mismatch": "the testbench wrote no report"}
    return failed, json.loads(report.read_text())


def main() -> int:
    passed = failed = 0

    n_failed, rep = cosim("correct", {})
    if n_failed == 0 and rep["mismatch"] is None and rep["checked"] > 0:
        passed += 1
        print(f"PASS correct RTL: {rep['checked']} retirements match warpkit")
        for p in rep["programs"]:
            print(f"       {p['program']}: {p['warps']} warp(s), {p['checked']} retirements")
    else:
        failed += 1
        print(f"FAIL correct RTL: {rep['mismatch'] or rep.get('error')}")

    # cocotb prints its own FAIL block (with a traceback) for the defective core before our
    # verdict: say first that this failure is the one we want.
    print(EXPECTED_NOTE, flush=True)
    n_failed, rep = cosim("defect", {"WK_BUG_LANE_CARRY": 1})
    if n_failed == 1 and rep["mismatch"] == EXPECTED_DEFECT:
        passed += 1
        print(
            f"PASS seeded defect caught at the first wrong retirement, after "
            f"{rep['checked']} matching ones:\n       {rep['mismatch']}"
        )
    else:
        failed += 1
        print(
            f"FAIL seeded defect: expected the testbench to stop with\n       {EXPECTED_DEFECT}\n"
            f"     got: {rep['mismatch'] or rep.get('error')}"
        )

    print(f"cosim: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
