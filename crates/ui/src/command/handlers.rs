//! One handler per command: [`Session::execute`] parses a line ([`parse`]) and runs the
//! command's handler, whose text the front prints.

use super::help::{help_of, HELP};
use super::parse::{parse, Command, PrintFormat, Spec};
use super::session::{cell, Reply, Session};
use std::fmt::Write as _;
use std::ops::DerefMut;
use std::sync::atomic::{AtomicBool, Ordering};
use warpkit_debug::{BreakKind, Engine, HitCondition, StatePlace, Stop, StopReason, WarpStatus};

/// A handler's result: the text to print, or `None` to quit.
type CmdResult = Result<Option<String>, String>;

impl<E: DerefMut<Target = Engine>> Session<E> {
    /// Run one command line.
    pub fn execute(&mut self, line: &str) -> Reply {
        self.execute_parsed(parse(line))
    }

    /// Run one parsed line (`None`: nothing to run).
    fn execute_parsed(&mut self, parsed: Result<Option<Command>, String>) -> Reply {
        match parsed.and_then(|c| match c {
            Some(c) => self.run_command(c),
            None => Ok(Some(String::new())),
        }) {
            Ok(Some(text)) => Reply {
                text,
                failed: false,
                quit: false,
            },
            Ok(None) => Reply {
                text: String::new(),
                failed: false,
                quit: true,
            },
            Err(e) => Reply {
                text: format!("{}\n", self.paint("31", &format!("error: {e}"))),
                failed: true,
                quit: false,
            },
        }
    }

    /// Run one parsed command.
    pub fn run_command(&mut self, c: Command) -> CmdResult {
        // A Ctrl-C between commands is not meant for the next one.
        if let Some(f) = &self.interrupt {
            f.store(false, Ordering::Relaxed);
        }
        // Only a `list` right after a `list` goes on from it.
        let listed = self.list_next.take();
        self.bp_names = self
            .e
            .breakpoints()
            .iter()
            .map(|b| (b.id, (b.spec.clone(), b.temporary)))
            .collect();
        let w = self.e.selected();
        let text = match c {
            Command::Break { spec, temporary } => self.cmd_break(spec, temporary)?,
            Command::Watch(spec) => self.cmd_watch(spec)?,
            Command::Delete(ids) => self.cmd_delete(&ids)?,
            Command::Enable { ids, on } => {
                for id in ids {
                    self.e.enable(id, on)?;
                }
                String::new()
            }
            Command::Condition { id, cond } => {
                self.e.set_condition(id, cond.as_deref())?;
                format!("{}\n", self.describe_bp(id))
            }
            Command::Ignore { id, n } => self.cmd_ignore(id, n)?,
            Command::Catch(c) => {
                self.e.set_fault_catch(c);
                format!("Faults that stop: {}.\n", self.catch_text())
            }
            Command::Step(n) => self.repeat(w, n, |e, _| e.step(w))?,
            Command::Next(n) => self.repeat(w, n, |e, i| e.next(w, i))?,
            Command::Finish => self.motion(|e, i| e.finish(w, i))?,
            Command::Until(None) => self.motion(|e, i| e.until(w, i))?,
            Command::Until(Some(loc)) | Command::Advance(loc) => {
                let pcs = self.e.resolve(&loc)?;
                self.motion(|e, i| e.advance(w, pcs, i))?
            }
            Command::Continue(n) => self.cmd_continue(n)?,
            Command::ReverseStep(n) => self.repeat(w, n, |e, i| e.reverse_step_within(w, i))?,
            Command::ReverseNext(n) => self.repeat(w, n, |e, i| e.reverse_next_within(w, i))?,
            Command::ReverseFinish => self.motion(|e, i| e.reverse_finish_within(w, i))?,
            Command::ReverseContinue => self.motion(|e, i| Ok(e.reverse_continue_within(i)))?,
            Command::Goto(p) => self.motion(|e, i| Ok(e.goto_within(p, i)))?,
            Command::Run => self.motion(|e, i| Ok(e.rerun(i)))?,
            Command::LastWrite(loc) => self.cmd_last_write(&loc)?,
            Command::Print { format, what } => self.print(&what, format)?,
            Command::Display { format, what } => self.cmd_display(format, what)?,
            Command::Undisplay(ids) => self.cmd_undisplay(&ids)?,
            Command::Set { loc, value, text } => {
                self.e.set(w, &loc, value)?;
                format!("{loc} = {text} (the recorded future is dropped)\n")
            }
            Command::Info(what) => self.info(&what)?,
            Command::Backtrace => self.info("frame")?,
            Command::Disassemble(rest) => self.disas(&rest)?,
            Command::List(rest) => self.list(&rest, listed)?,
            Command::Warp(n) => {
                if let Some(n) = n {
                    self.e.select(n)?;
                }
                self.where_text()
            }
            Command::Help(cmd) => help(cmd.as_deref())?,
            Command::Quit => return Ok(None),
        };
        Ok(Some(text))
    }

    /// One motion with the session's interrupt, and its stop report.
    fn motion(
        &mut self,
        f: impl FnOnce(&mut Engine, Option<&AtomicBool>) -> Result<Stop, String>,
    ) -> Result<String, String> {
        let interrupt = self.interrupt.clone();
        let s = f(&mut self.e, interrupt.as_deref())?;
        Ok(self.report(Some(s)))
    }

    fn cmd_break(&mut self, spec: Spec, temporary: bool) -> Result<String, String> {
        let id = self
            .e
            .add_breakpoint(&spec.loc, spec.warp, spec.cond.as_deref())?;
        if temporary {
            self.e.set_temporary(id, true)?;
        }
        Ok(format!("{}\n", self.describe_bp(id)))
    }

    fn cmd_watch(&mut self, spec: Spec) -> Result<String, String> {
        let id = self
            .e
            .add_watchpoint(&spec.loc, spec.warp, spec.cond.as_deref())?;
        Ok(format!("{}\n", self.describe_bp(id)))
    }

    fn cmd_delete(&mut self, ids: &[u32]) -> Result<String, String> {
        if ids.is_empty() {
            self.e.delete_all();
            return Ok("Deleted all breakpoints.\n".into());
        }
        for &id in ids {
            self.e.delete(id)?;
        }
        Ok(String::new())
    }

    fn hits(&self, id: u32) -> u64 {
        self.e
            .breakpoints()
            .iter()
            .find(|b| b.id == id)
            .map_or(0, |b| b.hits)
    }

    fn cmd_ignore(&mut self, id: u32, n: u64) -> Result<String, String> {
        let hits = self.hits(id);
        self.e
            .set_hit_condition(id, Some(HitCondition::AtLeast(hits + n + 1)))?;
        Ok(format!(
            "Will ignore next {n} crossings of breakpoint {id}.\n"
        ))
    }

    fn cmd_continue(&mut self, n: Option<u64>) -> Result<String, String> {
        let mut out = String::new();
        if let (Some(n), Some(StopReason::Breakpoint { id })) = (n, self.last_bp()) {
            let hits = self.hits(id);
            self.e
                .set_hit_condition(id, Some(HitCondition::AtLeast(hits + n)))?;
            let _ = writeln!(
                out,
                "Will ignore next {} crossings of breakpoint {id}.",
                n - 1
            );
        }
        out.push_str(&self.motion(|e, i| Ok(e.cont(i)))?);
        Ok(out)
    }

    fn cmd_last_write(&mut self, what: &str) -> Result<String, String> {
        let w = self.e.selected();
        let loc = StatePlace::parse(what)?;
        let Some(wi) = self.e.last_write(w, what)? else {
            return Ok(format!(
                "{loc} of warp {w} was not written since the launch.\n"
            ));
        };
        let asm = self
            .e
            .disassemble_at(wi.pc)
            .map(|a| a.0)
            .unwrap_or_default();
        let values: Vec<String> = wi
            .value
            .iter()
            .map(|v| cell(*v, PrintFormat::Hex, loc.width()))
            .collect();
        Ok(format!(
            "{loc} of warp {w} last written at position {} (warp step {}), pc 0x{:08x}{}: {asm}\n  value then: {}\n",
            wi.position,
            wi.step,
            wi.pc,
            self.line_suffix(wi.pc),
            values.join(" ")
        ))
    }

    fn cmd_display(&mut self, f: PrintFormat, what: Option<String>) -> Result<String, String> {
        let Some(what) = what else {
            return Ok(self.show_displays());
        };
        let text = self.print(&what, f)?;
        self.displays.push((self.next_display, f, what));
        let out = format!("{}: {text}", self.next_display);
        self.next_display += 1;
        Ok(out)
    }

    fn cmd_undisplay(&mut self, ids: &[u32]) -> Result<String, String> {
        if ids.is_empty() {
            self.displays.clear();
        }
        for &id in ids {
            let n = self.displays.len();
            self.displays.retain(|d| d.0 != id);
            if n == self.displays.len() {
                return Err(format!("no display {id}"));
            }
        }
        Ok(String::new())
    }

    /// A motion of warp `w` made `n` times, stopping early at any other stop, when the warp
    /// ends (its stop is reported, then why it stopped short) or on Ctrl-C.
    fn repeat(
        &mut self,
        w: usize,
        n: u64,
        mut motion: impl FnMut(&mut Engine, Option<&AtomicBool>) -> Result<Stop, String>,
    ) -> Result<String, String> {
        let interrupt = self.interrupt.clone();
        let mut stop = None;
        let mut done = 0;
        while done < n {
            if interrupt
                .as_deref()
                .is_some_and(|f| f.swap(false, Ordering::Relaxed))
            {
                stop = Some(Stop {
                    reason: StopReason::Interrupted,
                    ..stop.unwrap_or(Stop {
                        position: self.e.position(),
                        warp: Some(w),
                        reason: StopReason::Interrupted,
                        also: Vec::new(),
                    })
                });
                break;
            }
            let s = motion(&mut self.e, interrupt.as_deref())?;
            done += 1;
            let go_on = matches!(s.reason, StopReason::Step | StopReason::Returned);
            stop = Some(s);
            if !go_on {
                break;
            }
            if done < n && self.e.status(w)? != WarpStatus::Live {
                let mut text = self.report(stop);
                let _ = writeln!(
                    text,
                    "Warp {w} has ended ({}) after {done} of {n}.",
                    self.e.status(w)?.name()
                );
                return Ok(text);
            }
        }
        Ok(self.report(stop))
    }

    /// The breakpoint at the selected warp's PC (what `continue N` ignores).
    fn last_bp(&self) -> Option<StopReason> {
        let w = self.e.selected();
        let pc = self.e.warp(w).ok()?.pc();
        self.e
            .breakpoints()
            .iter()
            .find(|b| matches!(&b.kind, BreakKind::Code { pcs } if pcs.contains(&pc)))
            .map(|b| StopReason::Breakpoint { id: b.id })
    }
}

impl Session<()> {
    /// Run one command line on a lent engine, for a front whose own controls run the
    /// motions (the DAP's toolbar, the playground's buttons: their stop events and views
    /// follow the engine only through them). A motion or `quit` is refused with an error
    /// that ends with `hint`, which names those controls; every other command runs.
    pub fn execute_on(&mut self, e: &mut Engine, line: &str, hint: &str) -> Reply {
        let parsed = parse(line).and_then(|c| match c {
            Some(c) if c.moves() || c == Command::Quit => {
                let word = line.split_whitespace().next().unwrap_or_default();
                Err(format!("`{word}` is not run here: {hint}"))
            }
            c => Ok(c),
        });
        let me = std::mem::replace(self, Session::detached(self.color));
        let (mut lent, ()) = me.with_engine(e);
        let r = lent.execute_parsed(parsed);
        *self = lent.with_engine(()).0;
        r
    }
}

/// `help`, `help CMD`.
fn help(cmd: Option<&str>) -> Result<String, String> {
    let mut out = String::new();
    match cmd {
        None => {
            for (names, usage, _) in HELP {
                let alias = if names.len() > 1 {
                    format!(" ({})", names[1..].join(", "))
                } else {
                    String::new()
                };
                let _ = writeln!(out, "  {usage:<46}{alias}");
            }
            out.push_str("Enter repeats the last command. `help CMD` explains one.\n");
        }
        Some(c) => {
            let (names, usage, text) =
                help_of(c).ok_or_else(|| format!("no command `{c}`; `help` lists them"))?;
            let _ = writeln!(out, "{usage}\n  {text}\n  Names: {}", names.join(", "));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::names_command;
    use warpkit_debug::{DebugConfig, Target};

    /// The vocabulary without a terminal: what a DAP console or the playground would run.
    #[test]
    fn a_session_answers_commands_with_text() {
        let t = Target::from_assembly("k.s", "laneid v1\nloop:\nadd.vi v1, v1, 1\n").unwrap();
        let e = Engine::new(t, r#"{"warps": [{}, {}]}"#, DebugConfig::default()).unwrap();
        let mut s = Session::new(e, false);
        let r = s.execute("b loop warp 1");
        assert!(
            !r.failed && r.text.starts_with("Breakpoint 1 at loop (0x4)"),
            "{}",
            r.text
        );
        let r = s.execute("c");
        assert!(
            r.text.starts_with("Breakpoint 1 (loop), warp 1\n[pos 3]"),
            "{}",
            r.text
        );
        assert_eq!(s.execute("p v1[3]").text, "v1[3] = 0x00000003 (3)\n");
        let r = s.execute("goto -1");
        assert!(r.failed && r.text.starts_with("error: goto needs a position"));
        assert_eq!(s.execute("").text, "");
        assert!(s.execute("quit").quit);
        assert_eq!(
            parse("i b").unwrap(),
            Some(Command::Info("b".into())),
            "aliases resolve before the handler"
        );
    }

    /// A front that keeps its engine lends it per command: displays stay in the session,
    /// motions are refused with the front's hint and leave the engine where it was.
    #[test]
    fn a_detached_session_runs_commands_on_a_lent_engine_and_refuses_motions() {
        let t = Target::from_assembly("k.s", "laneid v1\nadd.vi v1, v1, 1\n").unwrap();
        let mut e = Engine::new(t, r#"{"warps": [{}]}"#, DebugConfig::default()).unwrap();
        let mut s = Session::detached(false);
        let r = s.execute_on(&mut e, "display/d v1[2]", "use the buttons");
        assert_eq!(r.text, "1: v1[2] = 0\n", "{}", r.text);
        let r = s.execute_on(&mut e, "si", "use the buttons");
        assert!(
            r.failed && r.text == "error: `si` is not run here: use the buttons\n",
            "{}",
            r.text
        );
        assert!(s.execute_on(&mut e, "quit", "use the buttons").failed);
        assert_eq!(e.position(), 0, "a refused motion does not move");
        e.step(0).unwrap();
        let r = s.execute_on(&mut e, "info display", "h");
        assert_eq!(
            r.text, "1: v1[2] = 2\n",
            "the display is kept, on the moved engine"
        );
        assert!(names_command("p/f v1") && names_command("x/i") && !names_command("v1 + 1"));
    }
}
