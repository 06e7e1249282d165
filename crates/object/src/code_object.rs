//! A code object in memory ([`CodeObject`]): what the writer (`write.rs`) writes, the
//! reader (`read.rs`) returns and the linker (`link.rs`) makes.

use crate::abi;
use crate::dwarf::LineTable;
use crate::note::{self, KernelInfo};
use warpkit_asm::unit::{Binding, Reloc, SymKind, Symbol};

/// Relocatable object (`ET_REL`, from `asm -f elf`) or linked program (`ET_EXEC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    Relocatable,
    Executable,
}

/// A code object in memory: what the writer writes and the reader returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeObject {
    pub kind: ObjectKind,
    /// `e_entry` (a linked file's entry kernel; 0 in an object).
    pub entry: u32,
    /// ISA version from `e_flags`.
    pub isa_version: (u8, u8),
    /// The assembler that made it (from the version note).
    pub assembler: String,
    pub code: Vec<u8>,
    /// Defined symbols (local and global), in table order.
    pub symbols: Vec<Symbol>,
    /// Undefined symbols (referenced by relocations).
    pub undefined: Vec<String>,
    pub kernels: Vec<KernelInfo>,
    pub relocs: Vec<Reloc>,
    pub lines: LineTable,
}

/// The assembler's version string in the notes.
pub fn assembler_version() -> String {
    format!("warpkit-asm {}", env!("CARGO_PKG_VERSION"))
}

impl CodeObject {
    /// An object file from an assembled unit; the kernel notes are computed from the code.
    pub fn from_unit(u: warpkit_asm::Unit) -> CodeObject {
        let mut symbols = u.symbols;
        // Locals first, as the ELF symbol table has them.
        symbols.sort_by_key(|s| s.binding == Binding::Global);
        let kernels = u
            .kernels
            .iter()
            .map(|k| note::analyze(&k.name, k.offset, k.size, &u.code, &symbols))
            .collect();
        CodeObject {
            kind: ObjectKind::Relocatable,
            entry: 0,
            isa_version: abi::ISA_VERSION,
            assembler: assembler_version(),
            code: u.code,
            symbols,
            undefined: u.undefined,
            kernels,
            relocs: u.relocs,
            lines: LineTable {
                files: u.files,
                rows: u.lines,
            },
        }
    }

    /// A kernel by name.
    pub fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// The name of a defined symbol at `offset` (globals first), for disassembly labels.
    pub fn symbol_at(&self, offset: u32) -> Option<&str> {
        self.symbols
            .iter()
            .filter(|s| s.offset == offset)
            .min_by_key(|s| (s.binding != Binding::Global, s.kind != SymKind::Func))
            .map(|s| s.name.as_str())
    }
}
