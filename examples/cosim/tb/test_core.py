"""cocotb test: run programs on the RTL core and check every retirement against warpkit.

Environment (set by run.py):
  COSIM_PROGRAMS  assembly files separated by os.pathsep; a `NAME.state.json` beside
                  `NAME.s` gives the initial state (else one default warp)
  COSIM_REPORT    where to write the JSON report: retirements checked, the mismatch line
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import cocotb

import warpkit
from cosim import Core, Retirement, check


def _state_of(program: Path) -> str | None:
    p = program.with_name(program.name[: -len(program.suffix)] + ".state.json")
    return p.read_text() if p.exists() else None


@cocotb.test()
async def every_retirement_matches_warpkit(dut):
    report = {"checked": 0, "mismatch": None, "error": None, "programs": []}
    report_path = os.environ.get("COSIM_REPORT")

    def save():
        if report_path:
            Path(report_path).write_text(json.dumps(report, indent=1) + "\n")

    try:
        await _run_all(dut, report)
    except Exception as e:
        if report["mismatch"] is None:
            report["error"] = f"{type(e).__name__}: {e}"
        raise
    finally:
        save()


async def _run_all(dut, report):
    core = Core(dut)
    for name in os.environ["COSIM_PROGRAMS"].split(os.pathsep):
        program = Path(name)
        text = program.read_text()
        code = warpkit.assemble(text)
        sim = warpkit.Sim(code, _state_of(program))
        warps = sim.state()["warps"]
        checked_before = report["checked"]
        for w, warp in enumerate(warps):
            await core.start_warp(code, warp)
            while True:
                rec = sim.step(w)
                fault = None if rec is not None else sim.state()["warps"][w]["fault"]
                event = await core.next()
                msg = check(w, rec, fault, event)
                if msg is not None:
                    report["mismatch"] = f"{program.name}: {msg}"
                    raise AssertionError(report["mismatch"])
                if isinstance(event, Retirement):
                    report["checked"] += 1
                if rec is None or (isinstance(event, Retirement) and event.trap):
                    break
        report["programs"].append(
            {"program": program.name, "warps": len(warps), "checked": report["checked"] - checked_before}
        )
        dut._log.info(
            "%s: %d warps, %d retirements match warpkit",
            program.name,
            len(warps),
            report["checked"] - checked_before,
        )
