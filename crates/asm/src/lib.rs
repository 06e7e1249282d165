//! Assembler and disassembler of warpkit assembly (SUPPLEMENT §3 syntax).
//!
//! The disassembler prints a canonical form that the assembler turns back into the same
//! bytes, for every input: instructions that decode print as instructions, everything
//! else as `.word` / `.dword` / `.byte` data with a comment that says why.
//!
//! The modules and what each may use are listed in `crates/asm/SYNTAX.md` ("Modules");
//! `tests/layers.rs` checks the table.

mod asm;
pub mod cpp;
mod diagnostic;
mod directives;
mod disasm;
pub mod editor;
pub mod expr;
mod fast;
pub mod float;
pub mod lexline;
pub mod lines;
pub mod listing;
mod operand;
mod origin;
pub mod outline;
mod preprocess;
mod reloc;
mod render;
mod source;
mod symbols;
pub mod syntax;
pub mod unit;

pub use diagnostic::{Diagnostic, Related, Severity};
pub use disasm::{disassemble, format_inst, inst_to_string, DisasmOptions};
pub use expr::MAX_EXPR_DEPTH;
pub use lines::{LineRow, LineTable, SourceLine, SourcePos};
pub use listing::disassemble_listing;
pub use outline::{Outline, Placement, SymbolDef, SymbolKind};
pub use render::Diagnostics;
pub use source::{source_text, NotUtf8};
pub use unit::{
    assemble, AsmOptions, FsLoader, Includes, Loader, NoIncludes, SearchPath, SourceFile, Unit,
    UnitDiagnostics,
};
