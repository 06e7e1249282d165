//! Helpers shared by the timing tests.
#![allow(dead_code)]

use warpkit_sim::state::parse_state;
use warpkit_sim::Program;
use warpkit_timing::{Issue, Observer, Report, SmConfig, Timing, TimingRun};

/// Every issued instruction, in issue order.
#[derive(Default)]
pub struct Log(pub Vec<Issue>);

impl Observer for Log {
    fn issue(&mut self, e: &Issue) {
        self.0.push(*e);
    }
}

pub fn assemble(src: &str) -> Vec<u8> {
    warpkit_asm::assemble(src, &Default::default())
        .unwrap_or_else(|d| panic!("does not assemble: {d}\n{src}"))
        .code
}

/// Time `src` on the warps of `state` (a state file) under `cfg`.
pub fn time_with(src: &str, state: &str, cfg: &SmConfig, max_steps: u64) -> (TimingRun, Log) {
    let code = assemble(src);
    let p = Program::new(&code);
    let launch = parse_state(state).expect("state file");
    let mut log = Log::default();
    let run = Timing::new(&p, cfg)
        .run(launch.warps, max_steps, &mut log)
        .expect("timed");
    (run, log)
}

pub fn time(src: &str, state: &str, cfg: &SmConfig) -> (Report, Log) {
    let (run, log) = time_with(src, state, cfg, 1_000_000);
    (run.report, log)
}

/// A configuration from `sm.toml` text.
pub fn cfg(toml: &str) -> SmConfig {
    SmConfig::from_toml(toml).expect("configuration")
}

/// (issue cycle, warp, pc) of every issued instruction.
pub fn schedule(log: &Log) -> Vec<(u64, u32, u32)> {
    log.0.iter().map(|e| (e.cycle, e.warp, e.pc)).collect()
}

/// Index of a unit by name.
pub fn unit(name: &str) -> usize {
    warpkit_timing::units()
        .iter()
        .position(|u| u.name == name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// Each warp's issued cycles and stall cycles add up to the run's cycles.
pub fn check_accounting(r: &Report) {
    for w in &r.warps {
        assert_eq!(
            w.instructions + w.stalls.total(),
            r.cycles,
            "warp {}: issued {} + stalls {:?} != {} cycles",
            w.warp,
            w.instructions,
            w.stalls,
            r.cycles
        );
        assert_eq!(
            w.active_lanes.iter().sum::<u64>(),
            w.instructions,
            "warp {}: lane histogram",
            w.warp
        );
    }
}
