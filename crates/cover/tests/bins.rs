//! Hand-written programs pin the bins they hit, one program per kind of bin, so a bin
//! cannot silently stop counting.

use warpkit_cover::{Counts, Db, Model};
use warpkit_sim::state::parse_state;

/// Run `src` with `state` and return the database.
fn cover(src: &str, state: &str) -> Db {
    let code = warpkit_asm::assemble(src, &Default::default())
        .expect("assembles")
        .code;
    let mut c = Counts::default();
    c.run(&code, parse_state(state).expect("state"), 10_000);
    Db::from_counts(&c)
}

/// Every named bin exists in the model and has exactly the count given.
fn pin(db: &Db, expect: &[(&str, u64)]) {
    let m = Model::get();
    for (name, n) in expect {
        assert!(m.index(name).is_some(), "{name} is not a bin of the model");
        assert_eq!(db.count(name), *n, "{name}\n{}", db.to_json());
    }
}

#[test]
fn variant_exec_value_result() {
    // Four warps: EXEC one lane, full, partial, empty.
    let db = cover(
        "add v1, v2, v3\n",
        r#"{"warps": [
            {"exec": "0x1", "v": {"v2": "0x80000000", "v3": "0xffffffff"}},
            {"exec": "0xffffffff", "v": {"v2": "0x1", "v3": "0x0"}},
            {"exec": "0x0000ff00", "v": {"v2": "0x7fffffff", "v3": "0x0"}},
            {"exec": "0x0", "v": {"v2": "0x5", "v3": "0x5"}}]}"#,
    );
    pin(
        &db,
        &[
            ("variant/add/executed", 4),
            ("exec/add/one", 1),
            ("exec/add/full", 1),
            ("exec/add/partial", 1),
            ("exec/add/empty", 1),
            ("value/add/rs1/int_min", 1),
            ("value/add/rs1/one", 1),
            ("value/add/rs1/int_max", 1),
            ("value/add/rs1/other", 0),
            ("value/add/rs2/minus_one", 1),
            ("value/add/rs2/zero", 2),
            // int_min + -1 wraps to int_max; 1 + 0 = 1; int_max + 0.
            ("result/add/int_max", 2),
            ("result/add/one", 1),
            ("result/add/zero", 0),
        ],
    );
    assert_eq!(db.programs, 1);
    assert_eq!(db.instructions, 4);
}

#[test]
fn float_values_rounding_and_flags() {
    // FFLAGS starts with every flag set: only what each instruction raises counts.
    let db = cover(
        "fadd.f32 v1, v2, v3\n\
         fadd.f32.m v4, v2, v5, rm:rtz\n\
         fmul.f32 v6, v7, v7\n\
         fadd.f32 v8, v9, v2\n\
         fadd.f16 v10.l, v11.h, v11.l\n",
        r#"{"warps": [{"mode": {"rm": "rup", "rm16": "rdn"}, "fflags": "0x1f",
            "v": {"v2": "0x3f800000", "v3": "0x3f800000", "v5": "0x33800000",
                  "v7": "0x7f000000", "v9": "0x7f800001",
                  "v11": "0x0001fc00"}}]}"#,
    );
    pin(
        &db,
        &[
            // 1 + 1 = 2 exactly, rounded by MODE.rm = rup; no flag raised.
            ("round/fadd.f32/mode/rup", 2),
            ("round/fadd.f32/mode/rne", 0),
            ("value/fadd.f32/rs1/+normal", 1),
            ("result/fadd.f32/+normal", 1),
            ("fflags/fadd.f32/nx", 0),
            // 1 + 2^-24 in rtz: inexact.
            ("round/fadd.f32.m/explicit/rtz", 1),
            ("round/fadd.f32.m/mode/rup", 0),
            ("fflags/fadd.f32.m/nx", 1),
            // 2^127 * 2^127 overflows: OF and NX; rup gives +inf.
            ("fflags/fmul.f32/of", 1),
            ("fflags/fmul.f32/nx", 1),
            ("fflags/fmul.f32/uf", 0),
            ("result/fmul.f32/+inf", 1),
            // sNaN + 1: NV, canonical quiet NaN.
            ("value/fadd.f32/rs1/snan", 1),
            ("fflags/fadd.f32/nv", 1),
            ("result/fadd.f32/qnan", 1),
            // binary16: the high half of v11 is the subnormal 0x0001, the low half -inf;
            // rounded with MODE.rm16.
            ("value/fadd.f16/rs1/+subnormal", 1),
            ("value/fadd.f16/rs2/-inf", 1),
            ("result/fadd.f16/-inf", 1),
            ("round/fadd.f16/mode/rdn", 1),
        ],
    );
}

#[test]
fn modifiers() {
    let db = cover(
        "ffma.f32 v1, v2, v3, v4, neg:0b101, abs:0b010, sat:1\n",
        r#"{"v": {"v2": "0x3f800000", "v3": "0x3f800000", "v4": "0x3f800000"}}"#,
    );
    pin(
        &db,
        &[
            ("modifier/ffma.f32/neg/rs1", 1),
            ("modifier/ffma.f32/neg/rs2", 0),
            ("modifier/ffma.f32/neg/rs3", 1),
            ("modifier/ffma.f32/abs/rs2", 1),
            ("modifier/ffma.f32/abs/rs1", 0),
            ("modifier/ffma.f32/sat", 1),
        ],
    );
}

#[test]
fn branches_taken_not_taken_uniform_divergent() {
    let db = cover(
        "    bz u1, a\n\
         a:  bnone u2, b\n\
             laneid v0\n\
         b:\n",
        r#"{"warps": [
            {"u": {"u1": 0, "u2": "0x1"}},
            {"u": {"u1": 1, "u2": "0x0"}},
            {"exec": "0xf0", "u": {"u1": 1, "u2": "0xff"}}]}"#,
    );
    pin(
        &db,
        &[
            // bz to the next instruction counts as not taken: PC goes on to PC + 4.
            ("branch/bz/not_taken", 3),
            ("branch/bz/taken", 0),
            // u2 & EXEC: lane 0 of 32 (divergent, some lane set: not taken), none (taken),
            // all active lanes (uniform, not taken).
            ("branch/bnone/divergent", 1),
            ("branch/bnone/uniform", 2),
            ("branch/bnone/taken", 1),
            ("branch/bnone/not_taken", 2),
        ],
    );
    let db = cover(
        "    bz u1, a\n    laneid v0\na:\n",
        r#"{"warps": [{"u": {"u1": 0}}]}"#,
    );
    pin(&db, &[("branch/bz/taken", 1), ("branch/bz/not_taken", 0)]);
}

#[test]
fn exec_writes() {
    let db = cover(
        "saveexec.and u4, u5\n",
        r#"{"warps": [
            {"u": {"u5": 0}},
            {"u": {"u5": "0xffffffff"}},
            {"u": {"u5": "0x30"}},
            {"u": {"u5": "0x80000000"}}]}"#,
    );
    pin(
        &db,
        &[
            ("exec_write/saveexec.and/empty", 1),
            ("exec_write/saveexec.and/full", 1),
            ("exec_write/saveexec.and/partial", 1),
            ("exec_write/saveexec.and/one", 1),
        ],
    );
}

#[test]
fn calls_and_returns() {
    let db = cover(
        "    jal u10, f\n\
             jmp end\n\
         f:  laneid v0\n\
             jr u10, 0\n\
         end:\n\
             upc u11, 0\n\
             jr u11, 8\n\
             laneid v1\n",
        "{}",
    );
    pin(
        &db,
        &[
            ("call/jal/call", 1),
            // The first jr goes back to the link; the second jumps elsewhere.
            ("call/jr/return", 1),
            ("variant/jr/executed", 2),
        ],
    );
}

#[test]
fn hazards() {
    let db = cover(
        "add v1, v2, v3\n\
         add v4, v1, v5\n\
         laneid v20\n\
         add v6, v4, v5\n\
         laneid v21\n\
         laneid v22\n\
         add v7, v6, v5\n\
         uadd u1, u2, u3\n\
         uadd u4, u1, u2\n\
         add64 v[8:9], v[10:11], v[12:13]\n\
         add v14, v9, v0\n\
         fadd.f16 v15.l, v0.l, v0.l\n\
         fadd.f16 v16.l, v15.h, v0.l\n\
         fadd.f16 v17.l, v0.l, v0.l\n\
         add v18, v17, v0\n\
         add v19, v0, v0\n\
         fadd.f16 v23.l, v19.h, v0.l\n",
        "{}",
    );
    pin(
        &db,
        &[
            ("hazard/v/1", 1),
            ("hazard/v/2", 1),
            ("hazard/v/3", 1),
            ("hazard/u/1", 1),
            ("hazard/pair/1", 1),
            ("hazard/half/1", 1),
            ("hazard/half_write_whole_read/1", 1),
            ("hazard/whole_write_half_read/1", 1),
        ],
    );
}

#[test]
fn faults_by_cause() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "laneid v0\n.word 0xfffffffe\n",
            "{}",
            "fault/illegal_insn/undecodable",
        ),
        ("cov.get v1\n", "{}", "fault/illegal_insn/unsupported"),
        (
            "add v9, v1, v2\n",
            r#"{"vgprs": 8}"#,
            "fault/illegal_insn/vgpr_limit",
        ),
        (
            "laneid v0\n",
            r#"{"pc": 64}"#,
            "fault/fetch_fault/outside_code",
        ),
        (
            "laneid v0\nlaneid v1\n",
            r#"{"pc": 2}"#,
            "fault/fetch_fault/misaligned",
        ),
        (
            "laneid v0\n.word 0x00000001\n",
            "{}",
            "fault/fetch_fault/truncated",
        ),
    ];
    for (src, state, bin) in cases {
        let db = cover(src, state);
        assert_eq!(db.count(bin), 1, "{src}: {}", db.to_json());
        let faults = db.bins.keys().filter(|k| k.starts_with("fault/")).count();
        assert_eq!(faults, 1, "{src}: {}", db.to_json());
    }
}
