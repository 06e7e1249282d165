"""Bad input of every kind is a Python exception with a clear message (the command line's,
where the command line says something), never a crash of the interpreter. A Rust panic would
surface as pyo3_runtime.PanicException, a BaseException that none of these tests catches."""

from __future__ import annotations

import json
import random

import pytest

import warpkit

PROG = "laneid v1\nadd v2, v1, v1\n"


def test_garbage_machine_code_runs_and_faults():
    rng = random.Random(1)
    for n in list(range(0, 24)) + [4096]:
        code = bytes(rng.randrange(256) for _ in range(n))
        sim = warpkit.Sim(code, {"warps": [{}, {"exec": 0}, {"vgprs": 1}]})
        for w in range(3):
            for _ in range(64):
                if sim.step(w) is None:
                    break
        sim.run(max_steps=10_000)
        st = sim.state()
        for w in st["warps"]:
            assert w["status"] in ("exited", "faulted", "step_limit")
            if w["status"] == "faulted":
                assert w["fault"]["cause"] in (1, 2) and w["fault"]["name"]


def test_fault_is_reported_in_the_state():
    sim = warpkit.Sim(b"\x7e\x00\x00\x00")
    assert sim.step() is None
    w = sim.state()["warps"][0]
    assert w["status"] == "faulted"
    assert w["fault"] == {"cause": 1, "name": "IllegalInsn", "pc": 0, "word": 0x7E}
    assert sim.step() is None  # stays faulted


@pytest.mark.parametrize(
    "state, words",
    [
        ("{", "not valid JSON"),
        ("[1, 2]", ""),
        ('{"warps": 5}', "warps"),
        ({"warps": [{"exec": "zz"}]}, "warps[0].exec"),
        ({"warps": [{"exec": 1 << 40}]}, "warps[0].exec"),
        ({"warps": [{"vgprs": 0}]}, "warps[0].vgprs"),
        ({"warps": [{"vgprs": 129}]}, "warps[0].vgprs"),
        ({"warps": [{"pc": 1 << 33}]}, "warps[0].pc"),
        ({"warps": [{"v": {"v1": [1, 2, 3]}}]}, "warps[0].v.v1"),
        ({"warps": [{"v": {"v128": 0}}]}, "warps[0].v"),
        ({"warps": [{"u": {"u64": 0}}]}, "warps[0].u"),
        ({"warps": [{"mode": {"rm": "fast"}}]}, "warps[0].mode"),
        ({"warps": [{"fflags": 64}]}, "warps[0].fflags"),
        ({"warps": [{"status": "asleep"}]}, "warps[0].status"),
        ({"warps": [{"bogus": 1}]}, "bogus"),
        ({"code_base": -1.5}, "code_base"),
        ({"warps": [{"exec": None}]}, "warps[0].exec"),
        ({"warps": [{"exec": True}]}, "warps[0].exec"),
    ],
)
def test_malformed_states_raise_value_error_with_warpkit_runs_message(cli, tmp_path, state, words):
    text = state if isinstance(state, str) else json.dumps(state)
    with pytest.raises(ValueError) as e:
        warpkit.Sim(PROG, state)
    msg = str(e.value)
    assert words in msg, msg
    # The command line says the same (after naming the file).
    (tmp_path / "p.s").write_text(PROG)
    (tmp_path / "s.json").write_text(text)
    out = cli("run", tmp_path / "p.s", "--state", tmp_path / "s.json")
    assert out.returncode == 1
    assert out.stderr.decode().strip().endswith(msg), (out.stderr, msg)
    # set_state refuses it too, and changes nothing.
    sim = warpkit.Sim(PROG)
    before = sim.state()
    with pytest.raises(ValueError):
        sim.set_state(state)
    assert sim.state() == before


def test_states_python_cannot_express_in_json_are_errors():
    for state, exc, words in [
        ({"warps": [{"exec": 1 << 70}]}, ValueError, "does not fit in 64 bits"),
        ({"warps": [{"exec": float("nan")}]}, ValueError, "state.warps[0].exec"),
        ({1: 2}, TypeError, "keys must be str"),
        ({"warps": [{"exec": object()}]}, TypeError, "state.warps[0].exec"),
        ({"warps": {1, 2}}, TypeError, "state.warps"),
        (42, TypeError, "state must be a dict, a JSON string or None"),
        (b"{}", TypeError, "not bytes"),
    ]:
        with pytest.raises(exc) as e:
            warpkit.Sim(PROG, state)
        assert words in str(e.value), str(e.value)


def test_deep_nesting_is_an_error_not_a_stack_overflow():
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ValueError):
        warpkit.Sim(PROG, deep)
    nested: list = []
    cur = nested
    for _ in range(500_000):
        cur.append([])
        cur = cur[0]
    with pytest.raises(ValueError) as e:
        warpkit.Sim(PROG, {"warps": nested})
    assert "nested more than" in str(e.value)


def test_out_of_range_warps():
    sim = warpkit.Sim(PROG, {"warps": [{}, {}]})
    for w in (2, 3, -1, -(1 << 80), 1 << 80):
        with pytest.raises(IndexError) as e:
            sim.step(w)
        assert str(e.value) == f"no warp {w}: 2 warps are launched"
    assert sim.step(1) is not None


def test_wrong_types_are_type_errors():
    sim = warpkit.Sim(PROG)
    cases = [
        (lambda: warpkit.assemble(b"laneid v1"), TypeError),
        (lambda: warpkit.assemble(None), TypeError),
        (lambda: warpkit.disassemble("laneid v1"), TypeError),
        (lambda: warpkit.disassemble(3), TypeError),
        (lambda: warpkit.spec(3), TypeError),
        (lambda: warpkit.Sim(None), TypeError),
        (lambda: warpkit.Sim([1, 2, 3]), TypeError),
        (lambda: warpkit.Sim(), TypeError),
        (lambda: sim.step("0"), TypeError),
        (lambda: sim.step(0.0), TypeError),
        (lambda: sim.run(max_steps="10"), TypeError),
        (lambda: sim.run(max_steps=1.5), TypeError),
        (lambda: sim.run(max_steps=-1), ValueError),
        (lambda: sim.run(max_steps=1 << 64), ValueError),
        (lambda: sim.set_state(3), TypeError),
        (lambda: sim.set_state(), TypeError),
    ]
    for f, exc in cases:
        with pytest.raises(exc):
            f()


def test_assembly_with_nul_and_odd_text_is_an_assembly_error():
    for src in ["\0", "laneid v1\0", "\ufeffadd", "v1:" * 10_000, "add " + "v1," * 50_000]:
        with pytest.raises(warpkit.AssemblyError):
            warpkit.assemble(src)
        with pytest.raises(warpkit.AssemblyError):
            warpkit.Sim(src)


def test_random_states_never_crash():
    rng = random.Random(3)
    values = [0, 1, -1, 1 << 31, (1 << 64) - 1, "0x10", "0xzz", "", None, True, 1.5, [], {}, [0] * 32]
    keys = ["pc", "exec", "vgprs", "mode", "fflags", "u", "v", "status", "steps", "fault", "x"]
    for _ in range(2_000):
        warp = {rng.choice(keys): rng.choice(values) for _ in range(rng.randrange(4))}
        if rng.random() < 0.3:
            warp["u"] = {f"u{rng.randrange(70)}": rng.choice(values)}
        if rng.random() < 0.3:
            warp["v"] = {f"v{rng.randrange(130)}": rng.choice(values)}
        try:
            sim = warpkit.Sim(PROG, {"warps": [warp]})
        except (ValueError, TypeError):
            continue
        sim.step(0)
        sim.run(100)
        warpkit.Sim(PROG, sim.state())  # the printed state is always accepted back
