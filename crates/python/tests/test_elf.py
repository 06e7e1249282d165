"""warpkit.Sim takes the bytes of ELF code objects and linked programs like `warpkit run`."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

import warpkit
from conftest import ROOT, find_cli, ints

CLI = find_cli()
MULTI = ROOT / "examples" / "multi"


@pytest.mark.skipif(CLI is None, reason="build the command line first")
def test_sim_runs_a_linked_program_like_the_command_line(tmp_path):
    for f in ["macros.inc", "helper.s", "kernels.s", "axpy.state.json"]:
        shutil.copy(MULTI / f, tmp_path / f)
    for f in ["kernels.s", "helper.s"]:
        subprocess.run([CLI, "asm", "-f", "elf", f], cwd=tmp_path, check=True)
    subprocess.run(
        [CLI, "link", "kernels.o", "helper.o", "-o", "p.elf", "--entry", "axpy"],
        cwd=tmp_path,
        check=True,
    )
    state = (tmp_path / "axpy.state.json").read_text()
    want = subprocess.run(
        [CLI, "run", "p.elf", "--state", "axpy.state.json"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    sim = warpkit.Sim((tmp_path / "p.elf").read_bytes(), state=state)
    sim.run(max_steps=1000)
    assert sim.state() == ints(json.loads(want))
    with pytest.raises(ValueError, match="uses registers up to v3"):
        warpkit.Sim((tmp_path / "p.elf").read_bytes(), state={"vgprs": 2})
    with pytest.raises(ValueError, match="truncated"):
        warpkit.Sim((tmp_path / "p.elf").read_bytes()[:30])
