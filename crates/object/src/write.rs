//! The ELF writer: object's low-level `write::elf::Writer` (its high-level writer refuses
//! machines it does not know). Layout: ELF header, program headers (linked files: one
//! `PT_LOAD` for `.text`), `.text`, `.rela.text`, `.note.warpkit`, `.debug_line`, `.symtab`,
//! `.strtab`, `.shstrtab`, section headers.

use crate::abi::*;
use crate::code_object::{CodeObject, ObjectKind};
use crate::{Binding, SymKind};
use object::elf;
use object::write::elf::{FileHeader, ProgramHeader, Rel, SectionHeader, Sym, Writer};
use object::Endianness;

impl CodeObject {
    /// The ELF file.
    pub fn to_elf(&self) -> Result<Vec<u8>, String> {
        write(self)
    }
}

fn st_type(k: SymKind) -> u8 {
    match k {
        SymKind::NoType => elf::STT_NOTYPE,
        SymKind::Func => elf::STT_FUNC,
        SymKind::Object => elf::STT_OBJECT,
    }
}

pub fn write(o: &CodeObject) -> Result<Vec<u8>, String> {
    let exec = o.kind == ObjectKind::Executable;
    if o.code.len() > u32::MAX as usize {
        return Err("code larger than 4 GiB".into());
    }
    let note = crate::note::encode(&o.kernels, o.isa_version, &o.assembler);
    let lines = if o.lines.rows.is_empty() {
        None
    } else {
        Some(crate::dwarf::write(&o.lines, o.code.len() as u32)?)
    };

    let mut buf = Vec::new();
    let mut w = Writer::new(Endianness::Little, true, &mut buf);
    w.reserve_file_header();
    if exec {
        w.reserve_program_headers(1);
    }
    let text_name = w.add_section_name(b".text");
    let rela_name = w.add_section_name(b".rela.text");
    let note_name = w.add_section_name(NOTE_SECTION.as_bytes());
    let line_name = w.add_section_name(b".debug_line");
    w.reserve_null_section_index();
    let text_idx = w.reserve_section_index();
    let has_rela = !o.relocs.is_empty();
    if has_rela {
        w.reserve_section_index();
    }
    w.reserve_section_index(); // note
    if lines.is_some() {
        w.reserve_section_index();
    }
    let symtab_idx = w.reserve_symtab_section_index();
    w.reserve_strtab_section_index();
    w.reserve_shstrtab_section_index();

    // Symbols: locals first (ELF requires it), then globals, then undefined ones.
    w.reserve_null_symbol_index();
    let mut order: Vec<&crate::Symbol> = o
        .symbols
        .iter()
        .filter(|s| s.binding == Binding::Local)
        .collect();
    let num_local = order.len() as u32 + 1;
    order.extend(o.symbols.iter().filter(|s| s.binding == Binding::Global));
    let names: Vec<_> = order
        .iter()
        .map(|s| w.add_string(s.name.as_bytes()))
        .collect();
    let und_names: Vec<_> = o
        .undefined
        .iter()
        .map(|n| w.add_string(n.as_bytes()))
        .collect();
    for _ in &order {
        w.reserve_symbol_index(Some(text_idx));
    }
    for _ in &o.undefined {
        w.reserve_symbol_index(None);
    }
    let sym_index = |name: &str| -> Option<u32> {
        if let Some(i) = o.undefined.iter().position(|n| n == name) {
            return Some(1 + order.len() as u32 + i as u32);
        }
        order
            .iter()
            .position(|s| s.name == name && s.binding == Binding::Global)
            .or_else(|| order.iter().position(|s| s.name == name))
            .map(|i| 1 + i as u32)
    };
    let mut rels = Vec::with_capacity(o.relocs.len());
    for r in &o.relocs {
        let s = sym_index(&r.symbol).ok_or_else(|| {
            format!(
                "relocation against `{}`, which is not in the symbol table",
                r.symbol
            )
        })?;
        rels.push(Rel {
            r_offset: r.offset as u64,
            r_sym: s,
            r_type: reloc_number(r.kind),
            r_addend: r.addend,
        });
    }

    let text_off = w.reserve(o.code.len(), 16);
    let rela_off = if has_rela {
        w.reserve_relocations(rels.len(), true)
    } else {
        0
    };
    let note_off = w.reserve(note.len(), 4);
    let line_off = lines.as_ref().map_or(0, |l| w.reserve(l.len(), 1));
    w.reserve_symtab();
    w.reserve_strtab();
    w.reserve_shstrtab();
    w.reserve_section_headers();

    w.write_file_header(&FileHeader {
        os_abi: elf::ELFOSABI_NONE,
        abi_version: 0,
        e_type: if exec { elf::ET_EXEC } else { elf::ET_REL },
        e_machine: EM_WARPKIT,
        e_entry: o.entry as u64,
        e_flags: e_flags(o.isa_version),
    })
    .map_err(|e| format!("cannot write the ELF header: {e}"))?;
    if exec {
        w.write_align_program_headers();
        w.write_program_header(&ProgramHeader {
            p_type: elf::PT_LOAD,
            p_flags: elf::PF_R | elf::PF_X,
            p_offset: text_off as u64,
            p_vaddr: 0,
            p_paddr: 0,
            p_filesz: o.code.len() as u64,
            p_memsz: o.code.len() as u64,
            p_align: 16,
        });
    }
    w.write_align(16);
    w.write(&o.code);
    if has_rela {
        w.write_align_relocation();
        for r in &rels {
            w.write_relocation(true, r);
        }
    }
    w.write_align(4);
    w.write(&note);
    if let Some(l) = &lines {
        w.write(l);
    }
    w.write_null_symbol();
    for (s, n) in order.iter().zip(&names) {
        let bind = match s.binding {
            Binding::Local => elf::STB_LOCAL,
            Binding::Global => elf::STB_GLOBAL,
        };
        w.write_symbol(&Sym {
            name: Some(*n),
            section: Some(text_idx),
            st_info: bind << 4 | st_type(s.kind),
            st_other: elf::STV_DEFAULT,
            st_shndx: 0,
            st_value: s.offset as u64,
            st_size: s.size as u64,
        });
    }
    for n in &und_names {
        w.write_symbol(&Sym {
            name: Some(*n),
            section: None,
            st_info: elf::STB_GLOBAL << 4 | elf::STT_NOTYPE,
            st_other: elf::STV_DEFAULT,
            st_shndx: elf::SHN_UNDEF,
            st_value: 0,
            st_size: 0,
        });
    }
    w.write_strtab();
    w.write_shstrtab();
    w.write_null_section_header();
    w.write_section_header(&SectionHeader {
        name: Some(text_name),
        sh_type: elf::SHT_PROGBITS,
        sh_flags: (elf::SHF_ALLOC | elf::SHF_EXECINSTR) as u64,
        sh_addr: 0,
        sh_offset: text_off as u64,
        sh_size: o.code.len() as u64,
        sh_link: 0,
        sh_info: 0,
        sh_addralign: 16,
        sh_entsize: 0,
    });
    if has_rela {
        w.write_relocation_section_header(
            rela_name,
            text_idx,
            symtab_idx,
            rela_off,
            rels.len(),
            true,
        );
    }
    w.write_section_header(&SectionHeader {
        name: Some(note_name),
        sh_type: elf::SHT_NOTE,
        sh_flags: 0,
        sh_addr: 0,
        sh_offset: note_off as u64,
        sh_size: note.len() as u64,
        sh_link: 0,
        sh_info: 0,
        sh_addralign: 4,
        sh_entsize: 0,
    });
    if let Some(l) = &lines {
        w.write_section_header(&SectionHeader {
            name: Some(line_name),
            sh_type: elf::SHT_PROGBITS,
            sh_flags: 0,
            sh_addr: 0,
            sh_offset: line_off as u64,
            sh_size: l.len() as u64,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: 1,
            sh_entsize: 0,
        });
    }
    w.write_symtab_section_header(num_local);
    w.write_strtab_section_header();
    w.write_shstrtab_section_header();
    debug_assert_eq!(w.reserved_len(), w.len());
    Ok(buf)
}
