//! What is debugged: the code object, its labels, its line table and source texts.

use warpkit_asm::lines::LineTable;
use warpkit_asm::{assemble, AsmOptions};
use warpkit_encoding::decode_stream;

/// A program to debug.
#[derive(Clone, Debug, Default)]
pub struct Target {
    pub code: Vec<u8>,
    /// Labels and their offsets.
    pub labels: Vec<(String, u32)>,
    pub lines: LineTable,
    /// Source texts by file name (for showing lines).
    pub sources: Vec<(String, String)>,
}

impl Target {
    /// Assemble `src` (named `name` in messages and the line table, which is the
    /// assembler's: the line of every instruction and data item). On error: the rendered
    /// diagnostics.
    pub fn from_assembly(name: &str, src: &str) -> Result<Target, String> {
        let opts = AsmOptions {
            lines: true,
            ..AsmOptions::named(name)
        };
        let a = assemble(src, &opts).map_err(|d| d.render(false))?;
        Ok(Target {
            lines: a.line_table(),
            code: a.code,
            labels: a.labels,
            sources: vec![(name.to_string(), src.to_string())],
        })
    }

    /// Machine code without symbols or lines.
    pub fn from_code(code: Vec<u8>) -> Target {
        Target {
            code,
            ..Target::default()
        }
    }

    /// The offset of a label.
    pub fn label(&self, name: &str) -> Option<u32> {
        self.labels.iter().find(|(n, _)| n == name).map(|(_, o)| *o)
    }

    /// The label at exactly `pc`, if one is there.
    pub fn label_at(&self, pc: u32) -> Option<&str> {
        self.labels
            .iter()
            .find(|(_, o)| *o == pc)
            .map(|(n, _)| n.as_str())
    }

    /// The nearest label at or before `pc` and the distance from it.
    pub fn symbolize(&self, pc: u32) -> Option<(&str, u32)> {
        self.labels
            .iter()
            .filter(|(_, o)| *o <= pc)
            .max_by_key(|(_, o)| *o)
            .map(|(n, o)| (n.as_str(), pc - o))
    }

    /// Text of a source line (1-based).
    pub fn source_line(&self, file: &str, line: u32) -> Option<&str> {
        let (_, text) = self.sources.iter().find(|(n, _)| n == file)?;
        // `lines`: no empty line after the last newline.
        text.lines().nth(line.checked_sub(1)? as usize)
    }

    /// Offsets of the instructions met walking the code from 0, one after another.
    pub fn instruction_starts(&self) -> Vec<u32> {
        let mut v = Vec::new();
        decode_stream(&self.code, |off, r, _| {
            if r.is_ok() {
                v.push(off as u32)
            }
        });
        v
    }
}
