//! Disassembly of a code object with its symbols as labels, its relocations as the symbols
//! they name and, if asked, its source lines as comments. Items start where the line table
//! and the symbols say they do, so data in the code (`.byte 1` then `.align 4`) does not
//! shift the instructions after it. The result assembles back to the same bytes (with
//! `-f elf`, to the same relocations too).

use crate::disasm::{data_text, push_comment_text};
use crate::reloc::{Reloc, RelocKind};
use crate::symbols::{SymKind, Symbol};
use crate::syntax::modifier_default;
use crate::{format_inst, DisasmOptions};
use std::collections::HashMap;
use warpkit_encoding::{decode_stream, DecodeError, Inst};

/// A source line for an offset: `(place, text)`, such as `("k.s:12", "add v1, v2, v3")`.
pub type SourceFn<'a> = &'a dyn Fn(u32) -> Option<(String, String)>;

/// What a code object gives its disassembly.
#[derive(Clone, Copy, Default)]
pub struct Listing<'a> {
    pub code: &'a [u8],
    /// Labels (a name given for several offsets is not used, so the text still
    /// assembles); `STT_OBJECT` symbols with a size mark data.
    pub symbols: &'a [Symbol],
    pub relocs: &'a [Reloc],
    /// Offsets where an instruction or data item starts (the line table's rows).
    pub items: &'a [u32],
    /// The ABI's name of a relocation type: with comments on, each relocated item gets a
    /// `; OFFSET: NAME SYMBOL` line under it, as `objdump -dr` prints one.
    pub reloc_name: Option<fn(RelocKind) -> &'static str>,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$')
}

/// The offset of an `L_<hex>` token starting at `i` of `s`, and its length.
fn label_token(s: &[u8], i: usize) -> Option<(u32, usize)> {
    if !s[i..].starts_with(b"L_") || (i > 0 && is_ident(s[i - 1])) {
        return None;
    }
    let n = s[i + 2..]
        .iter()
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    if n == 0 || s.get(i + 2 + n).is_some_and(|&c| is_ident(c)) {
        return None;
    }
    let v = u32::from_str_radix(std::str::from_utf8(&s[i + 2..i + 2 + n]).ok()?, 16).ok()?;
    Some((v, 2 + n))
}

enum Kind<'a> {
    Inst(Inst),
    /// Bytes that do not decode.
    Bad(DecodeError),
    /// Bytes of an `STT_OBJECT` symbol.
    Data,
    /// A `.word` / `.dword` a relocation fills.
    DataReloc(&'a Reloc),
}

struct Item<'a> {
    pc: u32,
    size: u32,
    kind: Kind<'a>,
}

/// `sym`, `sym+A` or `sym-A`, as the assembler reads a relocation back.
fn reloc_expr(r: &Reloc) -> String {
    match r.addend {
        0 => r.symbol.clone(),
        a if a < 0 => format!("{}-{}", r.symbol, a.unsigned_abs()),
        a => format!("{}+{a}", r.symbol),
    }
}

fn data_width(k: RelocKind) -> Option<u32> {
    match k {
        RelocKind::Abs32 => Some(4),
        RelocKind::Abs64 => Some(8),
        _ => None,
    }
}

/// The code cut into items: data where symbols or relocations say so, instructions
/// decoded between the starts the line table and the labels give.
fn items<'a>(l: &Listing<'a>) -> Vec<Item<'a>> {
    let n = l.code.len() as u32;
    let data: Vec<(u32, u32)> = l
        .symbols
        .iter()
        .filter(|s| s.kind == SymKind::Object && s.size > 0 && s.offset < n)
        .map(|s| (s.offset, s.offset.saturating_add(s.size).min(n)))
        .collect();
    let data_relocs: HashMap<u32, (&Reloc, u32)> = l
        .relocs
        .iter()
        .filter_map(|r| {
            let w = data_width(r.kind)?;
            (r.offset.checked_add(w)? <= n).then_some((r.offset, (r, r.offset + w)))
        })
        .collect();
    let mut cuts: Vec<u32> = std::iter::once(0)
        .chain(l.items.iter().copied())
        .chain(l.symbols.iter().map(|s| s.offset))
        .chain(data.iter().flat_map(|&(a, b)| [a, b]))
        .chain(data_relocs.iter().flat_map(|(&a, &(_, b))| [a, b]))
        .filter(|&c| c < n)
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::with_capacity(l.code.len() / 4 + 1);
    for (i, &a) in cuts.iter().enumerate() {
        let b = cuts.get(i + 1).copied().unwrap_or(n);
        if let Some(&(r, end)) = data_relocs.get(&a).filter(|(_, e)| *e == b) {
            out.push(Item {
                pc: a,
                size: end - a,
                kind: Kind::DataReloc(r),
            });
        } else if data.iter().any(|&(s, e)| s <= a && a < e) {
            let mut p = a;
            while p < b {
                let size = (b - p).min(4);
                out.push(Item {
                    pc: p,
                    size,
                    kind: Kind::Data,
                });
                p += size;
            }
        } else {
            decode_stream(&l.code[a as usize..b as usize], |off, r, size| {
                out.push(Item {
                    pc: a + off as u32,
                    size: size as u32,
                    kind: match r {
                        Ok(inst) => Kind::Inst(inst),
                        Err(why) => Kind::Bad(why),
                    },
                })
            });
        }
    }
    out
}

/// The text of `inst` with the operand `r` patches written as its symbol.
fn with_reloc(text: String, inst: &Inst, r: &Reloc) -> String {
    let Some(ty) = r.kind.operand() else {
        return text;
    };
    // The printed operands: modifiers at their default are left out.
    let printed = inst
        .desc()
        .operands
        .iter()
        .filter(|o| !o.slot.is_modifier() || inst.get(o.slot) != modifier_default(o.ty));
    let Some(k) = printed
        .enumerate()
        .find(|(_, o)| !o.slot.is_modifier() && o.ty == ty)
        .map(|(k, _)| k)
    else {
        return text;
    };
    let Some(sp) = text.find(' ') else {
        return text;
    };
    let start = sp + text[sp..].len() - text[sp..].trim_start().len();
    let mut ops: Vec<String> = text[start..].split(", ").map(str::to_string).collect();
    match ops.get_mut(k) {
        Some(o) => *o = reloc_expr(r),
        None => return text,
    }
    format!("{}{}", &text[..start], ops.join(", "))
}

/// Disassemble a code object: symbols as labels (branch targets without one get
/// `L_<offset>`), relocated operands and data as their symbols, with `source` lines as
/// comments.
pub fn disassemble_listing(l: &Listing, opts: DisasmOptions, source: Option<SourceFn>) -> String {
    let code = l.code;
    let items = items(l);
    let mut count: HashMap<&str, u32> = HashMap::new();
    for s in l.symbols {
        *count.entry(s.name.as_str()).or_default() += 1;
    }
    let mut names: HashMap<u32, &str> = HashMap::new();
    for s in l.symbols {
        if count[s.name.as_str()] == 1 && !s.name.starts_with("L_") {
            names.entry(s.offset).or_insert(s.name.as_str());
        }
    }
    let relocs: HashMap<u32, &Reloc> = l
        .relocs
        .iter()
        .filter(|r| r.kind.operand().is_some())
        .map(|r| (r.offset, r))
        .collect();
    // Branch targets on an item start (or the end) get labels.
    let mut starts: Vec<u32> = items.iter().map(|i| i.pc).collect();
    starts.push(code.len() as u32);
    let mut targets: Vec<u32> = Vec::new();
    if opts.labels {
        for it in &items {
            let Kind::Inst(inst) = &it.kind else { continue };
            let patched = relocs.get(&it.pc).and_then(|r| r.kind.operand());
            for o in inst.desc().operands {
                if o.ty.is_pc_relative() && Some(o.ty) != patched {
                    let t = it.pc as i64 + inst.get(o.slot);
                    if let Ok(t) = u32::try_from(t) {
                        if starts.binary_search(&t).is_ok() {
                            targets.push(t);
                        }
                    }
                }
            }
        }
        targets.sort_unstable();
        targets.dedup();
    }
    let is_target = |t: u32| targets.binary_search(&t).is_ok();
    let label = |out: &mut String, pc: u32| match names.get(&pc) {
        Some(n) => {
            out.push_str(n);
            out.push_str(":\n");
        }
        None if is_target(pc) => out.push_str(&format!("L_{pc:04x}:\n")),
        None => {}
    };
    let rename = |text: &str| -> String {
        let b = text.as_bytes();
        let mut s = String::with_capacity(text.len());
        let mut i = 0;
        while i < b.len() {
            if let Some((v, n)) = label_token(b, i) {
                match names.get(&v) {
                    Some(name) => s.push_str(name),
                    None => s.push_str(&text[i..i + n]),
                }
                i += n;
                continue;
            }
            let st = i;
            i += 1;
            while i < b.len() && !text.is_char_boundary(i) {
                i += 1;
            }
            s.push_str(&text[st..i]);
        }
        s
    };
    let mut out = String::with_capacity(items.len() * 112 + 64);
    let mut last_src: Option<String> = None;
    let mut line = String::new();
    for it in &items {
        label(&mut out, it.pc);
        if let Some(src) = source.and_then(|f| f(it.pc)) {
            if last_src.as_deref() != Some(src.0.as_str()) {
                out.push_str("    ; ");
                out.push_str(&src.0);
                out.push_str(": ");
                out.push_str(src.1.trim());
                out.push('\n');
                last_src = Some(src.0);
            }
        }
        let bytes = &code[it.pc as usize..(it.pc + it.size) as usize];
        line.clear();
        line.push_str("    ");
        let (inst, why) = match &it.kind {
            Kind::Inst(inst) => {
                let mut t = String::new();
                format_inst(inst, it.pc, Some(&is_target), &mut t);
                let t = rename(&t);
                line.push_str(&match relocs.get(&it.pc) {
                    Some(r) => with_reloc(t, inst, r),
                    None => t,
                });
                (Some(inst), None)
            }
            Kind::Bad(why) => {
                line.push_str(&data_text(bytes));
                (None, Some(why))
            }
            Kind::Data => {
                line.push_str(&data_text(bytes));
                (None, None)
            }
            Kind::DataReloc(r) => {
                line.push_str(if r.kind == RelocKind::Abs64 {
                    ".dword "
                } else {
                    ".word "
                });
                line.push_str(&reloc_expr(r));
                (None, None)
            }
        };
        if opts.comments || why.is_some() {
            push_comment_text(&mut line, it.pc, bytes, inst, why);
        }
        out.push_str(&line);
        out.push('\n');
        if let Some(name) = l.reloc_name.filter(|_| opts.comments) {
            let r = match &it.kind {
                Kind::DataReloc(r) => Some(*r),
                Kind::Inst(_) => relocs.get(&it.pc).copied(),
                _ => None,
            };
            if let Some(r) = r {
                out.push_str(&format!(
                    "    ; {:04x}: {} {}\n",
                    r.offset,
                    name(r.kind),
                    reloc_expr(r)
                ));
            }
        }
    }
    // A symbol or target at the very end (such as `_end`).
    label(&mut out, code.len() as u32);
    out
}
