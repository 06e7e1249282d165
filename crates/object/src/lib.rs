//! warpkit code objects: ELF64 little-endian files with the code in `.text`, symbols,
//! kernel notes (`.note.warpkit`), DWARF line tables and relocations; a writer, a reader
//! that checks everything it is given and a linker. A pure ELF crate: loading a program
//! file to run it is `warpkit_ui::load`'s.
//!
//! The file format is documented in docs/code-objects.md.

pub mod abi;
mod code_object;
pub mod dwarf;
pub mod link;
pub mod note;
pub mod read;
pub mod write;

pub use code_object::{assembler_version, CodeObject, ObjectKind};
pub use dwarf::{LineTable, SourceLine};
pub use link::{link, LinkInput};
pub use note::KernelInfo;
pub use read::{is_elf, read};
pub use warpkit_asm::unit::{Binding, Reloc, RelocKind, SymKind, Symbol};
