//! One meaning per type name across the workspace: no struct, enum, union, trait or type
//! alias name is defined in the `src/` of more than one crate, except the few in
//! [`SAME_CONCEPT`], where both crates describe the same thing. Associated types (`type
//! Item = ...` inside an `impl` or `trait`) are not definitions of a name and are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Names two crates define for one concept (and why they are not yet one type).
const SAME_CONCEPT: &[(&str, &str)] = &[(
    "FloatFormat",
    "an IEEE 754 binary interchange format: asm reads literals in it, fp rounds to it",
)];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The type names one line defines, if it starts a definition.
fn defined_name(line: &str) -> Option<String> {
    let t = line.trim_start();
    let indented = t.len() != line.len();
    let mut rest = t;
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    for kw in ["struct ", "enum ", "union ", "trait ", "type "] {
        if let Some(r) = rest.strip_prefix(kw) {
            // An indented `type` is an associated type of an impl or trait.
            if kw == "type " && indented {
                return None;
            }
            let name: String = r
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            return name
                .starts_with(|c: char| c.is_ascii_uppercase())
                .then_some(name);
        }
    }
    None
}

#[test]
fn no_type_name_means_two_things() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // name -> crate -> places
    let mut defs: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut names: Vec<_> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    names.sort();
    assert!(names.len() > 10, "found the crates under {crates:?}");
    for krate in &names {
        let mut files = Vec::new();
        rust_files(&krate.join("src"), &mut files);
        let cname = krate.file_name().unwrap().to_string_lossy().into_owned();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (i, line) in text.lines().enumerate() {
                if let Some(n) = defined_name(line) {
                    let rel = f.strip_prefix(&crates).unwrap().display().to_string();
                    defs.entry(n)
                        .or_default()
                        .entry(cname.clone())
                        .or_default()
                        .push(format!("crates/{rel}:{}", i + 1));
                }
            }
        }
    }
    let allowed: BTreeSet<&str> = SAME_CONCEPT.iter().map(|(n, _)| *n).collect();
    let mut clashes = Vec::new();
    let mut seen_allowed = BTreeSet::new();
    for (name, by_crate) in &defs {
        if by_crate.len() < 2 {
            continue;
        }
        if allowed.contains(name.as_str()) {
            seen_allowed.insert(name.as_str());
            continue;
        }
        let places: Vec<String> = by_crate.values().flatten().cloned().collect();
        clashes.push(format!("{name}: {}", places.join(", ")));
    }
    assert!(
        clashes.is_empty(),
        "type names defined in more than one crate (rename one so each says what it is):\n{}",
        clashes.join("\n")
    );
    // An allowlist entry that no longer matches anything must go.
    let stale: Vec<_> = allowed.difference(&seen_allowed).collect();
    assert!(
        stale.is_empty(),
        "SAME_CONCEPT lists names no longer shared: {stale:?}"
    );
}

#[test]
fn definitions_are_recognised() {
    assert_eq!(defined_name("pub struct Foo {"), Some("Foo".into()));
    assert_eq!(
        defined_name("pub(crate) enum Bar<'a> {"),
        Some("Bar".into())
    );
    assert_eq!(defined_name("type Baz = u32;"), Some("Baz".into()));
    assert_eq!(defined_name("    struct Local;"), Some("Local".into()));
    assert_eq!(defined_name("    type Item = u8;"), None);
    assert_eq!(defined_name("pub trait Qux: Sized {"), Some("Qux".into()));
    assert_eq!(defined_name("let struct_ = 1;"), None);
}
