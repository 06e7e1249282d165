//! `cover export --ucis`: the UCIS XML written, read back by an independent reader (PyPI
//! `pyucis`, through tools/ucis/readback.py, after validation against its UCIS schema),
//! equals `cover report --json`: every bin's hit count, the excluded bins (unreachable by
//! construction and waived), and so the counted totals.
//!
//! The reader's Python: $WARPKIT_PYUCIS_PYTHON, else target/ci-venv/bin/python (`.ci/run`'s
//! venv), else target/ucis-venv/bin/python, else python3, the first that imports `ucis`. `.ci/run` installs pyucis and sets
//! WARPKIT_REQUIRE_PYUCIS=1, which makes a missing reader a failure; elsewhere the test
//! says it is skipped.

mod common;
use common::run;
use std::path::{Path, PathBuf};
use std::process::Command;

fn pyucis_python() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Ok(p) = std::env::var("WARPKIT_PYUCIS_PYTHON") {
        candidates.push(p.into());
    }
    candidates.push(root.join("target/ci-venv/bin/python"));
    candidates.push(root.join("target/ucis-venv/bin/python"));
    candidates.push("python3".into());
    candidates.into_iter().find(|py| {
        Command::new(py)
            .args(["-c", "import ucis.xml.xml_factory"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[test]
fn ucis_export_read_back_by_pyucis_equals_the_report() {
    let Some(py) = pyucis_python() else {
        assert!(
            std::env::var_os("WARPKIT_REQUIRE_PYUCIS").is_none(),
            "pyucis is required (WARPKIT_REQUIRE_PYUCIS) but no Python imports it"
        );
        eprintln!(
            "pyucis is not installed: the UCIS read-back test is skipped (.ci/run installs it)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        let r = run(args, d);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r
    };
    ok(&["gen", "--seed", "5", "--count", "20", "-o", "g"]);
    ok(&["cover", "g", "-o", "c.json"]);
    std::fs::write(
        d.join("w.txt"),
        "fault/* @lead # faults are tested apart\nvalue/jr/* # jump targets\n",
    )
    .unwrap();
    let report = ok(&["cover", "report", "c.json", "--json", "--waivers", "w.txt"]);
    let report: serde_json::Value = serde_json::from_str(&report.text()).unwrap();
    ok(&[
        "cover",
        "export",
        "c.json",
        "--ucis",
        "c.xml",
        "--waivers",
        "w.txt",
    ]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(&py)
        .arg(root.join("tools/ucis/readback.py"))
        .arg(d.join("c.xml"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Every bin and its count.
    assert_eq!(back["bins"], report["bins"]);
    // Exclusions: the bins unreachable by construction and the waived ones.
    let mut excluded: Vec<&String> = report["excluded"].as_object().unwrap().keys().collect();
    excluded.extend(report["waived"].as_object().unwrap().keys());
    excluded.sort();
    let read: Vec<&String> = back["excluded"].as_object().unwrap().keys().collect();
    assert_eq!(read, excluded);
    assert!(report["waived"].as_object().unwrap().len() > 6);
    // The counted totals follow: bins not excluded, and those hit.
    let bins = back["bins"].as_object().unwrap();
    let counted: Vec<u64> = bins
        .iter()
        .filter(|(k, _)| !back["excluded"].as_object().unwrap().contains_key(*k))
        .map(|(_, v)| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        counted.len() as u64,
        report["counted"]["bins"].as_u64().unwrap()
    );
    assert_eq!(
        counted.iter().filter(|&&n| n > 0).count() as u64,
        report["counted"]["hit"].as_u64().unwrap()
    );
    // Bad input: a clear error.
    run(&["cover", "export", "g/0000.s", "--ucis", "x.xml"], d).fails(1, "not a coverage database");
    run(&["cover", "export", "c.json"], d).fails(2, "--ucis");
}
