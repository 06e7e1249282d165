#!/usr/bin/env python3
"""The oracle programs through both engines: the committed SoftFloat vectors of
tools/fp_oracle (crates/fp/tests/vectors/slice.txt.gz: 600 edge-heavy cases per operation
and rounding mode) for binary32 add, sub, mul and fma, in all five rounding modes, run by
`warpkit run` with `--engine interp` and `--engine jit`, total wall time of each, every
lane's result and every warp's FFLAGS checked against SoftFloat.

One program per operation (`fadd.f32 v0, v1, v2` etc., MODE.rm per warp, so rne, rtz,
rdn, rup and rmm share the program), 32 cases per warp (the last warp of a mode padded
with that mode's first cases), 95 warps a program. Each warp runs the operation in
a loop of `--reps` iterations on the same inputs (the result and the flags are the same
each time): with 1 each case is computed once, as an oracle run does (cold code: the tier
only interprets); with more the loop gets hot and the tier compiles it (rmm is left to the
interpreter). Both are reported, with `--jit-stats` of the hot run.

    python3 tools/bench/oracle_programs.py [--reps N ...] [--repeat R] [--warpkit PATH]
"""

import argparse
import gzip
import json
import os
import sys
import tempfile

from benchlib import ROOT, build_warpkit, engine_args, jit_stats, median_run

VECTORS = os.path.join(ROOT, "crates", "fp", "tests", "vectors", "slice.txt.gz")
# oracle operation: (instruction, operands)
OPS = {
    "f32_add": ("fadd.f32 v0, v1, v2", 2),
    "f32_sub": ("fsub.f32 v0, v1, v2", 2),
    "f32_mul": ("fmul.f32 v0, v1, v2", 2),
    "f32_fma": ("ffma.f32 v0, v1, v2, v3", 3),
}
MODES = ["rne", "rtz", "rdn", "rup", "rmm"]


def read_cases():
    """{op: {rm: [(inputs, result, flags)]}} for the operations of OPS."""
    cases = {op: {rm: [] for rm in range(5)} for op in OPS}
    with gzip.open(VECTORS, "rt") as f:
        for line in f:
            parts = line.split()
            if parts[0] in OPS:
                n = OPS[parts[0]][1]
                ins = [int(x, 16) for x in parts[2:2 + n]]
                cases[parts[0]][int(parts[1])].append(
                    (ins, int(parts[2 + n], 16), int(parts[3 + n], 16)))
    return cases


def warps_of(by_mode, reps):
    """The warps of one program (32 cases each) and what each must end with: (state
    warps, [(rm, expected results, expected FFLAGS)])."""
    warps, expect = [], []
    for rm, cases in by_mode.items():
        for at in range(0, len(cases), 32):
            chunk = cases[at:at + 32]
            chunk += cases[:32 - len(chunk)]
            n = len(chunk[0][0])
            warps.append({
                "mode": {"rm": MODES[rm]},
                "u": {"u9": f"0x{reps:08x}"},
                "v": {f"v{1 + i}": [f"0x{c[0][i]:08x}" for c in chunk] for i in range(n)},
            })
            flags = 0
            for c in chunk:
                flags |= c[2]
            expect.append((rm, [c[1] for c in chunk], flags))
    return warps, expect


def program(insn):
    return "\n".join(["loop:", f"        {insn}", "        uaddi u7, u7, 1",
                      "        usltu u8, u7, u9", "        bnz u8, loop", ""])


def measure(warpkit, reps_list, repeat):
    """For each iteration count: (reps, cases, warp-instructions, {engine: total s},
    jit statistics summed over the programs or None). Ends the script on a mismatch."""
    cases = read_cases()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for reps in reps_list:
            total = {"interp": 0.0, "jit": 0.0}
            stats = {"blocks": 0, "insns": 0, "compile_ms": 0.0, "code_kib": 0}
            n_cases = steps = 0
            for op, (insn, _) in OPS.items():
                src = os.path.join(tmp, f"{op}.s")
                with open(src, "w") as f:
                    f.write(program(insn))
                warps, expect = warps_of(cases[op], reps)
                n_cases += sum(len(c) for c in cases[op].values())
                state = os.path.join(tmp, f"{op}.json")
                with open(state, "w") as f:
                    json.dump({"warps": warps}, f)
                for e in total:
                    cmd = [warpkit, "run", src, "--state", state, "--regs", "v0,fflags",
                           "--max-steps", str(4 * reps + 1)] + engine_args(warpkit, e)
                    t, out, err, _ = median_run(cmd, repeat)
                    total[e] += t
                    check(op, e, json.loads(out)["warps"], expect, reps)
                    s = jit_stats(err) if e == "jit" else None
                    for k in stats:
                        stats[k] += s[k] if s else 0
                steps += 4 * reps * len(warps)
            rows.append((reps, n_cases, steps, total, stats))
    return rows


def check(op, engine, warps, expect, reps):
    for i, (w, (rm, results, flags)) in enumerate(zip(warps, expect)):
        if w["status"] != "exited" or w["steps"] != 4 * reps:
            sys.exit(f"{op} --engine {engine}: warp {i} ended {w['status']} after "
                     f"{w['steps']} steps, expected {4 * reps}")
        got = [int(x, 16) for x in w["v"]["v0"]]
        for lane, (g, want) in enumerate(zip(got, results)):
            if g != want:
                sys.exit(f"{op} {MODES[rm]} --engine {engine}: warp {i} lane {lane}: "
                         f"0x{g:08x}, SoftFloat 0x{want:08x}")
        if int(w["fflags"], 16) != flags:
            sys.exit(f"{op} {MODES[rm]} --engine {engine}: warp {i} FFLAGS {w['fflags']}, "
                     f"SoftFloat 0x{flags:02x}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, nargs="+", default=[1, 10000],
                    help="loop iterations per warp (several: one row each)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, median kept")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    args = ap.parse_args()
    warpkit = args.warpkit or build_warpkit()
    print(f"oracle programs (SoftFloat vectors, binary32 add/sub/mul/fma x 5 modes), "
          f"4 processes per engine, median of {args.repeat}")
    for reps, n, steps, total, s in measure(warpkit, args.reps, args.repeat):
        print(f"  {n} cases x {reps} iterations ({steps} warp-instructions): interp "
              f"{total['interp']:.3f} s, jit {total['jit']:.3f} s "
              f"(jit/interp {total['jit'] / total['interp']:.2f}); {s['blocks']} blocks "
              f"compiled in {s['compile_ms']:.3f} ms, {s['code_kib']} KiB; every result "
              f"and FFLAGS equal to SoftFloat")


if __name__ == "__main__":
    main()
