//! Values biased to corners (riscv-dv's "numeric corner" streams): integer extremes,
//! IEEE binary32/binary16 specials, values near 1.0 and halfway cases for rounding, and
//! EXEC masks compilers and hardware trip over.

use crate::rng::Rng;

/// Integer corners: zero, ±1, all ones, INT_MIN/INT_MAX and neighbours, 16-bit and 8-bit
/// edges, shift amounts around 31/32/63/64, alternating bits.
pub const INT_CORNERS: &[u32] = &[
    0,
    1,
    2,
    0xffff_ffff,
    0xffff_fffe,
    0x8000_0000,
    0x7fff_ffff,
    0x8000_0001,
    0x7fff_fffe,
    0x0000_ffff,
    0xffff_0000,
    0x0000_8000,
    0x0000_7fff,
    0xffff_8000,
    0x0000_007f,
    0x0000_0080,
    0x0000_00ff,
    31,
    32,
    33,
    63,
    64,
    0x5555_5555,
    0xaaaa_aaaa,
    0x0001_0000,
    0x003f_001f,
];

/// binary32 corners: ±0, ±1, ±inf, quiet and signalling NaNs (both signs, payloads),
/// subnormals, smallest normal, largest finite, values next to 1.0, halfway cases
/// (0.5, 1.5, 2.5), 2^23 and 2^24 (where fractions end), the int32/uint32 conversion
/// edges, and the binary16 range edges (65504, 65520, 2^-14, 2^-24).
pub const F32_CORNERS: &[u32] = &[
    0x0000_0000,
    0x8000_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7fc0_0001,
    0x7f80_0001,
    0x7fa0_0000,
    0xff80_0001,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f7f_ffff,
    0x3f80_0001,
    0xbf7f_ffff,
    0x3f00_0000,
    0x3fc0_0000,
    0xbfc0_0000,
    0x4020_0000,
    0xc020_0000,
    0x3eff_ffff,
    0x4b00_0000,
    0x4b80_0000,
    0x4b7f_ffff,
    0xcb00_0001,
    0x4f00_0000,
    0xcf00_0000,
    0x4eff_ffff,
    0x4f80_0000,
    0x477f_e000,
    0x477f_f000,
    0xc77f_e000,
    0x3880_0000,
    0x3380_0000,
    0x3300_0000,
    0x7e80_0000,
    0x0100_0000,
];

/// binary16 corners: ±0, ±1, ±inf, quiet/signalling NaNs, subnormals, smallest normal,
/// largest finite, values next to 1.0, halfway cases, 1024 and 2047 (fractions end),
/// int16 edges.
pub const F16_CORNERS: &[u16] = &[
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7e01, 0x7d00, 0x7c01, 0xfc01,
    0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x7bff, 0xfbff, 0x3bff, 0x3c01, 0xbbff, 0x3800,
    0x3e00, 0xbe00, 0x4100, 0x6400, 0x67ff, 0x7800, 0xf800, 0x0200,
];

/// A 32-bit register or literal value, biased to corners.
pub fn value32(rng: &mut Rng) -> u32 {
    match rng.below(16) {
        0..=3 => *rng.pick(INT_CORNERS),
        4..=7 => *rng.pick(F32_CORNERS),
        8 | 9 => (*rng.pick(F16_CORNERS) as u32) << 16 | *rng.pick(F16_CORNERS) as u32,
        10 => rng.below(65) as u32,
        // Near 1.0 (ffract, rounding): a few ulps either side, either sign.
        11 => {
            (0x3f80_0000u32
                .wrapping_add(rng.below(9) as u32)
                .wrapping_sub(4))
                | (rng.u32() & 0x8000_0000)
        }
        // A random float with an exponent near the ends or the middle of the range.
        12 => {
            let exp = *rng.pick(&[
                0u32, 1, 2, 0x7d, 0x7e, 0x7f, 0x80, 0x96, 0x97, 0xfd, 0xfe, 0xff,
            ]);
            (rng.u32() & 0x807f_ffff) | exp << 23
        }
        13 => (rng.u32() as i8) as i32 as u32,
        _ => rng.u32(),
    }
}

/// A binary32 bit pattern (for floating-point literals), biased to corners.
pub fn f32_bits(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 | 1 => *rng.pick(F32_CORNERS),
        _ => value32(rng),
    }
}

/// EXEC at launch: full, empty, one lane, lane 31 only, lane 0 only, alternating, halves,
/// or random.
pub fn exec_mask(rng: &mut Rng) -> u32 {
    match rng.below(12) {
        0..=3 => u32::MAX,
        4 => 0,
        5 => 1 << rng.below(32),
        6 => 0x8000_0000,
        7 => 1,
        8 => *rng.pick(&[0x5555_5555, 0xaaaa_aaaa]),
        9 => *rng.pick(&[0x0000_ffff, 0xffff_0000, 0x0f0f_0f0f]),
        _ => rng.u32(),
    }
}

/// An immediate field value: `width` bits, signed or not, biased to the field's corners
/// (0, ±1, the smallest and largest values).
pub fn field(rng: &mut Rng, width: u8, signed: bool) -> i64 {
    let w = width as u32;
    let (min, max) = if signed {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    } else {
        (0, (1i64 << w) - 1)
    };
    match rng.below(10) {
        0 => 0,
        1 => 1.min(max),
        2 => {
            if signed {
                -1
            } else {
                max
            }
        }
        3 => min,
        4 => max,
        5 => rng.below(33) as i64 % (max + 1),
        _ => min + rng.below((max - min + 1) as u64) as i64,
    }
}
