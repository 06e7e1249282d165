//! `warpkit spec` queries, `warpkit isa check|map|free|diff` and `warpkit docs --html` as a
//! user runs them: output, diagnostics at file:line:column, exit codes, written files.
//! Expected lists come from the database text (parsed here row by row), not from the
//! generated tables the commands read.

mod common;
use common::*;
use std::path::Path;

const SOURCE: &str = include_str!("../../isa/instructions.isa");

/// (mnemonic, format, opcode, funct, flags, group unit) of every row of the text.
fn rows() -> Vec<(String, String, u32, u32, Vec<String>, String)> {
    let mut unit = String::new();
    let mut out = Vec::new();
    for l in SOURCE.lines() {
        if let Some(g) = l.strip_prefix("@group ") {
            unit = g
                .split(' ')
                .nth(2)
                .unwrap()
                .trim_start_matches("unit=")
                .to_string();
            continue;
        }
        if l.starts_with('#') || l.starts_with('@') || l.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = l.splitn(10, '|').map(str::trim).collect();
        let funct = c[3]
            .split_once("=0x")
            .map_or(0, |(_, v)| u32::from_str_radix(v, 16).unwrap());
        out.push((
            c[0].to_string(),
            c[1].to_string(),
            u32::from_str_radix(c[2].trim_start_matches("0x"), 16).unwrap(),
            funct,
            c[6].split_whitespace()
                .filter(|f| *f != "-")
                .map(String::from)
                .collect(),
            unit.clone(),
        ));
    }
    out
}

/// The mnemonics of a list answer (first column after the header line).
fn listed(text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn spec_of_a_variant_names_its_family() {
    let d = tempfile::tempdir().unwrap();
    let o = run(&["spec", "add"], d.path());
    assert_eq!(o.code, 0);
    let fam = o
        .text()
        .lines()
        .find_map(|l| l.strip_prefix("  family:    ").map(String::from))
        .expect("a family line");
    let want: Vec<String> = sorted(
        rows()
            .into_iter()
            .map(|r| r.0)
            .filter(|m| m.starts_with("add."))
            .collect(),
    );
    assert_eq!(fam.split(' ').map(String::from).collect::<Vec<_>>(), want);
    for m in ["add.vu", "add.vi", "add.vl"] {
        assert!(fam.split(' ').any(|x| x == m), "{fam}");
    }
}

#[test]
fn spec_by_opcode_lists_its_variants_by_function_code() {
    let d = tempfile::tempdir().unwrap();
    let o = run(&["spec", "0x14"], d.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let mut want: Vec<(u32, String)> = rows()
        .into_iter()
        .filter(|r| r.2 == 0x14)
        .map(|r| (r.3, r.0))
        .collect();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(
        listed(&o.text()),
        want.into_iter().map(|w| w.1).collect::<Vec<_>>()
    );
    assert!(o.text().starts_with(&format!(
        "{} variants have opcode 0x14",
        listed(&o.text()).len()
    )));
    run(&["spec", "0x80"], d.path()).fails(1, "no opcode");
    let free = run(&["spec", "0x7e"], d.path());
    assert_eq!(free.code, 0);
    assert_eq!(free.text(), "no variant has opcode 0x7e\n");
}

#[test]
fn spec_by_format_unit_and_flag() {
    let d = tempfile::tempdir().unwrap();
    let rows = rows();
    let by = |args: &[&str]| {
        let o = run(args, d.path());
        assert_eq!(o.code, 0, "{args:?}: {}", o.stderr);
        listed(&o.text())
    };
    // --format R is the format, not the prefix `r` (no R1, RU, ... rows, no `rol`).
    let want_r = sorted(
        rows.iter()
            .filter(|r| r.1 == "R")
            .map(|r| r.0.clone())
            .collect(),
    );
    assert_eq!(by(&["spec", "--format", "R"]), want_r);
    assert!(want_r
        .iter()
        .all(|m| !m.starts_with("r") || rows.iter().any(|r| &r.0 == m && r.1 == "R")));
    let want_fp = sorted(
        rows.iter()
            .filter(|r| r.5 == "valu-fp")
            .map(|r| r.0.clone())
            .collect(),
    );
    assert_eq!(by(&["spec", "--unit", "valu-fp"]), want_fp);
    let want_rmo = sorted(
        rows.iter()
            .filter(|r| r.4.iter().any(|f| f == "rmo"))
            .map(|r| r.0.clone())
            .collect(),
    );
    assert!(!want_rmo.is_empty());
    assert_eq!(by(&["spec", "--flag", "rmo"]), want_rmo);
    // Together: the intersection.
    let both = sorted(
        rows.iter()
            .filter(|r| r.1 == "X" && r.4.iter().any(|f| f == "rmo"))
            .map(|r| r.0.clone())
            .collect(),
    );
    assert_eq!(by(&["spec", "--format", "x", "--flag", "rmo"]), both);
    run(&["spec", "--format", "Q"], d.path()).fails(1, "unknown format `Q`");
    run(&["spec", "--flag", "nope"], d.path()).fails(1, "unknown flag `nope`");
    run(&["spec", "--unit", "nope"], d.path()).fails(1, "no unit or group `nope`");
}

/// MATCH_/MASK_ of the committed C header (`warpkit export --c`).
fn header_value(name: &str) -> u64 {
    let h = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../capi/include/warpkit_encoding.h"),
    )
    .unwrap();
    let l = h
        .lines()
        .find(|l| l.starts_with(&format!("#define {name} ")))
        .unwrap();
    let hex = l.split("(0x").nth(1).unwrap().trim_end_matches(')');
    u64::from_str_radix(hex, 16).unwrap()
}

#[test]
fn spec_json_carries_the_bit_layout_and_match_mask() {
    let d = tempfile::tempdir().unwrap();
    let o = run(&["spec", "--json", "--flag", "rmo"], d.path());
    assert_eq!(o.code, 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for e in v.as_array().unwrap() {
        let m = e["mnemonic"].as_str().unwrap();
        let id = m.to_uppercase().replace('.', "_");
        let hexv = |k: &str| {
            u64::from_str_radix(e[k].as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
        };
        assert_eq!(hexv("match"), header_value(&format!("MATCH_{id}")), "{m}");
        assert_eq!(hexv("mask"), header_value(&format!("MASK_{id}")), "{m}");
        // The layout covers every bit once, high field first, and its fixed values are
        // the match bits.
        let mut covered = 0u64;
        let mut prev_lo = 64;
        let mut fixed = 0u64;
        for f in e["layout"].as_array().unwrap() {
            let (hi, lo) = (f["hi"].as_u64().unwrap(), f["lo"].as_u64().unwrap());
            assert!(hi < prev_lo);
            prev_lo = lo;
            let bits = if hi - lo == 63 {
                u64::MAX
            } else {
                ((1u64 << (hi - lo + 1)) - 1) << lo
            };
            assert_eq!(covered & bits, 0);
            covered |= bits;
            if let Some(val) = f["value"].as_u64() {
                fixed |= val << lo;
            }
        }
        let size = e["size"].as_u64().unwrap();
        assert_eq!(
            covered,
            if size == 8 { u64::MAX } else { 0xffff_ffff },
            "{m}"
        );
        assert_eq!(fixed, hexv("match"), "{m}");
    }
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    name.to_string()
}

#[test]
fn isa_check_is_clean_on_the_database_and_reports_proposals_at_file_line_col() {
    let d = tempfile::tempdir().unwrap();
    let o = run(&["isa", "check"], d.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.text().contains("no problems"));
    let good = write(d.path(), "db.isa", SOURCE);
    let o = run(&["isa", "check", &good], d.path());
    assert_eq!(o.code, 0, "{}", o.stderr);

    let extra = "@group proposed chapter=6.1 unit=valu-int proposed\n\
                 dupadd | R | 0x02 | f4=0x0 | fixed:4 | rd:v rs1:v rs2:v | - | rs1 rs2 exec | rd | d = s1 + s2\n";
    let bad = write(d.path(), "bad.isa", &format!("{SOURCE}{extra}"));
    let line = SOURCE.lines().count() + 2;
    let add_line = 1 + SOURCE.lines().position(|l| l.starts_with("add ")).unwrap();
    let o = run(&["isa", "check", &bad], d.path());
    // The function-code cell of the new row: `dupadd | R | 0x02 | ` is 20 characters.
    o.fails(1, &format!("bad.isa:{line}:21"));
    assert!(
        o.stderr
            .contains("class overlap-identical; example word 0x2"),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr
            .contains(&format!("also used by add (line {add_line})")),
        "{}",
        o.stderr
    );
    assert!(o.stderr.contains("1 error in bad.isa"), "{}", o.stderr);

    // A syntax error stops before the checks, at its place.
    let broken = write(d.path(), "broken.isa", &format!("{SOURCE}@group g chapter=7 unit=x t\nx | R | zz | f4=0x0 | fixed:4 | - | - | - | - | x\n"));
    run(&["isa", "check", &broken], d.path()).fails(1, "`zz` is not a 0x hex number");
    run(&["isa", "check", "missing.isa"], d.path()).fails(1, "no such file");
}

#[test]
fn isa_map_and_free_print_text_json_and_pictures() {
    let d = tempfile::tempdir().unwrap();
    let o = run(
        &["isa", "map", "--svg", "m.svg", "--html", "m.html"],
        d.path(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let svg = std::fs::read_to_string(d.path().join("m.svg")).unwrap();
    assert!(svg.starts_with("<svg"));
    let html = std::fs::read_to_string(d.path().join("m.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("free opcodes:"));
    let o = run(&["isa", "map", "--json"], d.path());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["opcodes"].as_array().unwrap().len(), 128);
    let text = run(&["isa", "map"], d.path()).text();
    assert!(text.contains("per format") && text.contains("free opcodes:"));
    // Free slots of R: smallest first.
    let o = run(&["isa", "free", "--format", "R", "--json"], d.path());
    assert_eq!(o.code, 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    let keys: Vec<(u64, u64)> = runs
        .iter()
        .map(|r| (r["opcode"].as_u64().unwrap(), r["first"].as_u64().unwrap()))
        .collect();
    let mut s = keys.clone();
    s.sort();
    assert_eq!(keys, s);
    run(&["isa", "free", "--format", "Q"], d.path()).fails(1, "no format Q");
}

#[test]
fn isa_diff_exits_1_when_old_words_decode_differently() {
    let d = tempfile::tempdir().unwrap();
    let old = write(d.path(), "old.isa", SOURCE);
    let lat = SOURCE.replacen(
        "| R   | 0x04 | f4=0x5    | fixed:4",
        "| R   | 0x04 | f4=0x5    | fixed:6",
        1,
    );
    assert_ne!(lat, SOURCE);
    let lat = write(d.path(), "lat.isa", &lat);
    let o = run(&["isa", "diff", &old, &lat], d.path());
    assert_eq!(o.code, 0, "{}", o.text());
    assert!(
        o.text().contains("latency: fixed:4 -> fixed:6"),
        "{}",
        o.text()
    );
    let moved = SOURCE.replacen("| R   | 0x04 | f4=0x5 ", "| R   | 0x7c | f4=0x5 ", 1);
    let moved = write(d.path(), "moved.isa", &moved);
    let o = run(&["isa", "diff", &old, &moved], d.path());
    assert_eq!(o.code, 1, "{}", o.text());
    assert!(o.text().contains("INCOMPATIBLE"), "{}", o.text());
    let o = run(&["isa", "diff", &old, &moved, "--json"], d.path());
    assert_eq!(o.code, 1);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["compatible"], false);
    assert_eq!(v["incompatible"].as_array().unwrap().len(), 1);
}
