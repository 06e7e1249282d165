//! The one value presenter: how every front (`run --view table`, the CLI debugger's
//! `print`, DAP's `variables` and `evaluate`, the playground's grid) writes a register value.
//!
//! - `hex`: `0x` and the value's digits, zero-padded to its width (4, 8 or 16 digits).
//! - `i32` / `u32`: two's-complement signed / unsigned decimal of the value's width.
//! - `f32`: the float of the value's width (binary16, binary32, binary64) as the shortest
//!   decimal that reads back to the same bits, plain between 1e-4 and 1e9, with an exponent
//!   outside (`1e-45`, `3.4028235e38`); `-0`, `inf`, `-inf`; a NaN is `nan(0x` + its whole
//!   bit pattern + `)` (sign, quiet bit and payload all visible: `nan(0x7fc00000)`).
//! - `f16`: a 32-bit value as its two binary16 halves, **low half first**, labelled as the
//!   assembler names them: `.l 1 .h -2` for 0xc0003c00; a 16-bit value (`v3.h`) as one
//!   binary16; a 64-bit pair as its two words, low word first, `, ` between them.

use std::fmt::Write as _;

/// How a value is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `0x0000abcd`.
    Hex,
    /// Signed decimal (two's complement).
    I32,
    /// Unsigned decimal.
    U32,
    /// The float of the value's width, shortest decimal that reads back to the same bits.
    F32,
    /// binary16 halves, low (`.l`) first.
    F16,
}

impl Format {
    /// Every format, in the order menus list them.
    pub const ALL: [Format; 5] = [
        Format::Hex,
        Format::I32,
        Format::U32,
        Format::F32,
        Format::F16,
    ];

    /// `hex`, `i32`, `u32`, `f32`, `f16`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Hex => "hex",
            Format::I32 => "i32",
            Format::U32 => "u32",
            Format::F32 => "f32",
            Format::F16 => "f16",
        }
    }

    /// A format by its name (any case), or by gdb's letter (`x`, `d`, `u`, `f`, `h`).
    pub fn parse(s: &str) -> Result<Format, String> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "hex" | "x" => Format::Hex,
            "i32" | "d" => Format::I32,
            "u32" | "u" => Format::U32,
            "f32" | "f" => Format::F32,
            "f16" | "h" => Format::F16,
            _ => {
                return Err(format!(
                    "`{}` is not a value format (hex, i32, u32, f32, f16)",
                    s.trim()
                ))
            }
        })
    }
}

/// The labels of a word's two binary16 halves, in the order they are shown.
pub const HALF_LABELS: [&str; 2] = [".l", ".h"];

/// A 32-bit value as text.
pub fn word(bits: u32, f: Format) -> String {
    value(bits as u64, 32, f)
}

/// A value of `width` bits (16, 64, or anything else as 32) as text.
pub fn value(bits: u64, width: u32, f: Format) -> String {
    match (f, width) {
        (Format::Hex, 16) => format!("0x{:04x}", bits as u16),
        (Format::Hex, 64) => format!("0x{bits:016x}"),
        (Format::Hex, _) => format!("0x{:08x}", bits as u32),
        (Format::I32, 16) => (bits as u16 as i16).to_string(),
        (Format::I32, 64) => (bits as i64).to_string(),
        (Format::I32, _) => (bits as u32 as i32).to_string(),
        (Format::U32, 16) => (bits as u16).to_string(),
        (Format::U32, 64) => bits.to_string(),
        (Format::U32, _) => (bits as u32).to_string(),
        (Format::F32 | Format::F16, 16) => f16_text(bits as u16),
        (Format::F32, 64) => f64_text(bits),
        (Format::F32, _) => f32_text(bits as u32),
        (Format::F16, 64) => format!(
            "{}, {}",
            f16_pair(bits as u32),
            f16_pair((bits >> 32) as u32)
        ),
        (Format::F16, _) => f16_pair(bits as u32),
    }
}

/// The two binary16 halves of a word, low half first: `.l 1 .h -2`.
pub fn f16_pair(bits: u32) -> String {
    let [l, h] = halves(bits);
    format!("{} {l} {} {h}", HALF_LABELS[0], HALF_LABELS[1])
}

/// The two binary16 halves of a word as text, low half first (for tables with a column
/// per half, named with [`HALF_LABELS`]).
pub fn halves(bits: u32) -> [String; 2] {
    [f16_text(bits as u16), f16_text((bits >> 16) as u16)]
}

/// Shortest decimal of a finite value (`x` prints its shortest round-trip digits), plain,
/// or with an exponent for the very small and large.
fn decimal<T: std::fmt::Display + std::fmt::LowerExp>(x: T, magnitude: f64) -> String {
    if magnitude == 0.0 || (1e-4..1e9).contains(&magnitude) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// `nan(0x…)` with the whole pattern, `digits` hex digits.
fn nan_text(bits: u64, digits: usize) -> String {
    let mut s = String::from("nan(0x");
    let _ = write!(s, "{bits:0digits$x}");
    s.push(')');
    s
}

fn infinity(negative: bool) -> String {
    if negative { "-inf" } else { "inf" }.into()
}

/// A binary32 value: `1.5`, `-0`, `1e-45`, `3.4028235e38`, `inf`, `nan(0x7fc00000)`.
pub fn f32_text(bits: u32) -> String {
    let x = f32::from_bits(bits);
    if x.is_nan() {
        return nan_text(bits as u64, 8);
    }
    if x.is_infinite() {
        return infinity(x < 0.0);
    }
    decimal(x, x.abs() as f64)
}

/// A binary64 value, spelled as [`f32_text`] spells binary32.
pub fn f64_text(bits: u64) -> String {
    let x = f64::from_bits(bits);
    if x.is_nan() {
        return nan_text(bits, 16);
    }
    if x.is_infinite() {
        return infinity(x < 0.0);
    }
    decimal(x, x.abs())
}

/// The value of a binary16 pattern (exact in f64).
fn f16_value(bits: u16) -> f64 {
    half::f16::from_bits(bits).to_f64()
}

/// The binary16 pattern nearest to `y` (finite, >= 0), ties to even. Exact: `y` scaled by
/// the binary16 spacing at its magnitude (a power of two) is rounded to an integer in f64,
/// and the value that gives is a binary16 value, which converts to its pattern exactly.
fn f16_nearest(y: f64) -> u16 {
    const INF: u16 = 0x7c00;
    // 65520 and up round to infinity (past the midpoint of 65504 and 65536).
    if y >= 65520.0 {
        return INF;
    }
    if y == 0.0 {
        return 0;
    }
    let e = ((y.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    // Below 2^-14 the spacing is that of the subnormals.
    let ulp = 2f64.powi(e.max(-14) - 10);
    let v = (y / ulp).round_ties_even() * ulp;
    half::f16::from_f32(v as f32).to_bits()
}

/// A binary16 value, shortest decimal that reads back to the same bits (Rust has no
/// binary16 type to print it: the digits are searched, shortest first).
pub fn f16_text(bits: u16) -> String {
    let x = f16_value(bits);
    if x.is_nan() {
        return nan_text(bits as u64, 4);
    }
    if x.is_infinite() {
        return infinity(x < 0.0);
    }
    let a = x.abs();
    let mag = bits & 0x7fff;
    for digits in 1..=17 {
        let s = format!("{a:.*e}", digits - 1);
        if let Ok(y) = s.parse::<f64>() {
            if f16_nearest(y) == mag {
                let y = if x.is_sign_negative() { -y } else { y };
                return decimal(y, a);
            }
        }
    }
    decimal(x, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_name_and_letter() {
        for f in Format::ALL {
            assert_eq!(Format::parse(f.name()), Ok(f));
        }
        assert_eq!(Format::parse("X"), Ok(Format::Hex));
        assert_eq!(Format::parse("h"), Ok(Format::F16));
        assert!(Format::parse("f33").unwrap_err().contains("`f33`"));
    }

    #[test]
    fn widths() {
        assert_eq!(value(0xabcd, 16, Format::Hex), "0xabcd");
        assert_eq!(value(0xffff, 16, Format::I32), "-1");
        assert_eq!(value(u64::MAX, 64, Format::I32), "-1");
        assert_eq!(value(u64::MAX, 64, Format::U32), "18446744073709551615");
        assert_eq!(value(0x3ff0_0000_0000_0000, 64, Format::F32), "1");
        assert_eq!(value(1, 64, Format::F32), "5e-324");
        assert_eq!(value(0x3c00, 16, Format::F16), "1");
        assert_eq!(value(0x3c00, 16, Format::F32), "1");
        assert_eq!(
            value(0x4000_3c00_c000_3c00, 64, Format::F16),
            ".l 1 .h -2, .l 1 .h 2"
        );
        assert_eq!(word(5, Format::Hex), "0x00000005");
        assert_eq!(word(0xffff_fffe, Format::I32), "-2");
        assert_eq!(word(0xffff_fffe, Format::U32), "4294967294");
    }

    #[test]
    fn halves_low_first() {
        assert_eq!(word(0x3c00_c000, Format::F16), ".l -2 .h 1");
        assert_eq!(halves(0x3c00_c000), ["-2", "1"]);
    }

    #[test]
    fn one_nan_spelling_with_the_payload() {
        assert_eq!(f32_text(0x7fc0_0000), "nan(0x7fc00000)");
        assert_eq!(f32_text(0xffff_ffff), "nan(0xffffffff)");
        assert_eq!(f32_text(0x7f80_0001), "nan(0x7f800001)");
        assert_eq!(f16_text(0x7e00), "nan(0x7e00)");
        assert_eq!(f16_text(0xfc01), "nan(0xfc01)");
        assert_eq!(f64_text(0x7ff8_0000_0000_0000), "nan(0x7ff8000000000000)");
        assert_eq!(word(0x7e01_7c00, Format::F16), ".l inf .h nan(0x7e01)");
    }

    /// Whether `y` rounds (to nearest, ties to even) to the binary16 pattern `bits`,
    /// judged from the pattern's neighbours: independent of `f16_nearest`.
    fn rounds_to(y: f64, bits: u16) -> bool {
        let x = f16_value(bits);
        if x.is_infinite() {
            return y.is_infinite() && y.signum() == x.signum();
        }
        if y.is_sign_negative() != x.is_sign_negative() && !(x == 0.0 && y == 0.0) {
            return false;
        }
        let m = bits & 0x7fff;
        let (e, frac) = (m >> 10, m & 0x3ff);
        let ulp = 2f64.powi(e.max(1) as i32 - 25);
        let below = if frac == 0 && e > 1 { ulp / 2.0 } else { ulp };
        let (lo, hi) = (x.abs() - below / 2.0, x.abs() + ulp / 2.0);
        let a = y.abs();
        let even = bits & 1 == 0;
        (a > lo || (a == lo && even) || m == 0) && (a < hi || (a == hi && even))
    }

    fn significant_digits(t: &str) -> usize {
        let mant = t.trim_start_matches('-').split('e').next().unwrap_or("");
        let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
        digits.trim_matches('0').len().max(1)
    }

    #[test]
    fn f16_text_reads_back_for_every_pattern_and_is_shortest() {
        for bits in 0..=u16::MAX {
            let t = f16_text(bits);
            if f16_value(bits).is_nan() {
                assert_eq!(t, format!("nan(0x{bits:04x})"));
                continue;
            }
            let y: f64 = t.parse().unwrap_or_else(|_| panic!("{bits:#06x}: {t}"));
            assert!(rounds_to(y, bits), "{bits:#06x}: {t}");
            let n = significant_digits(&t);
            if n > 1 && y.is_finite() {
                let shorter: f64 = format!("{:.*e}", n - 2, y).parse().unwrap_or(0.0);
                assert!(
                    !rounds_to(shorter, bits),
                    "{bits:#06x}: {t} is not the shortest"
                );
            }
        }
        assert_eq!(f16_text(0x3c00), "1");
        assert_eq!(f16_text(0x2e66), "0.1");
        assert_eq!(f16_text(0x0001), "6e-8");
        assert_eq!(f16_text(0x7bff), "65500");
        assert_eq!(f16_text(0x8000), "-0");
        assert_eq!(f16_text(0xfc00), "-inf");
    }

    #[test]
    fn f32_text_of_the_extremes() {
        assert_eq!(f32_text(0x3dcc_cccd), "0.1");
        assert_eq!(f32_text(1), "1e-45");
        assert_eq!(f32_text(0x7f7f_ffff), "3.4028235e38");
        assert_eq!(f32_text(0x8000_0000), "-0");
        assert_eq!(f32_text(0xff80_0000), "-inf");
        assert_eq!(f32_text(0x3880_0000), "6.1035156e-5");
        assert_eq!(f32_text(0x4e6e_6b28), "1e9");
    }

    proptest::proptest! {
        /// Every binary32 pattern: a number reads back to the same bits, in no more
        /// characters than the 9 significant digits that always suffice need; a NaN keeps
        /// its pattern.
        #[test]
        fn f32_text_reads_back_to_the_same_bits(bits: u32) {
            let t = f32_text(bits);
            if f32::from_bits(bits).is_nan() {
                let hex = t.strip_prefix("nan(0x").and_then(|r| r.strip_suffix(')'));
                proptest::prop_assert_eq!(hex.and_then(|h| u32::from_str_radix(h, 16).ok()), Some(bits));
            } else {
                let y: f32 = t.parse().map_err(|_| proptest::test_runner::TestCaseError::fail(t.clone()))?;
                proptest::prop_assert_eq!(y.to_bits(), bits, "{}", t);
                proptest::prop_assert!(t.len() <= 15, "{}", t);
            }
        }

        #[test]
        fn f64_text_reads_back_to_the_same_bits(bits: u64) {
            let t = f64_text(bits);
            if f64::from_bits(bits).is_nan() {
                let hex = t.strip_prefix("nan(0x").and_then(|r| r.strip_suffix(')'));
                proptest::prop_assert_eq!(hex.and_then(|h| u64::from_str_radix(h, 16).ok()), Some(bits));
            } else {
                let y: f64 = t.parse().map_err(|_| proptest::test_runner::TestCaseError::fail(t.clone()))?;
                proptest::prop_assert_eq!(y.to_bits(), bits, "{}", t);
            }
        }

        /// The integer forms read back too.
        #[test]
        fn integers_read_back(bits: u32) {
            let h = word(bits, Format::Hex);
            proptest::prop_assert_eq!(u32::from_str_radix(&h[2..], 16).ok(), Some(bits));
            proptest::prop_assert_eq!(word(bits, Format::I32).parse::<i32>().ok(), Some(bits as i32));
            proptest::prop_assert_eq!(word(bits, Format::U32).parse::<u32>().ok(), Some(bits));
        }
    }
}
