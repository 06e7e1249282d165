//! Merging databases in any order and grouping gives the same database; a database
//! survives its own JSON; collecting programs in one run equals merging their databases.

use proptest::prelude::*;
use warpkit_cover::{Counts, Db, Model};
use warpkit_sim::state::parse_state;

fn db_strategy() -> impl Strategy<Value = Db> {
    let n = Model::get().len();
    (
        0u64..1000,
        0u64..1_000_000,
        prop::collection::vec((0..n + 20, 1u64..u64::MAX / 64), 0..60),
    )
        .prop_map(move |(programs, instructions, bins)| {
            let m = Model::get();
            let mut db = Db::new();
            db.programs = programs;
            db.instructions = instructions;
            for (i, c) in bins {
                // Some names from another model version: kept and merged like the rest.
                let name = if i < n {
                    m.bins[i].name.clone()
                } else {
                    format!("variant/some.future.variant{}/executed", i - n)
                };
                db.bins.insert(name, c);
            }
            db
        })
}

fn merged(parts: &[&Db]) -> Db {
    let mut d = Db::new();
    for p in parts {
        d.merge(p);
    }
    d
}

proptest! {
    #[test]
    fn merge_is_associative_and_commutative(
        dbs in prop::collection::vec(db_strategy(), 1..6),
        perm in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let all: Vec<&Db> = dbs.iter().collect();
        let reference = merged(&all);
        // Another order: a rotation and a reversal.
        let mut order = all.clone();
        let r = perm.index(order.len());
        order.rotate_left(r);
        order.reverse();
        prop_assert_eq!(&merged(&order), &reference);
        // Another grouping: merge two halves separately, then the halves (through JSON,
        // as a farm's merge step reads them).
        let k = cut.index(all.len() + 1);
        let (a, b) = all.split_at(k);
        let ja = Db::parse(&merged(a).to_json(), "a").unwrap();
        let jb = Db::parse(&merged(b).to_json(), "b").unwrap();
        prop_assert_eq!(&merged(&[&jb, &ja]), &reference);
    }

    #[test]
    fn json_round_trip(db in db_strategy()) {
        prop_assert_eq!(Db::parse(&db.to_json(), "x").unwrap(), db);
    }
}

#[test]
fn collecting_together_equals_merging() {
    let progs = [
        (
            "add v1, v2, v3\nfadd.f32 v4, v1, v2\n",
            r#"{"v": {"v2": "0x7f800001"}}"#,
        ),
        (
            "bz u1, a\nlaneid v0\na: saveexec.and u2, u3\n",
            r#"{"warps": [{}, {"u": {"u1": 1}}]}"#,
        ),
        ("cov.get v1\n", "{}"),
    ];
    let mut together = Counts::default();
    let mut parts = Vec::new();
    for (src, st) in progs {
        let code = warpkit_asm::assemble(src, &Default::default())
            .unwrap()
            .code;
        together.run(&code, parse_state(st).unwrap(), 100);
        let mut one = Counts::default();
        one.run(&code, parse_state(st).unwrap(), 100);
        parts.push(Db::from_counts(&one));
    }
    let refs: Vec<&Db> = parts.iter().collect();
    assert_eq!(merged(&refs), Db::from_counts(&together));
    assert_eq!(Db::from_counts(&together).programs, 3);
}

#[test]
fn bad_databases_are_refused_with_a_reason() {
    for (text, want) in [
        ("", "not a coverage database"),
        ("[]", "not a coverage database"),
        (
            r#"{"format": "other", "version": 1, "programs": 0, "instructions": 0, "bins": {}}"#,
            "format is `other`",
        ),
        (
            r#"{"format": "warpkit-cover", "version": 9, "programs": 0, "instructions": 0, "bins": {}}"#,
            "version 9",
        ),
        (
            r#"{"format": "warpkit-cover", "version": 1, "programs": 0, "instructions": 0, "bins": {"a": -1}}"#,
            "not a coverage database",
        ),
        (
            r#"{"format": "warpkit-cover", "version": 1, "programs": 0, "instructions": 0, "bins": {"a": 0}}"#,
            "count 0",
        ),
        (
            r#"{"format": "warpkit-cover", "version": 1, "programs": 0, "instructions": 0, "bins": {}, "x": 1}"#,
            "unknown field",
        ),
    ] {
        let e = Db::parse(text, "f.json").unwrap_err();
        assert!(e.contains(want) && e.starts_with("f.json"), "{text}: {e}");
    }
}
