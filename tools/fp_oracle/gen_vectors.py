#!/usr/bin/env python3
"""Generate TestFloat-style test vectors for warpkit-fp from an independent oracle.

The oracle is Berkeley SoftFloat through the Python package `softfloatpy`
(`pip install softfloatpy`). It is set to detect tininess after rounding. The ISA rules that
differ between SoftFloat specialisations are applied here explicitly, so the vectors do not
depend on how softfloatpy was built:

* a NaN result of arithmetic or of a float conversion is the canonical quiet NaN
  (binary32 0x7fc00000, binary16 0x7e00);
* float -> integer conversions saturate, send NaN to the largest positive value, raise NV
  (only) when the result is saturated or NaN, and NX when inexact. They are derived from
  SoftFloat's exact f32 -> i64 / f16 -> i32 conversions plus the saturation rule; the
  16-bit integer conversions, which SoftFloat lacks, are derived the same way. The script
  also counts how often softfloatpy's own 32-bit conversions agree with this derivation
  (a RISC-V build agrees everywhere) and prints that to stderr.

Output: one case per line, all numbers in hex without prefix:

    op rm a [b [c]] result flags

rm is 0 rne, 1 rtz, 2 rdn, 3 rup, 4 rmm; flags are RISC-V fflags (NX=1 UF=2 OF=4 DZ=8 NV=16).
Each generated input appears once per rounding mode (five consecutive lines), so
`--per-op N` gives N cases per operation and mode.

Usage:
    gen_vectors.py --per-op 100000 --out /tmp/fpvec.txt [--seed 1] [--jobs 2]
    gen_vectors.py --per-op 2000 --out crates/fp/tests/vectors/slice.txt.gz
"""

import argparse
import gzip
import multiprocessing
import random
import sys

import softfloatpy as sf

RMS = [
    sf.RoundingMode.NEAR_EVEN,
    sf.RoundingMode.MIN_MAG,
    sf.RoundingMode.MIN,
    sf.RoundingMode.MAX,
    sf.RoundingMode.NEAR_MAX_MAG,
]

NX, UF, OF, DZ, NV = 1, 2, 4, 8, 16
QNAN32, QNAN16 = 0x7FC00000, 0x7E00


def flags_now():
    f = int(sf.get_exception_flags())
    out = 0
    if f & int(sf.ExceptionFlag.INEXACT):
        out |= NX
    if f & int(sf.ExceptionFlag.UNDERFLOW):
        out |= UF
    if f & int(sf.ExceptionFlag.OVERFLOW):
        out |= OF
    if f & int(sf.ExceptionFlag.INFINITE):
        out |= DZ
    if f & int(sf.ExceptionFlag.INVALID):
        out |= NV
    return out


def clear():
    sf.set_exception_flags(0)


# ------------------------------------------------------------------------------------------
# encoding helpers

def F32(x):
    return sf.Float32.from_bytes(x.to_bytes(4, "big"))


def F16(x):
    return sf.Float16.from_bytes(x.to_bytes(2, "big"))


def b32(f):
    return int.from_bytes(f.to_bytes(), "big")


def b16(f):
    return int.from_bytes(f.to_bytes(), "big")


def is_nan32(x):
    return (x & 0x7FFFFFFF) > 0x7F800000


def is_nan16(x):
    return (x & 0x7FFF) > 0x7C00


def is_inf32(x):
    return (x & 0x7FFFFFFF) == 0x7F800000


def is_inf16(x):
    return (x & 0x7FFF) == 0x7C00


def canon32(r):
    return QNAN32 if is_nan32(r) else r


def canon16(r):
    return QNAN16 if is_nan16(r) else r


# ------------------------------------------------------------------------------------------
# input generators (edge-heavy)

SPECIAL32 = [0x00000000, 0x00000001, 0x00000002, 0x007FFFFF, 0x00800000, 0x00800001,
             0x7F7FFFFF, 0x7F7FFFFE, 0x3F800000, 0x3F7FFFFF, 0x3F800001, 0x7F800000,
             0x7FC00000, 0x7FC00001, 0x7FFFFFFF, 0x7F800001, 0x7FA00000, 0x7FBFFFFF,
             0x3F000000, 0x4B000000, 0x4B7FFFFF, 0x4F000000, 0x4F800000, 0x477FE000,
             0x477FF000, 0x38800000, 0x387FC000, 0x33800000, 0x33000000, 0x33000001]
SPECIAL16 = [0x0000, 0x0001, 0x0002, 0x03FF, 0x0400, 0x0401, 0x7BFF, 0x7BFE, 0x3C00, 0x3BFF,
             0x3C01, 0x7C00, 0x7E00, 0x7E01, 0x7FFF, 0x7C01, 0x7D00, 0x3800, 0x6400, 0x67FF,
             0x7800, 0x77FF, 0x1400, 0x0200]


def r_f32(rnd):
    sign = rnd.getrandbits(1) << 31
    frac = rnd.getrandbits(23)
    k = rnd.randrange(14)
    if k <= 3:
        return rnd.getrandbits(32)
    if k == 4:
        return sign | rnd.choice(SPECIAL32)
    if k == 5:  # tiny / subnormal
        return sign | (rnd.randrange(4) << 23) | frac
    if k == 6:  # huge
        return sign | ((250 + rnd.randrange(5)) << 23) | frac
    if k == 7:  # few significant bits: exact results and halfway cases
        keep = rnd.randrange(24)
        return sign | ((100 + rnd.randrange(56)) << 23) | (frac & ~((1 << keep) - 1) & 0x7FFFFF)
    if k == 8:  # trailing ones
        ones = rnd.randrange(24)
        return sign | ((1 + rnd.randrange(253)) << 23) | ((frac | ((1 << ones) - 1)) & 0x7FFFFF)
    if k == 9:  # around 1, integers and halves (roundToInt)
        return sign | ((118 + rnd.randrange(36)) << 23) | frac
    if k == 10:  # halves exactly: n + 0.5
        n = rnd.randrange(1 << rnd.randrange(1, 24))
        v = n + 0.5
        return sign | b32(sf.Float32.from_float(v)) if v < 2 ** 24 else sign | 0x3F000000
    return sign | (rnd.randrange(255) << 23) | frac


def r_f16(rnd):
    sign = rnd.getrandbits(1) << 15
    frac = rnd.getrandbits(10)
    k = rnd.randrange(10)
    if k <= 3:
        return rnd.getrandbits(16)
    if k == 4:
        return sign | rnd.choice(SPECIAL16)
    if k == 5:
        return sign | (rnd.randrange(3) << 10) | frac
    if k == 6:
        return sign | ((28 + rnd.randrange(3)) << 10) | frac
    if k == 7:
        keep = rnd.randrange(11)
        return sign | (rnd.randrange(31) << 10) | (frac & ~((1 << keep) - 1) & 0x3FF)
    if k == 8:
        return sign | ((10 + rnd.randrange(16)) << 10) | frac
    return sign | (rnd.randrange(31) << 10) | frac


def near32(rnd, a):
    """A value close to a or -a: cancellation, or with a chosen exponent distance."""
    d = rnd.randrange(64)
    b = (a + d if rnd.getrandbits(1) else a - d) & 0xFFFFFFFF
    if rnd.getrandbits(1):
        b ^= 0x80000000
    if rnd.randrange(3) == 0:
        b = (b + ((rnd.randrange(60) - 30) << 23)) & 0xFFFFFFFF
    return b


def near16(rnd, a):
    d = rnd.randrange(16)
    b = (a + d if rnd.getrandbits(1) else a - d) & 0xFFFF
    if rnd.getrandbits(1):
        b ^= 0x8000
    if rnd.randrange(3) == 0:
        b = (b + ((rnd.randrange(16) - 8) << 10)) & 0xFFFF
    return b


def exp_target32(rnd, a):
    """b such that a*b lands near the overflow / underflow / subnormal boundaries."""
    ea = (a >> 23) & 0xFF
    target = rnd.choice([254, 253, 255, 1, 0, -1, -10, -22, -23, -24])
    eb = target - ea + 127
    eb = max(0, min(254, eb))
    return (rnd.getrandbits(1) << 31) | (eb << 23) | rnd.getrandbits(23)


def exp_target16(rnd, a):
    ea = (a >> 10) & 0x1F
    target = rnd.choice([30, 29, 31, 1, 0, -1, -5, -9, -10, -11])
    eb = max(0, min(30, target - ea + 15))
    return (rnd.getrandbits(1) << 15) | (eb << 10) | rnd.getrandbits(10)


def r_int(rnd, bits):
    k = rnd.randrange(6)
    mask = (1 << bits) - 1
    if k == 0:
        return rnd.getrandbits(bits)
    if k == 1:
        return rnd.getrandbits(bits) >> rnd.randrange(bits)
    if k == 2:
        return rnd.choice([0, 1, mask, mask >> 1, 1 << (bits - 1), (1 << (bits - 1)) + 1, 2,
                           mask - 1, 65504, 65520, 65519, 65535, 2049, 2047,
                           (1 << 24) + 1, (1 << 25) + 2, (1 << 24) - 1]) & mask
    if k == 3:  # halfway patterns: m * 2^s with m just over the precision
        prec = 24 if bits == 32 else 11
        m = (1 << prec) | rnd.getrandbits(prec) | 1
        s = rnd.randrange(max(1, bits - prec))
        v = (m << s) & mask
        return v if rnd.getrandbits(1) else (-v) & mask
    if k == 4:  # near powers of two
        p = rnd.randrange(bits)
        v = ((1 << p) + rnd.randrange(-4, 5)) & mask
        return v if rnd.getrandbits(1) else (-v) & mask
    return (-(rnd.getrandbits(bits) >> rnd.randrange(bits))) & mask


# ------------------------------------------------------------------------------------------
# operations: each returns (result, flags) for one input tuple and rounding mode

def arith(fn, to_f, from_f, canon):
    def run(args, rm):
        sf.set_rounding_mode(rm)
        clear()
        r = from_f(fn(*[to_f(x) for x in args]))
        return canon(r), flags_now()
    return run


def op_f32_to_f16(args, rm):
    sf.set_rounding_mode(rm)
    clear()
    r = b16(sf.f32_to_f16(F32(args[0])))
    return canon16(r), flags_now()


def op_f16_to_f32(args, rm):
    sf.set_rounding_mode(rm)
    clear()
    r = b32(sf.f16_to_f32(F16(args[0])))
    return canon32(r), flags_now()


def f_to_int(x, rm, bits16, lo, hi):
    """ISA float -> integer rule, derived from SoftFloat's exact wide conversion."""
    nan = is_nan16(x) if bits16 else is_nan32(x)
    inf = is_inf16(x) if bits16 else is_inf32(x)
    neg = (x >> (15 if bits16 else 31)) & 1
    if nan:
        return hi, NV
    if inf:
        return (lo if neg else hi), NV
    if not bits16 and ((x >> 23) & 0xFF) >= 127 + 62:
        return (lo if neg else hi), NV
    clear()
    if bits16:
        v = int(sf.f16_to_i32(F16(x), rm, True).to_int())
    else:
        v = int(sf.f32_to_i64(F32(x), rm, True).to_int())
    fl = flags_now()
    if v < lo:
        return lo, NV
    if v > hi:
        return hi, NV
    return v, fl


AGREE = {"agree": 0, "disagree": 0}


def conv_to_int(bits16, lo, hi, width, direct):
    def run(args, rm):
        v, fl = f_to_int(args[0], rm, bits16, lo, hi)
        r = v & ((1 << width) - 1)
        if direct is not None:
            clear()
            d = int(direct(F32(args[0]), rm, True).to_int()) & 0xFFFFFFFF
            if (d, flags_now()) == (r, fl):
                AGREE["agree"] += 1
            else:
                AGREE["disagree"] += 1
        return r, fl
    return run


def int_to_float(fn, signed, width, from_f):
    def run(args, rm):
        x = args[0]
        if signed and x >> (width - 1):
            x -= 1 << width
        sf.set_rounding_mode(rm)
        clear()
        kind = sf.Int32 if signed else sf.UInt32
        r = from_f(fn(kind.from_int(x)))
        return r, flags_now()
    return run


def rti(fn, to_f, from_f, canon, exact):
    def run(args, rm):
        clear()
        r = from_f(fn(to_f(args[0]), rm, exact))
        return canon(r), flags_now()
    return run


# name -> (arity, input kind, generator of one input tuple, evaluator)
def gen_bin32(rnd):
    a = r_f32(rnd)
    k = rnd.randrange(4)
    if k == 0:
        return (a, near32(rnd, a))
    if k == 1:
        return (a, exp_target32(rnd, a))
    return (a, r_f32(rnd))


def gen_bin16(rnd):
    a = r_f16(rnd)
    k = rnd.randrange(4)
    if k == 0:
        return (a, near16(rnd, a))
    if k == 1:
        return (a, exp_target16(rnd, a))
    return (a, r_f16(rnd))


def gen_fma32(rnd):
    a = r_f32(rnd)
    b = exp_target32(rnd, a) if rnd.randrange(4) == 0 else r_f32(rnd)
    k = rnd.randrange(4)
    if k == 0:
        sf.set_rounding_mode(sf.RoundingMode.NEAR_EVEN)
        p = b32(sf.f32_mul(F32(a), F32(b)))
        c = near32(rnd, p ^ 0x80000000)
    elif k == 1:
        c = near32(rnd, a)
    else:
        c = r_f32(rnd)
    return (a, b, c)


def gen_fma16(rnd):
    a = r_f16(rnd)
    b = exp_target16(rnd, a) if rnd.randrange(4) == 0 else r_f16(rnd)
    k = rnd.randrange(4)
    if k == 0:
        sf.set_rounding_mode(sf.RoundingMode.NEAR_EVEN)
        p = b16(sf.f16_mul(F16(a), F16(b)))
        c = near16(rnd, p ^ 0x8000)
    elif k == 1:
        c = near16(rnd, a)
    else:
        c = r_f16(rnd)
    return (a, b, c)


def gen_f32_for_f16(rnd):
    # Values around the binary16 range: overflow, subnormal and halfway boundaries.
    if rnd.randrange(3) == 0:
        return (r_f32(rnd),)
    sign = rnd.getrandbits(1) << 31
    e = 127 + rnd.randrange(-27, 17)
    frac = rnd.getrandbits(23)
    if rnd.getrandbits(1):
        keep = 13 + rnd.randrange(-3, 4)
        frac = frac & ~((1 << keep) - 1) | (1 << (keep - 1) if rnd.getrandbits(1) else 0)
        frac &= 0x7FFFFF
    return (sign | (e << 23) | frac,)


def gen_f32_for_int(rnd):
    if rnd.randrange(3) == 0:
        return (r_f32(rnd),)
    sign = rnd.getrandbits(1) << 31
    e = 127 + rnd.randrange(-3, 34)
    return (sign | (e << 23) | rnd.getrandbits(23),)


def gen_f16_any(rnd):
    return (r_f16(rnd),)


def gen_i32(rnd):
    return (r_int(rnd, 32),)


def gen_i16(rnd):
    return (r_int(rnd, 16),)


OPS = {
    "f32_add": (gen_bin32, arith(sf.f32_add, F32, b32, canon32)),
    "f32_sub": (gen_bin32, arith(sf.f32_sub, F32, b32, canon32)),
    "f32_mul": (gen_bin32, arith(sf.f32_mul, F32, b32, canon32)),
    "f32_fma": (gen_fma32, arith(sf.f32_mul_add, F32, b32, canon32)),
    "f16_add": (gen_bin16, arith(sf.f16_add, F16, b16, canon16)),
    "f16_sub": (gen_bin16, arith(sf.f16_sub, F16, b16, canon16)),
    "f16_mul": (gen_bin16, arith(sf.f16_mul, F16, b16, canon16)),
    "f16_fma": (gen_fma16, arith(sf.f16_mul_add, F16, b16, canon16)),
    "f32_to_f16": (gen_f32_for_f16, op_f32_to_f16),
    "f16_to_f32": (gen_f16_any, op_f16_to_f32),
    "f32_to_i32": (gen_f32_for_int, conv_to_int(False, -(1 << 31), (1 << 31) - 1, 32, sf.f32_to_i32)),
    "f32_to_u32": (gen_f32_for_int, conv_to_int(False, 0, (1 << 32) - 1, 32, sf.f32_to_ui32)),
    "i32_to_f32": (gen_i32, int_to_float(sf.i32_to_f32, True, 32, b32)),
    "u32_to_f32": (gen_i32, int_to_float(sf.ui32_to_f32, False, 32, b32)),
    "f16_to_i16": (gen_f16_any, conv_to_int(True, -(1 << 15), (1 << 15) - 1, 16, None)),
    "f16_to_u16": (gen_f16_any, conv_to_int(True, 0, (1 << 16) - 1, 16, None)),
    "i16_to_f16": (gen_i16, int_to_float(sf.i32_to_f16, True, 16, b16)),
    "u16_to_f16": (gen_i16, int_to_float(sf.ui32_to_f16, False, 16, b16)),
    "f32_rti": (lambda r: (r_f32(r),), rti(sf.f32_round_to_int, F32, b32, canon32, False)),
    "f32_rti_x": (lambda r: (r_f32(r),), rti(sf.f32_round_to_int, F32, b32, canon32, True)),
    "f16_rti": (gen_f16_any, rti(sf.f16_round_to_int, F16, b16, canon16, False)),
    "f16_rti_x": (gen_f16_any, rti(sf.f16_round_to_int, F16, b16, canon16, True)),
}


def work(task):
    name, n, seed = task
    AGREE["agree"] = AGREE["disagree"] = 0
    sf.set_tininess_mode(sf.TininessMode.AFTER_ROUNDING)
    assert sf.get_tininess_mode() == sf.TininessMode.AFTER_ROUNDING
    rnd = random.Random(f"{seed}:{name}:{n}")
    gen, ev = OPS[name]
    out = []
    for _ in range(n):
        args = gen(rnd)
        ins = " ".join(format(x, "x") for x in args)
        for i, rm in enumerate(RMS):
            r, fl = ev(args, rm)
            out.append(f"{name} {i} {ins} {r:x} {fl:x}\n")
    return name, "".join(out), dict(AGREE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-op", type=int, default=2000, help="cases per operation and mode")
    ap.add_argument("--out", required=True, help="output file (.gz to compress)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--ops", default=",".join(OPS), help="comma-separated subset of operations")
    args = ap.parse_args()

    names = [s for s in args.ops.split(",") if s]
    for s in names:
        if s not in OPS:
            sys.exit(f"unknown op {s}; known: {', '.join(OPS)}")
    chunk = 20000
    tasks = []
    for name in names:
        left, i = args.per_op, 0
        while left > 0:
            n = min(chunk, left)
            tasks.append((name, n, args.seed * 1000003 + i))
            left -= n
            i += 1

    opener = gzip.open if args.out.endswith(".gz") else open
    agree = {"agree": 0, "disagree": 0}
    lines = 0
    with opener(args.out, "wt") as f:
        with multiprocessing.Pool(max(1, args.jobs)) as pool:
            for name, text, ag in pool.imap(work, tasks):
                f.write(text)
                lines += text.count("\n")
                for k in agree:
                    agree[k] += ag[k]
    print(f"wrote {lines} cases ({args.per_op} per op and mode, {len(names)} ops) to {args.out}",
          file=sys.stderr)
    print(f"softfloatpy's own f32->i32/u32 vs the ISA rule: {agree['agree']} agree, "
          f"{agree['disagree']} disagree", file=sys.stderr)


if __name__ == "__main__":
    main()
