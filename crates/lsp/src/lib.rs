//! `warpkit lsp`: a language server for warpkit assembly.
//!
//! The engines know nothing of the protocol: [`text`] (the document, UTF-16 positions),
//! [`lex`] (lines in pieces), [`analysis`] (the assembler's diagnostics and symbols),
//! [`hover`], [`complete`] (completion and signature help), [`navigate`] (definition,
//! references, rename, symbols), [`semantic`], [`format`] and [`inlay`]; [`workspace`]
//! indexes the assembly files of the workspace folders. [`server`] is the protocol loop
//! over them; [`transport`] reads frames with bounded memory.

pub mod analysis;
pub mod complete;
pub mod directives;
pub mod facts;
pub mod format;
pub mod hover;
pub mod inlay;
pub mod lex;
pub mod navigate;
pub mod semantic;
pub mod server;
pub mod stress;
pub mod text;
pub mod transport;
pub mod workspace;

pub use server::{serve, SessionEnd};

/// Serve on standard input and output (what `warpkit lsp` runs). `Ok(false)` when the
/// client left without `shutdown` (the protocol's exit code 1).
pub fn run_stdio() -> Result<bool, String> {
    let input = std::io::BufReader::new(std::io::stdin());
    let output = std::io::stdout();
    match serve(input, output.lock()) {
        Ok(SessionEnd::Clean) => Ok(true),
        Ok(SessionEnd::Abrupt) => Ok(false),
        // The client closed our output: it is gone, as if it left without `shutdown`;
        // nothing to say (every command ends quietly on a closed pipe).
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("lsp: cannot write to the client: {e}")),
    }
}
