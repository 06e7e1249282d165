//! What changed between two versions of a table (`warpkit isa diff OLD NEW`): variants added,
//! removed and renamed (same encoding, new mnemonic), every changed column of the others, and
//! the compatibility verdict: the words a decoder of OLD decodes differently under NEW.

use crate::parse::{encoding_masks, overlap, Database, Masks, Overlap, RowDef};
use std::fmt::Write as _;

/// One changed column of a variant present in both tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The mnemonic in NEW.
    pub mnemonic: String,
    /// `encoding`, `operands`, `latency`, `flags`, `reads`, `writes`, `semantics`, `group`.
    pub what: &'static str,
    pub old: String,
    pub new: String,
}

/// A word OLD decodes as `old` that NEW decodes otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incompatible {
    pub old: String,
    /// The variant NEW decodes the word as (`None`: NEW does not decode it).
    pub new: Option<String>,
    pub word: u64,
    pub why: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// (old mnemonic, new mnemonic).
    pub renamed: Vec<(String, String)>,
    pub changed: Vec<Change>,
    pub incompatible: Vec<Incompatible>,
}

impl Diff {
    /// Old binaries still decode the same under NEW.
    pub fn compatible(&self) -> bool {
        self.incompatible.is_empty()
    }
}

fn masks(db: &Database, r: &RowDef) -> Option<Masks> {
    db.formats
        .iter()
        .find(|f| f.name == r.format)
        .map(|f| encoding_masks(r, f))
}

fn encoding(r: &RowDef) -> String {
    match &r.funct {
        Some((n, v)) => format!("{} opcode 0x{:02x} {n}=0x{v:x}", r.format, r.opcode),
        None => format!("{} opcode 0x{:02x}", r.format, r.opcode),
    }
}

fn operands(r: &RowDef) -> String {
    let v: Vec<String> = r.operands.iter().map(|(s, t)| format!("{s}:{t}")).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn words(v: &[String]) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// Same fields at the same bits: the decoded operands of a word are the same.
fn same_layout(old: &Database, a: &RowDef, new: &Database, b: &RowDef) -> bool {
    let fa = old.formats.iter().find(|f| f.name == a.format);
    let fb = new.formats.iter().find(|f| f.name == b.format);
    let (Some(fa), Some(fb)) = (fa, fb) else {
        return false;
    };
    let place = |f: &crate::parse::FormatDef, slot: &str| {
        f.field(slot).map(|fd| (fd.lo, fd.hi, fd.file.clone()))
    };
    a.operands == b.operands && a.operands.iter().all(|(s, _)| place(fa, s) == place(fb, s))
}

/// Compare two tables.
pub fn diff(old: &Database, new: &Database) -> Diff {
    let mut d = Diff::default();
    let find = |db: &'_ Database, m: &str| -> Option<usize> {
        db.rows.iter().position(|r| r.mnemonic == m)
    };
    // Pair rows: by mnemonic, then the leftovers by identical encoding (renames).
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut old_left: Vec<usize> = Vec::new();
    let mut new_taken = vec![false; new.rows.len()];
    for (i, r) in old.rows.iter().enumerate() {
        match find(new, &r.mnemonic) {
            Some(j) => {
                pairs.push((i, j));
                new_taken[j] = true;
            }
            None => old_left.push(i),
        }
    }
    for i in old_left {
        let r = &old.rows[i];
        let ma = masks(old, r);
        let renamed = new.rows.iter().enumerate().position(|(j, n)| {
            !new_taken[j]
                && find(old, &n.mnemonic).is_none()
                && ma.is_some()
                && masks(new, n) == ma
                && n.format == r.format
        });
        match renamed {
            Some(j) => {
                new_taken[j] = true;
                d.renamed
                    .push((r.mnemonic.clone(), new.rows[j].mnemonic.clone()));
                pairs.push((i, j));
            }
            None => d.removed.push(r.mnemonic.clone()),
        }
    }
    for (j, n) in new.rows.iter().enumerate() {
        if !new_taken[j] {
            d.added.push(n.mnemonic.clone());
        }
    }
    pairs.sort_unstable();
    for &(i, j) in &pairs {
        let (a, b) = (&old.rows[i], &new.rows[j]);
        let mut put = |what: &'static str, x: String, y: String| {
            if x != y {
                d.changed.push(Change {
                    mnemonic: b.mnemonic.clone(),
                    what,
                    old: x,
                    new: y,
                });
            }
        };
        put("encoding", encoding(a), encoding(b));
        put("operands", operands(a), operands(b));
        put("latency", a.latency.clone(), b.latency.clone());
        put("flags", words(&a.flags), words(&b.flags));
        put("reads", words(&a.reads), words(&b.reads));
        put("writes", words(&a.writes), words(&b.writes));
        put("semantics", a.semantics.clone(), b.semantics.clone());
        let g = |db: &Database, r: &RowDef| {
            db.groups
                .get(r.group)
                .map_or(String::new(), |g| g.id.clone())
        };
        put("group", g(old, a), g(new, b));
    }
    d.incompatible = verdict(old, new, &pairs);
    d
}

/// For every OLD variant: is each of its words decoded by NEW as its counterpart, with the
/// same operands at the same bits? Otherwise one word that shows the difference.
fn verdict(old: &Database, new: &Database, pairs: &[(usize, usize)]) -> Vec<Incompatible> {
    let new_masks: Vec<Option<Masks>> = new.rows.iter().map(|r| masks(new, r)).collect();
    let mut out = Vec::new();
    for (i, a) in old.rows.iter().enumerate() {
        let Some(ma) = masks(old, a) else { continue };
        let counterpart = pairs.iter().find(|p| p.0 == i).map(|p| p.1);
        // NEW variants sharing words with this one.
        let sharing: Vec<(usize, Overlap, u64)> = new_masks
            .iter()
            .enumerate()
            .filter_map(|(j, m)| {
                m.as_ref()
                    .and_then(|m| overlap(&ma, m))
                    .map(|(c, w)| (j, c, w))
            })
            .collect();
        let layout = counterpart.is_some_and(|j| same_layout(old, a, new, &new.rows[j]));
        let cp = counterpart.and_then(|j| sharing.iter().find(|x| x.0 == j));
        let others: Vec<&(usize, Overlap, u64)> = sharing
            .iter()
            .filter(|x| Some(x.0) != counterpart)
            .collect();
        // NEW's counterpart takes every old word (the same words, or more).
        let covers = matches!(cp, Some((_, Overlap::Identical | Overlap::Superset, _)));
        if covers && layout && others.is_empty() {
            continue;
        }
        let name = |j: usize| new.rows[j].mnemonic.clone();
        let inc = if let Some(&&(j, class, word)) = others.first() {
            let how = if class == Overlap::Identical {
                "its words now decode"
            } else {
                "some of its words now decode"
            };
            Incompatible {
                old: a.mnemonic.clone(),
                new: Some(name(j)),
                word,
                why: format!("{how} as {}", name(j)),
            }
        } else if let (Some(&(j, _, _)), false) = (cp, covers) {
            // The counterpart fixes bits the old variant left free: a word with one of
            // them the other way is no longer decoded.
            let mb = new_masks[j].expect("it overlaps");
            let extra = mb.fixed() & !ma.fixed();
            let bit = extra & extra.wrapping_neg();
            Incompatible {
                old: a.mnemonic.clone(),
                new: None,
                word: (ma.match_bits & ma.fixed()) | (!mb.match_bits & bit),
                why: format!(
                    "NEW decodes only some of its words (encoding {} -> {})",
                    encoding(a),
                    encoding(&new.rows[j])
                ),
            }
        } else if let (Some(&(j, _, w)), false) = (cp, layout) {
            Incompatible {
                old: a.mnemonic.clone(),
                new: Some(name(j)),
                word: w,
                why: format!(
                    "its operands changed ({} -> {})",
                    operands(a),
                    operands(&new.rows[j])
                ),
            }
        } else {
            // Nothing in NEW matches the old words (the variant moved or went away).
            let why = match counterpart {
                Some(j) => format!(
                    "NEW does not decode it (moved: {} -> {})",
                    encoding(a),
                    encoding(&new.rows[j])
                ),
                None => "NEW does not decode it (removed)".to_string(),
            };
            Incompatible {
                old: a.mnemonic.clone(),
                new: None,
                word: ma.match_bits,
                why,
            }
        };
        out.push(inc);
    }
    out
}

fn hex(w: u64) -> String {
    if w >> 32 != 0 {
        format!("0x{w:016x}")
    } else {
        format!("0x{w:08x}")
    }
}

/// The diff as text for people.
pub fn text(d: &Diff) -> String {
    let mut s = String::new();
    for m in &d.added {
        let _ = writeln!(s, "added      {m}");
    }
    for m in &d.removed {
        let _ = writeln!(s, "removed    {m}");
    }
    for (a, b) in &d.renamed {
        let _ = writeln!(s, "renamed    {a} -> {b} (same encoding)");
    }
    for c in &d.changed {
        let _ = writeln!(
            s,
            "changed    {} {}: {} -> {}",
            c.mnemonic, c.what, c.old, c.new
        );
    }
    if d.added.is_empty() && d.removed.is_empty() && d.renamed.is_empty() && d.changed.is_empty() {
        s.push_str("no differences\n");
    }
    if d.compatible() {
        s.push_str("compatible: every word OLD decodes, NEW decodes the same way\n");
    } else {
        let _ = writeln!(
            s,
            "INCOMPATIBLE: {} variant{} of OLD decode differently under NEW",
            d.incompatible.len(),
            if d.incompatible.len() == 1 { "" } else { "s" }
        );
        for i in &d.incompatible {
            let _ = writeln!(s, "  {}: {} (e.g. {})", i.old, i.why, hex(i.word));
        }
    }
    s
}

/// The diff as JSON.
pub fn json(d: &Diff) -> serde_json::Value {
    serde_json::json!({
        "added": d.added,
        "removed": d.removed,
        "renamed": d.renamed.iter().map(|(a, b)| serde_json::json!({"old": a, "new": b})).collect::<Vec<_>>(),
        "changed": d.changed.iter().map(|c| serde_json::json!({
            "mnemonic": c.mnemonic, "what": c.what, "old": c.old, "new": c.new,
        })).collect::<Vec<_>>(),
        "compatible": d.compatible(),
        "incompatible": d.incompatible.iter().map(|i| serde_json::json!({
            "old": i.old, "new": i.new, "word": hex(i.word), "why": i.why,
        })).collect::<Vec<_>>(),
    })
}
