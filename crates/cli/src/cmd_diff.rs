//! `warpkit diff`: the first divergence between two commit logs (JSON Lines, one record per
//! executed instruction, as `warpkit run --trace` writes them), read as streams.

use clap::Args;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct DiffArgs {
    /// Reference log (e.g. warpkit's `--trace`).
    a: PathBuf,
    /// Log to compare (e.g. an RTL simulation's).
    b: PathBuf,
    /// Keys not to compare, at record level or among the writes (e.g. `asm,fflags`).
    #[arg(long, value_delimiter = ',')]
    ignore: Vec<String>,
    /// Lanes to show per differing register.
    #[arg(long, default_value_t = 4)]
    lanes: usize,
}

/// One log, read one line at a time (memory bounded by the longest line).
struct LogReader {
    name: String,
    r: BufReader<Box<dyn std::io::Read>>,
    line: usize,
    buf: String,
}

impl LogReader {
    fn open(p: &Path) -> Result<LogReader, String> {
        // `-` is standard input, as for every input.
        let f = crate::files::open_read(p)?;
        Ok(LogReader {
            name: crate::files::display(p),
            r: BufReader::new(f),
            line: 0,
            buf: String::new(),
        })
    }

    /// The next record, skipping blank lines.
    fn next(&mut self) -> Result<Option<Value>, String> {
        loop {
            self.buf.clear();
            let n = self
                .r
                .read_line(&mut self.buf)
                .map_err(|e| format!("{}:{}: {e}", self.name, self.line + 1))?;
            if n == 0 {
                return Ok(None);
            }
            self.line += 1;
            if self.buf.trim().is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(&self.buf)
                .map_err(|e| format!("{}:{}: not a JSON record: {e}", self.name, self.line))?;
            if !v.is_object() {
                return Err(format!(
                    "{}:{}: a record must be a JSON object",
                    self.name, self.line
                ));
            }
            return Ok(Some(v));
        }
    }
}

/// A number written as a JSON integer or a hex string, so `"0x0000000a"`, `"0xa"` and
/// `10` compare equal (RTL logs format numbers their own way).
fn num(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => {
            let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
            u64::from_str_radix(h, 16).ok()
        }
        _ => None,
    }
}

fn same(a: &Value, b: &Value) -> bool {
    match (num(a), num(b)) {
        (Some(x), Some(y)) => x == y,
        _ => match (a, b) {
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
            }
            _ => a == b,
        },
    }
}

fn show(v: &Value) -> String {
    match (num(v), v) {
        (Some(x), _) => format!("0x{x:08x}"),
        (None, Value::String(s)) => s.clone(),
        (None, v) => v.to_string(),
    }
}

/// `warp 0, step 16, pc 0x00000040: add v1, v2, v3 (word 0x...)`.
fn describe(r: &Value) -> String {
    let g = |k: &str| r.get(k).map(show).unwrap_or_else(|| "?".into());
    let step = r.get("step").map_or("?".into(), |s| s.to_string());
    let warp = r.get("warp").map_or("?".into(), |s| s.to_string());
    let asm = r.get("asm").and_then(Value::as_str).unwrap_or("");
    format!(
        "warp {warp}, step {step}, pc {}: {asm} (word {})",
        g("pc"),
        g("word")
    )
}

/// What differs between two records, one line per difference.
fn differences(a: &Value, b: &Value, ignore: &[String], lanes: usize) -> Vec<String> {
    let mut out = Vec::new();
    let (Some(ao), Some(bo)) = (a.as_object(), b.as_object()) else {
        return out;
    };
    let ignored = |k: &str| ignore.iter().any(|i| i == k);
    // Identity and control first, then the writes, then any other key both logs have.
    for k in ["warp", "step", "pc", "word", "exec", "asm"] {
        if ignored(k) {
            continue;
        }
        match (ao.get(k), bo.get(k)) {
            (Some(x), Some(y)) if !same(x, y) => {
                out.push(format!("{k}: A {} B {}", show(x), show(y)))
            }
            _ => {}
        }
    }
    if !ignored("writes") {
        let empty = serde_json::Map::new();
        let wa = ao
            .get("writes")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let wb = bo
            .get("writes")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let keys = wa.keys().chain(wb.keys().filter(|k| !wa.contains_key(*k)));
        for k in keys {
            if ignored(k) {
                continue;
            }
            match (wa.get(k), wb.get(k)) {
                (Some(x), None) => out.push(format!("{k}: written in A ({}), not in B", brief(x))),
                (None, Some(y)) => out.push(format!("{k}: written in B ({}), not in A", brief(y))),
                (Some(Value::Array(x)), Some(Value::Array(y)))
                    if !same(&Value::Array(x.clone()), &Value::Array(y.clone())) =>
                {
                    let diff: Vec<usize> = (0..x.len().max(y.len()))
                        .filter(|&i| match (x.get(i), y.get(i)) {
                            (Some(p), Some(q)) => !same(p, q),
                            _ => true,
                        })
                        .collect();
                    let shown: Vec<String> = diff
                        .iter()
                        .take(lanes)
                        .map(|&i| {
                            let v = |z: Option<&Value>| z.map_or("-".into(), show);
                            format!("lane {i}: A {} B {}", v(x.get(i)), v(y.get(i)))
                        })
                        .collect();
                    out.push(format!(
                        "{k}: {} lane{} differ{}: {}",
                        diff.len(),
                        if diff.len() == 1 { "" } else { "s" },
                        if diff.len() == 1 { "s" } else { "" },
                        shown.join("; ")
                    ));
                }
                (Some(x), Some(y)) if !same(x, y) => {
                    out.push(format!("{k}: A {} B {}", show(x), show(y)))
                }
                _ => {}
            }
        }
    }
    for (k, x) in ao {
        if ["warp", "step", "pc", "word", "exec", "asm", "writes"].contains(&k.as_str())
            || ignored(k)
        {
            continue;
        }
        if let Some(y) = bo.get(k) {
            if !same(x, y) {
                out.push(format!("{k}: A {} B {}", brief(x), brief(y)));
            }
        }
    }
    out
}

fn brief(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("{} values", a.len()),
        v => show(v),
    }
}

pub fn run(a: DiffArgs) -> Result<(), String> {
    if crate::files::is_std(&a.a) && crate::files::is_std(&a.b) {
        crate::help::usage_error("A and B cannot both be standard input");
    }
    let mut la = LogReader::open(&a.a)?;
    let mut lb = LogReader::open(&a.b)?;
    let mut n = 0u64;
    loop {
        let (ra, rb) = (la.next()?, lb.next()?);
        let report = match (&ra, &rb) {
            (None, None) => {
                return crate::write_stdout(format!("equal: {n} records\n").as_bytes());
            }
            (Some(x), Some(y)) => {
                let d = differences(x, y, &a.ignore, a.lanes);
                if d.is_empty() {
                    n += 1;
                    continue;
                }
                let mut s = format!(
                    "first divergence at record {} ({}:{}, {}:{})\n  A: {}\n  B: {}\n",
                    n + 1,
                    la.name,
                    la.line,
                    lb.name,
                    lb.line,
                    describe(x),
                    describe(y)
                );
                for l in d {
                    s.push_str(&format!("  {l}\n"));
                }
                s
            }
            (Some(x), None) => format!(
                "first divergence at record {}: {} ends after {n} records; {} has an extra record at line {}\n  A: {}\n",
                n + 1,
                lb.name,
                la.name,
                la.line,
                describe(x)
            ),
            (None, Some(y)) => format!(
                "first divergence at record {}: {} ends after {n} records; {} has an extra record at line {}\n  B: {}\n",
                n + 1,
                la.name,
                lb.name,
                lb.line,
                describe(y)
            ),
        };
        crate::write_stdout(report.as_bytes())?;
        // Exit status 1, no further message: the report above says it all.
        return Err(String::new());
    }
}
