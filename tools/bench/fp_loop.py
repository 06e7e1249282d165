#!/usr/bin/env python3
"""Process against process, floating point: `warpkit run` on a loop of eight independent FP
chains (one warp, full EXEC), with each engine (`--engine interp`, `--engine jit`), against
the same lane arithmetic as a native Rust program built with `rustc -O -C target-cpu=native`
(tools/bench/fp_native.rs), startup included.

Loops (each iteration: eight FP instructions on v0..v7, then `uaddi`/`usltu`/`bnz`):
  ffma.f32 rne     ffma.f32 vK, vK, v(8+K), v(16+K)            (rm:dyn, MODE.rm rne)
  fadd.f32 rne     fadd.f32 vK, vK, v(8+K)                      (MODE.rm rne)
  ffma.f32 rtz/rdn/rup/rmm   ffma with an explicit rm field
  pkfma.f16 rne / rtz        pkfma.f16 vK, vK, v(8+K), v(16+K) (two binary16 chains per lane)

Values: accumulators in [1, 2), factors in [0.5, 1), addends in [0.0625, 0.125), so every
chain converges to a normal fixed point (no overflow, no subnormals). Native code has only
round-to-nearest-even: the rtz/rdn/rup/rmm loops are timed against the same native rne
code, and the native binary16 loop converts to binary32, fmas and converts back (double
rounding, so its bits may differ from the single rounding of pkfma.f16). The binary32 rne
loops must end with exactly the native registers (checked), and both engines with the
same registers (checked).

Each loop runs long enough that warpkit's start-up is under 5% of the native time (its
default iterations below; `--iters` sets one count for all). Reports the median wall time
of several runs of each, the ratio of each engine to the native program with the
accumulators in registers (the machine code of its hot loop checked: 16 zmm registers of
accumulators, zmm `vfmadd`/`vaddps` (and `vcvtph2ps`/`vcvtps2ph` for binary16), no store,
no call, no gather), warpkit's start-up time against the native time, and the targets of
issue 34 for the jit engine (binary32 3x, pkfma.f16 4x, rmm 8x).

    python3 tools/bench/fp_loop.py [--iters N] [--repeat R] [--only NAME ...]
                                   [--engine interp|jit|both]
"""

import argparse
import json
import os
import struct
import sys
import tempfile

from benchlib import (build_native, build_warpkit, check_vector_code, engine_args,
                      jit_stats, median_run, startup_time)

# name: (instruction template, rm suffix, native kernel, packed, target ratio, iterations)
# Iterations: the native loop takes about 0.2 s or more, 25x warpkit's start-up of about
# 8 ms on the loaded machine (the native fadd loop runs twice as fast as the fma loop, the
# binary16 loop 3x slower).
LOOPS = {
    "ffma.f32 rne": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", "", "ffma", False, 3, 30_000_000),
    "fadd.f32 rne": ("fadd.f32 v{k}, v{k}, v{a}", "", "fadd", False, 3, 60_000_000),
    "ffma.f32 rtz": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rtz", "ffma", False, 3, 30_000_000),
    "ffma.f32 rdn": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rdn", "ffma", False, 3, 30_000_000),
    "ffma.f32 rup": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rup", "ffma", False, 3, 30_000_000),
    "ffma.f32 rmm": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rmm", "ffma", False, 8, 30_000_000),
    "pkfma.f16 rne": ("pkfma.f16 v{k}, v{k}, v{a}, v{c}", "", "pkfma", True, 4, 12_000_000),
    "pkfma.f16 rtz": ("pkfma.f16 v{k}, v{k}, v{a}, v{c}", ", rm:rtz", "pkfma", True, 4, 12_000_000),
}

# The hot loop each native kernel must compile to (benchlib.check_vector_code): zmm
# instructions per iteration for 8 chains x 32 lanes (x 2 halves for pkfma).
NATIVE_CODE = {
    "ffma": {"vfmadd": 16},
    "fadd": {"vaddps": 16},
    "pkfma": {"vfmadd": 32, "vcvtph2ps": 32, "vcvtps2ph": 32},
}


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def lane_value(r, l, packed):
    """Register r, lane l: accumulators v0..v7 in [1, 2), factors v8..v15 in [0.5, 1),
    addends v16..v23 in [0.0625, 0.125)."""
    t = ((r * 37 + l * 11) % 97) / 97.0
    lo, width = [(1.0, 1.0), (0.5, 0.5), (0.0625, 0.0625)][r // 8]
    x = lo + width * t
    if packed:
        return f16_bits(x) | f16_bits(x * 0.75 if r >= 8 else x) << 16
    return f32_bits(x)


def program(template, rm):
    lines = ["loop:"]
    for k in range(8):
        lines.append("        " + template.format(k=k, a=8 + k, c=16 + k) + rm)
    lines += ["        uaddi u7, u7, 1", "        usltu u8, u7, u9", "        bnz u8, loop", ""]
    return "\n".join(lines)


def measure(warpkit, names, engines, repeat, iters=None, out=print):
    """Run the loops `names` with each engine and natively: one dict per loop (name,
    iters, native, the engines' wall times, target, start-up share, notes, failed, the
    same CPU times under "cpu" with "startup_cpu", and with the jit engine its
    `--jit-stats` figures); with warpkit's start-up time and the native code checks.
    `out` receives the lines the script prints as it goes."""
    start = startup_time(warpkit, repeat)
    start_cpu = startup_time(warpkit, repeat, cpu=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        native = build_native("fp_native", tmp)
        checks = [check_vector_code(native, f"{kernel}_registers", NATIVE_CODE[kernel])
                  for kernel in sorted({LOOPS[n][2] for n in names})]
        for c in checks:
            out("native code check: " + c)
        for name in names:
            template, rm, kernel, packed, target, n_iters = LOOPS[name]
            n_iters = iters or n_iters
            steps = 11 * n_iters
            src = os.path.join(tmp, "loop.s")
            with open(src, "w") as f:
                f.write(program(template, rm))
            regs = [[lane_value(r, l, packed) for l in range(32)] for r in range(24)]
            state = {
                "u": {"u9": n_iters},
                "v": {f"v{r}": [f"0x{x:08x}" for x in regs[r]] for r in range(24)},
            }
            state_path = os.path.join(tmp, "state.json")
            with open(state_path, "w") as f:
                json.dump(state, f)
            stdin = "\n".join(" ".join(f"{x:08x}" for x in reg) for reg in regs).encode()
            t_reg, out_reg, _, c_reg = median_run([native, kernel, str(n_iters), "registers"],
                                                  repeat, stdin)
            row = {"name": name, "iters": n_iters, "native": t_reg, "target": target,
                   "startup": start / t_reg, "engines": {}, "notes": [], "failed": False,
                   "cpu": {"native": c_reg}, "startup_cpu": start_cpu / c_reg}
            outs = []
            for e in engines:
                sim_cmd = [warpkit, "run", src, "--state", state_path, "--max-steps",
                           str(steps + 1)] + engine_args(warpkit, e)
                t_sim, out_sim, err, c_sim = median_run(sim_cmd, repeat)
                row["cpu"][e] = c_sim
                if e == "jit":
                    row["stats"] = jit_stats(err)
                w = json.loads(out_sim)["warps"][0]
                if w["status"] != "exited" or w["steps"] != steps:
                    sys.exit(f"{name} ({e}): warpkit run ended {w['status']} after "
                             f"{w['steps']} steps, expected {steps}")
                outs.append(w)
                row["engines"][e] = t_sim
            if any(o["v"] != outs[0]["v"] for o in outs):
                row["notes"].append("ENGINES DIFFER")
                row["failed"] = True
            same = all(outs[0]["v"][f"v{k}"] == json.loads(out_reg)[f"v{k}"] for k in range(8))
            if name in ("ffma.f32 rne", "fadd.f32 rne") and not same:
                row["notes"].append("RESULTS DIFFER FROM NATIVE")
                row["failed"] = True
            elif packed and rm == "":
                row["notes"].append("same bits as native" if same
                                    else "bits differ: native rounds twice")
            if row["startup"] > 0.05:
                row["notes"].append("START-UP OVER 5%")
            line = f"{name:15} {n_iters:>10,}"
            for e in engines:
                t = row["engines"][e]
                line += f" {t:8.3f}s {t / t_reg:6.2f}x"
            mark = ""
            if "jit" in row["engines"] and row["engines"]["jit"] / t_reg > target:
                mark = " NOT MET"
            cpu = row["cpu"]
            out(f"{line} {t_reg:9.3f}s {target:>6}x{mark}  {100 * row['startup']:5.1f}%"
                + "".join(f"  ({n})" for n in row["notes"])
                + "  CPU time ratios: " + ", ".join(f"{e} {cpu[e] / cpu['native']:.2f}x"
                                                    for e in engines))
            rows.append(row)
    return start, rows, checks


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, help="loop iterations (default: each loop's own)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, median kept")
    ap.add_argument("--only", nargs="*", choices=sorted(LOOPS), help="run only these loops")
    # Default interp, the flag not passed: builds without --engine (before_after.sh's old
    # checkout) run too, and each row still starts with warpkit's time.
    ap.add_argument("--engine", choices=["jit", "interp", "both"], default="interp")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    args = ap.parse_args()

    warpkit = args.warpkit or build_warpkit()
    engines = ["interp", "jit"] if args.engine == "both" else [args.engine]
    names = args.only or list(LOOPS)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"FP loops (11 warp-instructions an iteration), median of {args.repeat}, load "
          f"average {load}")
    head = f"{'loop':15} {'iterations':>10}"
    for e in engines:
        head += f" {e:>9} {'ratio':>7}"
    print(head + f" {'native reg':>10} {'target':>7}  start-up/native")
    start, rows, _ = measure(warpkit, names, engines, args.repeat, args.iters)
    print(f"warpkit start-up {start:.4f} s")
    if any(r["failed"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
