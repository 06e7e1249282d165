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

/// The shell block after `<!-- NAME -->` in docs/coverage.md.
fn doc_block(name: &str) -> String {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/coverage.md"
    ))
    .unwrap();
    let start = doc
        .find(&format!("<!-- {name} -->\n```sh\n"))
        .unwrap_or_else(|| panic!("marker {name}"));
    let body = &doc[start..];
    let body = &body[body.find("```sh\n").unwrap() + 6..];
    body[..body.find("```").unwrap()].to_string()
}

/// `sh -e -c script` in `dir` with warpkit on PATH and `env` set.
fn sh(script: &str, dir: &Path, env: &[(&str, &str)]) -> std::process::Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_warpkit")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .args(["-e", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[test]
fn farm_recipe_works_as_written() {
    let script = doc_block("farm-recipe");
    let dir = tempfile::tempdir().unwrap();
    let out = sh(&script, dir.path(), &[]);
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
    let merge = doc_block("farm-merge");
    // GNU parallel, where installed: the same database as the xargs form.
    if Command::new("parallel").arg("--version").output().is_ok() {
        let p = tempfile::tempdir().unwrap();
        let script = format!("mkdir -p work cov\n{}{merge}", doc_block("farm-parallel"));
        let out = sh(&script, p.path(), &[]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(read_db(&p.path().join("all.json")), all, "GNU parallel");
    } else {
        eprintln!("GNU parallel is not installed: its recipe is not run (.ci/run installs it)");
    }
    // The Slurm script as four array tasks, each with its own TMPDIR, then the merge.
    let s = tempfile::tempdir().unwrap();
    let slurm = doc_block("farm-slurm");
    for i in 0..4 {
        let tmp = s.path().join(format!("tmp{i}"));
        std::fs::create_dir(&tmp).unwrap();
        let (id, tmp) = (i.to_string(), tmp.display().to_string());
        let out = sh(
            &slurm,
            s.path(),
            &[("SLURM_ARRAY_TASK_ID", &id), ("TMPDIR", &tmp)],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = sh(&merge, s.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("holes ("));
    assert_eq!(read_db(&s.path().join("all.json"))["programs"], 400);
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

/// The headline's counted hit and total bins.
fn headline(text: &str) -> (usize, usize) {
    let words: Vec<&str> = text.split_whitespace().collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn toward_rounds_from_an_empty_directory_close_every_reachable_hole_or_name_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        let r = run(args, d);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r
    };
    ok(&["gen", "--seed", "1", "--count", "100", "-o", "g0"]);
    ok(&["cover", "g0", "-o", "all0.json"]);
    let mut totals = vec![headline(&ok(&["cover", "report", "all0.json"]).text())];
    // Rounds aimed at the holes; the last also places faults (the only way to the
    // illegal_insn bins).
    const ROUNDS: usize = 8;
    for r in 1..=ROUNDS {
        let (seed, prev) = ((100 + r).to_string(), format!("all{}.json", r - 1));
        let (g, c, all) = (
            format!("g{r}"),
            format!("c{r}.json"),
            format!("all{r}.json"),
        );
        let mut gen = vec!["gen", "--seed", &seed, "--count", "100", "--toward", &prev];
        if r == ROUNDS {
            gen.push("--faults");
        }
        gen.extend(["-o", &g]);
        ok(&gen);
        ok(&["cover", &g, "-o", &c]);
        ok(&["cover", "merge", &prev, &c, "-o", &all]);
        totals.push(headline(&ok(&["cover", "report", &all]).text()));
    }
    println!("{totals:?}");
    std::fs::write(
        d.join("waivers.txt"),
        "fault/fetch_fault/* @lead # fetch faults: crates/cover/tests/bins.rs makes them\n\
         variant/add/executed # hit, so stale\n\
         result/gone/* # a variant that no longer exists: stale\n",
    )
    .unwrap();
    let last = format!("all{ROUNDS}.json");
    let r = ok(&[
        "cover",
        "report",
        &last,
        "--closure",
        "--excluded",
        "--waivers",
        "waivers.txt",
    ]);
    let t = r.text();
    // No impossible bin counted: the model minus the excluded and waived bins is the
    // denominator, and no excluded bin was hit.
    let model = warpkit_cover::Model::get().len();
    let excluded = warpkit_cover::reach::Reach::get().excluded();
    let (hit, total) = headline(&t);
    assert_eq!(total + excluded + 3, model, "{t}");
    assert!(
        t.contains(&format!("unreachable by construction ({excluded})")),
        "{t}"
    );
    assert!(!t.contains("error: `"), "an excluded bin was hit:\n{t}");
    // Every round adds bins.
    for w in totals.windows(2) {
        assert!(w[1].0 > w[0].0, "a round added nothing: {totals:?}");
    }
    // Stale waivers, the hit one and the one matching nothing; the fetch faults waived.
    assert!(
        t.contains(
            "stale: line 2: variant/add/executed: waives `variant/add/executed`, which was hit"
        ),
        "{t}"
    );
    assert!(
        t.contains("stale: line 3: result/gone/*: matches no bin"),
        "{t}"
    );
    assert!(
        t.contains("line 1: fault/fetch_fault/* waives 3 (owner lead)"),
        "{t}"
    );
    // 100%, or every remaining hole under a reason other than "aimed, not reached yet".
    let closure = &t[t.find("closure: ").expect("closure report")..];
    assert!(closure.starts_with(&format!("closure: why the {} counted holes", total - hit)));
    assert!(
        !closure.contains("\n  aimed ("),
        "holes --toward aims at are left:\n{closure}"
    );
    let listed = closure.lines().filter(|l| l.starts_with("    ")).count();
    assert_eq!(listed, total - hit, "{closure}");
    assert!(!closure.contains("needs-faults"), "{closure}");
}

#[test]
fn html_report_prints_where_and_plots_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.s"), "add v1, v2, v3\n").unwrap();
    std::fs::write(d.join("b.s"), "fadd.f32 v1, v2, v3\nslt v4, v5, v6\n").unwrap();
    assert_eq!(run(&["cover", "a.s", "-o", "a.json"], d).code, 0);
    assert_eq!(run(&["cover", "b.s", "-o", "b.json"], d).code, 0);
    // A bin of another model version, named in both reports.
    let mut db: serde_json::Value = read_db(&d.join("b.json"));
    db["bins"]["variant/retired.op/executed"] = 1.into();
    std::fs::write(d.join("b.json"), db.to_string()).unwrap();
    let r = run(
        &[
            "cover", "report", "a.json", "b.json", "--rounds", "--html", "h",
        ],
        d,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = r.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "headline and where, not the text report: {}",
        r.text()
    );
    assert!(lines[0].starts_with("coverage: "));
    assert_eq!(
        lines[1],
        format!(
            "report written to {}",
            Path::new("h").join("index.html").display()
        )
    );
    let html = std::fs::read_to_string(d.join("h/index.html")).unwrap();
    assert!(html.contains("<h2>Coverage per group over rounds</h2>"));
    // One line per group with counted bins, two points each (after a.json, after both).
    let lines = html.matches("<polyline").count();
    assert!(lines >= 10, "{lines}");
    assert!(html.contains("<th>excluded</th><th>waived</th>"));
    assert!(html.contains("<td>boolean-result</td>"));
    assert!(html.contains("<li>variant/retired.op/executed</li>"));
    let t = run(&["cover", "report", "b.json"], d).text();
    assert!(t.contains("  variant/retired.op/executed\n"), "{t}");
}
