//! The HTML reference manual (`warpkit docs --html DIR` writes `DIR/index.html`): one
//! self-contained page generated from the database, like `docs/isa.md`. A search box filters
//! the variants; every variant has its syntax, semantics, encoding as an SVG bit-field
//! diagram, latency, flags, reads and writes, and a stable anchor named by its mnemonic
//! (`#ffma.f32`) that other tools can link to. Light and dark themes follow the reader's
//! system setting. No network: styles, script and pictures are inline.

use crate::docs::access_text;
use crate::export::mask_of;
use crate::{InsnDesc, FORMATS, GROUPS, INSNS};
use std::fmt::Write as _;

/// Where the repository keeps the generated page (relative to its root).
pub const PATH: &str = "docs/manual/index.html";

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Width of one bit in a diagram.
pub const BIT_W: u32 = 14;
/// Height of one 32-bit row of a diagram (bit numbers above the boxes).
pub const ROW_H: u32 = 44;
/// Fills of a diagram: fixed bits (opcode, function code), operands, reserved / unused.
pub const FIXED_FILL: &str = "#f4c27a";
pub const OPERAND_FILL: &str = "#9cc7f0";
pub const RESERVED_FILL: &str = "#d0d0d0";

/// What a field holds in one variant: (label, fill).
fn field_content(d: &InsnDesc, name: &str) -> (String, &'static str) {
    if name == "op" {
        return (format!("op 0x{:02x}", d.opcode), FIXED_FILL);
    }
    if let Some(f) = d.funct.filter(|f| f.name == name) {
        return (format!("{name} 0x{:x}", f.value), FIXED_FILL);
    }
    if let Some(o) = d.operands.iter().find(|o| o.slot.name() == name) {
        return (format!("{name}:{}", o.ty.name()), OPERAND_FILL);
    }
    (format!("{name} 0"), RESERVED_FILL)
}

/// The encoding of a variant as an SVG bit-field diagram: one row of 32 bits per word, bit
/// 31 (or 63) on the left, each field a box with its bit numbers, name and content. Fills are
/// attributes, so the picture stands alone; the page's stylesheet recolours it per theme.
pub fn bitfield_svg(d: &InsnDesc) -> String {
    let f = d.format_desc();
    let rows = d.size as u32 / 4;
    let (w, h) = (32 * BIT_W + 2, rows * ROW_H + 2);
    let mut s = format!(
        "<svg class=\"bf\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"10\" role=\"img\" aria-label=\"encoding of {}\">",
        esc(d.mnemonic)
    );
    // Four layers, each a group carrying the shared attributes, to keep the page small.
    let (mut rects, mut his, mut los, mut labels) =
        (String::new(), String::new(), String::new(), String::new());
    for fd in f.fields.iter() {
        let (lo, hi) = (fd.lo as u32, fd.lo as u32 + fd.width as u32 - 1);
        // Split a field that crosses bit 32 into its pieces per row (none does today).
        for row in 0..rows {
            let (rlo, rhi) = (row * 32, row * 32 + 31);
            if hi < rlo || lo > rhi {
                continue;
            }
            let (a, b) = (lo.max(rlo), hi.min(rhi));
            // The high word is drawn on top.
            let y = (rows - 1 - row) * ROW_H + 14;
            let x = 1 + (rhi - b) * BIT_W;
            let bw = (b - a + 1) * BIT_W;
            let (label, fill) = field_content(d, fd.name);
            let _ = write!(
                rects,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{bw}\" height=\"26\" fill=\"{fill}\"/>"
            );
            let _ = write!(his, "<text x=\"{}\" y=\"{}\">{b}</text>", x + 1, y - 3);
            if a != b {
                let _ = write!(los, "<text x=\"{}\" y=\"{}\">{a}</text>", x + bw - 1, y - 3);
            }
            // Labels longer than the box are cut to fit (the table below has them whole).
            let fit = (bw / 6).saturating_sub(1) as usize;
            let shown: String = if label.chars().count() > fit {
                label.chars().take(fit).collect()
            } else {
                label
            };
            let _ = write!(
                labels,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                x + bw / 2,
                y + 17,
                esc(&shown)
            );
        }
    }
    let _ = write!(
        s,
        "<g stroke=\"#444\">{rects}</g><g class=\"bn\" font-size=\"9\" fill=\"#555\">{his}</g><g class=\"bn\" font-size=\"9\" fill=\"#555\" text-anchor=\"end\">{los}</g><g class=\"lb\" text-anchor=\"middle\">{labels}</g>"
    );
    s.push_str("</svg>");
    s
}

const STYLE: &str = r##"
:root{--bg:#ffffff;--fg:#1d1f23;--muted:#5c6370;--card:#f6f7f9;--line:#d8dbe0;--link:#0b5cad;--fix:#f4c27a;--opd:#9cc7f0;--res:#d0d0d0;--bftext:#111;color-scheme:light dark}
@media (prefers-color-scheme: dark){:root{--bg:#15171a;--fg:#e3e5e8;--muted:#9aa1ab;--card:#1f2226;--line:#353a40;--link:#7fb8ff;--fix:#8a5a12;--opd:#245b8c;--res:#4a4d52;--bftext:#f0f0f0}}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif}
header{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:.6em 1em;z-index:1}
header h1{font-size:1.2em;margin:0 1em 0 0;display:inline}
#q{font-size:1em;padding:.3em .5em;width:22em;max-width:60vw;background:var(--card);color:var(--fg);border:1px solid var(--line);border-radius:4px}
#count{color:var(--muted);margin-left:1em}
nav{padding:.5em 1em;columns:3 18em;font-size:.9em}
nav a{display:block}
main{padding:0 1em 4em}
a{color:var(--link)}
section.group>h2{border-bottom:1px solid var(--line);padding-top:.5em}
article.insn{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.5em .9em;margin:.7em 0}
article.insn h3{margin:.1em 0;font-family:monospace;font-size:1.1em}
article.insn:target{outline:2px solid var(--link)}
pre.syn{margin:.2em 0;font-size:.95em;white-space:pre-wrap}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em;margin:.4em 0;font-size:.92em}
dt{color:var(--muted)}dd{margin:0;font-family:monospace}
svg.bf{display:block;margin:.3em 0;max-width:100%;height:auto}
svg.bf .lb text{fill:var(--bftext)}svg.bf .bn text{fill:var(--muted)}
svg.bf rect{stroke:var(--muted)}
svg.bf rect[fill="#f4c27a"]{fill:var(--fix)}svg.bf rect[fill="#9cc7f0"]{fill:var(--opd)}svg.bf rect[fill="#d0d0d0"]{fill:var(--res)}
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid var(--line);padding:.1em .4em;font-family:monospace}
.hidden{display:none}
"##;

const SCRIPT: &str = r#"
(function(){
  var q=document.getElementById('q'),count=document.getElementById('count');
  var items=Array.prototype.slice.call(document.querySelectorAll('article.insn'));
  var groups=Array.prototype.slice.call(document.querySelectorAll('section.group'));
  function apply(){
    var words=q.value.toLowerCase().split(/\s+/).filter(function(w){return w.length>0;});
    var shown=0;
    items.forEach(function(a){
      var s=a.getAttribute('data-s');
      var ok=words.every(function(w){return s.indexOf(w)>=0;});
      a.classList.toggle('hidden',!ok);
      if(ok)shown++;
    });
    groups.forEach(function(g){
      g.classList.toggle('hidden',!g.querySelector('article.insn:not(.hidden)'));
    });
    count.textContent=words.length?shown+' of '+items.length+' variants':items.length+' variants';
  }
  q.addEventListener('input',apply);
  apply();
})();
"#;

/// Lower-case text the search box matches: mnemonic, format, unit, flags, semantics.
fn search_text(d: &InsnDesc) -> String {
    let g = d.group_desc();
    let flags: Vec<&str> = d.flags.names().collect();
    format!(
        "{} {} {} {} {} {}",
        d.mnemonic,
        d.format_desc().name,
        g.unit,
        g.id,
        flags.join(" "),
        d.semantics
    )
    .to_lowercase()
}

fn hex(d: &InsnDesc, v: u64) -> String {
    format!("0x{:0w$x}", v, w = d.size as usize * 2)
}

fn variant(s: &mut String, d: &InsnDesc) {
    let syntax: Vec<String> = d
        .operands
        .iter()
        .map(|o| format!("{}:{}", o.slot.name(), o.ty.name()))
        .collect();
    let flags: Vec<String> = d
        .flags
        .names()
        .map(|n| {
            let meaning = crate::Flags::ALL
                .iter()
                .find(|f| f.0 == n)
                .map_or("", |f| f.1);
            format!("<abbr title=\"{}\">{n}</abbr>", esc(meaning))
        })
        .collect();
    let enc = match d.funct {
        Some(f) => format!("opcode 0x{:02x}, {}=0x{:x}", d.opcode, f.name, f.value),
        None => format!("opcode 0x{:02x}", d.opcode),
    };
    let m = esc(d.mnemonic);
    let _ = write!(
        s,
        "<article class=\"insn\" id=\"{m}\" data-s=\"{}\">\n<h3><a href=\"#{m}\">{m}</a></h3>\n<pre class=\"syn\">{m} {}</pre>\n<p>{}</p>\n{}\n<dl><dt>format</dt><dd>{} ({}-bit)</dd><dt>encoding</dt><dd>{enc}</dd><dt>MATCH / MASK</dt><dd>{} / {}</dd><dt>latency</dt><dd>{}</dd><dt>flags</dt><dd>{}</dd><dt>reads</dt><dd>{}</dd><dt>writes</dt><dd>{}</dd>{}</dl>\n</article>\n",
        esc(&search_text(d)),
        esc(&syntax.join(" ")),
        esc(d.semantics),
        bitfield_svg(d),
        d.format_desc().name,
        d.size as u32 * 8,
        hex(d, d.match_bits),
        hex(d, mask_of(d)),
        esc(d.latency_text),
        if flags.is_empty() { "-".to_string() } else { flags.join(" ") },
        esc(&access_text(d.reads)),
        esc(&access_text(d.writes)),
        if d.is_unsupported() {
            "<dt>execution</dt><dd>not modelled (IllegalInsn, cause 1)</dd>"
        } else {
            ""
        }
    );
}

/// The whole page.
pub fn manual() -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>warpkit ISA reference</title>\n<!-- Generated from crates/isa/instructions.isa by `warpkit docs --html`; a test fails when this file is out of date. Do not edit by hand. -->\n<style>{STYLE}</style>\n</head>\n<body>\n<header><h1>warpkit ISA reference</h1><input id=\"q\" type=\"search\" placeholder=\"search: mnemonic, format, unit, flag, semantics\" aria-label=\"search\" autocomplete=\"off\"><span id=\"count\"></span></header>\n<nav>"
    );
    for g in GROUPS.iter() {
        let _ = write!(
            s,
            "<a href=\"#g-{}\">{} (§{})</a>",
            esc(g.id),
            esc(g.title),
            esc(g.chapter)
        );
    }
    s.push_str("<a href=\"#formats\">Formats</a><a href=\"#encoding-map\">Encoding map</a></nav>\n<main>\n");
    let _ = writeln!(
        s,
        "<p>{} instruction variants in {} groups, {} formats. Each variant's anchor is its mnemonic (<code>#ffma.f32</code>).</p>",
        INSNS.len(),
        GROUPS.len(),
        FORMATS.len()
    );
    for (gi, g) in GROUPS.iter().enumerate() {
        let rows: Vec<&InsnDesc> = INSNS.iter().filter(|d| d.group as usize == gi).collect();
        let _ = writeln!(
            s,
            "<section class=\"group\" id=\"g-{}\">\n<h2>{} <small>(§{}, unit {}, {} variants)</small></h2>",
            esc(g.id),
            esc(g.title),
            esc(g.chapter),
            esc(g.unit),
            rows.len()
        );
        for d in rows {
            variant(&mut s, d);
        }
        s.push_str("</section>\n");
    }
    s.push_str("<section id=\"formats\"><h2>Formats</h2>\n<table><tr><th>format</th><th>bits</th><th>fields, high bit first</th></tr>\n");
    for f in FORMATS.iter() {
        let fields: Vec<String> = f
            .fields
            .iter()
            .rev()
            .map(|fd| {
                let hi = fd.lo as u32 + fd.width as u32 - 1;
                let file = fd.file.map_or(String::new(), |r| {
                    format!(":{}", format!("{r:?}").to_lowercase())
                });
                if fd.width == 1 {
                    format!("{}{file}[{hi}]", fd.name)
                } else {
                    format!("{}{file}[{hi}:{}]", fd.name, fd.lo)
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "<tr id=\"format-{}\"><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(f.name),
            esc(f.name),
            f.size as u32 * 8,
            esc(&fields.join(" "))
        );
    }
    s.push_str("</table></section>\n<section id=\"encoding-map\"><h2>Encoding map</h2>\n<p>The 128 opcodes (even: 32-bit, odd: 64-bit), each filled by how much of its function-code space is used (<code>warpkit isa map</code>).</p>\n");
    match crate::parse::parse(crate::SOURCE) {
        Ok(db) => s.push_str(&crate::space::map_svg(&db)),
        Err(e) => {
            let _ = write!(
                s,
                "<p>(the database does not parse: {})</p>",
                esc(&e.to_string())
            );
        }
    }
    let _ = write!(
        s,
        "</section>\n</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    s
}
