//! `Warp::run_watched`: the watcher sees every instruction, in order, just before and just
//! after it, and the run ends exactly as `Warp::run` and a loop of `Warp::step` end (same
//! state, same outcome), including faults, the end of the code and step limits.

mod common;
use common::*;
use warpkit_encoding::random::XorShift;
use warpkit_sim::{Program, RunStatus, Step, StepResult, Warp, Watch};

/// Records what it is shown, and checks that the warp it sees before an instruction is the
/// one a plain step starts from.
#[derive(Default)]
struct Recorder {
    before: Vec<(u32, u32)>,
    after: Vec<(u32, u32)>,
}

impl Watch for Recorder {
    fn before(&mut self, w: &mut Warp, pc: u32) {
        assert_eq!(w.pc(), pc);
        self.before.push((pc, w.exec()));
    }
    fn after(&mut self, w: &mut Warp, pc: u32) {
        self.after.push((pc, w.pc()));
    }
}

/// `Watch::before` and `Watch::after` of a watcher with its own `around`: never called.
macro_rules! only_around {
    () => {
        fn before(&mut self, _: &mut Warp, _: u32) {
            panic!("before called besides around");
        }
        fn after(&mut self, _: &mut Warp, _: u32) {
            panic!("after called besides around");
        }
    };
}

/// Runs up to `n` instructions a round straight along the code ([`Step::straight`]),
/// recording each as `Recorder::after` does, and one ordinary step where PC is off the
/// chain.
struct Straights {
    n: usize,
    after: Vec<(u32, u32)>,
}

impl Watch for Straights {
    only_around!();
    fn around<const CHECK: bool>(&mut self, w: &mut Warp, pc: u32, step: &mut Step<CHECK>) -> bool {
        let Some(mut run) = step.straight(w, self.n) else {
            let retired = step.run(w);
            if retired {
                self.after.push((pc, w.pc()));
            }
            return retired;
        };
        let mut at = w.pc();
        while run.next(w) {
            self.after.push((at, w.pc()));
            at = w.pc();
        }
        let none = run.done() == 0;
        drop(run);
        // A round that ran nothing (the end of the code, a fault) runs the ordinary step,
        // which says why.
        !(step.stopped() || none && !step.run(w))
    }
}

/// Records what `Recorder` records, in one piece around each step (its own
/// `Watch::around`; `before` and `after` must then not be called).
#[derive(Default)]
struct InOnePiece(Recorder);

impl Watch for InOnePiece {
    only_around!();
    fn around<const CHECK: bool>(&mut self, w: &mut Warp, pc: u32, step: &mut Step<CHECK>) -> bool {
        assert_eq!(w.pc(), pc);
        self.0.before.push((pc, w.exec()));
        let retired = step.run(w);
        if retired {
            self.0.after.push((pc, w.pc()));
        }
        retired
    }
}

#[test]
fn the_watcher_sees_every_instruction_and_the_run_ends_as_run_does() {
    let mut rng = XorShift::new(0x5eed_0042);
    let mut faults = 0;
    let mut limits = 0;
    for case in 0..400 {
        let code = random_exec_program(1 + rng.below(40) as usize, &mut rng, 4);
        let p = Program::new(&code);
        let start = random_warp(&mut rng);
        let max = rng.below(60);

        // The reference: one step at a time.
        let mut stepped = start.clone();
        let mut seen = Vec::new();
        let mut fault = None;
        while stepped.steps() < max {
            let (pc, exec) = (stepped.pc(), stepped.exec());
            match stepped.step(&p) {
                StepResult::Running => seen.push((pc, exec, stepped.pc())),
                StepResult::Exited => break,
                StepResult::Faulted(f) => {
                    fault = Some((pc, exec, f));
                    break;
                }
            }
        }

        let mut watched = start.clone();
        let mut rec = Recorder::default();
        let o = watched.run_watched(&p, max, &mut rec);
        let mut plain = start.clone();
        let o_run = plain.run(&p, max);
        // A watcher of its own `around` sees the same and ends the same.
        let mut whole = start.clone();
        let mut one = InOnePiece::default();
        assert_eq!(
            whole.run_watched(&p, max, &mut one),
            o,
            "case {case}: around"
        );
        assert_eq!(whole, watched, "case {case}: final warp with around");
        assert_eq!(one.0.before, rec.before, "case {case}: around, before");
        assert_eq!(one.0.after, rec.after, "case {case}: around, after");
        // Straight runs of any length end the same, retiring the same instructions.
        for n in [1, 2, 5, 64] {
            let mut straight = start.clone();
            let mut s = Straights {
                n,
                after: Vec::new(),
            };
            let o_straight = straight.run_watched(&p, max, &mut s);
            assert_eq!(o_straight, o, "case {case}: straight runs of {n}");
            assert_eq!(
                straight, watched,
                "case {case}: final warp, straight runs of {n}"
            );
            assert_eq!(
                s.after, rec.after,
                "case {case}: straight runs of {n}, after"
            );
        }

        assert_eq!(o, o_run, "case {case}: outcome");
        assert_eq!(watched, plain, "case {case}: final warp against run");
        assert_eq!(watched, stepped, "case {case}: final warp against step");
        assert_eq!(o.steps, seen.len() as u64, "case {case}: steps");
        let after: Vec<(u32, u32)> = seen.iter().map(|&(pc, _, next)| (pc, next)).collect();
        assert_eq!(rec.after, after, "case {case}: after");
        // `before` for every retired instruction, and for the one that faulted or where the
        // code ended; not past the step limit.
        let mut before: Vec<(u32, u32)> = seen.iter().map(|&(pc, exec, _)| (pc, exec)).collect();
        match (o.status, fault) {
            (RunStatus::Faulted(f), Some((pc, exec, g))) => {
                assert_eq!(f, g, "case {case}: fault");
                before.push((pc, exec));
                faults += 1;
            }
            (RunStatus::Exited, None) => {
                if (seen.len() as u64) < max {
                    before.push((code.len() as u32, watched.exec()));
                }
            }
            (RunStatus::StepLimit, None) => limits += 1,
            (s, f) => panic!("case {case}: run says {s:?}, steps say {f:?}"),
        }
        assert_eq!(rec.before, before, "case {case}: before");
    }
    // The cases cover each way a run ends.
    assert!(
        faults > 20 && limits > 20,
        "{faults} faults, {limits} step limits"
    );
}
