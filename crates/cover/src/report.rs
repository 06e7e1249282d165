//! Reports: totals per group and per variant, the holes, an HTML page with a per-variant
//! table, and the total percentage for CI gates.

use crate::db::Db;
use crate::model::{Group, Model, GROUPS};
use crate::reach::{Reach, Rule, RULES};
use crate::waiver::{glob, Waiver};
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

/// A group's bins: reachable and unwaived (`tally`), excluded by a rule, waived.
#[derive(Clone, Copy, Debug)]
pub struct GroupRow {
    pub group: Group,
    pub tally: Tally,
    pub excluded: usize,
    pub waived: usize,
}

/// A waiver that does not do its job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stale {
    /// Index into [`Summary::waivers`].
    pub waiver: usize,
    /// Why, in words.
    pub why: String,
}

/// A database measured against the model: only reachable, unwaived bins count.
pub struct Summary {
    /// Reachable, unwaived bins.
    pub total: Tally,
    /// Per group, in [`GROUPS`] order.
    pub groups: Vec<GroupRow>,
    /// Per modelled variant (id order): the whole variant and each group (reachable,
    /// unwaived bins).
    pub variants: Vec<(warpkit_isa::InsnId, Tally, Vec<Tally>)>,
    /// Reachable, unwaived bins never hit, in model order.
    pub holes: Vec<&'static str>,
    /// Bins no execution can hit, with the rule that says so (model order).
    pub excluded: Vec<(&'static str, &'static Rule)>,
    /// Excluded bins the database nevertheless hit: the rule is wrong for them.
    pub contradicted: Vec<(&'static str, &'static Rule, u64)>,
    /// Waived bins (reachable, never hit) and the waiver (index into `waivers`).
    pub waived: Vec<(&'static str, usize)>,
    pub waivers: Vec<Waiver>,
    /// Waivers that match no reachable bin, or match a bin that was hit.
    pub stale: Vec<Stale>,
    pub programs: u64,
    pub instructions: u64,
    /// Stored bins this model does not have (another version's), by name.
    pub foreign: Vec<String>,
}

pub fn summarize(db: &Db) -> Summary {
    summarize_with(db, &[])
}

/// The summary with waivers applied.
pub fn summarize_with(db: &Db, waivers: &[Waiver]) -> Summary {
    let m = Model::get();
    let reach = Reach::get();
    let c = db.dense();
    let gi = |g: Group| GROUPS.iter().position(|x| *x == g).unwrap_or(0);
    let mut total = Tally::default();
    let mut groups: Vec<GroupRow> = GROUPS
        .iter()
        .map(|g| GroupRow {
            group: *g,
            tally: Tally::default(),
            excluded: 0,
            waived: 0,
        })
        .collect();
    let mut per: Vec<Option<(Tally, Vec<Tally>)>> = vec![None; INSNS.len()];
    let mut holes = Vec::new();
    let mut excluded = Vec::new();
    let mut contradicted = Vec::new();
    let mut waived = Vec::new();
    // Per waiver: reachable bins it matched, and hit bins among them.
    let mut matched = vec![0usize; waivers.len()];
    let mut hit_by: Vec<Vec<(&str, u64)>> = vec![Vec::new(); waivers.len()];
    for (i, (b, &n)) in m.bins.iter().zip(&c).enumerate() {
        let hit = n > 0;
        let g = gi(b.group);
        let e = b.variant.map(|id| {
            per[id.0 as usize]
                .get_or_insert_with(|| (Tally::default(), vec![Tally::default(); GROUPS.len()]))
        });
        if let Some(rule) = reach.rule(i) {
            groups[g].excluded += 1;
            excluded.push((b.name.as_str(), rule));
            if hit {
                contradicted.push((b.name.as_str(), rule, n));
            }
            continue;
        }
        let w = waivers.iter().position(|w| glob(&w.pattern, &b.name));
        for (k, wv) in waivers.iter().enumerate() {
            if glob(&wv.pattern, &b.name) {
                matched[k] += 1;
                if hit {
                    hit_by[k].push((b.name.as_str(), n));
                }
            }
        }
        if let (Some(k), false) = (w, hit) {
            groups[g].waived += 1;
            waived.push((b.name.as_str(), k));
            continue;
        }
        total.add(hit);
        groups[g].tally.add(hit);
        if let Some(e) = e {
            e.0.add(hit);
            e.1[g].add(hit);
        }
        if !hit {
            holes.push(b.name.as_str());
        }
    }
    let mut stale = Vec::new();
    for (k, w) in waivers.iter().enumerate() {
        if matched[k] == 0 {
            let why = if m.bins.iter().any(|b| glob(&w.pattern, &b.name)) {
                "matches only bins unreachable by construction (already excluded)".to_string()
            } else {
                "matches no bin of the model".to_string()
            };
            stale.push(Stale { waiver: k, why });
        } else if !hit_by[k].is_empty() {
            let (first, n) = hit_by[k][0];
            let more = hit_by[k].len() - 1;
            let why = if more == 0 {
                format!("waives `{first}`, which was hit ({n} times)")
            } else {
                format!("waives `{first}` ({n} hits) and {more} more bins that were hit")
            };
            stale.push(Stale { waiver: k, why });
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
        excluded,
        contradicted,
        waived,
        waivers: waivers.to_vec(),
        stale,
        programs: db.programs,
        instructions: db.instructions,
        foreign: db.foreign().into_iter().map(str::to_string).collect(),
    }
}

/// The report as JSON: the counted total, every model bin's hit count, the excluded bins
/// with their rule, the waived bins with their reason, stale waivers, foreign bins.
pub fn json(s: &Summary, db: &Db) -> String {
    let m = Model::get();
    let counts = db.dense();
    let bins: serde_json::Map<String, serde_json::Value> = m
        .bins
        .iter()
        .zip(&counts)
        .map(|(b, n)| (b.name.clone(), (*n).into()))
        .collect();
    let excluded: serde_json::Map<String, serde_json::Value> = s
        .excluded
        .iter()
        .map(|(b, r)| (b.to_string(), r.name.into()))
        .collect();
    let waived: serde_json::Map<String, serde_json::Value> = s
        .waived
        .iter()
        .map(|(b, k)| (b.to_string(), s.waivers[*k].reason.clone().into()))
        .collect();
    let stale: Vec<serde_json::Value> = s
        .stale
        .iter()
        .map(|st| {
            let w = &s.waivers[st.waiver];
            serde_json::json!({"line": w.line, "pattern": w.pattern, "why": st.why})
        })
        .collect();
    let v = serde_json::json!({
        "programs": s.programs,
        "instructions": s.instructions,
        "counted": {"hit": s.total.hit, "bins": s.total.total, "percent": s.total.percent()},
        "bins": bins,
        "excluded": excluded,
        "waived": waived,
        "stale": stale,
        "foreign": s.foreign,
    });
    let mut t = serde_json::to_string_pretty(&v).unwrap_or_default();
    t.push('\n');
    t
}

/// What the text report lists besides the totals.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lists {
    /// Every reachable, unwaived hole.
    pub holes: bool,
    /// Every bin unreachable by construction, with its rule.
    pub excluded: bool,
}

/// The headline: reachable, unwaived bins hit.
pub fn headline(s: &Summary) -> String {
    format!(
        "coverage: {} of {} bins ({:.2}%) from {} programs, {} instructions",
        s.total.hit,
        s.total.total,
        s.total.percent(),
        s.programs,
        s.instructions
    )
}

/// The text report: totals, groups, variants with holes, waivers, stale waivers,
/// contradicted exclusions, foreign bins; every hole and every excluded bin on request.
pub fn text(s: &Summary, lists: Lists) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{}", headline(s));
    let _ = writeln!(
        o,
        "  counted: reachable bins that are not waived; {} bins unreachable by construction{}, {} waived",
        s.excluded.len(),
        if lists.excluded { "" } else { " (--excluded lists them)" },
        s.waived.len()
    );
    if !s.foreign.is_empty() {
        let _ = writeln!(
            o,
            "note: {} stored bins are not in this build's model (another version's); ignored:",
            s.foreign.len()
        );
        for f in &s.foreign {
            let _ = writeln!(o, "  {f}");
        }
    }
    for (name, rule, n) in &s.contradicted {
        let _ = writeln!(
            o,
            "error: `{name}` was hit {n} times, but rule {} says it cannot be ({}); please report it",
            rule.name, rule.reason
        );
    }
    let _ = writeln!(
        o,
        "\n{:<12} {:>8} {:>8} {:>8} {:>9} {:>7}",
        "group", "hit", "bins", "%", "excluded", "waived"
    );
    for r in &s.groups {
        let _ = writeln!(
            o,
            "{:<12} {:>8} {:>8} {:>7.2}% {:>9} {:>7}",
            r.group.name(),
            r.tally.hit,
            r.tally.total,
            r.tally.percent(),
            r.excluded,
            r.waived
        );
    }
    let partial: Vec<_> = s.variants.iter().filter(|v| v.1.hit < v.1.total).collect();
    let _ = writeln!(
        o,
        "\nvariants: {} modelled, {} with every counted bin hit, {} never executed",
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
    if !s.waivers.is_empty() {
        let _ = writeln!(o, "\nwaivers ({} bins waived):", s.waived.len());
        for (k, w) in s.waivers.iter().enumerate() {
            let n = s.waived.iter().filter(|x| x.1 == k).count();
            let _ = writeln!(
                o,
                "  line {}: {} waives {n}{}: {}",
                w.line,
                w.pattern,
                w.owner
                    .as_deref()
                    .map(|x| format!(" (owner {x})"))
                    .unwrap_or_default(),
                w.reason
            );
        }
        if lists.holes {
            for (b, k) in &s.waived {
                let _ = writeln!(o, "  waived {b}: {}", s.waivers[*k].reason);
            }
        }
    }
    if !s.stale.is_empty() {
        let _ = writeln!(o, "\nstale waivers ({}):", s.stale.len());
        for st in &s.stale {
            let w = &s.waivers[st.waiver];
            let _ = writeln!(o, "  stale: line {}: {}: {}", w.line, w.pattern, st.why);
        }
    }
    if lists.holes {
        let _ = writeln!(o, "\nholes ({}):", s.holes.len());
        for h in &s.holes {
            let _ = writeln!(o, "  {h}");
        }
    }
    if lists.excluded {
        let _ = writeln!(o, "\nunreachable by construction ({}):", s.excluded.len());
        for rule in RULES.iter() {
            let bins: Vec<&str> = s
                .excluded
                .iter()
                .filter(|e| e.1 == rule)
                .map(|e| e.0)
                .collect();
            if bins.is_empty() {
                continue;
            }
            let _ = writeln!(
                o,
                "  rule {} ({} bins): {}",
                rule.name,
                bins.len(),
                rule.reason
            );
            for b in bins {
                let _ = writeln!(o, "    {b}");
            }
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
/// `rounds`: summaries after each round (successive merges), plotted per group when there
/// are two or more.
pub fn html(s: &Summary, rounds: &[Summary]) -> String {
    let m = Model::get();
    let mut o = String::from(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>warpkit coverage</title>\n<style>\nbody{font-family:sans-serif;margin:1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}td.full{background:#c8f0c8}td.part{background:#f8f0b0}td.none{background:#f4c0c0}td.na{background:#eee}details{font-size:12px}\n</style></head><body>\n",
    );
    let _ = writeln!(
        o,
        "<h1>warpkit coverage</h1>\n<p>{} of {} counted bins ({:.2}%) from {} programs, {} instructions. Counted: reachable bins that are not waived.</p>",
        s.total.hit,
        s.total.total,
        s.total.percent(),
        s.programs,
        s.instructions
    );
    o.push_str("<table><tr><th>group</th><th>hit</th><th>bins</th><th>%</th><th>excluded</th><th>waived</th></tr>\n");
    for r in &s.groups {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td><td>{}</td><td>{}</td></tr>",
            r.group.name(),
            r.tally.hit,
            r.tally.total,
            r.tally.percent(),
            r.excluded,
            r.waived
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
    o.push_str("</ul>\n");
    if rounds.len() > 1 {
        o.push_str("<h2>Coverage per group over rounds</h2>\n");
        o.push_str(&svg_rounds(rounds));
    }
    if !s.waivers.is_empty() {
        o.push_str("<h2>Waivers</h2>\n<table><tr><th>line</th><th>bins</th><th>owner</th><th>waives</th><th>reason</th></tr>\n");
        for (k, w) in s.waivers.iter().enumerate() {
            let n = s.waived.iter().filter(|x| x.1 == k).count();
            let stale = s.stale.iter().find(|x| x.waiver == k);
            let _ = writeln!(
                o,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{n}{}</td><td>{}</td></tr>",
                w.line,
                esc(&w.pattern),
                esc(w.owner.as_deref().unwrap_or("")),
                stale.map_or(String::new(), |st| format!(
                    " <b>stale</b>: {}",
                    esc(&st.why)
                )),
                esc(&w.reason)
            );
        }
        o.push_str("</table>\n");
    }
    let _ = writeln!(
        o,
        "<h2>Unreachable by construction ({})</h2>\n<table><tr><th>rule</th><th>bins</th><th>reason</th></tr>",
        s.excluded.len()
    );
    for rule in RULES.iter() {
        let bins: Vec<&str> = s
            .excluded
            .iter()
            .filter(|e| e.1 == rule)
            .map(|e| e.0)
            .collect();
        if bins.is_empty() {
            continue;
        }
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td><details><summary>{}</summary>{}</details></td><td>{}</td></tr>",
            rule.name,
            bins.len(),
            bins.iter().map(|b| esc(b)).collect::<Vec<_>>().join("<br>"),
            esc(rule.reason)
        );
    }
    o.push_str("</table>\n");
    if !s.foreign.is_empty() {
        let _ = writeln!(
            o,
            "<h2>Bins of another model version ({}, ignored)</h2>\n<ul>",
            s.foreign.len()
        );
        for f in &s.foreign {
            let _ = writeln!(o, "<li>{}</li>", esc(f));
        }
        o.push_str("</ul>\n");
    }
    o.push_str("</body></html>\n");
    o
}

/// An inline SVG line chart: each group's counted coverage (%) after each round.
pub fn svg_rounds(rounds: &[Summary]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 300.0;
    const LEFT: f64 = 40.0;
    const BOTTOM: f64 = 20.0;
    const COLOURS: [&str; 12] = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf", "#000000", "#aec7e8",
    ];
    let n = rounds.len().max(2) - 1;
    let x = |i: usize| LEFT + (W - LEFT - 140.0) * i as f64 / n as f64;
    let y = |p: f64| (H - BOTTOM) * (1.0 - p / 100.0) + 5.0;
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{}\" font-size=\"11\">\n",
        H + 10.0
    );
    for p in [0.0, 25.0, 50.0, 75.0, 100.0] {
        let _ = writeln!(
            o,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{2:.1}\" y2=\"{2:.1}\" stroke=\"#ddd\"/><text x=\"2\" y=\"{:.1}\">{p}%</text>",
            W - 140.0,
            y(p),
            y(p) + 4.0
        );
    }
    for i in 0..rounds.len() {
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{i}</text>",
            x(i),
            H + 5.0
        );
    }
    for (g, colour) in GROUPS.iter().zip(COLOURS) {
        let gi = GROUPS.iter().position(|x| x == g).unwrap_or(0);
        if rounds.iter().all(|r| r.groups[gi].tally.total == 0) {
            continue;
        }
        let pts: Vec<String> = rounds
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{:.1},{:.1}", x(i), y(r.groups[gi].tally.percent())))
            .collect();
        let last = rounds.last().map_or(0.0, |r| r.groups[gi].tally.percent());
        let _ = writeln!(
            o,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" points=\"{}\"><title>{}</title></polyline>",
            pts.join(" "),
            g.name()
        );
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\">{} {last:.1}%</text>",
            W - 135.0,
            15.0 + 14.0 * gi as f64,
            g.name()
        );
    }
    o.push_str("</svg>\n");
    o
}
