//! The 32-lane kernels (`warpkit_fp::lanes`) against the scalar functions, lane by lane, in
//! result bits and flags: every available level, every operation and rounding mode, random
//! and edge-heavy operands, EXEC patterns full / empty / one lane / lane 31 / alternating /
//! random, and splat operands against the same value in every lane.
//!
//! `WARPKIT_LANES_ROUNDS=N` multiplies the number of random operand sets (default 1).

mod common;
use common::{exec_patterns, levels, ref_f32, Rng};
use warpkit_fp::lanes::{ArithOp, Kernels, SimdLevel, Src16, Src32, LANES};
use warpkit_fp::{flags, Rm};

// ------------------------------------------------------------------ operands

/// A binary format: exponent and fraction widths.
#[derive(Clone, Copy)]
struct FloatFormat {
    ebits: u32,
    mbits: u32,
}

const F32: FloatFormat = FloatFormat {
    ebits: 8,
    mbits: 23,
};
const F16: FloatFormat = FloatFormat {
    ebits: 5,
    mbits: 10,
};

impl FloatFormat {
    fn bias(self) -> i32 {
        (1 << (self.ebits - 1)) - 1
    }
    fn emax_field(self) -> u32 {
        (1 << self.ebits) - 1
    }
    fn sign(self) -> u32 {
        1 << (self.ebits + self.mbits)
    }
    fn pack(self, neg: bool, e_field: u32, frac: u32) -> u32 {
        (if neg { self.sign() } else { 0 })
            | (e_field.min(self.emax_field()) << self.mbits)
            | (frac & ((1 << self.mbits) - 1))
    }
    fn inf(self) -> u32 {
        self.emax_field() << self.mbits
    }
    fn max_finite(self) -> u32 {
        self.inf() - 1
    }

    /// Interesting values: zeros, subnormals, normal boundaries, infinities, NaNs of both kinds.
    fn edges(self) -> Vec<u32> {
        let m = self.mbits;
        let one = (self.bias() as u32) << m;
        let quiet = 1 << (m - 1);
        let mut v = vec![
            0,
            1,
            2,
            3,
            (1 << m) - 1,
            1 << m,
            (1 << m) + 1,
            (2 << m) - 1,
            one,
            one + 1,
            one - 1,
            one + (1 << m),
            one - (1 << m),
            self.max_finite(),
            self.max_finite() - 1,
            self.max_finite() - (1 << m),
            self.inf(),
            self.inf() | quiet,
            self.inf() | quiet | 0x15,
            self.inf() | 1,
            self.inf() | (quiet >> 1),
        ];
        let neg: Vec<u32> = v.iter().map(|x| x | self.sign()).collect();
        v.extend(neg);
        v
    }

    /// A finite value with the given unbiased exponent (clamped into the format; below the
    /// normal range it becomes a subnormal or zero) and a fraction of one of several shapes.
    fn finite(self, rng: &mut Rng, exp: i32) -> u32 {
        let m = self.mbits;
        let frac = match rng.below(5) {
            0 => rng.next() as u32,
            // Few significant bits: exact products, ties.
            1 => (rng.next() as u32) << (m - rng.below(4) as u32),
            2 => (1 << m) - 1,
            3 => 0,
            _ => 1 | (rng.next() as u32) << (m - 3),
        } & ((1 << m) - 1);
        let field = exp + self.bias();
        let neg = rng.bit();
        if field >= 1 {
            self.pack(neg, field.min(self.emax_field() as i32 - 1) as u32, frac)
        } else {
            // Subnormal: the significand shifted right.
            let sig = ((1u64 << m) | frac as u64) >> (1 - field).min(40);
            self.pack(neg, 0, sig as u32)
        }
    }

    fn any(self, rng: &mut Rng, edges: &[u32]) -> u32 {
        match rng.below(4) {
            0 => edges[rng.below(edges.len() as u64) as usize],
            1 => rng.next() as u32 & self.sign().wrapping_mul(2).wrapping_sub(1),
            _ => {
                let span = self.bias() + 2 + self.mbits as i32;
                {
                    let e = rng.below(2 * span as u64) as i32 - span;
                    self.finite(rng, e)
                }
            }
        }
    }

    fn ulp_exp(self, x: u32) -> i32 {
        let field = ((x >> self.mbits) & self.emax_field()) as i32;
        field.max(1) - self.bias() - self.mbits as i32
    }
}

/// One 32-lane operand set (a, b, c) of a scenario chosen per set.
fn operands(f: FloatFormat, rng: &mut Rng, edges: &[u32]) -> [[u32; LANES]; 3] {
    let scenario = rng.below(7);
    let (bias, mb) = (f.bias(), f.mbits as i32);
    let t: [(u32, u32, u32); LANES] = std::array::from_fn(|_| {
        match scenario {
            // Anything, specials included.
            0 | 1 => (f.any(rng, edges), f.any(rng, edges), f.any(rng, edges)),
            // Products and sums near overflow.
            2 => {
                let ea = rng.below(bias as u64) as i32;
                let eb = bias - ea + rng.below(3) as i32 - 1;
                let c = {
                    let e = bias - rng.below(3) as i32;
                    f.finite(rng, e)
                };
                (f.finite(rng, ea), f.finite(rng, eb), c)
            }
            // Products and sums near and below the smallest normal.
            3 => {
                let ea = -(rng.below(bias as u64) as i32);
                let eb = 1 - bias - ea - rng.below(mb as u64 + 3) as i32;
                let c = {
                    let e = 1 - bias - rng.below(mb as u64 + 2) as i32;
                    f.finite(rng, e)
                };
                (f.finite(rng, ea), f.finite(rng, eb), c)
            }
            // Ties and near-ties: b (and c) at half an ulp of a, times a small odd number.
            4 => {
                let a = {
                    let e = rng.below(2 * bias as u64) as i32 - bias + 1;
                    f.finite(rng, e)
                };
                let e = f.ulp_exp(a) - 1 - rng.below(3) as i32;
                let mut b = f.finite(rng, e);
                if rng.bit() {
                    b = f.pack(
                        rng.bit(),
                        (e + bias).max(1) as u32,
                        (rng.below(4) as u32) << 1,
                    );
                }
                let c = f.finite(rng, e + mb);
                (a, b, c)
            }
            // Cancellation: b close to -a, c close to -(a * b) (fma results are the tiny
            // rounding error of the product).
            5 => {
                let a = {
                    let e = rng.below(2 * bias as u64) as i32 - bias;
                    f.finite(rng, e)
                };
                let b = (a ^ f.sign())
                    .wrapping_add(rng.below(3) as u32)
                    .wrapping_sub(1);
                let b = b & f.sign().wrapping_mul(2).wrapping_sub(1);
                let x = {
                    let e = rng.below(bias as u64) as i32 - bias / 2;
                    f.finite(rng, e)
                };
                let y = {
                    let e = rng.below(bias as u64) as i32 - bias / 2;
                    f.finite(rng, e)
                };
                let c = product_neighbour(f, x, y, rng).unwrap_or(a);
                // Either a - a' (+ c) or x * y - x * y'.
                if rng.bit() {
                    (a, b, c)
                } else {
                    (x, y, c)
                }
            }
            // Sparse-fraction values of nearby exponents: many exact results and ties.
            _ => {
                let e = rng.below(8) as i32 - 4;
                (f.finite(rng, e), f.finite(rng, e), f.finite(rng, e + 1))
            }
        }
    });
    [t.map(|x| x.0), t.map(|x| x.1), t.map(|x| x.2)]
}

/// `-(a * b)` rounded to the format, give or take one ulp (via f64: exact enough for this).
fn product_neighbour(f: FloatFormat, a: u32, b: u32, rng: &mut Rng) -> Option<u32> {
    let val = |x: u32| -> f64 {
        if f.mbits == 23 {
            f32::from_bits(x) as f64
        } else {
            let s = if x & 0x8000 != 0 { -1.0 } else { 1.0 };
            let e = ((x >> 10) & 0x1f) as i32;
            let m = (x & 0x3ff) as f64;
            s * if e == 0 {
                m * 2f64.powi(-24)
            } else {
                (1024.0 + m) * 2f64.powi(e - 25)
            }
        }
    };
    let p = -(val(a) * val(b));
    let bits = if f.mbits == 23 {
        (p as f32).to_bits()
    } else {
        let mut fl = 0;
        warpkit_fp::f32_to_f16((p as f32).to_bits(), Rm::Rne, &mut fl) as u32
    };
    if bits & !f.sign() >= f.inf() {
        return None;
    }
    let d = rng.below(3) as u32;
    Some(bits.wrapping_add(d).wrapping_sub(1) & f.sign().wrapping_mul(2).wrapping_sub(1))
}

fn rounds(base: usize) -> usize {
    let k = std::env::var("WARPKIT_LANES_ROUNDS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(1);
    base * k.max(1)
}

fn op_name(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "add",
        ArithOp::Sub => "sub",
        ArithOp::Mul => "mul",
        ArithOp::Fma => "fma",
    }
}

// ------------------------------------------------------------------ the reference

fn ref_f16(op: ArithOp, a: u16, b: u16, c: u16, rm: Rm) -> (u16, u8) {
    let mut fl = 0;
    let r = match op {
        ArithOp::Add => warpkit_fp::f16_add(a, b, rm, &mut fl),
        ArithOp::Sub => warpkit_fp::f16_sub(a, b, rm, &mut fl),
        ArithOp::Mul => warpkit_fp::f16_mul(a, b, rm, &mut fl),
        ArithOp::Fma => warpkit_fp::f16_fma(a, b, c, rm, &mut fl),
    };
    (r, fl)
}

/// Compare one kernel run with the per-lane reference `want` under `exec`.
fn check<T: Copy + PartialEq + std::fmt::LowerHex>(
    what: &str,
    exec: u32,
    got: &[T; LANES],
    got_fl: u8,
    want: &[(T, u8); LANES],
    show: impl Fn(usize) -> String,
) {
    let mut want_fl = 0;
    for i in 0..LANES {
        if exec >> i & 1 == 1 {
            want_fl |= want[i].1;
            assert!(
                got[i] == want[i].0,
                "{what} exec={exec:#010x} lane {i}: {} = {:#x}, want {:#x}",
                show(i),
                got[i],
                want[i].0
            );
        }
    }
    assert_eq!(
        got_fl, want_fl,
        "{what} exec={exec:#010x}: flags {got_fl:#x}, want {want_fl:#x}"
    );
}

// ------------------------------------------------------------------ the tests

/// Runs `f(a, b, c, exec, out) -> flags` for one operand set under every EXEC pattern, and
/// each lane alone (the per-lane flags), and compares with `want`.
fn all_patterns<T: Copy + PartialEq + std::fmt::LowerHex + Default>(
    what: &str,
    rng: &mut Rng,
    want: &[(T, u8); LANES],
    per_lane: bool,
    mut run: impl FnMut(u32, &mut [T; LANES]) -> u8,
    show: impl Fn(usize) -> String,
) {
    let mut out = [T::default(); LANES];
    for exec in exec_patterns(rng) {
        let fl = run(exec, &mut out);
        check(what, exec, &out, fl, want, &show);
    }
    if per_lane {
        for i in 0..LANES {
            let fl = run(1 << i, &mut out);
            check(what, 1 << i, &out, fl, want, &show);
        }
    }
}

/// One operand set `abc` through a kernel family `run` on every level, in every operation
/// and rounding mode, against the per-lane reference `want(op, rm, lane)`.
fn every_op_and_mode<
    S: Copy + std::fmt::LowerHex,
    T: Copy + PartialEq + std::fmt::LowerHex + Default,
>(
    ks: &[Kernels],
    rng: &mut Rng,
    family: &str,
    abc: &[[S; LANES]; 3],
    per_lane: bool,
    want: impl Fn(ArithOp, Rm, usize) -> (T, u8),
    run: impl Fn(&Kernels, ArithOp, Rm, u32, &mut [T; LANES]) -> u8,
) {
    // Operands in hex, zero-padded to their width.
    let w = 2 + 2 * std::mem::size_of::<S>();
    for op in ArithOp::ALL {
        for rm in Rm::ALL {
            let want: [(T, u8); LANES] = std::array::from_fn(|i| want(op, rm, i));
            let show = |i: usize| {
                let [a, b, c] = abc.map(|v| v[i]);
                format!(
                    "{family} {} {rm:?} ({a:#0w$x}, {b:#0w$x}, {c:#0w$x})",
                    op_name(op)
                )
            };
            for k in ks {
                let what = format!("{:?} {family} {} {rm:?}", k.level(), op_name(op));
                all_patterns(
                    &what,
                    rng,
                    &want,
                    per_lane,
                    |exec, out| run(k, op, rm, exec, out),
                    show,
                );
            }
        }
    }
}

/// `Kernels::f32` on one binary32 operand set.
fn check_f32(ks: &[Kernels], rng: &mut Rng, abc: &[[u32; LANES]; 3], per_lane: bool) {
    let [a, b, c] = abc;
    every_op_and_mode(
        ks,
        rng,
        "f32",
        abc,
        per_lane,
        |op, rm, i| ref_f32(op, a[i], b[i], c[i], rm),
        |k, op, rm, exec, out| k.f32(op, a.into(), b.into(), c.into(), exec, rm, out),
    );
}

/// `Kernels::f16` on one binary16 operand set.
fn check_f16(ks: &[Kernels], rng: &mut Rng, abc: &[[u16; LANES]; 3], per_lane: bool) {
    let [a, b, c] = abc;
    every_op_and_mode(
        ks,
        rng,
        "f16",
        abc,
        per_lane,
        |op, rm, i| ref_f16(op, a[i], b[i], c[i], rm),
        |k, op, rm, exec, out| k.f16(op, a.into(), b.into(), c.into(), exec, rm, out),
    );
}

/// `Kernels::pk_f16` on one set of packed binary16 pairs: each half against the scalar
/// function, the flags of both halves together.
fn check_pk_f16(ks: &[Kernels], rng: &mut Rng, abc: &[[u32; LANES]; 3], per_lane: bool) {
    let [a, b, c] = abc;
    every_op_and_mode(
        ks,
        rng,
        "pk_f16",
        abc,
        per_lane,
        |op, rm, i| {
            let (l, fl) = ref_f16(op, a[i] as u16, b[i] as u16, c[i] as u16, rm);
            let h = |x: u32| (x >> 16) as u16;
            let (hh, fh) = ref_f16(op, h(a[i]), h(b[i]), h(c[i]), rm);
            (l as u32 | (hh as u32) << 16, fl | fh)
        },
        |k, op, rm, exec, out| k.pk_f16(op, a.into(), b.into(), c.into(), exec, rm, out),
    );
}

/// `n` random operand sets in the format `f` (times `WARPKIT_LANES_ROUNDS`) from the stream
/// `seed`, each given to `body` with the stream and whether its lanes also run one by one
/// (every fourth set).
fn random_sets(
    f: FloatFormat,
    seed: u64,
    n: usize,
    mut body: impl FnMut(&mut Rng, [[u32; LANES]; 3], bool),
) {
    let mut rng = Rng(seed);
    let edges = f.edges();
    for set in 0..rounds(n) {
        let abc = operands(f, &mut rng, &edges);
        body(&mut rng, abc, set % 4 == 0);
    }
}

#[test]
fn f32_lanes_equal_scalar() {
    let ks = levels();
    random_sets(F32, 0x9e37_79b9_7f4a_7c15, 1500, |rng, abc, per_lane| {
        check_f32(&ks, rng, &abc, per_lane)
    });
}

/// `Kernels::f32_kernel_given` with NX already known: the same result bits, and the
/// same flags once NX is added to both (it may leave NX out, nothing else).
#[test]
fn f32_lanes_given_nx_equal_scalar() {
    let ks = levels();
    random_sets(F32, 0x51ed_270b_2d3c_4e59, 1500, |rng, abc, per_lane| {
        let [a, b, c] = &abc;
        every_op_and_mode(
            &ks,
            rng,
            "f32 given NX",
            &abc,
            per_lane,
            |op, rm, i| {
                let (r, fl) = ref_f32(op, a[i], b[i], c[i], rm);
                (r, fl | flags::NX)
            },
            |k, op, rm, exec, out| {
                let kernel = k.f32_kernel_given(op, rm, flags::NX);
                let fl = kernel.run(a.into(), b.into(), c.into(), exec, out);
                if exec == 0 {
                    fl
                } else {
                    fl | flags::NX
                }
            },
        );
    });
}

#[test]
fn f16_lanes_equal_scalar() {
    let ks = levels();
    random_sets(F16, 0x1234_5678_9abc_def1, 1500, |rng, abc, per_lane| {
        check_f16(&ks, rng, &abc.map(|v| v.map(|x| x as u16)), per_lane)
    });
}

#[test]
fn packed_f16_lanes_equal_scalar() {
    let ks = levels();
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    let edges = F16.edges();
    for set in 0..rounds(1000) {
        // Two independent operand sets, one per half.
        let lo = operands(F16, &mut rng, &edges);
        let hi = operands(F16, &mut rng, &edges);
        let abc: [[u32; LANES]; 3] =
            std::array::from_fn(|k| std::array::from_fn(|i| lo[k][i] | hi[k][i] << 16));
        check_pk_f16(&ks, &mut rng, &abc, set % 4 == 0);
    }
}

/// Every triple of edge values (zeros, subnormals, normal boundaries, infinities, quiet and
/// signalling NaNs of both signs) in every operation and mode, each lane also run alone so
/// that its own flags are compared.
#[test]
fn edge_triples_exhaustive() {
    let ks = levels();
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for f in [F32, F16] {
        let e = f.edges();
        let n = e.len();
        let triples: Vec<[u32; 3]> = (0..n * n * n)
            .map(|t| [e[t % n], e[t / n % n], e[t / (n * n)]])
            .collect();
        // The last set wraps around to the first triples, so every lane holds a triple.
        for start in (0..triples.len()).step_by(LANES) {
            let abc: [[u32; LANES]; 3] = std::array::from_fn(|k| {
                std::array::from_fn(|i| triples[(start + i) % triples.len()][k])
            });
            if f.mbits == F32.mbits {
                check_f32(&ks, &mut rng, &abc, true);
            } else {
                let abc = abc.map(|v| v.map(|x| x as u16));
                check_f16(&ks, &mut rng, &abc, true);
                // Packed: the triples in the low halves, reversed in the high ones.
                let pk = abc.map(|v| -> [u32; LANES] {
                    std::array::from_fn(|i| v[i] as u32 | (v[LANES - 1 - i] as u32) << 16)
                });
                check_pk_f16(&ks, &mut rng, &pk, true);
            }
        }
    }
}

/// `(operand, its lanes)`: the splat of `s` if `splat`, else the lane array `v`.
fn pick<'a, T: Copy, S>(
    v: &'a [T; LANES],
    s: T,
    splat: bool,
    mk_splat: fn(T) -> S,
    mk_lanes: fn(&'a [T; LANES]) -> S,
) -> (S, [T; LANES]) {
    if splat {
        (mk_splat(s), [s; LANES])
    } else {
        (mk_lanes(v), *v)
    }
}

/// A run with splat operands (flags `f1`, lanes `o1`) equals the run with lane arrays
/// (`f2`, `o2`) in the flags and every lane active under `exec`.
fn same_active<T: PartialEq + std::fmt::Debug>(
    what: &str,
    exec: u32,
    (f1, o1): (u8, &[T; LANES]),
    (f2, o2): (u8, &[T; LANES]),
) {
    assert_eq!(f1, f2, "{what}");
    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
        assert_eq!(o1[i], o2[i], "{what} lane {i}");
    }
}

/// A splat operand gives the same bits and flags as a lane array holding that value.
#[test]
fn splat_operands_equal_lane_arrays() {
    let ks = levels();
    let mut rng = Rng(0x5555_aaaa_1234_4321);
    let (e32, e16) = (F32.edges(), F16.edges());
    for _ in 0..rounds(300) {
        let [a, b, c] = operands(F32, &mut rng, &e32);
        let [p, q, r] = operands(F16, &mut rng, &e16);
        let h = |v: [u32; LANES]| v.map(|x| x as u16);
        let (p16, q16, r16) = (h(p), h(q), h(r));
        let s32 = F32.any(&mut rng, &e32);
        let s16 = F16.any(&mut rng, &e16) as u16;
        let spk = s16 as u32 | (F16.any(&mut rng, &e16)) << 16;
        let exec = if rng.bit() {
            u32::MAX
        } else {
            rng.next() as u32
        };
        for k in &ks {
            for op in ArithOp::ALL {
                for rm in Rm::ALL {
                    for pos in 0..3 {
                        let what =
                            |f: &str| format!("{:?} {f} {op:?} {rm:?} splat at {pos}", k.level());
                        let pick32 = |v, s, at| pick(v, s, at == pos, Src32::Splat, Src32::Lanes);
                        let (sa, la) = pick32(&a, s32, 0);
                        let (sb, lb) = pick32(&b, s32, 1);
                        let (sc, lc) = pick32(&c, s32, 2);
                        let (mut o1, mut o2) = ([0; LANES], [0; LANES]);
                        let f1 = k.f32(op, sa, sb, sc, exec, rm, &mut o1);
                        let f2 = k.f32(
                            op,
                            (&la).into(),
                            (&lb).into(),
                            (&lc).into(),
                            exec,
                            rm,
                            &mut o2,
                        );
                        same_active(&what("f32"), exec, (f1, &o1), (f2, &o2));

                        let (sa, la) = pick32(&p, spk, 0);
                        let (sb, lb) = pick32(&q, spk, 1);
                        let (sc, lc) = pick32(&r, spk, 2);
                        let f1 = k.pk_f16(op, sa, sb, sc, exec, rm, &mut o1);
                        let f2 = k.pk_f16(
                            op,
                            (&la).into(),
                            (&lb).into(),
                            (&lc).into(),
                            exec,
                            rm,
                            &mut o2,
                        );
                        same_active(&what("pk"), exec, (f1, &o1), (f2, &o2));

                        let pick16 = |v, s, at| pick(v, s, at == pos, Src16::Splat, Src16::Lanes);
                        let (sa, la) = pick16(&p16, s16, 0);
                        let (sb, lb) = pick16(&q16, s16, 1);
                        let (sc, lc) = pick16(&r16, s16, 2);
                        let (mut h1, mut h2) = ([0u16; LANES], [0u16; LANES]);
                        let f1 = k.f16(op, sa, sb, sc, exec, rm, &mut h1);
                        let f2 = k.f16(
                            op,
                            (&la).into(),
                            (&lb).into(),
                            (&lc).into(),
                            exec,
                            rm,
                            &mut h2,
                        );
                        same_active(&what("f16"), exec, (f1, &h1), (f2, &h2));
                    }
                }
            }
        }
    }
}

/// Hand-picked lanes whose flags only the boundary rules decide, so a kernel that got
/// tininess, overflow or the NaN rules wrong fails here by name.
#[test]
fn boundary_cases_by_name() {
    let ks = levels();
    #[rustfmt::skip]
    let cases32: &[(ArithOp, u32, u32, u32, Rm, u32, u8)] = &[
        // max + half an ulp ties to even: overflow to +inf in rne ...
        (ArithOp::Add, 0x7f7f_ffff, 0x7300_0000, 0, Rm::Rne, 0x7f80_0000, flags::OF | flags::NX),
        // ... and stays at max finite in rtz, which is no overflow.
        (ArithOp::Add, 0x7f7f_ffff, 0x7300_0000, 0, Rm::Rtz, 0x7f7f_ffff, flags::NX),
        // rmm ties away from zero at 1 + 2^-24; rne to even.
        (ArithOp::Add, 0x3f80_0000, 0x3380_0000, 0, Rm::Rmm, 0x3f80_0001, flags::NX),
        (ArithOp::Add, 0x3f80_0000, 0x3380_0000, 0, Rm::Rne, 0x3f80_0000, flags::NX),
        // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie: rmm away, rne to even ...
        (ArithOp::Fma, 0x3f80_0800, 0x3f80_0800, 0, Rm::Rmm, 0x3f80_1001, flags::NX),
        (ArithOp::Fma, 0x3f80_0800, 0x3f80_0800, 0, Rm::Rne, 0x3f80_1000, flags::NX),
        // ... and -+2^-60 added makes near-ties (RN64 still on the midpoint): below, above.
        (ArithOp::Fma, 0x3f80_0800, 0x3f80_0800, 0xa180_0000, Rm::Rmm, 0x3f80_1000, flags::NX),
        (ArithOp::Fma, 0x3f80_0800, 0x3f80_0800, 0x2180_0000, Rm::Rmm, 0x3f80_1001, flags::NX),
        (ArithOp::Fma, 0xbf80_0800, 0x3f80_0800, 0x2180_0000, Rm::Rmm, 0xbf80_1000, flags::NX),
        (ArithOp::Fma, 0xbf80_0800, 0x3f80_0800, 0, Rm::Rmm, 0xbf80_1001, flags::NX),
        // (1 + 2^-23) * 2^-126 (1 - 2^-23) = 2^-126 (1 - 2^-46) rounds to 2^-126 in rup and
        // rne: not tiny after rounding, so no UF ...
        (ArithOp::Mul, 0x3f80_0001, 0x007f_ffff, 0, Rm::Rup, 0x0080_0000, flags::NX),
        (ArithOp::Mul, 0x3f80_0001, 0x007f_ffff, 0, Rm::Rne, 0x0080_0000, flags::NX),
        // ... and in rtz it is tiny and inexact: UF.
        (ArithOp::Mul, 0x3f80_0001, 0x007f_ffff, 0, Rm::Rtz, 0x007f_ffff, flags::UF | flags::NX),
        // Exact subnormal difference: no flags.
        (ArithOp::Sub, 0x0080_0000, 0x0000_0001, 0, Rm::Rne, 0x007f_ffff, 0),
        // x - x is -0 in rdn only.
        (ArithOp::Sub, 0x4000_0000, 0x4000_0000, 0, Rm::Rdn, 0x8000_0000, 0),
        (ArithOp::Sub, 0x4000_0000, 0x4000_0000, 0, Rm::Rne, 0x0000_0000, 0),
        // inf - inf, 0 * inf, fma(0, inf, qNaN) and sNaN operands are invalid; NaN results
        // are canonical; a qNaN operand alone raises nothing.
        (ArithOp::Add, 0x7f80_0000, 0xff80_0000, 0, Rm::Rne, 0x7fc0_0000, flags::NV),
        (ArithOp::Mul, 0x0000_0000, 0xff80_0000, 0, Rm::Rne, 0x7fc0_0000, flags::NV),
        (ArithOp::Fma, 0x0000_0000, 0x7f80_0000, 0x7fc0_0001, Rm::Rne, 0x7fc0_0000, flags::NV),
        (ArithOp::Add, 0x7f80_0001, 0x3f80_0000, 0, Rm::Rne, 0x7fc0_0000, flags::NV),
        (ArithOp::Add, 0xffc1_2345, 0x3f80_0000, 0, Rm::Rne, 0x7fc0_0000, 0),
        // fma's exact zero: +0 * -1 + +0 = +0, -0 in rdn.
        (ArithOp::Fma, 0x0000_0000, 0xbf80_0000, 0x0000_0000, Rm::Rne, 0x0000_0000, 0),
        (ArithOp::Fma, 0x0000_0000, 0xbf80_0000, 0x0000_0000, Rm::Rdn, 0x8000_0000, 0),
    ];
    for k in &ks {
        for &(op, a, b, c, rm, want, want_fl) in cases32 {
            let mut out = [0; LANES];
            let fl = k.f32(op, a.into(), b.into(), c.into(), u32::MAX, rm, &mut out);
            assert_eq!(
                (out[0], fl),
                (want, want_fl),
                "{:?} f32 {op:?} {rm:?} ({a:#x}, {b:#x}, {c:#x})",
                k.level()
            );
        }
    }
    #[rustfmt::skip]
    let cases16: &[(ArithOp, u16, u16, u16, Rm, u16, u8)] = &[
        // 65504 + 16 ties to even: overflow in rne; rtz keeps max (no overflow).
        (ArithOp::Add, 0x7bff, 0x4c00, 0, Rm::Rne, 0x7c00, flags::OF | flags::NX),
        (ArithOp::Add, 0x7bff, 0x4c00, 0, Rm::Rtz, 0x7bff, flags::NX),
        // 1 + 2^-11 (a tie): rne keeps 1, rmm goes away.
        (ArithOp::Add, 0x3c00, 0x1000, 0, Rm::Rne, 0x3c00, flags::NX),
        (ArithOp::Add, 0x3c00, 0x1000, 0, Rm::Rmm, 0x3c01, flags::NX),
        // 2^-12 * 2^-12 = 2^-24, the smallest subnormal, exact.
        (ArithOp::Mul, 0x0c00, 0x0c00, 0, Rm::Rne, 0x0001, 0),
        // 2^-12 * 2^-13 = 2^-25: a tie below the smallest subnormal: 0 in rne, away in rmm.
        (ArithOp::Mul, 0x0c00, 0x0800, 0, Rm::Rne, 0x0000, flags::UF | flags::NX),
        (ArithOp::Mul, 0x0c00, 0x0800, 0, Rm::Rmm, 0x0001, flags::UF | flags::NX),
        // x - x is -0 in rdn; an fma's exact zero too, +0 in rup.
        (ArithOp::Sub, 0x4000, 0x4000, 0, Rm::Rdn, 0x8000, 0),
        (ArithOp::Fma, 0x3c00, 0x4000, 0xc000, Rm::Rdn, 0x8000, 0),
        (ArithOp::Fma, 0x3c00, 0x4000, 0xc000, Rm::Rup, 0x0000, 0),
        // Specials.
        (ArithOp::Fma, 0x0000, 0x7c00, 0x7e01, Rm::Rne, 0x7e00, flags::NV),
        (ArithOp::Add, 0x7c01, 0x0000, 0, Rm::Rne, 0x7e00, flags::NV),
        (ArithOp::Add, 0x7c00, 0xfc00, 0, Rm::Rne, 0x7e00, flags::NV),
    ];
    for k in &ks {
        for &(op, a, b, c, rm, want, want_fl) in cases16 {
            let mut out = [0; LANES];
            let fl = k.f16(op, a.into(), b.into(), c.into(), u32::MAX, rm, &mut out);
            assert_eq!(
                (out[0], fl),
                (want, want_fl),
                "{:?} f16 {op:?} {rm:?} ({a:#x}, {b:#x}, {c:#x})",
                k.level()
            );
            // The same in the high half of a packed lane, the low half exact and flagless.
            let pk = |x: u16| (x as u32) << 16;
            let mut out = [0; LANES];
            let fl = k.pk_f16(
                op,
                pk(a).into(),
                pk(b).into(),
                pk(c).into(),
                u32::MAX,
                rm,
                &mut out,
            );
            let zero = if op == ArithOp::Mul {
                0
            } else {
                out[0] & 0x8000
            };
            assert_eq!(
                (out[0], fl),
                (pk(want) | zero, want_fl),
                "{:?} pk_f16 {op:?} {rm:?} ({a:#x}, {b:#x}, {c:#x})",
                k.level()
            );
        }
    }
}

/// Inactive lanes neither raise flags nor change the active lanes' results, whatever they
/// hold (here: signalling NaNs and overflowing values).
#[test]
fn inactive_lanes_raise_nothing() {
    let ks = levels();
    let bad32 = [0x7f80_0001u32, 0x7f7f_ffff, 0x0000_0001];
    let one32 = 0x3f80_0000u32;
    for k in &ks {
        for op in ArithOp::ALL {
            for rm in Rm::ALL {
                for exec in [0u32, 1, 1 << 31, 0x0f0f_0f0f] {
                    let mut a = [bad32[0]; LANES];
                    let mut b = [bad32[1]; LANES];
                    let mut c = [bad32[2]; LANES];
                    for i in 0..LANES {
                        if exec >> i & 1 == 1 {
                            (a[i], b[i], c[i]) = (one32, one32, one32);
                        }
                    }
                    let mut out = [0; LANES];
                    let fl = k.f32(
                        op,
                        (&a).into(),
                        (&b).into(),
                        (&c).into(),
                        exec,
                        rm,
                        &mut out,
                    );
                    assert_eq!(fl, 0, "{:?} f32 {op:?} {rm:?} exec {exec:#x}", k.level());
                    let a16 = a.map(|x| if x == one32 { 0x3c00u16 } else { 0x7c01 });
                    let b16 = b.map(|x| if x == one32 { 0x3c00u16 } else { 0x7bff });
                    let mut o16 = [0; LANES];
                    let fl = k.f16(
                        op,
                        (&a16).into(),
                        (&b16).into(),
                        (&b16).into(),
                        exec,
                        rm,
                        &mut o16,
                    );
                    assert_eq!(fl, 0, "{:?} f16 {op:?} {rm:?} exec {exec:#x}", k.level());
                    let apk = a16.map(|x| x as u32 * 0x1_0001);
                    let bpk = b16.map(|x| x as u32 * 0x1_0001);
                    let fl = k.pk_f16(
                        op,
                        (&apk).into(),
                        (&bpk).into(),
                        (&bpk).into(),
                        exec,
                        rm,
                        &mut out,
                    );
                    assert_eq!(fl, 0, "{:?} pk_f16 {op:?} {rm:?} exec {exec:#x}", k.level());
                }
            }
        }
    }
}

/// The kernels leave the caller's MXCSR (rounding mode, flags) as it was.
#[cfg(target_arch = "x86_64")]
#[test]
fn caller_mxcsr_is_restored() {
    use std::arch::asm;
    fn read() -> u32 {
        let mut m = 0u32;
        // SAFETY: stores MXCSR into a local.
        unsafe { asm!("stmxcsr [{}]", in(reg) &mut m, options(nostack, preserves_flags)) };
        m
    }
    let a = [0x7f80_0001u32; LANES];
    let b = [0x0000_0001u32; LANES];
    let mut out = [0; LANES];
    for k in levels() {
        for rm in Rm::ALL {
            for op in ArithOp::ALL {
                let before = read();
                k.f32(
                    op,
                    (&a).into(),
                    (&b).into(),
                    (&b).into(),
                    u32::MAX,
                    rm,
                    &mut out,
                );
                let now = read();
                let what = format!("{:?} f32 {op:?} {rm:?}", k.level());
                assert_eq!(
                    now & !0x3f,
                    before & !0x3f,
                    "control bits changed by {what}"
                );
                if k.level() == SimdLevel::Avx2 && rm != Rm::Rmm {
                    // This kernel runs no FP code outside its asm block, so the NV/UF/NX the
                    // block raised must not reach the caller's flags either.
                    assert_eq!(now & 0x3f, before & 0x3f, "flags changed by {what}");
                }
                // The other kernels' exact arithmetic outside any asm block may raise NX in
                // the caller's MXCSR (as any Rust FP code does); the control bits must stay.
                k.pk_f16(
                    op,
                    (&a).into(),
                    (&b).into(),
                    (&b).into(),
                    u32::MAX,
                    rm,
                    &mut out,
                );
                let now = read();
                assert_eq!(
                    now & !0x3f,
                    before & !0x3f,
                    "control bits changed by pk {op:?} {rm:?}"
                );
            }
        }
    }
}
