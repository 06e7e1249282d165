"""What the process-level benchmark scripts share: paths, the best-of-N and median timing of
a command (wall and CPU time), building warpkit and a native comparison program, the check
of a native hot loop's machine code, the figures of `--jit-stats`, and the registers
muladd.s starts from."""

import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "tools", "bench")


def best_time(cmd, repeat, stdin=None):
    """Run `cmd` `repeat` times: the best wall time and the last standard output. A failing
    run ends the script with its standard error."""
    best, out = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
        dt = time.perf_counter() - t
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{p.stderr.decode(errors='replace')}")
        out = p.stdout
        best = dt if best is None else min(best, dt)
    return best, out


def build_warpkit():
    """`cargo build --release -p warpkit`; the path of the binary."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "warpkit"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "warpkit")


def build_native(name, out_dir):
    """tools/bench/NAME.rs built for this CPU (`rustc -O -C target-cpu=native`) into
    `out_dir`; the path of the binary."""
    exe = os.path.join(out_dir, name)
    subprocess.run(
        ["rustc", "--edition", "2021", "-O", "-C", "target-cpu=native", "-o", exe,
         os.path.join(HERE, f"{name}.rs")],
        check=True,
    )
    return exe


def muladd_lane(r, l):
    """Register r, lane l of the state muladd.s (and muladd_native.rs) starts from."""
    return ((r * 0x9E3779B9) ^ (l * 0x85EBCA6B)) & 0xFFFFFFFF


def median_run(cmd, repeat, stdin=None):
    """Run `cmd` `repeat` times: the median wall time, the last standard output and
    standard error (text), and the median CPU time (user + system of the process and its
    threads: on a shared machine it leaves out the time spent waiting for a core). A
    failing run ends the script with its standard error."""
    times, cpus, out, err = [], [], None, None
    for _ in range(repeat):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
        times.append(time.perf_counter() - t)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{p.stderr.decode(errors='replace')}")
        out, err = p.stdout, p.stderr.decode(errors="replace")
    times.sort()
    cpus.sort()
    return times[len(times) // 2], out, err, cpus[len(cpus) // 2]


def median_time(cmd, repeat, stdin=None):
    """Run `cmd` `repeat` times: the median wall time and the last standard output. A
    failing run ends the script with its standard error."""
    t, out, _, _ = median_run(cmd, repeat, stdin)
    return t, out


def _function_code(exe, function):
    """The instructions of the function of `exe` whose demangled name ends in `::function`
    (objdump, AT&T syntax): a list of (address, mnemonic, operands)."""
    p = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", exe],
                       stdout=subprocess.PIPE, check=True, text=True)
    code, inside = [], False
    for line in p.stdout.splitlines():
        if line.endswith(">:"):
            inside = line.endswith(f"::{function}>:")
        elif inside and "\t" in line:
            addr, _, text = line.partition("\t")
            mnemonic, _, operands = text.strip().partition(" ")
            code.append((int(addr.strip().rstrip(":"), 16), mnemonic, operands.strip()))
    return code


def _writes_memory(mnemonic, operands):
    """Whether an instruction stores to memory: a move, extract or narrowing conversion
    whose destination (the last AT&T operand) is a memory operand."""
    dest = re.sub(r"\{[^}]*\}", "", operands).rstrip()
    return dest.endswith(")") and mnemonic.startswith(
        ("mov", "vmov", "vextract", "vcvtps2ph", "vpmov", "push"))


def check_vector_code(exe, function, ops, registers=True):
    """Check the hot loop of `function` in `exe` (objdump): the backward branch whose body
    holds the most of `ops`, a dict of mnemonic prefix -> the least number of that
    instruction with a zmm operand per iteration (8 chains x 32 lanes = 16 zmm registers
    of 32-bit lanes). Inside that loop there must be no call and no gather or scatter, and
    with `registers` (accumulators kept in registers) no store. Ends the script when any of
    that fails; otherwise returns a one-line summary to print with the figures."""
    code = _function_code(exe, function)
    if not code:
        sys.exit(f"{exe}: no function {function}")
    lo, hi = code[0][0], code[-1][0]

    def zmm_ops(body):
        return {op: sum(1 for _, m, o in body if m.startswith(op) and "%zmm" in o)
                for op in ops}

    best = None
    for addr, mnemonic, operands in code:
        if not mnemonic.startswith("j") or not operands:
            continue
        try:
            target = int(operands.split()[0], 16)
        except ValueError:
            continue  # an indirect jump
        if lo <= target < addr:
            body = [i for i in code if target <= i[0] <= addr]
            score = sum(zmm_ops(body).values())
            if best is None or score > best[0] or (score == best[0] and len(body) < len(best[1])):
                best = (score, body)
    if best is None:
        sys.exit(f"{exe}: {function} has no loop")
    body = best[1]
    found = zmm_ops(body)
    calls = sum(1 for _, m, _ in body if m.startswith("call"))
    gathers = sum(1 for _, m, _ in body if "gather" in m or "scatter" in m)
    stores = sum(1 for _, m, o in body if _writes_memory(m, o))
    summary = (f"{function}: loop of {len(body)} instructions, "
               + ", ".join(f"{n} {op} (zmm)" for op, n in found.items())
               + f", {stores} stores, {calls} calls, {gathers} gathers/scatters")
    short = [op for op, n in ops.items() if found[op] < n]
    if short or calls or gathers or (registers and stores):
        sys.exit(f"{exe}: {summary}: not the vector code the comparison needs (want "
                 + ", ".join(f"{n} {op}" for op, n in ops.items())
                 + " on zmm, no call, no gather" + (", no store" if registers else "") + ")")
    return summary


def startup_time(warpkit, repeat, cpu=False):
    """Median wall time (with `cpu`, CPU time) of `warpkit run` on an empty program
    (process start-up, loading, printing one warp)."""
    import tempfile as _t
    with _t.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "empty.s")
        with open(src, "w") as f:
            f.write("\n")
        r = median_run([warpkit, "run", src], repeat)
        return r[3] if cpu else r[0]


_ENGINE_FLAG = {}


def engine_args(warpkit, engine):
    """The arguments that choose `engine` for `warpkit run`: `--engine E` (with
    `--jit-stats` for the jit), or nothing for the interpreter on a build that predates
    the choice (before_after.sh's old checkout). Passed explicitly because the default
    engine may change."""
    if warpkit not in _ENGINE_FLAG:
        p = subprocess.run([warpkit, "run", "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, check=False)
        _ENGINE_FLAG[warpkit] = "--engine" in p.stdout
    if not _ENGINE_FLAG[warpkit]:
        if engine != "interp":
            sys.exit(f"{warpkit} has no --engine: it only interprets")
        return []
    return ["--engine", engine] + (["--jit-stats"] if engine == "jit" else [])


def jit_stats(stderr):
    """The figures `warpkit run --jit-stats` printed on standard error `stderr`: a dict
    (blocks, insns, compile_ms, code_kib, compiled_pct, fallbacks: the "fallback" lines),
    or None where there are none (a build without the statistics)."""
    m = re.search(r"jit: (\d+) blocks compiled \((\d+) instructions\) in ([\d.]+) ms, "
                  r"(\d+) KiB of code", stderr)
    if not m:
        return None
    pct = re.search(r"retired compiled \(([\d.]+)%\)", stderr)
    return {"blocks": int(m[1]), "insns": int(m[2]), "compile_ms": float(m[3]),
            "code_kib": int(m[4]), "compiled_pct": float(pct[1]) if pct else None,
            "fallbacks": [line[len("jit: fallback "):] for line in stderr.splitlines()
                          if line.startswith("jit: fallback ")]}
