//! What a timing run found: cycles, instructions, IPC, stall cycles by cause and active-lane
//! histograms, per warp and in total; as text for people and as JSON for scripts.

use crate::config::{units, Policy, SmConfig};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use std::fmt::Write as _;
use warpkit_sim::{RunStatus, LANES};

/// Stall cycles by cause. With the issued cycles they cover every cycle `0..cycles` of the
/// run, for each warp.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Stalls {
    /// Waiting on a register, by the unit of the pending write (indexed like
    /// [`units`](crate::units)).
    pub register: Vec<u64>,
    /// Waiting for a control-flow instruction's latency to pass.
    pub branch: u64,
    /// Ready, but the scheduler issued another warp.
    pub other_warp: u64,
    /// The warp had no instruction left (it exited, faulted or reached the step limit).
    pub finished: u64,
}

impl Stalls {
    pub fn register_total(&self) -> u64 {
        self.register.iter().sum()
    }

    pub fn total(&self) -> u64 {
        self.register_total() + self.branch + self.other_warp + self.finished
    }

    fn add(&mut self, o: &Stalls) {
        if self.register.len() < o.register.len() {
            self.register.resize(o.register.len(), 0);
        }
        for (a, b) in self.register.iter_mut().zip(&o.register) {
            *a += b;
        }
        self.branch += o.branch;
        self.other_warp += o.other_warp;
        self.finished += o.finished;
    }
}

/// An active-lane histogram as `{"lanes": instructions}` for the counts that are not 0.
struct Lanes<'a>(&'a [u64; LANES + 1]);

impl Serialize for Lanes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.0.iter().filter(|&&x| x > 0).count();
        let mut m = s.serialize_map(Some(n))?;
        for (k, x) in self.0.iter().enumerate() {
            if *x > 0 {
                m.serialize_entry(&k.to_string(), x)?;
            }
        }
        m.end()
    }
}

/// Register stalls keyed by unit name (the units that execute, in database order).
struct ByUnit<'a>(&'a [u64]);

impl Serialize for ByUnit<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let timed: Vec<_> = units()
            .iter()
            .enumerate()
            .filter(|(_, u)| u.timed)
            .collect();
        let mut m = s.serialize_map(Some(timed.len()))?;
        for (i, u) in timed {
            m.serialize_entry(u.name, &self.0.get(i).copied().unwrap_or(0))?;
        }
        m.end()
    }
}

impl Serialize for Stalls {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("register", &ByUnit(&self.register))?;
        m.serialize_entry("branch", &self.branch)?;
        m.serialize_entry("other_warp", &self.other_warp)?;
        m.serialize_entry("finished", &self.finished)?;
        m.end()
    }
}

/// One warp's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpReport {
    pub warp: usize,
    pub scheduler: usize,
    pub status: RunStatus,
    /// The cycle at which the warp's last write completes (0 if it issued nothing).
    pub cycles: u64,
    pub instructions: u64,
    pub stalls: Stalls,
    /// `active_lanes[k]`: instructions issued with k lanes active in EXEC.
    pub active_lanes: [u64; LANES + 1],
}

/// n / d, 0 when d is 0.
fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

impl WarpReport {
    pub fn ipc(&self) -> f64 {
        ratio(self.instructions, self.cycles)
    }

    /// Mean active lanes at issue (0 if nothing issued).
    pub fn mean_lanes(&self) -> f64 {
        let lanes: u64 = self
            .active_lanes
            .iter()
            .enumerate()
            .map(|(k, n)| k as u64 * n)
            .sum();
        ratio(lanes, self.instructions)
    }

    fn fault_json(&self) -> Value {
        match &self.status {
            RunStatus::Faulted(f) => serde_json::json!({
                "cause": f.cause.code(),
                "name": f.cause.name(),
                "pc": format!("0x{:08x}", f.pc),
                "word": f.word_hex(),
                "reason": f.reason.to_string(),
            }),
            _ => Value::Null,
        }
    }
}

impl Serialize for WarpReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(9))?;
        m.serialize_entry("warp", &self.warp)?;
        m.serialize_entry("scheduler", &self.scheduler)?;
        m.serialize_entry("status", self.status.name())?;
        m.serialize_entry("fault", &self.fault_json())?;
        m.serialize_entry("cycles", &self.cycles)?;
        m.serialize_entry("instructions", &self.instructions)?;
        m.serialize_entry("ipc", &self.ipc())?;
        m.serialize_entry("stalls", &self.stalls)?;
        m.serialize_entry("active_lanes", &Lanes(&self.active_lanes))?;
        m.end()
    }
}

/// The whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The cycle at which the last write of the last instruction completes.
    pub cycles: u64,
    pub instructions: u64,
    pub schedulers: u32,
    pub policy: Policy,
    pub latency_overrides: Vec<(&'static str, u32)>,
    pub warps: Vec<WarpReport>,
}

/// Most warps the text report lists one by one (the JSON lists all).
const TEXT_WARPS: usize = 64;

impl Report {
    pub(crate) fn new(cycles: u64, cfg: &SmConfig, warps: Vec<WarpReport>) -> Report {
        Report {
            cycles,
            instructions: warps.iter().map(|w| w.instructions).sum(),
            schedulers: cfg.schedulers(),
            policy: cfg.policy(),
            latency_overrides: cfg.latency_overrides(),
            warps,
        }
    }

    pub fn ipc(&self) -> f64 {
        ratio(self.instructions, self.cycles)
    }

    /// Stall cycles summed over the warps.
    pub fn stalls(&self) -> Stalls {
        let mut s = Stalls {
            register: vec![0; units().len()],
            ..Stalls::default()
        };
        for w in &self.warps {
            s.add(&w.stalls);
        }
        s
    }

    /// Active-lane histogram summed over the warps.
    pub fn active_lanes(&self) -> [u64; LANES + 1] {
        let mut h = [0; LANES + 1];
        for w in &self.warps {
            for (a, b) in h.iter_mut().zip(&w.active_lanes) {
                *a += b;
            }
        }
        h
    }

    /// The JSON form, pretty-printed: `cycles`, `instructions`, `ipc`, `schedulers`,
    /// `policy`, `latency_overrides`, `stalls`, `active_lanes`, `warps` (one object per warp
    /// with `warp`, `scheduler`, `status`, `fault`, `cycles`, `instructions`, `ipc`, `stalls`,
    /// `active_lanes`), in this order, then the `extra` keys.
    pub fn to_json(&self, extra: &[(&str, Value)]) -> String {
        serde_json::to_string_pretty(&Json(self, extra)).unwrap_or_default()
    }

    /// The report for people.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let nw = self.warps.len();
        let _ = writeln!(
            s,
            "cycles {}, instructions {}, IPC {:.3}  ({} warp{}, {} scheduler{}, policy {})",
            self.cycles,
            self.instructions,
            self.ipc(),
            nw,
            if nw == 1 { "" } else { "s" },
            self.schedulers,
            if self.schedulers == 1 { "" } else { "s" },
            self.policy
        );
        if !self.latency_overrides.is_empty() {
            let o: Vec<String> = self
                .latency_overrides
                .iter()
                .map(|(u, c)| format!("{u} {c}"))
                .collect();
            let _ = writeln!(s, "latency overrides (cycles): {}", o.join(", "));
        }
        s.push('\n');
        let _ = writeln!(
            s,
            "{:>5} {:>5} {:<10} {:>10} {:>10} {:>6} {:>5} {:>10} {:>10} {:>10} {:>10}",
            "warp",
            "sched",
            "status",
            "instr",
            "cycles",
            "IPC",
            "lanes",
            "wait:reg",
            "wait:br",
            "wait:other",
            "finished"
        );
        for w in self.warps.iter().take(TEXT_WARPS) {
            let _ = writeln!(
                s,
                "{:>5} {:>5} {:<10} {:>10} {:>10} {:>6.3} {:>5.1} {:>10} {:>10} {:>10} {:>10}",
                w.warp,
                w.scheduler,
                w.status.name(),
                w.instructions,
                w.cycles,
                w.ipc(),
                w.mean_lanes(),
                w.stalls.register_total(),
                w.stalls.branch,
                w.stalls.other_warp,
                w.stalls.finished
            );
        }
        if nw > TEXT_WARPS {
            let _ = writeln!(
                s,
                "  ... {} more warps (--json lists every warp)",
                nw - TEXT_WARPS
            );
        }
        for w in &self.warps {
            if let RunStatus::Faulted(f) = &w.status {
                let _ = writeln!(s, "warp {} faulted: {f}", w.warp);
            }
        }
        let st = self.stalls();
        let _ = writeln!(
            s,
            "\ncycles of all warps by state (each warp: {} cycles, issued or stalled):",
            self.cycles
        );
        let mut rows: Vec<(String, u64)> = vec![("issued".into(), self.instructions)];
        for (i, u) in units().iter().enumerate() {
            // Units that never held a warp up are left out.
            if u.timed && st.register.get(i).is_some_and(|&n| n > 0) {
                rows.push((
                    format!("waiting on a register written by {}", u.name),
                    st.register.get(i).copied().unwrap_or(0),
                ));
            }
        }
        rows.push(("waiting after a branch".into(), st.branch));
        rows.push(("ready, another warp issued".into(), st.other_warp));
        rows.push(("warp finished".into(), st.finished));
        let total: u64 = rows.iter().map(|r| r.1).sum();
        for (name, n) in rows {
            let _ = writeln!(s, "  {name:<42} {n:>12} {:>6.1}%", percent(n, total));
        }
        let h = self.active_lanes();
        let max = h.iter().copied().max().unwrap_or(0);
        let _ = writeln!(s, "\nactive lanes at issue (instructions):");
        for (k, &n) in h.iter().enumerate().rev() {
            if n > 0 {
                let bar = (n * 40).div_ceil(max.max(1)) as usize;
                let _ = writeln!(s, "  {k:>2} lanes {n:>12}  {}", "#".repeat(bar));
            }
        }
        s
    }
}

fn percent(n: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        100.0 * n as f64 / total as f64
    }
}

/// The report's JSON form with its keys in the documented order.
struct Json<'a>(&'a Report, &'a [(&'a str, Value)]);

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut overrides = serde_json::Map::new();
        for (u, c) in &r.latency_overrides {
            overrides.insert(u.to_string(), (*c).into());
        }
        let mut m = s.serialize_map(Some(9 + self.1.len()))?;
        m.serialize_entry("cycles", &r.cycles)?;
        m.serialize_entry("instructions", &r.instructions)?;
        m.serialize_entry("ipc", &r.ipc())?;
        m.serialize_entry("schedulers", &r.schedulers)?;
        m.serialize_entry("policy", r.policy.name())?;
        m.serialize_entry("latency_overrides", &overrides)?;
        m.serialize_entry("stalls", &r.stalls())?;
        m.serialize_entry("active_lanes", &Lanes(&r.active_lanes()))?;
        m.serialize_entry("warps", &r.warps)?;
        for (k, v) in self.1 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}
