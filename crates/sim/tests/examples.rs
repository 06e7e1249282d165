//! The programs of `examples/*.s`, hand-encoded here (the same instructions, in order),
//! run on the example's own `NAME.state.json`; final values are checked. A later check
//! will assert that each `.s` assembles to exactly `program(NAME)`.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use serde_json::Value;
use warpkit_encoding::Inst;
use warpkit_sim::run_state;

/// The machine code of each example, instruction by instruction as in the `.s` file.
pub fn program(name: &str) -> Vec<Inst> {
    match name {
        "divergent_if_else" => vec![
            mk("laneid", 1, 0, 0, 0, 0),
            mk("cmp.lt.u32.vi", 2, 1, 0, 0, 12),
            mk("saveexec.and", 3, 2, 0, 0, 0),
            mk("bexecz", 0, 0, 0, 0, 8), // -> else (20)
            mk("mul.vi", 2, 1, 0, 0, 3),
            mk("saveexec.andn1", 4, 3, 0, 0, 0), // else:
            mk("bexecz", 0, 0, 0, 0, 8),         // -> endif (32)
            mk("sub.vu", 2, 1, 5, 0, 0),
            mk("exec.set", 0, 3, 0, 0, 0), // endif:
            mk("add.vi", 3, 2, 0, 0, 1),
        ],
        "loop_bexecz" => vec![
            mk("laneid", 1, 0, 0, 0, 0),
            mk("movi", 2, 0, 0, 0, 0),
            mk("exec.get", 10, 0, 0, 0, 0),
            mk("cmp.gt.u32.vi", 1, 1, 0, 0, 0), // loop: (12)
            mk("exec.set", 0, 1, 0, 0, 0),
            mk("bexecz", 0, 0, 0, 0, 16), // -> done (36)
            mk("add", 2, 2, 1, 0, 0),
            mk("add.vi", 1, 1, 0, 0, -1),
            mk("jmp", 0, 0, 0, 0, -20),     // -> loop
            mk("exec.set", 0, 10, 0, 0, 0), // done:
        ],
        "stream_compaction" => vec![
            mk("and.vi", 4, 1, 0, 0, 1),
            mk("cmp.ne.i32.vi", 2, 4, 0, 0, 0),
            mk("movi", 5, 0, 0, 0, 0),
            mk("mbcnt", 3, 5, 2, 0, 0),
            mk("movi", 6, 0, 0, 0, -1),
            mk("unot", 4, 2, 0, 0, 0),
            mk("cndmask", 3, 6, 4, 0, 0),
            mk("ucpop", 3, 2, 0, 0, 0),
        ],
        "addr64" => vec![
            mk("laneid", 1, 0, 0, 0, 0),
            mk("mov64.vu", 2, 2, 0, 0, 0),
            mk("movi", 4, 0, 0, 0, 12),
            mk("mad64.u32", 6, 1, 4, 2, 0),
            mk("movi", 8, 0, 0, 0, 0),
            mk("movi", 9, 0, 0, 0, 1),
            mk("add64", 10, 6, 8, 0, 0),
            mk("sll.vi", 14, 1, 0, 0, 2),
            mk("neg", 14, 14, 0, 0, 0),
            mk("addsx64", 12, 10, 14, 0, 0),
            mk("upca", 4, 0, 0, 0, 0),
        ],
        _ => panic!("no example {name}"),
    }
}

fn run_example(name: &str) -> Value {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let state = std::fs::read_to_string(format!("{dir}{name}.state.json")).unwrap();
    assert!(std::path::Path::new(&format!("{dir}{name}.s")).exists());
    let out = run_state(&code(&program(name)), &state, 10_000, None).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    for w in v["warps"].as_array().unwrap() {
        assert_eq!(w["status"], "exited", "{name}: {w}");
    }
    v
}

fn hex(v: &Value) -> u32 {
    u32::from_str_radix(v.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

fn lane(w: &Value, reg: &str, l: usize) -> u32 {
    hex(&w["v"][reg][l])
}

#[test]
fn divergent_if_else() {
    let v = run_example("divergent_if_else");
    let execs = [u32::MAX, 0x0000_0fff, 0xffff_f000];
    for (k, exec) in execs.iter().enumerate() {
        let w = &v["warps"][k];
        assert_eq!(hex(&w["exec"]), *exec, "EXEC restored");
        assert_eq!(w["steps"], if k == 0 { 10 } else { 9 });
        for l in 0..32 {
            let active = exec >> l & 1 == 1;
            let v2 = if !active {
                if k == 2 {
                    0xdead_beef
                } else {
                    0
                }
            } else if l < 12 {
                l as u32 * 3
            } else {
                (l as u32).wrapping_sub(100)
            };
            assert_eq!(lane(w, "v2", l), v2, "warp {k} lane {l}");
            assert_eq!(
                lane(w, "v3", l),
                if active { v2.wrapping_add(1) } else { 0 }
            );
        }
        assert_eq!(hex(&w["u"]["u3"]), *exec);
    }
}

#[test]
fn loop_bexecz() {
    let v = run_example("loop_bexecz");
    let w = &v["warps"][0];
    for l in 0..32u32 {
        assert_eq!(lane(w, "v2", l as usize), l * (l + 1) / 2);
        assert_eq!(lane(w, "v1", l as usize), 0);
    }
    assert_eq!(hex(&w["exec"]), u32::MAX);
    // 3 + 31 full iterations of 6 + final cmp/exec.set/bexecz + exec.set
    assert_eq!(w["steps"], 3 + 31 * 6 + 3 + 1);
}

#[test]
fn stream_compaction() {
    let v = run_example("stream_compaction");
    let w = &v["warps"][0];
    let data: Vec<u32> = (0..32).map(|i| (i * 7 + 3) % 11).collect();
    let mut next = 0;
    for l in 0..32 {
        assert_eq!(lane(w, "v1", l), data[l]);
        if data[l] % 2 == 1 {
            assert_eq!(lane(w, "v3", l), next, "lane {l}");
            next += 1;
        } else {
            assert_eq!(lane(w, "v3", l), u32::MAX, "lane {l}");
        }
    }
    assert_eq!(hex(&w["u"]["u3"]), next);
    assert!(next > 5 && next < 27);
}

#[test]
fn addr64() {
    let v = run_example("addr64");
    let w = &v["warps"][0];
    let base = 0x1_ffff_fff0u64;
    for l in 0..32 {
        let pair = |lo: &str, hi: &str| lane(w, lo, l) as u64 | (lane(w, hi, l) as u64) << 32;
        let a = base + 12 * l as u64;
        assert_eq!(pair("v6", "v7"), a);
        assert_eq!(pair("v10", "v11"), a + 0x1_0000_0000);
        assert_eq!(pair("v12", "v13"), a + 0x1_0000_0000 - 4 * l as u64);
    }
    let va = 0x7f00_0000_1000u64 + 44;
    assert_eq!(
        hex(&w["u"]["u4"]) as u64 | (hex(&w["u"]["u5"]) as u64) << 32,
        va
    );
}

#[test]
fn example_sources_assemble_to_the_hand_encoded_programs() {
    for name in [
        "divergent_if_else",
        "loop_bexecz",
        "stream_compaction",
        "addr64",
    ] {
        let path = format!("{}/../../examples/{name}.s", env!("CARGO_MANIFEST_DIR"));
        let src = std::fs::read_to_string(&path).expect("example source");
        let asm = warpkit_asm::assemble(&src, &warpkit_asm::AsmOptions::named(&path))
            .unwrap_or_else(|d| panic!("{d}"));
        let want: Vec<u8> = program(name)
            .iter()
            .flat_map(warpkit_encoding::encode)
            .collect();
        assert_eq!(asm.code, want, "{name}.s");
    }
}
