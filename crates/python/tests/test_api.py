"""The module's functions against the command line: same bytes, same text, same entries,
same messages."""

from __future__ import annotations

import json
import re
import warnings

import pytest

import warpkit
from conftest import EXAMPLES


def test_surface():
    assert sorted(warpkit.__all__) == [
        "AssemblyError", "Sim", "__version__", "assemble", "diff", "disassemble", "generate", "spec", "timing"
    ]
    assert issubclass(warpkit.AssemblyError, ValueError)
    assert warpkit.AssemblyError.__module__ == "warpkit"
    assert warpkit.Sim.__module__ == "warpkit"


@pytest.mark.parametrize("program", EXAMPLES, ids=lambda p: p.name)
def test_assemble_and_disassemble_equal_the_command(cli, program, tmp_path):
    code = warpkit.assemble(program.read_text())
    out = cli("asm", program, "-o", tmp_path / "p.bin")
    assert out.returncode == 0, out.stderr.decode()
    assert code == (tmp_path / "p.bin").read_bytes()
    text = warpkit.disassemble(code)
    assert text == cli("disasm", tmp_path / "p.bin").stdout.decode()
    assert warpkit.assemble(text) == code


def test_disassembly_of_garbage_assembles_back():
    import random

    rng = random.Random(7)
    for n in range(0, 200, 3):
        code = bytes(rng.randrange(256) for _ in range(n))
        assert warpkit.assemble(warpkit.disassemble(code)) == code


def _diagnostics(text: str) -> str:
    """Diagnostics without the source name (a file for the command, <string> here)."""
    return re.sub(r"(┌─ |errors? in |warnings? in )\S+?(:\d+:\d+)?$", r"\1NAME\2", text, flags=re.M)


def test_assembly_errors_carry_every_diagnostic_as_the_command_prints_them(cli):
    src = "laneid v1\nfoo v2\nadd v3, v1\nmovi v4, 1000000\n"
    with pytest.raises(warpkit.AssemblyError) as e:
        warpkit.assemble(src)
    msg = str(e.value)
    assert msg.count("error:") == 3 and "3 errors in <string>" in msg
    out = cli("asm", "-", "-o", "/dev/null", stdin=src.encode())
    assert out.returncode == 1
    assert _diagnostics(msg) == _diagnostics(out.stderr.decode().rstrip("\n"))


def test_assembly_warnings_become_python_warnings(cli):
    # An integer k32 of an FP instruction that is a binary32 subnormal: a warning, not an error.
    src = "fmul.f32.vl v1, v2, 2\n"
    with pytest.warns(UserWarning) as w:
        code = warpkit.assemble(src)
    assert len(w) == 1
    out = cli("asm", "-", "-o", "-", stdin=src.encode())
    assert out.returncode == 0 and out.stdout == code
    assert _diagnostics(str(w[0].message).rstrip("\n")) == _diagnostics(out.stderr.decode().rstrip("\n"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warpkit.assemble("laneid v1\n")  # no warning at all


@pytest.mark.parametrize("name", ["fadd.f32", "FFMA.F32", "fadd", "savee", "cmp.eq", "fadd.f23", "zzzzzzzzzz", ""])
def test_spec_equals_spec_json(cli, name):
    out = cli("spec", "--json", name)
    if out.returncode == 0:
        assert warpkit.spec(name) == json.loads(out.stdout)
    else:
        with pytest.raises(ValueError) as e:
            warpkit.spec(name)
        assert out.stderr.decode().strip() == f"warpkit: error: {e.value}"


def test_spec_of_one_variant_is_an_entry():
    e = warpkit.spec("add")
    assert e["mnemonic"] == "add" and e["format"] == "R" and e["executable"] is True
    assert isinstance(warpkit.spec("fadd"), list)
