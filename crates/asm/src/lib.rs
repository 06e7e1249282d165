//! Assembler and disassembler of warpkit assembly (SUPPLEMENT §3 syntax).
//!
//! The disassembler prints a canonical form that the assembler turns back into the same
//! bytes, for every input: instructions that decode print as instructions, everything
//! else as `.word` / `.dword` / `.byte` data with a comment that says why.

mod asm;
mod directives;
mod disasm;
mod fast;
pub mod float;
pub mod lines;
pub mod listing;
pub mod outline;
mod preprocess;
mod render;
mod source;
pub mod syntax;
pub mod unit;

pub use asm::{
    assemble, assemble_file, warnings_of, Assembly, Diagnostic, Diagnostics, Related, Severity,
    MAX_EXPR_DEPTH,
};
pub use disasm::{disassemble, format_inst, inst_to_string, DisasmOptions};
pub use lines::{assemble_with_lines, LineRow, LineTable, SourceLine, SourcePos};
pub use listing::disassemble_listing;
pub use outline::{assemble_outline, Outline, Placement, SymbolDef, SymbolKind};
pub use source::{source_text, NotUtf8};
pub use unit::{assemble_unit, Loader, NoIncludes, SourceFile, Unit, UnitDiagnostics};
