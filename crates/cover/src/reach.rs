//! Reachability: the bins of the model that no execution can hit, derived from the
//! instruction database (flags, access facts, the one-line semantics) by named rules, so
//! that totals, holes and gates count only what a program can reach. Each excluded bin
//! carries the rule that excludes it and a reason a reader can check;
//! `crates/gen/tests/reach.rs` evaluates every variant with exclusions on the simulator
//! (corner and random operands, every rounding mode) and fails when an excluded bin is hit,
//! so a change to an instruction cannot leave a wrong exclusion behind.

use crate::class::ValueKind;
use crate::model::{Model, VariantBins, EXEC_CLASSES, FFLAG_NAMES, NONE};
use crate::reference::exec_class;
use std::sync::OnceLock;
use warpkit_isa::{Flags, InsnDesc, Slot, StateLoc};

/// A rule that excludes bins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Stable short name (reports, waivers, UCIS exclusion comments).
    pub name: &'static str,
    /// Why a bin under the rule cannot be hit.
    pub reason: &'static str,
}

pub const BOOLEAN: Rule = Rule {
    name: "boolean-result",
    reason: "the result is a truth value, 0 or 1",
};
pub const BOUNDED: Rule = Rule {
    name: "bounded-result",
    reason: "the semantics bounds the result (a count, a lane number, an extended field, a small immediate or a minimum or maximum with one, a one-hot class mask, a converted byte, snorm16 halves that are never 0x8000)",
};
pub const PRODUCT: Rule = Rule {
    name: "product-range",
    reason: "a product of two 32-bit operands lies between the products of their range ends (its high word between their high words), and a power of two such as 2^63 needs power-of-two factors that fit",
};
pub const ABSOLUTE: Rule = Rule {
    name: "absolute-value",
    reason: "an absolute value lies in 0 ..= 2^31 (INT_MIN wraps to itself): never -1 or another negative value",
};
pub const CANONICAL_NAN: Rule = Rule {
    name: "canonical-nan",
    reason: "binary16 conversions deliver a number or the canonical NaN (fp SEMANTICS: no payload kept), so their bit patterns, read in another format, take only the classes those values give",
};
pub const WHOLE_QUAD: Rule = Rule {
    name: "whole-quad",
    reason: "whole-quad mode sets all four bits of every quad that has one: never exactly one lane, never a partial quad",
};
pub const ALIGNED_LINK: Rule = Rule {
    name: "aligned-link",
    reason: "a link (PC + 4) is a multiple of 4: never odd",
};
pub const QUIET_NAN: Rule = Rule {
    name: "quiet-nan",
    reason: "an operation that signals invalid on a signalling NaN delivers a quiet NaN (IEEE 754 6.2): never a signalling NaN",
};
pub const FROM_INTEGER: Rule = Rule {
    name: "from-integer",
    reason: "an integer converts to +0 or a normal number of its sign: no NaN, no subnormal, no -0, no invalid or underflow, and no infinity or overflow unless the integer range passes the format's largest finite value",
};
pub const TO_INTEGER: Rule = Rule {
    name: "to-integer",
    reason: "a conversion to an integer saturates an out-of-range input and raises invalid: never overflow or underflow",
};
pub const INTEGRAL: Rule = Rule {
    name: "integral-result",
    reason: "an integral value is zero or at least 1 in magnitude: never subnormal",
};
pub const FREXP_MANTISSA: Rule = Rule {
    name: "frexp-mantissa",
    reason: "a frexp mantissa lies in [0.5, 1) in magnitude (NaN and infinity pass through): never subnormal",
};
pub const EXACT_WIDEN: Rule = Rule {
    name: "exact-widening",
    reason: "binary16 values are zero or normal numbers in binary32 (never subnormal), within 65504 in magnitude, an infinity or the canonical NaN: read as two binary16 halves, neither is ever an infinity",
};
pub const UNIT_RANGE: Rule = Rule {
    name: "unit-range",
    reason: "the result lies in [0, 1] (a fraction clamped below 1, a clamp, a frexp mantissa in [0.5, 1)): no negative non-zero value, no infinity, no overflow",
};
pub const NO_DIVISION: Rule = Rule {
    name: "no-division",
    reason: "only division-like operations raise divide-by-zero, and this one does not divide",
};
pub const NO_ROUNDING: Rule = Rule {
    name: "no-rounding",
    reason: "the operation does not round (no rounding mode read): it returns an operand, a truth value or an exact value, so it is never inexact, tiny or overflowing",
};
pub const EXACT_TINY_SUM: Rule = Rule {
    name: "exact-tiny-sum",
    reason: "a sum of terms on the subnormal grid (operands, exact binary16 products, a floor) is exact when tiny, and underflow is signalled only for tiny inexact results (SUPPLEMENT 5)",
};

/// Every rule, in the order they are tried (a bin is listed under the first that excludes it).
pub const RULES: [Rule; 17] = [
    BOOLEAN,
    BOUNDED,
    PRODUCT,
    ABSOLUTE,
    CANONICAL_NAN,
    WHOLE_QUAD,
    ALIGNED_LINK,
    FROM_INTEGER,
    TO_INTEGER,
    UNIT_RANGE,
    INTEGRAL,
    FREXP_MANTISSA,
    EXACT_WIDEN,
    QUIET_NAN,
    NO_DIVISION,
    NO_ROUNDING,
    EXACT_TINY_SUM,
];

/// The excluded bins of the model.
pub struct Reach {
    /// Per model bin: the index into [`RULES`] of the rule that excludes it.
    rule: Vec<Option<u8>>,
    excluded: usize,
}

impl Reach {
    /// The exclusions of the current model, derived on first use.
    pub fn get() -> &'static Reach {
        static R: OnceLock<Reach> = OnceLock::new();
        R.get_or_init(derive)
    }

    /// The rule excluding model bin `bin`, if any.
    pub fn rule(&self, bin: usize) -> Option<&'static Rule> {
        self.rule
            .get(bin)
            .copied()
            .flatten()
            .map(|r| &RULES[r as usize])
    }

    pub fn is_excluded(&self, bin: usize) -> bool {
        self.rule.get(bin).is_some_and(Option::is_some)
    }

    /// How many bins are excluded.
    pub fn excluded(&self) -> usize {
        self.excluded
    }
}

/// The values a result can take, as the semantics states them.
enum Values {
    /// The integers lo ..= hi, each read as its low `bits()` bits.
    Range(i128, i128),
    /// The products of a factor in the first range and one in the second (each inclusive).
    Product((i128, i128), (i128, i128)),
    /// These bit patterns only.
    List(Vec<u64>),
}

impl Values {
    /// The classes (bit i = class i of `kind`) the values fall in.
    fn classes(&self, kind: ValueKind) -> u16 {
        match self {
            Values::List(v) => v.iter().fold(0, |a, &x| a | kind.class_bits(x)),
            Values::Range(lo, hi) if kind.is_float() => {
                if hi - lo > 1 << 16 {
                    return u16::MAX;
                }
                (*lo..=*hi).fold(0, |a, x| a | kind.class_bits(x as u64))
            }
            Values::Range(lo, hi) => int_classes(kind, *lo, *hi, |_| true),
            Values::Product(a, b) => {
                let ends = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
                let (lo, hi) = (*ends.iter().min().unwrap(), *ends.iter().max().unwrap());
                int_classes(kind, lo, hi, |x| product_of(x, *a, *b))
            }
        }
    }
}

/// The integer classes of the values in lo ..= hi (read as `kind.bits()`-bit patterns) for
/// which `may` holds; `may` is asked only about the class corners ("other" is assumed when
/// the range holds more values than corners).
fn int_classes(kind: ValueKind, lo: i128, hi: i128, may: impl Fn(i128) -> bool) -> u16 {
    let m = 1i128 << kind.bits();
    let corners = [0, 1, -1, -(m / 2), m / 2 - 1];
    let mut bits = 0;
    let mut hits = 0;
    for c in corners {
        // The least value of the range with the corner's bit pattern (`may` is asked only
        // when it is the only one).
        let x = lo + (c - lo).rem_euclid(m);
        if x <= hi && (hi - lo + 1 >= m || may(x)) {
            bits |= kind.class_bits(c as u64);
            hits += 1;
        }
    }
    if hi - lo + 1 > hits {
        bits |= 1 << (crate::class::INT_CLASSES.len() - 1);
    }
    bits
}

/// Whether `x` may be a product of a factor in `a` and one in `b`: exact for zero and
/// powers of two (whose factors are powers of two), "may" for any other value.
fn product_of(x: i128, a: (i128, i128), b: (i128, i128)) -> bool {
    let inside = |v: i128, r: (i128, i128)| (r.0..=r.1).contains(&v);
    if x == 0 {
        return inside(0, a) || inside(0, b);
    }
    let k = x.unsigned_abs();
    if !k.is_power_of_two() {
        return true;
    }
    let k = k.trailing_zeros();
    (0..=k).any(|j| {
        [1i128, -1].iter().any(|&s| {
            let f = s << j;
            inside(f, a) && inside(x / f, b)
        })
    })
}

/// The range of an operand as a product's factor: `sext(s1)`, `zext(u2)`, `sext64(s1)`.
fn factor(f: &str) -> Option<(i128, i128)> {
    let (signed, inner) = [
        ("sext64(", true),
        ("zext64(", false),
        ("sext(", true),
        ("zext(", false),
    ]
    .iter()
    .find_map(|(p, s)| Some((*s, f.strip_prefix(p)?.strip_suffix(')')?)))?;
    if !["s1", "s2", "u1", "u2"].contains(&inner) {
        return None;
    }
    Some(if signed {
        (-(1 << 31), (1 << 31) - 1)
    } else {
        (0, (1 << 32) - 1)
    })
}

/// A product of two 32-bit operands: its high word (`(X * Y)[63:32]`) or the whole of it.
fn product(r: &str) -> Option<Values> {
    if let Some(body) = r.strip_prefix('(').and_then(|x| x.strip_suffix(")[63:32]")) {
        let (a, b) = body.split_once(" * ")?;
        let (a, b) = (factor(a)?, factor(b)?);
        let ends = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
        // `>>` on i128 floors, as taking the high word of a two's complement product does.
        return Some(Values::Range(
            ends.iter().min().unwrap() >> 32,
            ends.iter().max().unwrap() >> 32,
        ));
    }
    let (a, b) = r
        .strip_suffix(" (64-bit product)")
        .unwrap_or(r)
        .split_once(" * ")?;
    Some(Values::Product(factor(a)?, factor(b)?))
}

/// The right-hand side of the first assignment to the destination (`d = X`, `U[d] = X`,
/// `d.x = X` for packed halves, ...).
fn rhs(sem: &str) -> &str {
    sem.split(';')
        .find_map(|c| {
            let (lhs, r) = c.trim().split_once(" = ")?;
            (lhs.starts_with('d') || lhs.starts_with("U[d]") || lhs.starts_with("U64[d]"))
                .then_some(r)
        })
        .unwrap_or("")
        .trim()
}

/// The width N of `X[N-1:0]` in `f(X[N-1:0])`, as written in `sem` after `f(`.
fn low_field(rhs: &str, f: &str) -> Option<u32> {
    let body = rhs.strip_prefix(f)?.strip_suffix(')')?;
    let open = body.find('[')?;
    let hi: u32 = body[open + 1..].strip_suffix(":0]")?.parse().ok()?;
    Some(hi + 1)
}

/// The values the semantics bounds the result to, with the rule that says so.
fn result_values(d: &InsnDesc) -> Option<(Rule, Values)> {
    let r = rhs(d.semantics);
    if r.contains("? 1 : 0") {
        return Some((BOOLEAN, Values::Range(0, 1)));
    }
    let counts = ["clz(", "ctz(", "popcount("];
    if counts.iter().any(|c| r.starts_with(c)) {
        return Some((BOUNDED, Values::Range(0, 32)));
    }
    if r.starts_with("lane number (0..31)") {
        return Some((BOUNDED, Values::Range(0, 31)));
    }
    if let Some(n) = low_field(r, "zext(") {
        return Some((BOUNDED, Values::Range(0, (1i128 << n) - 1)));
    }
    if let Some(n) = low_field(r, "sext(") {
        return Some((
            BOUNDED,
            Values::Range(-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1),
        ));
    }
    if let Some(n) = r
        .strip_prefix("sext(imm")
        .and_then(|x| x.strip_suffix(')'))
        .and_then(|x| x.parse::<u32>().ok())
    {
        return Some((
            BOUNDED,
            Values::Range(-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1),
        ));
    }
    if let Some(v) = product(r) {
        return Some((PRODUCT, v));
    }
    if r.starts_with("abs_s(s1)") && r.contains("INT_MIN wraps") {
        return Some((ABSOLUTE, Values::Range(0, 1 << 31)));
    }
    // A signed minimum (maximum) with a sign-extended immediate is at most (least) it.
    let imm = d.operand(Slot::Imm).map(|o| 1i128 << (o.width - 1));
    if let (Some(i), true) = (imm, r == "min_s(s1, sext(imm))") {
        return Some((BOUNDED, Values::Range(-(1 << 31), i - 1)));
    }
    if let (Some(i), true) = (imm, r == "max_s(s1, sext(imm))") {
        return Some((BOUNDED, Values::Range(-i, (1 << 31) - 1)));
    }
    if r.starts_with("{snorm16(s2), snorm16(s1)}") && d.semantics.contains("-1 -> -32767") {
        // The high half is in -32767 ..= 32767, the low half anything.
        return Some((BOUNDED, Values::Range(-32767 << 16, 32767 << 16 | 0xffff)));
    }
    if r.starts_with("{half(s2), half(s1)}") && !d.flags.has(Flags::H16) {
        // Two binary16 results read as one binary32 value: its class is fixed by the high
        // half (a number or 0x7e00) and whether the rest is zero.
        let halves = (0..=0xffffu64).filter(|&h| !f16_nan(h) || h == 0x7e00);
        let values = halves.flat_map(|h| [h << 16, h << 16 | 1]).collect();
        return Some((CANONICAL_NAN, Values::List(values)));
    }
    if d.flags.has(Flags::FM) && (r == "float(s1.l) (exact)" || r == "float(s1.h) (exact)") {
        // Every binary16 value widened (a NaN to the canonical binary32 NaN).
        let widened = (0..=0xffffu16)
            .map(|h| warpkit_fp::f16_to_f32(h, &mut 0) as u64)
            .collect();
        return Some((EXACT_WIDEN, Values::List(widened)));
    }
    if r.starts_with("fclass(") {
        // One bit of the 10-bit RISC-V class mask.
        return Some((BOUNDED, Values::List((0..10).map(|k| 1u64 << k).collect())));
    }
    if low_field(r, "float(").is_some_and(|n| n == 8) || byte_field(r) {
        return Some((
            BOUNDED,
            Values::List((0..256u32).map(|k| (k as f32).to_bits() as u64).collect()),
        ));
    }
    if r.starts_with("frexp exponent") {
        // binary32 values are 0.5..1 times 2^-148 ..= 2^128.
        return Some((BOUNDED, Values::Range(-148, 128)));
    }
    if r.starts_with("wqm(") {
        return Some((WHOLE_QUAD, Values::List(quad_masks())));
    }
    if r.starts_with("PC + 4") {
        // The classes of multiples of 4: zero, INT_MIN and others.
        return Some((ALIGNED_LINK, Values::List(vec![0, 4, 0x8000_0000])));
    }
    None
}

/// A binary16 NaN bit pattern.
fn f16_nan(h: u64) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// `float(s1[15:8])`-style byte fields (bits hi:lo with hi - lo = 7).
fn byte_field(r: &str) -> bool {
    let Some(body) = r.strip_prefix("float(").and_then(|x| x.strip_suffix(')')) else {
        return false;
    };
    let Some(open) = body.find('[') else {
        return false;
    };
    let Some((hi, lo)) = body[open + 1..]
        .strip_suffix(']')
        .and_then(|x| x.split_once(':'))
    else {
        return false;
    };
    matches!((hi.parse::<u32>(), lo.parse::<u32>()), (Ok(h), Ok(l)) if h == l + 7)
}

/// Every 32-bit mask made of whole quads (each nibble 0 or 0xf).
fn quad_masks() -> Vec<u64> {
    (0..256u64)
        .map(|q| {
            (0..8).fold(0u64, |a, k| {
                a | if q >> k & 1 == 1 { 0xf << (4 * k) } else { 0 }
            })
        })
        .collect()
}

/// An integer-to-float conversion: (signed, integer bits, binary16 destination).
fn from_integer(r: &str) -> Option<(bool, u32, bool)> {
    let (f16, inner) = if let Some(x) = r.strip_prefix("float(") {
        (false, x)
    } else {
        (true, r.strip_prefix("half(")?)
    };
    let (signed, rest) = match inner.strip_prefix("uint") {
        Some(x) => (false, x),
        None => (true, inner.strip_prefix("int")?),
    };
    let bits: u32 = rest.split('(').next()?.parse().ok()?;
    Some((signed, bits, f16))
}

/// A float-to-integer conversion (`int32(s1)`, `uint16(s1)`, ...).
fn to_integer(r: &str) -> bool {
    let r = r.strip_prefix('u').unwrap_or(r);
    r.strip_prefix("int")
        .and_then(|x| x.split_once('('))
        .is_some_and(|(bits, _)| bits.parse::<u32>().is_ok())
}

/// The result classes a floating-point rule allows (None: the rule does not apply).
fn float_rule(d: &InsnDesc, r: &str, kind: ValueKind) -> Option<(Rule, &'static [&'static str])> {
    if !kind.is_float() {
        return None;
    }
    if let Some((signed, bits, f16)) = from_integer(r) {
        let overflow = f16 && !signed && overflows_f16(bits);
        let list: &[&str] = match (signed, overflow) {
            (true, _) => &["+zero", "+normal", "-normal"],
            (false, false) => &["+zero", "+normal"],
            (false, true) => &["+zero", "+normal", "+inf"],
        };
        return Some((FROM_INTEGER, list));
    }
    if r.contains("clamped below 1.0") {
        return Some((
            UNIT_RANGE,
            &["+zero", "-zero", "+subnormal", "+normal", "qnan"],
        ));
    }
    if r.starts_with("clamp(") && r.contains("0.0, 1.0") && d.semantics.contains("NaN -> +0") {
        // The clamp is maximumNumber(x, +0) first, with -0 < +0 (fp SEMANTICS): never -0.
        return Some((UNIT_RANGE, &["+zero", "+subnormal", "+normal"]));
    }
    if ["floor(", "ceil(", "trunc(", "round_half_even("]
        .iter()
        .any(|f| r.starts_with(f))
    {
        return Some((INTEGRAL, &NOT_SUBNORMAL));
    }
    if r.starts_with("frexp mantissa") {
        return Some((FREXP_MANTISSA, &NOT_SUBNORMAL));
    }
    None
}

const NOT_SUBNORMAL: [&str; 8] = [
    "+zero", "-zero", "+normal", "-normal", "+inf", "-inf", "qnan", "snan",
];

/// Whether the largest unsigned `bits`-bit integer rounds to infinity in binary16 in some
/// rounding mode (65,520 and above do under round-to-nearest).
fn overflows_f16(bits: u32) -> bool {
    // The largest integer, 2^bits - 1, is at least 65,520.
    (1u64 << bits) > 65_520
}

/// The result of `d` is all of its destination after every write (not a half or a byte
/// merged into an old value).
fn whole_result(d: &InsnDesc) -> bool {
    !d.semantics.contains("unchanged") && !d.semantics.contains("preserved")
}

struct Exclusions {
    rule: Vec<Option<u8>>,
}

impl Exclusions {
    fn exclude(&mut self, bin: u32, rule: Rule) {
        if bin == NONE {
            return;
        }
        let slot = &mut self.rule[bin as usize];
        if slot.is_none() {
            *slot = RULES.iter().position(|r| *r == rule).map(|k| k as u8);
        }
    }
}

fn derive() -> Reach {
    let m = Model::get();
    let mut out = Exclusions {
        rule: vec![None; m.len()],
    };
    for (i, vb) in m.variants.iter().enumerate() {
        let Some(vb) = vb else { continue };
        let d = warpkit_isa::InsnId(i as u16).desc();
        variant(d, vb, &mut out);
    }
    let excluded = out.rule.iter().filter(|r| r.is_some()).count();
    Reach {
        rule: out.rule,
        excluded,
    }
}

fn variant(d: &InsnDesc, vb: &VariantBins, out: &mut Exclusions) {
    let r = rhs(d.semantics);
    if let Some(res) = vb.result.filter(|_| whole_result(d)) {
        let n = res.kind.classes().len();
        if let Some((rule, values)) = result_values(d) {
            let ok = values.classes(res.kind);
            for k in 0..n {
                if ok >> k & 1 == 0 {
                    out.exclude(res.bins + k as u32, rule);
                }
            }
        }
        if let Some((rule, list)) = float_rule(d, r, res.kind) {
            for (k, c) in res.kind.classes().iter().enumerate() {
                if !list.contains(c) {
                    out.exclude(res.bins + k as u32, rule);
                }
            }
        }
        // A NaN out of an operation that may raise invalid is quiet. Integer results
        // (conversions, classed as binary32 for want of a per-operand type) and binary16
        // results read as binary32 (`half(...)` into a 32-bit register) carry other bits.
        let may_nv = d.writes.contains(&StateLoc::Fflags) && d.flags.has(Flags::FM);
        let f16_in_f32 = res.kind == ValueKind::F32 && r.contains("half(");
        if may_nv && res.kind.is_float() && !to_integer(r) && !f16_in_f32 {
            if let Some(k) = res.kind.classes().iter().position(|c| *c == "snan") {
                out.exclude(res.bins + k as u32, QUIET_NAN);
            }
        }
    }
    if vb.exec_write != NONE && d.semantics.contains("EXEC = wqm(") {
        let ok = quad_masks()
            .iter()
            .fold(0u16, |a, &x| a | 1 << exec_class(x as u32));
        for k in 0..EXEC_CLASSES.len() {
            if ok >> k & 1 == 0 {
                out.exclude(vb.exec_write + k as u32, WHOLE_QUAD);
            }
        }
    }
    if vb.fflags != NONE {
        let flag = |name: &str| {
            vb.fflags + FFLAG_NAMES.iter().position(|f| *f == name).unwrap_or(0) as u32
        };
        if let Some((signed, bits, f16)) = from_integer(r) {
            out.exclude(flag("nv"), FROM_INTEGER);
            out.exclude(flag("uf"), FROM_INTEGER);
            if !(f16 && !signed && overflows_f16(bits)) {
                out.exclude(flag("of"), FROM_INTEGER);
            }
        }
        if to_integer(r) {
            out.exclude(flag("of"), TO_INTEGER);
            out.exclude(flag("uf"), TO_INTEGER);
        }
        if r.contains("clamped below 1.0") {
            out.exclude(flag("of"), UNIT_RANGE);
        }
        // The operation itself, without notes such as "(rm / neg / abs / sat modifiers)".
        let op = r.split(" (").next().unwrap_or(r);
        let divides = ["/", "div", "rcp", "rsq", "sqrt", "log"]
            .iter()
            .any(|w| op.contains(w));
        if !divides {
            out.exclude(flag("dz"), NO_DIVISION);
        }
        let rounds = d.reads.contains(&StateLoc::Mode) || d.operand(Slot::Rm).is_some();
        if !rounds && !to_integer(r) {
            for f in ["nx", "uf", "of"] {
                out.exclude(flag(f), NO_ROUNDING);
            }
        }
        if rounds && exact_when_tiny(r) {
            out.exclude(flag("uf"), EXACT_TINY_SUM);
        }
    }
}

/// A sum or difference of operands, a floor, or exact binary16 products: every term lies
/// on the destination's subnormal grid.
fn exact_when_tiny(r: &str) -> bool {
    let core = r.split(" (").next().unwrap_or(r);
    let core = core.split(" for x in").next().unwrap_or(core);
    let sums = (core.contains(" + ") || core.contains(" - "))
        && !core.contains('*')
        && !core.contains("fma(");
    // `s1.l*s2.l`: products of binary16 halves, exact (and never tiny) in binary32.
    let half_products = r.contains(".l*") && r.contains("exact products");
    sums || half_products
}
