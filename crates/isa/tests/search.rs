//! Name search for people: families, prefixes, case, and component-wise suggestions.

use warpkit_isa::search::{did_you_mean, family, find, or_list, suggestions, Found};
use warpkit_isa::{lookup, INSNS};

fn names(found: Found) -> Vec<&'static str> {
    match found {
        Found::Exact(id) => vec![id.desc().mnemonic],
        Found::Many(ids) => ids.iter().map(|id| id.desc().mnemonic).collect(),
        Found::Nothing(_) => Vec::new(),
    }
}

#[test]
fn every_mnemonic_is_found_exactly_in_any_case() {
    for d in INSNS.iter() {
        assert_eq!(find(d.mnemonic), Found::Exact(d.id));
        assert_eq!(find(&d.mnemonic.to_ascii_uppercase()), Found::Exact(d.id));
        assert_eq!(find(&format!("  {}  ", d.mnemonic)), Found::Exact(d.id));
    }
}

#[test]
fn families_are_whole_components_and_sorted() {
    let want: Vec<&str> = {
        let mut v: Vec<&str> = INSNS
            .iter()
            .map(|d| d.mnemonic)
            .filter(|m| m.starts_with("saveexec."))
            .collect();
        v.sort();
        v
    };
    assert!(want.len() > 1);
    assert_eq!(names(find("saveexec")), want);
    assert_eq!(names(find("SaveExec")), want);
    assert_eq!(names(find("saveexec.")), want);
    // `fadd` is its variants, not every mnemonic starting with the letters f-a-d-d.
    let fam = names(find("fadd"));
    assert!(fam.contains(&"fadd.f32") && fam.contains(&"fadd.f16"));
    assert!(fam.iter().all(|m| m.starts_with("fadd.")), "{fam:?}");
    assert_eq!(
        family("ffma")
            .iter()
            .map(|id| id.desc().mnemonic)
            .collect::<Vec<_>>(),
        ["ffma.f16", "ffma.f32"]
    );
    // A family member is itself exact.
    assert!(matches!(find("fadd.f32"), Found::Exact(_)));
}

#[test]
fn prefixes_and_inner_components_list_too() {
    let p = names(find("saveex"));
    assert!(!p.is_empty() && p.iter().all(|m| m.starts_with("saveex")));
    // A run of components from the middle: every `.vl` variant.
    let vl = names(find("vl"));
    let want = INSNS
        .iter()
        .filter(|d| d.mnemonic.split('.').any(|c| c == "vl"))
        .count();
    assert_eq!(vl.len(), want);
    assert!(want > 1);
}

#[test]
fn suggestions_compare_component_by_component() {
    let s = suggestions("ffmaa");
    assert_eq!(s, ["ffma.f16", "ffma.f32"]);
    assert!(suggestions("fadd.f23").contains(&"fadd.f32"));
    assert!(suggestions("FADD.F23").contains(&"fadd.f32"));
    assert!(suggestions("sadd").contains(&"add"));
    assert!(!suggestions("sadd").iter().any(|m| m.contains('.')));
    assert!(suggestions("zzzzzzzz").is_empty());
    assert_eq!(find("zzzzzzzz"), Found::Nothing(Vec::new()));
    assert!(matches!(find("ffmaa"), Found::Nothing(s) if s.len() == 2));
    // Every suggestion exists.
    for q in ["fadd.f23", "sadd", "ffmaa", "saveexc.and", "movi.x"] {
        for m in suggestions(q) {
            assert!(lookup(m).is_some(), "{m}");
        }
    }
}

#[test]
fn did_you_mean_prefers_a_small_family() {
    assert_eq!(did_you_mean("ffma"), ["ffma.f16", "ffma.f32"]);
    assert!(did_you_mean("fadd.f23").contains(&"fadd.f32"));
    assert_eq!(or_list(&["a"], 4), "`a`");
    assert_eq!(or_list(&["a", "b", "c"], 4), "`a`, `b` or `c`");
    assert_eq!(or_list(&["a", "b", "c"], 2), "`a` or `b` (1 more)");
}
