//! The database as UCIS XML (Accellera's Unified Coverage Interoperability Standard, its
//! XML interchange form), so that tools that sign off with UCIS can merge warpkit's
//! functional coverage with RTL coverage.
//!
//! Layout: one instance `warpkit`; one covergroup instance per bin group (`variant`,
//! `exec`, `value`, ...); in each, one coverpoint per variant (or per hazard kind, per
//! fault cause) named by the bin name's second part; in it one bin per model bin, named by
//! the rest of the bin name, with its hit count. So `value/add/rs1/zero` is bin `rs1/zero`
//! of coverpoint `add` of covergroup `value`. Bins unreachable by construction and waived
//! bins are `ignore` bins (UCIS's bins that do not count), with the rule or waiver in a
//! `excludedReason` user attribute.

use crate::db::Db;
use crate::model::{Model, GROUPS};
use crate::report::Summary;
use std::collections::HashMap;
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The UCIS XML text of `db` measured as `s` (its exclusions and waivers); `when` is the
/// `writtenTime` (ISO 8601, `YYYY-MM-DDTHH:MM:SS`), `version` the tool's.
pub fn to_xml(db: &Db, s: &Summary, when: &str, version: &str) -> String {
    let m = Model::get();
    let counts = db.dense();
    let mut reason: HashMap<&str, String> = HashMap::new();
    for (b, rule) in &s.excluded {
        reason.insert(
            b,
            format!(
                "unreachable by construction, rule {}: {}",
                rule.name, rule.reason
            ),
        );
    }
    for (b, k) in &s.waived {
        let w = &s.waivers[*k];
        let owner = w
            .owner
            .as_deref()
            .map(|o| format!(", owner {o}"))
            .unwrap_or_default();
        reason.insert(
            b,
            format!(
                "waived (line {} `{}`{owner}): {}",
                w.line, w.pattern, w.reason
            ),
        );
    }
    let mut o = String::new();
    let _ = writeln!(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        o,
        "<UCIS writtenBy=\"warpkit\" writtenTime=\"{when}\" ucisVersion=\"1.0\">"
    );
    o.push_str("  <sourceFiles fileName=\"crates/isa/instructions.isa\" id=\"1\"/>\n");
    let _ = writeln!(
        o,
        "  <historyNodes historyNodeId=\"0\" logicalName=\"warpkit-cover\" physicalName=\"warpkit-cover\" kind=\"1\" testStatus=\"true\" date=\"{when}\" toolCategory=\"functional-coverage\" ucisVersion=\"1.0\" vendorId=\"warpkit\" vendorTool=\"warpkit\" vendorToolVersion=\"{}\" comment=\"{} programs, {} instructions\"/>",
        esc(version),
        db.programs,
        db.instructions
    );
    o.push_str("  <instanceCoverages name=\"warpkit\" key=\"0\" instanceId=\"0\" moduleName=\"warpkit\">\n");
    o.push_str("    <id file=\"1\" line=\"1\" inlineCount=\"1\"/>\n");
    o.push_str("    <covergroupCoverage>\n");
    for g in GROUPS {
        let bins: Vec<usize> = (0..m.len()).filter(|&i| m.bins[i].group == g).collect();
        if bins.is_empty() {
            continue;
        }
        let _ = writeln!(o, "      <cgInstance name=\"{}\" key=\"0\">", g.name());
        o.push_str("        <options weight=\"1\" goal=\"100\" at_least=\"1\" per_instance=\"true\" merge_instances=\"true\"/>\n");
        let _ = writeln!(
            o,
            "        <cgId cgName=\"{0}\" moduleName=\"warpkit\">\n          <cginstSourceId file=\"1\" line=\"1\" inlineCount=\"1\"/>\n          <cgSourceId file=\"1\" line=\"1\" inlineCount=\"1\"/>\n        </cgId>",
            g.name()
        );
        // Coverpoints in model order of their first bin.
        let mut points: Vec<(&str, Vec<usize>)> = Vec::new();
        for i in bins {
            let name = m.bins[i].name.as_str();
            let mut parts = name.splitn(3, '/');
            let (_, point) = (parts.next(), parts.next().unwrap_or(""));
            match points.iter_mut().find(|p| p.0 == point) {
                Some(p) => p.1.push(i),
                None => points.push((point, vec![i])),
            }
        }
        for (point, bins) in points {
            let _ = writeln!(o, "        <coverpoint name=\"{}\" key=\"0\">", esc(point));
            o.push_str("          <options weight=\"1\" goal=\"100\" at_least=\"1\" auto_bin_max=\"64\" detect_overlap=\"false\"/>\n");
            for i in bins {
                let name = m.bins[i].name.as_str();
                let bin = name.splitn(3, '/').nth(2).unwrap_or("");
                let why = reason.get(name);
                let _ = writeln!(
                    o,
                    "          <coverpointBin name=\"{}\" type=\"{}\" key=\"0\">\n            <range from=\"-1\" to=\"-1\">\n              <contents coverageCount=\"{}\"/>\n            </range>",
                    esc(bin),
                    if why.is_some() { "ignore" } else { "bins" },
                    counts[i]
                );
                if let Some(r) = why {
                    let _ = writeln!(
                        o,
                        "            <userAttr key=\"excludedReason\" type=\"str\">{}</userAttr>",
                        esc(r)
                    );
                }
                o.push_str("          </coverpointBin>\n");
            }
            o.push_str("        </coverpoint>\n");
        }
        o.push_str("      </cgInstance>\n");
    }
    o.push_str("    </covergroupCoverage>\n  </instanceCoverages>\n</UCIS>\n");
    o
}

/// `secs` since the Unix epoch as `YYYY-MM-DDTHH:MM:SS` (UTC), for `writtenTime`.
pub fn iso8601(secs: u64) -> String {
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Days to a civil date (H. Hinnant's algorithm, proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!(
        "{y:04}-{mo:02}-{d:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}
