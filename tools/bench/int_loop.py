#!/usr/bin/env python3
"""Process against process: `warpkit run` on a loop of eight independent mul+add chains
(tools/bench/muladd.s, one warp) against the same lane arithmetic as a native Rust program
built with `rustc -O -C target-cpu=native` (tools/bench/muladd_native.rs).

Both start from the same registers; the script checks that they end with the same v0..v7,
then reports the best wall time of several runs of each and their ratios. The native
program runs twice: with its register file in memory from one iteration to the next (as a
simulator's is, and as in crates/sim/benches/sim.rs), and with the accumulators kept in
vector registers for the whole loop (the compiler's best case).

    python3 tools/bench/int_loop.py [--iters N] [--repeat R] [--warpkit BINARY]
"""

import argparse
import json
import os
import sys
import tempfile

from benchlib import HERE, best_time, build_native, build_warpkit, muladd_lane


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=5_000_000, help="loop iterations")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, best time kept")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    args = ap.parse_args()

    warpkit = args.warpkit or build_warpkit()
    with tempfile.TemporaryDirectory() as tmp:
        native = build_native("muladd_native", tmp)
        state = {
            "u": {"u9": args.iters},
            "v": {f"v{r}": [f"0x{muladd_lane(r, l):08x}" for l in range(32)] for r in range(24)},
        }
        state_path = os.path.join(tmp, "state.json")
        with open(state_path, "w") as f:
            json.dump(state, f)
        steps = 19 * args.iters
        sim_cmd = [warpkit, "run", os.path.join(HERE, "muladd.s"), "--state", state_path,
                   "--max-steps", str(steps + 1)]
        t_sim, out_sim = best_time(sim_cmd, args.repeat)
        t_mem, out_mem = best_time([native, str(args.iters), "memory"], args.repeat)
        t_reg, out_reg = best_time([native, str(args.iters), "registers"], args.repeat)

    w = json.loads(out_sim)["warps"][0]
    if w["status"] != "exited" or w["steps"] != steps:
        sys.exit(f"warpkit run ended {w['status']} after {w['steps']} steps, expected {steps}")
    for out in (out_mem, out_reg):
        nat = json.loads(out)
        for k in range(8):
            if w["v"][f"v{k}"] != nat[f"v{k}"]:
                sys.exit(f"v{k} differs between warpkit and the native program")
    print(f"mul+add loop, {args.iters} iterations ({steps} warp-instructions), best of {args.repeat}:")
    print(f"  warpkit run                                  {t_sim:8.3f} s"
          f"  ({steps / t_sim / 1e6:.0f} M warp-instructions/s)")
    print(f"  native, register file in memory per iteration {t_mem:8.3f} s"
          f"  warpkit/native {t_sim / t_mem:6.2f}x")
    print(f"  native, accumulators in vector registers      {t_reg:8.3f} s"
          f"  warpkit/native {t_sim / t_reg:6.2f}x")


if __name__ == "__main__":
    main()
