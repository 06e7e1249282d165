//! The collector counts straight runs of quick instructions in one piece (blocks); these
//! programs are made to stress what that relies on, and each must give the reference
//! collector's database byte for byte, with the step limit at every instruction (runs of a
//! block cut short at each place):
//! loops whose values reach corner classes and raise FP flags only in some iterations, a
//! 64-bit instruction inside a block, a branch into the middle of a block (overlapping
//! blocks), EXEC changing between runs of a block, a block's live-in registers written
//! elsewhere between its runs, several warps sharing the blocks, a fault in the middle of a
//! block after flags were raised. (Blocks are made where a round of the run starts for the
//! second time.)

use warpkit_cover::{Counts, Db};
use warpkit_sim::state::parse_state;

/// Both collectors on `src` from `state`, with every step limit up to `max`: the same
/// warp outcomes and the same database. Returns the database of the longest run.
fn same_as_reference(src: &str, state: &str, max: u64) -> Db {
    let code = warpkit_asm::assemble(src, &Default::default())
        .expect("assembles")
        .code;
    let mut last = None;
    for limit in 0..=max {
        let mut fast = Counts::default();
        let mut slow = Counts::default();
        let a = fast.run(&code, parse_state(state).unwrap(), limit);
        let b = slow.run_reference(&code, parse_state(state).unwrap(), limit);
        assert_eq!(a, b, "step limit {limit}: warp outcomes");
        let (da, db) = (Db::from_counts(&fast), Db::from_counts(&slow));
        assert_eq!(da.to_json(), db.to_json(), "step limit {limit}:\n{src}");
        last = Some(da);
    }
    last.unwrap()
}

#[test]
fn integer_loop_reaching_corner_values() {
    // v0 doubles each iteration (then wraps to 0); v1 and v2 follow it.
    let src = "loop:\n\
               \x20   mul v0, v0, v8\n\
               \x20   add v0, v0, v16\n\
               \x20   sub v1, v0, v1\n\
               \x20   xor v2, v1, v0\n\
               \x20   uaddi u7, u7, 1\n\
               \x20   usltu u8, u7, u9\n\
               \x20   bnz u8, loop\n";
    let state = r#"{"warps": [
        {"u": {"u9": 40}, "v": {"v0": "0x1", "v8": "0x2", "v16": "0x0"}},
        {"exec": "0x0000ff0f", "u": {"u9": 12},
         "v": {"v0": "0x7fffffff", "v8": "0x3", "v16": "0x1", "v1": "0x80000000"}}]}"#;
    let db = same_as_reference(src, state, 40 * 7 + 12 * 7 + 2);
    assert_eq!(db.instructions, 52 * 7);
    assert!(db.count("result/mul/zero") > 0, "{}", db.to_json());
    assert!(db.count("result/mul/other") > 0);
    assert!(db.count("result/add/int_min") > 0, "{}", db.to_json());
}

#[test]
fn fp_loop_raising_flags_in_some_iterations() {
    // v0 grows by 2^40 an iteration until it overflows (OF, NX), then inf - inf is NaN
    // (NV); the 64-bit ffma.f32 and an explicit rounding mode sit inside the block.
    let src = "loop:\n\
               \x20   fmul.f32 v0, v0, v8\n\
               \x20   fsub.f32 v1, v0, v0\n\
               \x20   ffma.f32 v2, v1, v9, v2\n\
               \x20   fadd.f32.m v3, v0, v9, rm:rtz\n\
               \x20   uaddi u7, u7, 1\n\
               \x20   usltu u8, u7, u9\n\
               \x20   bnz u8, loop\n";
    let state = r#"{"warps": [
        {"u": {"u9": 9}, "v": {"v0": "0x3f800000", "v8": "0x67800000", "v9": "0x3fc00000",
                               "v2": "0x0"}},
        {"mode": {"rm": 2}, "u": {"u9": 4},
         "v": {"v0": "0x00000001", "v8": "0x3f000000", "v9": "0x80000001"}}]}"#;
    let db = same_as_reference(src, state, 13 * 7 + 2);
    assert!(db.count("fflags/fmul.f32/of") > 0, "{}", db.to_json());
    assert!(db.count("fflags/fsub.f32/nv") > 0, "{}", db.to_json());
    assert!(db.count("result/fmul.f32/+inf") > 0, "{}", db.to_json());
}

#[test]
fn branch_into_a_block_exec_changes_and_live_ins_written_elsewhere() {
    // The first pass enters the loop in the middle of its straight run; the EXEC write
    // (not in any block) narrows EXEC after the first pass, and the last add writes v2,
    // which the block at `top` reads, between two runs of that block.
    let src = "    bz u1, mid\n\
               top:\n\
               \x20   add v1, v1, v2\n\
               \x20   add v3, v1, v4\n\
               mid:\n\
               \x20   add v4, v3, v1\n\
               \x20   xor v5, v4, v2\n\
               \x20   saveexec.and u4, u5\n\
               \x20   add v2, v2, v5\n\
               \x20   uaddi u7, u7, 1\n\
               \x20   usltu u8, u7, u9\n\
               \x20   bnz u8, top\n";
    let state = r#"{"warps": [
        {"u": {"u1": 0, "u5": "0x00ff00ff", "u9": 6},
         "v": {"v1": "0x1", "v2": "0x7fffffff", "v3": "0xffffffff", "v4": "0x0"}},
        {"u": {"u1": 1, "u5": "0xffffffff", "u9": 5},
         "v": {"v1": "0x0", "v2": "0x1", "v3": "0x0", "v4": "0x80000000"}}]}"#;
    let db = same_as_reference(src, state, 2 * 6 * 9 + 4);
    assert!(db.count("exec/add/partial") > 0, "{}", db.to_json());
    assert!(db.count("exec/add/full") > 0);
}

#[test]
fn fault_in_the_middle_of_a_block_after_flags() {
    // The third instruction names v40, beyond the warp's 32 registers: the run stops
    // there, after an overflow raised flags earlier in the block.
    let src = "    fmul.f32 v1, v2, v2\n\
               \x20   add v3, v1, v2\n\
               \x20   add v40, v3, v1\n\
               \x20   add v4, v3, v1\n";
    // (Blocks are made where a round starts the second time: the third warp runs one.)
    let state = r#"{"warps": [
        {"vgprs": 64, "v": {"v2": "0x3f800000"}},
        {"vgprs": 64, "v": {"v2": "0x40000000"}},
        {"vgprs": 32, "fflags": "0x0", "v": {"v2": "0x7f000000"}}]}"#;
    let db = same_as_reference(src, state, 10);
    assert_eq!(
        db.count("fault/illegal_insn/vgpr_limit"),
        1,
        "{}",
        db.to_json()
    );
    assert!(db.count("fflags/fmul.f32/of") > 0, "{}", db.to_json());
}
