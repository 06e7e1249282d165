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


TWO_KERNELS = """
    .kernel first
    mov.vl  v1, 11
    jmp     done
    .end_kernel
    .kernel second
    mov.vl  v7, 22
    .end_kernel
done:
"""


def lane0(sim, reg):
    return sim.state()["warps"][0]["v"][reg][0]


@pytest.mark.skipif(CLI is None, reason="build the command line first")
def test_kernel_picks_the_entry_of_an_object_with_several(tmp_path):
    (tmp_path / "two.s").write_text(TWO_KERNELS)
    subprocess.run([CLI, "asm", "-f", "elf", "two.s"], cwd=tmp_path, check=True)
    elf = (tmp_path / "two.o").read_bytes()
    with pytest.raises(ValueError, match=r"several kernels \(first, second\): choose one with kernel=NAME"):
        warpkit.Sim(elf)
    for name, reg, value in [("first", "v1", 11), ("second", "v7", 22)]:
        sim = warpkit.Sim(elf, kernel=name)
        sim.run()
        assert lane0(sim, reg) == value
        # What `warpkit run --kernel NAME` prints.
        want = subprocess.run(
            [CLI, "run", "two.o", "--kernel", name],
            cwd=tmp_path,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert sim.state() == ints(json.loads(want))
    with pytest.raises(ValueError, match=r"kernel=third: program has no kernel `third` \(it has first, second\)"):
        warpkit.Sim(elf, kernel="third")
    with pytest.raises(ValueError, match="warp 0 has vgprs 4 but kernel `second` uses registers up to v7"):
        warpkit.Sim(elf, state={"vgprs": 4}, kernel="second")
    warpkit.Sim(elf, state={"vgprs": 4}, kernel="first")


def test_kernel_of_assembly_text_and_of_raw_code():
    for name, reg, value in [("first", "v1", 11), ("second", "v7", 22)]:
        sim = warpkit.Sim(TWO_KERNELS, kernel=name)
        sim.run()
        assert lane0(sim, reg) == value
    with pytest.raises(ValueError, match="no kernel `nope` \\(it has first, second\\)"):
        warpkit.Sim(TWO_KERNELS, kernel="nope")
    with pytest.raises(ValueError, match="uses registers up to v7"):
        warpkit.Sim(TWO_KERNELS, state={"vgprs": 2}, kernel="second")
    with pytest.raises(warpkit.AssemblyError, match="unknown mnemonic|bogus"):
        warpkit.Sim(".kernel k\n  bogus v1\n.end_kernel\n", kernel="k")
    with pytest.raises(ValueError, match="raw machine code, which has no kernels"):
        warpkit.Sim(warpkit.assemble("mov v1, v0\n"), kernel="first")
    with pytest.raises(TypeError):
        warpkit.Sim(TWO_KERNELS, kernel=3)


def test_assembly_text_without_kernel_is_loaded_as_the_command_line_loads_it():
    # Macros go through the front stage, and a single kernel is the entry.
    src = ".macro bump r\n  add.vi \\r, \\r, 1\n.endm\n  movi v1, 99\n.kernel k\n  laneid v1\n  bump v1\n.end_kernel\n"
    sim = warpkit.Sim(src)
    sim.run()
    assert lane0(sim, "v1") == 1
    # Several kernels and none chosen: refused as `warpkit run` refuses.
    with pytest.raises(ValueError, match="several kernels"):
        warpkit.Sim(TWO_KERNELS)
