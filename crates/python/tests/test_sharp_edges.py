"""Mistakes a new user makes from Python: deep expressions (once a crash of the
interpreter), Ctrl-C during a long run (once ignored), and the entry points the package
lacked (__version__, timing, generate)."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import warpkit


def test_a_100000_deep_expression_raises_instead_of_crashing():
    for deep in ["-" * 100_000 + "1", "(" * 100_000 + "1"]:
        with pytest.raises(warpkit.AssemblyError, match="nested more than 256 levels"):
            warpkit.assemble(f"movi v1, {deep}\n")
        with pytest.raises(warpkit.AssemblyError):
            warpkit.Sim(f"movi v1, {deep}\n")


CHILD = textwrap.dedent(
    """
    import json, sys, time, warpkit
    sim = warpkit.Sim("jmp 0\\n")
    print("running", flush=True)
    try:
        sim.run(10**12)
        print(json.dumps({"error": "run returned"}))
    except KeyboardInterrupt:
        caught = time.monotonic()
        st = sim.state()
        steps = st["warps"][0]["steps"]
        # Resumable: going on for 10 steps equals a fresh run to the same count.
        sim.run(steps + 10)
        fresh = warpkit.Sim("jmp 0\\n")
        fresh.run(steps + 10)
        print(json.dumps({"caught": caught, "steps": steps,
                          "status": st["warps"][0]["status"],
                          "resumed_equal": sim.state() == fresh.state()}), flush=True)
    """
)


def test_sigint_interrupts_a_long_run_within_100_ms_and_leaves_a_resumable_state():
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # The child's SIGINT is Python's default handler (KeyboardInterrupt).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    assert p.stdout.readline().strip() == "running"
    time.sleep(0.5)
    sent = time.monotonic()
    os.kill(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=30)
    r = json.loads(out.strip().splitlines()[-1])
    assert "error" not in r, (r, err)
    latency = r["caught"] - sent
    # The run checks signals every 20 ms; 100 ms leaves room for a loaded machine.
    assert latency < 0.1, f"KeyboardInterrupt {latency * 1000:.0f} ms after SIGINT"
    assert r["steps"] > 0 and r["status"] == "step_limit", r
    assert r["resumed_equal"], r


def test_version_timing_and_generate():
    # The workspace's version, as Cargo.toml gives it.
    root = os.path.join(os.path.dirname(__file__), "..", "..", "..")
    with open(os.path.join(root, "Cargo.toml"), encoding="utf-8") as f:
        cargo = f.read()
    assert f'version = "{warpkit.__version__}"' in cargo, warpkit.__version__
    t = warpkit.timing("add v1, v1, v2\nadd v1, v1, v2\n")
    assert t["cycles"] == 8 and t["instructions"] == 2
    assert [x["issues"] for x in t["per_pc"]] == [1, 1]
    assert t["per_pc"][1]["stalls"]["register"] == {"valu-int": 3}
    assert warpkit.timing("add v1, v1, v2\n", schedulers=2, policy="gto")["schedulers"] == 2
    with pytest.raises(ValueError, match="schedulers"):
        warpkit.timing("add v1, v1, v2\n", schedulers=0)
    text, state = warpkit.generate(42, 1)
    assert text.startswith(";") and "warps" in state
    assert warpkit.generate(42, 1) == (text, state)
    sim = warpkit.Sim(text, state)
    sim.run()
    assert all(w["status"] == "exited" for w in sim.state()["warps"])
    with pytest.raises(ValueError, match="unknown mix category"):
        warpkit.generate(1, mix="foo=1")
    with pytest.raises(ValueError, match="depth"):
        warpkit.generate(1, depth=9)
