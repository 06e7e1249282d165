//! Formatting to the canonical form: each instruction as the disassembler spells it (its
//! mnemonic, registers, modifiers and numbers), with what the author wrote kept where it
//! carries meaning the bytes do not (label and `.equ` names, float literals); labels on
//! their own lines, comments kept and aligned.

use crate::analysis::Analysis;
use crate::lex::{self, LexedLine, PieceKind};
use warpkit_asm::format_inst;
use warpkit_encoding::decode;

/// The disassembler's indentation and comment column.
pub const INDENT: &str = "    ";
pub const COMMENT_COLUMN: usize = 44;

/// The formatted text, or why the document cannot be formatted.
pub fn format(text: &str, an: &Analysis) -> Result<String, String> {
    if an.cpp {
        return Err(
            "a .S file is not formatted: its text is C-preprocessor input, and the canonical \
             form could drop what cpp macros and comments mean"
                .into(),
        );
    }
    let Some(code) = an.code.as_deref() else {
        return Err("the document has errors: formatting needs text that assembles".into());
    };
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut toks = Vec::new();
    let mut canon = String::new();
    for (s, e) in lex::line_ranges(text) {
        if s == text.len() && s > 0 {
            break; // the empty line after a final newline
        }
        let l = lex::line(text, s, e);
        for &(ls, le) in &l.labels {
            out.push_str(&text[ls..le]);
            out.push_str(":\n");
        }
        let mut body = String::new();
        if let Some((ws, we)) = l.word {
            body.push_str(INDENT);
            let word = &text[ws..we];
            if l.is_directive(text) {
                body.push_str(&word.to_ascii_lowercase());
                let ops: Vec<&str> = l.operands.iter().map(|o| &text[o.start..o.end]).collect();
                if !ops.is_empty() {
                    body.push(' ');
                    body.push_str(&ops.join(", "));
                }
            } else {
                match an.outline.placement_at(s) {
                    Some(p) => {
                        let at = p.pc as usize;
                        let bytes = code.get(at..at + p.size as usize).unwrap_or(&[]);
                        let (inst, _) = decode(bytes).map_err(|e| {
                            format!(
                                "line {}: the assembled bytes do not decode ({e})",
                                1 + line_no(text, s)
                            )
                        })?;
                        canon.clear();
                        format_inst(&inst, p.pc, None, &mut canon);
                        body.push_str(&merge(text, &l, &canon, &mut toks));
                    }
                    None => body.push_str(&text[ws..l.code_end]),
                }
            }
        }
        match l.comment {
            Some((cs, ce)) => {
                let comment = text[cs..ce].trim_end();
                if body.is_empty() {
                    // A comment line keeps whether it was indented.
                    if l.labels.is_empty() && cs > s {
                        out.push_str(INDENT);
                    }
                    out.push_str(comment);
                } else {
                    out.push_str(&body);
                    let pad = COMMENT_COLUMN.saturating_sub(body.len()).max(1);
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(comment);
                }
                out.push('\n');
            }
            None if !body.is_empty() => {
                out.push_str(&body);
                out.push('\n');
            }
            // A line of labels only is done; a blank line stays blank.
            None if l.labels.is_empty() => out.push('\n'),
            None => {}
        }
    }
    if !text.ends_with('\n') && out.ends_with('\n') {
        out.pop();
    }
    Ok(out)
}

fn line_no(text: &str, at: usize) -> usize {
    memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count()
}

/// The author's text of an operand, when it names a symbol or is a float literal.
fn kept<'t>(text: &'t str, o: &lex::OperandText, toks: &mut Vec<lex::Tok>) -> Option<&'t str> {
    let l = LexedLine {
        start: o.start,
        operands: vec![*o],
        ..LexedLine::default()
    };
    toks.clear();
    lex::tokens(text, &l, toks);
    toks.iter()
        .any(|t| matches!(t.kind, PieceKind::Name | PieceKind::Float))
        .then(|| &text[o.start..o.end])
}

/// The canonical instruction `canon` with the author's symbolic and float operands put back.
fn merge(text: &str, l: &LexedLine, canon: &str, toks: &mut Vec<lex::Tok>) -> String {
    let c = lex::line(canon, 0, canon.len());
    let Some((_, cwe)) = c.word else {
        return canon.to_string();
    };
    let mut parts: Vec<String> = Vec::new();
    let src_pos: Vec<&lex::OperandText> = l.operands.iter().filter(|o| o.key.is_none()).collect();
    let src_mod: Vec<&lex::OperandText> = l.operands.iter().filter(|o| o.key.is_some()).collect();
    let key_of = |t: &str, o: &lex::OperandText| o.key.map(|(s, e)| t[s..e].to_ascii_lowercase());
    for (i, o) in c.operands.iter().filter(|o| o.key.is_none()).enumerate() {
        let own = src_pos.get(i).and_then(|s| kept(text, s, toks));
        parts.push(own.map_or_else(|| canon[o.start..o.end].to_string(), str::to_string));
    }
    // Modifiers in the database's order: the canonical ones, and the author's symbolic
    // ones (which the canonical text may leave out when their value is the default).
    let d_order = c
        .word
        .and_then(|(s, e)| crate::facts::insn(&canon[s..e]))
        .map(|d| {
            crate::facts::modifiers(d)
                .map(|o| o.slot.name())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    for key in d_order {
        let own = src_mod
            .iter()
            .find(|o| key_of(text, o).as_deref() == Some(key))
            .and_then(|o| kept(text, o, toks).map(|_| &text[o.start..o.end]));
        let canon_mod = c
            .operands
            .iter()
            .find(|o| key_of(canon, o).as_deref() == Some(key))
            .map(|o| &canon[o.start..o.end]);
        if let Some(t) = own.or(canon_mod) {
            parts.push(t.to_string());
        }
    }
    let mut s = canon[..cwe].to_string();
    if !parts.is_empty() {
        s.push(' ');
        s.push_str(&parts.join(", "));
    }
    s
}
