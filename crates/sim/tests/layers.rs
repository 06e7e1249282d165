//! The module layering `docs/simulator.md` states ("each module uses only the modules
//! above it in this table") is true of the module graph `warpkit_modgraph` reads from
//! `src/` (every `crate::`, `super::` and re-exported path), and the table lists every
//! module exactly once.

use std::path::Path;

#[test]
fn modules_use_only_the_layers_above_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc =
        std::fs::read_to_string(dir.join("../../docs/simulator.md")).expect("docs/simulator.md");
    let table = warpkit_modgraph::layer_table(&doc, "## Layers").expect("a Layers table");
    let graph = warpkit_modgraph::read_crate(&dir.join("src")).expect("crates/sim/src");
    let problems = graph.layer_problems(&table);
    assert!(
        problems.is_empty(),
        "docs/simulator.md, Layers:\n{}",
        problems.join("\n")
    );
}
