//! Places of warp state people name: `v3`, `v3[5]`, `v3.h`, `v[2:3]`, `u5`, `u[2:3]`,
//! `exec`, `exec[5]`, `fflags`, `fflags.nx`, `mode`, `mode.rm`, `pc`, `steps`; reading,
//! writing and comparing them.

use serde::{Deserialize, Serialize};
use warpkit_sim::{fflag, Mode, Warp, LANES, NUM_UREGS, NUM_VREGS};

/// A piece of one warp's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StatePlace {
    /// A vector register, all lanes or one.
    V {
        reg: u8,
        lane: Option<u8>,
    },
    /// The high (`hi`) or low 16 bits of a vector register.
    VHalf {
        reg: u8,
        hi: bool,
        lane: Option<u8>,
    },
    /// A 64-bit vector pair `v[reg:reg+1]` (reg even), low word in `reg`.
    VPair {
        reg: u8,
        lane: Option<u8>,
    },
    U {
        reg: u8,
    },
    /// A 64-bit uniform pair `u[reg:reg+1]` (reg even).
    UPair {
        reg: u8,
    },
    /// EXEC, or one of its bits.
    Exec {
        lane: Option<u8>,
    },
    /// FFLAGS masked by `mask` (all five bits: 0x1f).
    Fflags {
        mask: u8,
    },
    /// MODE as `rm | rm16 << 4`.
    Mode,
    /// MODE.rm.
    Rm,
    /// MODE.rm16.
    Rm16,
    Pc,
    /// Instructions the warp has retired.
    Steps,
}

/// Names of the FFLAGS bits, in bit order.
pub const FFLAG_NAMES: [(&str, u8); 5] = [
    ("nx", fflag::NX),
    ("uf", fflag::UF),
    ("of", fflag::OF),
    ("dz", fflag::DZ),
    ("nv", fflag::NV),
];

fn number(s: &str) -> Option<u64> {
    if let Some(h) = s.strip_prefix("0x") {
        u64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

/// `[N]` at the start of `s`: (N, rest).
fn index(s: &str) -> Result<Option<(u64, &str)>, String> {
    let Some(rest) = s.strip_prefix('[') else {
        return Ok(None);
    };
    let end = rest.find(']').ok_or("missing `]`")?;
    let n = number(rest[..end].trim())
        .ok_or_else(|| format!("`{}` is not a lane number", &rest[..end]))?;
    Ok(Some((n, &rest[end + 1..])))
}

fn lane(s: &str) -> Result<(Option<u8>, &str), String> {
    match index(s)? {
        None => Ok((None, s)),
        Some((n, rest)) if n < LANES as u64 => Ok((Some(n as u8), rest)),
        Some((n, _)) => Err(format!("lane {n} is out of range (0..31)")),
    }
}

fn reg_number(s: &str, file: char, limit: usize) -> Result<(u8, &str), String> {
    let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits == 0 {
        return Err(format!("expected a register number after `{file}`"));
    }
    let n: usize = s[..digits]
        .parse()
        .map_err(|_| format!("bad register number `{}`", &s[..digits]))?;
    if n >= limit {
        return Err(format!(
            "{file}{n} is out of range ({file}0..{file}{})",
            limit - 1
        ));
    }
    Ok((n as u8, &s[digits..]))
}

/// `[a:b]` of a pair: the first register, checked even and b == a + 1.
fn pair(s: &str, file: char, limit: usize) -> Result<(u8, &str), String> {
    let rest = &s[1..];
    let end = rest.find(']').ok_or("missing `]`")?;
    let inner = &rest[..end];
    let (a, b) = inner
        .split_once(':')
        .ok_or_else(|| format!("`{file}[{inner}]`: write a pair as {file}[N:N+1]"))?;
    let a: usize = a
        .trim()
        .parse()
        .map_err(|_| format!("bad register `{a}`"))?;
    let b: usize = b
        .trim()
        .parse()
        .map_err(|_| format!("bad register `{b}`"))?;
    if b != a + 1 || !a.is_multiple_of(2) || b >= limit {
        return Err(format!(
            "`{file}[{a}:{b}]` is not a pair (an even register and the next, below {file}{limit})"
        ));
    }
    Ok((a as u8, &rest[end + 1..]))
}

impl StatePlace {
    /// Parse the longest location at the start of `s` (lower case expected for names);
    /// returns the location and the rest of the text. `Ok(None)`: `s` does not start with
    /// a register name.
    pub fn parse_prefix(s: &str) -> Result<Option<(StatePlace, &str)>, String> {
        let word_end = |s: &str| {
            s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(s.len())
        };
        let lower = s.to_ascii_lowercase();
        let l = lower.as_str();
        // Map a position in the lower-case copy back to the original (same byte lengths).
        let back = |rest: &str| &s[s.len() - rest.len()..];
        let w = &l[..word_end(l)];
        let r = match w {
            "exec" => {
                let (lane, rest) = lane(&l[4..])?;
                (StatePlace::Exec { lane }, rest)
            }
            "pc" => (StatePlace::Pc, &l[2..]),
            "steps" => (StatePlace::Steps, &l[5..]),
            "fflags" => {
                let rest = &l[6..];
                if let Some(after) = rest.strip_prefix('.') {
                    let n = word_end(after);
                    let name = &after[..n];
                    let bit = FFLAG_NAMES
                        .iter()
                        .find(|(k, _)| *k == name)
                        .ok_or_else(|| {
                            format!("`fflags.{name}`: the flags are nx, uf, of, dz, nv")
                        })?
                        .1;
                    (StatePlace::Fflags { mask: bit }, &after[n..])
                } else {
                    (StatePlace::Fflags { mask: fflag::ALL }, rest)
                }
            }
            "mode" => {
                let rest = &l[4..];
                if let Some(after) = rest.strip_prefix(".rm16") {
                    (StatePlace::Rm16, after)
                } else if let Some(after) = rest.strip_prefix(".rm") {
                    (StatePlace::Rm, after)
                } else {
                    (StatePlace::Mode, rest)
                }
            }
            _ if (w == "v" || w == "u") && l[1..].starts_with('[') => {
                let file = w.chars().next().unwrap_or('v');
                let limit = if file == 'v' { NUM_VREGS } else { NUM_UREGS };
                let (reg, rest) = pair(&l[1..], file, limit)?;
                if file == 'v' {
                    let (lane, rest) = lane(rest)?;
                    (StatePlace::VPair { reg, lane }, rest)
                } else {
                    (StatePlace::UPair { reg }, rest)
                }
            }
            _ if w.len() > 1
                && (w.starts_with('v') || w.starts_with('u'))
                && w[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                if w.starts_with('u') {
                    let (reg, rest) = reg_number(&l[1..], 'u', NUM_UREGS)?;
                    (StatePlace::U { reg }, rest)
                } else {
                    let (reg, rest) = reg_number(&l[1..], 'v', NUM_VREGS)?;
                    let half = if rest.starts_with(".h")
                        && !rest[2..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    {
                        Some(true)
                    } else if rest.starts_with(".l")
                        && !rest[2..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    {
                        Some(false)
                    } else {
                        None
                    };
                    match half {
                        Some(hi) => {
                            let (lane, rest) = lane(&rest[2..])?;
                            (StatePlace::VHalf { reg, hi, lane }, rest)
                        }
                        None => {
                            let (lane, rest) = lane(rest)?;
                            (StatePlace::V { reg, lane }, rest)
                        }
                    }
                }
            }
            _ => return Ok(None),
        };
        Ok(Some((r.0, back(r.1))))
    }

    /// Parse a whole location.
    pub fn parse(s: &str) -> Result<StatePlace, String> {
        let t = s.trim();
        match StatePlace::parse_prefix(t)? {
            Some((loc, rest)) if rest.trim().is_empty() => Ok(loc),
            Some((_, rest)) => Err(format!("unexpected `{}` after the register", rest.trim())),
            None => Err(format!(
                "`{t}` is not a register (v0..v127, u0..u63, v[2:3], v3.h, exec, fflags, mode, pc)"
            )),
        }
    }

    /// The location without its lane (the whole register).
    pub fn whole(self) -> StatePlace {
        match self {
            StatePlace::V { reg, .. } => StatePlace::V { reg, lane: None },
            StatePlace::VHalf { reg, hi, .. } => StatePlace::VHalf {
                reg,
                hi,
                lane: None,
            },
            StatePlace::VPair { reg, .. } => StatePlace::VPair { reg, lane: None },
            StatePlace::Exec { .. } => StatePlace::Exec { lane: None },
            l => l,
        }
    }

    /// The lane named, if any.
    pub fn lane(self) -> Option<u8> {
        match self {
            StatePlace::V { lane, .. }
            | StatePlace::VHalf { lane, .. }
            | StatePlace::VPair { lane, .. }
            | StatePlace::Exec { lane } => lane,
            _ => None,
        }
    }

    /// Whether the location holds one value per lane (no lane chosen).
    pub fn is_vector(self) -> bool {
        matches!(
            self,
            StatePlace::V { lane: None, .. }
                | StatePlace::VHalf { lane: None, .. }
                | StatePlace::VPair { lane: None, .. }
        )
    }

    /// Bits of one value.
    pub fn width(self) -> u32 {
        match self {
            StatePlace::V { .. } | StatePlace::U { .. } | StatePlace::Pc => 32,
            StatePlace::VHalf { .. } => 16,
            StatePlace::VPair { .. } | StatePlace::UPair { .. } | StatePlace::Steps => 64,
            StatePlace::Exec { lane: Some(_) } => 1,
            StatePlace::Exec { lane: None } => 32,
            StatePlace::Fflags { .. } => 5,
            StatePlace::Mode => 8,
            StatePlace::Rm | StatePlace::Rm16 => 3,
        }
    }

    /// The vector registers the location covers (for watchpoints).
    pub fn vregs(self) -> std::ops::Range<u8> {
        match self {
            StatePlace::V { reg, .. } | StatePlace::VHalf { reg, .. } => reg..reg + 1,
            StatePlace::VPair { reg, .. } => reg..reg + 2,
            _ => 0..0,
        }
    }

    /// The uniform registers the location covers.
    pub fn uregs(self) -> std::ops::Range<u8> {
        match self {
            StatePlace::U { reg } => reg..reg + 1,
            StatePlace::UPair { reg } => reg..reg + 2,
            _ => 0..0,
        }
    }

    /// Whether warp `w` has the place: a vector register beyond its `vgprs` is not
    /// allocated (instructions naming it fault), so it has no value to show or watch.
    pub fn check(self, w: &Warp) -> Result<(), String> {
        let r = self.vregs();
        if r.end as u32 > w.vgprs() {
            return Err(format!(
                "`{self}`: v{} is not allocated (the warp has vgprs {}: v0..v{})",
                r.end - 1,
                w.vgprs(),
                w.vgprs() - 1
            ));
        }
        Ok(())
    }

    /// Read: one value per lane for a vector location, else one value.
    pub fn read(self, w: &Warp) -> Vec<u64> {
        let v = w.vregs();
        let lanes = |f: &dyn Fn(usize) -> u64, lane: Option<u8>| match lane {
            Some(l) => vec![f(l as usize)],
            None => (0..LANES).map(f).collect(),
        };
        match self {
            StatePlace::V { reg, lane } => lanes(&|i| v[reg as usize][i] as u64, lane),
            StatePlace::VHalf { reg, hi, lane } => lanes(
                &|i| ((v[reg as usize][i] >> if hi { 16 } else { 0 }) & 0xffff) as u64,
                lane,
            ),
            StatePlace::VPair { reg, lane } => lanes(
                &|i| v[reg as usize][i] as u64 | (v[reg as usize + 1][i] as u64) << 32,
                lane,
            ),
            StatePlace::U { reg } => vec![w.uregs()[reg as usize] as u64],
            StatePlace::UPair { reg } => {
                vec![w.uregs()[reg as usize] as u64 | (w.uregs()[reg as usize + 1] as u64) << 32]
            }
            StatePlace::Exec { lane: None } => vec![w.exec() as u64],
            StatePlace::Exec { lane: Some(l) } => vec![(w.exec() >> l & 1) as u64],
            StatePlace::Fflags { mask } => vec![(w.fflags() & mask) as u64],
            StatePlace::Mode => vec![(w.mode().rm | w.mode().rm16 << 4) as u64],
            StatePlace::Rm => vec![w.mode().rm as u64],
            StatePlace::Rm16 => vec![w.mode().rm16 as u64],
            StatePlace::Pc => vec![w.pc() as u64],
            StatePlace::Steps => vec![w.steps()],
        }
    }

    /// Read one value (a lane must be chosen for vector locations).
    pub fn read_scalar(self, w: &Warp) -> Result<u64, String> {
        if self.is_vector() {
            return Err(format!(
                "`{self}` has 32 lanes: name one, for example {self}[0]"
            ));
        }
        self.check(w)?;
        Ok(self.read(w)[0])
    }

    /// Write `value` (to every lane of a vector location). Values wider than the location
    /// are refused.
    pub fn write(self, w: &mut Warp, value: u64) -> Result<(), String> {
        let width = self.width();
        if width < 64 && value >> width != 0 {
            return Err(format!("0x{value:x} does not fit `{self}` ({width} bits)"));
        }
        let each = |lane: Option<u8>| -> Vec<usize> {
            match lane {
                Some(l) => vec![l as usize],
                None => (0..LANES).collect(),
            }
        };
        match self {
            StatePlace::V { reg, lane } => {
                for i in each(lane) {
                    w.vregs_mut()[reg as usize][i] = value as u32;
                }
            }
            StatePlace::VHalf { reg, hi, lane } => {
                let sh = if hi { 16 } else { 0 };
                for i in each(lane) {
                    let x = &mut w.vregs_mut()[reg as usize][i];
                    *x = (*x & !(0xffff << sh)) | (value as u32) << sh;
                }
            }
            StatePlace::VPair { reg, lane } => {
                for i in each(lane) {
                    w.vregs_mut()[reg as usize][i] = value as u32;
                    w.vregs_mut()[reg as usize + 1][i] = (value >> 32) as u32;
                }
            }
            StatePlace::U { reg } => w.uregs_mut()[reg as usize] = value as u32,
            StatePlace::UPair { reg } => {
                w.uregs_mut()[reg as usize] = value as u32;
                w.uregs_mut()[reg as usize + 1] = (value >> 32) as u32;
            }
            StatePlace::Exec { lane: None } => w.set_exec(value as u32),
            StatePlace::Exec { lane: Some(l) } => {
                let e = (w.exec() & !(1 << l)) | (value as u32) << l;
                w.set_exec(e)
            }
            StatePlace::Fflags { mask } => {
                if value as u8 & !mask != 0 {
                    return Err(format!("0x{value:x} sets bits outside `{self}`"));
                }
                let f = (w.fflags() & !mask) | value as u8;
                w.set_fflags(f).map_err(|e| e.0)?
            }
            StatePlace::Mode => w
                .set_mode(Mode {
                    rm: value as u8 & 0xf,
                    rm16: (value >> 4) as u8 & 0xf,
                })
                .map_err(|e| e.0)?,
            StatePlace::Rm => {
                let m = Mode {
                    rm: value as u8,
                    ..w.mode()
                };
                w.set_mode(m).map_err(|e| e.0)?
            }
            StatePlace::Rm16 => {
                let m = Mode {
                    rm16: value as u8,
                    ..w.mode()
                };
                w.set_mode(m).map_err(|e| e.0)?
            }
            StatePlace::Pc => {
                if !value.is_multiple_of(4) {
                    return Err(format!("pc 0x{value:x} is not 4-byte aligned"));
                }
                w.set_pc(value as u32)
            }
            StatePlace::Steps => {
                return Err("`steps` counts retired instructions; it cannot be set".into())
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for StatePlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lane = |f: &mut std::fmt::Formatter<'_>, l: &Option<u8>| match l {
            Some(l) => write!(f, "[{l}]"),
            None => Ok(()),
        };
        match self {
            StatePlace::V { reg, lane: l } => {
                write!(f, "v{reg}")?;
                lane(f, l)
            }
            StatePlace::VHalf { reg, hi, lane: l } => {
                write!(f, "v{reg}.{}", if *hi { "h" } else { "l" })?;
                lane(f, l)
            }
            StatePlace::VPair { reg, lane: l } => {
                write!(f, "v[{reg}:{}]", reg + 1)?;
                lane(f, l)
            }
            StatePlace::U { reg } => write!(f, "u{reg}"),
            StatePlace::UPair { reg } => write!(f, "u[{reg}:{}]", reg + 1),
            StatePlace::Exec { lane: l } => {
                write!(f, "exec")?;
                lane(f, l)
            }
            StatePlace::Fflags { mask } => match FFLAG_NAMES.iter().find(|(_, b)| b == mask) {
                Some((n, _)) => write!(f, "fflags.{n}"),
                None => write!(f, "fflags"),
            },
            StatePlace::Mode => write!(f, "mode"),
            StatePlace::Rm => write!(f, "mode.rm"),
            StatePlace::Rm16 => write!(f, "mode.rm16"),
            StatePlace::Pc => write!(f, "pc"),
            StatePlace::Steps => write!(f, "steps"),
        }
    }
}

/// A value people type: decimal, `0x` hex, `-N` (32-bit two's complement), or a float
/// with a point (`1.5`, `-0.25`, `inf`, `nan`: its binary32 bits).
pub fn parse_value(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "").to_ascii_lowercase();
    let bad = || {
        format!(
            "`{}` is not a number (decimal, 0x hex, or a float with a point)",
            s.trim()
        )
    };
    if let Some(h) = t.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).map_err(|_| bad());
    }
    if t.contains('.') || t.ends_with("inf") || t.ends_with("nan") {
        return t
            .parse::<f32>()
            .map(|f| f.to_bits() as u64)
            .map_err(|_| bad());
    }
    if let Some(n) = t.strip_prefix('-') {
        return n
            .parse::<u32>()
            .map(|v| v.wrapping_neg() as u64)
            .map_err(|_| bad());
    }
    t.parse::<u64>().map_err(|_| bad())
}
