//! Per-instruction totals (llvm-mca's per-instruction view): hand-computed counts, and
//! their sums equal the report's per-warp stall totals.

mod common;
use common::*;
use warpkit_asm::assemble;
use warpkit_sim::{state::parse_state, Program};
use warpkit_timing::{PerPc, SmConfig, Timing};

fn per_pc(src: &str, state: &str) -> (warpkit_timing::Report, PerPc) {
    let code = assemble(src, &Default::default()).expect("assembles").code;
    let program = Program::new(&code);
    let timing = Timing::new(&program, &SmConfig::default());
    let mut p = PerPc::default();
    let run = timing
        .run(parse_state(state).unwrap().warps, 1_000_000, &mut p)
        .unwrap();
    (run.report, p)
}

#[test]
fn a_dependent_chain_stalls_on_every_instruction_but_the_first() {
    // add v1, v1, v2 x3 (latency 4): @0, @4, @8; pcs 4 and 8 each wait 3 cycles on v1.
    let (_, p) = per_pc("add v1, v1, v2\nadd v1, v1, v2\nadd v1, v1, v2\n", "{}");
    let v: Vec<_> = p
        .pcs
        .iter()
        .map(|(pc, t)| (*pc, t.issues, t.stalls()))
        .collect();
    assert_eq!(v, [(0, 1, 0), (4, 1, 3), (8, 1, 3)]);
    assert_eq!(p.pcs[&4].register[unit("valu-int")], 3);
}

#[test]
fn totals_over_pcs_equal_the_report_and_loops_count_every_issue() {
    // A counted loop on two warps: the body issues once per iteration per warp.
    let src = "umovi u1, 5\ntop:\n  add v1, v1, v2\n  uaddi u1, u1, -1\n  bnz u1, top\n";
    let (r, p) = per_pc(src, r#"{"warps": [{}, {}]}"#);
    assert_eq!(p.pcs[&4].issues, 10, "{:?}", p.pcs);
    assert_eq!(
        p.pcs.values().map(|t| t.issues).sum::<u64>(),
        r.instructions
    );
    let sum = |f: &dyn Fn(&warpkit_timing::Stalls) -> u64| {
        r.warps.iter().map(|w| f(&w.stalls)).sum::<u64>()
    };
    assert_eq!(
        p.pcs.values().map(|t| t.branch).sum::<u64>(),
        sum(&|s| s.branch)
    );
    assert_eq!(
        p.pcs.values().map(|t| t.other_warp).sum::<u64>(),
        sum(&|s| s.other_warp)
    );
    assert_eq!(
        p.pcs
            .values()
            .map(|t| t.register.iter().sum::<u64>())
            .sum::<u64>(),
        sum(&|s| s.register_total())
    );
    let j = p.to_json(&Program::new(
        &assemble(src, &Default::default()).unwrap().code,
    ));
    assert_eq!(j[1]["asm"], "add v1, v1, v2");
    assert_eq!(j[1]["issues"], 10);
}
