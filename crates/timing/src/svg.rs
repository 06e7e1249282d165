//! The per-warp timeline as an SVG picture: one lane per warp, cycles left to right, each
//! cycle coloured by what the warp did in it (issued an instruction: the colour of its unit;
//! waited: the colour of the cause; blank: finished).
//!
//! Long runs stay readable: at most [`MAX_COLUMNS`] columns are drawn, each standing for a
//! power-of-two number of cycles, and a column's colours are stacked in proportion to its
//! cycles (a column of one cycle is a single colour). At most [`MAX_ROWS`] warps are drawn;
//! the title says when there are more.

use crate::config::units;
use crate::engine::{Issue, Observer, Wait};
use std::fmt::Write as _;

/// Most columns drawn across the plot.
pub const MAX_COLUMNS: u64 = 512;
/// Most warps drawn.
pub const MAX_ROWS: usize = 64;

const LEFT: f64 = 80.0;
const TOP: f64 = 48.0;
const PLOT_W: f64 = 1024.0;
const ROW_H: f64 = 16.0;
const ROW_GAP: f64 = 4.0;
const RIGHT: f64 = 24.0;

/// An sRGB colour.
pub type Rgb = (u8, u8, u8);

/// Colours of the units (by unit index, repeating) and of the three waits.
const UNIT_COLOURS: [Rgb; 6] = [
    (0x4e, 0x79, 0xa7),
    (0xf2, 0x8e, 0x2b),
    (0x59, 0xa1, 0x4f),
    (0xb0, 0x7a, 0xa1),
    (0x76, 0xb7, 0xb2),
    (0xed, 0xc9, 0x48),
];
const REGISTER_COLOUR: Rgb = (0xe1, 0x57, 0x59);
const BRANCH_COLOUR: Rgb = (0x9c, 0x75, 0x5f);
const OTHER_COLOUR: Rgb = (0xc9, 0xc2, 0xbd);

/// The fill of an issue slot of unit `u` (an index into [`units`](crate::units)).
pub fn unit_colour(u: u8) -> Rgb {
    UNIT_COLOURS[u as usize % UNIT_COLOURS.len()]
}

/// The fill of a wait.
pub fn wait_colour(w: Wait) -> Rgb {
    match w {
        Wait::Branch => BRANCH_COLOUR,
        Wait::Register { .. } => REGISTER_COLOUR,
        Wait::OtherWarp => OTHER_COLOUR,
    }
}

fn hex((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Where things are drawn, for a run of `cycles` cycles.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Cycles per column.
    pub bucket: u64,
    pub columns: u64,
    pub rows: usize,
}

impl Layout {
    pub fn column_width(&self) -> f64 {
        PLOT_W / self.columns.max(1) as f64
    }
    /// Horizontal centre of the column holding cycle `c`.
    pub fn cycle_x(&self, c: u64) -> f64 {
        LEFT + ((c / self.bucket) as f64 + 0.5) * self.column_width()
    }
    /// Top of row (warp) `r`.
    pub fn row_top(&self, r: usize) -> f64 {
        TOP + r as f64 * (ROW_H + ROW_GAP)
    }
    pub fn row_height(&self) -> f64 {
        ROW_H
    }
    /// Vertical centre of row `r`.
    pub fn row_y(&self, r: usize) -> f64 {
        self.row_top(r) + ROW_H / 2.0
    }
    pub fn width(&self) -> f64 {
        LEFT + PLOT_W + RIGHT
    }
}

/// Collects, per warp, the cycles of each kind in columns of `bucket` cycles.
pub struct Picture {
    warps: usize,
    /// Kinds: one per unit (issued), then register, branch, other-warp waits.
    kinds: usize,
    bucket: u64,
    /// Per drawn warp: `kinds` counts per column.
    cells: Vec<Vec<u64>>,
    cycles: u64,
    instructions: u64,
    title: String,
}

impl Picture {
    /// `title` heads the picture (e.g. the program's name).
    pub fn new(title: &str) -> Picture {
        Picture {
            warps: 0,
            kinds: units().len() + 3,
            bucket: 1,
            cells: Vec::new(),
            cycles: 0,
            instructions: 0,
            title: title.to_string(),
        }
    }

    fn wait_kind(&self, w: Wait) -> usize {
        let u = units().len();
        match w {
            Wait::Register { .. } => u,
            Wait::Branch => u + 1,
            Wait::OtherWarp => u + 2,
        }
    }

    /// Double the cycles per column until cycle `c` falls in one of the columns.
    fn fit(&mut self, c: u64) {
        while c / self.bucket >= MAX_COLUMNS {
            let k = self.kinds;
            for row in &mut self.cells {
                let cols = row.len() / k;
                let mut merged = vec![0u64; cols.div_ceil(2) * k];
                for (i, x) in row.iter().enumerate() {
                    let (col, kind) = (i / k, i % k);
                    merged[(col / 2) * k + kind] += x;
                }
                *row = merged;
            }
            self.bucket *= 2;
        }
    }

    /// Count cycles `a..b` of warp row `r` as `kind`.
    fn add(&mut self, r: usize, mut a: u64, b: u64, kind: usize) {
        if a >= b || r >= self.cells.len() {
            return;
        }
        self.fit(b - 1);
        let k = self.kinds;
        while a < b {
            let col = a / self.bucket;
            let end = ((col + 1) * self.bucket).min(b);
            let row = &mut self.cells[r];
            let need = (col as usize + 1) * k;
            if row.len() < need {
                row.resize(need, 0);
            }
            row[col as usize * k + kind] += end - a;
            a = end;
        }
    }

    /// The layout the picture has now.
    pub fn layout(&self) -> Layout {
        Layout {
            bucket: self.bucket,
            columns: self.cycles.div_ceil(self.bucket).max(1),
            rows: self.cells.len(),
        }
    }

    /// The SVG document.
    pub fn render(&self) -> String {
        let l = self.layout();
        let k = self.kinds;
        let nunits = units().len();
        let plot_h = l.rows as f64 * (ROW_H + ROW_GAP);
        let legend_top = TOP + plot_h + 36.0;
        let height = legend_top + 24.0 * 2.0 + 12.0;
        let mut s = String::with_capacity(64 * 1024);
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" viewBox="0 0 {w} {height}" font-family="sans-serif" font-size="11">"#,
            w = l.width()
        );
        let _ = writeln!(
            s,
            r#"<rect x="0" y="0" width="{}" height="{height}" fill="white"/>"#,
            l.width()
        );
        let ipc = if self.cycles == 0 {
            0.0
        } else {
            self.instructions as f64 / self.cycles as f64
        };
        let mut title = format!(
            "{}: {} cycles, {} instructions, IPC {ipc:.3}; one column = {} cycle{}",
            self.title,
            self.cycles,
            self.instructions,
            l.bucket,
            if l.bucket == 1 { "" } else { "s" }
        );
        if self.warps > l.rows {
            let _ = write!(title, "; warps 0-{} of {} shown", l.rows - 1, self.warps);
        }
        let _ = writeln!(
            s,
            r#"<text x="{LEFT}" y="20" font-size="13">{}</text>"#,
            xml(&title)
        );
        // Cycle axis: about ten ticks at 1, 2 or 5 times a power of ten.
        let span = l.columns * l.bucket;
        let step = nice_step(span);
        let mut c = 0;
        while c <= span {
            let x = LEFT + c as f64 / span.max(1) as f64 * PLOT_W;
            let _ = writeln!(
                s,
                r##"<line x1="{x:.2}" y1="{}" x2="{x:.2}" y2="{}" stroke="#dddddd"/><text x="{x:.2}" y="{}" text-anchor="middle">{c}</text>"##,
                TOP - 4.0,
                TOP + plot_h,
                TOP - 8.0
            );
            c += step;
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">cycle</text>"#,
            LEFT + PLOT_W / 2.0,
            TOP + plot_h + 16.0
        );
        let cw = l.column_width();
        for (r, row) in self.cells.iter().enumerate() {
            let y0 = l.row_top(r);
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{:.2}" text-anchor="end" dominant-baseline="middle">warp {r}</text><rect x="{LEFT}" y="{y0:.2}" width="{PLOT_W}" height="{ROW_H}" fill="#f7f7f7"/>"##,
                LEFT - 6.0,
                l.row_y(r)
            );
            let cols = row.len() / k;
            let mut col = 0;
            while col < cols {
                let cell = &row[col * k..(col + 1) * k];
                // At one cycle per column each instruction is its own bar, a hairline apart
                // from the next; other columns with the same counts are drawn as one run.
                let one_issue = l.bucket == 1 && cell[..nunits].iter().any(|&n| n > 0);
                let mut end = col + 1;
                while !one_issue && end < cols && row[end * k..(end + 1) * k] == *cell {
                    end += 1;
                }
                let cycles_in = (l.bucket).min(self.cycles.saturating_sub(col as u64 * l.bucket));
                if cycles_in > 0 && cell.iter().any(|&x| x > 0) {
                    let x = LEFT + col as f64 * cw;
                    let gap = if one_issue && cw >= 4.0 { 1.0 } else { 0.0 };
                    let w = (end - col) as f64 * cw - gap;
                    let mut y = y0;
                    for (kind, &n) in cell.iter().enumerate() {
                        if n == 0 {
                            continue;
                        }
                        let h = ROW_H * n as f64 / cycles_in as f64;
                        let fill = if kind < nunits {
                            unit_colour(kind as u8)
                        } else {
                            [REGISTER_COLOUR, BRANCH_COLOUR, OTHER_COLOUR][kind - nunits]
                        };
                        let _ = writeln!(
                            s,
                            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{}"/>"#,
                            hex(fill)
                        );
                        y += h;
                    }
                }
                col = end;
            }
        }
        // Legend: the units that execute, then the waits and the blank.
        let mut items: Vec<(String, Option<Rgb>)> = units()
            .iter()
            .enumerate()
            .filter(|(_, u)| u.timed)
            .map(|(i, u)| (format!("issued: {}", u.name), Some(unit_colour(i as u8))))
            .collect();
        items.push(("waiting on a register".into(), Some(REGISTER_COLOUR)));
        items.push(("waiting after a branch".into(), Some(BRANCH_COLOUR)));
        items.push(("ready, another warp issued".into(), Some(OTHER_COLOUR)));
        items.push(("finished (blank)".into(), None));
        let per_line = items.len().div_ceil(2);
        for (i, (name, colour)) in items.iter().enumerate() {
            let x = LEFT + (i % per_line) as f64 * (PLOT_W / per_line as f64);
            let y = legend_top + (i / per_line) as f64 * 24.0;
            let fill = colour.map_or("#f7f7f7".to_string(), hex);
            let _ = writeln!(
                s,
                r##"<rect x="{x:.2}" y="{y:.2}" width="14" height="14" fill="{fill}" stroke="#999999"/><text x="{:.2}" y="{:.2}" dominant-baseline="middle">{}</text>"##,
                x + 20.0,
                y + 7.0,
                xml(name)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

impl Observer for Picture {
    fn start(&mut self, warps: usize, _schedulers: usize) {
        self.warps = warps;
        self.cells = vec![Vec::new(); warps.min(MAX_ROWS)];
    }

    fn issue(&mut self, e: &Issue) {
        self.cycles = self.cycles.max(e.done());
        self.fit(self.cycles - 1);
        self.instructions += 1;
        let r = e.warp as usize;
        for (w, a, b) in e.waits() {
            let kind = self.wait_kind(w);
            self.add(r, a, b, kind);
        }
        self.add(r, e.cycle, e.cycle + 1, e.unit as usize);
    }
}

/// A tick step of 1, 2 or 5 times a power of ten giving at most about ten ticks.
fn nice_step(span: u64) -> u64 {
    let mut p = 1u64;
    loop {
        for m in [1, 2, 5] {
            let step = m * p;
            if span / step <= 10 {
                return step;
            }
        }
        p = p.saturating_mul(10);
    }
}

/// Text escaped for XML.
fn xml(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(ch),
        }
    }
    o
}
