//! Per-instruction totals, as llvm-mca's per-instruction view: for every PC that issued,
//! how many times it issued (all warps together) and the cycles it waited before issue, by
//! cause (a register pending, by the producing unit; a branch's latency; another warp
//! issued). The waits of an issue are exactly those of [`Issue::waits`], so summed over the
//! PCs they equal the per-warp stall totals of the [`Report`](crate::Report) (without
//! `finished`, which belongs to no instruction).

use crate::config::units;
use crate::engine::{Issue, Observer, Wait};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use warpkit_sim::Program;

/// Totals of one PC.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PcTotal {
    pub issues: u64,
    /// Cycles waiting on a register, by unit (indexed like [`units`]).
    pub register: Vec<u64>,
    pub branch: u64,
    pub other_warp: u64,
}

impl PcTotal {
    pub fn stalls(&self) -> u64 {
        self.register.iter().sum::<u64>() + self.branch + self.other_warp
    }
}

/// The observer: totals per PC, in PC order.
#[derive(Clone, Debug, Default)]
pub struct PerPc {
    pub pcs: BTreeMap<u32, PcTotal>,
}

impl Observer for PerPc {
    fn issue(&mut self, e: &Issue) {
        let t = self.pcs.entry(e.pc).or_default();
        t.issues += 1;
        for (cause, start, end) in e.waits() {
            let n = end - start;
            match cause {
                Wait::Branch => t.branch += n,
                Wait::OtherWarp => t.other_warp += n,
                Wait::Register { unit } => {
                    let u = unit as usize;
                    if t.register.len() <= u {
                        t.register.resize(u + 1, 0);
                    }
                    t.register[u] += n;
                }
            }
        }
    }
}

/// Register-wait cycles by unit name, the units with a nonzero count only.
fn by_unit(t: &PcTotal) -> Vec<(&'static str, u64)> {
    let all = units();
    t.register
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| (all.get(i).map_or("?", |u| u.name), n))
        .collect()
}

impl PerPc {
    /// A table for people: one row per PC with its instruction.
    pub fn to_text(&self, program: &Program) -> String {
        let mut s = String::from("per instruction (all warps):\n");
        let _ = writeln!(
            s,
            "{:>10} {:>10} {:>10} {:>10} {:>10} {:>10}  {:<22} instruction",
            "pc", "issues", "stalls", "register", "branch", "other-warp", "register by unit"
        );
        for (pc, t) in &self.pcs {
            let units: Vec<String> = by_unit(t)
                .into_iter()
                .map(|(u, n)| format!("{u} {n}"))
                .collect();
            let _ = writeln!(
                s,
                "0x{pc:08x} {:>10} {:>10} {:>10} {:>10} {:>10}  {:<22} {}",
                t.issues,
                t.stalls(),
                t.register.iter().sum::<u64>(),
                t.branch,
                t.other_warp,
                if units.is_empty() {
                    "-".to_string()
                } else {
                    units.join(", ")
                },
                crate::timeline::asm(program, *pc)
            );
        }
        s
    }

    /// JSON: an array in PC order of `{pc, asm, issues, stalls: {register: {unit: n},
    /// branch, other_warp}}`.
    pub fn to_json(&self, program: &Program) -> Value {
        Value::Array(
            self.pcs
                .iter()
                .map(|(pc, t)| {
                    let reg: serde_json::Map<String, Value> = by_unit(t)
                        .into_iter()
                        .map(|(u, n)| (u.to_string(), json!(n)))
                        .collect();
                    json!({
                        "pc": pc,
                        "asm": crate::timeline::asm(program, *pc),
                        "issues": t.issues,
                        "stalls": {"register": reg, "branch": t.branch, "other_warp": t.other_warp},
                    })
                })
                .collect(),
        )
    }
}
