//! An llvm-mca-style text timeline of the first issued instructions: one row per dynamic
//! instruction (warp, PC, a strip with one column per cycle, the instruction).
//!
//! Marks: `=` waiting on a register, `~` waiting after a branch, `-` ready but another warp
//! issued, `I` issued (the first execution cycle), `e` executing, `E` the last execution
//! cycle (the writes complete at its end, so a dependent instruction can issue in the next
//! column). An instruction of latency 1 shows only `I`. `.` marks every fifth cycle.

use crate::config::units;
use crate::engine::{Issue, Observer, Wait};
use serde_json::{json, Value};
use std::fmt::Write as _;
use warpkit_sim::Program;

/// The widest strip printed, in cycles; later cycles are cut (and the cut is said).
pub const MAX_STRIP: u64 = 160;

/// The legend printed under the timeline.
pub const LEGEND: &str = "\
I issued (first execution cycle)   e executing   E last execution cycle (writes complete at its end)
= waiting on a register   ~ waiting after a branch   - ready, another warp issued";

/// Records the first `limit` issued instructions.
pub struct Timeline {
    limit: usize,
    rows: Vec<Issue>,
}

impl Timeline {
    pub fn new(limit: usize) -> Timeline {
        Timeline {
            limit,
            rows: Vec::with_capacity(limit.min(1 << 16)),
        }
    }

    /// The recorded instructions, in issue order.
    pub fn rows(&self) -> &[Issue] {
        &self.rows
    }

    /// The mark of cycle `c` in a row.
    pub fn mark(e: &Issue, c: u64) -> char {
        for (w, a, b) in e.waits() {
            if (a..b).contains(&c) {
                return match w {
                    Wait::Branch => '~',
                    Wait::Register { .. } => '=',
                    Wait::OtherWarp => '-',
                };
            }
        }
        let last = e.done() - 1;
        if c == e.cycle {
            'I'
        } else if c > e.cycle && c < last {
            'e'
        } else if c > e.cycle && c == last {
            'E'
        } else if c.is_multiple_of(5) {
            '.'
        } else {
            ' '
        }
    }

    /// The timeline as text, with the instructions disassembled from `program`.
    pub fn render(&self, program: &Program) -> String {
        let mut s = String::new();
        let Some(first) = self.rows.iter().map(|e| e.since).min() else {
            s.push_str("Timeline: no instruction to show.\n");
            return s;
        };
        let last = self
            .rows
            .iter()
            .map(|e| e.done() - 1)
            .max()
            .unwrap_or(first);
        let end = last.min(first + MAX_STRIP - 1);
        let _ = writeln!(
            s,
            "Timeline (first {} instructions in issue order; one column per cycle):\n",
            self.rows.len()
        );
        let width = (end - first + 1) as usize;
        let lead = format!("{:<7} {:>4} {:<10} ", "", "", "");
        let tens: String = (first..=end)
            .map(|c| {
                if c % 10 == 0 {
                    char::from_digit((c / 10 % 10) as u32, 10).unwrap_or(' ')
                } else {
                    ' '
                }
            })
            .collect();
        let ones: String = (first..=end)
            .map(|c| char::from_digit((c % 10) as u32, 10).unwrap_or(' '))
            .collect();
        let _ = writeln!(s, "{lead}{}", tens.trim_end());
        let _ = writeln!(
            s,
            "{:<7} {:>4} {:<10} {ones:<width$}  instruction",
            "index", "warp", "pc"
        );
        for (i, e) in self.rows.iter().enumerate() {
            let strip: String = (first..=end).map(|c| Timeline::mark(e, c)).collect();
            let _ = writeln!(
                s,
                "{:<7} {:>4} 0x{:08x} {strip}  {}",
                format!("[{i}]"),
                e.warp,
                e.pc,
                asm(program, e.pc)
            );
        }
        if last > end {
            let _ = writeln!(
                s,
                "(cycles after {end} are not shown: the strip is at most {MAX_STRIP} columns)"
            );
        }
        let _ = writeln!(s, "\n{LEGEND}");
        s
    }

    /// The rows as JSON objects (for `--json`).
    pub fn to_json(&self, program: &Program) -> Value {
        let rows: Vec<Value> = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let [(_, b0, b1), (_, r0, r1), (_, o0, o1)] = e.waits();
                json!({
                    "index": i,
                    "warp": e.warp,
                    "scheduler": e.scheduler,
                    "pc": format!("0x{:08x}", e.pc),
                    "asm": asm(program, e.pc),
                    "unit": units().get(e.unit as usize).map_or("", |u| u.name),
                    "lanes": e.lanes,
                    "since": e.since,
                    "issue": e.cycle,
                    "latency": e.latency,
                    "done": e.done(),
                    "waits": {"branch": b1 - b0, "register": r1 - r0, "other_warp": o1 - o0},
                })
            })
            .collect();
        Value::Array(rows)
    }
}

impl Observer for Timeline {
    fn issue(&mut self, e: &Issue) {
        if self.rows.len() < self.limit {
            self.rows.push(*e);
        }
    }
}

/// The instruction at `pc` as assembly.
pub(crate) fn asm(program: &Program, pc: u32) -> String {
    let mut s = String::new();
    if let Some(i) = program.inst_at(pc) {
        warpkit_asm::format_inst(&i, pc, None, &mut s);
    }
    s
}
