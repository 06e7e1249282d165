#!/usr/bin/env python3
"""Generate TestFloat-style test vectors for warpkit-fp from independent oracles.

Oracle per operation (the OPS table below says which one each op uses):

* SoftFloat: Berkeley SoftFloat through the Python package `softfloatpy`
  (`pip install softfloatpy`), set to detect tininess after rounding: add, sub, mul, fma,
  f32<->f16, float<->integer conversions, round-to-integral (any mode, exact or not, and the
  fixed floor/ceil/trunc/rndne), the 14 compare predicates (built from SoftFloat's eq, lt, le,
  lt_quiet, le_quiet), and fract (SoftFloat floor = roundToInt in rdn, then SoftFloat
  subtraction in the mode, then the ISA clamp).
* Exact: operations SoftFloat does not have (min, max, med3, classify, sat, frexp, ldexp,
  unorm/snorm, dot2) are computed here from the values as Python `fractions.Fraction` /
  `float` (binary32 and binary16 values are exact in both), and rounded by `round_frac`, a
  rounding function written in this file from the IEEE definition (it shares no code with
  warpkit-fp).

The ISA rules that differ between SoftFloat specialisations are applied here explicitly, so
the vectors do not depend on how softfloatpy was built:

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
For an operation that rounds, each generated input appears once per rounding mode (five
consecutive lines); an operation that does not depend on the mode gets five different inputs
instead, one per mode value. Either way `--per-op N` gives N cases per operation and mode.

`--exhaustive-f16 FILE` also writes every binary16 (and 16-bit integer) input of every
binary16 unary operation, in every mode where the op takes one, and `--digest FILE` writes
the SHA-256 of each (op, mode) table of those results, which `tests/exhaustive.rs` compares
with warpkit-fp in the normal test suite.

Usage:
    gen_vectors.py --per-op 100000 --out /tmp/fpvec.txt [--seed 1] [--jobs 2]
    gen_vectors.py --per-op 2000 --out crates/fp/tests/vectors/slice.txt.gz
    gen_vectors.py --per-op 0 --out /dev/null --exhaustive-f16 /tmp/f16.txt \
        --digest crates/fp/tests/vectors/f16_unary.sha256
"""

import argparse
import gzip
import hashlib
import math
import multiprocessing
import random
import struct
import sys
from fractions import Fraction

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


# ------------------------------------------------------------------------------------------
# exact references (operations SoftFloat does not have)

class Fmt:
    def __init__(self, prec, ebits):
        self.prec, self.ebits = prec, ebits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin, self.emax = 1 - self.bias, self.bias
        self.width = prec + ebits
        self.sign = 1 << (self.width - 1)
        self.inf = ((1 << ebits) - 1) << (prec - 1)
        self.qnan = self.inf | (1 << (prec - 2))
        self.one = self.bias << (prec - 1)

    def is_nan(self, x):
        return (x & ~self.sign) > self.inf

    def is_snan(self, x):
        return self.is_nan(x) and not x & (1 << (self.prec - 2))

    def is_inf(self, x):
        return (x & ~self.sign) == self.inf

    def neg(self, x):
        return bool(x & self.sign)

    def value(self, x):
        """Finite value as a Fraction, from the IEEE encoding definition."""
        e = (x >> (self.prec - 1)) & ((1 << self.ebits) - 1)
        f = x & ((1 << (self.prec - 1)) - 1)
        if e == 0:
            v = Fraction(f, 1) * Fraction(2) ** (self.emin - self.prec + 1)
        else:
            v = Fraction((1 << (self.prec - 1)) | f, 1) * Fraction(2) ** (e - self.bias - self.prec + 1)
        return -v if self.neg(x) else v

    def fvalue(self, x):
        """Value as a Python float (exact): +-inf, nan, or the finite value."""
        if self.is_nan(x):
            return math.nan
        if self.is_inf(x):
            return -math.inf if self.neg(x) else math.inf
        return float(self.value(x))


B32, B16 = Fmt(24, 8), Fmt(11, 5)
RNE, RTZ, RDN, RUP, RMM = range(5)


def round_frac(fmt, x, rm):
    """Round the exact non-zero rational x to fmt in mode rm (0..4): (bits, flags).

    Written from IEEE 754: the quantum of the result is 2^(max(e, emin) - p + 1) where
    2^e <= |x| < 2^(e+1); tininess is judged after rounding with an unbounded exponent
    range; OF when the rounded value (unbounded) is beyond the largest finite value."""
    neg = x < 0
    a = -x if neg else x
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    assert Fraction(2) ** e <= a < Fraction(2) ** (e + 1)

    def rnd(q):
        v = a / Fraction(2) ** q
        n = v.numerator // v.denominator
        r = v - n
        if r == 0:
            return n, False
        half = Fraction(1, 2)
        if rm == RNE:
            up = r > half or (r == half and n % 2 == 1)
        elif rm == RMM:
            up = r >= half
        elif rm == RTZ:
            up = False
        elif rm == RDN:
            up = neg
        else:
            up = not neg
        return n + up, True

    p = fmt.prec
    q = max(e, fmt.emin) - (p - 1)
    n, inexact = rnd(q)
    n_unb, _ = rnd(e - (p - 1))
    tiny = n_unb * Fraction(2) ** (e - (p - 1)) < Fraction(2) ** fmt.emin
    fl = 0
    if inexact:
        fl |= NX
        if tiny:
            fl |= UF
    s = fmt.sign if neg else 0
    if n * Fraction(2) ** q >= Fraction(2) ** (fmt.emax + 1):
        to_inf = rm in (RNE, RMM) or (rm == RDN and neg) or (rm == RUP and not neg)
        return s | (fmt.inf if to_inf else fmt.inf - 1), fl | OF | NX
    if n == 0:
        return s, fl
    if n == 1 << p:
        n, q = n >> 1, q + 1
    if n < 1 << (p - 1):
        return s | n, fl  # subnormal (q is the subnormal quantum)
    bexp = q + p - 1 + fmt.bias
    return s | (bexp << (p - 1)) | (n - (1 << (p - 1))), fl


def order_key(fmt, x):
    """Total order of non-NaN values with -0 < +0 (equal keys only for equal bits)."""
    return (fmt.fvalue(x), 0 if fmt.neg(x) else 1)


def op_minmax(fmt, is_max):
    def run(args, rm):
        a, b = args
        fl = NV if fmt.is_snan(a) or fmt.is_snan(b) else 0
        if fmt.is_nan(a) and fmt.is_nan(b):
            return fmt.qnan, fl
        if fmt.is_nan(a):
            return b, fl
        if fmt.is_nan(b):
            return a, fl
        lo, hi = sorted([a, b], key=lambda x: order_key(fmt, x))
        return (hi if is_max else lo), fl
    return run


def op_med3(fmt):
    def run(args, rm):
        fl = NV if any(fmt.is_snan(x) for x in args) else 0
        nums = sorted([x for x in args if not fmt.is_nan(x)], key=lambda x: order_key(fmt, x))
        if len(nums) == 3:
            return nums[1], fl
        if nums:
            return nums[0], fl
        return fmt.qnan, fl
    return run


def op_class(fmt):
    def run(args, rm):
        x = args[0]
        v = fmt.fvalue(x)
        if math.isnan(v):
            bit = 8 if fmt.is_snan(x) else 9
        elif math.isinf(v):
            bit = 0 if v < 0 else 7
        elif v == 0:
            bit = 3 if fmt.neg(x) else 4
        elif abs(v) < 2.0 ** fmt.emin:
            bit = 2 if v < 0 else 5
        else:
            bit = 1 if v < 0 else 6
        return 1 << bit, 0
    return run


def op_sat(fmt):
    def run(args, rm):
        x = args[0]
        fl = NV if fmt.is_snan(x) else 0
        v = fmt.fvalue(x)
        if math.isnan(v) or v <= 0:
            return 0, fl
        if v >= 1:
            return fmt.one, fl
        return x, fl
    return run


def op_frexp(fmt, want_exp):
    pack = ">f" if fmt is B32 else ">e"
    def run(args, rm):
        x = args[0]
        v = fmt.fvalue(x)
        if math.isnan(v) or math.isinf(v) or v == 0:
            return (0 if want_exp else x), 0
        m, e = math.frexp(v)
        if want_exp:
            return e & 0xFFFFFFFF, 0
        return int.from_bytes(struct.pack(pack, m), "big"), 0
    return run


def op_ldexp(fmt):
    def run(args, rm):
        x, e = args
        e = e - (1 << 32) if e >> 31 else e
        if fmt.is_nan(x):
            return fmt.qnan, (NV if fmt.is_snan(x) else 0)
        v = fmt.fvalue(x)
        if math.isinf(v) or v == 0:
            return x, 0
        # Beyond +-1000 the exact product is far above the overflow threshold or far below
        # half the smallest subnormal whatever x is, so it rounds (flags included) like
        # +-1000; this keeps the rationals small.
        e = max(-1000, min(1000, e))
        return round_frac(fmt, fmt.value(x) * Fraction(2) ** e, rm)
    return run


def op_norm(scale, lo):
    def run(args, rm):
        x = args[0]
        if B32.is_nan(x):
            return 0, 0
        v = B32.fvalue(x)
        c = Fraction(min(max(v, lo), 1.0)) if not math.isinf(v) else Fraction(lo if v < 0 else 1)
        return round(c * scale) & 0xFFFF, 0
    return run


def op_dot2(args, rm):
    a, b, c = args
    h = [a & 0xFFFF, b & 0xFFFF, a >> 16, b >> 16]
    fl = NV if any(B16.is_snan(x) for x in h) or B32.is_snan(c) else 0
    hv = [B16.fvalue(x) for x in h]
    cv = B32.fvalue(c)
    if any(math.isnan(x) or math.isinf(x) for x in hv) or math.isnan(cv) or math.isinf(cv):
        # IEEE evaluation of (al*bl + ah*bh) + c on the special values.
        def mul(x, y):
            nonlocal fl
            if (math.isinf(x) and y == 0) or (x == 0 and math.isinf(y)):
                fl |= NV
                return math.nan
            return x * y

        def add(x, y):
            nonlocal fl
            if math.isinf(x) and math.isinf(y) and (x > 0) != (y > 0):
                fl |= NV
                return math.nan
            return x + y
        t = add(add(mul(hv[0], hv[1]), mul(hv[2], hv[3])), cv)
        if math.isnan(t):
            return QNAN32, fl
        assert math.isinf(t)
        return (0xFF800000 if t < 0 else 0x7F800000), fl
    exact = B16.value(h[0]) * B16.value(h[1]) + B16.value(h[2]) * B16.value(h[3]) + B32.value(c)
    if exact == 0:
        signs = {B16.neg(h[0]) != B16.neg(h[1]), B16.neg(h[2]) != B16.neg(h[3]), B32.neg(c)}
        neg = signs.pop() if len(signs) == 1 else rm == RDN
        return (0x80000000 if neg else 0), fl
    r, f = round_frac(B32, exact, rm)
    return r, fl | f


# ------------------------------------------------------------------------------------------
# SoftFloat compositions

CMP_PREDS = ["eq", "ne", "lt", "le", "gt", "ge", "o", "u", "equ", "neu", "ltu", "leu", "gtu", "geu"]


def op_cmp(width, pred):
    if width == 32:
        T, eq, lt, le, ltq, leq = F32, sf.f32_eq, sf.f32_lt, sf.f32_le, sf.f32_lt_quiet, sf.f32_le_quiet
    else:
        T, eq, lt, le, ltq, leq = F16, sf.f16_eq, sf.f16_lt, sf.f16_le, sf.f16_lt_quiet, sf.f16_le_quiet

    def run(args, rm):
        x, y = T(args[0]), T(args[1])
        clear()
        if pred == "eq":
            r = eq(x, y)
        elif pred == "lt":
            r = lt(x, y)
        elif pred == "le":
            r = le(x, y)
        elif pred == "gt":
            r = lt(y, x)
        elif pred == "ge":
            r = le(y, x)
        else:
            # Quiet predicates from the quiet SoftFloat ones.
            unordered = not (leq(x, y) or leq(y, x))
            e = eq(x, y)
            r = {
                "o": not unordered,
                "u": unordered,
                "ne": not unordered and not e,
                "equ": unordered or e,
                "neu": not e,
                "ltu": not leq(y, x),
                "leu": not ltq(y, x),
                "gtu": not leq(x, y),
                "geu": not ltq(x, y),
            }[pred]
        return int(bool(r)), flags_now()
    return run


def op_fract(width):
    if width == 32:
        T, to_b, sub, rti, canon, one = F32, b32, sf.f32_sub, sf.f32_round_to_int, canon32, 0x3F800000
    else:
        T, to_b, sub, rti, canon, one = F16, b16, sf.f16_sub, sf.f16_round_to_int, canon16, 0x3C00

    def run(args, rm):
        x = T(args[0])
        clear()
        fl = rti(x, sf.RoundingMode.MIN, False)
        sf.set_rounding_mode(rm)
        r = canon(to_b(sub(x, fl)))
        if r == one:
            r = one - 1
        return r, flags_now()
    return run


def op_round_fixed(fn, to_f, from_f, canon, mode):
    def run(args, rm):
        clear()
        return canon(from_f(fn(to_f(args[0]), mode, False))), flags_now()
    return run


def gen_f32_one(rnd):
    return (r_f32(rnd),)


def gen_f32_pair(rnd):
    a = r_f32(rnd)
    return (a, near32(rnd, a) if rnd.randrange(3) == 0 else r_f32(rnd))


def gen_f16_pair(rnd):
    a = r_f16(rnd)
    return (a, near16(rnd, a) if rnd.randrange(3) == 0 else r_f16(rnd))


def gen_f32_triple(rnd):
    a = r_f32(rnd)
    pick = lambda: near32(rnd, a) if rnd.randrange(3) == 0 else r_f32(rnd)
    return (a, pick(), pick())


def gen_f16_triple(rnd):
    a = r_f16(rnd)
    pick = lambda: near16(rnd, a) if rnd.randrange(3) == 0 else r_f16(rnd)
    return (a, pick(), pick())


def r_exp(rnd, span):
    k = rnd.randrange(5)
    if k == 0:
        v = rnd.randrange(-span, span + 1)
    elif k == 1:
        v = rnd.randrange(-3 * span, 3 * span + 1)
    elif k == 2:
        v = rnd.choice([-(1 << 31), (1 << 31) - 1, -(1 << 31) + 1, 0, 1, -1, 1 << 20, -(1 << 20)])
    elif k == 3:
        v = rnd.randrange(-(1 << 31), 1 << 31)
    else:
        v = rnd.randrange(-8, 9)
    return v & 0xFFFFFFFF


def gen_ldexp32(rnd):
    return (r_f32(rnd), r_exp(rnd, 300))


def gen_ldexp16(rnd):
    return (r_f16(rnd), r_exp(rnd, 45))


def gen_norm(rnd):
    k = rnd.randrange(4)
    if k == 0:
        return (r_f32(rnd),)
    if k == 1:  # in [-1, 1]
        return ((rnd.getrandbits(1) << 31) | ((100 + rnd.randrange(28)) << 23) | rnd.getrandbits(23),)
    if k == 2:  # ties of x * 65535 / 32767 / 255: x = (n + 1/2) / scale, rounded to binary32
        scale = rnd.choice([65535, 32767, 255])
        n = rnd.randrange(-scale, scale)
        return (b32(sf.Float32.from_float((n + 0.5) / scale)),)
    return (rnd.choice([0, 0x80000000, 0x3F800000, 0xBF800000, 0x3F800001, 0x7F800000,
                        0xFF800000, 0x7FC00000, 0x7F800001, 0x3F000000, 0xBF000000]),)


def gen_dot2(rnd):
    a = r_f16(rnd) | (r_f16(rnd) << 16)
    b = r_f16(rnd) | (r_f16(rnd) << 16)
    k = rnd.randrange(4)
    if k == 0:
        # c close to minus the products' sum: cancellation down to tiny results.
        h = [a & 0xFFFF, b & 0xFFFF, a >> 16, b >> 16]
        hv = [B16.fvalue(x) for x in h]
        p = hv[0] * hv[1] + hv[2] * hv[3]
        if math.isnan(p) or math.isinf(p):
            c = r_f32(rnd)
        else:
            c = near32(rnd, b32(sf.Float32.from_float(-p)) if abs(p) < 3e38 else 0)
    elif k == 1:
        c = rnd.choice([0, 0x80000000, 1, 0x80000001, 0x7F7FFFFF, 0x00800000])
    else:
        c = r_f32(rnd)
    return (a, b, c)


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
    "f32_fract": (lambda r: (r_f32(r),), op_fract(32)),
    "f16_fract": (gen_f16_any, op_fract(16)),
    "f32_ldexp": (gen_ldexp32, op_ldexp(B32)),
    "f16_ldexp": (gen_ldexp16, op_ldexp(B16)),
    "dot2": (gen_dot2, op_dot2),
}

# Operations that do not depend on the rounding mode: five different inputs per generated
# line group, one per mode value (the mode column is then ignored by the evaluator).
MODE_FREE = {
    "f32_min": (gen_f32_pair, op_minmax(B32, False)),
    "f32_max": (gen_f32_pair, op_minmax(B32, True)),
    "f16_min": (gen_f16_pair, op_minmax(B16, False)),
    "f16_max": (gen_f16_pair, op_minmax(B16, True)),
    "f32_med3": (gen_f32_triple, op_med3(B32)),
    "f16_med3": (gen_f16_triple, op_med3(B16)),
    "f32_class": (gen_f32_one, op_class(B32)),
    "f16_class": (gen_f16_any, op_class(B16)),
    "f32_sat": (gen_f32_one, op_sat(B32)),
    "f16_sat": (gen_f16_any, op_sat(B16)),
    "f32_frexp_mant": (gen_f32_one, op_frexp(B32, False)),
    "f32_frexp_exp": (gen_f32_one, op_frexp(B32, True)),
    "f16_frexp_mant": (gen_f16_any, op_frexp(B16, False)),
    "f16_frexp_exp": (gen_f16_any, op_frexp(B16, True)),
    "f32_to_unorm16": (gen_norm, op_norm(65535, 0.0)),
    "f32_to_snorm16": (gen_norm, op_norm(32767, -1.0)),
    "f32_to_unorm8": (gen_norm, op_norm(255, 0.0)),
}
for _name, _mode in [("floor", sf.RoundingMode.MIN), ("ceil", sf.RoundingMode.MAX),
                     ("trunc", sf.RoundingMode.MIN_MAG), ("rndne", sf.RoundingMode.NEAR_EVEN)]:
    MODE_FREE[f"f32_{_name}"] = (gen_f32_one, op_round_fixed(sf.f32_round_to_int, F32, b32, canon32, _mode))
    MODE_FREE[f"f16_{_name}"] = (gen_f16_any, op_round_fixed(sf.f16_round_to_int, F16, b16, canon16, _mode))
for _p in CMP_PREDS:
    MODE_FREE[f"f32_cmp_{_p}"] = (gen_f32_pair, op_cmp(32, _p))
    MODE_FREE[f"f16_cmp_{_p}"] = (gen_f16_pair, op_cmp(16, _p))
ALL_OPS = dict(OPS, **MODE_FREE)

# binary16 unary operations checked over every input (--exhaustive-f16): name -> (input
# width, evaluator, takes a mode).
F16_UNARY = {
    "f16_to_f32": (op_f16_to_f32, False),
    "f16_to_i16": (OPS["f16_to_i16"][1], True),
    "f16_to_u16": (OPS["f16_to_u16"][1], True),
    "i16_to_f16": (OPS["i16_to_f16"][1], True),
    "u16_to_f16": (OPS["u16_to_f16"][1], True),
    "f16_rti": (OPS["f16_rti"][1], True),
    "f16_rti_x": (OPS["f16_rti_x"][1], True),
    "f16_fract": (OPS["f16_fract"][1], True),
    "f16_floor": (MODE_FREE["f16_floor"][1], False),
    "f16_ceil": (MODE_FREE["f16_ceil"][1], False),
    "f16_trunc": (MODE_FREE["f16_trunc"][1], False),
    "f16_rndne": (MODE_FREE["f16_rndne"][1], False),
    "f16_sat": (MODE_FREE["f16_sat"][1], False),
    "f16_class": (MODE_FREE["f16_class"][1], False),
    "f16_frexp_mant": (MODE_FREE["f16_frexp_mant"][1], False),
    "f16_frexp_exp": (MODE_FREE["f16_frexp_exp"][1], False),
}


def work(task):
    name, n, seed = task
    AGREE["agree"] = AGREE["disagree"] = 0
    sf.set_tininess_mode(sf.TininessMode.AFTER_ROUNDING)
    assert sf.get_tininess_mode() == sf.TininessMode.AFTER_ROUNDING
    rnd = random.Random(f"{seed}:{name}:{n}")
    gen, ev = ALL_OPS[name]
    mode_free = name in MODE_FREE
    out = []
    for _ in range(n):
        args = gen(rnd)
        for i, rm in enumerate(RMS):
            if mode_free and i:
                args = gen(rnd)
            ins = " ".join(format(x, "x") for x in args)
            r, fl = ev(args, rm)
            out.append(f"{name} {i} {ins} {r:x} {fl:x}\n")
    return name, "".join(out), dict(AGREE)


def work_f16(task):
    """Every input of one binary16 unary op in one mode: (name, mode, lines, digest)."""
    name, i = task
    sf.set_tininess_mode(sf.TininessMode.AFTER_ROUNDING)
    ev, _ = F16_UNARY[name]
    h = hashlib.sha256()
    out = []
    for x in range(1 << 16):
        r, fl = ev((x,), RMS[i])
        out.append(f"{name} {i} {x:x} {r:x} {fl:x}\n")
        h.update(struct.pack("<IB", r, fl))
    return name, i, "".join(out), h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-op", type=int, default=2000, help="cases per operation and mode")
    ap.add_argument("--out", required=True, help="output file (.gz to compress)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--ops", default=",".join(ALL_OPS), help="comma-separated subset of operations")
    ap.add_argument("--exhaustive-f16", metavar="FILE",
                    help="also write every input of every binary16 unary op to FILE")
    ap.add_argument("--digest", metavar="FILE",
                    help="with --exhaustive-f16: write the SHA-256 of each (op, mode) table")
    args = ap.parse_args()

    names = [s for s in args.ops.split(",") if s]
    for s in names:
        if s not in ALL_OPS:
            sys.exit(f"unknown op {s}; known: {', '.join(ALL_OPS)}")
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
    if args.exhaustive_f16:
        tasks = [(name, i) for name, (_, moded) in F16_UNARY.items()
                 for i in (range(len(RMS)) if moded else [0])]
        lines = 0
        digests = []
        opener = gzip.open if args.exhaustive_f16.endswith(".gz") else open
        with opener(args.exhaustive_f16, "wt") as f:
            with multiprocessing.Pool(max(1, args.jobs)) as pool:
                for name, i, text, dig in pool.imap(work_f16, tasks):
                    f.write(text)
                    lines += 1 << 16
                    digests.append(f"{name} {i} {dig}\n")
        print(f"wrote {lines} exhaustive binary16 cases ({len(tasks)} op/mode tables) to "
              f"{args.exhaustive_f16}", file=sys.stderr)
        if args.digest:
            with open(args.digest, "w") as f:
                f.write("# SHA-256 of the 65,536 results (u32 LE result, u8 flags) of each binary16\n"
                        "# unary op and mode, from tools/fp_oracle/gen_vectors.py --exhaustive-f16.\n")
                f.writelines(digests)


if __name__ == "__main__":
    main()
