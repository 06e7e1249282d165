//! Reports: totals per group and per variant, the holes, an HTML page with a per-variant
//! table, and the total percentage for CI gates.

use crate::db::Db;
use crate::model::{Group, Model, GROUPS};
use std::fmt::Write as _;
use warpkit_isa::INSNS;

/// Hit and total bins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub hit: usize,
    pub total: usize,
}

impl Tally {
    pub fn percent(self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            self.hit as f64 * 100.0 / self.total as f64
        }
    }
    fn add(&mut self, hit: bool) {
        self.total += 1;
        self.hit += usize::from(hit);
    }
}

/// A database measured against the model.
pub struct Summary {
    pub total: Tally,
    /// Per group, in [`GROUPS`] order.
    pub groups: Vec<(Group, Tally)>,
    /// Per modelled variant (id order): the whole variant and each group.
    pub variants: Vec<(warpkit_isa::InsnId, Tally, Vec<Tally>)>,
    /// Names of the bins never hit, in model order.
    pub holes: Vec<&'static str>,
    pub programs: u64,
    pub instructions: u64,
    /// Stored bins this model does not have.
    pub foreign: usize,
}

pub fn summarize(db: &Db) -> Summary {
    let m = Model::get();
    let c = db.dense();
    let gi = |g: Group| GROUPS.iter().position(|x| *x == g).unwrap_or(0);
    let mut total = Tally::default();
    let mut groups: Vec<(Group, Tally)> = GROUPS.iter().map(|g| (*g, Tally::default())).collect();
    let mut per: Vec<Option<(Tally, Vec<Tally>)>> = vec![None; INSNS.len()];
    let mut holes = Vec::new();
    for (b, &n) in m.bins.iter().zip(&c) {
        let hit = n > 0;
        total.add(hit);
        groups[gi(b.group)].1.add(hit);
        if let Some(id) = b.variant {
            let e = per[id.0 as usize]
                .get_or_insert_with(|| (Tally::default(), vec![Tally::default(); GROUPS.len()]));
            e.0.add(hit);
            e.1[gi(b.group)].add(hit);
        }
        if !hit {
            holes.push(b.name.as_str());
        }
    }
    let variants = per
        .into_iter()
        .enumerate()
        .filter_map(|(i, e)| e.map(|(t, g)| (warpkit_isa::InsnId(i as u16), t, g)))
        .collect();
    Summary {
        total,
        groups,
        variants,
        holes,
        programs: db.programs,
        instructions: db.instructions,
        foreign: db.foreign().len(),
    }
}

/// The text report: totals, groups, variants with holes; with `holes`, every hole.
pub fn text(s: &Summary, holes: bool) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "coverage: {} of {} bins ({:.2}%) from {} programs, {} instructions",
        s.total.hit,
        s.total.total,
        s.total.percent(),
        s.programs,
        s.instructions
    );
    if s.foreign > 0 {
        let _ = writeln!(
            o,
            "note: {} stored bins are not in this build's model (another version's); ignored",
            s.foreign
        );
    }
    let _ = writeln!(o, "\n{:<12} {:>8} {:>8} {:>8}", "group", "hit", "bins", "%");
    for (g, t) in &s.groups {
        let _ = writeln!(
            o,
            "{:<12} {:>8} {:>8} {:>7.2}%",
            g.name(),
            t.hit,
            t.total,
            t.percent()
        );
    }
    let partial: Vec<_> = s.variants.iter().filter(|v| v.1.hit < v.1.total).collect();
    let _ = writeln!(
        o,
        "\nvariants: {} modelled, {} with every bin hit, {} never executed",
        s.variants.len(),
        s.variants.len() - partial.len(),
        s.variants.iter().filter(|v| v.2[0].hit == 0).count()
    );
    for (id, t, _) in &partial {
        let _ = writeln!(
            o,
            "  {:<26} {:>4}/{:<4} {:>6.1}%",
            id.desc().mnemonic,
            t.hit,
            t.total,
            t.percent()
        );
    }
    if holes {
        let _ = writeln!(o, "\nholes ({}):", s.holes.len());
        for h in &s.holes {
            let _ = writeln!(o, "  {h}");
        }
    }
    o
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn cell(t: Tally) -> String {
    if t.total == 0 {
        return "<td class=\"na\"></td>".into();
    }
    let cls = if t.hit == t.total {
        "full"
    } else if t.hit == 0 {
        "none"
    } else {
        "part"
    };
    format!("<td class=\"{cls}\">{}/{}</td>", t.hit, t.total)
}

/// A self-contained HTML page: group totals, then one row per variant with its bins per
/// group and its holes.
pub fn html(s: &Summary) -> String {
    let m = Model::get();
    let mut o = String::from(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>warpkit coverage</title>\n<style>\nbody{font-family:sans-serif;margin:1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}td.full{background:#c8f0c8}td.part{background:#f8f0b0}td.none{background:#f4c0c0}td.na{background:#eee}details{font-size:12px}\n</style></head><body>\n",
    );
    let _ = writeln!(
        o,
        "<h1>warpkit coverage</h1>\n<p>{} of {} bins ({:.2}%) from {} programs, {} instructions.</p>",
        s.total.hit,
        s.total.total,
        s.total.percent(),
        s.programs,
        s.instructions
    );
    o.push_str("<table><tr><th>group</th><th>hit</th><th>bins</th><th>%</th></tr>\n");
    for (g, t) in &s.groups {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td></tr>",
            g.name(),
            t.hit,
            t.total,
            t.percent()
        );
    }
    o.push_str("</table>\n<h2>Variants</h2>\n<table><tr><th>variant</th><th>all</th>");
    for g in GROUPS {
        let _ = write!(o, "<th>{}</th>", g.name());
    }
    o.push_str("<th>holes</th></tr>\n");
    let mut holes_of: Vec<Vec<&str>> = vec![Vec::new(); INSNS.len()];
    for h in &s.holes {
        if let Some(id) = m.index(h).and_then(|i| m.bins[i].variant) {
            holes_of[id.0 as usize].push(h);
        }
    }
    for (id, t, g) in &s.variants {
        let _ = write!(o, "<tr><td>{}</td>{}", esc(id.desc().mnemonic), cell(*t));
        for x in g {
            o.push_str(&cell(*x));
        }
        let hs = &holes_of[id.0 as usize];
        if hs.is_empty() {
            o.push_str("<td></td></tr>\n");
        } else {
            let _ = writeln!(
                o,
                "<td><details><summary>{}</summary>{}</details></td></tr>",
                hs.len(),
                hs.iter().map(|h| esc(h)).collect::<Vec<_>>().join("<br>")
            );
        }
    }
    o.push_str("</table>\n<h2>Global bins</h2>\n<ul>\n");
    for h in &s.holes {
        if m.index(h).is_some_and(|i| m.bins[i].variant.is_none()) {
            let _ = writeln!(o, "<li>hole: {}</li>", esc(h));
        }
    }
    o.push_str("</ul>\n</body></html>\n");
    o
}
