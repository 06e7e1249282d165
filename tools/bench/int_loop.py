#!/usr/bin/env python3
"""Process against process: `warpkit run` on a loop of eight independent mul+add chains
(tools/bench/muladd.s, one warp), with each engine (`--engine interp`, `--engine jit`),
against the same lane arithmetic as a native Rust program built with
`rustc -O -C target-cpu=native` (tools/bench/muladd_native.rs).

Everything starts from the same registers; the script checks that every run ends with the
same v0..v7, that both native loops are 512-bit vector code (objdump of the hot loop:
16 `vpmulld` and 16 `vpaddd` on zmm per iteration, no call, no gather; in registers, no
store either), and reports the median wall time of several runs of each, their ratios, and
warpkit's start-up time against the native time (loops must be long enough that it is
under 5%). The native program runs twice: with its register file in memory from one
iteration to the next (as a simulator's is), and with the accumulators kept in vector
registers (16 zmm) for the whole loop (the compiler's best case, the issue's reference).

With `--warps N` the state launches N identical warps (run in parallel on all cores) and
the native program runs the loop N times over: how the engines scale with warps.

    python3 tools/bench/int_loop.py [--iters N] [--repeat R] [--engine interp|jit|both]
                                    [--warps N]
"""

import argparse
import json
import os
import sys
import tempfile

from benchlib import (HERE, build_native, build_warpkit, check_vector_code, engine_args,
                      jit_stats, median_run, muladd_lane, startup_time)


def measure(warpkit, iters, repeat, engines, warps=1):
    """Run the loop with each engine and natively: a dict of the times (native "memory"
    and "registers", each engine's under "engines"), warpkit's start-up, the native code
    checks, the load average, the jit's `--jit-stats` figures ("stats"), and the CPU
    times (user + system, all threads) under "cpu" with "startup_cpu". Ends the script
    when a result differs."""
    with tempfile.TemporaryDirectory() as tmp:
        native = build_native("muladd_native", tmp)
        want = {"vpmulld": 16, "vpaddd": 16}
        checks = [check_vector_code(native, "muladd_registers", want),
                  check_vector_code(native, "muladd_memory", want, registers=False)]
        one = {
            "u": {"u9": iters},
            "v": {f"v{r}": [f"0x{muladd_lane(r, l):08x}" for l in range(32)] for r in range(24)},
        }
        state = {"warps": [one] * warps}
        state_path = os.path.join(tmp, "state.json")
        with open(state_path, "w") as f:
            json.dump(state, f)
        steps = 19 * iters
        sims, stats, cpu = {}, None, {}
        for e in engines:
            cmd = [warpkit, "run", os.path.join(HERE, "muladd.s"), "--state", state_path,
                   "--max-steps", str(steps + 1)] + engine_args(warpkit, e)
            t, out, err, c = median_run(cmd, repeat)
            sims[e] = (t, out)
            cpu[e] = c
            if e == "jit":
                stats = jit_stats(err)
        t_mem, out_mem, _, cpu["memory"] = median_run([native, str(iters), "memory"], repeat)
        t_reg, out_reg, _, cpu["registers"] = median_run([native, str(iters), "registers"],
                                                         repeat)
        cpu["memory"] *= warps
        cpu["registers"] *= warps
        start = startup_time(warpkit, repeat)
        start_cpu = startup_time(warpkit, repeat, cpu=True)

    for e, (_, out) in sims.items():
        ws = json.loads(out)["warps"]
        w = ws[0]
        if any(x != w for x in ws):
            sys.exit(f"{e}: the warps differ")
        if w["status"] != "exited" or w["steps"] != steps:
            sys.exit(f"{e}: warpkit run ended {w['status']} after {w['steps']} steps, "
                     f"expected {steps}")
        for nat in (out_mem, out_reg):
            nat = json.loads(nat)
            for k in range(8):
                if w["v"][f"v{k}"] != nat[f"v{k}"]:
                    sys.exit(f"{e}: v{k} differs between warpkit and the native program")
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    # One native loop timed, times the warps: what running them one after another costs.
    return {"iters": iters, "warps": warps, "steps": steps, "repeat": repeat,
            "memory": t_mem * warps, "registers": t_reg * warps, "startup": start,
            "engines": {e: t for e, (t, _) in sims.items()}, "checks": checks, "load": load,
            "stats": stats, "cpu": cpu, "startup_cpu": start_cpu}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=60_000_000, help="loop iterations")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, median kept")
    # Default interp, the flag not passed: builds without --engine (before_after.sh's old
    # checkout) run too, and its parse of the "warpkit run" line stays valid.
    ap.add_argument("--engine", choices=["jit", "interp", "both"], default="interp")
    ap.add_argument("--warps", type=int, default=1, help="identical warps launched")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    args = ap.parse_args()

    warpkit = args.warpkit or build_warpkit()
    engines = ["interp", "jit"] if args.engine == "both" else [args.engine]
    m = measure(warpkit, args.iters, args.repeat, engines, args.warps)
    t_mem, t_reg, start, steps = m["memory"], m["registers"], m["startup"], m["steps"]
    print(f"mul+add loop, {args.warps} warp(s), {args.iters} iterations ({steps} "
          f"warp-instructions per warp), median of {args.repeat}, load average {m['load']}"
          + (" (native: one loop timed, times the warps)" if args.warps > 1 else ""))
    for c in m["checks"]:
        print(f"  native code check: {c}")
    share = 100 * start / t_reg
    print(f"  warpkit start-up {start:.4f} s = {share:.1f}% of the native time"
          + (" (OVER 5%: use more --iters)" if share > 5 else ""))
    print(f"  native, register file in memory per iteration {t_mem:8.3f} s")
    print(f"  native, accumulators in vector registers      {t_reg:8.3f} s")
    for e, t in m["engines"].items():
        print(f"  warpkit run {t:8.3f} s  --engine {e:6}  ({args.warps * steps / t / 1e6:.0f} M "
              f"warp-instructions/s)  vs memory {t / t_mem:6.2f}x  vs registers "
              f"{t / t_reg:6.2f}x")
    c = m["cpu"]
    print("  CPU time (user + system) against native in registers: "
          + ", ".join(f"{e} {c[e]:.3f} s = {c[e] / c['registers']:.2f}x" for e in engines))
    if len(m["engines"]) == 2:
        print(f"  jit against interp: {m['engines']['interp'] / m['engines']['jit']:.1f}x faster")


if __name__ == "__main__":
    main()
