//! The layer between warpkit's engines (assembler, simulator, debugger) and its fronts (the
//! command line, the DAP server, the web playground, the language server, Python and C): what
//! every front needs the same way, so that no front does it its own way.

pub mod command;
pub mod load;
pub mod present;
