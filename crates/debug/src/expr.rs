//! Expressions over one warp's state, for conditions (`v3[5] == 7`, `exec == 0`,
//! `popcount(exec) < 32`) and for printing: integers (decimal, `0x`, `0b`), registers and
//! lanes ([`StatePlace`]), `popcount(x)`, C's operators and precedence (`! ~ -`, `* / %`, `+ -`,
//! `<< >>`, `< <= > >=`, `== !=`, `&`, `^`, `|`, `&&`, `||`). Values are 64-bit signed.

use crate::loc::StatePlace;
use warpkit_sim::Warp;

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Loc(StatePlace),
    Unary(char, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Popcount(Box<Expr>),
}

const LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<=", ">=", "<", ">"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

/// Deepest nesting of parentheses, `popcount(...)` and prefix operators: parsing, evaluating
/// and dropping an expression recurse through it, so it is bounded (as the assembler's).
pub const MAX_EXPR_DEPTH: usize = 256;
/// Most operators in one expression: `1+1+...` builds a tree as deep as it is long.
pub const MAX_EXPR_OPERATORS: usize = 1024;

struct Parser<'a> {
    s: &'a str,
    depth: usize,
    operators: usize,
}

impl<'a> Parser<'a> {
    fn skip(&mut self) {
        self.s = self.s.trim_start();
    }

    fn eat(&mut self, t: &str) -> bool {
        self.skip();
        if self.s.starts_with(t) {
            self.s = &self.s[t.len()..];
            true
        } else {
            false
        }
    }

    fn operator(&mut self) -> Result<(), String> {
        self.operators += 1;
        if self.operators > MAX_EXPR_OPERATORS {
            return Err(format!(
                "expression has more than {MAX_EXPR_OPERATORS} operators"
            ));
        }
        Ok(())
    }

    /// Enter one level of nesting (left again by the caller with `self.depth -= 1`).
    fn nest(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            return Err(format!(
                "expression nested more than {MAX_EXPR_DEPTH} levels deep"
            ));
        }
        Ok(())
    }

    fn binary(&mut self, level: usize) -> Result<Expr, String> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        'outer: loop {
            self.skip();
            for op in LEVELS[level] {
                // `|` must not take the first half of `||`, `&` of `&&`, `<` of `<<`.
                let longer = LEVELS
                    .iter()
                    .flat_map(|l| l.iter())
                    .any(|o| o.len() > op.len() && o.starts_with(op) && self.s.starts_with(o));
                if !longer && self.s.starts_with(op) {
                    self.operator()?;
                    self.s = &self.s[op.len()..];
                    let rhs = self.binary(level + 1)?;
                    lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
                    continue 'outer;
                }
            }
            return Ok(lhs);
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        self.skip();
        for op in ['!', '~', '-'] {
            if self.s.starts_with(op) && !self.s.starts_with("!=") {
                self.s = &self.s[1..];
                self.operator()?;
                self.nest()?;
                let e = self.unary()?;
                self.depth -= 1;
                return Ok(Expr::Unary(op, Box::new(e)));
            }
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, String> {
        self.skip();
        if self.eat("(") {
            self.nest()?;
            let e = self.binary(0)?;
            self.depth -= 1;
            if !self.eat(")") {
                return Err("missing `)`".into());
            }
            return Ok(e);
        }
        let lower = self.s.to_ascii_lowercase();
        if lower.starts_with("popcount") {
            self.s = &self.s[8..];
            if !self.eat("(") {
                return Err("write popcount(EXPR)".into());
            }
            self.nest()?;
            let e = self.binary(0)?;
            self.depth -= 1;
            if !self.eat(")") {
                return Err("missing `)` of popcount".into());
            }
            return Ok(Expr::Popcount(Box::new(e)));
        }
        if self.s.starts_with(|c: char| c.is_ascii_digit()) {
            let end = self
                .s
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(self.s.len());
            let t = self.s[..end].replace('_', "");
            let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                u64::from_str_radix(h, 16).map(|v| v as i64)
            } else if let Some(b) = t.strip_prefix("0b") {
                u64::from_str_radix(b, 2).map(|v| v as i64)
            } else {
                t.parse::<i64>()
            }
            .map_err(|_| format!("`{}` is not a number", &self.s[..end]))?;
            self.s = &self.s[end..];
            return Ok(Expr::Num(v));
        }
        match StatePlace::parse_prefix(self.s)? {
            Some((loc, rest)) => {
                self.s = rest;
                Ok(Expr::Loc(loc))
            }
            None if self.s.is_empty() => Err("expression ends too early".into()),
            None => {
                let end = self
                    .s
                    .find(|c: char| c.is_whitespace())
                    .unwrap_or(self.s.len());
                Err(format!(
                    "`{}` is not a number, register or popcount(...)",
                    &self.s[..end]
                ))
            }
        }
    }
}

impl Expr {
    pub fn parse(s: &str) -> Result<Expr, String> {
        let mut p = Parser {
            s,
            depth: 0,
            operators: 0,
        };
        let e = p.binary(0)?;
        p.skip();
        if !p.s.is_empty() {
            return Err(format!("unexpected `{}`", p.s));
        }
        Ok(e)
    }

    /// The plain location when the expression is just one.
    pub fn as_loc(&self) -> Option<StatePlace> {
        match self {
            Expr::Loc(l) => Some(*l),
            _ => None,
        }
    }

    pub fn eval(&self, w: &Warp) -> Result<i64, String> {
        Ok(match self {
            Expr::Num(n) => *n,
            Expr::Loc(l) => l.read_scalar(w)? as i64,
            Expr::Popcount(e) => (e.eval(w)? as u64).count_ones() as i64,
            Expr::Unary(op, e) => {
                let v = e.eval(w)?;
                match op {
                    '!' => (v == 0) as i64,
                    '~' => !v,
                    _ => v.wrapping_neg(),
                }
            }
            Expr::Binary(op, a, b) => {
                let x = a.eval(w)?;
                // `&&` and `||` do not evaluate their right side when the left decides.
                match *op {
                    "&&" => return Ok((x != 0 && b.eval(w)? != 0) as i64),
                    "||" => return Ok((x != 0 || b.eval(w)? != 0) as i64),
                    _ => {}
                }
                let y = b.eval(w)?;
                match *op {
                    "|" => x | y,
                    "^" => x ^ y,
                    "&" => x & y,
                    "==" => (x == y) as i64,
                    "!=" => (x != y) as i64,
                    "<" => (x < y) as i64,
                    "<=" => (x <= y) as i64,
                    ">" => (x > y) as i64,
                    ">=" => (x >= y) as i64,
                    "<<" => x.wrapping_shl(y as u32),
                    ">>" => ((x as u64).wrapping_shr(y as u32)) as i64,
                    "+" => x.wrapping_add(y),
                    "-" => x.wrapping_sub(y),
                    "*" => x.wrapping_mul(y),
                    "/" | "%" if y == 0 => return Err("division by zero".into()),
                    "/" => x.wrapping_div(y),
                    _ => x.wrapping_rem(y),
                }
            }
        })
    }
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    #[test]
    fn deep_or_long_expressions_are_errors_not_stack_overflows() {
        let n = 100_000;
        for (text, msg) in [
            (
                format!("{}1{}", "(".repeat(n), ")".repeat(n)),
                "nested more than 256",
            ),
            (format!("{}1", "-".repeat(n)), "nested more than 256"),
            (format!("{}1", "!~".repeat(n)), "nested more than 256"),
            (
                format!("{}1{}", "popcount(".repeat(n), ")".repeat(n)),
                "nested more than 256",
            ),
            (vec!["1"; n].join("+"), "more than 1024 operators"),
        ] {
            let e = Expr::parse(&text).unwrap_err();
            assert!(e.contains(msg), "{e}");
        }
        // Up to the limits, expressions parse and evaluate.
        let deep = format!("{}7{}", "(".repeat(256), ")".repeat(256));
        assert_eq!(Expr::parse(&deep).unwrap(), Expr::Num(7));
        let long = vec!["1"; 1025].join("+");
        let w = Warp::new();
        assert_eq!(Expr::parse(&long).unwrap().eval(&w), Ok(1025));
    }
}
