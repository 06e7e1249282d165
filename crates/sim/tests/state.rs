//! State files: parsing, output format, errors, and `run_state` with a trace.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use serde_json::Value;
use warpkit_sim::state::parse_state;
use warpkit_sim::{run_state, SimError};

fn prog() -> Vec<u8> {
    code(&[
        mk("add.vu", 1, 0, 5, 0, 0),
        mk("uaddi", 6, 5, 0, 0, -1),
        mk("exec.get", 7, 0, 0, 0, 0),
    ])
}

#[test]
fn round_trip_and_output_shape() {
    let lanes: Vec<String> = (0..32).map(|l| format!("0x{l:x}")).collect();
    let state = serde_json::json!({
        "code_base": "0x1000",
        "warps": [
            {"pc": 0, "exec": "0x0000ffff", "vgprs": 8, "mode": {"rm": "rtz", "rm16": 3},
             "fflags": "0x11", "u": {"u0": "0x00000001", "u5": 7}, "v": {"v0": lanes, "v1": "0x3f800000"}},
            {"u": {"u5": 4294967295u64}},
            {"pc": 8}
        ]
    });
    let out = run_state(&prog(), &state.to_string(), 100, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["code_base"], "0x0000000000001000");
    let w0 = &v["warps"][0];
    assert_eq!(w0["status"], "exited");
    assert_eq!(w0["steps"], 3);
    assert_eq!(w0["fault"], Value::Null);
    assert_eq!(w0["pc"], "0x0000000c");
    assert_eq!(w0["exec"], "0x0000ffff");
    assert_eq!(w0["vgprs"], 8);
    assert_eq!(w0["mode"], serde_json::json!({"rm": "rtz", "rm16": "rup"}));
    assert_eq!(w0["fflags"], "0x00000011");
    assert_eq!(w0["u"].as_object().unwrap().len(), 64);
    assert_eq!(w0["u"]["u6"], "0x00000006");
    assert_eq!(w0["u"]["u7"], "0x0000ffff");
    assert_eq!(w0["v"].as_object().unwrap().len(), 8);
    assert_eq!(w0["v"]["v1"][3], "0x0000000a");
    assert_eq!(w0["v"]["v1"][16], "0x3f800000");
    assert_eq!(w0["v"]["v1"].as_array().unwrap().len(), 32);
    let w1 = &v["warps"][1];
    assert_eq!(w1["u"]["u5"], "0xffffffff");
    assert_eq!(w1["u"]["u6"], "0xfffffffe");
    assert_eq!(w1["v"].as_object().unwrap().len(), 128);
    assert_eq!(w1["mode"], serde_json::json!({"rm": "rne", "rm16": "rne"}));
    assert_eq!(v["warps"][2]["steps"], 1);
    // Same result with a trace (sequential) and without (parallel).
    let mut buf = Vec::new();
    let asm = |i: &warpkit_encoding::Inst, pc: u32, s: &mut String| {
        s.push_str(&format!("{}@{pc}", i.desc().mnemonic))
    };
    let out2 = run_state(&prog(), &state.to_string(), 100, Some((&mut buf, &asm))).unwrap();
    assert_eq!(out, out2);
    let lines: Vec<Value> = String::from_utf8(buf)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3 + 3 + 1);
    assert_eq!(lines[0]["asm"], "add.vu@0");
    assert_eq!(lines[0]["writes"]["v1"].as_array().unwrap().len(), 32);
    assert_eq!(lines[6]["warp"], 2);
    assert_eq!(lines[6]["pc"], "0x00000008");
}

#[test]
fn single_warp_at_top_level_and_faults() {
    let bad = [0x7eu8, 0, 0, 0]; // unknown opcode
    let out = run_state(&bad, r#"{"pc": 0, "u": {"u1": 5}}"#, 10, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    let w = &v["warps"][0];
    assert_eq!(w["status"], "faulted");
    assert_eq!(w["steps"], 0);
    assert_eq!(
        w["fault"],
        serde_json::json!({"cause": 1, "name": "IllegalInsn", "pc": "0x00000000", "word": "0x0000007e"})
    );
    assert_eq!(w["u"]["u1"], "0x00000005");
    let out = run_state(&prog(), "{}", 10, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"].as_array().unwrap().len(), 1);
    let out = run_state(&prog(), r#"{"pc": 6}"#, 10, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["fault"]["name"], "FetchFault");
    assert_eq!(v["warps"][0]["fault"]["cause"], 2);
    let jmp = code(&[mk("jmp", 0, 0, 0, 0, 0)]);
    let out = run_state(&jmp, r#"{"warps": [{}]}"#, 50, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["status"], "step_limit");
    assert_eq!(v["warps"][0]["steps"], 50);
    // 64-bit fault word: a 64-bit instruction with a reserved bit set
    let mut i = ins("sel");
    i.rd = 1;
    let word = warpkit_encoding::encode_word(&i) | 1 << 62;
    let out = run_state(&word.to_le_bytes(), "{}", 10, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["fault"]["word"], format!("0x{word:016x}"));
}

fn state_err(json: &str) -> String {
    match run_state(&prog(), json, 10, None) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted {json}"),
    }
}

/// Each state file of `cases` is refused with an error containing its text.
fn check_errors(cases: &[(&str, &str)]) {
    for (json, want) in cases {
        let e = state_err(json);
        assert!(
            e.contains(want),
            "{json}: error {e:?} does not contain {want:?}"
        );
    }
}

#[test]
fn garbage_state_files_give_clear_errors() {
    let cases: &[(&str, &str)] = &[
        ("", "not valid JSON"),
        ("[1,2]", "expected a JSON object"),
        ("{\"pc\": 1,}", "not valid JSON"),
        (r#"{"bogus": 1}"#, "bogus: unknown key"),
        (r#"{"warps": [{"pcc": 0}]}"#, "warps[0].pcc: unknown key"),
        (r#"{"warps": 5}"#, "warps: expected a list"),
        (r#"{"warps": [5]}"#, "warps[0]: expected a JSON object"),
        (r#"{"warps": [], "pc": 0}"#, "pc: the keys of one warp"),
        (r#"{"pc": "12"}"#, "pc: expected a 32-bit value"),
        (r#"{"pc": "0xzz"}"#, "pc: expected a 32-bit value"),
        (r#"{"pc": 1.5}"#, "pc: expected a 32-bit value"),
        (
            r#"{"pc": 4294967296}"#,
            "pc: 4294967296 does not fit in 32 bits",
        ),
        (
            r#"{"exec": "0x1ffffffff"}"#,
            "exec: \"0x1ffffffff\" does not fit",
        ),
        (r#"{"exec": true}"#, "exec: expected a 32-bit value"),
        (
            r#"{"code_base": -1.0}"#,
            "code_base: expected a 64-bit value",
        ),
        (r#"{"vgprs": 0}"#, "vgprs: vgprs must be 1..=128"),
        (r#"{"vgprs": 129}"#, "vgprs: vgprs must be 1..=128"),
        (r#"{"fflags": 32}"#, "fflags: 32 does not fit in 5 bits"),
        (
            r#"{"mode": {"rm": "dyn"}}"#,
            "mode.rm: expected a rounding mode",
        ),
        (
            r#"{"mode": {"rm": 5}}"#,
            "mode.rm: rounding mode must be 0..=4",
        ),
        (
            r#"{"mode": {"rm16": "rne", "x": 1}}"#,
            "mode.x: unknown key",
        ),
        (r#"{"mode": 3}"#, "mode: expected a JSON object"),
        (r#"{"u": {"u64": 1}}"#, "u.u64: unknown key"),
        (r#"{"u": {"u05": 1}}"#, "u.u05: unknown key"),
        (r#"{"u": {"v1": 1}}"#, "u.v1: unknown key"),
        (r#"{"u": [1]}"#, "u: expected a JSON object"),
        (r#"{"v": {"v128": 1}}"#, "v.v128: unknown key"),
        (
            r#"{"vgprs": 4, "v": {"v4": 1}}"#,
            "v.v4: v4 is not allocated (vgprs = 4)",
        ),
        (
            r#"{"v": {"v1": [1, 2, 3]}}"#,
            "v.v1: expected 32 lane values",
        ),
        (r#"{"v": {"v1": null}}"#, "v.v1: expected a 32-bit value"),
        (
            r#"{"v": {"v1": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"x"]}}"#,
            "v.v1[31]: expected a 32-bit value",
        ),
    ];
    check_errors(cases);
    assert!(matches!(parse_state("nope"), Err(SimError::Json(_))));
}

#[test]
fn negative_values_are_errors_naming_the_key() {
    let cases: &[(&str, &str)] = &[
        (r#"{"vgprs": -1}"#, "vgprs: -1 is negative (values are unsigned)"),
        (r#"{"warps": [{}, {"steps": -5}]}"#, "warps[1].steps: -5 is negative"),
        (
            r#"{"warps": [{"u": {"u5": -1}}]}"#,
            "warps[0].u.u5: -1 is negative (register values are unsigned; for its 32-bit two's complement write \"0xffffffff\")",
        ),
        (
            r#"{"v": {"v3": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-2]}}"#,
            "v.v3[31]: -2 is negative (register values are unsigned; for its 32-bit two's complement write \"0xfffffffe\")",
        ),
        (r#"{"exec": -1}"#, "exec: -1 is negative"),
        (
            r#"{"code_base": -16}"#,
            "code_base: -16 is negative (register values are unsigned; for its 64-bit two's complement write \"0xfffffffffffffff0\")",
        ),
        (r#"{"u": {"u1": -2147483649}}"#, "u.u1: -2147483649 is negative (register values are unsigned)"),
        (r#"{"mode": {"rm": -1}}"#, "mode.rm: -1 is negative"),
        (r#"{"pc": -4}"#, "pc: -4 is negative (values are unsigned)"),
    ];
    check_errors(cases);
    // Hex spells every value.
    let l =
        parse_state(r#"{"u": {"u1": "0xfffffffe"}, "code_base": "0xfffffffffffffff0"}"#).unwrap();
    assert_eq!(l.warps[0].uregs()[1], 0xffff_fffe);
    assert_eq!(l.code_base, 0xffff_ffff_ffff_fff0);
}

#[test]
fn duplicate_keys_are_errors_at_any_depth() {
    let cases: &[(&str, &str)] = &[
        (r#"{"pc": 0, "pc": 4}"#, "state file: pc: duplicate key"),
        (
            r#"{"code_base": 0, "code_base": 0, "warps": []}"#,
            "state file: code_base: duplicate key",
        ),
        (
            r#"{"warps": [], "warps": []}"#,
            "state file: warps: duplicate key",
        ),
        (
            r#"{"warps": [{}, {"u": {"u5": 1, "u6": 2, "u5": 3}}]}"#,
            "state file: warps[1].u.u5: duplicate key",
        ),
        (
            r#"{"warps": [{"v": {"v1": 1, "v1": 1}}]}"#,
            "state file: warps[0].v.v1: duplicate key",
        ),
        (
            r#"{"warps": [{"mode": {"rm": "rne", "rm": "rtz"}}]}"#,
            "state file: warps[0].mode.rm: duplicate key",
        ),
        (
            r#"{"warps": [{"status": "faulted", "fault": {"cause": 1, "pc": 0, "word": "0x0", "pc": 4}}]}"#,
            "state file: warps[0].fault.pc: duplicate key",
        ),
        // Also inside a value the format does not know: the duplicate is found first.
        (
            r#"{"bogus": {"a": {"b": 1, "b": 2}}}"#,
            "state file: bogus.a.b: duplicate key",
        ),
        (
            r#"{"warps": [{"v": {"v1": [{"x": 1, "x": 2}]}}]}"#,
            "state file: warps[0].v.v1[0].x: duplicate key",
        ),
    ];
    check_errors(cases);
    // The same keys in different objects are fine.
    parse_state(r#"{"warps": [{"u": {"u1": 1}}, {"u": {"u1": 1}}]}"#).unwrap();
}

#[test]
fn reader_and_text_parse_alike_and_the_printed_state_reads_back() {
    let state = r#"{"warps": [{"pc": 4, "u": {"u5": 7}}, {"warp": 9, "exec": "0xff"}], "code_base": "0x40"}"#;
    let a = parse_state(state).unwrap();
    let b = warpkit_sim::state::parse_state_reader(state.as_bytes()).unwrap();
    assert_eq!(a, b);
    // `code_base` after the list still applies to every warp.
    assert!(a.warps.iter().all(|w| w.code_base() == 0x40));
    // `warp` is a label only: it is checked, and the list order launches.
    assert_eq!(a.warps[1].exec(), 0xff);
    assert!(state_err(r#"{"warps": [{"warp": "x"}]}"#)
        .contains("warps[0].warp: expected a 64-bit value"));
    assert!(state_err(r#"{"warp": 0}"#).contains("warp: unknown key"));
    // What a run prints, with or without a selection, reads back.
    let out = run_state(&prog(), state, 2, None).unwrap();
    assert_eq!(
        parse_state(&out).unwrap(),
        warpkit_sim::state::parse_state_reader(out.as_bytes()).unwrap()
    );
    // The reader gives the same message as the text (the command line reads a stream,
    // embeddings a string).
    for bad in [
        "{",
        "[1, 2]",
        "",
        "{\"pc\": 1,}",
        r#"{"warps": [{"u": {"u1": 1, "u1": 2}}]}"#,
        r#"{"warps": [{}, {"pcc": 0}]}"#,
        r#"{"warps": 5}"#,
        r#"{"pc": 1} x"#,
        r#"{"exec": -1}"#,
    ] {
        let a = parse_state(bad).map(|_| ()).unwrap_err().to_string();
        let b = warpkit_sim::state::parse_state_reader(bad.as_bytes())
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert_eq!(a, b, "{bad}");
    }
    // A syntax error after the warps is still a JSON error.
    assert!(matches!(
        parse_state(r#"{"warps": [{}], "#),
        Err(SimError::Json(_))
    ));
    assert!(matches!(parse_state(r#"{} {}"#), Err(SimError::Json(_))));
}

#[test]
fn trace_io_error_is_reported() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let asm = |_: &warpkit_encoding::Inst, _: u32, _: &mut String| {};
    let r = run_state(&prog(), "{}", 10, Some((&mut Broken, &asm)));
    assert!(matches!(r, Err(SimError::Io(_))));
}

#[test]
fn too_many_warps_is_an_error_not_an_out_of_memory() {
    let many = format!(
        "{{\"warps\": [{}]}}",
        vec!["{}"; warpkit_sim::state::MAX_WARPS + 1].join(",")
    );
    let e = state_err(&many);
    assert!(
        e.contains("warps: 16385 warps; a state file launches at most 16384"),
        "{e}"
    );
    let ok = format!("{{\"warps\": [{}]}}", ["{}"; 3].join(","));
    let out = run_state(&prog(), &ok, 10, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"].as_array().map(|a| a.len()), Some(3));
}
