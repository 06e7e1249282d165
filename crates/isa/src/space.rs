//! The encoding space of a table (any parsed `.isa` file, not only the compiled-in one): which
//! of the 128 opcodes are taken, by which format, which function-code values each uses and
//! which are free (`warpkit isa map`), and the (opcode, funct) pairs a new variant of a format
//! could take (`warpkit isa free`).

use crate::parse::{Database, FormatDef};
use std::fmt::Write as _;

/// One value of the 7-bit opcode field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpcodeSlot {
    pub opcode: u32,
    /// 4 or 8: the opcode's parity says which.
    pub size: u32,
    /// The format of the variants using the opcode (`None`: free).
    pub format: Option<String>,
    /// Name and width of the format's function-code field (`None`: the format has none, so
    /// the opcode holds one variant).
    pub funct: Option<(String, u32)>,
    /// (function-code value, mnemonic) of every variant, by value.
    pub used: Vec<(u32, String)>,
}

impl OpcodeSlot {
    /// How many variants the opcode can hold: 2^width of the function code, or 1.
    pub fn capacity(&self) -> u64 {
        match &self.funct {
            // Fields are at most 64 bits wide; a 64-bit function code saturates.
            Some((_, w)) => 1u64.checked_shl(*w).unwrap_or(u64::MAX),
            None => 1,
        }
    }

    /// Free function-code values as inclusive runs, smallest first.
    pub fn free_runs(&self) -> Vec<(u64, u64)> {
        if self.format.is_none() {
            return Vec::new();
        }
        let mut runs = Vec::new();
        let mut next = 0u64;
        let mut taken: Vec<u64> = self.used.iter().map(|u| u.0 as u64).collect();
        taken.sort_unstable();
        taken.dedup();
        for t in taken {
            if t > next {
                runs.push((next, t - 1));
            }
            next = t + 1;
        }
        if next < self.capacity() {
            runs.push((next, self.capacity() - 1));
        }
        runs
    }

    pub fn free(&self) -> u64 {
        self.free_runs().iter().fold(0u64, |n, (a, b)| {
            n.saturating_add((b - a).saturating_add(1))
        })
    }
}

fn funct_of(f: &FormatDef) -> Option<(String, u32)> {
    f.funct().map(|fd| (fd.name.clone(), fd.width()))
}

/// The 128 opcode slots of a table. An opcode some rows give different formats (a table
/// `isa check` refuses) shows its first row's format.
pub fn map(db: &Database) -> Vec<OpcodeSlot> {
    let mut slots: Vec<OpcodeSlot> = (0..128u32)
        .map(|op| OpcodeSlot {
            opcode: op,
            size: if op & 1 == 1 { 8 } else { 4 },
            format: None,
            funct: None,
            used: Vec::new(),
        })
        .collect();
    for r in &db.rows {
        let Some(s) = slots.get_mut(r.opcode as usize) else {
            continue;
        };
        let f = db.formats.iter().find(|f| f.name == r.format);
        if s.format.is_none() {
            s.format = Some(r.format.clone());
            s.funct = f.and_then(funct_of);
        }
        let value = r.funct.as_ref().map_or(0, |(_, v)| *v);
        s.used.push((value, r.mnemonic.clone()));
    }
    for s in &mut slots {
        s.used.sort();
    }
    slots
}

/// Per format: opcodes, variants, capacity (sum of the opcodes' capacities) and free values
/// on its opcodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatTotal {
    pub format: String,
    pub bits: u32,
    pub opcodes: usize,
    pub variants: usize,
    pub capacity: u64,
    pub free: u64,
}

/// Totals per format, in the order the table defines the formats.
pub fn totals(db: &Database, slots: &[OpcodeSlot]) -> Vec<FormatTotal> {
    db.formats
        .iter()
        .map(|f| {
            let mine: Vec<&OpcodeSlot> = slots
                .iter()
                .filter(|s| s.format.as_deref() == Some(f.name.as_str()))
                .collect();
            FormatTotal {
                format: f.name.clone(),
                bits: f.bits,
                opcodes: mine.len(),
                variants: mine.iter().map(|s| s.used.len()).sum(),
                capacity: mine
                    .iter()
                    .fold(0u64, |n, s| n.saturating_add(s.capacity())),
                free: mine.iter().fold(0u64, |n, s| n.saturating_add(s.free())),
            }
        })
        .collect()
}

/// A run of (opcode, funct) pairs a new variant could take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeRun {
    pub opcode: u32,
    /// Inclusive range of function-code values (0..=0 without a function code).
    pub first: u64,
    pub last: u64,
    /// The opcode is unused today (the new variant would give it its format).
    pub new_opcode: bool,
}

impl FreeRun {
    pub fn count(&self) -> u64 {
        (self.last - self.first).saturating_add(1)
    }
}

/// Where a new variant of `format` fits, smallest (opcode, funct) first: the free values of
/// the opcodes the format already has, and every free opcode of the format's size; or why
/// there is no room.
pub fn free(db: &Database, format: &str) -> Result<Vec<FreeRun>, String> {
    let Some(f) = db
        .formats
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(format))
    else {
        let names: Vec<&str> = db.formats.iter().map(|f| f.name.as_str()).collect();
        return Err(format!(
            "no format {format} in the table (formats: {})",
            names.join(" ")
        ));
    };
    let size = f.bits / 8;
    let width = f.funct().map(|fd| fd.width());
    let mut runs = Vec::new();
    for s in map(db) {
        match s.format.as_deref() {
            Some(n) if n == f.name => {
                runs.extend(s.free_runs().into_iter().map(|(a, b)| FreeRun {
                    opcode: s.opcode,
                    first: a,
                    last: b,
                    new_opcode: false,
                }))
            }
            None if s.size == size => runs.push(FreeRun {
                opcode: s.opcode,
                first: 0,
                last: width.map_or(0, |w| crate::parse::bit_range(0, w)),
                new_opcode: true,
            }),
            _ => {}
        }
    }
    if runs.is_empty() {
        let parity = if size == 8 { "odd" } else { "even" };
        let why = match width {
            Some(w) => format!(
                "every function-code value of its opcodes ({w} bits) is taken, and so is every {parity} opcode"
            ),
            None => format!(
                "it has no function code, so each variant needs an opcode of its own, and every {parity} ({}-bit) opcode is taken",
                f.bits
            ),
        };
        return Err(format!("format {} has no free slot: {why}", f.name));
    }
    Ok(runs)
}

fn range_text(name: &str, a: u64, b: u64) -> String {
    if a == b {
        format!("{name}=0x{a:x}")
    } else {
        format!("{name}=0x{a:x}..0x{b:x}")
    }
}

/// `isa free` as text: one line per run, then the total.
pub fn free_text(db: &Database, format: &str, runs: &[FreeRun]) -> String {
    let f = db
        .formats
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(format));
    let fname = f.and_then(|f| f.funct()).map(|fd| fd.name.clone());
    let mut s = String::new();
    let Some(first) = runs.first() else {
        return s;
    };
    for r in runs {
        let what = match &fname {
            Some(n) => range_text(n, r.first, r.last),
            None => "(no function code)".to_string(),
        };
        let _ = writeln!(
            s,
            "opcode 0x{:02x}  {what:<24} {:>6} free{}",
            r.opcode,
            r.count(),
            if r.new_opcode {
                "  (unused opcode)"
            } else {
                ""
            }
        );
    }
    let total: u64 = runs.iter().fold(0u64, |n, r| n.saturating_add(r.count()));
    let _ = writeln!(
        s,
        "{total} (opcode, funct) pairs for a new {} variant; the first is opcode 0x{:02x}{}",
        f.map_or(format, |f| f.name.as_str()),
        first.opcode,
        fname.map_or(String::new(), |n| format!(" {n}=0x{:x}", first.first))
    );
    s
}

/// `isa free --json`.
pub fn free_json(format: &str, runs: &[FreeRun]) -> serde_json::Value {
    serde_json::json!({
        "format": format,
        "total": runs.iter().fold(0u64, |n, r| n.saturating_add(r.count())),
        "runs": runs.iter().map(|r| serde_json::json!({
            "opcode": r.opcode, "first": r.first, "last": r.last,
            "count": r.count(), "new_opcode": r.new_opcode,
        })).collect::<Vec<_>>(),
    })
}

/// `isa map --json`: every opcode slot and the totals per format.
pub fn map_json(db: &Database) -> serde_json::Value {
    let slots = map(db);
    let tot = totals(db, &slots);
    serde_json::json!({
        "opcodes": slots.iter().map(|s| serde_json::json!({
            "opcode": s.opcode,
            "size": s.size,
            "format": s.format,
            "funct": s.funct.as_ref().map(|(n, w)| serde_json::json!({"name": n, "width": w})),
            "capacity": s.capacity(),
            "used": s.used.iter().map(|(v, m)| serde_json::json!({"funct": v, "mnemonic": m})).collect::<Vec<_>>(),
            "free": if s.format.is_some() { s.free() } else { 0 },
            "free_runs": s.free_runs().iter().map(|(a, b)| serde_json::json!([a, b])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "formats": tot.iter().map(|t| serde_json::json!({
            "format": t.format, "bits": t.bits, "opcodes": t.opcodes, "variants": t.variants,
            "capacity": t.capacity, "free": t.free,
        })).collect::<Vec<_>>(),
        "free_opcodes": {
            "32": slots.iter().filter(|s| s.format.is_none() && s.size == 4).count(),
            "64": slots.iter().filter(|s| s.format.is_none() && s.size == 8).count(),
        },
    })
}

/// `isa map` as text: the grid (16 rows of 8 opcodes; even columns 32-bit, odd 64-bit), the
/// taken and free function codes of every used opcode, and the totals per format.
pub fn map_text(db: &Database) -> String {
    let slots = map(db);
    let mut s = String::new();
    s.push_str("opcode grid: row = opcode & 0x78, column = opcode & 7 (even columns 32-bit, odd 64-bit);\n");
    s.push_str("each cell: format used/capacity, '.' free\n\n     ");
    for c in 0..8 {
        let _ = write!(
            s,
            " {:<13}",
            format!("+{c} ({}b)", if c & 1 == 1 { 64 } else { 32 })
        );
    }
    s.push('\n');
    for row in 0..16 {
        let _ = write!(s, "0x{:02x}", row * 8);
        for c in 0..8 {
            let sl = &slots[row * 8 + c];
            let cell = match &sl.format {
                Some(f) => format!("{f} {}/{}", sl.used.len(), sl.capacity()),
                None => ".".to_string(),
            };
            let _ = write!(s, " {cell:<13}");
        }
        s.push('\n');
    }
    s.push_str("\nper opcode: taken and free function codes\n");
    for sl in slots.iter().filter(|s| s.format.is_some()) {
        let fname = sl.funct.as_ref().map(|(n, _)| n.as_str()).unwrap_or("-");
        let taken: Vec<String> = sl
            .used
            .iter()
            .map(|(v, m)| {
                if sl.funct.is_some() {
                    format!("{v:x}:{m}")
                } else {
                    m.clone()
                }
            })
            .collect();
        let free: Vec<String> = sl
            .free_runs()
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    format!("0x{a:x}")
                } else {
                    format!("0x{a:x}..0x{b:x}")
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "0x{:02x} {:<4} {fname:<4} {}/{} taken: {}\n                free: {}",
            sl.opcode,
            sl.format.as_deref().unwrap_or(""),
            sl.used.len(),
            sl.capacity(),
            taken.join(" "),
            if free.is_empty() {
                "none".to_string()
            } else {
                free.join(" ")
            }
        );
    }
    s.push_str("\nper format\nformat bits opcodes variants capacity     free\n");
    for t in totals(db, &slots) {
        let _ = writeln!(
            s,
            "{:<6} {:>4} {:>7} {:>8} {:>8} {:>8}",
            t.format, t.bits, t.opcodes, t.variants, t.capacity, t.free
        );
    }
    let free32 = slots
        .iter()
        .filter(|s| s.format.is_none() && s.size == 4)
        .count();
    let free64 = slots
        .iter()
        .filter(|s| s.format.is_none() && s.size == 8)
        .count();
    let _ = writeln!(
        s,
        "free opcodes: {free32} of 64 even (32-bit), {free64} of 64 odd (64-bit)"
    );
    s
}

/// A colour per format (evenly spaced hues), the same in the map and the manual.
pub fn format_colour(index: usize, count: usize) -> String {
    let hue = (index * 360) / count.max(1);
    format!("hsl({hue},55%,55%)")
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Geometry of the map picture, shared with its tests.
pub const CELL_W: u32 = 96;
pub const CELL_H: u32 = 40;
pub const MARGIN_X: u32 = 48;
pub const MARGIN_Y: u32 = 24;
/// Colour of a free opcode's cell.
pub const FREE_COLOUR: &str = "#eeeeee";

/// `isa map --svg`: the 16 × 8 grid; a used cell is outlined and labelled in its format's
/// colour and filled in that colour from the bottom as far as its function codes are used
/// (at least a sliver, so a nearly empty opcode still shows), a free cell is grey. A legend
/// lists the formats.
pub fn map_svg(db: &Database) -> String {
    let slots = map(db);
    let n = db.formats.len();
    let legend_h = 20 * n.div_ceil(6) as u32 + 10;
    let (w, h) = (
        MARGIN_X + 8 * CELL_W + 8,
        MARGIN_Y + 16 * CELL_H + legend_h + 8,
    );
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"11\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    );
    for c in 0..8u32 {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"16\" text-anchor=\"middle\">+{c} {}</text>",
            MARGIN_X + c * CELL_W + CELL_W / 2,
            if c & 1 == 1 { "64-bit" } else { "32-bit" }
        );
    }
    for (i, sl) in slots.iter().enumerate() {
        let (row, col) = (i as u32 / 8, i as u32 % 8);
        let (x, y) = (MARGIN_X + col * CELL_W, MARGIN_Y + row * CELL_H);
        if col == 0 {
            let _ = writeln!(
                s,
                "<text x=\"4\" y=\"{}\">0x{:02x}</text>",
                y + CELL_H / 2 + 4,
                sl.opcode
            );
        }
        let (iw, ih) = (CELL_W - 4, CELL_H - 4);
        match &sl.format {
            None => {
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{iw}\" height=\"{ih}\" fill=\"{FREE_COLOUR}\"><title>0x{:02x}: free ({}-bit)</title></rect>",
                    x + 2,
                    y + 2,
                    sl.opcode,
                    sl.size * 8
                );
            }
            Some(f) => {
                let fi = db.formats.iter().position(|d| &d.name == f).unwrap_or(0);
                let colour = format_colour(fi, n);
                let frac = sl.used.len() as f64 / sl.capacity() as f64;
                let fill_h = ((ih as f64 * frac).round() as u32).clamp(3, ih);
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{iw}\" height=\"{ih}\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"2\"><title>0x{:02x}: {} {}/{} used</title></rect>",
                    x + 2,
                    y + 2,
                    sl.opcode,
                    esc(f),
                    sl.used.len(),
                    sl.capacity()
                );
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{iw}\" height=\"{fill_h}\" fill=\"{colour}\"/>",
                    x + 2,
                    y + 2 + ih - fill_h
                );
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\">{} {}/{}</text>",
                    x + 6,
                    y + 15,
                    esc(f),
                    sl.used.len(),
                    sl.capacity()
                );
            }
        }
    }
    let ly = MARGIN_Y + 16 * CELL_H + 8;
    for (i, f) in db.formats.iter().enumerate() {
        let (x, y) = (MARGIN_X + (i as u32 % 6) * 128, ly + (i as u32 / 6) * 20);
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{} ({}-bit)</text>",
            format_colour(i, n),
            x + 16,
            y + 10,
            esc(&f.name),
            f.bits
        );
    }
    s.push_str("</svg>\n");
    s
}

/// `isa map --html`: the picture and the tables on one self-contained page.
pub fn map_html(db: &Database, title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>encoding map: {t}</title>\n<style>body{{font-family:sans-serif;margin:1em}}pre{{font-size:12px}}@media (prefers-color-scheme: dark){{body{{background:#15171a;color:#ddd}}}}</style></head>\n<body><h1>Encoding map: {t}</h1>\n{svg}<pre>{text}</pre></body></html>\n",
        t = esc(title),
        svg = map_svg(db),
        text = esc(&map_text(db))
    )
}
