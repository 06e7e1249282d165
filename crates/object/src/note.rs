//! Kernel metadata (`.note.warpkit`): what a kernel needs at launch, found by reading its
//! code with the database's access facts, and the note's byte layout.

use crate::abi::*;
use warpkit_asm::unit::Symbol;
use warpkit_encoding::{decode_stream, Reg};
use warpkit_isa::Flags;

/// One kernel's note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    /// Code offset of the first instruction (section-relative in an object, the address in
    /// a linked file) and size in bytes.
    pub offset: u32,
    pub size: u32,
    /// Vector registers needed: the highest one any reached instruction names, plus one
    /// (0: none). A warp's `vgprs` must be at least this.
    pub vgprs: u32,
    /// Uniform registers read before any instruction writes them, in code order (bit n:
    /// `un`): the kernel's arguments.
    pub uniform_args: u64,
    /// `KF_*` bits.
    pub flags: u32,
}

/// Bytes of a kernel note's fixed part (before the name).
pub const KERNEL_DESC_FIXED: usize = 32;

fn pad4(v: &mut Vec<u8>) {
    while !v.len().is_multiple_of(4) {
        v.push(0);
    }
}

fn note(out: &mut Vec<u8>, ty: u32, desc: &[u8]) {
    out.extend_from_slice(&(NOTE_NAME.len() as u32 + 1).to_le_bytes());
    out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
    out.extend_from_slice(&ty.to_le_bytes());
    out.extend_from_slice(NOTE_NAME);
    out.push(0);
    pad4(out);
    out.extend_from_slice(desc);
    pad4(out);
}

/// The `.note.warpkit` section: the version note, then one note per kernel.
pub fn encode(kernels: &[KernelInfo], version: (u8, u8), assembler: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut d = vec![version.0, version.1, 0, 0];
    d.extend_from_slice(assembler.as_bytes());
    d.push(0);
    note(&mut out, NT_WARPKIT_VERSION, &d);
    for k in kernels {
        let mut d = Vec::with_capacity(KERNEL_DESC_FIXED + k.name.len());
        d.extend_from_slice(&k.offset.to_le_bytes());
        d.extend_from_slice(&k.size.to_le_bytes());
        d.extend_from_slice(&k.vgprs.to_le_bytes());
        d.extend_from_slice(&k.flags.to_le_bytes());
        d.extend_from_slice(&k.uniform_args.to_le_bytes());
        d.extend_from_slice(&0u32.to_le_bytes());
        d.extend_from_slice(&(k.name.len() as u32).to_le_bytes());
        d.extend_from_slice(k.name.as_bytes());
        note(&mut out, NT_WARPKIT_KERNEL, &d);
    }
    out
}

/// What the note section says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub version: Option<(u8, u8)>,
    pub assembler: Option<String>,
    pub kernels: Vec<KernelInfo>,
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        b.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

/// Parse a `.note.warpkit` section; every length is checked against the section.
pub fn decode(b: &[u8]) -> Result<Notes, String> {
    let mut n = Notes::default();
    let mut at = 0usize;
    let up4 = |x: usize| x.checked_add(3).map(|v| v & !3);
    while at < b.len() {
        let here = at;
        let bad = move |what: &str| format!("{NOTE_SECTION}: note at offset {here}: {what}");
        let (Some(namesz), Some(descsz), Some(ty)) =
            (u32_at(b, at), u32_at(b, at + 4), u32_at(b, at + 8))
        else {
            return Err(bad("truncated header"));
        };
        let name_at = at + 12;
        let desc_at = up4(name_at + namesz as usize).ok_or_else(|| bad("name too long"))?;
        let end = desc_at
            .checked_add(descsz as usize)
            .and_then(up4)
            .ok_or_else(|| bad("description too long"))?;
        if desc_at > b.len() || desc_at + descsz as usize > b.len() {
            return Err(bad("runs past the end of the section"));
        }
        let name = &b[name_at..name_at + namesz as usize];
        let desc = &b[desc_at..desc_at + descsz as usize];
        at = end.min(b.len()).max(at + 12);
        if name.strip_suffix(&[0]) != Some(NOTE_NAME) {
            continue; // another owner's note
        }
        match ty {
            NT_WARPKIT_VERSION => {
                if desc.len() < 4 {
                    return Err(bad("version note shorter than 4 bytes"));
                }
                n.version = Some((desc[0], desc[1]));
                let s = &desc[4..];
                let s = s.strip_suffix(&[0]).unwrap_or(s);
                n.assembler = Some(String::from_utf8_lossy(s).into_owned());
            }
            NT_WARPKIT_KERNEL => {
                if desc.len() < KERNEL_DESC_FIXED {
                    return Err(bad("kernel note shorter than its fixed part"));
                }
                let f = |i: usize| u32_at(desc, i).unwrap_or(0);
                let len = f(28) as usize;
                let name = desc
                    .get(KERNEL_DESC_FIXED..KERNEL_DESC_FIXED.saturating_add(len))
                    .ok_or_else(|| bad("kernel name runs past the note"))?;
                let name = std::str::from_utf8(name)
                    .map_err(|_| bad("kernel name is not UTF-8"))?
                    .to_string();
                n.kernels.push(KernelInfo {
                    name,
                    offset: f(0),
                    size: f(4),
                    vgprs: f(8),
                    flags: f(12),
                    uniform_args: f(16) as u64 | (f(20) as u64) << 32,
                });
            }
            _ => {}
        }
    }
    Ok(n)
}

/// The code range a branch target falls in: the function symbol around it (its `.size`,
/// or up to the next symbol), else from the target to the end.
fn range_of(target: u32, symbols: &[Symbol], code_len: u32) -> (u32, u32) {
    let mut best: Option<&Symbol> = None;
    for s in symbols {
        if s.offset <= target && best.is_none_or(|b| s.offset > b.offset) {
            best = Some(s);
        }
    }
    let start = best.map_or(target, |s| s.offset);
    let end = match best {
        Some(s) if s.size > 0 => s.offset.saturating_add(s.size),
        _ => symbols
            .iter()
            .map(|s| s.offset)
            .filter(|&o| o > start)
            .min()
            .unwrap_or(code_len),
    };
    (start, end.min(code_len).max(start))
}

/// The note of a kernel from the code: its own range and, through direct branches and
/// calls that leave it, the ranges of the functions they reach.
pub fn analyze(name: &str, offset: u32, size: u32, code: &[u8], symbols: &[Symbol]) -> KernelInfo {
    let code_len = code.len().min(u32::MAX as usize) as u32;
    let mut info = KernelInfo {
        name: name.to_string(),
        offset,
        size,
        vgprs: 0,
        uniform_args: 0,
        flags: 0,
    };
    let mut written: u64 = 0;
    let mut todo = vec![(offset, offset.saturating_add(size).min(code_len))];
    let mut done: Vec<(u32, u32)> = Vec::new();
    while let Some((s, e)) = todo.pop() {
        if done.contains(&(s, e)) || s >= e {
            continue;
        }
        done.push((s, e));
        let mut found = Vec::new();
        decode_stream(&code[s as usize..e as usize], |at, r, _| {
            let Ok(inst) = r else {
                return;
            };
            let pc = s + at as u32;
            let d = inst.desc();
            for reg in inst.reads().iter() {
                match reg {
                    Reg::U(n) if written >> n & 1 == 0 => info.uniform_args |= 1 << n,
                    Reg::VIndexed { index_ureg, .. } if written >> index_ureg & 1 == 0 => {
                        info.uniform_args |= 1 << index_ureg
                    }
                    _ => {}
                }
            }
            for reg in inst.reads().iter().chain(inst.writes().iter()) {
                let v = match reg {
                    Reg::V(n) | Reg::VRun(n) => n as u32 + 1,
                    Reg::VIndexed { base, .. } => base as u32 + 1,
                    _ => 0,
                };
                info.vgprs = info.vgprs.max(v);
            }
            for reg in inst.writes().iter() {
                if let Reg::U(n) = reg {
                    written |= 1 << n;
                }
            }
            if d.flags.has(Flags::H16) {
                info.flags |= KF_USES_BINARY16;
            }
            if d.flags.has(Flags::IX) {
                info.flags |= KF_INDIRECT;
            }
            if d.flags.has(Flags::BR) {
                for o in d.operands.iter().filter(|o| o.ty.is_pc_relative()) {
                    let t = pc as i64 + inst.get(o.slot);
                    if (0..code_len as i64).contains(&t) && !(s..e).contains(&(t as u32)) {
                        found.push(t as u32);
                    }
                }
            }
        });
        for t in found {
            todo.push(range_of(t, symbols, code_len));
        }
    }
    info
}
