//! One line of a trace (`warpkit run --trace`): a commit record as JSON with the
//! instruction's text. A leaf below `sim.rs` (sequential traced runs) and `trace.rs`
//! (parallel ones), which both write lines.

use crate::commit::Commit;
use std::io::{self, Write};
use warpkit_encoding::Inst;

/// Disassembly callback of the trace: appends the text of an instruction at a PC (called
/// from the threads of a parallel traced run).
pub type AsmFn<'a> = &'a (dyn Fn(&Inst, u32, &mut String) + Sync);

/// Writes one commit record as a JSON line (see [`Commit::write_json`]), reusing its line
/// and instruction-text buffers from record to record.
#[derive(Default)]
pub(crate) struct TraceLine {
    line: String,
    text: String,
}

impl TraceLine {
    pub(crate) fn write(
        &mut self,
        out: &mut dyn Write,
        asm: AsmFn<'_>,
        c: &Commit,
        warp: usize,
    ) -> io::Result<()> {
        self.text.clear();
        asm(&c.inst, c.pc, &mut self.text);
        self.line.clear();
        c.write_json(&mut self.line, warp, &self.text);
        self.line.push('\n');
        out.write_all(self.line.as_bytes())
    }
}
