//! Completion and signature help: mnemonics with their one-line semantics, operands by
//! position (registers of the right file, labels, `.equ` names), modifiers and their
//! values, directives, all from the database.

use crate::analysis::{line_at, Analysis};
use crate::directives::DIRECTIVES;
use crate::facts;
use crate::lex::is_name_char;
use crate::text::Document;
use warpkit_asm::SymbolKind;
use warpkit_isa::{mnemonics, InsnDesc, OpType, RegFile};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Instruction,
    Directive,
    Register,
    Modifier,
    Value,
    Label,
    Constant,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionEntry {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: String,
    /// Text to insert when it differs from the label.
    pub insert: Option<String>,
    /// Ask for completion again after inserting (a modifier key, then its values).
    pub retrigger: bool,
}

/// Items and the byte range they replace (the partial word before the cursor).
#[derive(Clone, Debug, Default)]
pub struct Completion {
    pub items: Vec<CompletionEntry>,
    pub start: usize,
    pub end: usize,
}

fn item(
    label: impl Into<String>,
    kind: CompletionKind,
    detail: impl Into<String>,
) -> CompletionEntry {
    CompletionEntry {
        label: label.into(),
        kind,
        detail: detail.into(),
        insert: None,
        retrigger: false,
    }
}

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// Where the operand under the cursor starts (after the last top-level comma).
fn operand_start(text: &str, from: usize, offset: usize) -> usize {
    let b = &text.as_bytes()[from..offset];
    let mut depth = 0i32;
    let mut start = from;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b',' if depth <= 0 => start = from + i + 1,
            _ => {}
        }
    }
    start
}

fn registers(ty: OpType) -> Vec<String> {
    let Some((file, count, align)) = ty.reg() else {
        return Vec::new();
    };
    let (c, limit) = if file == RegFile::U {
        ('u', facts::UGPRS)
    } else {
        ('v', facts::VGPRS)
    };
    match (file, count) {
        (RegFile::H, _) => (0..limit)
            .flat_map(|n| [format!("v{n}.l"), format!("v{n}.h")])
            .collect(),
        (_, 1) => (0..limit).map(|n| format!("{c}{n}")).collect(),
        (_, n) => (0..=limit - n as u32)
            .step_by(align.max(1) as usize)
            .map(|f| format!("{c}[{f}:{}]", f + n as u32 - 1))
            .collect(),
    }
}

fn symbols(an: &Analysis, labels_first: bool, out: &mut Vec<CompletionEntry>) {
    for s in &an.outline.symbols {
        let (kind, detail) = match s.kind {
            SymbolKind::Label => (
                CompletionKind::Label,
                format!("label, offset 0x{:x}", s.value),
            ),
            SymbolKind::Equ => (CompletionKind::Constant, format!(".equ = {}", s.value)),
        };
        if !labels_first || kind == CompletionKind::Label {
            out.push(item(s.name.clone(), kind, detail));
        }
    }
    if labels_first {
        for s in an
            .outline
            .symbols
            .iter()
            .filter(|s| s.kind == SymbolKind::Equ)
        {
            out.push(item(
                s.name.clone(),
                CompletionKind::Constant,
                format!(".equ = {}", s.value),
            ));
        }
    }
}

pub fn complete(doc: &Document, an: &Analysis, offset: usize) -> Completion {
    let text = doc.text();
    let l = line_at(doc, offset);
    let b = text.as_bytes();
    let mut start = offset;
    while start > l.start && is_name_char(b[start - 1]) {
        start -= 1;
    }
    let mut c = Completion {
        items: Vec::new(),
        start,
        end: offset,
    };
    if l.comment.is_some_and(|(cs, _)| offset > cs) {
        return c;
    }
    let prefix = &text[start..offset];
    let in_word = match l.word {
        None => true,
        Some((_, we)) => offset <= we,
    };
    if in_word {
        // Mnemonics and directives; a label's name is the user's own.
        if !prefix.starts_with('.') {
            for m in mnemonics().filter(|m| starts_with_ci(m, prefix)) {
                if let Some(d) = facts::insn(m) {
                    c.items
                        .push(item(m, CompletionKind::Instruction, d.semantics));
                }
            }
        }
        for (n, doc) in DIRECTIVES.iter().filter(|(n, _)| starts_with_ci(n, prefix)) {
            c.items.push(item(*n, CompletionKind::Directive, *doc));
        }
        return c;
    }
    let (ws, we) = l.word.unwrap_or((offset, offset));
    if l.is_directive(text) {
        symbols(an, false, &mut c.items);
        return c;
    }
    let Some(d) = facts::insn(&text[ws..we]) else {
        return c;
    };
    let op_start = operand_start(text, l.operands_start, offset);
    let current = text[op_start..offset].trim_start();
    // `key:` typed: the modifier's values.
    let key_len = current
        .bytes()
        .take_while(u8::is_ascii_alphanumeric)
        .count();
    if key_len > 0 && current.as_bytes().get(key_len) == Some(&b':') {
        let key = &current[..key_len];
        let value_start = offset - (current.len() - key_len - 1);
        c.start = value_start;
        let typed = &text[value_start..offset];
        if let Some(o) = facts::modifiers(d).find(|o| o.slot.name().eq_ignore_ascii_case(key)) {
            for (v, detail) in facts::modifier_choices(o) {
                if starts_with_ci(&v, typed) {
                    c.items.push(item(v, CompletionKind::Value, detail));
                }
            }
        }
        return c;
    }
    // Operands before this one: positional ones counted, modifiers already given.
    let before = &l.operands[..l.operands.iter().take_while(|o| o.end < op_start).count()];
    let given: Vec<String> = before
        .iter()
        .filter_map(|o| o.key.map(|(s, e)| text[s..e].to_ascii_lowercase()))
        .collect();
    let n = before.iter().filter(|o| o.key.is_none()).count();
    let positional = facts::positional(d);
    if let Some(o) = positional.get(n).filter(|_| given.is_empty()) {
        let label = facts::operand_label(o);
        if o.ty.reg().is_some() {
            for r in registers(o.ty)
                .into_iter()
                .filter(|r| starts_with_ci(r, prefix))
            {
                c.items
                    .push(item(r, CompletionKind::Register, label.clone()));
            }
        } else {
            symbols(an, o.ty.is_pc_relative(), &mut c.items);
        }
    }
    if n >= positional.len() || given.is_empty() {
        modifier_keys(d, &given, prefix, &mut c.items);
    }
    c
}

fn modifier_keys(d: &InsnDesc, given: &[String], prefix: &str, out: &mut Vec<CompletionEntry>) {
    for o in facts::modifiers(d) {
        let key = o.slot.name();
        if given.iter().any(|g| g == key) || !starts_with_ci(key, prefix) {
            continue;
        }
        out.push(CompletionEntry {
            label: format!("{key}:"),
            kind: CompletionKind::Modifier,
            detail: facts::modifier_values(o),
            insert: None,
            retrigger: true,
        });
    }
}

/// An instruction's syntax with the operand being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub label: String,
    /// Byte ranges of each operand in `label` (ASCII, so also UTF-16 ranges).
    pub params: Vec<(usize, usize, String)>,
    pub active: Option<usize>,
    pub doc: String,
}

pub fn signature(doc: &Document, offset: usize) -> Option<Signature> {
    let text = doc.text();
    let l = line_at(doc, offset);
    let (ws, we) = l.word?;
    if offset <= we || l.is_directive(text) || l.comment.is_some_and(|(cs, _)| offset > cs) {
        return None;
    }
    let d = facts::insn(&text[ws..we])?;
    // The assembler's own syntax line, with where each operand is in it.
    let (label, parts) = warpkit_asm::syntax::syntax_parts(d);
    let mut params = Vec::new();
    for (o, &(s, e)) in d.operands.iter().zip(&parts) {
        let what = if o.slot.is_modifier() {
            facts::modifier_values(o)
        } else {
            facts::reg_kind(o.ty).unwrap_or_else(|| {
                format!(
                    "{} immediate{}",
                    o.ty.name(),
                    if o.ty.is_pc_relative() {
                        ": a byte offset or a label"
                    } else {
                        ""
                    }
                )
            })
        };
        params.push((s, e, what));
    }
    let op_start = operand_start(text, l.operands_start, offset);
    let current = text[op_start..offset].trim_start();
    let key_len = current
        .bytes()
        .take_while(u8::is_ascii_alphanumeric)
        .count();
    let active = if key_len > 0 && current.as_bytes().get(key_len) == Some(&b':') {
        let key = &current[..key_len];
        d.operands
            .iter()
            .position(|o| o.slot.is_modifier() && o.slot.name().eq_ignore_ascii_case(key))
    } else {
        let n = l
            .operands
            .iter()
            .take_while(|o| o.end < op_start)
            .filter(|o| o.key.is_none())
            .count();
        (n < facts::positional(d).len()).then_some(n)
    };
    Some(Signature {
        label,
        params,
        active,
        doc: d.semantics.to_string(),
    })
}
