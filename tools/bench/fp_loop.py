#!/usr/bin/env python3
"""Process against process, floating point: `warpkit run` on a loop of eight independent FP
chains (one warp, full EXEC) against the same lane arithmetic as a native Rust program built
with `rustc -O -C target-cpu=native` (tools/bench/fp_native.rs), startup included.

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
loops must end with exactly the native registers (checked).

Reports the best wall time of several runs of each, the ratio to the native program with
its register file in memory (as a simulator's is) and with accumulators in registers, and
the targets of issue 8 (rne 6x, rtz/rdn/rup and packed binary16 10x, rmm 30x).

    python3 tools/bench/fp_loop.py [--iters N] [--repeat R] [--only NAME ...]
"""

import argparse
import json
import os
import struct
import sys
import tempfile

from benchlib import best_time, build_native, build_warpkit

# name: (instruction template, rm suffix, native kernel, packed, target ratio)
LOOPS = {
    "ffma.f32 rne": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", "", "ffma", False, 6),
    "fadd.f32 rne": ("fadd.f32 v{k}, v{k}, v{a}", "", "fadd", False, 6),
    "ffma.f32 rtz": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rtz", "ffma", False, 10),
    "ffma.f32 rdn": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rdn", "ffma", False, 10),
    "ffma.f32 rup": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rup", "ffma", False, 10),
    "ffma.f32 rmm": ("ffma.f32 v{k}, v{k}, v{a}, v{c}", ", rm:rmm", "ffma", False, 30),
    "pkfma.f16 rne": ("pkfma.f16 v{k}, v{k}, v{a}, v{c}", "", "pkfma", True, 10),
    "pkfma.f16 rtz": ("pkfma.f16 v{k}, v{k}, v{a}, v{c}", ", rm:rtz", "pkfma", True, 10),
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=2_000_000, help="loop iterations")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, best time kept")
    ap.add_argument("--only", nargs="*", choices=sorted(LOOPS), help="run only these loops")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    args = ap.parse_args()

    warpkit = args.warpkit
    if warpkit is None:
        warpkit = build_warpkit()
    names = args.only or list(LOOPS)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    steps = 11 * args.iters
    print(f"FP loops, {args.iters} iterations ({steps} warp-instructions each), "
          f"best of {args.repeat}, load average {load}")
    print(f"{'loop':15} {'warpkit':>9} {'native mem':>11} {'ratio':>7} {'native reg':>11} "
          f"{'ratio':>7} {'target':>7}")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        native = build_native("fp_native", tmp)
        for name in names:
            template, rm, kernel, packed, target = LOOPS[name]
            src = os.path.join(tmp, "loop.s")
            with open(src, "w") as f:
                f.write(program(template, rm))
            regs = [[lane_value(r, l, packed) for l in range(32)] for r in range(24)]
            state = {
                "u": {"u9": args.iters},
                "v": {f"v{r}": [f"0x{x:08x}" for x in regs[r]] for r in range(24)},
            }
            state_path = os.path.join(tmp, "state.json")
            with open(state_path, "w") as f:
                json.dump(state, f)
            stdin = "\n".join(" ".join(f"{x:08x}" for x in reg) for reg in regs).encode()
            sim_cmd = [warpkit, "run", src, "--state", state_path, "--max-steps",
                       str(steps + 1)]
            t_sim, out_sim = best_time(sim_cmd, args.repeat)
            t_mem, out_mem = best_time([native, kernel, str(args.iters), "memory"],
                                       args.repeat, stdin)
            t_reg, out_reg = best_time([native, kernel, str(args.iters), "registers"],
                                       args.repeat, stdin)
            w = json.loads(out_sim)["warps"][0]
            if w["status"] != "exited" or w["steps"] != steps:
                sys.exit(f"{name}: warpkit run ended {w['status']} after {w['steps']} steps, "
                         f"expected {steps}")
            same = all(w["v"][f"v{k}"] == json.loads(out_mem)[f"v{k}"] for k in range(8))
            note = ""
            if name in ("ffma.f32 rne", "fadd.f32 rne") and not same:
                note = "  RESULTS DIFFER FROM NATIVE"
                failed = True
            elif packed and rm == "":
                note = "  (same bits as native)" if same else "  (bits differ: native rounds twice)"
            ratio = t_sim / t_mem
            mark = "" if ratio <= target else "  NOT MET"
            print(f"{name:15} {t_sim:8.3f}s {t_mem:10.3f}s {ratio:6.2f}x {t_reg:10.3f}s "
                  f"{t_sim / t_reg:6.2f}x {target:>6}x{mark}{note}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
