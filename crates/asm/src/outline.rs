//! What an editor needs besides the diagnostics: where each source line's bytes went and
//! every label and `.equ` name with its value and definition, also for files with errors
//! (filled in by the assembler's passes; `editor::outline_unit` places it in a unit's files).

/// What kind of name a [`SymbolDef`] defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// `name:`, its value a byte offset in the code.
    Label,
    /// `.equ name, value` (or `.set`).
    Equ,
}

/// A label or `.equ` name, its value and the byte range of its name where it is defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolDef {
    pub name: String,
    pub kind: SymbolKind,
    pub value: i64,
    pub start: usize,
    pub end: usize,
}

/// The bytes one source line produced: its address and size (instructions, data, padding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Byte offset of the line's start in the source.
    pub line_start: usize,
    /// Byte offset of the line's first byte in the code.
    pub pc: u32,
    pub size: u32,
}

/// Placements (in source order) and symbol definitions (sorted by position) of a source.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    pub placements: Vec<Placement>,
    pub symbols: Vec<SymbolDef>,
}

impl Outline {
    /// The assembler reports each line's address before and after it (lines that produce
    /// no bytes are left out).
    pub(crate) fn placed(&mut self, line_start: usize, before: u64, after: u64) {
        if after > before && before <= u32::MAX as u64 {
            self.placements.push(Placement {
                line_start,
                pc: before as u32,
                size: (after - before).min(u32::MAX as u64) as u32,
            });
        }
    }

    /// The placement of the line starting at `line_start`, if it produced bytes.
    pub fn placement_at(&self, line_start: usize) -> Option<&Placement> {
        self.placements
            .binary_search_by_key(&line_start, |p| p.line_start)
            .ok()
            .map(|i| &self.placements[i])
    }

    /// The definition of `name`, if any.
    pub fn symbol(&self, name: &str) -> Option<&SymbolDef> {
        self.symbols.iter().find(|s| s.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::{assemble_core, Assembly, Core};
    use crate::Diagnostic;

    fn assemble_outline(src: &str) -> (Result<Assembly, Vec<Diagnostic>>, Outline) {
        let mut outline = Outline::default();
        let core = Core {
            outline: Some(&mut outline),
            ..Core::default()
        };
        let r = assemble_core(src, core).map(|(a, _)| a);
        (r, outline)
    }

    #[test]
    fn placements_and_symbols_follow_the_assembler() {
        let src = ".equ N, 8\nstart:\n  add v1, v2, v3\n  .word 1, 2\nend: bz u1, start\n";
        let (r, o) = assemble_outline(src);
        let a = r.expect("assembles");
        assert_eq!(
            a.code,
            crate::assemble(src, &crate::AsmOptions::default())
                .unwrap()
                .code
        );
        let starts: Vec<usize> = o.placements.iter().map(|p| p.line_start).collect();
        assert_eq!(starts, vec![17, 34, 47]);
        let total: u32 = o.placements.iter().map(|p| p.size).sum();
        assert_eq!(total as usize, a.code.len());
        assert_eq!(o.placement_at(34).map(|p| (p.pc, p.size)), Some((4, 8)));
        let n = o.symbol("N").unwrap();
        assert_eq!(
            (n.kind, n.value, &src[n.start..n.end]),
            (SymbolKind::Equ, 8, "N")
        );
        let end = o.symbol("end").unwrap();
        assert_eq!((end.kind, end.value), (SymbolKind::Label, 12));
        assert_eq!(&src[end.start..end.end], "end");
    }

    #[test]
    fn symbols_are_known_in_a_file_with_errors() {
        let src = "top:\n  add v1, v2\n.equ K, 3\n";
        let (r, o) = assemble_outline(src);
        assert!(r.is_err());
        assert_eq!(o.symbol("top").map(|s| s.value), Some(0));
        assert_eq!(o.symbol("K").map(|s| s.value), Some(3));
        // The wrong line still takes its size, as the assembler counts it.
        assert_eq!(o.placements.len(), 1);
    }
}
