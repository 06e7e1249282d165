"""Stepping every warp of every example from Python gives exactly `warpkit run --trace`'s
records, and `state()` exactly what `warpkit run` prints."""

from __future__ import annotations

import pytest

import warpkit
from conftest import EXAMPLES, cli_run, state_path


def sim_of(program):
    st = state_path(program)
    return warpkit.Sim(program.read_text(), st.read_text() if st else None)


def step_warp_after_warp(sim) -> list[dict]:
    records = []
    for w in range(len(sim.state()["warps"])):
        while (rec := sim.step(w)) is not None:
            records.append(rec)
    return records


def step_round_robin(sim) -> list[dict]:
    live = list(range(len(sim.state()["warps"])))
    per_warp: dict[int, list] = {w: [] for w in live}
    while live:
        nxt = []
        for w in live:
            rec = sim.step(w)
            if rec is not None:
                per_warp[w].append(rec)
                nxt.append(w)
        live = nxt
    return [r for w in sorted(per_warp) for r in per_warp[w]]


@pytest.mark.parametrize("program", EXAMPLES, ids=lambda p: p.name)
def test_records_and_state_equal_warpkit_run(cli, program):
    want_state, want_records = cli_run(cli, program)
    assert want_records, "the example executes something"
    for stepper in (step_warp_after_warp, step_round_robin):
        sim = sim_of(program)
        assert stepper(sim) == want_records, stepper.__name__
        assert sim.state() == want_state, stepper.__name__
        # An ended warp stays ended.
        assert all(sim.step(w) is None for w in range(len(want_state["warps"])))


@pytest.mark.parametrize("program", EXAMPLES, ids=lambda p: p.name)
def test_run_equals_warpkit_run_and_resumes(cli, program):
    want_state, want_records = cli_run(cli, program)
    sim = sim_of(program)
    sim.run()
    assert sim.state() == want_state
    # Cut after k steps, checkpoint, continue in a fresh Sim from the checkpoint.
    k = max(1, len(want_records) // 3)
    mid_state, mid_records = cli_run(cli, program, "--max-steps", k)
    sim = sim_of(program)
    sim.run(max_steps=k)
    checkpoint = sim.state()
    assert checkpoint == mid_state
    resumed = warpkit.Sim(program.read_text(), checkpoint)
    rest = step_warp_after_warp(resumed)
    assert resumed.state() == want_state
    assert sorted(mid_records + rest, key=lambda r: (r["warp"], r["step"])) == want_records
    # set_state restores the checkpoint in the same Sim.
    sim.run()
    assert sim.state() == want_state
    sim.set_state(checkpoint)
    assert sim.state() == checkpoint
    assert step_warp_after_warp(sim) == rest


def test_machine_code_and_assembly_are_the_same_program(cli):
    program = EXAMPLES[0]
    st = state_path(program)
    code = warpkit.assemble(program.read_text())
    a = warpkit.Sim(code, st.read_text() if st else None)
    b = sim_of(program)
    assert step_warp_after_warp(a) == step_warp_after_warp(b)
