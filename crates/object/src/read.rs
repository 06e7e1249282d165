//! The ELF reader: object's ELF parser plus the checks a loader needs before it trusts a
//! file. Every problem (truncated file, wrong class or machine, a section or table past
//! the end, sections that overlap, sizes no file can have, symbols or relocations outside
//! the code) is an error that names it; nothing panics and nothing allocates more than
//! the file's size.

use crate::abi::*;
use crate::code_object::{CodeObject, ObjectKind};
use crate::dwarf::{self, LineTable};
use crate::{Binding, Reloc, SymKind, Symbol};
use object::elf;
use object::read::elf::{FileHeader, Rela as _, SectionHeader as _, Sym as _};
use object::LittleEndian as LE;

/// ELF magic.
pub const MAGIC: &[u8; 4] = b"\x7fELF";

/// Starts with the ELF magic (how every reader tells ELF from raw code).
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

fn machine_name(m: u16) -> &'static str {
    match m {
        elf::EM_386 => " (x86)",
        elf::EM_X86_64 => " (x86-64)",
        elf::EM_AARCH64 => " (AArch64)",
        elf::EM_ARM => " (ARM)",
        elf::EM_RISCV => " (RISC-V)",
        elf::EM_AMDGPU => " (AMDGPU)",
        elf::EM_CUDA => " (CUDA)",
        _ => "",
    }
}

/// Read a code object. `name` is used in messages.
pub fn read(name: &str, data: &[u8]) -> Result<CodeObject, String> {
    let err = |m: String| format!("{name}: {m}");
    let len = data.len() as u64;
    if data.len() < 64 {
        return Err(err(format!(
            "truncated: {} bytes, an ELF64 header alone is 64",
            data.len()
        )));
    }
    if !is_elf(data) {
        return Err(err("not an ELF file (no \\x7fELF magic)".into()));
    }
    if data[4] != elf::ELFCLASS64 {
        return Err(err(format!(
            "ELF class {} is not ELF64 (warpkit code objects are 64-bit)",
            data[4]
        )));
    }
    if data[5] != elf::ELFDATA2LSB {
        return Err(err("not little-endian (warpkit code objects are)".into()));
    }
    if data[6] != elf::EV_CURRENT {
        return Err(err(format!("ELF version {} is not 1", data[6])));
    }
    let h = elf::FileHeader64::<LE>::parse(data).map_err(|e| err(e.to_string()))?;
    let e = LE;
    let machine = h.e_machine(e);
    if machine != EM_WARPKIT {
        return Err(err(format!(
            "e_machine is 0x{machine:x}{}, not warpkit's 0x{EM_WARPKIT:x}: this is not a warpkit \
             code object",
            machine_name(machine)
        )));
    }
    let kind = match h.e_type(e) {
        elf::ET_REL => ObjectKind::Relocatable,
        elf::ET_EXEC => ObjectKind::Executable,
        t => {
            return Err(err(format!(
                "e_type {t} is neither ET_REL (an object) nor ET_EXEC (a linked program)"
            )))
        }
    };
    let flags = h.e_flags(e);
    if flags & !EF_WARPKIT_VERSION_MASK != 0 {
        return Err(err(format!("e_flags 0x{flags:x} has undefined bits set")));
    }
    let version = ((flags >> 8) as u8, flags as u8);
    if version.0 != ISA_VERSION.0 || version > ISA_VERSION {
        return Err(err(format!(
            "made for ISA v{}.{}, this is warpkit for v{}.{}",
            version.0, version.1, ISA_VERSION.0, ISA_VERSION.1
        )));
    }
    let shoff = h.e_shoff(e);
    let shnum = h.e_shnum(e) as u64;
    if shnum == 0 || shoff == 0 {
        return Err(err("no section headers".into()));
    }
    if h.e_shentsize(e) as usize != std::mem::size_of::<elf::SectionHeader64<LE>>() {
        return Err(err(format!("e_shentsize {} is not 64", h.e_shentsize(e))));
    }
    if shoff.checked_add(shnum * 64).is_none_or(|end| end > len) {
        return Err(err(format!(
            "the section header table (offset {shoff}, {shnum} entries) runs past the end of \
             the file ({len} bytes): truncated or corrupt"
        )));
    }
    let phnum = h.e_phnum(e) as u64;
    let phoff = h.e_phoff(e);
    if phnum > 0 && phoff.checked_add(phnum * 56).is_none_or(|end| end > len) {
        return Err(err(format!(
            "the program header table (offset {phoff}, {phnum} entries) runs past the end of \
             the file ({len} bytes)"
        )));
    }
    let sections = h.sections(e, data).map_err(|x| err(x.to_string()))?;
    // Every section's bytes inside the file, and no two overlapping (nor the headers).
    let mut ranges: Vec<(u64, u64, String)> = vec![
        (0, 64, "the ELF header".into()),
        (shoff, shoff + shnum * 64, "the section header table".into()),
    ];
    if phnum > 0 {
        ranges.push((phoff, phoff + phnum * 56, "the program header table".into()));
    }
    let sname = |s: &elf::SectionHeader64<LE>| {
        sections
            .section_name(e, s)
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_else(|_| "<bad name>".into())
    };
    for (i, s) in sections.enumerate() {
        if i.0 == 0 || s.sh_type(e) == elf::SHT_NOBITS || s.sh_type(e) == elf::SHT_NULL {
            continue;
        }
        let (off, size) = (s.sh_offset(e), s.sh_size(e));
        let n = sname(s);
        if off.checked_add(size).is_none_or(|end| end > len) {
            return Err(err(format!(
                "section {n}: offset {off} + size {size} is past the end of the file ({len} \
                 bytes): truncated, or an absurd size"
            )));
        }
        if size > 0 {
            ranges.push((off, off + size, format!("section {n}")));
        }
    }
    ranges.sort_by_key(|r| (r.0, r.1));
    for w in ranges.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(err(format!(
                "{} (bytes {}..{}) overlaps {} (bytes {}..{})",
                w[1].2, w[1].0, w[1].1, w[0].2, w[0].0, w[0].1
            )));
        }
    }

    // .text: exactly one.
    let mut text = None;
    for (i, s) in sections.enumerate() {
        if sname(s) == ".text" {
            if text.is_some() {
                return Err(err("more than one .text section".into()));
            }
            if s.sh_type(e) != elf::SHT_PROGBITS {
                return Err(err(".text is not SHT_PROGBITS".into()));
            }
            text = Some((i, s));
        }
    }
    let Some((text_idx, text_sh)) = text else {
        return Err(err("no .text section".into()));
    };
    let code = text_sh
        .data(e, data)
        .map_err(|x| err(format!(".text: {x}")))?;
    if code.len() > u32::MAX as usize {
        return Err(err(".text is larger than 4 GiB".into()));
    }
    let code_len = code.len() as u64;
    let entry = h.e_entry(e);
    if kind == ObjectKind::Executable && entry > 0 && entry >= code_len {
        return Err(err(format!(
            "entry point 0x{entry:x} is outside the code (0x{code_len:x} bytes)"
        )));
    }

    // Symbols.
    let symtab = sections
        .symbols(e, data, elf::SHT_SYMTAB)
        .map_err(|x| err(format!(".symtab: {x}")))?;
    let mut symbols = Vec::new();
    let mut undefined = Vec::new();
    let mut sym_names: Vec<Option<String>> = Vec::with_capacity(symtab.len());
    for (i, s) in symtab.enumerate() {
        if i.0 == 0 {
            sym_names.push(None);
            continue;
        }
        let n = symtab
            .symbol_name(e, s)
            .map_err(|x| err(format!("symbol {}: {x}", i.0)))?;
        let n = std::str::from_utf8(n)
            .map_err(|_| err(format!("symbol {}: name is not UTF-8", i.0)))?
            .to_string();
        let st = s.st_type();
        if st == elf::STT_SECTION || st == elf::STT_FILE {
            sym_names.push(None);
            continue;
        }
        let binding = match s.st_bind() {
            elf::STB_LOCAL => Binding::Local,
            elf::STB_GLOBAL | elf::STB_WEAK => Binding::Global,
            b => return Err(err(format!("symbol `{n}`: binding {b} is not supported"))),
        };
        let shndx = s.st_shndx(e);
        if shndx == elf::SHN_UNDEF {
            if binding == Binding::Local {
                return Err(err(format!("symbol `{n}`: undefined and local")));
            }
            undefined.push(n.clone());
            sym_names.push(Some(n));
            continue;
        }
        if shndx as usize != text_idx.0 {
            return Err(err(format!(
                "symbol `{n}` is in section {shndx}; only .text has symbols"
            )));
        }
        let (v, sz) = (s.st_value(e), s.st_size(e));
        if v > code_len || v.checked_add(sz).is_none_or(|end| end > code_len) {
            return Err(err(format!(
                "symbol `{n}` (0x{v:x}, {sz} bytes) is outside .text (0x{code_len:x} bytes)"
            )));
        }
        let kind = match st {
            elf::STT_FUNC => SymKind::Func,
            elf::STT_OBJECT => SymKind::Object,
            _ => SymKind::NoType,
        };
        symbols.push(Symbol {
            name: n.clone(),
            offset: v as u32,
            size: sz as u32,
            binding,
            kind,
        });
        sym_names.push(Some(n));
    }

    // Relocations against .text.
    let mut relocs = Vec::new();
    for (i, s) in sections.enumerate() {
        match s.sh_type(e) {
            elf::SHT_REL => {
                return Err(err(format!(
                    "section {}: SHT_REL relocations; warpkit uses RELA",
                    sname(s)
                )))
            }
            elf::SHT_RELA => {}
            _ => continue,
        }
        if s.sh_info(e) as usize != text_idx.0 {
            return Err(err(format!(
                "section {}: relocations for section {}, not .text",
                sname(s),
                s.sh_info(e)
            )));
        }
        if s.sh_link(e) as usize != symtab.section().0 {
            return Err(err(format!("section {}: sh_link is not .symtab", sname(s))));
        }
        if s.sh_entsize(e) != 24 {
            return Err(err(format!("section {}: sh_entsize is not 24", sname(s))));
        }
        let (rs, _) = s
            .rela(e, data)
            .map_err(|x| err(format!("section {}: {x}", sname(s))))?
            .ok_or_else(|| err(format!("section {}: not readable", sname(s))))?;
        let _ = i;
        for r in rs {
            let off = r.r_offset(e);
            let ty = r.r_type(e, false);
            let sym = r.r_sym(e, false) as usize;
            let Some(k) = reloc_kind(ty) else {
                return Err(err(format!(
                    "relocation at .text+0x{off:x}: unknown type {ty}"
                )));
            };
            let width = match k {
                RelocKind::Abs64 => 8,
                RelocKind::K32 => 8,
                _ => 4,
            };
            if off.checked_add(width).is_none_or(|end| end > code_len) {
                return Err(err(format!(
                    "relocation {} at .text+0x{off:x} is past the end of .text (0x{code_len:x})",
                    reloc_name(k)
                )));
            }
            let Some(Some(sname)) = sym_names.get(sym) else {
                return Err(err(format!(
                    "relocation at .text+0x{off:x}: symbol index {sym} is not a named symbol"
                )));
            };
            relocs.push(Reloc {
                offset: off as u32,
                kind: k,
                symbol: sname.clone(),
                addend: r.r_addend(e),
            });
        }
    }

    // Notes and lines.
    let mut notes = crate::note::Notes::default();
    let mut lines = LineTable::default();
    for s in sections.iter() {
        let n = sname(s);
        let bytes = || {
            s.data(e, data)
                .map_err(|x| err(format!("section {n}: {x}")))
        };
        if n == NOTE_SECTION {
            notes = crate::note::decode(bytes()?).map_err(err)?;
        } else if n == ".debug_line" {
            lines = dwarf::read(bytes()?, code_len as u32).map_err(err)?;
        }
    }
    // The version note and e_flags say the same (a file written back carries the note's).
    if let Some(v) = notes.version.filter(|v| *v != version) {
        return Err(err(format!(
            "the version note says ISA v{}.{} but e_flags says v{}.{}",
            v.0, v.1, version.0, version.1
        )));
    }
    for k in &notes.kernels {
        if (k.offset as u64).saturating_add(k.size as u64) > code_len {
            return Err(err(format!(
                "kernel `{}` (0x{:x}, {} bytes) is outside .text",
                k.name, k.offset, k.size
            )));
        }
    }
    Ok(CodeObject {
        kind,
        entry: entry as u32,
        isa_version: version,
        assembler: notes.assembler.unwrap_or_default(),
        code: code.to_vec(),
        symbols,
        undefined,
        kernels: notes.kernels,
        relocs,
        lines,
    })
}

use warpkit_asm::unit::RelocKind;
