//! What a stop reports: a breakpoint on the very first instruction stops warp 0 before it;
//! several breakpoints at one address and one instruction changing several watched places
//! all report, every hit count updated; unallocated vector registers have no value; the
//! budget reported is the one asked for; long motions forward, back and `goto` stop when
//! interrupted.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use warpkit_debug::{DebugConfig, Engine, StopReason, Target};

const CALLS: &str = "\
        laneid v1
        movi v3, 0
        movi v1, 1
        saveexec.and u3, u4
        add v3, v3, v1
";

fn engine(src: &str, state: &str) -> Engine {
    let t = Target::from_assembly("t.s", src).unwrap();
    Engine::new(t, state, DebugConfig::default()).unwrap()
}

fn hits(e: &Engine, id: u32) -> u64 {
    e.breakpoints().iter().find(|b| b.id == id).unwrap().hits
}

#[test]
fn a_breakpoint_on_the_first_instruction_stops_warp_0() {
    let state = r#"{"warps": [{}, {}]}"#;
    let mut e = engine(CALLS, state);
    let id = e.add_breakpoint("0x0", None, None).unwrap();
    let s = e.cont(None);
    assert_eq!(
        (s.position, s.warp, &s.reason),
        (0, Some(0), &StopReason::Breakpoint { id })
    );
    assert_eq!(e.warp(0).unwrap().pc(), 0);
    // Going on leaves the reported stop: warp 1 next, then not warp 0 again.
    let s = e.cont(None);
    assert_eq!((s.position, s.warp), (1, Some(1)));
    assert_eq!(e.cont(None).reason, StopReason::AllEnded);
    assert_eq!(hits(&e, id), 2);
    // Back to it, as reverse-continue finds the stops forward continue made.
    let s = e.reverse_continue();
    assert_eq!((s.position, s.warp), (1, Some(1)));
    let s = e.reverse_continue();
    assert_eq!((s.position, s.warp), (0, Some(0)));
    // `rerun` (gdb's run) stops there again; `goto 0` then `cont` does not.
    let s = e.rerun(None);
    assert_eq!((s.position, s.warp), (0, Some(0)));
    e.goto(0);
    assert_eq!(e.cont(None).warp, Some(1));
}

#[test]
fn several_breakpoints_at_one_address_all_report() {
    let mut e = engine(CALLS, r#"{"warps": [{}]}"#);
    let a = e.add_breakpoint("0x8", None, None).unwrap();
    let b = e.add_breakpoint("3", None, None).unwrap();
    let c = e.add_breakpoint("movi", None, Some("v1[0] == 0")).unwrap();
    let s = e.cont(None);
    // c: its condition is false at 0x8 (v1 = lane id, lane 0 is 0: true at 0x4 first).
    assert_eq!((s.position, s.hit_ids()), (1, vec![c]));
    let s = e.cont(None);
    assert_eq!((s.position, s.hit_ids()), (2, vec![a, b, c]));
    assert_eq!((hits(&e, a), hits(&e, b), hits(&e, c)), (1, 1, 2));
    // A hit condition not yet met counts the hit without reporting it.
    e.goto(0);
    e.set_hit_condition(a, Some(warpkit_debug::HitCondition::AtLeast(3)))
        .unwrap();
    e.delete(c).unwrap();
    let s = e.cont(None);
    assert_eq!((s.position, s.hit_ids()), (2, vec![b]));
    assert_eq!(hits(&e, a), 2);
}

#[test]
fn one_instruction_changing_several_watched_places_reports_all() {
    let mut e = engine(CALLS, r#"{"warps": [{"u": {"u4": "0xff"}}]}"#);
    let w0 = e.add_watchpoint("v1[0]", None, None).unwrap();
    let w2 = e.add_watchpoint("v1[2]", None, None).unwrap();
    let u3 = e.add_watchpoint("u3", None, None).unwrap();
    let ex = e.add_watchpoint("exec", Some(0), None).unwrap();
    // laneid: v1[0] stays 0, v1[2] becomes 2.
    let s = e.cont(None);
    assert_eq!((s.position, s.hit_ids()), (1, vec![w2]));
    // movi v1, 1: both lanes change.
    let s = e.cont(None);
    assert_eq!((s.position, s.hit_ids()), (3, vec![w0, w2]));
    assert_eq!((hits(&e, w0), hits(&e, w2)), (1, 2));
    let StopReason::Watchpoint { id, old, new, .. } = &s.also[0] else {
        panic!("{s:?}")
    };
    assert_eq!(
        (*id, old.as_slice(), new.as_slice()),
        (w2, &[2][..], &[1][..])
    );
    // saveexec: u3 and EXEC.
    let s = e.cont(None);
    assert_eq!((s.position, s.hit_ids()), (4, vec![u3, ex]));
    assert_eq!((hits(&e, u3), hits(&e, ex)), (1, 1));
    // Reverse-continue reports the same set.
    e.cont(None);
    assert_eq!(e.reverse_continue().hit_ids(), vec![u3, ex]);
    assert_eq!(e.reverse_continue().hit_ids(), vec![w0, w2]);
}

#[test]
fn unallocated_vector_registers_have_no_value() {
    let mut e = engine(CALLS, r#"{"warps": [{"vgprs": 8}, {"vgprs": 16}]}"#);
    let err = e.eval(0, "v9[0]").unwrap_err();
    assert!(
        err.contains("v9 is not allocated (the warp has vgprs 8"),
        "{err}"
    );
    assert_eq!(e.eval(1, "v9[0]"), Ok(0));
    assert!(e.eval(0, "v[6:7][0]").is_ok());
    assert!(e.eval(0, "v[8:9][0] + 1").is_err());
    let err = e.add_watchpoint("v9", Some(0), None).unwrap_err();
    assert!(err.contains("not allocated"), "{err}");
    // Any warp: watchable while one warp has it.
    assert!(e.add_watchpoint("v9", None, None).is_ok());
    assert!(e.add_watchpoint("v20", None, None).is_err());
    assert!(e.set(0, "v9", 1).is_err());
    assert!(e.last_write(0, "v9[1]").is_err());
    assert!(e.set(1, "v9", 1).is_ok());
}

#[test]
fn the_budget_reported_is_the_one_asked_for() {
    let t = Target::from_assembly("t.s", CALLS).unwrap();
    let cfg = DebugConfig {
        budget_bytes: 0,
        ..DebugConfig::default()
    };
    let e = Engine::new(t, r#"{"warps": [{}]}"#, cfg).unwrap();
    let h = e.history_stats();
    assert_eq!(h.budget_bytes, 0);
    assert!(h.bytes > 0 && h.checkpoints == 1);
}

const ENDLESS: &str = "top:
        add v1, v1, v2
        uaddi u1, u1, 1
        jmp top
";

fn endless() -> Engine {
    let t = Target::from_assembly("e.s", ENDLESS).unwrap();
    let cfg = DebugConfig {
        max_steps: u64::MAX,
        checkpoint_interval: 1000,
        ..DebugConfig::default()
    };
    Engine::new(t, r#"{"warps": [{}, {}]}"#, cfg).unwrap()
}

/// Raise the flag from another thread while a motion runs.
fn raise_soon(flag: &Arc<AtomicBool>) {
    let f = flag.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        f.store(true, Ordering::Relaxed);
    });
}

#[test]
fn long_motions_stop_when_interrupted() {
    let mut e = endless();
    let flag = Arc::new(AtomicBool::new(false));
    // goto: stops on the way, where it got to.
    let far = 1 << 50;
    raise_soon(&flag);
    let s = e.goto_within(far, Some(&flag));
    assert_eq!(s.reason, StopReason::Interrupted);
    assert!(s.position > 0 && s.position < far && s.position == e.position());
    assert!(!flag.load(Ordering::Relaxed), "the interrupt is taken");
    let here = e.position();
    // continue: the same.
    raise_soon(&flag);
    let s = e.cont(Some(&flag));
    assert_eq!(s.reason, StopReason::Interrupted);
    let here2 = e.position();
    assert!(here2 > here);
    // reverse-continue: stops as far back as it searched.
    flag.store(true, Ordering::Relaxed);
    let s = e.reverse_continue_within(Some(&flag));
    assert_eq!(s.reason, StopReason::Interrupted);
    assert!(s.position <= here2);
    // Reverse steps: interrupted, they stay where they were.
    e.goto(here2 + 1);
    let at = e.position();
    flag.store(true, Ordering::Relaxed);
    let s = e.reverse_step_within(0, Some(&flag)).unwrap();
    assert_eq!((s.reason, e.position()), (StopReason::Interrupted, at));
    flag.store(true, Ordering::Relaxed);
    let s = e.reverse_next_within(1, Some(&flag)).unwrap();
    assert_eq!((s.reason, e.position()), (StopReason::Interrupted, at));
    // Without the flag they move.
    let s = e.reverse_step_within(0, Some(&flag)).unwrap();
    assert_eq!(s.reason, StopReason::Step);
    assert!(e.position() < at);
}

/// A macro's lines as the front stage records them: `twice v1` (line 6) and `twice v2`
/// (line 7) each expand to two instructions of their own line.
#[test]
fn a_line_of_several_instructions_stops_once() {
    let mut t = Target::from_assembly(
        "m.s",
        "movi v1, 0\nadd.vi v1, v1, 1\nadd.vi v1, v1, 1\nadd.vi v2, v2, 1\nadd.vi v2, v2, 1\n",
    )
    .unwrap();
    let row = |offset, line| warpkit_debug::LineRow {
        offset,
        size: 4,
        file: 0,
        line,
    };
    let rows = vec![row(0, 5), row(4, 6), row(8, 6), row(12, 7), row(16, 7)];
    t.lines = warpkit_debug::LineTable::new(vec!["m.s".into()], rows.clone());
    let mut e = Engine::new(t.clone(), r#"{"warps": [{}]}"#, DebugConfig::default()).unwrap();
    let id = e.add_breakpoint("6", None, None).unwrap();
    let s = e.cont(None);
    assert_eq!((s.hit_ids(), e.warp(0).unwrap().pc()), (vec![id], 4));
    assert_eq!(e.cont(None).reason, StopReason::AllEnded);
    assert_eq!(e.breakpoints()[0].hits, 1);
}
