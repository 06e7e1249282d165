//! A keystroke in a 10,000-line file: apply the incremental edit, assemble the document,
//! and build the diagnostics the server publishes (as JSON, ready to write). Once for plain
//! instructions, once for a file that uses the front stage throughout (macros with `.irp`
//! in their bodies' callers, `.if`, `.kernel`, a branch to an undefined name).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use warpkit_lsp::analysis::Analysis;
use warpkit_lsp::server::diagnostics;
use warpkit_lsp::text::{Document, Pos};

fn source(lines: usize) -> String {
    // The examples' instructions, repeated, with a label every 50 lines and a branch to it.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut body = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "s") {
            let t = std::fs::read_to_string(&p).unwrap();
            for l in t.lines() {
                let code = l.split(';').next().unwrap_or("").trim();
                let word = code.split_whitespace().next().unwrap_or("");
                // Lines that assemble on their own (no labels of their file).
                if !code.is_empty()
                    && warpkit_isa::lookup(word).is_some()
                    && warpkit_asm::assemble(code, &Default::default()).is_ok()
                {
                    body.push(format!("    {code}"));
                }
            }
        }
    }
    let mut s = String::new();
    for i in 0..lines {
        if i % 50 == 0 {
            s.push_str(&format!("L{}:\n", i / 50));
        } else if i % 50 == 49 {
            s.push_str(&format!("    bnz u1, L{}\n", i / 50));
        } else {
            s.push_str(&body[i % body.len()]);
            s.push('\n');
        }
    }
    s
}

/// The plain source wrapped in the front stage: a macro used every 10 lines, an `.irp`
/// every 50, an `.if` per block, kernels, and calls to a helper defined elsewhere.
fn macro_source(lines: usize) -> String {
    let plain = source(lines);
    let mut s = String::from(
        ".equ WIDE, 1\n.macro madd d, a, b\n    add \\d, \\d, \\a\n    add \\d, \\d, \\b\n.endm\n\
         .globl k0\n.kernel k0\n",
    );
    for (i, l) in plain.lines().enumerate() {
        match i % 50 {
            10 => s.push_str("    madd v1, v2, v3\n"),
            20 => s.push_str(".irp r, v4, v5\n    add \\r, \\r, v6\n.endr\n"),
            30 => s.push_str(".if WIDE\n    jal u62, helper\n.endif\n"),
            _ => {
                s.push_str(l);
                s.push('\n');
            }
        }
    }
    s.push_str(".end_kernel\n");
    s
}

fn one_file(c: &mut Criterion, name: &str, text: String) {
    let mut doc = Document::new(text);
    let mut n = 0u32;
    c.bench_function(name, |b| {
        b.iter(|| {
            // Type a character into, then out of, line 5,000's operands: one error, then
            // none (a keystroke each; the mean is per keystroke).
            let line = 5_000;
            let end = doc.line_text(line as usize).len() as u32;
            let at = doc
                .offset(Pos {
                    line,
                    character: end,
                })
                .unwrap();
            if n.is_multiple_of(2) {
                doc.replace(at, at, "x");
            } else {
                doc.replace(at - 1, at, "");
            }
            n += 1;
            let an = Analysis::of_file(doc.text(), Some(std::path::Path::new("/bench/k.s")));
            let d = diagnostics("file:///bench/k.s", &doc, &an);
            black_box(serde_json::to_vec(&d).unwrap())
        })
    });
}

fn keystroke(c: &mut Criterion) {
    let text = source(10_000);
    assert!(warpkit_asm::assemble(&text, &Default::default()).is_ok());
    one_file(c, "keystroke_10000_lines", text);
    let text = macro_source(10_000);
    let an = Analysis::of_file(&text, Some(std::path::Path::new("/bench/k.s")));
    assert!(
        an.diagnostics.is_empty() && !an.uses.is_empty(),
        "{:?}",
        an.diagnostics.first()
    );
    one_file(c, "keystroke_10000_lines_with_macros", text);
}

criterion_group!(benches, keystroke);
criterion_main!(benches);
