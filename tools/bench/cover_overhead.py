#!/usr/bin/env python3
"""What collecting coverage costs against the untraced `warpkit run`, and how big the
databases get.

    python3 tools/bench/cover_overhead.py [--programs 100] [--repeat 3]

Cases (best of --repeat wall times, all in one run, so the ratios compare like with like):
  * per program: `warpkit cover P -o /dev/null` against `warpkit run P --state S` for each
    of the generated programs, one process each (how a farm job that runs one program at a
    time pays);
  * one process: `warpkit cover DIR` against the sum of the `run` processes above;
  * a long loop (tools/bench/muladd.s, 1 warp): the in-process cost per instruction, where
    start-up is negligible;
and the sizes of databases of 1, 10 and all programs and of the merge of four slices."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import HERE, best_time, build_warpkit  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=200_000)
    a = ap.parse_args()
    wk = build_warpkit()
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

        loop = os.path.join(HERE, "muladd.s")
        for kind in ("lane-uniform", "per-lane"):
            state = os.path.join(tmp, "muladd.json")
            if kind == "lane-uniform":
                v = {f"v{r}": hex(r * 0x01010101 + 7) for r in range(24)}
            else:
                v = {f"v{r}": [hex((r * 0x01010101 + 7) * (l + 1) & 0xffffffff) for l in range(32)]
                     for r in range(24)}
            json.dump({"warps": [{"u": {"u9": a.iterations}, "v": v}]}, open(state, "w"))
            t1, _ = best_time([wk, "run", loop, "--state", state], a.repeat)
            t2, out = best_time([wk, "cover", loop, "--state", state, "-o", "-"], a.repeat)
            n = json.loads(out)["instructions"]
            print(f"long loop (muladd.s, {n} instructions, 1 warp, {kind} values):")
            print(f"  run {t1 * 1e3:.1f} ms ({t1 / n * 1e9:.1f} ns/instr), "
                  f"cover {t2 * 1e3:.1f} ms ({t2 / n * 1e9:.1f} ns/instr): {t2 / t1:.1f}x")

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
