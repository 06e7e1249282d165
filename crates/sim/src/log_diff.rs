//! Comparing two commit logs (the records `warpkit run --trace` writes, one JSON object per
//! executed instruction): the first divergence, what differs in it, and the report
//! `warpkit diff` prints. Logs are read as streams ([`RecordSource`]), so memory is bounded
//! by one record; they can be JSON Lines text ([`JsonLines`]) or records already in memory
//! ([`RecordList`], e.g. an embedding's step records).

use serde_json::{Map, Value};
use std::io::BufRead;

/// Where records come from, one at a time.
pub trait RecordSource {
    /// The name reports give this log (a file name, `<stdin>`, `A`).
    fn name(&self) -> &str;
    /// Where the last record returned was: its line (JSON Lines) or its 1-based index.
    fn line(&self) -> usize;
    /// The next record (a JSON object), or `None` at the end; errors name the place.
    fn next_record(&mut self) -> Result<Option<Value>, String>;
}

/// A log in JSON Lines, read one line at a time (blank lines skipped).
pub struct JsonLines<R> {
    name: String,
    r: R,
    line: usize,
    buf: String,
}

impl<R: BufRead> JsonLines<R> {
    pub fn new(name: impl Into<String>, r: R) -> Self {
        JsonLines {
            name: name.into(),
            r,
            line: 0,
            buf: String::new(),
        }
    }
}

impl<R: BufRead> RecordSource for JsonLines<R> {
    fn name(&self) -> &str {
        &self.name
    }

    fn line(&self) -> usize {
        self.line
    }

    fn next_record(&mut self) -> Result<Option<Value>, String> {
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
            // serde_json refuses nesting deeper than 128 levels: no recursion limit needed here.
            let v: Value = serde_json::from_str(&self.buf)
                .map_err(|e| format!("{}:{}: not a JSON record: {e}", self.name, self.line))?;
            return object(v, &self.name, self.line).map(Some);
        }
    }
}

/// Records already in memory; positions are 1-based indices.
pub struct RecordList<I> {
    name: String,
    records: I,
    index: usize,
}

impl<I: Iterator<Item = Value>> RecordList<I> {
    pub fn new(name: impl Into<String>, records: impl IntoIterator<IntoIter = I>) -> Self {
        RecordList {
            name: name.into(),
            records: records.into_iter(),
            index: 0,
        }
    }
}

impl<I: Iterator<Item = Value>> RecordSource for RecordList<I> {
    fn name(&self) -> &str {
        &self.name
    }

    fn line(&self) -> usize {
        self.index
    }

    fn next_record(&mut self) -> Result<Option<Value>, String> {
        let Some(v) = self.records.next() else {
            return Ok(None);
        };
        self.index += 1;
        object(v, &self.name, self.index).map(Some)
    }
}

fn object(v: Value, name: &str, line: usize) -> Result<Value, String> {
    if v.is_object() {
        Ok(v)
    } else {
        Err(format!("{name}:{line}: a record must be a JSON object"))
    }
}

/// What to leave out of the comparison and how much to show.
#[derive(Clone, Debug)]
pub struct DiffOptions {
    /// Keys not compared, at record level or among the writes (`asm`, `fflags`, `v3`).
    pub ignore: Vec<String>,
    /// Lanes listed per differing register.
    pub lanes: usize,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            ignore: Vec::new(),
            lanes: 4,
        }
    }
}

/// Which log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhichLog {
    A,
    B,
}

/// One record of the divergence and where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    pub record: Value,
    /// Its line (or index) in its log.
    pub line: usize,
}

/// One difference between two records.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The record key (`pc`, `exec`) or written register (`v3`, `fflags`).
    pub key: String,
    pub kind: DifferenceKind,
    /// The report's line for it (`v3: 2 lanes differ: lane 5: A 0x... B 0x...`).
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DifferenceKind {
    /// Both have the key, with different values (`write`: it is among the writes).
    Value { a: Value, b: Value, write: bool },
    /// Only one record writes this register.
    WrittenOnlyIn { side: WhichLog, value: Value },
    /// A vector register written by both with different lanes (every differing lane, in
    /// order; the text lists the first [`DiffOptions::lanes`]).
    Lanes {
        lanes: Vec<usize>,
        a: Value,
        b: Value,
    },
}

/// The first record where the logs differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Its 1-based index (the records before it are equal).
    pub record: u64,
    /// A's record, `None` when A ended before it.
    pub a: Option<Located>,
    /// B's record, `None` when B ended before it.
    pub b: Option<Located>,
    /// What differs (empty when one log ended).
    pub differences: Vec<Difference>,
}

/// The result of comparing two logs.
#[derive(Clone, Debug, PartialEq)]
pub struct LogDiff {
    pub a_name: String,
    pub b_name: String,
    /// Records equal in both before the divergence (all of them when there is none).
    pub equal_records: u64,
    pub divergence: Option<Divergence>,
}

/// Compare two logs record by record, up to the first divergence.
pub fn diff_logs(
    a: &mut dyn RecordSource,
    b: &mut dyn RecordSource,
    opts: &DiffOptions,
) -> Result<LogDiff, String> {
    let mut n = 0u64;
    loop {
        let (ra, rb) = (a.next_record()?, b.next_record()?);
        let divergence = match (ra, rb) {
            (None, None) => None,
            (Some(x), Some(y)) => {
                let d = differences(&x, &y, &opts.ignore, opts.lanes);
                if d.is_empty() {
                    n += 1;
                    continue;
                }
                Some(Divergence {
                    record: n + 1,
                    a: Some(Located {
                        record: x,
                        line: a.line(),
                    }),
                    b: Some(Located {
                        record: y,
                        line: b.line(),
                    }),
                    differences: d,
                })
            }
            (x, y) => Some(Divergence {
                record: n + 1,
                a: x.map(|record| Located {
                    record,
                    line: a.line(),
                }),
                b: y.map(|record| Located {
                    record,
                    line: b.line(),
                }),
                differences: Vec::new(),
            }),
        };
        return Ok(LogDiff {
            a_name: a.name().to_string(),
            b_name: b.name().to_string(),
            equal_records: n,
            divergence,
        });
    }
}

impl LogDiff {
    pub fn is_equal(&self) -> bool {
        self.divergence.is_none()
    }

    /// The report `warpkit diff` prints.
    pub fn report(&self) -> String {
        let n = self.equal_records;
        let Some(d) = &self.divergence else {
            return format!("equal: {n} records\n");
        };
        match (&d.a, &d.b) {
            (Some(x), Some(y)) => {
                let mut s = format!(
                    "first divergence at record {} ({}:{}, {}:{})\n  A: {}\n  B: {}\n",
                    d.record,
                    self.a_name,
                    x.line,
                    self.b_name,
                    y.line,
                    describe(&x.record),
                    describe(&y.record)
                );
                for l in &d.differences {
                    s.push_str(&format!("  {}\n", l.text));
                }
                s
            }
            (Some(x), None) => format!(
                "first divergence at record {}: {} ends after {n} records; {} has an extra record at line {}\n  A: {}\n",
                d.record,
                self.b_name,
                self.a_name,
                x.line,
                describe(&x.record)
            ),
            (None, Some(y)) => format!(
                "first divergence at record {}: {} ends after {n} records; {} has an extra record at line {}\n  B: {}\n",
                d.record,
                self.a_name,
                self.b_name,
                y.line,
                describe(&y.record)
            ),
            // diff_logs makes no divergence without a record.
            (None, None) => format!("equal: {n} records\n"),
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

/// Equal as log values: numbers by value whatever their spelling, arrays element-wise.
pub fn same(a: &Value, b: &Value) -> bool {
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

fn brief(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("{} values", a.len()),
        v => show(v),
    }
}

/// `warp 0, step 16, pc 0x00000040: add v1, v2, v3 (word 0x...)`.
pub fn describe(r: &Value) -> String {
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

/// Identity and control keys, compared first and in this order.
const IDENTITY: [&str; 6] = ["warp", "step", "pc", "word", "exec", "asm"];

fn value_diff(k: &str, x: &Value, y: &Value, write: bool, text: String) -> Difference {
    Difference {
        key: k.to_string(),
        kind: DifferenceKind::Value {
            a: x.clone(),
            b: y.clone(),
            write,
        },
        text,
    }
}

/// What differs between two records: identity and control first, then the writes, then
/// any other key both records have.
fn differences(a: &Value, b: &Value, ignore: &[String], lanes: usize) -> Vec<Difference> {
    let mut out = Vec::new();
    let (Some(ao), Some(bo)) = (a.as_object(), b.as_object()) else {
        return out;
    };
    let ignored = |k: &str| ignore.iter().any(|i| i == k);
    for k in IDENTITY {
        if ignored(k) {
            continue;
        }
        match (ao.get(k), bo.get(k)) {
            (Some(x), Some(y)) if !same(x, y) => out.push(value_diff(
                k,
                x,
                y,
                false,
                format!("{k}: A {} B {}", show(x), show(y)),
            )),
            _ => {}
        }
    }
    if !ignored("writes") {
        let empty = Map::new();
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
            let only = |side: WhichLog, v: &Value, text: String| Difference {
                key: k.clone(),
                kind: DifferenceKind::WrittenOnlyIn {
                    side,
                    value: v.clone(),
                },
                text,
            };
            match (wa.get(k), wb.get(k)) {
                (Some(x), None) => out.push(only(
                    WhichLog::A,
                    x,
                    format!("{k}: written in A ({}), not in B", brief(x)),
                )),
                (None, Some(y)) => out.push(only(
                    WhichLog::B,
                    y,
                    format!("{k}: written in B ({}), not in A", brief(y)),
                )),
                (Some(xa @ Value::Array(x)), Some(ya @ Value::Array(y))) if !same(xa, ya) => {
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
                    let text = format!(
                        "{k}: {} lane{} differ{}: {}",
                        diff.len(),
                        if diff.len() == 1 { "" } else { "s" },
                        if diff.len() == 1 { "s" } else { "" },
                        shown.join("; ")
                    );
                    out.push(Difference {
                        key: k.clone(),
                        kind: DifferenceKind::Lanes {
                            lanes: diff,
                            a: xa.clone(),
                            b: ya.clone(),
                        },
                        text,
                    });
                }
                (Some(x), Some(y)) if !same(x, y) => out.push(value_diff(
                    k,
                    x,
                    y,
                    true,
                    format!("{k}: A {} B {}", show(x), show(y)),
                )),
                _ => {}
            }
        }
    }
    for (k, x) in ao {
        if IDENTITY.contains(&k.as_str()) || k == "writes" || ignored(k) {
            continue;
        }
        if let Some(y) = bo.get(k) {
            if !same(x, y) {
                out.push(value_diff(
                    k,
                    x,
                    y,
                    false,
                    format!("{k}: A {} B {}", brief(x), brief(y)),
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(name: &str, text: &'static str) -> JsonLines<&'static [u8]> {
        JsonLines::new(name, text.as_bytes())
    }

    #[test]
    fn numbers_compare_by_value_and_lanes_are_listed() {
        let a = "{\"step\":1,\"pc\":\"0x4\",\"writes\":{\"v1\":[\"0x1\",\"0x2\",\"0x3\"]}}\n";
        let b = "\n{\"step\":1,\"pc\":4,\"writes\":{\"v1\":[1,9,8]}}\n";
        let d = diff_logs(
            &mut lines("a", a),
            &mut lines("b", b),
            &DiffOptions::default(),
        )
        .unwrap();
        let div = d.divergence.clone().unwrap();
        assert_eq!(
            (div.record, div.a.unwrap().line, div.b.unwrap().line),
            (1, 1, 2)
        );
        assert_eq!(div.differences.len(), 1);
        let DifferenceKind::Lanes { lanes, .. } = &div.differences[0].kind else {
            panic!("{:?}", div.differences);
        };
        assert_eq!(lanes, &[1, 2]);
        assert!(d.report().contains(
            "  v1: 2 lanes differ: lane 1: A 0x00000002 B 0x00000009; lane 2: A 0x00000003 B 0x00000008\n"
        ));
    }

    #[test]
    fn a_shorter_log_is_a_divergence_and_bad_records_are_errors() {
        let r = RecordList::new("A", vec![serde_json::json!({"pc": 0})]);
        let mut a = r;
        let mut b = RecordList::new("B", Vec::<Value>::new());
        let d = diff_logs(&mut a, &mut b, &DiffOptions::default()).unwrap();
        assert!(d.report().starts_with(
            "first divergence at record 1: B ends after 0 records; A has an extra record at line 1\n"
        ));
        let mut bad = RecordList::new("B", vec![serde_json::json!([1])]);
        let mut a = RecordList::new("A", vec![serde_json::json!({"pc": 0})]);
        assert_eq!(
            diff_logs(&mut a, &mut bad, &DiffOptions::default()).unwrap_err(),
            "B:1: a record must be a JSON object"
        );
    }
}
