//! Reverse execution is exact: over generated programs (1-4 warps, divergent loops and
//! calls), the engine's state at any position, reached forward, by `goto` or by reverse
//! steps, equals an independent round-robin run of `warpkit_sim::Sim` to the same
//! position; `reverse-continue` finds the stops a forward search finds; `last-write`
//! names the step the commit log names.

use warpkit_debug::{DebugConfig, Engine, StopReason, Target};
use warpkit_gen::{GenConfig, Generator};
use warpkit_sim::{Commit, RunStatus, Sim, StepResult};

/// The schedule written out plainly over `Sim`: round-robin, one attempt per live warp.
struct Reference {
    sim: Sim,
    cursor: usize,
    pos: u64,
    max_steps: u64,
    /// Every warp's commit records so far.
    log: Vec<Vec<Commit>>,
    attempts: Vec<u64>,
}

impl Reference {
    fn new(code: &[u8], state: &str, max_steps: u64) -> Reference {
        let sim = Sim::new(code, state).unwrap();
        let n = sim.num_warps();
        Reference {
            sim,
            cursor: 0,
            pos: 0,
            max_steps,
            log: vec![Vec::new(); n],
            attempts: vec![0; n],
        }
    }

    fn live(&self, i: usize) -> bool {
        self.sim.status(i).unwrap() == RunStatus::StepLimit
            && self.sim.warp(i).unwrap().steps() < self.max_steps
    }

    fn next(&self) -> Option<usize> {
        let n = self.sim.num_warps();
        (self.cursor..n)
            .chain(0..self.cursor)
            .find(|&i| self.live(i))
    }

    /// One attempt; false when no warp is live.
    fn attempt(&mut self) -> bool {
        let Some(u) = self.next() else { return false };
        let mut c = Commit::new();
        if let StepResult::Running = self.sim.step(u, &mut c).unwrap() {
            self.log[u].push(c);
        }
        self.attempts[u] += 1;
        self.pos += 1;
        self.cursor = u + 1;
        true
    }

    fn run_to(&mut self, pos: u64) {
        while self.pos < pos && self.attempt() {}
    }
}

fn programs(seeds: std::ops::Range<u64>) -> impl Iterator<Item = (u64, Target, String)> {
    let mut g = Generator::new(GenConfig {
        length: 70,
        depth: 2,
        ..GenConfig::default()
    })
    .unwrap();
    seeds.map(move |seed| {
        let p = g.generate(seed, 0);
        let t = Target::from_assembly("gen.s", &p.text).unwrap();
        (seed, t, p.state)
    })
}

/// A small budget and interval, so that checkpoints are taken and thinned.
fn cfg() -> DebugConfig {
    DebugConfig {
        budget_bytes: 6 * 17_000 * 4,
        max_steps: 100_000,
        checkpoint_interval: 7,
    }
}

/// A tiny deterministic generator for the positions of the test.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn total(code: &[u8], state: &str) -> u64 {
    let mut r = Reference::new(code, state, cfg().max_steps);
    while r.attempt() {}
    r.pos
}

#[test]
fn reverse_steps_and_goto_equal_a_fresh_run() {
    let mut warps_seen = [0; 5];
    let mut rng = Lcg(7);
    for (seed, t, state) in programs(1..25) {
        let code = t.code.clone();
        let end = total(&code, &state);
        let mut e = Engine::new(t, &state, cfg()).unwrap();
        warps_seen[e.num_warps()] += 1;
        for _round in 0..4 {
            let n = rng.below(end + 1);
            e.goto(n);
            let mut r = Reference::new(&code, &state, cfg().max_steps);
            r.run_to(n);
            assert_eq!(e.position(), n, "seed {seed}");
            assert_eq!(e.state_json(), r.sim.state_json(), "seed {seed}: goto {n}");
            for _k in 0..1 + rng.below(5) {
                let w = rng.below(e.num_warps() as u64) as usize;
                let before = e.warp_view(w).unwrap().attempts;
                let stop = e.reverse_step(w).unwrap();
                let p = e.position();
                let mut r = Reference::new(&code, &state, cfg().max_steps);
                r.run_to(p);
                assert_eq!(
                    e.state_json(),
                    r.sim.state_json(),
                    "seed {seed}: reverse-step to {p}"
                );
                if stop.reason == StopReason::Step {
                    assert_eq!(
                        r.next(),
                        Some(w),
                        "seed {seed}: warp {w} attempts next at {p}"
                    );
                    assert_eq!(
                        r.attempts[w] + 1,
                        before,
                        "seed {seed}: one attempt of warp {w} undone"
                    );
                } else {
                    assert_eq!((stop.reason, p, before), (StopReason::HistoryStart, 0, 0));
                }
            }
            // Forward again by steps of one warp.
            for _ in 0..3 {
                let w = rng.below(e.num_warps() as u64) as usize;
                let before = e.warp_view(w).unwrap().attempts;
                if e.step(w).is_ok() {
                    assert_eq!(
                        e.warp_view(w).unwrap().attempts,
                        before + 1,
                        "seed {seed}: one step of warp {w}"
                    );
                    let mut r = Reference::new(&code, &state, cfg().max_steps);
                    r.run_to(e.position());
                    assert_eq!(
                        e.state_json(),
                        r.sim.state_json(),
                        "seed {seed}: step of warp {w}"
                    );
                    assert_eq!(r.attempts[w], e.warp_view(w).unwrap().attempts);
                }
            }
        }
        // The end equals `warpkit run`.
        e.goto(u64::MAX);
        let run = warpkit_sim::run_state(&code, &state, cfg().max_steps, None).unwrap();
        assert_eq!(e.state_json(), run, "seed {seed}: the end");
    }
    assert!(
        warps_seen[1] > 0 && warps_seen[2..].iter().sum::<i32>() > 3,
        "{warps_seen:?}"
    );
}

#[test]
fn reverse_continue_finds_the_forward_stops() {
    let mut rng = Lcg(11);
    for (seed, t, state) in programs(100..116) {
        let code = t.code.clone();
        let starts = t.instruction_starts();
        let mut e = Engine::new(t, &state, cfg()).unwrap();
        // Two breakpoints (one with a condition) and a watchpoint on a lane.
        let a = starts[rng.below(starts.len() as u64) as usize];
        let b = starts[rng.below(starts.len() as u64) as usize];
        e.add_breakpoint(&format!("*0x{a:x}"), None, None).unwrap();
        e.add_breakpoint(&format!("*0x{b:x}"), None, Some("popcount(exec) > 3"))
            .unwrap();
        e.add_watchpoint(
            &format!("v{}[{}]", rng.below(8), rng.below(32)),
            Some(0),
            None,
        )
        .unwrap();
        let mut fwd = Vec::new();
        loop {
            let s = e.cont(None);
            if s.reason == StopReason::AllEnded {
                break;
            }
            let mut r = Reference::new(&code, &state, cfg().max_steps);
            r.run_to(s.position);
            assert_eq!(
                e.state_json(),
                r.sim.state_json(),
                "seed {seed}: stop at {}",
                s.position
            );
            fwd.push((s.position, s.warp, s.reason));
            assert!(fwd.len() < 5000);
        }
        let mut back = Vec::new();
        loop {
            let s = e.reverse_continue();
            if s.reason == StopReason::HistoryStart {
                break;
            }
            back.push((s.position, s.warp, s.reason));
        }
        back.reverse();
        assert_eq!(back, fwd, "seed {seed}");
    }
}

#[test]
fn last_write_names_the_commit_log_step() {
    let mut rng = Lcg(5);
    let mut found = 0;
    for (seed, t, state) in programs(200..220) {
        let code = t.code.clone();
        let end = total(&code, &state);
        let mut e = Engine::new(t, &state, cfg()).unwrap();
        for _ in 0..4 {
            let p = rng.below(end + 1);
            e.goto(p);
            let w = rng.below(e.num_warps() as u64) as usize;
            let reg = rng.below(10) as u8;
            let lane = rng.below(32) as u32;
            let mut r = Reference::new(&code, &state, cfg().max_steps);
            r.run_to(p);
            for (loc, lane) in [
                (format!("v{reg}[{lane}]"), Some(lane)),
                (format!("v{reg}"), None),
            ] {
                let want = r.log[w]
                    .iter()
                    .rev()
                    .find(|c| {
                        c.v_writes()
                            .iter()
                            .any(|x| x.reg == reg && lane.is_none_or(|l| x.mask >> l & 1 == 1))
                    })
                    .map(|c| c.step);
                let got = e.last_write(w, &loc).unwrap();
                assert_eq!(e.position(), p, "last-write stays");
                assert_eq!(
                    got.as_ref().map(|g| g.step),
                    want,
                    "seed {seed}: {loc} of warp {w} at {p}"
                );
                found += want.is_some() as u32;
            }
        }
    }
    assert!(found > 10, "{found}");
}
