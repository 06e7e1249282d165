#!/usr/bin/env python3
"""Every measurement of the compiling tier (issue 34) in one run, printed as the markdown
BENCHMARKS.md's tier section uses: the integer mul+add loop and every FP loop against
native Rust with the accumulators in zmm registers (int_loop.py, fp_loop.py: machine code
checked, start-up share), the branchy generated programs (crates/jit's gen_programs
example: 10,000 `warpkit gen` programs in one process, compile time included), the oracle
programs (oracle_programs.py: the SoftFloat vectors through both engines), 64 warps on
the host's cores against one warp (int_loop.py --warps), and compile time per block and
code memory from `--jit-stats`. Header: CPU model, cores, date, commit, load average.
Medians of `--repeat` runs of each command (5). About 6 minutes on the shared 2-core machine.

    python3 tools/bench/tier_report.py [--repeat R] [--warpkit PATH] [--quick]

`--quick` divides every loop count by 20 (start-up is then far over 5% of the native
time; for trying the script, not for figures).
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

from benchlib import ROOT, build_warpkit, engine_args, jit_stats, median_run
import fp_loop
import int_loop
import oracle_programs

INT_ITERS = 60_000_000  # native about 0.25 s: start-up near 3% of it
WARPS = 64
# Iterations of each of the 64 warps: 64 x 500,000 x 19 = 608 M warp-instructions for the
# interpreter (about 1 s), ten times that for the tier, so that both runs last long enough
# for start-up, thread creation and the one compile to be a small share.
WARPS_ITERS = {"interp": 500_000, "jit": 5_000_000}
GEN_PROGRAMS = 10_000
ORACLE_REPS = [1, 10_000]
BLOCKS = 200
# Iterations of each loop of the many-block program: 38,000 instructions, past HOT (20,000)
# so that every loop compiles.
BLOCK_ITERS = 2000


def log(msg):
    print(f"[{datetime.datetime.now(datetime.timezone.utc):%H:%M:%S}] {msg}", file=sys.stderr,
          flush=True)


def machine():
    info = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            k, _, v = line.partition(":")
            info.setdefault(k.strip(), v.strip())
    # Family 26 is Zen 5: a virtual machine may name the model no further than "AMD EPYC".
    model = (f"{info.get('model name', 'unknown CPU')} (family {info.get('cpu family', '?')} "
             f"model {info.get('model', '?')})")
    flags = open("/proc/cpuinfo").read()
    ext = [x for x in ("avx512f", "avx512bw", "avx512vl", "avx512_fp16", "f16c")
           if re.search(rf"\b{x}\b", flags)]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, check=False).stdout.strip()
    rustc = subprocess.run(["rustc", "--version"], text=True, stdout=subprocess.PIPE,
                           check=False).stdout.strip()
    return model, os.cpu_count(), ext, commit, rustc


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def gen_programs(n, repeat):
    """crates/jit's gen_programs example `repeat` times: medians of interp and jit totals,
    and the blocks, compile time and compiled share of the last run."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "warpkit-jit", "--example",
                    "gen_programs"], cwd=ROOT, check=True)
    exe = os.path.join(ROOT, "target", "release", "examples", "gen_programs")
    runs = []
    for _ in range(repeat):
        p = subprocess.run([exe, str(n)], stdout=subprocess.PIPE, text=True, check=True)
        m = re.search(r"(\d+) instructions: interp ([\d.]+) s, jit ([\d.]+) s .*?(\d+) blocks "
                      r"compiled in ([\d.]+) s \(([\d.]+) us per block\), ([\d.]+)% of", p.stdout)
        if not m:
            sys.exit(f"gen_programs: unexpected output {p.stdout!r}")
        runs.append(m)
    return {"instructions": int(runs[-1][1]),
            "interp": statistics.median(float(m[2]) for m in runs),
            "jit": statistics.median(float(m[3]) for m in runs),
            "blocks": int(runs[-1][4]), "compile_s": float(runs[-1][5]),
            "us_per_block": float(runs[-1][6]), "compiled_pct": float(runs[-1][7]),
            "ratios": [float(m[2]) / float(m[3]) for m in runs]}


def many_blocks(warpkit, n, repeat, tmp):
    """One program of `n` loops run one after another (each BLOCK_ITERS iterations of 8 `mul`/`add`
    and 8 `ffma.f32`, hot enough to compile): per-block compile time and code memory with
    the first block's start-up cost (iced-x86's tables) spread over many. Returns the
    jit's statistics of the last run and the median CPU times of both engines."""
    lines = []
    for k in range(n):
        lines += ["        umovi u7, 0", f"loop{k}:"]
        for j in range(4):
            lines += [f"        mul v{j}, v{j}, v{8 + j}", f"        add v{j}, v{j}, v{16 + j}"]
        for j in range(4, 8):
            lines += [f"        ffma.f32 v{j}, v{j}, v{8 + j}, v{16 + j}"] * 2
        lines += ["        uaddi u7, u7, 1", f"        usltu.l u8, u7, {BLOCK_ITERS}",
                  f"        bnz u8, loop{k}"]
    src = os.path.join(tmp, "blocks.s")
    with open(src, "w") as f:
        f.write("\n".join(lines) + "\n")
    # NX already set: binary32 blocks run compiled only then (crates/jit). The registers
    # hold fp_loop.py's values (normal binary32 chains converging to a normal fixed point):
    # zero registers would make every ffma's result tiny, a side exit each time, and the
    # blocks would be recompiled (measured: 1,194 blocks for 200 loops).
    state = os.path.join(tmp, "blocks.json")
    regs = {f"v{r}": [f"0x{fp_loop.lane_value(r, lane, False):08x}" for lane in range(32)]
            for r in range(24)}
    with open(state, "w") as f:
        json.dump({"fflags": "0x1", "v": regs}, f)
    cpu, stats = {}, None
    for e in ("interp", "jit"):
        cmd = [warpkit, "run", src, "--state", state,
               "--max-steps", str(n * (19 * BLOCK_ITERS + 1) + 1)] + engine_args(warpkit, e)
        _, _, err, cpu[e] = median_run(cmd, repeat)
        if e == "jit":
            stats = jit_stats(err)
    return stats, cpu


def per_block(stats):
    if not stats or not stats["blocks"]:
        return "—", "—", "—"
    return (f"{stats['blocks']}", f"{1000 * stats['compile_ms']:.0f} µs",
            f"{stats['code_kib']} KiB")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each command, median kept")
    ap.add_argument("--warpkit", help="warpkit binary (default: build target/release/warpkit)")
    ap.add_argument("--quick", action="store_true", help="loop counts / 20 (not for figures)")
    args = ap.parse_args()
    q = 20 if args.quick else 1
    r = args.repeat
    warpkit = args.warpkit or build_warpkit()
    t0 = datetime.datetime.now(datetime.timezone.utc)
    load0 = load()
    engines = ["interp", "jit"]

    log("integer loop")
    ints = int_loop.measure(warpkit, INT_ITERS // q, r, engines)
    log("FP loops")
    _, fps, fp_checks = fp_loop.measure(warpkit, list(fp_loop.LOOPS), engines, r,
                                        None if q == 1 else 2_000_000 // q, out=log)
    log(f"{WARPS} warps")
    many = {e: int_loop.measure(warpkit, WARPS_ITERS[e] // q, r, [e], warps=WARPS)
            for e in engines}
    log("generated programs")
    gen = gen_programs(GEN_PROGRAMS // q, r)
    log("oracle programs")
    orc = oracle_programs.measure(warpkit, [max(1, x // q) for x in ORACLE_REPS], r)
    log("compile time per block")
    with tempfile.TemporaryDirectory() as tmp:
        blocks, blocks_cpu = many_blocks(warpkit, BLOCKS // q, r, tmp)
    load1 = load()

    model, cores, ext, commit, rustc = machine()
    p = print
    p(f"Measured {t0:%Y-%m-%d %H:%M} UTC by `python3 tools/bench/tier_report.py"
      f"{' --quick' if args.quick else ''} --repeat {r}` (about "
      f"{(datetime.datetime.now(datetime.timezone.utc) - t0).seconds // 60} min): {model}, "
      f"{cores} cores ({', '.join(ext)}), commit {commit}, {rustc}; load average {load0} "
      f"before, {load1} after. Every time is the median of {r} runs, whole process against "
      f"whole process; ratios are of numbers from this one run.")
    p("")
    p("Native: `rustc -O -C target-cpu=native` (`muladd_native.rs`, `fp_native.rs`), the "
      "8 accumulators x 32 lanes in 16 zmm registers for the whole loop; the hot loops' "
      "machine code checked by objdump:")
    p("")
    for c in ints["checks"][:1] + fp_checks:
        p(f"- `{c}`")
    p("")
    p("Times are CPU times (user + system of the process: on this shared machine wall "
      "time also counts waiting for a core); \"jit ratio, wall\" is the jit's ratio in wall "
      "time, for comparison. Blocks, compile time and code are the jit run's `--jit-stats`; "
      "its compile time is mostly the process's first block (iced-x86's tables), see the "
      "many-block figure below.")
    p("")
    p("| loop | iterations | native (zmm) | interp | ratio | jit | ratio | target (jit) | "
      "jit ratio, wall | start-up / native | blocks | compile time | code |")
    p("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    c = ints["cpu"]
    tr, ti, tj = c["registers"], c["interp"], c["jit"]
    wall = ints["engines"]["jit"] / ints["registers"]
    b, cpb, code = per_block(ints["stats"])
    met = "met" if tj / tr <= 3 else "**not met**"
    p(f"| `mul`+`add` integer, 8 chains | {ints['iters']:,} | {tr:.3f} s | {ti:.3f} s | "
      f"{ti / tr:.2f}× | {tj:.3f} s | **{tj / tr:.2f}×** | ≤ 3×: {met} | {wall:.2f}× | "
      f"{100 * ints['startup_cpu'] / tr:.1f}% | {b} | {cpb} | {code} |")
    for row in fps:
        c = row["cpu"]
        tr, ti, tj = c["native"], c["interp"], c["jit"]
        wall = row["engines"]["jit"] / row["native"]
        b, cpb, code = per_block(row.get("stats"))
        met = "met" if tj / tr <= row["target"] else "**not met**"
        notes = "; ".join(n for n in row["notes"] if n != "START-UP OVER 5%")
        name = f"`{row['name']}`" + (f" ({notes})" if notes else "")
        p(f"| {name} | {row['iters']:,} | {tr:.3f} s | {ti:.3f} s | {ti / tr:.2f}× | "
          f"{tj:.3f} s | **{tj / tr:.2f}×** | ≤ {row['target']}×: {met} | {wall:.2f}× | "
          f"{100 * row['startup_cpu']:.1f}% | {b} | {cpb} | {code} |")
    speed = ints["cpu"]["interp"] / ints["cpu"]["jit"]
    p("")
    p(f"The tier against the interpreter on the integer loop: **{speed:.1f}× faster** in CPU "
      f"time, {ints['engines']['interp'] / ints['engines']['jit']:.1f}× in wall time "
      f"(target ≥ 5×: {'met' if speed >= 5 else '**not met**'}). Native with the register "
      f"file in memory each iteration: {ints['cpu']['memory']:.3f} s.")
    p("")
    p("| workload | instructions | interp (wall) | jit (wall) | jit / interp | blocks compiled | "
      "compile time | code |")
    p("|---|---|---|---|---|---|---|---|")
    g = gen
    p(f"| {GEN_PROGRAMS // q:,} `warpkit gen` programs (default configuration; one process, "
      f"every warp on one thread, making the `Jit` and compiling included) | "
      f"{g['instructions']:,} | {g['interp']:.3f} s | {g['jit']:.3f} s | "
      f"{g['jit'] / g['interp']:.2f} (runs: "
      f"{', '.join(f'{1 / x:.2f}' for x in g['ratios'])}) | {g['blocks']} | "
      f"{1000 * g['compile_s']:.1f} ms ({g['us_per_block']:.1f} µs a block); "
      f"{g['compiled_pct']:.1f}% retired compiled | — |")
    for reps, n, steps, total, s in orc:
        what = ("each case once" if reps == 1 else f"each case {reps:,} times in a loop")
        comp = (f"{s['compile_ms']:.2f} ms ({1000 * s['compile_ms'] / s['blocks']:.0f} µs "
                f"a block)" if s["blocks"] else "—")
        p(f"| oracle programs: {n:,} SoftFloat cases (binary32 add/sub/mul/fma, 5 modes), "
          f"{what}; 4 `warpkit run` processes per engine, results and FFLAGS checked | "
          f"{steps:,} | {total['interp']:.3f} s | {total['jit']:.3f} s | "
          f"{total['jit'] / total['interp']:.2f} | {s['blocks']} | {comp} | "
          f"{s['code_kib']} KiB |")
    p("")
    one_i = ints["steps"] / ints["engines"]["interp"] / 1e6
    one_j = ints["steps"] / ints["engines"]["jit"] / 1e6
    all_i = WARPS * many["interp"]["steps"] / many["interp"]["engines"]["interp"] / 1e6
    all_j = WARPS * many["jit"]["steps"] / many["jit"]["engines"]["jit"] / 1e6
    p(f"| {WARPS} warps on {cores} cores (`mul`+`add`, {many['interp']['iters']:,} "
      f"iterations each with the interpreter, {many['jit']['iters']:,} with the tier; "
      f"warps on threads) | 1 warp, wall | {WARPS} warps, wall | scaling, wall | "
      f"1 warp, per CPU second | {WARPS} warps, per CPU second | scaling, CPU |")
    p("|---|---|---|---|---|---|---|")
    for e, one, al in (("interp", one_i, all_i), ("jit", one_j, all_j)):
        one_c = ints["steps"] / ints["cpu"][e] / 1e6
        all_c = WARPS * many[e]["steps"] / many[e]["cpu"][e] / 1e6
        p(f"| {e} | {one:,.0f} M warp-instr/s | {al:,.0f} M warp-instr/s "
          f"({many[e]['engines'][e]:.3f} s) | {al / one:.2f}× | {one_c:,.0f} M | "
          f"{all_c:,.0f} M ({many[e]['cpu'][e]:.3f} s) | {all_c / one_c:.2f}× |")
    p("")
    p(f"\"Scaling, wall\" is the {WARPS}-warp rate over the one-warp rate (ideal {cores}× "
      f"on an idle machine); \"scaling, CPU\" the same per CPU second (1× = no work lost "
      f"to threads).")
    p("")
    if blocks and blocks["blocks"]:
        p(f"Compile time and code memory over many blocks: one program of {BLOCKS // q} loops "
          f"(each 19 instructions: 4 `mul`+`add` pairs, 8 `ffma.f32`, the loop control; "
          f"{BLOCK_ITERS:,} iterations), run once: **{blocks['blocks']} blocks compiled in "
          f"{blocks['compile_ms']:.1f} ms = {1000 * blocks['compile_ms'] / blocks['blocks']:.0f}"
          f" µs a block** (the first block of a process includes building iced-x86's tables), "
          f"**{blocks['code_kib']} KiB of code** "
          f"({blocks['code_kib'] / blocks['blocks']:.1f} KiB a block), "
          f"{blocks['compiled_pct']:.1f}% of the instructions retired compiled; CPU time "
          f"interp {blocks_cpu['interp']:.3f} s, jit {blocks_cpu['jit']:.3f} s (compiling "
          f"included).")
    fallbacks = sorted({f for row in fps for f in (row.get("stats") or {}).get("fallbacks", [])})
    if fallbacks:
        p("")
        p("Left to the interpreter in these loops (`--jit-stats`): "
          + "; ".join(f"`{f}`" for f in fallbacks) + ".")
    if any(row["failed"] for row in fps):
        sys.exit("some FP loop gave different results (see the notes)")


if __name__ == "__main__":
    main()
