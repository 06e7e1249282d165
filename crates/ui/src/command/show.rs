//! What a stop, a place and a value look like: the position line, the reasons a motion
//! stopped, registers as lane grids, expressions.

use super::parse::PrintFormat;
use super::session::{cell, spec_text, Session};
use std::fmt::Write as _;
use std::ops::DerefMut;
use warpkit_debug::{Engine, StatePlace, Stop, StopReason, WarpStatus};
use warpkit_sim::LANES;

impl<E: DerefMut<Target = Engine>> Session<E> {
    /// The selected warp's position: a header line, the source line, the instruction.
    pub fn where_text(&self) -> String {
        let w = self.e.selected();
        let Ok(v) = self.e.warp_view(w) else {
            return String::new();
        };
        let mut s = format!(
            "{} warp {w} ({}), step {}, pc 0x{:08x}{}{}, exec 0x{:08x} ({}/32)\n",
            self.paint("1", &format!("[pos {}]", self.e.position())),
            v.status.name(),
            v.steps,
            v.pc,
            self.symbol(v.pc),
            self.line_suffix(v.pc),
            v.exec,
            v.active_lanes
        );
        if let Some(p) = self
            .e
            .target()
            .lines
            .pos_of(v.pc)
            .filter(|_| !self.past_end(v.pc))
        {
            if let Some(text) = self.e.target().source_line(&p.file, p.line) {
                let _ = writeln!(s, "{:>6} | {}", p.line, text.trim_end());
            }
        }
        match self.e.disassemble_at(v.pc) {
            Some((asm, _)) if v.status == WarpStatus::Live => {
                let _ = writeln!(s, "=> 0x{:08x}: {}", v.pc, self.paint("32", &asm));
            }
            _ => {}
        }
        if let Some(f) = &v.fault {
            let _ = writeln!(
                s,
                "   faulted: {} (cause {}) at pc 0x{:08x}, word {}: {}",
                f.name, f.cause, f.pc, f.word, f.reason
            );
        }
        s
    }

    pub(crate) fn report(&mut self, stop: Option<Stop>) -> String {
        let Some(stop) = stop else {
            return String::new();
        };
        let mut s = String::new();
        let who = stop.warp.map(|w| format!(", warp {w}")).unwrap_or_default();
        for r in std::iter::once(&stop.reason).chain(&stop.also) {
            let head = self.reason_text(r, &who);
            if !head.is_empty() {
                let _ = writeln!(s, "{}", self.paint("33", &head));
            }
        }
        s.push_str(&self.where_text());
        s.push_str(&self.show_displays());
        s
    }

    /// The head line of a stop's reason (empty for a plain step or goto).
    pub(crate) fn reason_text(&self, reason: &StopReason, who: &str) -> String {
        match reason {
            StopReason::Step | StopReason::Goto => String::new(),
            StopReason::Breakpoint { id } => {
                // A temporary breakpoint is gone once it stopped: its name was kept.
                let (spec, temporary) = self
                    .bp_names
                    .get(id)
                    .cloned()
                    .unwrap_or_else(|| (String::new(), false));
                let spec = spec_text(&spec);
                let kind = if temporary {
                    "Temporary breakpoint"
                } else {
                    "Breakpoint"
                };
                format!("{kind} {id} ({spec}){who}")
            }
            StopReason::Watchpoint { id, loc, old, new } => {
                let show = |v: &Vec<u64>| match v.as_slice() {
                    [x] => cell(*x, PrintFormat::Hex, loc.width()),
                    lanes => {
                        let changed: Vec<String> = lanes
                            .iter()
                            .zip(if new.len() == lanes.len() {
                                new.iter()
                            } else {
                                lanes.iter()
                            })
                            .enumerate()
                            .filter(|(_, (a, b))| a != b)
                            .map(|(i, _)| i.to_string())
                            .collect();
                        format!("[{} lanes]", changed.len())
                    }
                };
                let mut h = format!(
                    "Watchpoint {id}: {loc}{who}\nOld value = {}\nNew value = {}",
                    show(old),
                    show(new)
                );
                if old.len() > 1 {
                    let lanes: Vec<String> = (0..old.len())
                        .filter(|&i| old[i] != new[i])
                        .map(|i| {
                            format!(
                                "[{i}] {} -> {}",
                                cell(old[i], PrintFormat::Hex, loc.width()),
                                cell(new[i], PrintFormat::Hex, loc.width())
                            )
                        })
                        .collect();
                    h = format!(
                        "Watchpoint {id}: {loc}{who}\nchanged lanes: {}",
                        lanes.join(", ")
                    );
                }
                h
            }
            StopReason::Fault { fault } => format!(
                "Fault{who}: {} (cause {}) at pc 0x{:08x}, word {}: {}",
                fault.name, fault.cause, fault.pc, fault.word, fault.reason
            ),
            StopReason::Returned => format!("Run till exit{who}: returned"),
            StopReason::Location => String::new(),
            StopReason::WarpEnded => format!("The warp ended{who}"),
            StopReason::AllEnded => {
                "The program ended: no warp is live (exited, faulted or at the step limit).".into()
            }
            StopReason::HistoryStart => "No more reverse-execution history: at the launch.".into(),
            StopReason::Interrupted => "Interrupted.".into(),
        }
    }

    pub(crate) fn show_displays(&self) -> String {
        let mut s = String::new();
        for (id, f, e) in &self.displays {
            match self.print(e, *f) {
                Ok(t) => {
                    let _ = write!(s, "{id}: {t}");
                }
                Err(err) => {
                    let _ = writeln!(s, "{id}: {e}: {err}");
                }
            }
        }
        s
    }

    pub(crate) fn print(&self, what: &str, f: PrintFormat) -> Result<String, String> {
        if what.is_empty() {
            return Err("print needs a register or an expression".into());
        }
        let w = self.e.selected();
        let warp = self.e.warp(w)?;
        let mut s = String::new();
        if let Ok(loc) = StatePlace::parse(what) {
            loc.check(warp)?;
            let vals = loc.read(warp);
            if loc.is_vector() {
                let exec = warp.exec();
                let per_row = if loc.width() == 64 || f == PrintFormat::F16 {
                    4
                } else {
                    8
                };
                let _ = writeln!(
                    s,
                    "{loc} (warp {w}; * = lane inactive under exec 0x{exec:08x}):"
                );
                // Columns as wide as the widest value, so that they line up.
                let cells: Vec<String> = vals.iter().map(|v| cell(*v, f, loc.width())).collect();
                let wd = cells.iter().map(String::len).max().unwrap_or(0).max(12);
                for row in (0..LANES).step_by(per_row) {
                    let _ = write!(s, "  [{row:>2}]");
                    for (i, c) in cells.iter().enumerate().skip(row).take(per_row) {
                        let mark = if exec >> i & 1 == 1 { " " } else { "*" };
                        let text = format!(" {c:>wd$}{mark}");
                        s.push_str(&if mark == "*" {
                            self.paint("2", &text)
                        } else {
                            text
                        });
                    }
                    s.push('\n');
                }
                return Ok(s);
            }
            if loc == (StatePlace::Exec { lane: None }) {
                let e = vals[0] as u32;
                let strip: String = (0..32)
                    .map(|i| if e >> i & 1 == 1 { '1' } else { '.' })
                    .collect();
                let _ = writeln!(
                    s,
                    "exec = 0x{e:08x} ({} of 32 active)\n  lanes 0..31: {strip}",
                    e.count_ones()
                );
                return Ok(s);
            }
            let v = vals[0];
            let fmt = if f == PrintFormat::Hex
                && matches!(loc, StatePlace::Rm | StatePlace::Rm16 | StatePlace::Steps)
            {
                PrintFormat::Unsigned
            } else {
                f
            };
            let _ = write!(s, "{loc} = {}", cell(v, fmt, loc.width()));
            match loc {
                StatePlace::Rm | StatePlace::Rm16 => {
                    let _ = write!(s, " ({})", warpkit_sim::rm::name(v as u8).unwrap_or("?"));
                }
                StatePlace::Mode => {
                    let _ = write!(
                        s,
                        " (rm {}, rm16 {})",
                        warpkit_sim::rm::name(v as u8 & 0xf).unwrap_or("?"),
                        warpkit_sim::rm::name((v >> 4) as u8).unwrap_or("?")
                    );
                }
                StatePlace::Fflags { .. } => {
                    let names: Vec<&str> = warpkit_debug::loc::FFLAG_NAMES
                        .iter()
                        .filter(|(_, b)| v as u8 & b != 0)
                        .map(|(n, _)| *n)
                        .collect();
                    let _ = write!(
                        s,
                        " ({})",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(" ")
                        }
                    );
                }
                _ if f == PrintFormat::Hex => {
                    let _ = write!(s, " ({v})");
                }
                _ => {}
            }
            s.push('\n');
            return Ok(s);
        }
        let v = self.e.eval(w, what)?;
        let _ = writeln!(
            s,
            "{} = {}",
            what.trim(),
            match f {
                PrintFormat::Hex => format!("{v} (0x{v:x})"),
                _ => cell(v as u64, f, 64),
            }
        );
        Ok(s)
    }
}
