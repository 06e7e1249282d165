//! Disassembly of a code object with its symbols as labels and, if asked, its source lines
//! as comments. Built on [`crate::disassemble`]: its `L_<offset>` labels are renamed to the
//! symbols at those offsets, and symbol labels are added where nothing branches. The result
//! still assembles back to the same bytes.

use crate::{disassemble, DisasmOptions};
use std::collections::HashMap;

/// A source line for an offset: `(place, text)`, such as `("k.s:12", "add v1, v2, v3")`.
pub type SourceFn<'a> = &'a dyn Fn(u32) -> Option<(String, String)>;

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$')
}

/// The offset of an `L_<hex>` token starting at `i` of `s`, and its length.
fn label_token(s: &[u8], i: usize) -> Option<(u32, usize)> {
    if !s[i..].starts_with(b"L_") || (i > 0 && is_ident(s[i - 1])) {
        return None;
    }
    let n = s[i + 2..]
        .iter()
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    if n == 0 || s.get(i + 2 + n).is_some_and(|&c| is_ident(c)) {
        return None;
    }
    let v = u32::from_str_radix(std::str::from_utf8(&s[i + 2..i + 2 + n]).ok()?, 16).ok()?;
    Some((v, 2 + n))
}

/// The offset in an instruction line's `; OFFSET: WORDS` comment.
fn line_offset(line: &str) -> Option<u32> {
    let c = line.find("; ")?;
    let rest = &line[c + 2..];
    let hex = rest.split(':').next()?;
    u32::from_str_radix(hex.trim(), 16).ok()
}

/// Disassemble `code` naming offsets by `symbols` (offset, name; a name given for several
/// offsets is not used, so the text still assembles) and with `source` lines as comments.
pub fn disassemble_listing(
    code: &[u8],
    opts: DisasmOptions,
    symbols: &[(u32, String)],
    source: Option<SourceFn>,
) -> String {
    let text = disassemble(
        code,
        DisasmOptions {
            comments: true,
            labels: opts.labels,
        },
    );
    let mut count: HashMap<&str, u32> = HashMap::new();
    for (_, n) in symbols {
        *count.entry(n.as_str()).or_default() += 1;
    }
    let mut names: HashMap<u32, &str> = HashMap::new();
    for (o, n) in symbols {
        if count[n.as_str()] == 1 && !n.starts_with("L_") {
            names.entry(*o).or_insert(n.as_str());
        }
    }
    let mut out = String::with_capacity(text.len() + symbols.len() * 16);
    let mut labelled: Vec<u32> = Vec::new();
    let mut last_src: Option<String> = None;
    let rename = |line: &str| -> String {
        let b = line.as_bytes();
        let mut s = String::with_capacity(line.len());
        let mut i = 0;
        let code_end = line.find("; ").unwrap_or(line.len());
        while i < b.len() {
            if i < code_end {
                if let Some((v, n)) = label_token(b, i) {
                    match names.get(&v) {
                        Some(name) => s.push_str(name),
                        None => s.push_str(&line[i..i + n]),
                    }
                    i += n;
                    continue;
                }
            }
            let st = i;
            i += 1;
            while i < b.len() && !b[i].is_ascii() {
                i += 1;
            }
            s.push_str(&line[st..i]);
        }
        s
    };
    let lines: Vec<&str> = text.lines().collect();
    for line in &lines {
        let t = line.trim_end();
        if let Some(l) = t.strip_suffix(':') {
            // A label line from the disassembler.
            if let Some((v, _)) = label_token(l.as_bytes(), 0) {
                labelled.push(v);
                match names.get(&v) {
                    Some(n) => out.push_str(n),
                    None => out.push_str(l),
                }
                out.push_str(":\n");
                continue;
            }
        }
        let off = line_offset(line);
        if let Some(o) = off {
            if let Some(n) = names.get(&o) {
                if !labelled.contains(&o) {
                    out.push_str(n);
                    out.push_str(":\n");
                    labelled.push(o);
                }
            }
            if let Some(src) = source.and_then(|f| f(o)) {
                if last_src.as_deref() != Some(src.0.as_str()) {
                    out.push_str("    ; ");
                    out.push_str(&src.0);
                    out.push_str(": ");
                    out.push_str(src.1.trim());
                    out.push('\n');
                    last_src = Some(src.0);
                }
            }
        }
        let mut l = rename(line);
        if !opts.comments && !l.contains("not an instruction") {
            if let Some(c) = l.find("; ") {
                l.truncate(c);
                let n = l.trim_end().len();
                l.truncate(n);
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    // A symbol at the very end (such as `_end`).
    if let Some(n) = names.get(&(code.len() as u32)) {
        if !labelled.contains(&(code.len() as u32)) {
            out.push_str(n);
            out.push_str(":\n");
        }
    }
    out
}
