"""Tests of the benchmark helpers: the native loops are the vector code the comparison
claims (and the check rejects code that is not), both modes of each native program compute
the same registers, and the `--jit-stats` figures are read back.

    python3 -m unittest discover -s tools/bench -p 'test_*.py'

Needs rustc and objdump (binutils); an x86-64 host with AVX-512 for the native checks.
"""

import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib import build_native, check_vector_code, jit_stats  # noqa: E402
import fp_loop  # noqa: E402

AVX512 = "avx512f" in open("/proc/cpuinfo").read()

# Code the check must reject: the eight rows written as rows of 32 (LLVM vectorises across
# the rows with gathers and scatters), and a step called once per iteration.
BAD = """
type A = [[f32; 32]; 8];
#[inline(never)]
fn rows_registers(v: &mut [A; 3], iters: u64) {
    let (b, c) = (v[1], v[2]);
    let mut acc = v[0];
    for _ in 0..iters { for k in 0..8 { for l in 0..32 { acc[k][l] += b[k][l] * c[k][l]; } } }
    v[0] = acc;
}
#[inline(never)]
fn step(a: &mut A, b: &A) { for k in 0..8 { for l in 0..32 { a[k][l] = a[k][l].mul_add(b[k][l], 1.0); } } }
#[inline(never)]
fn call_registers(v: &mut [A; 3], iters: u64) {
    let b = v[1];
    let mut acc = v[0];
    for _ in 0..iters { step(&mut acc, &b); std::hint::black_box(&mut acc); }
    v[0] = acc;
}
fn main() {
    let n: u64 = std::env::args().nth(1).map_or(1, |a| a.parse().unwrap());
    let mut v = std::hint::black_box([[[1.0f32; 32]; 8]; 3]);
    rows_registers(&mut v, n);
    call_registers(&mut v, n);
    println!("{}", v[0][0][0]);
}
"""


@unittest.skipUnless(AVX512, "the native loops are checked for zmm code: needs AVX-512")
class NativeCode(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.muladd = build_native("muladd_native", cls.tmp.name)
        cls.fp = build_native("fp_native", cls.tmp.name)
        src = os.path.join(cls.tmp.name, "bad.rs")
        with open(src, "w") as f:
            f.write(BAD)
        cls.bad = os.path.join(cls.tmp.name, "bad")
        subprocess.run(["rustc", "--edition", "2021", "-O", "-C", "target-cpu=native", "-o",
                        cls.bad, src], check=True)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_native_loops_keep_accumulators_in_zmm(self):
        check_vector_code(self.muladd, "muladd_registers", {"vpmulld": 16, "vpaddd": 16})
        for kernel, ops in fp_loop.NATIVE_CODE.items():
            s = check_vector_code(self.fp, f"{kernel}_registers", ops)
            self.assertIn("0 stores, 0 calls, 0 gathers", s)

    def test_memory_mode_stores_and_is_refused_as_registers(self):
        ops = {"vpmulld": 16, "vpaddd": 16}
        check_vector_code(self.muladd, "muladd_memory", ops, registers=False)
        with self.assertRaises(SystemExit):
            check_vector_code(self.muladd, "muladd_memory", ops)

    def test_gathers_and_calls_are_refused(self):
        with self.assertRaises(SystemExit) as e:
            check_vector_code(self.bad, "rows_registers", {"vfmadd": 16})
        self.assertRegex(str(e.exception), r"[1-9]\d* gathers/scatters: not the vector code")
        with self.assertRaises(SystemExit) as e:
            check_vector_code(self.bad, "call_registers", {"vfmadd": 16})
        self.assertRegex(str(e.exception), r"[1-9]\d* calls")

    def test_missing_function_is_refused(self):
        with self.assertRaises(SystemExit):
            check_vector_code(self.fp, "no_such_function", {"vfmadd": 16})

    def test_both_modes_compute_the_same_registers(self):
        mem, reg = (subprocess.run([self.muladd, "1000", m], capture_output=True,
                                   check=True).stdout for m in ("memory", "registers"))
        self.assertEqual(mem, reg)
        for kernel, packed in (("ffma", False), ("fadd", False), ("pkfma", True)):
            regs = [[fp_loop.lane_value(r, l, packed) for l in range(32)] for r in range(24)]
            stdin = "\n".join(" ".join(f"{x:08x}" for x in reg) for reg in regs).encode()
            outs = [subprocess.run([self.fp, kernel, "1000", m], input=stdin,
                                   capture_output=True, check=True).stdout
                    for m in ("memory", "registers")]
            self.assertEqual(outs[0], outs[1], kernel)
            # The loop did something: v0 is not what it started as.
            self.assertNotIn(f'"0x{regs[0][0]:08x}"', outs[0].decode().split("]")[0])


class JitStats(unittest.TestCase):
    def test_figures_read_back(self):
        err = ("jit: 3 blocks compiled (41 instructions) in 1.250 ms, 12 KiB of code\n"
               "jit: 900 instructions retired compiled (90.0%), 100 interpreted, 2 side "
               "exits, 0 blocks refused (code cap)\n"
               "jit: fallback pkfma.f16: 1 (not compiled by the tier)\n")
        s = jit_stats(err)
        self.assertEqual((s["blocks"], s["insns"], s["compile_ms"], s["code_kib"]),
                         (3, 41, 1.25, 12))
        self.assertEqual(s["compiled_pct"], 90.0)
        self.assertEqual(s["fallbacks"], ["pkfma.f16: 1 (not compiled by the tier)"])

    def test_no_statistics(self):
        self.assertIsNone(jit_stats("warpkit: error: something else\n"))


if __name__ == "__main__":
    unittest.main()
