//! No crate of the workspace has a module import circle: for every `crates/*/src`, the
//! module graph that `warpkit_modgraph` reads has no group of modules that use each other.

use std::path::Path;

#[test]
fn no_crate_has_an_import_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs: Vec<_> = std::fs::read_dir(&crates)
        .expect("crates/")
        .map(|e| e.expect("entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 10, "found only {dirs:?}");
    let mut problems = Vec::new();
    for src in &dirs {
        let name = src.parent().and_then(|p| p.file_name()).unwrap_or_default();
        let g = warpkit_modgraph::read_crate(src).unwrap_or_else(|e| panic!("{e}"));
        for c in g.circles() {
            problems.push(format!("crates/{}: {c}", name.to_string_lossy()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
