#!/usr/bin/env python3
"""Steps per second through the embeddings, in one run: `warpkit.Sim.step()` from Python and
`wk_sim_step` (and `wk_sim_step` + `wk_cosim_check`, a testbench's pair) from C, on the
integer kernel tools/bench/muladd.s (one warp; 16 of its 19 instructions write a vector
register, so most records carry 32 lane values). `Sim.run()` shows the untraced rate.

Run it with a Python that has the warpkit package (pip install ./crates/python); it builds
the C library (cargo build --release -p warpkit-capi) and the C side (cc).

    python tools/bench/embed_step.py [--iters N] [--repeat R]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import warpkit
from benchlib import HERE, ROOT, muladd_lane


def state(iters):
    v = {f"v{r}": [muladd_lane(r, l) for l in range(32)] for r in range(24)}
    return {"warps": [{"u": {"u9": iters}, "v": v}]}


def best(repeat, f):
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        n = f()
        out.append((time.perf_counter() - t, n))
    dt, n = min(out)
    return n / dt, n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()

    code = warpkit.assemble(open(os.path.join(HERE, "muladd.s")).read())
    st = state(a.iters)

    def py_step():
        sim = warpkit.Sim(code, st)
        step, n = sim.step, 0
        while step(0) is not None:
            n += 1
        return n

    def py_run():
        sim = warpkit.Sim(code, st)
        sim.run()
        return sim.state()["warps"][0]["steps"]

    py_rate, steps = best(a.repeat, py_step)
    run_rate, _ = best(a.repeat, py_run)

    subprocess.run(["cargo", "build", "--release", "-q", "-p", "warpkit-capi"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "embed_step")
        subprocess.run(
            ["cc", "-O2", "-std=c99", "-I", os.path.join(ROOT, "crates/capi/include"),
             os.path.join(HERE, "embed_step.c"), os.path.join(ROOT, "target/release/libwarpkit.a"),
             "-lpthread", "-ldl", "-lm", "-o", exe],
            check=True,
        )
        prog, state_file = os.path.join(d, "p.bin"), os.path.join(d, "s.json")
        with open(prog, "wb") as f:
            f.write(code)
        with open(state_file, "w") as f:
            json.dump(st, f)
        out = subprocess.run([exe, prog, state_file, str(a.repeat)], check=True, capture_output=True, text=True)
        c = json.loads(out.stdout)
    assert c["steps"] == steps, (c, steps)

    print(f"tools/bench/muladd.s, 1 warp, {steps} steps per pass, best of {a.repeat}")
    rows = [
        ("Python  sim.step()", py_rate),
        ("C       wk_sim_step", c["step_per_s"]),
        ("C       wk_sim_step + wk_cosim_check", c["check_per_s"]),
        ("Python  sim.run() (untraced, for scale)", run_rate),
    ]
    for name, r in rows:
        print(f"  {name:<42} {r:>14,.0f} /s  {1e6 / r:8.3f} us each")
    print(f"  C wk_sim_step / Python sim.step(): {c['step_per_s'] / py_rate:.1f}x")


if __name__ == "__main__":
    sys.exit(main())
