#!/usr/bin/env python3
"""What collecting coverage costs against the untraced `warpkit run`, and how big the
databases get.

    python3 tools/bench/cover_overhead.py [--programs 100] [--repeat 3] [--warpkit PATH]

(--warpkit: measure that binary instead of building this checkout's, e.g. an older build
run back to back with this one.)

Cases (best of --repeat wall times, all in one run, so the ratios compare like with like):
  * per program: `warpkit cover P -o /dev/null` against `warpkit run P --state S` for each
    of the generated programs, one process each (how a farm job that runs one program at a
    time pays);
  * one process: `warpkit cover DIR` against the sum of the `run` processes above;
  * long loops (tools/bench/muladd.s with lane-uniform and per-lane values, and eight
    ffma.f32 chains with MODE rounding), 1 warp: a run of 10^6 instructions, start-up
    included, and the cost per instruction inside the loop (10^7 minus 10^6 instructions);
and the sizes of databases of 1, 10 and all programs and of the merge of four slices."""

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import HERE, best_time, build_warpkit  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--warpkit", help="the warpkit binary to measure (default: build this checkout)")
    a = ap.parse_args()
    wk = a.warpkit or build_warpkit()
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "work")
        subprocess.run([wk, "gen", "--seed", "1", "--count", str(a.programs), "-o", work],
                       check=True, stdout=subprocess.DEVNULL)
        progs = sorted(os.path.join(work, f) for f in os.listdir(work) if f.endswith(".s"))
        t_run = t_cov = 0.0
        for p in progs:
            st = p[:-2] + ".state.json"
            t_run += best_time([wk, "run", p, "--state", st], a.repeat)[0]
            t_cov += best_time([wk, "cover", p, "--state", st, "-o", "/dev/null"], a.repeat)[0]
        t_dir = best_time([wk, "cover", work, "-o", "/dev/null"], a.repeat)[0]
        print(f"{len(progs)} generated programs (seed 1, 200 instructions):")
        print(f"  run, one process each:   {t_run * 1e3:8.1f} ms")
        print(f"  cover, one process each: {t_cov * 1e3:8.1f} ms  ({t_cov / t_run:.2f}x run)")
        print(f"  cover DIR, one process:  {t_dir * 1e3:8.1f} ms  ({t_dir / t_run:.2f}x run)")

        # Long loops: a run of 10^6 instructions (start-up included) and the cost per
        # instruction inside the loop (the difference between 10^7 and 10^6 instructions,
        # so start-up cancels).
        loops = []
        muladd = os.path.join(HERE, "muladd.s")
        for kind in ("lane-uniform", "per-lane"):
            if kind == "lane-uniform":
                v = {f"v{r}": hex(r * 0x01010101 + 7) for r in range(24)}
            else:
                v = {f"v{r}": [hex((r * 0x01010101 + 7) * (l + 1) & 0xffffffff) for l in range(32)]
                     for r in range(24)}
            loops.append((f"muladd.s, {kind} values", muladd, v))
        ffma = os.path.join(tmp, "ffma.s")
        with open(ffma, "w") as f:
            f.write("loop:\n" + "".join(f"        ffma.f32 v{k}, v{k}, v{8 + k}, v{16 + k}\n"
                                         for k in range(8))
                    + "        uaddi u7, u7, 1\n        usltu u8, u7, u9\n        bnz u8, loop\n")
        # Accumulators in [1, 2), factors in [0.5, 1), addends in [1/16, 1/8): normal
        # numbers throughout (as tools/bench/fp_loop.py).
        fv = {f"v{r}": [hex(struct.unpack("<I", struct.pack("<f", [1.0, 0.5, 0.0625][r // 8]
                                                           * (1 + ((r * 37 + l * 11) % 97) / 97)))[0])
                        for l in range(32)] for r in range(24)}
        loops.append(("8 x ffma.f32 (MODE rounding, FFLAGS)", ffma, fv))
        for name, prog, v in loops:
            state = os.path.join(tmp, "loop.json")
            json.dump({"warps": [{"u": {"u9": 10**9}, "v": v}]}, open(state, "w"))
            t = {}
            for n in (10**6, 10**7):
                steps = ["--state", state, "--max-steps", str(n)]
                t["run", n] = best_time([wk, "run", prog, *steps], a.repeat)[0]
                t["cover", n] = best_time([wk, "cover", prog, *steps, "-o", "/dev/null"],
                                          a.repeat)[0]
            r1, c1 = t["run", 10**6], t["cover", 10**6]
            rs = (t["run", 10**7] - r1) / 9e6
            cs = (t["cover", 10**7] - c1) / 9e6
            print(f"long loop ({name}, 1 warp):")
            print(f"  10^6 instructions: run {r1 * 1e3:.1f} ms, cover {c1 * 1e3:.1f} ms: "
                  f"{c1 / r1:.2f}x")
            print(f"  in the loop: run {rs * 1e9:.2f} ns/instr, cover {cs * 1e9:.2f} ns/instr: "
                  f"{cs / rs:.2f}x")

        sizes = []
        for k in (1, 10, len(progs)):
            out = os.path.join(tmp, f"c{k}.json")
            subprocess.run([wk, "cover", *progs[:k], "-o", out], check=True)
            sizes.append((f"{k} programs", os.path.getsize(out)))
        slices = []
        for s in range(4):
            d = os.path.join(tmp, f"slice{s}")
            subprocess.run([wk, "gen", "--seed", str(10 + s), "--count", str(a.programs),
                            "-o", d], check=True, stdout=subprocess.DEVNULL)
            o = os.path.join(tmp, f"slice{s}.json")
            subprocess.run([wk, "cover", d, "-o", o], check=True)
            slices.append(o)
        merged = os.path.join(tmp, "merged.json")
        subprocess.run([wk, "cover", "merge", *slices, "-o", merged], check=True)
        sizes.append((f"merge of 4 x {a.programs} programs", os.path.getsize(merged)))
        print("database sizes:")
        for name, b in sizes:
            print(f"  {name:<28} {b / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
