//! Expressions: integer literals, names, and the C-precedence evaluator of operand and
//! directive expressions (with its nesting limit), over a symbol table of labels and
//! `.equ` names. Also the character classes of names, which every scanner of the
//! assembler shares.

use std::collections::HashMap;

/// How deep parentheses and unary operators may nest in one expression: far beyond
/// anything written by hand, and shallow enough for any thread's stack.
pub const MAX_EXPR_DEPTH: usize = 256;

/// The binary operator at the start of `b`: (operator code, C precedence, length). Codes:
/// the character for one-character operators, `<` and `>` for `<<` and `>>`, `L` `l` `G` `g`
/// for `<` `<=` `>` `>=`, `=` for `==`, `!` for `!=` (and GNU as's `<>`), `A` for `&&`, `O`
/// for `||`. Longer operators are matched first (`<<` before `<=` before `<`).
fn binary_op(b: &[u8]) -> Option<(u8, u8, usize)> {
    Some(match b {
        [b'|', b'|', ..] => (b'O', 1, 2),
        [b'&', b'&', ..] => (b'A', 2, 2),
        [b'|', ..] => (b'|', 3, 1),
        [b'^', ..] => (b'^', 4, 1),
        [b'&', ..] => (b'&', 5, 1),
        [b'=', b'=', ..] => (b'=', 6, 2),
        [b'!', b'=', ..] | [b'<', b'>', ..] => (b'!', 6, 2),
        [b'<', b'<', ..] => (b'<', 8, 2),
        [b'>', b'>', ..] => (b'>', 8, 2),
        [b'<', b'=', ..] => (b'l', 7, 2),
        [b'>', b'=', ..] => (b'g', 7, 2),
        [b'<', ..] => (b'L', 7, 1),
        [b'>', ..] => (b'G', 7, 1),
        [c @ (b'+' | b'-'), ..] => (*c, 9, 1),
        [c @ (b'*' | b'/' | b'%'), ..] => (*c, 10, 1),
        _ => return None,
    })
}

/// One binary operation on 64-bit two's complement values (wrapping, as GNU as); division
/// truncates toward zero; shifts by 64 or more give 0 (`>>` is arithmetic: the sign).
/// Comparisons are signed and give -1 for true, `&&` and `||` give 1, false is 0 (GNU as
/// and llvm-mc).
fn apply_binary(op: u8, v: i64, w: i64) -> Result<i64, ExprErr> {
    let cmp = |c: bool| -(c as i64);
    Ok(match op {
        b'O' => (v != 0 || w != 0) as i64,
        b'A' => (v != 0 && w != 0) as i64,
        b'|' => v | w,
        b'^' => v ^ w,
        b'&' => v & w,
        b'=' => cmp(v == w),
        b'!' => cmp(v != w),
        b'L' => cmp(v < w),
        b'l' => cmp(v <= w),
        b'G' => cmp(v > w),
        b'g' => cmp(v >= w),
        b'+' => v.wrapping_add(w),
        b'-' => v.wrapping_sub(w),
        b'*' => v.wrapping_mul(w),
        b'/' | b'%' if w == 0 => {
            return Err(ExprErr::Syntax(format!(
                "division by zero (`{}` with a zero right side)",
                op as char
            )))
        }
        b'/' => v.wrapping_div(w),
        b'%' => v.wrapping_rem(w),
        b'<' if !(0..64).contains(&w) => 0,
        b'<' => v.wrapping_shl(w as u32),
        b'>' if !(0..64).contains(&w) => v >> 63,
        b'>' => v >> w,
        _ => unreachable!("binary_op returns only these operators"),
    })
}

/// Whether `t` is a well-formed integer literal whose value needs more than 64 bits.
fn int_too_large(t: &str) -> bool {
    let (radix, digits) = match t.as_bytes() {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        b => (10, b),
    };
    !digits.is_empty()
        && digits
            .iter()
            .all(|&c| c == b'_' || (c as char).is_digit(radix))
}

/// Character classes by table (the assembler's scanners read them): bit 0 may start a name, bit 1 may continue one, bit 2
/// separates or opens operands (`,` `(` `[`).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'_' || b == b'.' {
            t[c] |= 1;
        }
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$' {
            t[c] |= 2;
        }
        if b == b',' || b == b'(' || b == b'[' {
            t[c] |= 4;
        }
        c += 1;
    }
    t
};

#[inline(always)]
pub fn is_ident_start(c: u8) -> bool {
    CLASS[c as usize] & 1 != 0
}

#[inline(always)]
pub fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & 2 != 0
}

/// Whether `c` separates or opens operands (`,` `(` `[`).
#[inline(always)]
pub(crate) fn is_operand_break(c: u8) -> bool {
    CLASS[c as usize] & 4 != 0
}

/// An integer literal: decimal, `0x` hex, `0b` binary, with `_` separators; up to 64
/// bits (values above `i64::MAX` keep their bit pattern).
pub fn parse_int(s: &str) -> Option<i64> {
    parse_int_bytes(s.as_bytes())
}

/// [`parse_int`] over bytes.
pub(crate) fn parse_int_bytes(s: &[u8]) -> Option<i64> {
    let (radix, digits): (u64, &[u8]) = match s {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        b => (10, b),
    };
    if digits.is_empty() {
        return None;
    }
    // Up to 64 bits; values above i64::MAX keep their bit pattern (for .dword). One pass,
    // `_` separators allowed.
    let mut v: u64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            b'_' => continue,
            _ => return None,
        } as u64;
        if d >= radix {
            return None;
        }
        v = v.checked_mul(radix)?.checked_add(d)?;
    }
    Some(v as i64)
}

/// The integer literal at the start of `b`, read as the assembler's expression scanner
/// reads it: the bytes it spans (letters, digits and `_` from a leading digit; 0 when `b`
/// does not start with a digit) and its value, `None` when the literal is malformed or
/// needs more than 64 bits. Editors cut numbers with it, so they cannot disagree with the
/// assembler.
pub fn number_at(b: &[u8]) -> (usize, Option<i64>) {
    if !b.first().is_some_and(u8::is_ascii_digit) {
        return (0, None);
    }
    let len = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .unwrap_or(b.len());
    (len, parse_int_bytes(&b[..len]))
}

/// Why an expression has no value.
pub(crate) enum ExprErr {
    Syntax(String),
    Undefined(String),
    /// A character outside the name alphabet at this byte offset of the expression.
    BadChar(usize, char),
}

/// A symbol and where its name was defined (byte offset, saturated at 4 GiB: only used to
/// point at a first definition), for "defined twice" errors. 16 bytes, like the value alone.
#[derive(Clone, Copy)]
pub(crate) enum Sym {
    Label(u32, u32),
    Equ(i64, u32),
}

impl Sym {
    pub fn defined_at(self) -> usize {
        match self {
            Sym::Label(_, at) | Sym::Equ(_, at) => at as usize,
        }
    }
}

/// Labels and `.equ` names by name.
pub(crate) type Symbols<'s> = HashMap<&'s str, Sym>;

fn bad_char_at(s: &str, at: usize) -> ExprErr {
    ExprErr::BadChar(at, s[at..].chars().next().unwrap_or('?'))
}

/// Evaluate an expression; also says whether it refers to a label.
pub(crate) fn eval(syms: &Symbols<'_>, s: &str, pass2: bool) -> Result<(i64, bool), ExprErr> {
    let b = s.as_bytes();
    let mut pos = 0usize;
    let r = eval_prec(syms, s, b, &mut pos, pass2, 0, 0)?;
    while pos < b.len() && b[pos].is_ascii_whitespace() {
        pos += 1;
    }
    if pos != b.len() {
        return Err(ExprErr::Syntax(format!(
            "unexpected `{}` in expression",
            &s[pos..]
        )));
    }
    Ok(r)
}

/// A whole expression from `pos`: binary operators with C's precedence and
/// associativity (as llvm-mc), lowest first `||`, `&&`, `|`, `^`, `&`, `== !=`,
/// `< <= > >=`, `<< >>`, `+ -`, `* / %`. Recursion happens only through parentheses and unary operators, which count
/// against [`MAX_EXPR_DEPTH`].
fn eval_prec(
    syms: &Symbols<'_>,
    s: &str,
    b: &[u8],
    pos: &mut usize,
    pass2: bool,
    min_prec: u8,
    depth: usize,
) -> Result<(i64, bool), ExprErr> {
    let (mut v, mut lab) = eval_unary(syms, s, b, pos, pass2, depth)?;
    loop {
        while *pos < b.len() && b[*pos].is_ascii_whitespace() {
            *pos += 1;
        }
        let Some((op, prec, len)) = binary_op(&b[*pos..]) else {
            return Ok((v, lab));
        };
        if prec < min_prec {
            return Ok((v, lab));
        }
        *pos += len;
        // Left-associative: the right side binds only tighter operators (at most six
        // levels of recursion, so not counted as nesting).
        let (w, l2) = eval_prec(syms, s, b, pos, pass2, prec + 1, depth)?;
        v = apply_binary(op, v, w)?;
        lab = match op {
            // label - label is a plain distance.
            b'-' if lab && l2 => false,
            // A truth value is a plain number, whatever was compared.
            b'O' | b'A' | b'=' | b'!' | b'L' | b'l' | b'G' | b'g' => false,
            _ => lab || l2,
        };
    }
}

fn eval_unary(
    syms: &Symbols<'_>,
    s: &str,
    b: &[u8],
    pos: &mut usize,
    pass2: bool,
    depth: usize,
) -> Result<(i64, bool), ExprErr> {
    if depth >= MAX_EXPR_DEPTH {
        return Err(ExprErr::Syntax(format!(
            "expression nested more than {MAX_EXPR_DEPTH} levels deep"
        )));
    }
    while *pos < b.len() && b[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
    match b.get(*pos) {
        None => Err(ExprErr::Syntax("missing value".into())),
        Some(b'-') => {
            *pos += 1;
            let (v, l) = eval_unary(syms, s, b, pos, pass2, depth + 1)?;
            Ok((v.wrapping_neg(), l))
        }
        Some(b'+') => {
            *pos += 1;
            eval_unary(syms, s, b, pos, pass2, depth + 1)
        }
        Some(b'~') => {
            *pos += 1;
            let (v, l) = eval_unary(syms, s, b, pos, pass2, depth + 1)?;
            Ok((!v, l))
        }
        // Logical not (llvm-mc): 1 for 0, else 0.
        Some(b'!') => {
            *pos += 1;
            let (v, _) = eval_unary(syms, s, b, pos, pass2, depth + 1)?;
            Ok(((v == 0) as i64, false))
        }
        Some(b'(') => {
            *pos += 1;
            let r = eval_prec(syms, s, b, pos, pass2, 0, depth + 1)?;
            while *pos < b.len() && b[*pos].is_ascii_whitespace() {
                *pos += 1;
            }
            match b.get(*pos) {
                Some(b')') => {}
                None => return Err(ExprErr::Syntax("missing `)`".into())),
                Some(_) => {
                    return Err(ExprErr::Syntax(format!(
                        "unexpected `{}` in expression (expected `)` or an operator: \
                         + - * / % << >> & | ^ == != < <= > >= && ||)",
                        &s[*pos..]
                    )))
                }
            }
            *pos += 1;
            Ok(r)
        }
        Some(c) if c.is_ascii_digit() => {
            let st = *pos;
            let (len, value) = number_at(&b[st..]);
            *pos += len;
            let t = &s[st..*pos];
            value.map(|v| (v, false)).ok_or_else(|| {
                ExprErr::Syntax(if int_too_large(t) {
                    format!("`{t}` is out of range (integers have at most 64 bits)")
                } else {
                    format!("`{t}` is not a number")
                })
            })
        }
        Some(&c) if is_ident_start(c) => {
            let st = *pos;
            while *pos < b.len() && is_ident_char(b[*pos]) {
                *pos += 1;
            }
            if b.get(*pos).is_some_and(|c| !c.is_ascii()) {
                return Err(bad_char_at(s, *pos));
            }
            let name = &s[st..*pos];
            match syms.get(name) {
                Some(Sym::Equ(v, _)) => Ok((*v, false)),
                Some(Sym::Label(a, _)) => Ok((*a as i64, true)),
                None if pass2 => Err(ExprErr::Undefined(name.to_string())),
                None => Err(ExprErr::Undefined(String::new())),
            }
        }
        Some(c) if !c.is_ascii() => Err(bad_char_at(s, *pos)),
        Some(_) => Err(ExprErr::Syntax(format!("unexpected `{}`", &s[*pos..]))),
    }
}

/// Evaluate a constant expression with the assembler's evaluator; `names` are the values
/// of the symbols it may use (`.if`, `.size`).
pub(crate) fn eval_const(expr: &str, names: &HashMap<String, i64>) -> Result<i64, String> {
    let syms: Symbols<'_> = names
        .iter()
        .map(|(k, v)| (k.as_str(), Sym::Equ(*v, 0)))
        .collect();
    match eval(&syms, expr, true) {
        Ok((v, _)) => Ok(v),
        Err(ExprErr::Undefined(n)) => Err(format!("`{n}` is not defined")),
        Err(ExprErr::Syntax(m)) => Err(m),
        Err(ExprErr::BadChar(..)) => Err(format!("`{expr}` is not a valid expression")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_every_radix() {
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("1_000"), Some(1000));
        assert_eq!(parse_int("0x7fFF"), Some(0x7fff));
        assert_eq!(parse_int("0b1010"), Some(10));
        assert_eq!(parse_int("0xffffffffffffffff"), Some(-1));
        assert_eq!(parse_int("0x1_0000_0000_0000_0000"), None);
        assert_eq!(parse_int("0b102"), None);
        assert_eq!(parse_int("12a"), None);
        assert_eq!(parse_int("0x"), None);
        assert_eq!(parse_int(""), None);
    }

    #[test]
    fn numbers_are_cut_where_the_evaluator_cuts_them() {
        assert_eq!(number_at(b"0x1f+2"), (4, Some(31)));
        assert_eq!(number_at(b"12ab,"), (4, None));
        assert_eq!(number_at(b"1_000)"), (5, Some(1000)));
        assert_eq!(number_at(b"x1"), (0, None));
        assert_eq!(number_at(b""), (0, None));
    }
}
