//! The graph reader on small crates written for the test: use trees, `super::`, paths in
//! code and macros, re-exports, unit-test modules, circles and layer tables.

use std::path::PathBuf;
use warpkit_modgraph::{layer_table, read_crate};

/// A crate in a fresh directory: `(path under src/, text)`.
fn krate(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("modgraph-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

fn uses(g: &warpkit_modgraph::Graph, m: &str) -> Vec<String> {
    g.edges[m].keys().cloned().collect()
}

#[test]
fn every_kind_of_reference_is_an_edge() {
    let dir = krate(
        "refs",
        &[
            (
                "lib.rs",
                "mod a; mod b; mod c; mod d; pub mod e; pub use a::A; pub use d::D;",
            ),
            (
                "a.rs",
                "use crate::{b::{self, B}, c::C as Cee};\npub struct A;",
            ),
            ("b.rs", "pub struct B; fn f() { crate::A; }"),
            (
                "c.rs",
                "pub struct C; macro_rules! m { () => { $crate::d::x() } }",
            ),
            (
                "d.rs",
                "pub struct D; pub fn x() {}\n#[cfg(test)]\nmod tests { use crate::a::A; }",
            ),
            ("e/mod.rs", "mod f; pub use f::F; fn g() { f::go(); }"),
            (
                "e/f.rs",
                "use super::super::d::D; pub struct F; pub fn go() {}",
            ),
        ],
    );
    let g = read_crate(&dir).unwrap();
    assert_eq!(uses(&g, "a"), ["b", "c"]);
    // `crate::A` is re-exported by the root: the edge goes to where A is defined.
    assert_eq!(uses(&g, "b"), ["a"]);
    assert_eq!(uses(&g, "c"), ["d"]);
    // The unit-test module is left out.
    assert!(uses(&g, "d").is_empty());
    assert_eq!(uses(&g, "e"), ["e::f"]);
    // Re-exports alone are not uses.
    assert!(uses(&g, "crate").is_empty());
    let circles = g.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(
        circles[0].contains("a -> b") && circles[0].contains("b -> a  (crate::A)"),
        "{}",
        circles[0]
    );
}

#[test]
fn a_layer_table_is_checked_in_order() {
    let dir = krate(
        "layers",
        &[
            ("lib.rs", "mod low; mod high;"),
            ("low.rs", "use crate::high::H; pub struct L;"),
            ("high.rs", "pub struct H; fn f(_: crate::low::L) {}"),
        ],
    );
    let g = read_crate(&dir).unwrap();
    let doc = "# x\n## Layers\n| module | job |\n|---|---|\n| `low.rs` | a |\n| `high.rs` | b |\n| `gone.rs` | c |\n## Next\n| `late.rs` | d |\n";
    let table = layer_table(doc, "## Layers").unwrap();
    assert_eq!(table, ["low", "high", "gone"]);
    let p = g.layer_problems(&table);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p.iter().any(|l| l.starts_with("low uses high")), "{p:?}");
    assert!(
        p.iter().any(|l| l.contains("gone, which does not exist")),
        "{p:?}"
    );
}
