//! The linker: objects in, one linked program out. `.text` sections are laid out in the
//! order given (each at a 4-byte aligned offset), global symbols are resolved (a duplicate
//! or a missing one is an error naming the symbol and the files), relocations are applied
//! with the range checks of the instruction fields they patch, and the kernel notes are
//! computed again over the whole program (so a kernel's register needs include the
//! helpers it calls in other files).

use crate::abi::*;
use crate::code_object::{assembler_version, CodeObject, ObjectKind};
use crate::dwarf::LineTable;
use crate::{Binding, RelocKind, SymKind, Symbol};
use std::collections::HashMap;
use warpkit_encoding::{check_operand, decode, encode_word};

/// One object to link and the name it came from.
pub struct LinkInput {
    pub name: String,
    pub object: CodeObject,
}

/// The error for a reference from `inputs[from]` to a global no object defines: when other
/// objects define the name without `.globl` (the usual slip), they are named.
fn undefined_message(inputs: &[LinkInput], from: usize, symbol: &str, offset: u32) -> String {
    let head = format!(
        "undefined symbol `{symbol}`, referenced by {} (.text+0x{offset:x})",
        inputs[from].name
    );
    let local_in: Vec<&str> = inputs
        .iter()
        .enumerate()
        .filter(|&(k, i)| {
            k != from
                && i.object
                    .symbols
                    .iter()
                    .any(|s| s.name == symbol && s.binding != Binding::Global)
        })
        .map(|(_, i)| i.name.as_str())
        .collect();
    if local_in.is_empty() {
        return format!("{head}; no object defines it as .globl");
    }
    let verb = if local_in.len() == 1 {
        "defines"
    } else {
        "define"
    };
    format!(
        "{head}; {} {verb} `{symbol}` as a local symbol (add `.globl {symbol}` there)",
        local_in.join(" and ")
    )
}

/// Link objects into an `ET_EXEC` program. `entry`: a kernel (or global function) name;
/// default the first kernel, in the order given. All errors are returned, one per line.
pub fn link(inputs: &[LinkInput], entry: Option<&str>) -> Result<CodeObject, Vec<String>> {
    let mut errors = Vec::new();
    if inputs.is_empty() {
        return Err(vec!["no objects to link".into()]);
    }
    for i in inputs {
        if i.object.kind != ObjectKind::Relocatable {
            errors.push(format!(
                "{}: is a linked program, not an object (link objects made by `warpkit asm -f elf`)",
                i.name
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Layout.
    let mut bases = Vec::with_capacity(inputs.len());
    let mut size: u64 = 0;
    for i in inputs {
        size = (size + 3) & !3;
        bases.push(size as u32);
        size += i.object.code.len() as u64;
        if size > u32::MAX as u64 {
            return Err(vec!["the linked code would be larger than 4 GiB".into()]);
        }
    }
    let mut code = vec![0u8; size as usize];
    for (i, b) in inputs.iter().zip(&bases) {
        code[*b as usize..*b as usize + i.object.code.len()].copy_from_slice(&i.object.code);
    }

    // Global symbols.
    let mut globals: HashMap<&str, (usize, u32)> = HashMap::new();
    for (k, i) in inputs.iter().enumerate() {
        for s in i
            .object
            .symbols
            .iter()
            .filter(|s| s.binding == Binding::Global)
        {
            match globals.get(s.name.as_str()) {
                Some(&(first, _)) => errors.push(format!(
                    "duplicate symbol `{}`: defined in {} and in {}",
                    s.name, inputs[first].name, i.name
                )),
                None => {
                    globals.insert(&s.name, (k, bases[k] + s.offset));
                }
            }
        }
    }
    let end_defined = globals.contains_key(END_SYMBOL);

    // Relocations.
    for (k, i) in inputs.iter().enumerate() {
        let locals: HashMap<&str, u32> = i
            .object
            .symbols
            .iter()
            .map(|s| (s.name.as_str(), bases[k] + s.offset))
            .collect();
        for r in &i.object.relocs {
            let p = bases[k] + r.offset;
            let s = if i.object.undefined.contains(&r.symbol) {
                match globals.get(r.symbol.as_str()) {
                    Some(&(_, a)) => a,
                    None if r.symbol == END_SYMBOL => size as u32,
                    None => {
                        errors.push(undefined_message(inputs, k, &r.symbol, r.offset));
                        continue;
                    }
                }
            } else {
                match locals.get(r.symbol.as_str()) {
                    Some(&a) => a,
                    None => {
                        errors.push(format!(
                            "{}: relocation against unknown symbol `{}`",
                            i.name, r.symbol
                        ));
                        continue;
                    }
                }
            };
            if let Err(m) = apply(&mut code, r.kind, p, s, r.addend) {
                errors.push(format!(
                    "{}: {} at .text+0x{:x} against `{}`: {m}",
                    i.name,
                    reloc_name(r.kind),
                    r.offset,
                    r.symbol
                ));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    // Symbols, kernels, lines.
    let mut symbols: Vec<Symbol> = Vec::new();
    for (k, i) in inputs.iter().enumerate() {
        for s in &i.object.symbols {
            symbols.push(Symbol {
                offset: bases[k] + s.offset,
                ..s.clone()
            });
        }
    }
    if !end_defined {
        symbols.push(Symbol {
            name: END_SYMBOL.into(),
            offset: size as u32,
            size: 0,
            binding: Binding::Global,
            kind: SymKind::NoType,
        });
    }
    symbols.sort_by_key(|s| s.binding == Binding::Global);
    let mut kernels = Vec::new();
    for (k, i) in inputs.iter().enumerate() {
        for kn in &i.object.kernels {
            kernels.push(crate::note::analyze(
                &kn.name,
                bases[k] + kn.offset,
                kn.size,
                &code,
                &symbols,
            ));
        }
    }
    let mut lines = LineTable::default();
    for (k, i) in inputs.iter().enumerate() {
        let map: Vec<u32> = i
            .object
            .lines
            .files
            .iter()
            .map(|f| match lines.files.iter().position(|x| x == f) {
                Some(p) => p as u32,
                None => {
                    lines.files.push(f.clone());
                    (lines.files.len() - 1) as u32
                }
            })
            .collect();
        for r in &i.object.lines.rows {
            if let Some(&f) = map.get(r.file as usize) {
                lines.rows.push(crate::dwarf::LineRow {
                    offset: bases[k] + r.offset,
                    file: f,
                    ..*r
                });
            }
        }
    }
    let entry = match entry {
        Some(n) => match kernels.iter().find(|k| k.name == n) {
            Some(k) => k.offset,
            None => match globals.get(n) {
                Some(&(_, a)) => a,
                None => {
                    let names: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
                    return Err(vec![format!(
                        "--entry {n}: no kernel or global symbol of that name (kernels: {})",
                        if names.is_empty() {
                            "none".into()
                        } else {
                            names.join(", ")
                        }
                    )]);
                }
            },
        },
        None => kernels.first().map_or(0, |k| k.offset),
    };
    Ok(CodeObject {
        kind: ObjectKind::Executable,
        entry,
        isa_version: ISA_VERSION,
        assembler: assembler_version(),
        code,
        symbols,
        undefined: Vec::new(),
        kernels,
        relocs: Vec::new(),
        lines,
    })
}

/// Patch one relocation: the value, range-checked against the field it goes in.
pub fn apply(code: &mut [u8], kind: RelocKind, p: u32, s: u32, addend: i64) -> Result<(), String> {
    let at = p as usize;
    let value = s as i64 + addend;
    match kind {
        RelocKind::Abs32 => {
            if !(-(1i64 << 31)..1i64 << 32).contains(&value) {
                return Err(format!("relocation overflow: {value} does not fit 32 bits"));
            }
            let b = code.get_mut(at..at + 4).ok_or("past the end of the code")?;
            b.copy_from_slice(&(value as u32).to_le_bytes());
            Ok(())
        }
        RelocKind::Abs64 => {
            let b = code.get_mut(at..at + 8).ok_or("past the end of the code")?;
            b.copy_from_slice(&(value as u64).to_le_bytes());
            Ok(())
        }
        _ => {
            let ty = kind.operand().ok_or("not an instruction relocation")?;
            let bytes = code.get(at..).ok_or("past the end of the code")?;
            let (mut inst, n) =
                decode(bytes).map_err(|e| format!("the patched word does not decode: {e}"))?;
            let d = inst.desc();
            let o = d
                .operands
                .iter()
                .find(|o| o.ty == ty)
                .ok_or_else(|| format!("{} has no {} operand", d.mnemonic, ty.name()))?;
            let v = if kind.is_pc_relative() {
                value - p as i64
            } else {
                if !(-(1i64 << 31)..1i64 << 32).contains(&value) {
                    return Err(format!("relocation overflow: {value} does not fit 32 bits"));
                }
                value as u32 as i32 as i64
            };
            if kind.is_pc_relative() {
                check_operand(d, o, v).map_err(|e| {
                    format!(
                        "relocation overflow: {} {}: {e} (the target is {v} bytes away)",
                        d.mnemonic,
                        o.slot.name()
                    )
                })?;
            }
            inst.set(o.slot, v);
            let w = encode_word(&inst).to_le_bytes();
            code[at..at + n].copy_from_slice(&w[..n]);
            Ok(())
        }
    }
}
