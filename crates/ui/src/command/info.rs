//! `info`, `disassemble` and `list`: the state, the code and the source as text.

use super::parse::PrintFormat;
use super::session::{hit_text, Session};
use std::fmt::Write as _;
use std::ops::DerefMut;
use warpkit_debug::{BreakKind, Engine};

impl<E: DerefMut<Target = Engine>> Session<E> {
    pub(crate) fn info(&self, what: &str) -> Result<String, String> {
        let (sub, rest) = what.split_once(char::is_whitespace).unwrap_or((what, ""));
        let w = self.e.selected();
        let mut s = String::new();
        match sub {
            "registers" | "r" | "reg" | "all-registers" => {
                if !rest.trim().is_empty() {
                    for r in rest.split_whitespace() {
                        s.push_str(&self.print(r, PrintFormat::Hex)?);
                    }
                    return Ok(s);
                }
                let warp = self.e.warp(w)?;
                let m = warp.mode();
                let _ = writeln!(
                    s,
                    "warp {w}: pc 0x{:08x}  exec 0x{:08x}  mode rm={} rm16={}  fflags 0x{:02x}  vgprs {}  steps {}",
                    warp.pc(),
                    warp.exec(),
                    warpkit_sim::rm::name(m.rm).unwrap_or("?"),
                    warpkit_sim::rm::name(m.rm16).unwrap_or("?"),
                    warp.fflags(),
                    warp.vgprs(),
                    warp.steps()
                );
                for row in (0..64).step_by(8) {
                    let _ = write!(s, "  ");
                    for r in row..row + 8 {
                        let _ = write!(s, "{:>4} 0x{:08x}", format!("u{r}"), warp.uregs()[r]);
                    }
                    s.push('\n');
                }
                s.push_str("(vector registers: `p v3`, `info registers v0 v1`)\n");
            }
            "warps" | "threads" => {
                let _ = writeln!(s, "  warp  status      pc          steps       attempts    exec        active  frames");
                for v in self.e.warp_views() {
                    let mark = if v.index == w { '*' } else { ' ' };
                    let _ = writeln!(
                        s,
                        "{mark} {:<5} {:<11} 0x{:08x}  {:<11} {:<11} 0x{:08x}  {:<7} {}{}",
                        v.index,
                        v.status.name(),
                        v.pc,
                        v.steps,
                        v.attempts,
                        v.exec,
                        v.active_lanes,
                        v.frames.len(),
                        if v.next { "  (next)" } else { "" }
                    );
                }
            }
            "breakpoints" | "b" | "break" | "watchpoints" => {
                if self.e.breakpoints().is_empty() {
                    s.push_str("No breakpoints or watchpoints.\n");
                } else {
                    let _ = writeln!(s, "Num  Type        Enb  Hits  What");
                    for b in self.e.breakpoints() {
                        let ty = match b.kind {
                            BreakKind::Code { .. } => "breakpoint",
                            BreakKind::Watch { .. } => "watchpoint",
                        };
                        let what = self.bp_where(b);
                        let hc = b.hit_condition.map(|h| format!(", stops at hits {}", hit_text(h))).unwrap_or_default();
                        let ty = if b.temporary { "tbreak" } else { ty };
                        let _ = writeln!(s, "{:<4} {ty:<11} {:<4} {:<5} {what}{hc}", b.id, if b.enabled { "y" } else { "n" }, b.hits);
                    }
                }
                let _ = writeln!(s, "Faults that stop: {}.", self.catch_text());
            }
            "frame" | "f" | "stack" => {
                let frames = self.e.frames(w)?;
                let pc = self.e.warp(w)?.pc();
                let _ = writeln!(s, "#0  0x{pc:08x}{}{}", self.symbol(pc), self.line_suffix(pc));
                for (i, f) in frames.iter().rev().enumerate() {
                    let _ = writeln!(
                        s,
                        "#{}  0x{:08x}{}{}  (called 0x{:08x}{}, returns to 0x{:08x})",
                        i + 1,
                        f.call_pc,
                        self.symbol(f.call_pc),
                        self.line_suffix(f.call_pc),
                        f.target,
                        self.symbol(f.target),
                        f.return_pc
                    );
                }
            }
            "display" => s.push_str(&self.show_displays()),
            "line" => {
                let pc = self.e.warp(w)?.pc();
                match self.e.target().lines.pos_of(pc) {
                    Some(p) => {
                        let _ = writeln!(s, "pc 0x{pc:08x} is in {}:{}", p.file, p.line);
                    }
                    None => {
                        let _ = writeln!(s, "no line information for pc 0x{pc:08x}");
                    }
                }
            }
            "history" | "checkpoints" | "record" => {
                let h = self.e.history_stats();
                let _ = writeln!(
                    s,
                    "position {}; {} checkpoints ({} to {}), {} KiB of a {} KiB budget{}",
                    self.e.position(),
                    h.checkpoints,
                    h.first,
                    h.last,
                    h.bytes.div_ceil(1024),
                    h.budget_bytes / 1024,
                    if h.bytes > h.budget_bytes {
                        " (over it: the launch state is kept whatever the budget)"
                    } else {
                        ""
                    }
                );
            }
            "" => return Err("info what? registers, warps, breakpoints, frame, display, line, history".into()),
            _ => return Err(format!("unknown `info {sub}`: registers, warps, breakpoints, frame, display, line, history")),
        }
        Ok(s)
    }

    pub(crate) fn disas(&self, rest: &str) -> Result<String, String> {
        let w = self.e.selected();
        let pc_now = self.e.warp(w)?.pc();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (start, n) = match words.as_slice() {
            [] => (None, 8usize),
            [l] => (Some(*l), 8),
            [l, n] => (
                Some(*l),
                n.parse().map_err(|_| format!("`{n}` is not a count"))?,
            ),
            _ => return Err("usage: disassemble [LOC] [N]".into()),
        };
        let starts = self.e.target().instruction_starts();
        let from = match start {
            Some(l) => *self.e.resolve(l)?.first().ok_or("no such location")?,
            None => {
                let i = starts.partition_point(|&p| p < pc_now);
                starts.get(i.saturating_sub(3)).copied().unwrap_or(0)
            }
        };
        let mut s = String::new();
        let i = starts.partition_point(|&p| p < from);
        for &pc in starts.iter().skip(i).take(n.clamp(1, 10_000)) {
            if let Some(l) = self.e.target().label_at(pc) {
                let _ = writeln!(s, "{l}:");
            }
            let mark = if pc == pc_now { "=>" } else { "  " };
            let asm = self
                .e
                .disassemble_at(pc)
                .map(|a| a.0)
                .unwrap_or_else(|| "(does not decode)".into());
            let _ = writeln!(s, "{mark} 0x{pc:08x}: {asm}");
        }
        if s.is_empty() {
            s.push_str("no instructions there\n");
        }
        Ok(s)
    }

    /// Ten source lines around the PC, a line (`N`, `FILE:N`) or a location; a `list`
    /// right after a `list` goes on after the lines it showed, as gdb's does.
    pub(crate) fn list(
        &mut self,
        rest: &str,
        after: Option<(String, u32)>,
    ) -> Result<String, String> {
        let t = self.e.target();
        let pc = self.e.warp(self.e.selected())?.pc();
        let no_lines = "no line information (the program was not assembled from source)";
        // (file, the line asked for); lines around it are shown.
        let line_of = |file: String, n: &str| -> Result<(String, u32), String> {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{n}` is not a line number"))?;
            Ok((file, n))
        };
        let around = |l: u32| l.saturating_sub(5).max(1);
        let ((file, asked), first) = if let (true, Some((f, l))) = (rest.is_empty(), after) {
            ((f, l), l)
        } else if rest.is_empty() {
            let p = t.lines.pos_of(pc).ok_or(no_lines)?;
            let l = p.line;
            ((p.file, l), around(l))
        } else if rest.bytes().all(|b| b.is_ascii_digit()) {
            let f = t.lines.files().first().ok_or(no_lines)?;
            let a = line_of(f.clone(), rest)?;
            let l = around(a.1);
            (a, l)
        } else if let Some((f, n)) = rest
            .rsplit_once(':')
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            let f = t
                .lines
                .files()
                .iter()
                .find(|name| name.as_str() == f || name.ends_with(&format!("/{f}")))
                .ok_or_else(|| format!("no source file `{f}` in the line table"))?;
            let a = line_of(f.clone(), n)?;
            let l = around(a.1);
            (a, l)
        } else {
            let p = *self.e.resolve(rest)?.first().ok_or("no such location")?;
            let p = t.lines.pos_of(p).ok_or(no_lines)?;
            let l = p.line;
            ((p.file, l), around(l))
        };
        let here = t.lines.pos_of(pc).map(|p| p.line);
        let mut s = String::new();
        for l in first..first + 10 {
            if let Some(text) = t.source_line(&file, l) {
                let mark = if Some(l) == here { "=>" } else { "  " };
                let _ = writeln!(s, "{mark}{l:>5} | {}", text.trim_end());
            }
        }
        if s.is_empty() {
            let count = t
                .sources
                .iter()
                .find(|(n, _)| *n == file)
                .map(|(_, text)| text.lines().count());
            return Err(match count {
                Some(c) => format!("line {asked} is past the end of {file} ({c} lines)"),
                None => format!("the text of {file} is not at hand"),
            });
        }
        self.list_next = Some((file, first + 10));
        Ok(s)
    }
}
