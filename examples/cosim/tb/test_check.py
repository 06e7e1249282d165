"""pytest: the testbench's comparison finds every kind of mismatch, and says so in the words of
the C library's `wk_cosim_check` (loaded with ctypes when libwarpkit.so is built).

Records come from warpkit itself (a real program stepped by `warpkit.Sim`); the DUT side is
the model's own retirement, edited to be wrong in one way at a time.
"""

from __future__ import annotations

import copy
import ctypes
import json
import os
from pathlib import Path

import pytest

import warpkit
from cosim import Retirement, Stopped, check, len_of

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
        laneid v1
        add.vi v2, v1, 40
        cmp.lt.u32.vi u3, v1, 7
        saveexec.and u4, u3
        bnz u3, skip
        movi v5, 1
skip:
        mul v6, v2, v2
"""
STATE = {"warps": [{"exec": 0xFFFF00FF}]}


def _int(v):
    return v if isinstance(v, int) else int(v, 0)


def model_steps():
    """(record, Retirement the record describes) for every step of PROGRAM."""
    sim = warpkit.Sim(PROGRAM, STATE)
    out = []
    while (rec := sim.step(0)) is not None:
        word = _int(rec["word"])
        pc = _int(rec["pc"])
        writes = rec["writes"]
        exec_before = _int(rec["exec"])
        dut = Retirement(
            order=rec["step"],
            pc=pc,
            next_pc=_int(writes["pc"]) if "pc" in writes else pc + len_of(word),
            insn=word & 0xFFFFFFFF,
            exec_before=exec_before,
            exec_after=_int(writes.get("exec", exec_before)),
            trap=False,
            cause=0,
            writes={
                k: ([_int(x) for x in v] if isinstance(v, list) else _int(v))
                for k, v in writes.items()
                if k[0] in "vu"
            },
        )
        out.append((rec, dut))
    return out


def test_the_model_agrees_with_itself():
    steps = model_steps()
    assert len(steps) >= 6
    for rec, dut in steps:
        assert check(0, rec, None, dut) is None
    assert check(0, None, None, Stopped(pc=0)) is None


def test_inactive_lanes_are_not_compared():
    rec, dut = model_steps()[1]  # add.vi v2: lanes 8..15 inactive
    bad = copy.deepcopy(dut)
    bad.writes["v2"][9] ^= 1
    assert check(0, rec, None, bad) is None
    bad.writes["v2"][17] ^= 0x10000
    msg = check(0, rec, None, bad)
    assert msg == (
        "warp 0 step 1 pc 0x00000004 (add.vi v2, v1, 40): "
        "v2 lane 17: expected 0x00000039, got 0x00010039"
    )


MISMATCHES = [
        (lambda d: setattr(d, "pc", d.pc + 4), "pc: expected 0x00000008, got 0x0000000c"),
        (lambda d: setattr(d, "insn", d.insn ^ 1), "insn: expected "),
        (lambda d: setattr(d, "trap", True) or setattr(d, "cause", 1), "trap: expected none, got cause 1"),
        (lambda d: setattr(d, "exec_after", 0), "exec after: expected "),
        (lambda d: setattr(d, "next_pc", 0), "next pc: expected 0x0000000c, got 0x00000000"),
        (lambda d: d.writes.update(u3=d.writes["u3"] ^ 4), "u3: expected 0x0000007f, got 0x0000007b"),
        (lambda d: d.writes.pop("u3"), "u3: written by the model, not by the DUT"),
        (lambda d: d.writes.update(v9=[0] * 32), "v9: written by the DUT, not by the model"),
]


def _flip_lane_17(d):
    d.writes["v2"][17] ^= 0x10000


def _flip_lane_9(d):
    d.writes["v2"][9] ^= 1  # lane 9 is inactive: no mismatch


@pytest.mark.parametrize("edit, tail", MISMATCHES)
def test_each_kind_of_mismatch_is_named(edit, tail):
    rec, dut = model_steps()[2]  # cmp.lt.u32.vi u3, v1, 7
    bad = copy.deepcopy(dut)
    edit(bad)
    msg = check(0, rec, None, bad)
    assert msg is not None and msg.startswith("warp 0 step 2 pc 0x00000008 (cmp.lt.u32.vi u3, v1, 7): ")
    assert tail in msg, msg


def test_a_warp_that_ends_early_or_late_is_a_mismatch():
    rec, dut = model_steps()[0]
    assert "the DUT's warp exited" in check(0, rec, None, Stopped(pc=0x1c))
    assert "the model's warp has ended" in check(0, None, None, dut)
    fault = {"cause": 1, "pc": 0x10, "word": 0}
    assert "expected fault cause 1 (IllegalInsn) at pc 0x00000010" in check(0, None, fault, Stopped(pc=0))


# ---------------------------------------------------------------- the C library says the same


class WkWrite(ctypes.Structure):
    _fields_ = [
        ("file", ctypes.c_uint8),
        ("reg", ctypes.c_uint8),
        ("reserved", ctypes.c_uint8 * 2),
        ("mask", ctypes.c_uint32),
        ("lanes", ctypes.c_uint32 * 32),
    ]


class WkCommit(ctypes.Structure):
    _fields_ = [
        ("warp", ctypes.c_uint32),
        ("trap", ctypes.c_uint32),
        ("step", ctypes.c_uint64),
        ("insn", ctypes.c_uint64),
        ("pc", ctypes.c_uint32),
        ("size", ctypes.c_uint32),
        ("exec_before", ctypes.c_uint32),
        ("exec_after", ctypes.c_uint32),
        ("fflags_after", ctypes.c_uint32),
        ("next_pc", ctypes.c_uint32),
        ("n_writes", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
        ("writes", WkWrite * 16),
    ]


@pytest.fixture(scope="module")
def libwarpkit():
    path = os.environ.get("WARPKIT_LIB") or str(ROOT / "target" / "release" / "libwarpkit.so")
    if not Path(path).exists():
        pytest.fail(f"{path} not found: cargo build --release -p warpkit-capi (or set WARPKIT_LIB)")
    lib = ctypes.CDLL(path)
    lib.wk_sim_new.restype = ctypes.c_void_p
    lib.wk_sim_new.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.wk_sim_free.argtypes = [ctypes.c_void_p]
    lib.wk_cosim_check.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.POINTER(WkCommit), ctypes.c_char_p, ctypes.c_size_t]
    return lib


def _to_c(dut: Retirement, fflags: int) -> WkCommit:
    c = WkCommit()
    c.pc, c.insn, c.next_pc = dut.pc, dut.insn, dut.next_pc
    c.trap = dut.cause if dut.trap else 0
    c.exec_before, c.exec_after, c.fflags_after = dut.exec_before, dut.exec_after, fflags
    for k, (name, value) in enumerate(dut.writes.items()):
        w = c.writes[k]
        w.reg = int(name[1:])
        if name[0] == "v":
            w.file, w.mask = 1, dut.exec_before
            for lane, x in enumerate(value):
                w.lanes[lane] = x
        else:
            w.file, w.mask, w.lanes[0] = 2, 1, value
    c.n_writes = len(dut.writes)
    return c


def c_message(lib, at: int, bad: Retirement) -> str | None:
    """wk_cosim_check's answer at step `at` when the device retires `bad` there (the
    model's own records before it)."""
    code = warpkit.assemble(PROGRAM)
    sim = lib.wk_sim_new(code, len(code), json.dumps(STATE).encode(), None, 0)
    assert sim
    msg = ctypes.create_string_buffer(512)
    try:
        fflags = 0  # the program raises no FP flag
        for k, (_, dut) in enumerate(model_steps()):
            r = lib.wk_cosim_check(sim, 0, ctypes.byref(_to_c(bad if k == at else dut, fflags)), msg, 512)
            if k == at:
                return msg.value.decode() if r == 1 else None
            assert r == 0, msg.value
    finally:
        lib.wk_sim_free(sim)
    raise AssertionError("no such step")


@pytest.mark.parametrize("edit, at", [(e, 2) for e, _ in MISMATCHES] + [(_flip_lane_17, 1), (_flip_lane_9, 1)])
def test_the_c_library_says_the_same(libwarpkit, edit, at):
    rec, dut = model_steps()[at]
    bad = copy.deepcopy(dut)
    edit(bad)
    assert check(0, rec, None, bad) == c_message(libwarpkit, at, bad)
