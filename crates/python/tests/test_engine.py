"""Sim(..., engine=...): the interpreter or the compiling tier for run(), read back by the
`engine` property; both give the state `warpkit run` prints."""

from __future__ import annotations

import os

import pytest

import warpkit

# A loop long enough to get hot in the tier (560,000 instructions: the first compile of a
# process waits for 200,000, a block for 20,000 from its start).
LOOP = "loop:\nuaddi u1, u1, -1\nadd v2, v2, v1\nlaneid v1\nbnz u1, loop\n"
STATE = {"warps": [{"exec": 0xFFFF00FF, "u": {"u1": 100000}}, {"u": {"u1": 40000}}]}


def tier_here() -> bool:
    try:
        warpkit.Sim(LOOP, engine="jit")
        return True
    except ValueError as e:
        assert "not available" in str(e)
        return False


def test_both_engines_give_the_same_state():
    states = {}
    for engine in ("interp", "jit"):
        if engine == "jit" and not tier_here():
            continue
        sim = warpkit.Sim(LOOP, STATE, engine=engine)
        assert sim.engine == engine
        sim.run()
        states[engine] = sim.state()
        if engine == "jit":
            # The loop ran compiled, and the tier says so.
            assert "retired compiled" in sim.jit_stats
            assert "jit: 1 blocks compiled" in sim.jit_stats
        else:
            assert sim.jit_stats == ""
    assert len(set(map(repr, states.values()))) == 1
    assert states["interp"]["warps"][0]["u"]["u1"] == 0


def test_the_default_is_jit_where_the_host_runs_it():
    sim = warpkit.Sim(LOOP)
    if os.environ.get("WARPKIT_ENGINE") == "interp" or not tier_here():
        assert sim.engine == "interp"
    else:
        assert sim.engine == "jit"


def test_a_bad_engine_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match=r"unknown engine `fast` \(expected `jit` or `interp`\)"):
        warpkit.Sim(LOOP, engine="fast")
    with pytest.raises(TypeError):
        warpkit.Sim(LOOP, engine=3)
