//! What `warpkit run` shows people: selections of warps and registers (`--warps`,
//! `--regs`, `--trace-warps`, `--trace-steps`), the per-lane table of `--view table` with
//! its number formats (`--as`), and the line per warp that did not exit.

use std::fmt::Write as _;
use std::ops::{Range, RangeInclusive};
use warpkit_sim::{fflag, rm, Fault, FaultReason, Fields, RunStatus, Sim, Warp, LANES};
use warpkit_sim::{NUM_UREGS, NUM_VREGS};
use warpkit_ui::present::{self, Format};

/// Warp indices and inclusive ranges (`0,2-5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexList(pub Vec<RangeInclusive<usize>>);

/// `0,2-5`: warp indices and inclusive ranges.
pub fn parse_index_list(s: &str) -> Result<IndexList, String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{}` is not a warp index (expected e.g. 0,2-5)", t.trim()))
    };
    s.split(',')
        .map(|part| {
            let r = match part.split_once('-') {
                Some((a, b)) => num(a)?..=num(b)?,
                None => num(part).map(|i| i..=i)?,
            };
            if r.is_empty() {
                return Err(format!("`{}` is an empty range", part.trim()));
            }
            Ok(r)
        })
        .collect::<Result<_, _>>()
        .map(IndexList)
}

/// The indices of a list, sorted and each once, checked against the warps launched.
pub fn expand_index_list(
    list: &[RangeInclusive<usize>],
    warps: usize,
    flag: &str,
) -> Result<Vec<usize>, String> {
    if let Some(r) = list.iter().find(|r| *r.end() >= warps) {
        return Err(format!(
            "{flag}: there is no warp {} (the state launches {warps} warp{}: 0-{})",
            r.end(),
            if warps == 1 { "" } else { "s" },
            warps.saturating_sub(1)
        ));
    }
    let mut v: Vec<usize> = list.iter().flat_map(|r| r.clone()).collect();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// `FROM..TO` (TO excluded), `FROM..=TO` (included), `FROM..`, `..TO`.
pub fn parse_steps(s: &str) -> Result<Range<u64>, String> {
    let bad =
        || format!("`{s}`: expected FROM..TO (TO excluded), FROM..=TO (included), FROM.. or ..TO");
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let (b, inclusive) = match b.strip_prefix('=') {
        Some(b) => (b, true),
        None => (b, false),
    };
    let num = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
    let from = if a.trim().is_empty() { 0 } else { num(a)? };
    let to = match (b.trim().is_empty(), inclusive) {
        (true, true) => return Err(bad()),
        (true, false) => u64::MAX,
        (false, true) => num(b)?.saturating_add(1),
        (false, false) => num(b)?,
    };
    if from >= to {
        return Err(format!("`{s}` selects no step"));
    }
    Ok(from..to)
}

/// `v0-v7,u0,u1,exec,pc,fflags,mode,vgprs`; `v` and `u` alone are all of them.
pub fn parse_regs(s: &str) -> Result<Fields, String> {
    let mut f = Fields::NONE;
    for part in s.split(',') {
        let t = part.trim().to_ascii_lowercase();
        match t.as_str() {
            "exec" => f.exec = true,
            "pc" => f.pc = true,
            "fflags" => f.fflags = true,
            "mode" => f.mode = true,
            "vgprs" => f.vgprs = true,
            "v" => f.v = u128::MAX,
            "u" => f.u = u64::MAX,
            _ => {
                let file = t.chars().next().filter(|c| *c == 'v' || *c == 'u');
                let Some(file) = file else {
                    return Err(format!(
                        "unknown register `{}` (expected v0-v127, u0-u63, ranges such as v0-v7, \
                         exec, pc, fflags, mode, vgprs)",
                        part.trim()
                    ));
                };
                let n = if file == 'v' { NUM_VREGS } else { NUM_UREGS };
                let reg = |x: &str| -> Result<usize, String> {
                    let d = x.strip_prefix(file).unwrap_or(x);
                    match d.parse::<usize>() {
                        Ok(i) if i < n => Ok(i),
                        _ => Err(format!(
                            "`{}` is not a register of {file}0-{file}{}",
                            part.trim(),
                            n - 1
                        )),
                    }
                };
                let (a, b) = match t.split_once('-') {
                    Some((a, b)) => (reg(a)?, reg(b)?),
                    None => (reg(&t)?, reg(&t)?),
                };
                if a > b {
                    return Err(format!("`{}` is an empty range", part.trim()));
                }
                for i in a..=b {
                    if file == 'v' {
                        f.v |= 1 << i;
                    } else {
                        f.u |= 1 << i;
                    }
                }
            }
        }
    }
    Ok(f)
}

/// `--as`: how each register is shown; a kind for everything else and per-register kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumAsMap {
    pub default: Format,
    v: Vec<(u128, Format)>,
    u: Vec<(u64, Format)>,
}

impl Default for NumAsMap {
    fn default() -> Self {
        NumAsMap {
            default: Format::Hex,
            v: Vec::new(),
            u: Vec::new(),
        }
    }
}

impl NumAsMap {
    /// The kind of vector register `r`: the last `--as` item naming it, else the default.
    pub fn for_v(&self, r: usize) -> Format {
        self.v
            .iter()
            .rev()
            .find(|(m, _)| m >> r & 1 == 1)
            .map_or(self.default, |x| x.1)
    }
    /// The kind of uniform register `r`.
    pub fn for_u(&self, r: usize) -> Format {
        self.u
            .iter()
            .rev()
            .find(|(m, _)| m >> r & 1 == 1)
            .map_or(self.default, |x| x.1)
    }
}

/// `--as KIND` for every register, or a list of `REGS=KIND` (registers as `--regs` takes
/// them: `v`, `u`, `v0-v7`, `u3`) and at most one bare `KIND` for the rest:
/// `v=f32,u=hex`, `v0-v3=f16,i32`.
pub fn parse_num_as(s: &str) -> Result<NumAsMap, String> {
    let kind = |k: &str| {
        Format::parse(k)
            .map_err(|_| format!("`{}` is not a kind (hex, u32, i32, f32, f16)", k.trim()))
    };
    let mut m = NumAsMap::default();
    let mut bare = false;
    for part in s.split(',').map(str::trim) {
        match part.split_once('=') {
            None => {
                if bare {
                    return Err(format!(
                        "`{s}` gives more than one kind for the other registers"
                    ));
                }
                bare = true;
                m.default = kind(part)?;
            }
            Some((regs, k)) => {
                let f = parse_regs(regs)?;
                if f.pc || f.exec || f.vgprs || f.mode || f.fflags {
                    return Err(format!(
                        "`{regs}`: --as applies to v and u registers (the others have fixed forms)"
                    ));
                }
                let k = kind(k)?;
                if f.v != 0 {
                    m.v.push((f.v, k));
                }
                if f.u != 0 {
                    m.u.push((f.u, k));
                }
            }
        }
    }
    Ok(m)
}

/// One 32-bit value as table cells (f16: a cell per half, low first).
fn cell(bits: u32, how: Format) -> Vec<String> {
    match how {
        Format::F16 => present::halves(bits).to_vec(),
        _ => vec![present::word(bits, how)],
    }
}

/// Column names of a register: `v1`, or `v1.l` and `v1.h` for f16.
fn names(reg: &str, how: Format) -> Vec<String> {
    match how {
        Format::F16 => present::HALF_LABELS
            .iter()
            .map(|l| format!("{reg}{l}"))
            .collect(),
        _ => vec![reg.to_string()],
    }
}

fn fflags_text(f: u8) -> String {
    let names = [
        (fflag::NV, "NV"),
        (fflag::DZ, "DZ"),
        (fflag::OF, "OF"),
        (fflag::UF, "UF"),
        (fflag::NX, "NX"),
    ];
    let set: Vec<&str> = names
        .iter()
        .filter(|(b, _)| f & b != 0)
        .map(|(_, n)| *n)
        .collect();
    format!(
        "0x{f:02x} ({})",
        if set.is_empty() {
            "none".to_string()
        } else {
            set.join(" ")
        }
    )
}

/// The disassembly of the instruction at `pc` (or what is there instead).
pub fn inst_text(sim: &Sim, pc: u32) -> String {
    let p = sim.program();
    if pc as usize >= p.len() || pc & 3 != 0 {
        return "outside the code".into();
    }
    match p.inst_at(pc) {
        Some(i) => {
            let mut s = String::new();
            warpkit_asm::format_inst(&i, pc, None, &mut s);
            format!("`{}`", s.trim_end())
        }
        None => {
            let (w, n) = p.raw_word(pc);
            if n == 8 {
                format!("`.dword 0x{w:016x}`")
            } else {
                format!("`.word 0x{:08x}`", w as u32)
            }
        }
    }
}

fn fault_words(f: &Fault) -> String {
    format!("{}: {}", f.cause.name(), f.reason)
}

/// The stderr line of a warp that did not exit, or `None` for one that did.
pub fn not_exited_line(sim: &Sim, i: usize, w: &Warp, status: RunStatus) -> Option<String> {
    match status {
        RunStatus::Exited => None,
        RunStatus::Faulted(f) => {
            let at = match f.reason {
                FaultReason::FromState => format!("{} (now there)", inst_text(sim, f.pc)),
                _ => inst_text(sim, f.pc),
            };
            Some(format!(
                "warp {i}: faulted at pc 0x{:08x}, {at}: {}",
                f.pc,
                fault_words(&f)
            ))
        }
        RunStatus::StepLimit => Some(format!(
            "warp {i}: stopped by the step limit after {} steps, at pc 0x{:08x} before {} \
             (--max-steps raises the limit)",
            w.steps(),
            w.pc(),
            inst_text(sim, w.pc())
        )),
    }
}

/// Registers a table shows by default: those not zero in some lane.
fn nonzero_fields(w: &Warp) -> Fields {
    let mut f = Fields::ALL;
    f.v = 0;
    f.u = 0;
    for (i, r) in w.vregs().iter().enumerate().take(w.vgprs() as usize) {
        if r.iter().any(|&x| x != 0) {
            f.v |= 1 << i;
        }
    }
    for (i, &x) in w.uregs().iter().enumerate() {
        if x != 0 {
            f.u |= 1 << i;
        }
    }
    f
}

/// Registers per block of columns (a block repeats the lane column).
const REGS_PER_BLOCK: usize = 8;

/// The table of one warp: a status line, the special registers, the uniform registers,
/// then one row per lane with a column per vector register (in blocks of eight).
pub fn warp_table(
    sim: &Sim,
    i: usize,
    w: &Warp,
    status: RunStatus,
    regs: Option<&Fields>,
    how: &NumAsMap,
    s: &mut String,
) {
    let chosen = regs.copied().unwrap_or_else(|| nonzero_fields(w));
    let _ = write!(
        s,
        "warp {i}: {}, {} steps, pc 0x{:08x}",
        status.name(),
        w.steps(),
        w.pc()
    );
    match status {
        RunStatus::Exited => {}
        RunStatus::Faulted(f) => {
            let _ = write!(s, " {}, {}", inst_text(sim, f.pc), fault_words(&f));
        }
        RunStatus::StepLimit => {
            let _ = write!(s, " before {}", inst_text(sim, w.pc()));
        }
    }
    s.push('\n');
    let mut special = Vec::new();
    if chosen.exec {
        special.push(format!("exec 0x{:08x}", w.exec()));
    }
    if chosen.fflags {
        special.push(format!("fflags {}", fflags_text(w.fflags())));
    }
    if chosen.mode {
        let m = w.mode();
        special.push(format!(
            "mode rm={} rm16={}",
            rm::name(m.rm).unwrap_or("?"),
            rm::name(m.rm16).unwrap_or("?")
        ));
    }
    if chosen.vgprs {
        special.push(format!("vgprs {}", w.vgprs()));
    }
    if !special.is_empty() {
        let _ = writeln!(s, "  {}", special.join("  "));
    }
    // Uniform registers: name value pairs, eight to a line.
    let us: Vec<String> = (0..NUM_UREGS)
        .filter(|r| chosen.u >> r & 1 == 1)
        .map(|r| {
            let v = w.uregs()[r];
            names(&format!("u{r}"), how.for_u(r))
                .into_iter()
                .zip(cell(v, how.for_u(r)))
                .map(|(n, c)| format!("{n} {c}"))
                .collect::<Vec<_>>()
                .join("  ")
        })
        .collect();
    for line in us.chunks(REGS_PER_BLOCK) {
        let _ = writeln!(s, "  {}", line.join("  "));
    }
    let vs: Vec<usize> = (0..w.vgprs() as usize)
        .filter(|r| chosen.v >> r & 1 == 1)
        .collect();
    for block in vs.chunks(REGS_PER_BLOCK) {
        let mut header = vec!["lane".to_string(), "exec".to_string()];
        for &r in block {
            header.extend(names(&format!("v{r}"), how.for_v(r)));
        }
        let mut rows = vec![header];
        for lane in 0..LANES {
            let mut row = vec![lane.to_string(), (w.exec() >> lane & 1).to_string()];
            for &r in block {
                row.extend(cell(w.vregs()[r][lane], how.for_v(r)));
            }
            rows.push(row);
        }
        let widths: Vec<usize> = (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0))
            .collect();
        for row in &rows {
            s.push(' ');
            for (c, text) in row.iter().enumerate() {
                let _ = write!(s, " {text:>w$}", w = widths[c]);
            }
            s.push('\n');
        }
    }
    if regs.is_none() {
        let zero_v = (w.vgprs() as usize).saturating_sub(vs.len());
        let zero_u = NUM_UREGS - us.len();
        if zero_v + zero_u > 0 {
            let _ = writeln!(
                s,
                "  ({zero_v} vector and {zero_u} uniform registers are zero in every lane and \
                 not shown; --regs chooses registers)"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selections_parse() {
        let f = parse_regs("v0-v3, u2-5,EXEC,pc,v127").unwrap();
        assert_eq!(f.v, 0b1111 | 1 << 127);
        assert_eq!(f.u, 0b111100);
        assert!(f.exec && f.pc && !f.fflags && !f.mode && !f.vgprs);
        assert!(parse_regs("u64").is_err());
        assert!(parse_regs("v3-v1").is_err());
        assert_eq!(parse_steps("..7").unwrap(), 0..7);
        assert_eq!(parse_steps("3..=3").unwrap(), 3..4);
        assert_eq!(parse_steps("3..").unwrap(), 3..u64::MAX);
        assert!(parse_steps("3..3").is_err() && parse_steps("3..=").is_err());
        let l = parse_index_list("4,0-2,1").unwrap();
        assert_eq!(expand_index_list(&l.0, 5, "--warps").unwrap(), [0, 1, 2, 4]);
        assert!(expand_index_list(&l.0, 4, "--warps").is_err());
    }
}
