//! Float literals to binary32 / binary16 bits, with one correct rounding (to nearest, ties to
//! even) and the two errors a literal can have:
//!
//! - **overflow**: a finite literal whose nearest value is infinite (`1.5e999`, `65520.0` in
//!   binary16);
//! - **underflow**: a nonzero literal whose nearest value is zero or subnormal and not equal to
//!   it (`1e-50`, and also `1e-45`: write the subnormal exactly, `0x1p-149`). This is IEEE
//!   754's underflow (tiny and inexact), with tininess judged on the rounded result.
//!
//! Syntax: optional sign, then `inf`, `infinity`, `nan` (any case), a decimal with a point or
//! an exponent (`1.5`, `.5`, `2.`, `1e-3`), or a hexadecimal float with a binary exponent
//! (`0x1.8p3`). Plain integers are not float literals.

/// A binary interchange format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatFormat {
    /// Significand bits, the hidden bit included.
    precision: u32,
    emin: i64,
    emax: i64,
    width: u32,
    pub name: &'static str,
}

pub const BINARY32: FloatFormat = FloatFormat {
    precision: 24,
    emin: -126,
    emax: 127,
    width: 32,
    name: "binary32",
};

pub const BINARY16: FloatFormat = FloatFormat {
    precision: 11,
    emin: -14,
    emax: 15,
    width: 16,
    name: "binary16",
};

impl FloatFormat {
    fn sign_shift(&self) -> u32 {
        1 << (self.width - 1)
    }
    fn inf_bits(&self) -> u32 {
        ((self.emax - self.emin + 2) as u32) << (self.precision - 1)
    }
    fn min_normal_bits(&self) -> u32 {
        1 << (self.precision - 1)
    }
    fn quiet_nan_bits(&self) -> u32 {
        self.inf_bits() | 1 << (self.precision - 2)
    }
    /// The value of a zero or subnormal pattern, for messages (`1.401e-45`).
    pub fn tiny_value_text(&self, bits: u32) -> String {
        let m = bits & (self.sign_shift() - 1);
        let v = m as f64 * 2f64.powi((self.emin - (self.precision as i64 - 1)) as i32);
        let neg = bits & self.sign_shift() != 0;
        format!("{}{v:.3e}", if neg { "-" } else { "" })
    }

    /// Whether a pattern is a zero (either sign).
    pub fn is_zero(&self, bits: u32) -> bool {
        bits & (self.sign_shift() - 1) == 0
    }

    /// Largest finite magnitude, as text for messages.
    pub fn max_text(&self) -> &'static str {
        if self.precision == 24 {
            "3.4028235e38"
        } else {
            "65504"
        }
    }
    /// Smallest subnormal, as text for messages.
    pub fn min_subnormal_text(&self) -> &'static str {
        if self.precision == 24 {
            "0x1p-149"
        } else {
            "0x1p-24"
        }
    }
}

/// Why a float literal has no value in the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatError {
    Overflow,
    /// `nearest` is the bit pattern rounding gave (zero or a subnormal).
    Underflow {
        nearest: u32,
    },
}

/// `m * 2^e` (m > 0) rounded into `f`: the bits of the magnitude, rounded and truncated, and
/// whether anything was lost and whether it was exactly half an ulp.
struct Rounded {
    rounded: u32,
    truncated: u32,
    inexact: bool,
    halfway: bool,
}

/// Round `m * 2^e` to nearest even in `f`; `sticky` says something nonzero lies below m's
/// last bit. Bits at or above the infinity pattern mean overflow.
fn round_dyadic(m: u64, e: i64, sticky: bool, f: &FloatFormat) -> Rounded {
    let top = 63 - m.leading_zeros() as i64 + e;
    let exp = top.max(f.emin);
    let quantum = exp - (f.precision as i64 - 1);
    let shift = quantum - e;
    let (r, half, rest) = if shift <= 0 {
        // At most `precision` bits after the shift: exact.
        (m << (-shift) as u32, false, sticky)
    } else if shift > 64 {
        (0, false, true)
    } else {
        let r = if shift == 64 { 0 } else { m >> shift };
        let half = (m >> (shift - 1)) & 1 == 1;
        let below = if shift == 1 {
            0
        } else {
            m & ((1u64 << (shift - 1)) - 1)
        };
        (r, half, below != 0 || sticky)
    };
    // Normal numbers: biased exponent above the significand; subnormals: exp == emin and
    // r < 2^(p-1), so the same sum gives exponent field 0. A carry out of the significand
    // moves into the exponent, as it should.
    // Far above the range: saturate (still at least the infinity pattern).
    let base = ((exp - f.emin).min(f.emax - f.emin + 2) as u32) << (f.precision - 1);
    let truncated = base.wrapping_add(r as u32);
    let up = half && (rest || r & 1 == 1);
    Rounded {
        rounded: truncated + up as u32,
        truncated,
        inexact: half || rest,
        halfway: half && !rest,
    }
}

/// A decimal literal's exact value: digits (no leading or trailing zeros) times `10^exp10`.
struct Decimal {
    digits: Vec<u8>,
    exp10: i64,
}

impl Decimal {
    fn new(mut digits: Vec<u8>, mut exp10: i64) -> Decimal {
        let lead = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..lead);
        while digits.last() == Some(&0) {
            digits.pop();
            exp10 += 1;
        }
        Decimal { digits, exp10 }
    }

    /// The exact decimal expansion of `m * 2^e` (finite, since 2^-1 = 5 * 10^-1).
    fn of_dyadic(m: u64, e: i64) -> Decimal {
        // Little-endian base-10^9 limbs.
        let mut limbs: Vec<u64> = vec![m % 1_000_000_000, m / 1_000_000_000 % 1_000_000_000];
        limbs.push(m / 1_000_000_000_000_000_000);
        let (factor, times, exp10) = if e >= 0 { (2, e, 0) } else { (5, -e, e) };
        for _ in 0..times {
            let mut carry = 0u64;
            for l in limbs.iter_mut() {
                let v = *l * factor + carry;
                *l = v % 1_000_000_000;
                carry = v / 1_000_000_000;
            }
            if carry != 0 {
                limbs.push(carry);
            }
        }
        let mut digits = Vec::with_capacity(limbs.len() * 9);
        for l in limbs.iter().rev() {
            for k in (0..9).rev() {
                digits.push((l / 10u64.pow(k) % 10) as u8);
            }
        }
        Decimal::new(digits, exp10)
    }

    fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Compare magnitudes (both nonzero).
    fn cmp(&self, other: &Decimal) -> std::cmp::Ordering {
        // Position of the decimal point after the first digit decides first.
        let pa = self.digits.len() as i64 + self.exp10;
        let pb = other.digits.len() as i64 + other.exp10;
        pa.cmp(&pb).then_with(|| self.digits.cmp(&other.digits))
    }
}

/// Parse `s` as a float literal in format `f`: `None` if `s` is not float syntax (an integer,
/// a name, an expression), else its bits or why it has none.
pub fn parse(s: &str, f: &FloatFormat) -> Option<Result<u32, FloatError>> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let sign = if neg { f.sign_shift() } else { 0 };
    let r = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        Ok(f.inf_bits())
    } else if body.eq_ignore_ascii_case("nan") {
        Ok(f.quiet_nan_bits())
    } else if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        hex(h, f)?
    } else {
        decimal(body, f)?
    };
    Some(r.map(|b| b | sign).map_err(|e| match e {
        FloatError::Underflow { nearest } => FloatError::Underflow {
            nearest: nearest | sign,
        },
        e => e,
    }))
}

/// Overflow and underflow checks on a rounded magnitude.
fn finish(bits: u32, inexact: bool, f: &FloatFormat) -> Result<u32, FloatError> {
    if bits >= f.inf_bits() {
        Err(FloatError::Overflow)
    } else if bits < f.min_normal_bits() && inexact {
        Err(FloatError::Underflow { nearest: bits })
    } else {
        Ok(bits)
    }
}

fn digits_of(s: &str) -> impl Iterator<Item = u8> + '_ {
    s.bytes().map(|c| c - b'0')
}

/// A decimal exponent, saturated far beyond any format's range.
fn exponent(s: &str) -> Option<i64> {
    let (neg, d) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if d.is_empty() || !d.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v = d
        .bytes()
        .fold(0i64, |v, c| (v * 10 + (c - b'0') as i64).min(1 << 40));
    Some(if neg { -v } else { v })
}

fn hex(h: &str, f: &FloatFormat) -> Option<Result<u32, FloatError>> {
    let (mant, exp) = h.split_once(['p', 'P'])?;
    let exp = exponent(exp)?;
    let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
    if ip.is_empty() && fp.is_empty() {
        return None;
    }
    let mut m: u64 = 0;
    let mut e = exp;
    let mut sticky = false;
    for (k, c) in ip.chars().chain(fp.chars()).enumerate() {
        let d = c.to_digit(16)? as u64;
        let in_fraction = k >= ip.len();
        if m >> 56 == 0 {
            m = m << 4 | d;
            if in_fraction {
                e -= 4;
            }
        } else {
            // Past 60 bits only stickiness matters (the formats keep at most 24).
            sticky |= d != 0;
            if !in_fraction {
                e += 4;
            }
        }
    }
    if m == 0 {
        return Some(Ok(0));
    }
    let r = round_dyadic(m, e, sticky, f);
    Some(finish(r.rounded, r.inexact, f))
}

fn decimal(body: &str, f: &FloatFormat) -> Option<Result<u32, FloatError>> {
    let (mant, exp) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(exponent(e)?)),
        None => (body, None),
    };
    let (ip, fp) = match mant.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mant, None),
    };
    let fp_digits = fp.unwrap_or("");
    if (fp.is_none() && exp.is_none())
        || (ip.is_empty() && fp_digits.is_empty())
        || !ip
            .bytes()
            .chain(fp_digits.bytes())
            .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let lit = Decimal::new(
        digits_of(ip).chain(digits_of(fp_digits)).collect(),
        exp.unwrap_or(0) - fp_digits.len() as i64,
    );
    if lit.is_zero() {
        return Some(Ok(0));
    }
    // The nearest binary64 (Rust's parser rounds correctly). Every midpoint between two
    // binary32 or binary16 values is a binary64, so rounding the binary64 again gives the
    // right answer except when it lands exactly on a midpoint: then the exact literal decides.
    // Far out of range the digits say enough (and stay away from huge expansions).
    let magnitude = lit.digits.len() as i64 + lit.exp10;
    if magnitude > 400 {
        return Some(Err(FloatError::Overflow));
    }
    if magnitude < -400 {
        return Some(Err(FloatError::Underflow { nearest: 0 }));
    }
    let d: f64 = body.parse().ok()?;
    if d == 0.0 {
        return Some(Err(FloatError::Underflow { nearest: 0 }));
    }
    if d.is_infinite() {
        return Some(Err(FloatError::Overflow));
    }
    let (m, e) = split_f64(d);
    let r = round_dyadic(m, e, false, f);
    let exact_d = || lit.cmp(&Decimal::of_dyadic(m, e));
    let bits = if r.halfway {
        match exact_d() {
            std::cmp::Ordering::Less => r.truncated,
            std::cmp::Ordering::Greater => r.truncated + 1,
            std::cmp::Ordering::Equal => r.rounded,
        }
    } else {
        r.rounded
    };
    // Exactness only matters for tiny results: the literal is exact iff it equals the
    // binary64 and that is exact in the format.
    let inexact = bits < f.min_normal_bits() && (r.inexact || exact_d().is_ne());
    Some(finish(bits, inexact, f))
}

/// A positive finite f64 as `m * 2^e`.
fn split_f64(d: f64) -> (u64, i64) {
    let b = d.to_bits();
    let exp = (b >> 52 & 0x7ff) as i64;
    let frac = b & ((1 << 52) - 1);
    if exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, exp - 1075)
    }
}

/// A binary32 pattern is subnormal (exponent field 0, significand nonzero).
pub fn is_subnormal32(bits: u32) -> bool {
    bits & 0x7f80_0000 == 0 && bits & 0x007f_ffff != 0
}

/// The exact hexadecimal spelling of a binary32 subnormal (`0x2p-149`).
pub fn subnormal32_text(bits: u32) -> String {
    format!(
        "{}0x{:x}p-149",
        if bits >> 31 == 1 { "-" } else { "" },
        bits & 0x007f_ffff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_constants() {
        assert_eq!(BINARY32.inf_bits(), 0x7f80_0000);
        assert_eq!(BINARY16.inf_bits(), 0x7c00);
        assert_eq!(BINARY32.quiet_nan_bits(), 0x7fc0_0000);
        assert_eq!(BINARY16.quiet_nan_bits(), 0x7e00);
        assert_eq!(BINARY16.sign_shift(), 0x8000);
        assert_eq!(BINARY32.sign_shift(), 0x8000_0000);
    }

    #[test]
    fn dyadic_decimal_expansions() {
        let d = Decimal::of_dyadic(3, -2); // 0.75
        assert_eq!((d.digits.as_slice(), d.exp10), (&[7u8, 5][..], -2));
        let d = Decimal::of_dyadic(5, 3); // 40
        assert_eq!((d.digits.as_slice(), d.exp10), (&[4u8][..], 1));
        let d = Decimal::of_dyadic(u64::MAX, 0);
        let s: String = d.digits.iter().map(|x| (b'0' + x) as char).collect();
        assert_eq!(s, "18446744073709551615");
    }
}
