//! `warpkit cover`: the farm recipe of docs/coverage.md works as written from an empty
//! directory; collection inputs (files, directories, lists, sibling state files); merge;
//! report (text, holes, HTML, --fail-under); bad input gets a clear error.

mod common;
use common::{no_temporaries, run};
use std::path::Path;
use std::process::Command;

fn read_db(p: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

#[test]
fn farm_recipe_works_as_written() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/coverage.md"
    ))
    .unwrap();
    let start = doc
        .find("<!-- farm-recipe -->\n```sh\n")
        .expect("recipe marker");
    let body = &doc[start..];
    let body = &body[body.find("```sh\n").unwrap() + 6..];
    let script = &body[..body.find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_warpkit")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-e", "-c", script])
        .current_dir(dir.path())
        .env("PATH", path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all = read_db(&dir.path().join("all.json"));
    assert_eq!(all["programs"], 400);
    assert!(text.starts_with("coverage: "), "{text}");
    let html = std::fs::read_to_string(dir.path().join("report/index.html")).unwrap();
    assert!(html.contains("<td>fadd.f32</td>"), "per-variant table");
    // One database per job, and the merge of the eight equals one collection over all.
    let one = run(&["cover", "work", "-o", "one.json"], dir.path());
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(
        read_db(&dir.path().join("one.json")),
        all,
        "merged per-job databases differ from one collection"
    );
}

#[test]
fn inputs_lists_and_sibling_states() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.s"), "add v1, v2, v3\n").unwrap();
    std::fs::write(d.join("a.state.json"), r#"{"exec": "0x1"}"#).unwrap();
    std::fs::write(d.join("b.s"), "laneid v0\n").unwrap();
    std::fs::write(d.join("list.txt"), "# programs\na.s\nb.s\n").unwrap();
    let out = run(&["cover", "@list.txt", "-o", "c.json"], d);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let db = read_db(&d.join("c.json"));
    assert_eq!(db["programs"], 2);
    // a.s ran with a.state.json (one lane), b.s with the default warp (all lanes).
    assert_eq!(db["bins"]["exec/add/one"], 1);
    assert_eq!(db["bins"]["exec/laneid/full"], 1);
    // --state overrides the sibling file.
    std::fs::write(d.join("s.json"), r#"{"exec": "0x0"}"#).unwrap();
    let out = run(&["cover", "a.s", "--state", "s.json"], d);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.text().contains("\"exec/add/empty\": 1"),
        "{}",
        out.text()
    );
}

#[test]
fn report_gate_holes_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.s"), "add v1, v2, v3\n").unwrap();
    assert_eq!(run(&["cover", "a.s", "-o", "a.json"], d).code, 0);
    let r = run(
        &["cover", "report", "a.json", "--holes", "--fail-under", "1"],
        d,
    );
    r.fails(3, "below --fail-under 1");
    assert!(r.text().contains("holes ("), "{}", r.text());
    assert!(
        r.text().contains("  variant/sub/executed\n"),
        "{}",
        r.text()
    );
    let r = run(
        &[
            "cover",
            "report",
            "a.json",
            "--fail-under",
            "0.001",
            "--html",
            "h",
        ],
        d,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(d.join("h/index.html").is_file());
    run(&["cover", "report", "a.json", "--fail-under", "101"], d)
        .fails(1, "--fail-under must be 0..=100");
    run(&["cover", "report", "a.json", "--html", "a.s"], d).fails(1, "not a directory");
    no_temporaries(d);
}

#[test]
fn bad_input_gets_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("bad.s"), "add v1, v2\n").unwrap();
    std::fs::write(d.join("ok.s"), "add v1, v2, v3\n").unwrap();
    std::fs::write(d.join("bad.json"), "{\"format\": \"warpkit-cover\"}").unwrap();
    std::fs::write(d.join("state.json"), "{\"exec\": -1}").unwrap();
    std::fs::create_dir(d.join("empty")).unwrap();
    run(&["cover", "bad.s"], d).fails(1, "bad.s: does not assemble");
    run(&["cover", "missing.s"], d).fails(1, "no such file");
    run(&["cover", "ok.s", "--state", "state.json"], d).fails(1, "state.json");
    run(&["cover", "empty"], d).fails(1, "no assembly (.s) files");
    run(&["cover", "merge", "bad.json", "-o", "m.json"], d)
        .fails(1, "bad.json: not a coverage database");
    run(&["cover", "report", "ok.s"], d).fails(1, "ok.s: not a coverage database");
    // An output never replaces an input.
    run(&["cover", "ok.s", "-o", "ok.s"], d).fails(1, "ok.s");
    assert_eq!(
        std::fs::read_to_string(d.join("ok.s")).unwrap(),
        "add v1, v2, v3\n"
    );
    no_temporaries(d);
}

#[test]
fn report_waivers_exclusions_and_the_gate_on_counted_bins() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.s"), "add v1, v2, v3\n").unwrap();
    assert_eq!(run(&["cover", "a.s", "-o", "a.json"], d).code, 0);
    // Every bin waived but those hit: the counted total is what was hit, 100%.
    std::fs::write(
        d.join("w.txt"),
        "# sign-off\n* @lead # only add is under test here\nnot/a/bin # gone\n",
    )
    .unwrap();
    let r = run(
        &[
            "cover",
            "report",
            "a.json",
            "--waivers",
            "w.txt",
            "--fail-under",
            "100",
        ],
        d,
    );
    assert_eq!(r.code, 0, "{}{}", r.text(), r.stderr);
    assert!(r.text().contains("(100.00%)"), "{}", r.text());
    assert!(
        r.text()
            .contains("(owner lead): only add is under test here"),
        "{}",
        r.text()
    );
    // `*` also matches the bins that were hit: stale; `not/a/bin` matches nothing: stale.
    assert!(
        r.text().contains("stale: line 2: *: waives `"),
        "{}",
        r.text()
    );
    assert!(
        r.text()
            .contains("stale: line 3: not/a/bin: matches no bin"),
        "{}",
        r.text()
    );
    let r = run(&["cover", "report", "a.json", "--excluded"], d);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.text().contains("rule boolean-result ("), "{}", r.text());
    assert!(
        r.text().contains("    result/slt/minus_one\n"),
        "{}",
        r.text()
    );
    std::fs::write(d.join("bad.txt"), "variant/add/executed\n").unwrap();
    run(&["cover", "report", "a.json", "--waivers", "bad.txt"], d)
        .fails(1, "bad.txt:1: a waiver needs its reason after `#`");
    run(&["cover", "report", "a.json", "--waivers", "none.txt"], d).fails(1, "none.txt");
}
