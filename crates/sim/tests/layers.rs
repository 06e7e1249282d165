//! The module layering `docs/simulator.md` states ("each module uses only the modules
//! above it in this table") is true: every `crate::MODULE` path in `src/*.rs` (outside the
//! unit-test module at the end of a file) names a module listed earlier in the table, and
//! the table lists every module exactly once.

use std::collections::HashMap;
use std::path::Path;

/// The modules of the layer table of docs/simulator.md, in order.
fn layer_table() -> Vec<String> {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/simulator.md"),
    )
    .expect("docs/simulator.md");
    let start = doc.find("## Layers").expect("a Layers section");
    let section = &doc[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    section[..end]
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once(".rs`"))
        .map(|(m, _)| m.to_string())
        .collect()
}

/// The `crate::MODULE` paths of one source file, outside comments and `#[cfg(test)]`.
fn uses(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = t.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + 7..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn modules_use_only_the_layers_above_them() {
    let table = layer_table();
    let rank: HashMap<&str, usize> = table
        .iter()
        .enumerate()
        .map(|(i, m)| (m.as_str(), i))
        .collect();
    assert_eq!(
        rank.len(),
        table.len(),
        "a module is listed twice: {table:?}"
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut problems = Vec::new();
    for f in &files {
        let m = f.file_stem().unwrap().to_str().unwrap();
        if m == "lib" {
            continue;
        }
        let Some(&r) = rank.get(m) else {
            problems.push(format!(
                "{m}.rs is not in the layer table of docs/simulator.md"
            ));
            continue;
        };
        for u in uses(&std::fs::read_to_string(f).unwrap()) {
            match rank.get(u.as_str()) {
                Some(&ru) if ru < r => {}
                Some(_) => problems.push(format!("{m}.rs uses {u}, which is not above it")),
                None => problems.push(format!(
                    "{m}.rs uses crate::{u}: name the module (one of the layer table)"
                )),
            }
        }
    }
    for m in &table {
        if !dir.join(format!("{m}.rs")).exists() {
            problems.push(format!(
                "the layer table lists {m}.rs, which does not exist"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_a_use_of_a_later_module() {
    assert_eq!(
        uses("use crate::commit::Log;\n// crate::sim\nfn f() { crate::shapes::x() } // crate::y\n#[cfg(test)]\nuse crate::run;"),
        ["commit", "shapes"]
    );
}
