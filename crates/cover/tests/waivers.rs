//! Waivers and exclusions in the summary: waived holes leave the total and are listed with
//! their reason; a waiver that matches nothing, only unreachable bins, or a bin that was hit
//! is stale; bins unreachable by construction are out of the total with their rule.

use warpkit_cover::reach::Reach;
use warpkit_cover::report::{summarize, summarize_with, text, Lists};
use warpkit_cover::waiver::{glob, parse};
use warpkit_cover::{Db, Model};

#[test]
fn waiver_files_parse_with_reasons_and_owners() {
    let w = parse(
        "# comment\n\nfault/* @lead # faults have their own tests\nvalue/jr/rs1/one   # odd jump\n",
        "w.txt",
    )
    .unwrap();
    assert_eq!(w.len(), 2);
    assert_eq!(w[0].pattern, "fault/*");
    assert_eq!(w[0].owner.as_deref(), Some("lead"));
    assert_eq!(w[0].reason, "faults have their own tests");
    assert_eq!(w[0].line, 3);
    assert_eq!(w[1].owner, None);
    let e = parse("fault/*\n", "w.txt").unwrap_err();
    assert!(e.contains("w.txt:1: a waiver needs its reason"), "{e}");
    let e = parse("a b # why\n", "w.txt").unwrap_err();
    assert!(e.contains("w.txt:1: unexpected `b`"), "{e}");
    assert!(parse("x #   \n", "w").is_err());
}

#[test]
fn globs_match_whole_names() {
    assert!(glob("fault/*", "fault/fetch_fault/misaligned"));
    assert!(glob("*/add/*", "exec/add/full"));
    assert!(!glob("*/add/*", "exec/add.vi/full"));
    assert!(glob("value/add/rs?/zero", "value/add/rs1/zero"));
    assert!(!glob("value/add/rs?/zero", "value/add/rs12/zero"));
    assert!(glob("*", ""));
    assert!(!glob("a", "ab"));
    assert!(glob("a*b*c", "axxbyyc"));
    assert!(!glob("a*b*c", "axxbyy"));
}

#[test]
fn waived_and_excluded_bins_leave_the_total() {
    let m = Model::get();
    let reach = Reach::get();
    let mut db = Db::new();
    db.bins.insert("variant/add/executed".into(), 3);
    db.bins.insert("no/such/bin".into(), 1);
    let plain = summarize(&db);
    assert_eq!(plain.total.total + reach.excluded(), m.len());
    assert_eq!(plain.excluded.len(), reach.excluded());
    assert!(plain
        .excluded
        .iter()
        .any(|(b, r)| *b == "result/slt/minus_one" && r.name == "boolean-result"));
    assert!(!plain.holes.contains(&"result/slt/minus_one"));
    assert_eq!(plain.foreign, vec!["no/such/bin".to_string()]);
    let w = parse(
        "fault/* @lead # faults are tested apart\n\
         nothing/here/* # gone\n\
         variant/add/* # hit, so stale\n\
         result/slt/int_max # cannot happen anyway\n",
        "w",
    )
    .unwrap();
    let s = summarize_with(&db, &w);
    assert_eq!(s.waived.iter().filter(|x| x.1 == 0).count(), 6);
    assert_eq!(s.total.total, plain.total.total - 6);
    assert_eq!(s.total.hit, 1, "a waiver never hides a hit");
    let stale: Vec<(usize, &str)> = s.stale.iter().map(|x| (x.waiver, x.why.as_str())).collect();
    assert_eq!(stale.len(), 3, "{stale:?}");
    assert!(stale[0].1.contains("matches no bin"));
    assert!(stale[1]
        .1
        .contains("`variant/add/executed`, which was hit (3 times)"));
    assert!(stale[2].1.contains("unreachable by construction"));
    let t = text(&s, Lists::default());
    assert!(
        t.contains("stale: line 2: nothing/here/*: matches no bin"),
        "{t}"
    );
    assert!(
        t.contains("line 1: fault/* waives 6 (owner lead): faults are tested apart"),
        "{t}"
    );
    assert!(
        t.contains("note: 1 stored bins are not in this build's model"),
        "{t}"
    );
    assert!(t.contains("  no/such/bin\n"), "{t}");
    let t = text(
        &s,
        Lists {
            holes: true,
            excluded: true,
        },
    );
    assert!(t.contains("  waived fault/fetch_fault/truncated: faults are tested apart"));
    assert!(t.contains("rule boolean-result ("), "{t}");
    assert!(t.contains("    result/slt/minus_one\n"), "{t}");
}

#[test]
fn an_excluded_bin_that_was_hit_is_an_error_in_the_report() {
    let mut db = Db::new();
    db.bins.insert("result/slt/minus_one".into(), 2);
    let s = summarize(&db);
    assert_eq!(s.contradicted.len(), 1);
    let t = text(&s, Lists::default());
    assert!(
        t.contains("error: `result/slt/minus_one` was hit 2 times, but rule boolean-result"),
        "{t}"
    );
}
