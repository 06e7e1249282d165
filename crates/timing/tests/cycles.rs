//! Exact cycle counts of hand-computed cases. Each test shows the computation: "@t" is the
//! issue cycle, "done" the cycle at which the writes complete (issue + latency). The latency
//! classes are the database's: 1 (branches), 2 (uniform and EXEC), 4 (32-bit vector),
//! 5 (X format and half registers).

mod common;
use common::*;
use warpkit_sim::{FaultCause, RunStatus};
use warpkit_timing::{Report, SmConfig};

fn one_warp(src: &str) -> warpkit_timing::Report {
    let (r, _) = time(src, "{}", &SmConfig::default());
    check_accounting(&r);
    r
}

/// `n` lines made by `f(k)`.
fn lines(n: usize, f: impl Fn(usize) -> String) -> String {
    (0..n).map(|k| f(k) + "\n").collect()
}

const N: usize = 5;

#[test]
fn a_dependent_add_chain_takes_4n_cycles() {
    // add v1, v1, v2 (latency 4), each reading the v1 of the one before:
    // @0, @4, @8, @12, @16; the last is done at 20 = 4N.
    let r = one_warp(&lines(N, |_| "add v1, v1, v2".into()));
    assert_eq!(r.cycles, 4 * N as u64);
    assert_eq!(r.instructions, N as u64);
    // Stalls: 3 cycles before each of the last N-1 adds, waiting on v1 from valu-int;
    // after the issue at 16, cycles 17..20 are "finished".
    let w = &r.warps[0];
    assert_eq!(w.stalls.register[unit("valu-int")], 3 * (N as u64 - 1));
    assert_eq!(w.stalls.register_total(), 3 * (N as u64 - 1));
    assert_eq!(w.stalls.finished, 3);
    assert_eq!((w.stalls.branch, w.stalls.other_warp), (0, 0));
    assert_eq!(w.active_lanes[32], N as u64);
}

#[test]
fn independent_adds_take_n_plus_3_cycles() {
    // add v(3+k), v1, v2: no register in common but the sources (reads never wait for
    // reads): @0 .. @N-1, the last done at N-1+4 = N+3.
    let r = one_warp(&lines(N, |k| format!("add v{}, v1, v2", 3 + k)));
    assert_eq!(r.cycles, N as u64 + 3);
    assert_eq!(r.warps[0].stalls.register_total(), 0);
    assert_eq!(r.warps[0].stalls.finished, 3);
}

#[test]
fn latency_2_uniform_chains() {
    // uadd u1, u1, u2 (latency 2): @0, @2, @4, @6, @8, done 10 = 2N.
    let r = one_warp(&lines(N, |_| "uadd u1, u1, u2".into()));
    assert_eq!(r.cycles, 2 * N as u64);
    assert_eq!(r.warps[0].stalls.register[unit("salu")], N as u64 - 1);
    // uadd u(3+k), u1, u2: @0 .. @4, done 4+2 = N+1.
    let r = one_warp(&lines(N, |k| format!("uadd u{}, u1, u2", 3 + k)));
    assert_eq!(r.cycles, N as u64 + 1);
}

#[test]
fn latency_5_chains() {
    // bfi (X format, latency 5) through v1: @0, @5, @10, @15, @20, done 25 = 5N.
    let r = one_warp(&lines(N, |_| "bfi v1, v1, v2, v3".into()));
    assert_eq!(r.cycles, 5 * N as u64);
    // Into different registers: @0 .. @4, done 4+5 = N+4.
    let r = one_warp(&lines(N, |k| format!("bfi v{}, v1, v2, v3", 4 + k)));
    assert_eq!(r.cycles, N as u64 + 4);
}

#[test]
fn latency_1_chains() {
    // jal u1, next (latency 1) writes u1 and PC: the next jal waits for u1 (done at t+1)
    // and for the branch (t+1), both the cycle after: @0 .. @4, done 5 = 1*N.
    let r = one_warp(&lines(N, |k| format!("jal u1, l{k}\nl{k}:")));
    assert_eq!(r.cycles, N as u64);
    // Into different registers: the same, N + 1 - 1.
    let r = one_warp(&lines(N, |k| format!("jal u{}, l{k}\nl{k}:", 1 + k)));
    assert_eq!(r.cycles, N as u64);
    assert_eq!(r.warps[0].stalls.total(), 0);
}

#[test]
fn a_pair_is_one_dependency_with_both_registers() {
    // add64 v[2:3] @0, done 4; add v8, v3, v1 reads the pair's high register: @4, done 8.
    let r = one_warp("add64 v[2:3], v[4:5], v[6:7]\nadd v8, v3, v1\n");
    assert_eq!(r.cycles, 8);
    // Writing v3 waits too (write after write): @4, done 8.
    assert_eq!(
        one_warp("add64 v[2:3], v[4:5], v[6:7]\nadd v3, v9, v1\n").cycles,
        8
    );
    // A register outside the pair: @1, done 5; the pair is done at 4: 5 cycles.
    assert_eq!(
        one_warp("add64 v[2:3], v[4:5], v[6:7]\nadd v8, v9, v1\n").cycles,
        5
    );
    // The pair as a source: add64 reads v[4:5] while add v4 (@0, done 4) writes v4: @4, done 8.
    assert_eq!(
        one_warp("add v4, v1, v1\nadd64 v[2:3], v[4:5], v[6:7]\n").cycles,
        8
    );
}

#[test]
fn a_half_depends_on_the_whole_register() {
    // fadd.f16 v1.h (latency 5) @0 writes v1, done 5; the next reads v1.l, the other half
    // of the same 32-bit register: @5, done 10.
    let r = one_warp("fadd.f16 v1.h, v2.l, v3.l\nfadd.f16 v4.l, v1.l, v2.l\n");
    assert_eq!(r.cycles, 10);
    assert_eq!(r.warps[0].stalls.register[unit("valu-fp")], 4);
    // Writing the other half waits as well: mov.b16 v1.l @5, done 10.
    assert_eq!(
        one_warp("fadd.f16 v1.h, v2.l, v3.l\nmov.b16 v1.l, v2.l\n").cycles,
        10
    );
    // A half of another register does not: @1, done 6.
    assert_eq!(
        one_warp("fadd.f16 v1.h, v2.l, v3.l\nmov.b16 v5.l, v2.l\n").cycles,
        6
    );
}

#[test]
fn vector_work_waits_for_exec_after_exec_set() {
    // exec.set u1 (latency 2) @0 writes EXEC, done 2; add reads EXEC (it masks): @2, done 6.
    let (r, _) = time(
        "exec.set u1\nadd v1, v2, v3\n",
        r#"{"u": {"u1": "0xffff"}}"#,
        &SmConfig::default(),
    );
    check_accounting(&r);
    assert_eq!(r.cycles, 6);
    let w = &r.warps[0];
    assert_eq!(w.stalls.register[unit("salu")], 1);
    // exec.set issued with 32 lanes active, the add with the 16 it enabled.
    assert_eq!((w.active_lanes[32], w.active_lanes[16]), (1, 1));
    // A uniform op does not read EXEC: uadd @1, done 3; EXEC done 2: 3 cycles.
    assert_eq!(one_warp("exec.set u1\nuadd u2, u3, u4\n").cycles, 3);
}

#[test]
fn a_branch_holds_the_next_instruction_for_its_latency() {
    // Database latency of jmp: 1. jmp @0; add @1 (the cycle after anyway), done 5.
    let r = one_warp("jmp l\nl:\nadd v1, v2, v3\n");
    assert_eq!(r.cycles, 5);
    assert_eq!(r.warps[0].stalls.branch, 0);
    // With branch latency 3: add @3, done 7; cycles 1 and 2 wait after the branch.
    let (r, _) = time(
        "jmp l\nl:\nadd v1, v2, v3\n",
        "{}",
        &cfg("[latency]\nbranch = 3"),
    );
    check_accounting(&r);
    assert_eq!(r.cycles, 7);
    assert_eq!(r.warps[0].stalls.branch, 2);
    // A branch not taken holds the next instruction the same way: bz u1 (u1 = 1) @0, add @3.
    let (r, _) = time(
        "bz u1, l\nl:\nadd v1, v2, v3\n",
        r#"{"u": {"u1": 1}}"#,
        &cfg("[latency]\nbranch = 3"),
    );
    assert_eq!(r.cycles, 7);
}

#[test]
fn a_loop_with_a_counter() {
    let src = "uaddi u1, u0, 3\nloop:\nuaddi u1, u1, -1\nbnz u1, loop\n";
    // Database latencies (uaddi 2, bnz 1):
    //   uaddi u1,u0,3 @0 (u1 done 2); uaddi u1 @2 (done 4); bnz @4 (done 5)
    //   uaddi @5 (done 7); bnz @7 (done 8); uaddi @8 (done 10); bnz @10, not taken, done 11.
    // 7 instructions; waits on u1 (salu) in cycles 1, 3, 6, 9.
    let (r, log) = time(src, "{}", &SmConfig::default());
    check_accounting(&r);
    assert_eq!(r.cycles, 11);
    assert_eq!(r.instructions, 7);
    let issues: Vec<u64> = log.0.iter().map(|e| e.cycle).collect();
    assert_eq!(issues, [0, 2, 4, 5, 7, 8, 10]);
    assert_eq!(r.warps[0].stalls.register[unit("salu")], 4);
    // Branch latency 3: uaddi @0, uaddi @2, bnz @4 (done 7), uaddi @7 (done 9), bnz @9
    // (done 12), uaddi @12 (done 14), bnz @14, done 17. Waits after a branch: 5, 6, 10, 11;
    // on u1: 1, 3, 8, 13; finished: 15, 16.
    let (r, log) = time(src, "{}", &cfg("[latency]\nbranch = 3"));
    check_accounting(&r);
    assert_eq!(r.cycles, 17);
    let issues: Vec<u64> = log.0.iter().map(|e| e.cycle).collect();
    assert_eq!(issues, [0, 2, 4, 7, 9, 12, 14]);
    let s = &r.warps[0].stalls;
    assert_eq!((s.branch, s.register[unit("salu")], s.finished), (4, 4, 2));
}

#[test]
fn movrel_resolves_its_register_with_the_uniform_registers_at_issue() {
    // movrel.d v0, v5, u1 writes V[0 + u1]. With u1 = 3 it writes v3 (@0, done 4), and
    // add v6, v3, v7 waits for it: @4, done 8.
    let src = "movrel.d v0, v5, u1\nadd v6, v3, v7\n";
    let (r, _) = time(src, r#"{"u": {"u1": 3}}"#, &SmConfig::default());
    assert_eq!(r.cycles, 8);
    // With u1 = 4 it writes v4: the add @1, done 5.
    let (r, _) = time(src, r#"{"u": {"u1": 4}}"#, &SmConfig::default());
    assert_eq!(r.cycles, 5);
    // movrel.s v6, v0, u1 reads V[0 + u1]; add v3 @0 (done 4). u1 = 3: @4, done 8; u1 = 4:
    // @1, done 5.
    let src = "add v3, v1, v2\nmovrel.s v6, v0, u1\n";
    let (r, _) = time(src, r#"{"u": {"u1": 3}}"#, &SmConfig::default());
    assert_eq!(r.cycles, 8);
    let (r, _) = time(src, r#"{"u": {"u1": 4}}"#, &SmConfig::default());
    assert_eq!(r.cycles, 5);
    // The index as it is at issue: uaddi u1, u0, 3 (@0, done 2) sets it; movrel.d waits for
    // u1 (@2, done 6, writes v3); the add waits for v3: @6, done 10.
    let src = "uaddi u1, u0, 3\nmovrel.d v0, v5, u1\nadd v6, v3, v7\n";
    let (r, _) = time(src, r#"{"u": {"u1": 40}}"#, &SmConfig::default());
    assert_eq!(r.cycles, 10);
}

#[test]
fn fflags_never_stalls() {
    // Three fadd.f32 (latency 4) into different registers, all accumulating FFLAGS (and
    // reading MODE, which nothing writes): @0, @1, @2, done 6 = N + 3 for N = 3.
    let r = one_warp("fadd.f32 v1, v2, v3\nfadd.f32 v4, v5, v6\nfadd.f32 v7, v8, v9\n");
    assert_eq!(r.cycles, 6);
    assert_eq!(r.warps[0].stalls.register_total(), 0);
}

#[test]
fn a_unit_latency_override_applies_to_all_its_variants() {
    // valu-fp = 2: fadd.f32 chain through v1 @0, @2, @4, done 6.
    let src = "fadd.f32 v1, v1, v2\nfadd.f32 v1, v1, v2\nfadd.f32 v1, v1, v2\n";
    let (r, _) = time(src, "{}", &cfg("[latency]\nvalu-fp = 2"));
    assert_eq!(r.cycles, 6);
    // And the half forms (database: 5) too: @0, @2, done 4.
    let (r, _) = time(
        "fadd.f16 v1.h, v2.l, v3.l\nfadd.f16 v4.l, v1.l, v2.l\n",
        "{}",
        &cfg("[latency]\nvalu-fp = 2"),
    );
    assert_eq!(r.cycles, 4);
    // The integer unit keeps its latency: 4N.
    let (r, _) = time(
        "add v1, v1, v2\nadd v1, v1, v2\n",
        "{}",
        &cfg("[latency]\nvalu-fp = 2"),
    );
    assert_eq!(r.cycles, 8);
}

/// i0 and i1 are independent; i2 needs both. Alone: i0 @0 (v1 done 4), i1 @1 (v4 done 5),
/// i2 @5, done 9.
const THREE: &str = "add v1, v2, v3\nadd v4, v2, v3\nadd v5, v1, v4\n";

fn warps(n: usize) -> String {
    format!("{{\"warps\": [{}]}}", vec!["{}"; n].join(", "))
}

fn sm(schedulers: u32, policy: &str) -> SmConfig {
    cfg(&format!("schedulers = {schedulers}\npolicy = \"{policy}\""))
}

/// THREE on `n` warps and `schedulers` schedulers under `policy`, its cycle accounting
/// checked: the report and the schedule.
fn three(n: usize, schedulers: u32, policy: &str) -> (Report, Vec<(u64, u32, u32)>) {
    let (r, log) = time(THREE, &warps(n), &sm(schedulers, policy));
    check_accounting(&r);
    (r, schedule(&log))
}

/// The cycles of each warp.
fn warp_cycles(r: &Report) -> Vec<u64> {
    r.warps.iter().map(|w| w.cycles).collect()
}

#[test]
fn one_warp_alone() {
    let r = one_warp(THREE);
    assert_eq!(r.cycles, 9);
}

#[test]
fn two_warps_one_scheduler_lrr() {
    // t0: w0 i0. t1: after w0 -> w1 i0. t2: after w1, wrapping -> w0 i1 (v4 done 6).
    // t3: w1 i1 (done 7). t4, t5: nothing ready (w0 i2 needs v4 at 6, w1 i2 at 7).
    // t6: w0 i2, done 10. t7: w1 i2, done 11.
    let (r, sched) = three(2, 1, "lrr");
    assert_eq!(
        sched,
        [
            (0, 0, 0),
            (1, 1, 0),
            (2, 0, 4),
            (3, 1, 4),
            (6, 0, 8),
            (7, 1, 8)
        ]
    );
    assert_eq!(r.cycles, 11);
    assert_eq!(warp_cycles(&r), [10, 11]);
    // w0: ready at 1 but w1 issued (1 cycle); waits on v4 in 3, 4, 5; finished 7..11.
    let s = &r.warps[0].stalls;
    assert_eq!((s.other_warp, s.register_total(), s.finished), (1, 3, 4));
    // w1: ready at 0 and 2 while w0 issued; waits on v4 in 4, 5, 6; finished 8..11.
    let s = &r.warps[1].stalls;
    assert_eq!((s.other_warp, s.register_total(), s.finished), (2, 3, 3));
}

#[test]
fn two_warps_one_scheduler_gto() {
    // t0: w0 i0. t1: w0 still ready -> w0 i1 (done 5). t2: w0 waits -> oldest ready w1 i0.
    // t3: w1 i1 (done 7). t4: nothing. t5: w0 i2, done 9. t6: nothing. t7: w1 i2, done 11.
    let (r, sched) = three(2, 1, "gto");
    assert_eq!(
        sched,
        [
            (0, 0, 0),
            (1, 0, 4),
            (2, 1, 0),
            (3, 1, 4),
            (5, 0, 8),
            (7, 1, 8)
        ]
    );
    assert_eq!(r.cycles, 11);
    assert_eq!(warp_cycles(&r), [9, 11]);
    // w1 was ready in cycles 0 and 1 while w0 issued.
    assert_eq!(r.warps[1].stalls.other_warp, 2);
    assert_eq!(r.warps[0].stalls.other_warp, 0);
}

#[test]
fn two_warps_two_schedulers() {
    // Each warp has a scheduler of its own: both run as alone, 9 cycles, in either policy.
    for policy in ["lrr", "gto"] {
        let (r, sched) = three(2, 2, policy);
        assert_eq!(r.cycles, 9, "{policy}");
        assert_eq!(
            sched,
            [
                (0, 0, 0),
                (0, 1, 0),
                (1, 0, 4),
                (1, 1, 4),
                (5, 0, 8),
                (5, 1, 8)
            ]
        );
        assert_eq!(r.warps[1].scheduler, 1);
        assert_eq!(
            r.warps[0].stalls.other_warp + r.warps[1].stalls.other_warp,
            0
        );
    }
}

#[test]
fn four_warps_one_scheduler_lrr() {
    // t0..t3: w0..w3 i0. t4..t7: w0..w3 i1 (w0's v4 done 8). t8..t11: w0..w3 i2, each
    // ready exactly then (v4 of wk done at 8+k); the last done at 11+4 = 15.
    let (r, sched) = three(4, 1, "lrr");
    let want: Vec<(u64, u32, u32)> = (0..12)
        .map(|k| (k as u64, (k % 4) as u32, 4 * (k / 4) as u32))
        .collect();
    assert_eq!(sched, want);
    assert_eq!(r.cycles, 15);
    assert_eq!(warp_cycles(&r), [12, 13, 14, 15]);
}

#[test]
fn four_warps_one_scheduler_gto() {
    // t0 w0 i0; t1 w0 i1 (done 5); t2 oldest ready w1 i0; t3 w1 i1 (done 7); t4 w2 i0;
    // t5 w2 i1 (done 9); t6 w0 i2 (ready since 5), done 10; t7 w1 i2, done 11;
    // t8 w3 i0; t9 w3 i1 (done 13); t10 w2 i2, done 14; t11, t12 nothing; t13 w3 i2, done 17.
    let (r, sched) = three(4, 1, "gto");
    assert_eq!(
        sched,
        [
            (0, 0, 0),
            (1, 0, 4),
            (2, 1, 0),
            (3, 1, 4),
            (4, 2, 0),
            (5, 2, 4),
            (6, 0, 8),
            (7, 1, 8),
            (8, 3, 0),
            (9, 3, 4),
            (10, 2, 8),
            (13, 3, 8)
        ]
    );
    assert_eq!(r.cycles, 17);
    assert_eq!(warp_cycles(&r), [10, 11, 14, 17]);
    // w3 was ready from cycle 0 and first issued at 8.
    assert_eq!(r.warps[3].stalls.other_warp, 8);
}

#[test]
fn four_warps_two_schedulers() {
    // Scheduler 0 has w0 and w2, scheduler 1 w1 and w3: each is the two-warp case.
    // lrr: w0 10, w2 11 (and w1 10, w3 11); gto: w0 9, w2 11 (w1 9, w3 11); 11 cycles.
    for (policy, want) in [("lrr", [10, 10, 11, 11]), ("gto", [9, 9, 11, 11])] {
        let (r, _) = three(4, 2, policy);
        assert_eq!(r.cycles, 11, "{policy}");
        assert_eq!(warp_cycles(&r), want, "{policy}");
        let sched: Vec<usize> = r.warps.iter().map(|w| w.scheduler).collect();
        assert_eq!(sched, [0, 1, 0, 1]);
    }
}

#[test]
fn a_faulting_warp_stops_and_says_so() {
    // Warp 0 has 8 vector registers: add v9 faults (IllegalInsn) and never issues. Its add
    // @0 is done at 4. Warp 1 runs both: i0 @1 (after w0), i1 waits for v1: @5, done 9.
    let src = "add v1, v2, v3\nadd v9, v1, v2\n";
    let (r, log) = time(
        src,
        r#"{"warps": [{"vgprs": 8}, {}]}"#,
        &SmConfig::default(),
    );
    check_accounting(&r);
    assert_eq!(schedule(&log), [(0, 0, 0), (1, 1, 0), (5, 1, 4)]);
    assert_eq!(r.cycles, 9);
    let w0 = &r.warps[0];
    assert_eq!((w0.instructions, w0.cycles), (1, 4));
    match w0.status {
        RunStatus::Faulted(f) => {
            assert_eq!(f.cause, FaultCause::IllegalInsn);
            assert_eq!(f.pc, 4);
        }
        s => panic!("warp 0: {s:?}"),
    }
    assert_eq!(r.warps[1].status, RunStatus::Exited);
    assert!(r.to_text().contains("warp 0 faulted: IllegalInsn"));
}

#[test]
fn the_step_limit_stops_a_warp_like_run() {
    // l: jmp l, forever; 3 steps: @0, @1, @2, done 3.
    let (run, _) = time_with("l:\njmp l\n", "{}", &SmConfig::default(), 3);
    assert_eq!(run.report.warps[0].status, RunStatus::StepLimit);
    assert_eq!(run.report.cycles, 3);
    assert_eq!(run.results[0].outcome.steps, 3);
}

#[test]
fn lanes_at_issue_are_counted() {
    let (r, _) = time(
        "add v1, v2, v3\nuadd u1, u2, u3\n",
        r#"{"exec": "0xff"}"#,
        &SmConfig::default(),
    );
    // Both issue with EXEC = 0xff (8 lanes), the uniform op included.
    assert_eq!(r.warps[0].active_lanes[8], 2);
    assert_eq!(r.active_lanes()[8], 2);
    assert_eq!(r.warps[0].mean_lanes(), 8.0);
}

#[test]
fn no_warps_no_cycles() {
    let (r, _) = time("add v1, v2, v3\n", r#"{"warps": []}"#, &SmConfig::default());
    assert_eq!((r.cycles, r.instructions, r.ipc()), (0, 0, 0.0));
}
