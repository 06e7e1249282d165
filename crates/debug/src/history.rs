//! The EXEC history of a warp over a whole run, for front ends that draw it (the web
//! playground): EXEC before each of the warp's instructions in a window of steps, each with
//! the position to `goto` for it, and an overview of the whole run in at most
//! [`OVERVIEW_COLUMNS`] columns. A second [`Engine`] replays the launch's deterministic
//! schedule, so the debugged engine stays where it is; memory is bounded whatever the
//! length of the run (a window's rows plus the overviews of at most [`KEPT_OVERVIEWS`]
//! warps).

use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use warpkit_isa::Flags;

use crate::engine::{DebugConfig, Engine, WarpStatus};
use crate::target::Target;

/// Columns of an overview at most.
pub const OVERVIEW_COLUMNS: usize = 512;
/// Warps whose overviews are kept (then they are all dropped and made again when asked).
pub const KEPT_OVERVIEWS: usize = 4;

/// One step of a window: EXEC before the instruction at `pc`, and `position`, the engine's
/// position before it (where `goto` shows this step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExecRow {
    pub step: u64,
    pub position: u64,
    pub pc: u32,
    pub exec: u32,
    pub line: Option<u32>,
    pub mnemonic: &'static str,
    /// A branch or jump (`BR` or `IX` in the database).
    pub branch: bool,
    /// Writes EXEC (`WE`), as `saveexec` does.
    pub writes_exec: bool,
}

/// EXEC over a whole run, downsampled: each column covers `per` steps (a power of two that
/// doubles whenever the columns fill up, merging neighbours).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ExecOverview {
    pub per: u64,
    pub columns: Vec<OverviewColumn>,
    /// Steps covered (the whole run unless an interrupt cut it).
    pub steps: u64,
    pub complete: bool,
    /// EXEC after the last step covered.
    #[serde(skip)]
    pub final_exec: u32,
}

/// A run of `per` steps of an overview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OverviewColumn {
    /// The first step and the position before it.
    pub step: u64,
    pub position: u64,
    /// Lanes active in some / every step of the column.
    pub any: u32,
    pub all: u32,
    pub branch: bool,
    pub writes_exec: bool,
}

impl ExecOverview {
    fn push(&mut self, row: &ExecRow) {
        if self.per == 0 {
            self.per = 1;
        }
        if self.starts_column(row.step) && self.columns.len() == OVERVIEW_COLUMNS {
            self.columns = self
                .columns
                .chunks(2)
                .map(|p| {
                    let mut c = p[0];
                    if let Some(d) = p.get(1) {
                        c.any |= d.any;
                        c.all &= d.all;
                        c.branch |= d.branch;
                        c.writes_exec |= d.writes_exec;
                    }
                    c
                })
                .collect();
            self.per *= 2;
        }
        if self.starts_column(row.step) {
            self.columns.push(OverviewColumn {
                step: row.step,
                position: row.position,
                any: row.exec,
                all: row.exec,
                branch: row.branch,
                writes_exec: row.writes_exec,
            });
        } else if let Some(c) = self.columns.last_mut() {
            c.any |= row.exec;
            c.all &= row.exec;
            c.branch |= row.branch;
            c.writes_exec |= row.writes_exec;
        }
        self.steps = row.step + 1;
    }

    fn starts_column(&self, step: u64) -> bool {
        self.columns
            .last()
            .is_none_or(|c| step >= c.step + self.per)
    }
}

/// A window of steps of one warp.
#[derive(Clone, Debug, Serialize)]
pub struct ExecWindow {
    pub warp: usize,
    /// The first step asked for (the rows start there, or the run ended before it).
    pub window_start: u64,
    pub rows: Vec<ExecRow>,
    /// Whether the window holds every step it should (an interrupt may cut it).
    pub window_complete: bool,
}

/// The EXEC histories of one launch: what it replays, and the overviews made so far.
pub struct ExecHistory {
    target: Target,
    state: String,
    cfg: DebugConfig,
    overviews: HashMap<usize, ExecOverview>,
}

impl ExecHistory {
    /// The histories of the launch an [`Engine::new`] with these arguments makes.
    pub fn new(target: Target, state_json: &str, cfg: DebugConfig) -> ExecHistory {
        ExecHistory {
            target,
            state: state_json.to_string(),
            cfg,
            overviews: HashMap::new(),
        }
    }

    /// The overview of warp `w`, if a [`window`](Self::window) of it made one.
    pub fn overview(&self, w: usize) -> Option<&ExecOverview> {
        self.overviews.get(&w)
    }

    /// Steps `start..start + len` of warp `w` (fewer if the run ends first). The first
    /// window of a warp replays the whole run and makes its overview; later ones start
    /// from the overview's last column at or before `start` (a `goto`), so they cost at
    /// most a column's steps plus the window. A set `interrupt` stops the replay (checked
    /// every 256 steps): the window, and a first overview, then say they are incomplete.
    pub fn window(
        &mut self,
        w: usize,
        start: u64,
        len: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<ExecWindow, String> {
        let mut e = Engine::new(self.target.clone(), &self.state, self.cfg.clone())?;
        e.warp(w)?;
        let known = self.overviews.get(&w);
        if let Some(col) = known.and_then(|o| o.columns.iter().rev().find(|c| c.step <= start)) {
            e.goto(col.position);
        }
        let making = known.is_none();
        let end = start.saturating_add(len.max(1));
        let mut ov = ExecOverview::default();
        let mut rows = Vec::new();
        let mut n = 0u32;
        let mut cut = false;
        while let Some(row) = next_row(&e, w) {
            if !making && row.step >= end {
                break;
            }
            n = n.wrapping_add(1);
            if n.is_multiple_of(256) && interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                cut = true;
                break;
            }
            if making {
                ov.push(&row);
            }
            let step = row.step;
            if step >= start && step < end {
                rows.push(row);
            }
            if e.step(w).is_err() {
                break;
            }
        }
        if making {
            ov.complete = !cut;
            ov.final_exec = e.warp(w).map(|x| x.exec()).unwrap_or(0);
            if self.overviews.len() >= KEPT_OVERVIEWS {
                self.overviews.clear();
            }
            self.overviews.insert(w, ov);
        }
        Ok(ExecWindow {
            warp: w,
            window_start: start,
            rows,
            window_complete: !cut,
        })
    }
}

/// The step warp `w` of `e` is about to make, if it is live.
fn next_row(e: &Engine, w: usize) -> Option<ExecRow> {
    if !matches!(e.status(w), Ok(WarpStatus::Live)) {
        return None;
    }
    let warp = e.warp(w).ok()?;
    let pc = warp.pc();
    let (branch, writes_exec, mnemonic) = match e.program().inst_at(pc) {
        Some(i) => {
            let f = i.desc().flags;
            (
                f.has(Flags::BR) || f.has(Flags::IX),
                f.has(Flags::WE),
                i.desc().mnemonic,
            )
        }
        None => (false, false, ""),
    };
    Some(ExecRow {
        step: warp.steps(),
        position: e.position(),
        pc,
        exec: warp.exec(),
        line: e.target().lines.pos_of(pc).map(|p| p.line),
        mnemonic,
        branch,
        writes_exec,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lanes 0-7 run the loop body only: EXEC changes twice per iteration, for ever.
    const LOOP: &str = "        laneid v1\n        cmp.lt.u32.vi u2, v1, 8\ntop:\n        \
        saveexec.and u3, u2\n        add.vi v2, v2, 1\n        exec.set u3\n        jmp top\n";

    fn history(src: &str, state: &str, max_steps: u64) -> ExecHistory {
        let cfg = DebugConfig {
            max_steps,
            ..DebugConfig::default()
        };
        ExecHistory::new(Target::from_assembly("t.s", src).unwrap(), state, cfg)
    }

    #[test]
    fn each_row_is_what_the_engine_shows_at_its_position() {
        let state = r#"{"warps": [{}, {"exec": "0x0000ffff"}]}"#;
        let mut h = history(LOOP, state, 300);
        let win = h.window(1, 100, 40, None).unwrap();
        assert_eq!(win.rows.len(), 40);
        assert!(win.window_complete);
        let mut e = Engine::new(
            Target::from_assembly("t.s", LOOP).unwrap(),
            state,
            h.cfg.clone(),
        )
        .unwrap();
        for (k, r) in win.rows.iter().enumerate() {
            assert_eq!(r.step, 100 + k as u64);
            e.goto(r.position);
            let w = e.warp(1).unwrap();
            assert_eq!(
                (w.steps(), w.pc(), w.exec()),
                (r.step, r.pc, r.exec),
                "{r:?}"
            );
        }
        // Warp 1 starts with lanes 0-15: the loop body runs lanes 0-7.
        let body: Vec<_> = win.rows.iter().filter(|r| r.mnemonic == "add.vi").collect();
        assert!(!body.is_empty() && body.iter().all(|r| r.exec == 0xff));
        assert!(win.rows.iter().any(|r| r.exec == 0xffff && r.writes_exec));
        assert!(win.rows.iter().any(|r| r.branch && r.mnemonic == "jmp"));
    }

    #[test]
    fn the_overview_covers_the_whole_run_in_bounded_columns() {
        let mut h = history(LOOP, "{}", 5_000);
        let first = h.window(0, 4000 - 1024, 2048, None).unwrap();
        let o = h.overview(0).unwrap().clone();
        assert_eq!(o.steps, 5_000);
        assert!(o.complete);
        assert!(o.per.is_power_of_two() && o.per > 1, "{}", o.per);
        assert!(o.columns.len() <= OVERVIEW_COLUMNS);
        assert_eq!(o.columns.len() as u64, 5_000u64.div_ceil(o.per));
        assert_eq!((o.columns[5].all, o.columns[5].any), (0xff, u32::MAX));
        assert!(o.columns[5].writes_exec);
        // The window ends with the run.
        assert_eq!(first.rows.len(), 5_000 - 2976);
        // A later window starts from a column and agrees with the first one.
        let second = h.window(0, 2476, 2048, None).unwrap();
        assert_eq!(second.rows[0].step, 2476);
        assert_eq!(second.rows[500], first.rows[0]);
        assert_eq!(second.rows.len(), 2048);
    }

    #[test]
    fn an_interrupt_cuts_the_replay_and_says_so() {
        let stop = AtomicBool::new(true);
        let mut h = history(LOOP, "{}", 1 << 30);
        let win = h.window(0, 0, 10, Some(&stop)).unwrap();
        assert!(!win.window_complete);
        let o = h.overview(0).unwrap();
        assert!(!o.complete && o.steps < 1000, "{}", o.steps);
        // No such warp: an error, not a panic.
        assert!(h.window(3, 0, 10, None).is_err());
    }
}
