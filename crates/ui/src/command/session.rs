//! A debugging session: the engine and what the user set up around it (displays,
//! breakpoint names, where `list` goes on), and the small texts every command shows.

use super::parse::PrintFormat;
use std::fmt::Write as _;
use std::ops::DerefMut;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use warpkit_debug::{BreakKind, Engine, FaultCatch};

/// What one command produced: the text the front prints.
pub struct Reply {
    pub text: String,
    /// The command failed (`text` says why).
    pub failed: bool,
    /// The command was `quit`.
    pub quit: bool,
}

/// A debugging session over one engine. `E` holds the engine: owned (`Box<Engine>`, what
/// `warpkit debug` runs), lent for one command (`&mut Engine`), or `()` in a session whose
/// front keeps the engine itself (the DAP server, the playground) and lends it to each
/// command ([`Session::execute_on`]): displays and `list`'s place stay here between them.
pub struct Session<E = Box<Engine>> {
    pub(crate) e: E,
    pub(crate) color: bool,
    pub(crate) displays: Vec<(u32, PrintFormat, String)>,
    pub(crate) next_display: u32,
    /// Where a `list` right after the last one goes on: file and first line.
    pub(crate) list_next: Option<(String, u32)>,
    /// Every breakpoint's spec and whether it is temporary, as before the last motion.
    pub(crate) bp_names: std::collections::HashMap<u32, (String, bool)>,
    /// Set (by Ctrl-C, a DAP `pause`) to stop a running motion.
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Session {
    /// A session; `color`: ANSI colours in the texts (a terminal without `NO_COLOR`).
    pub fn new(e: Engine, color: bool) -> Session {
        Session::detached(color).with_engine(Box::new(e)).0
    }
}

impl Session<()> {
    /// A session without its engine (no colours): each command borrows one
    /// ([`Session::execute_on`]).
    pub fn detached(color: bool) -> Session<()> {
        Session {
            e: (),
            color,
            displays: Vec::new(),
            next_display: 1,
            bp_names: Default::default(),
            list_next: None,
            interrupt: None,
        }
    }
}

impl<E> Session<E> {
    /// The same session over another engine holder, and the one it had.
    pub(crate) fn with_engine<F>(self, e: F) -> (Session<F>, E) {
        let Session {
            e: old,
            color,
            displays,
            next_display,
            list_next,
            bp_names,
            interrupt,
        } = self;
        let s = Session {
            e,
            color,
            displays,
            next_display,
            list_next,
            bp_names,
            interrupt,
        };
        (s, old)
    }
}

impl<E: DerefMut<Target = Engine>> Session<E> {
    pub fn engine(&self) -> &Engine {
        &self.e
    }

    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.e
    }

    pub(crate) fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }

    pub(crate) fn catch_text(&self) -> String {
        match self.e.fault_catch() {
            FaultCatch::None => "none".into(),
            FaultCatch::Any => "any".into(),
            FaultCatch::Causes(c) => c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
        }
    }

    /// Where a breakpoint is and what limits it (`loop (0xc) prog.s:8, warp 1, if ...`).
    pub(crate) fn bp_where(&self, b: &warpkit_debug::Breakpoint) -> String {
        let mut s = match &b.kind {
            BreakKind::Code { pcs } => {
                let at: Vec<String> = pcs.iter().take(6).map(|p| format!("0x{p:x}")).collect();
                let more = if pcs.len() > 6 {
                    format!(" and {} more", pcs.len() - 6)
                } else {
                    String::new()
                };
                format!(
                    "{} ({}{more}){}",
                    spec_text(&b.spec),
                    at.join(", "),
                    pcs.first()
                        .map(|&p| self.line_suffix(p))
                        .unwrap_or_default()
                )
            }
            BreakKind::Watch { loc } => loc.to_string(),
        };
        if let Some(w) = b.warp {
            let _ = write!(s, ", warp {w}");
        }
        if let Some(c) = &b.condition {
            let _ = write!(s, ", if {c}");
        }
        s
    }

    pub(crate) fn describe_bp(&self, id: u32) -> String {
        let Some(b) = self.e.breakpoints().iter().find(|b| b.id == id) else {
            return format!("no breakpoint {id}");
        };
        match &b.kind {
            BreakKind::Code { .. } if b.temporary => {
                format!("Temporary breakpoint {id} at {}", self.bp_where(b))
            }
            BreakKind::Code { .. } => format!("Breakpoint {id} at {}", self.bp_where(b)),
            BreakKind::Watch { .. } => format!("Watchpoint {id}: {}", self.bp_where(b)),
        }
    }

    pub(crate) fn line_suffix(&self, pc: u32) -> String {
        if self.past_end(pc) {
            return String::new();
        }
        match self.e.target().lines.pos_of(pc) {
            Some(p) => format!(" {}:{}", p.file, p.line),
            None => String::new(),
        }
    }

    /// Whether `pc` is at or past the end of the code (where an exited warp stands): no
    /// label's offset and no source line describe it.
    pub(crate) fn past_end(&self, pc: u32) -> bool {
        pc as usize >= self.e.target().code.len()
    }

    /// ` <label+off>`, ` <end of code>`.
    pub(crate) fn symbol(&self, pc: u32) -> String {
        self.e
            .symbol_text(pc)
            .map(|s| format!(" {s}"))
            .unwrap_or_default()
    }
}

/// A breakpoint's spec as shown: a bare number is a line.
pub(crate) fn spec_text(spec: &str) -> String {
    if !spec.is_empty() && spec.bytes().all(|b| b.is_ascii_digit()) {
        format!("line {spec}")
    } else {
        spec.to_string()
    }
}

/// A hit condition as `info breakpoints` shows it.
pub(crate) fn hit_text(h: warpkit_debug::HitCondition) -> String {
    use warpkit_debug::HitCondition::*;
    match h {
        AtLeast(n) => format!(">= {n}"),
        Exactly(n) => format!("== {n}"),
        After(n) => format!("> {n}"),
        Every(n) => format!("every {n}th"),
    }
}

/// One value in a print format: the presenter every front shares.
pub(crate) fn cell(v: u64, fmt: PrintFormat, width: u32) -> String {
    let f = match fmt {
        PrintFormat::Hex => crate::present::Format::Hex,
        PrintFormat::Dec => crate::present::Format::I32,
        PrintFormat::Unsigned => crate::present::Format::U32,
        PrintFormat::F32 => crate::present::Format::F32,
        PrintFormat::F16 => crate::present::Format::F16,
    };
    crate::present::value(v, width, f)
}
