//! `asm -f elf` and `disasm` of ELF files: the command line's side of code objects.

use crate::files::{self, Output};
use crate::input;
use std::path::Path;
use warpkit_asm::listing::Listing;
use warpkit_asm::{disassemble_listing, DisasmOptions};
use warpkit_ui::load::{assemble_source_with, LoadError, SourceOptions};

/// What `asm` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutFormat {
    /// Raw little-endian machine code.
    Bin,
    /// An ELF relocatable object (symbols, kernel notes, line table, relocations).
    Elf,
}

/// Assemble `input` into `out` in `format`.
pub fn assemble(
    input: &Path,
    out: &mut Output,
    format: OutFormat,
    max_errors: usize,
    opts: &SourceOptions,
) -> Result<(), String> {
    let src = input::read_source(input)?;
    let disk = (!files::is_std(input)).then_some(input);
    let (obj, warnings) = assemble_source_with(&files::display(input), src, disk, opts)
        .map_err(|e| input::report(e, max_errors))?;
    if !warnings.is_empty() {
        eprint!(
            "{}",
            input::report(LoadError::Assembly(warnings), max_errors)
        );
    }
    match format {
        OutFormat::Bin => out.write_all_or_closed(&obj.code),
        OutFormat::Elf => out.write_all_or_closed(&obj.to_elf()?),
    }
}

/// Disassemble raw code or an ELF file (labels from its symbols, relocated operands as
/// their symbols, items where its line table starts them; with `source`, the source lines
/// of its line table as comments, read from where the file was assembled).
pub fn disassemble(
    bytes: &[u8],
    name: &str,
    opts: DisasmOptions,
    source: bool,
) -> Result<String, String> {
    if !warpkit_object::is_elf(bytes) {
        if source {
            return Err(format!(
                "--source: {name} is raw machine code, which has no line table"
            ));
        }
        return Ok(warpkit_asm::disassemble(bytes, opts));
    }
    let obj = warpkit_object::read(name, bytes)?;
    let items: Vec<u32> = obj.lines.rows().iter().map(|r| r.offset).collect();
    let paths = if source {
        warpkit_object::dwarf::source_paths(bytes)
    } else {
        Vec::new()
    };
    let mut cache: std::collections::HashMap<String, Option<Vec<String>>> = Default::default();
    let cell = std::cell::RefCell::new(&mut cache);
    let lookup = |off: u32| -> Option<(String, String)> {
        let l = obj.lines.line_of(off)?;
        let mut c = cell.borrow_mut();
        let text = c
            .entry(l.file.to_string())
            .or_insert_with(|| {
                let path = paths
                    .iter()
                    .find(|(n, _)| n == l.file)
                    .map_or_else(|| Path::new(l.file).to_path_buf(), |(_, p)| p.clone());
                match std::fs::read_to_string(&path) {
                    Ok(t) => Some(t.lines().map(str::to_string).collect()),
                    Err(e) => {
                        // Once per file; the listing goes on without its text.
                        eprintln!(
                            "warning: --source: cannot read {} ({e}); its lines are shown without their text",
                            path.display()
                        );
                        None
                    }
                }
            })
            .as_ref()
            .and_then(|v| v.get(l.line.checked_sub(1)? as usize).cloned())
            .unwrap_or_default();
        Some((format!("{}:{}", l.file, l.line), text))
    };
    let listing = Listing {
        code: &obj.code,
        symbols: &obj.symbols,
        relocs: &obj.relocs,
        items: &items,
        reloc_name: Some(warpkit_object::abi::reloc_name),
    };
    Ok(disassemble_listing(
        &listing,
        opts,
        source.then_some(&lookup as &dyn Fn(u32) -> Option<(String, String)>),
    ))
}
