//! Test-case reduction in the style of creduce: an "interestingness" test decides whether a
//! candidate still shows the behaviour of interest, and passes that make the program and its
//! state file smaller run until none makes progress.
//!
//! The program is first put in canonical form (assembled, then disassembled with labels),
//! so there is one instruction per line and labels stand on lines of their own. Passes:
//!
//! 1. **cut**: bisect the step at which the run can stop: keep the lines up to the last one
//!    executed in the first K steps, for the smallest interesting K (labels of removed lines
//!    move to the end, so branches to them now leave the program);
//! 2. **delete**: delta debugging over instruction lines, chunks of half, a quarter, ... one;
//! 3. **operands**: numbers toward 0, registers toward `v0`/`u0`, modifiers removed;
//! 4. **state**: fewer warps, EXEC full or one lane, register values removed, per-lane
//!    values made uniform, other keys back to their defaults.
//!
//! A candidate is tested only if it assembles and every warp stops (exits or faults) within
//! the step limit. Everything is deterministic: passes run in a fixed order, and results are
//! remembered so no candidate is tested twice.

use serde_json::{Map, Value};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_sim::{run_warps_sequential, state::parse_state, Program, RunStatus, StepResult};

/// Decides whether a candidate (program text, state JSON) is still interesting. An error
/// stops the reduction.
pub trait Oracle {
    fn interesting(&mut self, program: &str, state: &str) -> Result<bool, String>;
}

impl<F: FnMut(&str, &str) -> Result<bool, String>> Oracle for F {
    fn interesting(&mut self, program: &str, state: &str) -> Result<bool, String> {
        self(program, state)
    }
}

pub struct Options<'a> {
    /// Step limit per warp for the termination check of candidates.
    pub max_steps: u64,
    /// Called with one line of progress after each pass that changed something.
    pub progress: Option<&'a mut dyn FnMut(&str)>,
}

/// Size of a test case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub instructions: usize,
    pub bytes: usize,
    pub warps: usize,
    /// Register values given in the state file.
    pub values: usize,
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} instruction{} ({} bytes), {} warp{}, {} register value{}",
            self.instructions,
            if self.instructions == 1 { "" } else { "s" },
            self.bytes,
            self.warps,
            if self.warps == 1 { "" } else { "s" },
            self.values,
            if self.values == 1 { "" } else { "s" }
        )
    }
}

pub struct Reduced {
    pub program: String,
    pub state: String,
    pub before: Size,
    pub after: Size,
    /// Candidates given to the oracle.
    pub tests: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ProgramLine {
    Label(String),
    Code(String),
}

#[derive(Clone, Debug, PartialEq)]
struct Cand {
    lines: Vec<ProgramLine>,
    /// `{"code_base": ..., "warps": [...]}` (always this shape).
    state: Value,
}

fn render(lines: &[ProgramLine]) -> String {
    let mut s = String::new();
    for l in lines {
        match l {
            ProgramLine::Label(n) => {
                s.push_str(n);
                s.push_str(":\n");
            }
            ProgramLine::Code(c) => {
                s.push_str("    ");
                s.push_str(c);
                s.push('\n');
            }
        }
    }
    s
}

fn state_text(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// The state as `{"code_base"?, "warps": [...]}` (a top-level single warp moves into the list).
fn normalize_state(json: &str) -> Result<Value, String> {
    parse_state(json).map_err(|e| e.to_string())?;
    let v: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let Value::Object(top) = v else {
        return Err("state file: the top level is not an object".into());
    };
    if top.contains_key("warps") {
        return Ok(Value::Object(top));
    }
    let mut out = Map::new();
    let mut warp = Map::new();
    for (k, x) in top {
        if k == "code_base" {
            out.insert(k, x);
        } else {
            warp.insert(k, x);
        }
    }
    out.insert("warps".into(), Value::Array(vec![Value::Object(warp)]));
    Ok(Value::Object(out))
}

fn code_lines(lines: &[ProgramLine]) -> usize {
    lines
        .iter()
        .filter(|l| matches!(l, ProgramLine::Code(_)))
        .count()
}

fn warps(state: &Value) -> &[Value] {
    state
        .get("warps")
        .and_then(Value::as_array)
        .map_or(&[], |a| a.as_slice())
}

fn warps_mut(state: &mut Value) -> Option<&mut Vec<Value>> {
    state.get_mut("warps").and_then(Value::as_array_mut)
}

fn size_of(c: &Cand) -> Size {
    let bytes = assemble(render(&c.lines), &Default::default()).map_or(0, |a| a.code.len());
    let values = warps(&c.state)
        .iter()
        .map(|w| {
            ["u", "v"]
                .iter()
                .filter_map(|k| w.get(*k).and_then(Value::as_object))
                .map(Map::len)
                .sum::<usize>()
        })
        .sum();
    Size {
        instructions: code_lines(&c.lines),
        bytes,
        warps: warps(&c.state).len(),
        values,
    }
}

struct Reducer<'o, 'p> {
    oracle: &'o mut dyn Oracle,
    max_steps: u64,
    progress: Option<&'p mut dyn FnMut(&str)>,
    seen: HashMap<u64, bool>,
    tests: u64,
    best: Cand,
}

impl Reducer<'_, '_> {
    fn say(&mut self, what: &str) {
        let s = format!("{what}: {}", size_of(&self.best));
        if let Some(p) = self.progress.as_mut() {
            p(&s);
        }
    }

    /// Assembles, and every warp exits or faults within the step limit.
    fn viable(&self, text: &str, state: &str) -> bool {
        let Ok(a) = assemble(text, &Default::default()) else {
            return false;
        };
        let Ok(launch) = parse_state(state) else {
            return false;
        };
        let p = Program::new(&a.code);
        run_warps_sequential(&p, launch.warps, self.max_steps)
            .iter()
            .all(|r| r.outcome.status != RunStatus::StepLimit)
    }

    /// Test a candidate; on success it becomes the best one.
    fn try_cand(&mut self, c: Cand) -> Result<bool, String> {
        if c == self.best {
            return Ok(false);
        }
        let text = render(&c.lines);
        let state = state_text(&c.state);
        let mut h = DefaultHasher::new();
        text.hash(&mut h);
        state.hash(&mut h);
        let key = h.finish();
        let ok = match self.seen.get(&key) {
            Some(&r) => r,
            None => {
                let r = self.viable(&text, &state) && {
                    self.tests += 1;
                    self.oracle.interesting(&text, &state)?
                };
                self.seen.insert(key, r);
                r
            }
        };
        if ok {
            self.best = c;
        }
        Ok(ok)
    }

    // -------------------------------------------------------------- cut

    /// Line index of every code line's address, by assembling with a marker label before
    /// each line (labels do not change the code).
    fn line_pcs(&self) -> Option<Vec<(u32, usize)>> {
        let mut s = String::new();
        let mut k = 0;
        for (i, l) in self.best.lines.iter().enumerate() {
            if let ProgramLine::Code(_) = l {
                s.push_str(&format!("__shrink_line_{i}:\n"));
                k += 1;
            }
            s.push_str(&render(std::slice::from_ref(l)));
        }
        let a = assemble(&s, &Default::default()).ok()?;
        let mut v: Vec<(u32, usize)> = a
            .labels
            .iter()
            .filter_map(|(n, pc)| {
                n.strip_prefix("__shrink_line_")
                    .and_then(|i| i.parse().ok())
                    .map(|i| (*pc, i))
            })
            .collect();
        v.sort();
        debug_assert_eq!(v.len(), k);
        Some(v)
    }

    /// For each warp, the line of every instruction executed, in order.
    fn executed_lines(&self) -> Option<Vec<Vec<usize>>> {
        let pcs = self.line_pcs()?;
        let text = render(&self.best.lines);
        let a = assemble(&text, &Default::default()).ok()?;
        let launch = parse_state(&state_text(&self.best.state)).ok()?;
        let p = Program::new(&a.code);
        let line_of = |pc: u32| {
            pcs.binary_search_by_key(&pc, |x| x.0)
                .ok()
                .map(|i| pcs[i].1)
        };
        let mut out = Vec::new();
        for mut w in launch.warps {
            let mut seq = Vec::new();
            for _ in 0..self.max_steps {
                let pc = w.pc();
                let r = w.step(&p);
                if r != StepResult::Running {
                    // A faulting instruction matters too: keep its line.
                    if let (StepResult::Faulted(_), Some(l)) = (r, line_of(pc)) {
                        seq.push(l);
                    }
                    break;
                }
                if let Some(l) = line_of(pc) {
                    seq.push(l);
                }
            }
            out.push(seq);
        }
        Some(out)
    }

    /// The program with every code line after `last` removed; labels after it move to
    /// the end.
    fn cut_after(&self, last: Option<usize>) -> Cand {
        let mut lines = Vec::new();
        let mut moved = Vec::new();
        for (i, l) in self.best.lines.iter().enumerate() {
            match l {
                ProgramLine::Code(_) if last.is_some_and(|x| i <= x) => lines.push(l.clone()),
                ProgramLine::Code(_) => {}
                ProgramLine::Label(_) if last.is_some_and(|x| i <= x) => lines.push(l.clone()),
                ProgramLine::Label(_) => moved.push(l.clone()),
            }
        }
        lines.extend(moved);
        Cand {
            lines,
            state: self.best.state.clone(),
        }
    }

    fn cut(&mut self) -> Result<bool, String> {
        let Some(seqs) = self.executed_lines() else {
            return Ok(false);
        };
        let kmax = seqs.iter().map(Vec::len).max().unwrap_or(0);
        let last_within = |k: usize| {
            seqs.iter()
                .filter_map(|s| s[..k.min(s.len())].iter().max().copied())
                .max()
        };
        let (mut lo, mut hi) = (0usize, kmax);
        let mut changed = false;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let c = self.cut_after(last_within(mid));
            // A cut that removes nothing is the current program: interesting.
            if code_lines(&c.lines) == code_lines(&self.best.lines) {
                hi = mid;
                continue;
            }
            let saved = self.best.clone();
            if self.try_cand(c)? {
                changed = true;
                // Keep the smaller program, but bisect over the original's steps.
                self.best = saved;
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let c = self.cut_after(last_within(hi));
        if code_lines(&c.lines) < code_lines(&self.best.lines) && self.try_cand(c)? {
            changed = true;
        }
        Ok(changed)
    }

    // -------------------------------------------------------------- delete

    fn delete(&mut self) -> Result<bool, String> {
        let mut changed = false;
        let n = code_lines(&self.best.lines);
        let mut chunk = n.div_ceil(2).max(1);
        loop {
            // Walk chunks from the end: later code depends on earlier code, not the reverse.
            let mut end = code_lines(&self.best.lines);
            while end > 0 {
                let start = end.saturating_sub(chunk);
                let mut k = 0;
                let mut lines = Vec::with_capacity(self.best.lines.len());
                for l in &self.best.lines {
                    if let ProgramLine::Code(_) = l {
                        k += 1;
                        if k > start && k <= end {
                            continue;
                        }
                    }
                    lines.push(l.clone());
                }
                let c = Cand {
                    lines,
                    state: self.best.state.clone(),
                };
                if self.try_cand(c)? {
                    changed = true;
                }
                end = start;
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        Ok(changed)
    }

    // -------------------------------------------------------------- operands

    fn operands(&mut self) -> Result<bool, String> {
        let mut changed = false;
        for i in 0..self.best.lines.len() {
            let ProgramLine::Code(text) = &self.best.lines[i] else {
                continue;
            };
            if text.starts_with('.') {
                continue;
            }
            let (m, rest) = text.split_once(' ').unwrap_or((text.as_str(), ""));
            let m = m.to_string();
            let ops = split_operands(rest.trim());
            let mut ops: Vec<String> = ops.into_iter().map(str::to_string).collect();
            let mut j = 0;
            while j < ops.len() {
                let mut progressed = false;
                for alt in simpler(&ops[j]) {
                    let mut o2 = ops.clone();
                    match &alt {
                        Some(a) => o2[j] = a.clone(),
                        None => {
                            o2.remove(j);
                        }
                    }
                    let line = if o2.is_empty() {
                        m.clone()
                    } else {
                        format!("{m} {}", o2.join(", "))
                    };
                    let mut c = self.best.clone();
                    c.lines[i] = ProgramLine::Code(line);
                    if self.try_cand(c)? {
                        changed = true;
                        progressed = true;
                        ops = o2;
                        break;
                    }
                }
                // A simplified operand may simplify further (halving); a removed one
                // leaves the next operand at `j`.
                if !progressed {
                    j += 1;
                }
            }
        }
        Ok(changed)
    }

    // -------------------------------------------------------------- state

    fn state(&mut self) -> Result<bool, String> {
        let mut changed = false;
        // Fewer warps.
        let mut w = warps(&self.best.state).len();
        while w > 0 {
            w -= 1;
            if warps(&self.best.state).len() <= 1 {
                break;
            }
            let mut c = self.best.clone();
            if let Some(ws) = warps_mut(&mut c.state) {
                if w < ws.len() {
                    ws.remove(w);
                }
            }
            changed |= self.try_cand(c)?;
        }
        for w in 0..warps(&self.best.state).len() {
            // Simpler EXEC: full (the default), else the lowest active lane alone.
            if warps(&self.best.state)[w].get("exec").is_some() {
                let c = self.edit_warp(w, |o| {
                    o.remove("exec");
                });
                if !self.try_cand(c)? {
                    let lowest = warps(&self.best.state)[w]
                        .get("exec")
                        .and_then(json_u64)
                        .map(|e| e & e.wrapping_neg());
                    if let Some(l) = lowest {
                        let c = self.edit_warp(w, |o| {
                            o.insert("exec".into(), Value::String(format!("0x{l:x}")));
                        });
                        changed |= self.try_cand(c)?;
                    }
                } else {
                    changed = true;
                }
            }
            // Other keys back to their defaults.
            for key in ["mode", "fflags", "vgprs", "pc"] {
                if warps(&self.best.state)[w].get(key).is_some() {
                    let c = self.edit_warp(w, |o| {
                        o.remove(key);
                    });
                    changed |= self.try_cand(c)?;
                }
            }
            for file in ["u", "v"] {
                changed |= self.registers(w, file)?;
            }
        }
        if self.best.state.get("code_base").is_some() {
            let mut c = self.best.clone();
            if let Value::Object(o) = &mut c.state {
                o.remove("code_base");
            }
            changed |= self.try_cand(c)?;
        }
        Ok(changed)
    }

    fn edit_warp(&self, w: usize, f: impl FnOnce(&mut Map<String, Value>)) -> Cand {
        let mut c = self.best.clone();
        if let Some(Value::Object(o)) = warps_mut(&mut c.state).and_then(|ws| ws.get_mut(w)) {
            f(o);
        }
        c
    }

    /// Delta debugging over the register values of one file of one warp, then per-lane
    /// arrays made uniform.
    fn registers(&mut self, w: usize, file: &str) -> Result<bool, String> {
        let keys = |s: &Value| -> Vec<String> {
            warps(s)
                .get(w)
                .and_then(|x| x.get(file))
                .and_then(Value::as_object)
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default()
        };
        let mut changed = false;
        let n = keys(&self.best.state).len();
        if n == 0 {
            return Ok(false);
        }
        let mut chunk = n;
        loop {
            let mut end = keys(&self.best.state).len();
            while end > 0 {
                let start = end.saturating_sub(chunk);
                let drop: Vec<String> = keys(&self.best.state)[start..end].to_vec();
                let c = self.edit_warp(w, |o| {
                    let empty = match o.get_mut(file) {
                        Some(Value::Object(r)) => {
                            for k in &drop {
                                r.remove(k);
                            }
                            r.is_empty()
                        }
                        _ => false,
                    };
                    if empty {
                        o.remove(file);
                    }
                });
                changed |= self.try_cand(c)?;
                end = start;
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        for k in keys(&self.best.state) {
            let first = warps(&self.best.state)[w]
                .get(file)
                .and_then(|r| r.get(&k))
                .and_then(Value::as_array)
                .and_then(|a| a.first().cloned());
            if let Some(x) = first {
                let c = self.edit_warp(w, |o| {
                    if let Some(Value::Object(r)) = o.get_mut(file) {
                        r.insert(k.clone(), x);
                    }
                });
                changed |= self.try_cand(c)?;
            }
        }
        Ok(changed)
    }

    /// Drop labels no instruction refers to (cosmetic; checked like any candidate).
    fn tidy_labels(&mut self) -> Result<(), String> {
        let code: Vec<&str> = self
            .best
            .lines
            .iter()
            .filter_map(|l| match l {
                ProgramLine::Code(c) => Some(c.as_str()),
                _ => None,
            })
            .collect();
        let used = |n: &str| {
            code.iter()
                .any(|c| split_operands(c.split_once(' ').map_or("", |x| x.1).trim()).contains(&n))
        };
        let lines: Vec<ProgramLine> = self
            .best
            .lines
            .iter()
            .filter(|l| match l {
                ProgramLine::Label(n) => used(n),
                _ => true,
            })
            .cloned()
            .collect();
        if lines.len() != self.best.lines.len() {
            let c = Cand {
                lines,
                state: self.best.state.clone(),
            };
            self.try_cand(c)?;
        }
        Ok(())
    }
}

fn json_u64(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64().or_else(|| n.as_i64().map(|i| i as u32 as u64)),
        Value::String(s) => u64::from_str_radix(s.strip_prefix("0x")?, 16).ok(),
        _ => None,
    }
}

/// Operands of a canonical instruction line, split at top-level commas (`toff:(1,-2,0)`
/// stays whole).
fn split_operands(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

fn parse_int(s: &str) -> Option<i64> {
    let (neg, t) = match s.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, s),
    };
    let v = match t.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).ok()?,
        None if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => t.parse().ok()?,
        None => return None,
    };
    Some(if neg { -v } else { v })
}

/// Simpler forms of one operand, best first; `None` means "leave the operand out"
/// (a modifier back to its default).
fn simpler(op: &str) -> Vec<Option<String>> {
    if let Some(v) = parse_int(op) {
        let mut out = Vec::new();
        if v != 0 {
            out.push(Some("0".to_string()));
        }
        if v.abs() > 1 {
            out.push(Some((v / 2).to_string()));
        }
        return out;
    }
    for file in ['v', 'u'] {
        let Some(rest) = op.strip_prefix(file) else {
            continue;
        };
        // Register group `v[a:b]` -> `v[0:b-a]`.
        if let Some(g) = rest.strip_prefix('[').and_then(|g| g.strip_suffix(']')) {
            if let Some((a, b)) = g.split_once(':') {
                if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                    if a > 0 && b >= a {
                        return vec![
                            Some(format!("{file}[0:{}]", b - a)),
                            Some(format!(
                                "{file}[{}:{}]",
                                (a / 2) & !1,
                                ((a / 2) & !1) + (b - a)
                            )),
                        ];
                    }
                }
            }
            return vec![];
        }
        // `v7`, `v7.h`.
        let (num, half) = match rest.split_once('.') {
            Some((n, h)) => (n, Some(h)),
            None => (rest, None),
        };
        if let Ok(n) = num.parse::<u32>() {
            let mut out = Vec::new();
            let suffix = half.map(|h| format!(".{h}")).unwrap_or_default();
            if n > 0 {
                out.push(Some(format!("{file}0{suffix}")));
                if n > 1 {
                    out.push(Some(format!("{file}{}{suffix}", n / 2)));
                }
            }
            if half == Some("h") {
                out.push(Some(format!("{file}{n}.l")));
            }
            return out;
        }
    }
    if op.starts_with("L_") {
        return vec![];
    }
    if op.contains(':') {
        return vec![None];
    }
    vec![]
}

/// Reduce `program` (assembly text) and `state` (state JSON) while `oracle` says the
/// candidate is interesting.
pub fn shrink(
    program: &str,
    state: &str,
    oracle: &mut dyn Oracle,
    opts: Options<'_>,
) -> Result<Reduced, String> {
    let a = assemble(program, &Default::default()).map_err(|d| {
        format!(
            "the program does not assemble: {}",
            d.list
                .first()
                .map_or(String::new(), |x| format!("line {}: {}", x.line, x.message))
        )
    })?;
    let st = normalize_state(state)?;
    let canon = disassemble(
        &a.code,
        DisasmOptions {
            comments: false,
            labels: true,
        },
    );
    let lines: Vec<ProgramLine> = canon
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| match l.trim().strip_suffix(':') {
            Some(n) if !l.starts_with(' ') => ProgramLine::Label(n.to_string()),
            _ => ProgramLine::Code(l.trim().to_string()),
        })
        .collect();
    let start = Cand { lines, state: st };
    let mut r = Reducer {
        oracle,
        max_steps: opts.max_steps,
        progress: opts.progress,
        seen: HashMap::new(),
        tests: 0,
        best: start.clone(),
    };
    if !r.viable(program, state) {
        return Err(format!(
            "the program does not stop within {} steps on some warp; raise --max-steps",
            r.max_steps
        ));
    }
    r.tests += 1;
    if !r.oracle.interesting(program, state)? {
        return Err("the input is not interesting: the test fails on it as given".into());
    }
    let (t0, s0) = (render(&start.lines), state_text(&start.state));
    r.tests += 1;
    if !r.oracle.interesting(&t0, &s0)? {
        return Err(
            "the test fails on the program's canonical form (assembled and disassembled), so \
             it cannot be reduced by instruction"
                .into(),
        );
    }
    let before = size_of(&start);
    // Every pass in turn, until a round of all of them reduces nothing.
    type Pass = fn(&mut Reducer<'_, '_>) -> Result<bool, String>;
    let passes: [(&str, Pass); 4] = [
        ("cut", |r| r.cut()),
        ("delete", |r| r.delete()),
        ("operands", |r| r.operands()),
        ("state", |r| r.state()),
    ];
    loop {
        let mut progress = false;
        for (name, pass) in passes {
            if pass(&mut r)? {
                r.say(name);
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    r.tidy_labels()?;
    Ok(Reduced {
        program: render(&r.best.lines),
        state: state_text(&r.best.state),
        before,
        after: size_of(&r.best),
        tests: r.tests,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_split_at_top_level_commas() {
        assert_eq!(
            split_operands("v0, v4, u[8:15], toff:(1,-2,0), dim:2d"),
            vec!["v0", "v4", "u[8:15]", "toff:(1,-2,0)", "dim:2d"]
        );
        assert!(split_operands("").is_empty());
    }

    #[test]
    fn simpler_operands() {
        assert_eq!(
            simpler("-8"),
            vec![Some("0".to_string()), Some("-4".to_string())]
        );
        assert_eq!(simpler("0"), Vec::<Option<String>>::new());
        assert_eq!(
            simpler("v9.h"),
            vec![
                Some("v0.h".to_string()),
                Some("v4.h".to_string()),
                Some("v9.l".to_string())
            ]
        );
        assert_eq!(simpler("rm:rtz"), vec![None]);
        assert_eq!(simpler("L_0010"), Vec::<Option<String>>::new());
        assert_eq!(simpler("v[4:5]")[0], Some("v[0:1]".to_string()));
    }
}
