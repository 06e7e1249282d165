"""What the process-level benchmark scripts share: paths, the best-of-N timing of a command,
building warpkit and a native comparison program, and the registers muladd.s starts from."""

import os
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


def median_time(cmd, repeat, stdin=None):
    """Run `cmd` `repeat` times: the median wall time and the last standard output. A
    failing run ends the script with its standard error."""
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
        times.append(time.perf_counter() - t)
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{p.stderr.decode(errors='replace')}")
        out = p.stdout
    times.sort()
    return times[len(times) // 2], out


def check_vector_code(exe, name_part, need_zmm=True):
    """The machine code of the functions of `exe` whose demangled name contains
    `name_part` (objdump): counts of zmm and ymm operands and of calls, gathers and
    scatters. Ends the script when there are gathers or scatters, or (with `need_zmm`) no
    zmm operand; otherwise returns a one-line summary to print with the figures."""
    p = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", exe],
                       stdout=subprocess.PIPE, check=True, text=True)
    body, inside = [], False
    for line in p.stdout.splitlines():
        if line.endswith(">:"):
            inside = name_part in line
        elif inside and line.strip():
            body.append(line)
    text = "\n".join(body)
    zmm, ymm = text.count("%zmm"), text.count("%ymm")
    calls = sum(1 for line in body if "\tcall" in line)
    gathers = text.count("gather") + text.count("scatter")
    summary = (f"{name_part}: {len(body)} instructions, {zmm} zmm and {ymm} ymm operands, "
               f"{calls} calls, {gathers} gathers/scatters")
    if not body or gathers or (need_zmm and zmm == 0):
        sys.exit(f"{exe}: {summary}: not the vector code the comparison needs")
    return summary


def startup_time(warpkit, repeat):
    """Median wall time of `warpkit run` on an empty program (process start-up, loading,
    printing one warp)."""
    import tempfile as _t
    with _t.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "empty.s")
        with open(src, "w") as f:
            f.write("\n")
        return median_time([warpkit, "run", src], repeat)[0]
