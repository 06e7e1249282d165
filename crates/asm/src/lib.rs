//! Assembler and disassembler of warpkit assembly (SUPPLEMENT §3 syntax).
//!
//! The disassembler prints a canonical form that the assembler turns back into the same
//! bytes, for every input: instructions that decode print as instructions, everything
//! else as `.word` / `.dword` / `.byte` data with a comment that says why.

mod asm;
mod disasm;
mod fast;
pub mod float;
pub mod outline;
mod render;
pub mod syntax;

pub use asm::{
    assemble, assemble_file, warnings_of, Assembly, Diagnostic, Diagnostics, Related, Severity,
};
pub use disasm::{disassemble, format_inst, inst_to_string, DisasmOptions};
pub use outline::{assemble_outline, Outline, Placement, SymbolDef, SymbolKind};
