//! Value classes: what kind of number a source or result lane holds, by the kind of data
//! the operand carries (integers of 16, 32 or 64 bits, binary32, binary16).

/// The data an operand carries, as the coverage model reads it from the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    Int16,
    Int32,
    Int64,
    F32,
    F16,
    /// Two binary16 values in one 32-bit lane (packed work): both halves are classed.
    F16x2,
}

/// Integer classes, in bin order.
pub const INT_CLASSES: [&str; 6] = ["zero", "one", "minus_one", "int_min", "int_max", "other"];
/// Floating-point classes, in bin order.
pub const FLOAT_CLASSES: [&str; 10] = [
    "+zero",
    "-zero",
    "+subnormal",
    "-subnormal",
    "+normal",
    "-normal",
    "+inf",
    "-inf",
    "qnan",
    "snan",
];

impl ValueKind {
    pub fn classes(self) -> &'static [&'static str] {
        match self {
            ValueKind::Int16 | ValueKind::Int32 | ValueKind::Int64 => &INT_CLASSES,
            ValueKind::F32 | ValueKind::F16 | ValueKind::F16x2 => &FLOAT_CLASSES,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, ValueKind::F32 | ValueKind::F16 | ValueKind::F16x2)
    }

    /// Bits of a value of this kind (a lane of a packed operand: 32).
    pub fn bits(self) -> u32 {
        match self {
            ValueKind::Int16 | ValueKind::F16 => 16,
            ValueKind::Int32 | ValueKind::F32 | ValueKind::F16x2 => 32,
            ValueKind::Int64 => 64,
        }
    }

    /// The set of classes (bit i = class i) of one value (`x` holds `bits()` bits).
    #[inline]
    pub fn class_bits(self, x: u64) -> u16 {
        match self {
            ValueKind::Int16 => {
                1 << int_class(x as u16 as i16 as i64, i16::MIN as i64, i16::MAX as i64)
            }
            ValueKind::Int32 => {
                1 << int_class(x as u32 as i32 as i64, i32::MIN as i64, i32::MAX as i64)
            }
            ValueKind::Int64 => 1 << int_class(x as i64, i64::MIN, i64::MAX),
            ValueKind::F32 => 1 << f32_class(x as u32),
            ValueKind::F16 => 1 << f16_class(x as u16),
            ValueKind::F16x2 => (1 << f16_class(x as u16)) | (1 << f16_class((x >> 16) as u16)),
        }
    }

    /// A value of class `class` (an index into [`ValueKind::classes`]), for generators that aim
    /// at a class; `pick` varies the value inside the class. A packed kind repeats the
    /// binary16 value in both halves.
    pub fn sample(self, class: usize, pick: u64) -> u64 {
        match self {
            ValueKind::Int16 => int_sample(class, pick, 16),
            ValueKind::Int32 => int_sample(class, pick, 32),
            ValueKind::Int64 => int_sample(class, pick, 64),
            ValueKind::F32 => float_sample(class, pick, 8, 23),
            ValueKind::F16 => float_sample(class, pick, 5, 10),
            ValueKind::F16x2 => {
                let h = float_sample(class, pick, 5, 10);
                h | h << 16
            }
        }
    }
}

/// Lane bits, so that "is lane l active" is a compare against a constant vector.
const LANE_BIT: [u32; 32] = {
    let mut b = [0u32; 32];
    let mut l = 0;
    while l < 32 {
        b[l] = 1 << l;
        l += 1;
    }
    b
};

/// OR over the active lanes of a per-lane one-hot class bit (written as selects and an OR
/// reduction, which the compiler turns into vector code).
#[inline(always)]
fn or_active(v: &[u32; 32], lanes: u32, onehot: impl Fn(u32) -> u32) -> u16 {
    let mut acc = 0u32;
    for l in 0..32 {
        let on = if lanes & LANE_BIT[l] != 0 {
            u32::MAX
        } else {
            0
        };
        acc |= onehot(v[l]) & on;
    }
    acc as u16
}

/// The class set of `w`-bit integers (zero-extended in `v`) over the lanes of `lanes`.
#[inline]
pub fn int_lanes(v: &[u32; 32], lanes: u32, w: u32) -> u16 {
    let ones = if w == 32 { u32::MAX } else { (1 << w) - 1 };
    let min = 1u32 << (w - 1);
    let max = min - 1;
    or_active(v, lanes, |x| {
        if x == 0 {
            1
        } else if x == 1 {
            2
        } else if x == ones {
            4
        } else if x == min {
            8
        } else if x == max {
            16
        } else {
            32
        }
    })
}

/// The class set of binary floating-point values with `e` exponent and `f` fraction bits
/// (in the low bits of `v`) over the lanes of `lanes`.
#[inline]
pub fn float_lanes(v: &[u32; 32], lanes: u32, e: u32, f: u32) -> u16 {
    let frac = (1u32 << f) - 1;
    let expm = ((1u32 << e) - 1) << f;
    let quiet = 1u32 << (f - 1);
    let sign = 1u32 << (e + f);
    or_active(v, lanes, |x| {
        let ex = x & expm;
        let fr = x & frac;
        let base = if ex == 0 {
            if fr == 0 {
                1
            } else {
                4
            }
        } else if ex == expm {
            if fr == 0 {
                64
            } else if x & quiet != 0 {
                256
            } else {
                512
            }
        } else {
            16
        };
        // The negative class follows the positive one; NaNs have no sign class.
        if x & sign != 0 && base < 256 {
            base << 1
        } else {
            base
        }
    })
}

impl ValueKind {
    /// The class set of 32 lanes (`v`: the lanes' 32 bits, or their 16-bit value
    /// zero-extended for 16-bit kinds) over the lanes of `lanes`; not for [`ValueKind::Int64`].
    #[inline]
    pub fn lanes_bits(self, v: &[u32; 32], lanes: u32) -> u16 {
        if lanes == 0 {
            return 0;
        }
        // Lanes that all hold one value (broadcasts, uniform data) are classed once.
        let first = v[lanes.trailing_zeros() as usize];
        let mut diff = 0u32;
        for l in 0..32 {
            let on = if lanes & LANE_BIT[l] != 0 {
                u32::MAX
            } else {
                0
            };
            diff |= (v[l] ^ first) & on;
        }
        if diff == 0 && self != ValueKind::Int64 {
            return self.class_bits(first as u64);
        }
        match self {
            ValueKind::Int16 => int_lanes(v, lanes, 16),
            ValueKind::Int32 => int_lanes(v, lanes, 32),
            ValueKind::Int64 => {
                let mut b = 0u16;
                for (l, &x) in v.iter().enumerate() {
                    if lanes >> l & 1 == 1 {
                        b |= self.class_bits(x as u64);
                    }
                }
                b
            }
            ValueKind::F32 => float_lanes(v, lanes, 8, 23),
            ValueKind::F16 => float_lanes(v, lanes, 5, 10),
            ValueKind::F16x2 => {
                let hi = v.map(|x| x >> 16);
                let lo = v.map(|x| x & 0xffff);
                float_lanes(&lo, lanes, 5, 10) | float_lanes(&hi, lanes, 5, 10)
            }
        }
    }
}

/// OR of `f` over the lanes of `lanes` (branch-free, so the compiler vectorises it; a full
/// EXEC skips the lane masks).
#[inline(always)]
fn or_lanes<const N: usize>(v: &[u32; 32], lanes: u32, f: impl Fn(u32) -> [u32; N]) -> [u32; N] {
    let mut acc = [0u32; N];
    if lanes == u32::MAX {
        for &x in v {
            let r = f(x);
            for k in 0..N {
                acc[k] |= r[k];
            }
        }
    } else {
        for l in 0..32 {
            let on = if lanes & LANE_BIT[l] != 0 {
                u32::MAX
            } else {
                0
            };
            let r = f(v[l]);
            for k in 0..N {
                acc[k] |= r[k] & on;
            }
        }
    }
    acc
}

impl ValueKind {
    /// [`ValueKind::lanes_bits`], quicker where most lanes are alike: when no active lane holds
    /// an integer corner value (0, 1, -1, MIN, MAX) the set is "other"; when every active
    /// lane holds a normal number it is the normal classes of the signs seen. Only other
    /// values are classed lane by lane. Not for [`ValueKind::Int64`].
    #[inline]
    pub fn lanes_bits_quick(self, v: &[u32; 32], lanes: u32) -> u16 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: this CPU has AVX2 (checked just above).
            return unsafe { quick_avx2(self, v, lanes) };
        }
        quick(self, v, lanes)
    }
}

/// [`ValueKind::lanes_bits_quick`] compiled for AVX2 (eight lanes per operation).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn quick_avx2(kind: ValueKind, v: &[u32; 32], lanes: u32) -> u16 {
    quick(kind, v, lanes)
}

/// The quick test of [`quick`] for [`ValueKind::Int32`] over all 32 lanes, written in AVX2
/// instructions (the portable loop compiles to packs and shuffles): "other", or `None`
/// where some lane may hold a corner value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn int32_all_lanes_avx2(v: &[u32; 32]) -> Option<u16> {
    use std::arch::x86_64::*;
    let one = _mm256_set1_epi32(1);
    let max = _mm256_set1_epi32(i32::MAX);
    let three = _mm256_set1_epi32(3);
    let mut corner = _mm256_setzero_si256();
    for k in 0..4 {
        // SAFETY: lanes 8k..8k + 8 are inside `v`; the load needs no alignment.
        let x = unsafe { _mm256_loadu_si256(v.as_ptr().add(8 * k).cast()) };
        // As in `quick`: (x + 1) with the sign bit cleared is at most 2 for the corners.
        let t = _mm256_and_si256(_mm256_add_epi32(x, one), max);
        corner = _mm256_or_si256(corner, _mm256_cmpgt_epi32(three, t));
    }
    (_mm256_testz_si256(corner, corner) != 0).then_some(1 << 5)
}

/// The quick test of [`quick`] for [`ValueKind::F32`] over all 32 lanes, in AVX2
/// instructions: the normal classes of the signs seen when every lane is normal, else
/// `None`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn f32_all_lanes_avx2(v: &[u32; 32]) -> Option<u16> {
    use std::arch::x86_64::*;
    let exponent = _mm256_set1_epi32(0x7f80_0000);
    // With the exponent field t, t + 0x7f80_0000 (wrapping) is at least -0x0100_0000 as a
    // signed number exactly for t = 0 (zero, subnormal) and t = 0x7f80_0000 (inf, NaN).
    let limit = _mm256_set1_epi32(-0x0100_0001);
    let (mut odd, mut any, mut all) = (
        _mm256_setzero_si256(),
        _mm256_setzero_si256(),
        _mm256_set1_epi32(-1),
    );
    for k in 0..4 {
        // SAFETY: lanes 8k..8k + 8 are inside `v`; the load needs no alignment.
        let x = unsafe { _mm256_loadu_si256(v.as_ptr().add(8 * k).cast()) };
        let w = _mm256_add_epi32(_mm256_and_si256(x, exponent), exponent);
        odd = _mm256_or_si256(odd, _mm256_cmpgt_epi32(w, limit));
        any = _mm256_or_si256(any, x);
        all = _mm256_and_si256(all, x);
    }
    if _mm256_testz_si256(odd, odd) == 0 {
        return None;
    }
    // Sign bits: some lane negative, not every lane negative.
    let neg = _mm256_movemask_ps(_mm256_castsi256_ps(any)) != 0;
    let pos = _mm256_movemask_ps(_mm256_castsi256_ps(all)) != 0xff;
    Some(u16::from(pos) << 4 | u16::from(neg) << 5)
}

/// [`ValueKind::lanes_bits_quick`] without the CPU check, for callers compiled for AVX2 (or
/// not) as a whole.
#[inline(always)]
pub(crate) fn quick(this: ValueKind, v: &[u32; 32], lanes: u32) -> u16 {
    if lanes == 0 {
        return 0;
    }
    let quick = match this {
        ValueKind::Int16 | ValueKind::Int32 => {
            let max = if this == ValueKind::Int16 {
                0x7fff
            } else {
                i32::MAX as u32
            };
            // After adding one, -1, 0, 1 are 0, 1, 2 and MAX, MIN are 0, 1 above MIN: with
            // the sign bit cleared all five are at most 2 (so is MIN + 1, which only sends
            // its register down the exact path).
            let [corner] = or_lanes(v, lanes, |x| [u32::from(x.wrapping_add(1) & max <= 2)]);
            (corner == 0).then_some(1 << 5)
        }
        ValueKind::F32 | ValueKind::F16 | ValueKind::F16x2 => {
            let (e, f, halves) = match this {
                ValueKind::F32 => (8, 23, 1),
                ValueKind::F16 => (5, 10, 1),
                _ => (5, 10, 2),
            };
            let emax = (1u32 << e) - 1;
            let sign = 1u32 << (e + f);
            let one = |h: u32| -> [u32; 3] {
                let ex = (h >> f) & emax;
                [
                    u32::from(ex.wrapping_sub(1) > emax - 2),
                    !h & sign,
                    h & sign,
                ]
            };
            let [odd, pos, neg] = or_lanes(v, lanes, |x| {
                if halves == 1 {
                    one(x)
                } else {
                    let (a, b) = (one(x & 0xffff), one(x >> 16));
                    [a[0] | b[0], a[1] | b[1], a[2] | b[2]]
                }
            });
            (odd == 0)
                .then_some(if pos != 0 { 1 << 4 } else { 0 } | if neg != 0 { 1 << 5 } else { 0 })
        }
        ValueKind::Int64 => None,
    };
    quick.unwrap_or_else(|| this.lanes_bits(v, lanes))
}

#[inline]
fn int_class(v: i64, min: i64, max: i64) -> u32 {
    match v {
        0 => 0,
        1 => 1,
        -1 => 2,
        _ if v == min => 3,
        _ if v == max => 4,
        _ => 5,
    }
}

/// Class of a binary floating-point value with `e` exponent bits and `m` fraction bits.
#[inline]
fn float_class(exp: u32, frac: u32, sign: u32, exp_max: u32, quiet_bit: u32) -> u32 {
    if exp == exp_max {
        if frac == 0 {
            6 + sign
        } else if frac & quiet_bit != 0 {
            8
        } else {
            9
        }
    } else if exp == 0 {
        if frac == 0 {
            sign
        } else {
            2 + sign
        }
    } else {
        4 + sign
    }
}

#[inline]
pub fn f32_class(x: u32) -> u32 {
    float_class((x >> 23) & 0xff, x & 0x7f_ffff, x >> 31, 0xff, 0x40_0000)
}

#[inline]
pub fn f16_class(x: u16) -> u32 {
    let x = x as u32;
    float_class((x >> 10) & 0x1f, x & 0x3ff, (x >> 15) & 1, 0x1f, 0x200)
}

fn int_sample(class: usize, pick: u64, bits: u32) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let min = 1u64 << (bits - 1);
    match class {
        0 => 0,
        1 => 1,
        2 => mask,
        3 => min,
        4 => min - 1,
        // Anything else: small values and random bits, never one of the corners above.
        _ => {
            let v = match pick % 3 {
                0 => 2 + pick % 61,
                1 => mask - 1 - pick % 7,
                _ => pick,
            } & mask;
            if [0, 1, mask, min, min - 1].contains(&v) {
                2
            } else {
                v
            }
        }
    }
}

fn float_sample(class: usize, pick: u64, e: u32, m: u32) -> u64 {
    let exp_max = (1u64 << e) - 1;
    let frac_mask = (1u64 << m) - 1;
    let sign = 1u64 << (e + m);
    let frac = |p: u64| (p % frac_mask) + 1; // never 0
    let (s, bits) = match class {
        0 | 1 => (class == 1, 0),
        2 | 3 => (class == 3, frac(pick)),
        4 | 5 => (
            class == 5,
            ((pick % (exp_max - 1)) + 1) << m | (pick >> 8) & frac_mask,
        ),
        6 | 7 => (class == 7, exp_max << m),
        8 => (
            pick & 1 == 1,
            exp_max << m | 1 << (m - 1) | (pick >> 1) & (frac_mask >> 1),
        ),
        _ => (
            pick & 1 == 1,
            exp_max << m | ((pick >> 1) % (frac_mask >> 1) + 1),
        ),
    };
    bits | if s { sign } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_fall_in_their_class() {
        for kind in [
            ValueKind::Int16,
            ValueKind::Int32,
            ValueKind::Int64,
            ValueKind::F32,
            ValueKind::F16,
            ValueKind::F16x2,
        ] {
            for c in 0..kind.classes().len() {
                for pick in [0u64, 1, 2, 3, 77, 0x1234_5678_9abc_def0, u64::MAX] {
                    let v = kind.sample(c, pick);
                    assert_eq!(
                        kind.class_bits(v),
                        1 << c,
                        "{kind:?} class {c} pick {pick}: {v:#x}"
                    );
                }
            }
        }
    }

    /// `n` values that go through every class of every kind in turn.
    fn sample_values(n: u64) -> Vec<u32> {
        (0..n)
            .map(|i| {
                let k = [
                    ValueKind::Int32,
                    ValueKind::F32,
                    ValueKind::F16x2,
                    ValueKind::Int16,
                    ValueKind::F16,
                ][i as usize % 5];
                let c = (i as usize / 5) % k.classes().len();
                k.sample(c, i * 0x9e37_79b9) as u32
            })
            .collect()
    }

    #[test]
    fn lane_classes_equal_one_value_at_a_time() {
        let vals = sample_values(200);
        for kind in [
            ValueKind::Int16,
            ValueKind::Int32,
            ValueKind::F32,
            ValueKind::F16,
            ValueKind::F16x2,
        ] {
            for (chunk, lanes) in
                vals.chunks(32)
                    .zip([u32::MAX, 0x1, 0x8000_0000, 0x00ff_00f0, 0, 0x5555_5555])
            {
                let mut v = [0u32; 32];
                for (d, &x) in v.iter_mut().zip(chunk) {
                    *d = if kind.bits() == 16 { x & 0xffff } else { x };
                }
                let mut want = 0u16;
                for (l, &x) in v.iter().enumerate() {
                    if lanes >> l & 1 == 1 {
                        want |= kind.class_bits(x as u64);
                    }
                }
                assert_eq!(
                    kind.lanes_bits(&v, lanes),
                    want,
                    "{kind:?} lanes {lanes:#x}"
                );
            }
        }
    }

    #[test]
    fn quick_lane_classes_equal_one_value_at_a_time() {
        let mut vals = sample_values(320);
        // Registers of only "other" integers and of only normal numbers of one sign or
        // both (the quick answers), with one corner lane, and of one value throughout.
        vals.extend((0..32u32).map(|l| 0x1234_5678u32.wrapping_mul(l + 3)));
        vals.extend((0..32u32).map(|l| 0x3f80_0000 + l * 0x1_0001));
        vals.extend((0..32u32).map(|l| (0x3c00_3c00 + l * 0x1_0001) | (l & 1) << 31));
        vals.extend((0..32u32).map(|l| if l == 17 { 0 } else { 0x4000_4000 + l }));
        vals.extend([0x7fc0_0000u32; 32]);
        vals.extend([5u32; 32]);
        for kind in [
            ValueKind::Int16,
            ValueKind::Int32,
            ValueKind::F32,
            ValueKind::F16,
            ValueKind::F16x2,
        ] {
            for chunk in vals.chunks_exact(32) {
                let mut v = [0u32; 32];
                for (d, &x) in v.iter_mut().zip(chunk) {
                    *d = if kind.bits() == 16 { x & 0xffff } else { x };
                }
                for lanes in [
                    u32::MAX,
                    0x1,
                    0x8000_0000,
                    0x00ff_00f0,
                    0,
                    0x5555_5555,
                    0x2_0000,
                ] {
                    let mut want = 0u16;
                    for (l, &x) in v.iter().enumerate() {
                        if lanes >> l & 1 == 1 {
                            want |= kind.class_bits(x as u64);
                        }
                    }
                    assert_eq!(
                        kind.lanes_bits_quick(&v, lanes),
                        want,
                        "{kind:?} lanes {lanes:#x} {v:x?}"
                    );
                }
                // The AVX2 tests over all lanes: the quick answer where they give one.
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    let all =
                        |v: &[u32; 32]| v.iter().fold(0u16, |a, &x| a | kind.class_bits(x as u64));
                    // SAFETY: this CPU has AVX2 (checked just above).
                    let q = unsafe {
                        match kind {
                            ValueKind::Int32 => Some(int32_all_lanes_avx2(&v)),
                            ValueKind::F32 => Some(f32_all_lanes_avx2(&v)),
                            _ => None,
                        }
                    };
                    if let Some(q) = q {
                        let quick_one = quick(kind, &v, u32::MAX);
                        assert_eq!(q.unwrap_or(quick_one), all(&v), "{kind:?} {v:x?}");
                        // As the portable test: a quick answer exactly where it gives one.
                        let portable = match kind {
                            ValueKind::Int32 => {
                                v.iter().all(|&x| x.wrapping_add(1) & i32::MAX as u32 > 2)
                            }
                            _ => v.iter().all(|&x| (1..0xff).contains(&(x >> 23 & 0xff))),
                        };
                        assert_eq!(q.is_some(), portable, "{kind:?} {v:x?}");
                    }
                }
            }
        }
    }

    #[test]
    fn corner_values() {
        assert_eq!(f32_class(0x7fc0_0000), 8);
        assert_eq!(f32_class(0x7f80_0001), 9);
        assert_eq!(f32_class(0x8000_0001), 3);
        assert_eq!(f32_class(0xff80_0000), 7);
        assert_eq!(f16_class(0x7e00), 8);
        assert_eq!(f16_class(0x7c01), 9);
        assert_eq!(f16_class(0x8400), 5);
        assert_eq!(ValueKind::Int32.class_bits(0x8000_0000), 1 << 3);
        assert_eq!(ValueKind::Int16.class_bits(0x7fff), 1 << 4);
        assert_eq!(ValueKind::Int64.class_bits(u64::MAX), 1 << 2);
    }
}
