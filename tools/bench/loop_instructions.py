#!/usr/bin/env python3
"""Instructions executed (valgrind --tool=callgrind: repeatable on a busy machine) by
`warpkit run` on the workloads of int_loop.py (the mul+add loop) and fp_loop.py (every
row), for two builds side by side:

    python3 tools/bench/loop_instructions.py OLD_WARPKIT NEW_WARPKIT [--iters N]

Both builds must end in the same state. The FP states start with NX set in FFLAGS, as a
program does after its first inexact result: valgrind does not model the host's FP
exception flags, so without it every binary32 instruction would take the path for a clean
FFLAGS. Prints millions of instructions per run and NEW/OLD.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from benchlib import HERE, muladd_lane
from fp_loop import LOOPS, lane_value, program


def count(binary, args, work, name):
    """(millions of instructions, stdout) of one callgrind run."""
    out = os.path.join(work, f"{name}.cg")
    p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary]
                       + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if p.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed:\n{p.stderr.decode(errors='replace')}")
    with open(out) as f:
        for line in f:
            if line.startswith("summary:"):
                return int(line.split()[1]) / 1e6, p.stdout
    sys.exit(f"no summary in {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--iters", type=int, default=20_000, help="loop iterations")
    args = ap.parse_args()
    old, new = os.path.realpath(args.old), os.path.realpath(args.new)
    print(f"callgrind, {args.iters} iterations per loop (millions of instructions, whole process)")
    print(f"{'loop':22} {'old':>10} {'new':>10} {'new/old':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        cases = []
        state = {
            "u": {"u9": args.iters},
            "v": {f"v{r}": [f"0x{muladd_lane(r, l):08x}" for l in range(32)] for r in range(24)},
        }
        cases.append(("mul+add (int_loop)", os.path.join(HERE, "muladd.s"), state,
                      19 * args.iters))
        for name, (template, rm, _, packed, *_) in LOOPS.items():
            src = os.path.join(tmp, f"{name.replace(' ', '_')}.s")
            with open(src, "w") as f:
                f.write(program(template, rm))
            regs = [[lane_value(r, l, packed) for l in range(32)] for r in range(24)]
            state = {
                "fflags": "0x1",
                "u": {"u9": args.iters},
                "v": {f"v{r}": [f"0x{x:08x}" for x in regs[r]] for r in range(24)},
            }
            cases.append((name, src, state, 11 * args.iters))
        for i, (name, src, state, steps) in enumerate(cases):
            path = os.path.join(tmp, f"state{i}.json")
            with open(path, "w") as f:
                json.dump(state, f)
            run = ["run", src, "--state", path, "--max-steps", str(steps + 1)]
            o, out_o = count(old, run, tmp, "old")
            n, out_n = count(new, run, tmp, "new")
            if out_o != out_n:
                sys.exit(f"{name}: the two builds end in different states")
            w = json.loads(out_n)["warps"][0]
            if w["status"] != "exited" or w["steps"] != steps:
                sys.exit(f"{name}: ended {w['status']} after {w['steps']} steps")
            print(f"{name:22} {o:10.2f} {n:10.2f} {n / o:8.3f}")


if __name__ == "__main__":
    main()
