//! JSON state files (input and output): the simulator's file interface. [`Sim`] and
//! [`run_state`] run what a state file launches.
//!
//! [`Sim`]: crate::Sim
//! [`run_state`]: crate::run_state
//!
//! Input (every key optional; an unknown key is an error naming it):
//!
//! ```json
//! {"code_base": "0x0",
//!  "warps": [{"pc": 0, "exec": "0xffffffff", "vgprs": 128,
//!             "mode": {"rm": "rne", "rm16": "rne"}, "fflags": "0x0",
//!             "u": {"u0": "0x00000001", "u5": 7},
//!             "v": {"v0": ["0x0", "0x1", "... 32 values"], "v1": "0x3f800000"}}]}
//! ```
//!
//! Numbers are non-negative JSON integers or `0x` hex strings (a negative number is an
//! error: write a register's two's complement in hex); a single `v` value fills all 32
//! lanes; the keys of one warp may stand at top level instead of `warps`; `{}` is one warp
//! in the default state. A key may appear once per object (serde_json would keep the last
//! of duplicates: here a duplicate is an error naming its path, `warps[0].u.u5`). A warp of
//! the `warps` list may carry `warp` (its index in the run that printed it, as `warpkit run
//! --warps` prints it): it is checked to be a number and otherwise ignored.
//!
//! The file is read one warp at a time ([`parse_state_reader`] from any reader), so
//! resuming 16,384 warps needs the memory of their registers, not of the text.
//!
//! The output of a run is a valid input, so a run can be checkpointed and resumed: a warp
//! may also carry `status` (`exited`, `faulted`, `step_limit`, `interrupted`), `steps`
//! (instructions retired so far; the count goes on from there) and `fault` (`null`, or the
//! object the output prints for a faulted warp). A warp that `exited` or `faulted` stays so
//! and is not run again; a `step_limit` warp (it reached the limit) and an `interrupted` one
//! (a stopped run left it below the limit) run on. The step limit counts a warp's `steps`, so
//! running to `K` steps and resuming with a limit of `N` ends exactly like one run with a
//! limit of `N` (final state and the concatenated trace).

use crate::fault::{Fault, FaultCause, FaultReason};
use crate::launch::WarpResult;
use crate::run::RunStatus;
use crate::warp::{rm, Mode, Warp, LANES, NUM_UREGS};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::io;

/// Steps per warp when the caller has no better idea.
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000;

/// Errors of the file interface.
#[derive(Debug)]
pub enum SimError {
    /// The state file is not valid JSON.
    Json(String),
    /// The state file is JSON but says something the model refuses: `path: message`.
    State { path: String, message: String },
    /// Writing the trace failed.
    Io(std::io::Error),
    /// Reading the state file failed.
    Read(std::io::Error),
    /// A warp index beyond the launched warps.
    NoWarp { index: usize, warps: usize },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Json(e) => write!(f, "state file is not valid JSON: {e}"),
            SimError::State { path, message } => write!(f, "state file: {path}: {message}"),
            SimError::Io(e) => write!(f, "writing the trace: {e}"),
            SimError::Read(e) => write!(f, "reading the state file: {e}"),
            SimError::NoWarp { index, warps } => {
                write!(f, "no warp {index}: {warps} warps are launched")
            }
        }
    }
}

impl std::error::Error for SimError {}

fn err<T>(path: &str, message: impl Into<String>) -> Result<T, SimError> {
    Err(SimError::State {
        path: path.to_string(),
        message: message.into(),
    })
}

/// Most warps one state file may launch: bounds the memory a hostile or mistaken file can
/// make the tool use (registers 16 KiB and output about 55 KB per warp).
pub const MAX_WARPS: usize = 16_384;

/// A parsed state file: the code base and the warps to launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub code_base: u64,
    /// The warps' state ([`Warp::steps`] from `steps`).
    pub warps: Vec<Warp>,
    /// How an earlier run left each warp (`status` and `fault`), `None` for a fresh warp;
    /// as long as `warps`. Warps that `Exited` or `Faulted` are not run again.
    pub status: Vec<Option<RunStatus>>,
}

const WARP_KEYS: [&str; 10] = [
    "status", "steps", "fault", "pc", "exec", "vgprs", "mode", "fflags", "u", "v",
];

fn describe(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 40 {
        format!(
            "{}...",
            &s[..s.char_indices().nth(37).map_or(s.len(), |(i, _)| i)]
        )
    } else {
        s
    }
}

/// A `bits`-wide number: a JSON integer (negative = two's complement) or a `0x` hex string.
fn num(v: &Value, path: &str, bits: u32) -> Result<u64, SimError> {
    let max = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let what = || {
        format!(
            "expected a {bits}-bit value (JSON integer or \"0x\" hex string), got {}",
            describe(v)
        )
    };
    let x = match v {
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u
            } else if let Some(i) = n.as_i64() {
                return err(path, format!("{i} is negative (values are unsigned)"));
            } else {
                return err(path, what());
            }
        }
        Value::String(s) => {
            let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) else {
                return err(path, what());
            };
            if h.is_empty() || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
                return err(path, what());
            }
            let t = h.trim_start_matches('0');
            if t.len() > 16 {
                return err(path, what());
            }
            u64::from_str_radix(if t.is_empty() { "0" } else { t }, 16).map_err(|_| {
                SimError::State {
                    path: path.to_string(),
                    message: what(),
                }
            })?
        }
        _ => return err(path, what()),
    };
    if x > max {
        return err(path, format!("{} does not fit in {bits} bits", describe(v)));
    }
    Ok(x)
}

/// A register value (`u`, `v` lanes, `exec`): as [`num`], and a negative number is told
/// its two's complement spelling.
fn reg_value(v: &Value, path: &str, bits: u32) -> Result<u64, SimError> {
    if let Some(i) = v.as_i64().filter(|i| *i < 0) {
        let (min, mask) = match bits {
            64 => (i64::MIN, u64::MAX),
            _ => (-(1i64 << (bits - 1)), (1u64 << bits) - 1),
        };
        let hint = if i >= min {
            let digits = bits as usize / 4;
            format!(
                "; for its {bits}-bit two's complement write \"0x{:0digits$x}\"",
                (i as u64) & mask
            )
        } else {
            String::new()
        };
        return err(
            path,
            format!("{i} is negative (register values are unsigned{hint})"),
        );
    }
    num(v, path, bits)
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, SimError> {
    v.as_object().map_or_else(
        || err(path, format!("expected a JSON object, got {}", describe(v))),
        Ok,
    )
}

/// `prefix` followed by a register number in canonical decimal (`v7`, not `v07`).
fn reg_index(key: &str, prefix: char) -> Option<u32> {
    let digits = key.strip_prefix(prefix)?;
    let n: u32 = digits.parse().ok()?;
    (n.to_string() == digits).then_some(n)
}

fn rm_value(v: &Value, path: &str) -> Result<u8, SimError> {
    match v {
        Value::String(s) => rm::from_name(s).map_or_else(
            || {
                err(
                    path,
                    format!(
                        "expected a rounding mode (rne, rtz, rdn, rup, rmm), got {}",
                        describe(v)
                    ),
                )
            },
            Ok,
        ),
        Value::Number(_) => {
            let x = num(v, path, 8)?;
            if x > rm::RMM as u64 {
                return err(path, format!("rounding mode must be 0..=4, got {x}"));
            }
            Ok(x as u8)
        }
        _ => err(
            path,
            format!(
                "expected a rounding mode (rne, rtz, rdn, rup, rmm), got {}",
                describe(v)
            ),
        ),
    }
}

/// `fault` of a state file: `{"cause": 1, "name": "IllegalInsn", "pc": "0x…", "word": "0x…"}`
/// (`name` optional; `word` has 8 or 16 hex digits for a 4- or 8-byte word).
fn parse_fault(v: &Value, path: &str) -> Result<Fault, SimError> {
    let obj = object(v, path)?;
    for k in obj.keys() {
        if !["cause", "name", "pc", "word"].contains(&k.as_str()) {
            return err(
                &format!("{path}.{k}"),
                "unknown key (expected cause, name, pc, word)",
            );
        }
    }
    let field = |k: &str| {
        obj.get(k)
            .map_or_else(|| err(path, format!("missing \"{k}\"")), Ok)
    };
    let cause = match num(field("cause")?, &format!("{path}.cause"), 32)? {
        1 => FaultCause::IllegalInsn,
        2 => FaultCause::FetchFault,
        c => {
            return err(
                &format!("{path}.cause"),
                format!("unknown fault cause {c} (1 IllegalInsn, 2 FetchFault)"),
            )
        }
    };
    if let Some(n) = obj.get("name") {
        if n.as_str() != Some(cause.name()) {
            return err(
                &format!("{path}.name"),
                format!(
                    "cause {} is {}, not {}",
                    cause.code(),
                    cause.name(),
                    describe(n)
                ),
            );
        }
    }
    let pc = num(field("pc")?, &format!("{path}.pc"), 32)? as u32;
    let wv = field("word")?;
    let word_bytes = match wv.as_str().map(|s| s.len()) {
        Some(18) => 8,
        _ => 4,
    };
    let word = num(wv, &format!("{path}.word"), 8 * word_bytes as u32)?;
    Ok(Fault {
        cause,
        pc,
        word,
        word_bytes,
        reason: FaultReason::FromState,
    })
}

fn parse_warp(
    obj: &Map<String, Value>,
    path: &str,
    code_base: u64,
    skip: &[&str],
) -> Result<(Warp, Option<RunStatus>), SimError> {
    let mut w = Warp::new();
    w.set_code_base(code_base);
    for k in obj.keys() {
        if !WARP_KEYS.contains(&k.as_str()) && !skip.contains(&k.as_str()) {
            return err(
                &format!("{path}{k}"),
                format!("unknown key (expected one of {})", WARP_KEYS.join(", ")),
            );
        }
    }
    if let Some(v) = obj.get("warp").filter(|_| skip.contains(&"warp")) {
        // Only a label (`run --warps` prints it); a list's order is what launches.
        num(v, &format!("{path}warp"), 64)?;
    }
    if let Some(v) = obj.get("steps") {
        w.set_steps(num(v, &format!("{path}steps"), 64)?);
    }
    let fault = match obj.get("fault") {
        None | Some(Value::Null) => None,
        Some(v) => Some(parse_fault(v, &format!("{path}fault"))?),
    };
    let status = match obj.get("status") {
        None => None,
        Some(v) => {
            let p = format!("{path}status");
            Some(match (v.as_str(), fault) {
                (Some("exited"), None) => RunStatus::Exited,
                (Some("step_limit" | INTERRUPTED), None) => RunStatus::StepLimit,
                (Some("faulted"), Some(f)) => RunStatus::Faulted(f),
                (Some("faulted"), None) => {
                    return err(&p, "a faulted warp needs its \"fault\" object")
                }
                (Some("exited" | "step_limit" | INTERRUPTED), Some(_)) => {
                    return err(&p, "only a faulted warp has a \"fault\" object")
                }
                _ => {
                    return err(
                        &p,
                        format!(
                            "expected \"exited\", \"faulted\", \"step_limit\" or \"interrupted\", \
                             got {}",
                            describe(v)
                        ),
                    )
                }
            })
        }
    };
    if status.is_none() && fault.is_some() {
        return err(
            &format!("{path}fault"),
            "a fault needs \"status\": \"faulted\"",
        );
    }
    if let Some(v) = obj.get("vgprs") {
        let p = format!("{path}vgprs");
        let n = num(v, &p, 32)?;
        w.set_vgprs(n as u32).or_else(|e| err(&p, e.0))?;
    }
    if let Some(v) = obj.get("pc") {
        w.set_pc(num(v, &format!("{path}pc"), 32)? as u32);
    }
    if let Some(v) = obj.get("exec") {
        w.set_exec(reg_value(v, &format!("{path}exec"), 32)? as u32);
    }
    if let Some(v) = obj.get("fflags") {
        let p = format!("{path}fflags");
        let f = num(v, &p, 5)?;
        w.set_fflags(f as u8).or_else(|e| err(&p, e.0))?;
    }
    if let Some(v) = obj.get("mode") {
        let p = format!("{path}mode");
        let m = object(v, &p)?;
        let mut mode = Mode::default();
        for (k, x) in m {
            let kp = format!("{p}.{k}");
            match k.as_str() {
                "rm" => mode.rm = rm_value(x, &kp)?,
                "rm16" => mode.rm16 = rm_value(x, &kp)?,
                _ => return err(&kp, "unknown key (expected rm, rm16)"),
            }
        }
        w.set_mode(mode).or_else(|e| err(&p, e.0))?;
    }
    if let Some(v) = obj.get("u") {
        let p = format!("{path}u");
        for (k, x) in object(v, &p)? {
            let kp = format!("{p}.{k}");
            match reg_index(k, 'u') {
                Some(r) if (r as usize) < NUM_UREGS => {
                    w.uregs_mut()[r as usize] = reg_value(x, &kp, 32)? as u32
                }
                _ => return err(&kp, "unknown key (expected u0..u63)"),
            }
        }
    }
    if let Some(v) = obj.get("v") {
        let p = format!("{path}v");
        let vgprs = w.vgprs();
        for (k, x) in object(v, &p)? {
            let kp = format!("{p}.{k}");
            let r = match reg_index(k, 'v') {
                Some(r) if r < vgprs => r as usize,
                Some(r) if r < 128 => {
                    return err(&kp, format!("v{r} is not allocated (vgprs = {vgprs})"));
                }
                _ => return err(&kp, "unknown key (expected v0..v127)"),
            };
            let lanes = match x {
                Value::Array(a) => {
                    if a.len() != LANES {
                        return err(
                            &kp,
                            format!(
                                "expected 32 lane values or one value, got an array of {}",
                                a.len()
                            ),
                        );
                    }
                    let mut l = [0u32; LANES];
                    for (i, e) in a.iter().enumerate() {
                        l[i] = reg_value(e, &format!("{kp}[{i}]"), 32)? as u32;
                    }
                    l
                }
                _ => [reg_value(x, &kp, 32)? as u32; LANES],
            };
            w.vregs_mut()[r] = lanes;
        }
    }
    Ok((w, status))
}

/// Parse a state file.
pub fn parse_state(json: &str) -> Result<Launch, SimError> {
    parse_from(&mut serde_json::Deserializer::from_str(json))
}

/// Parse a state file from a reader (buffered here), holding one warp's text at a time.
pub fn parse_state_reader(r: impl io::Read) -> Result<Launch, SimError> {
    parse_from(&mut serde_json::Deserializer::from_reader(
        io::BufReader::new(r),
    ))
}

fn parse_from<'de, R: serde_json::de::Read<'de>>(
    de: &mut serde_json::Deserializer<R>,
) -> Result<Launch, SimError> {
    let ctx = FirstError::default();
    let json_err = |e: serde_json::Error, ctx: &FirstError| match ctx.err.borrow_mut().take() {
        Some(s) => s,
        None if e.is_io() => SimError::Read(io::Error::other(e.to_string())),
        None => SimError::Json(e.to_string()),
    };
    let root = RootSeed { ctx: &ctx }
        .deserialize(&mut *de)
        .map_err(|e| json_err(e, &ctx))?;
    de.end().map_err(|e| json_err(e, &ctx))?;
    let (rest, warps) = match root {
        Root::Object { rest, warps } => (rest, warps),
        Root::Other(v) => {
            return err(
                "(top level)",
                format!("expected a JSON object, got {}", describe(&v)),
            )
        }
    };
    for k in rest.keys() {
        if k != "code_base" && !WARP_KEYS.contains(&k.as_str()) {
            return err(
                k,
                format!(
                    "unknown key (expected code_base, warps, or the keys of one warp: {})",
                    WARP_KEYS.join(", ")
                ),
            );
        }
    }
    let code_base = match rest.get("code_base") {
        Some(v) => reg_value(v, "code_base", 64)?,
        None => 0,
    };
    let warps = match warps {
        Some(mut ws) => {
            if let Some(k) = WARP_KEYS.iter().find(|k| rest.contains_key(**k)) {
                return err(
                    k,
                    "the keys of one warp cannot stand at top level next to a \"warps\" list",
                );
            }
            // The list may come before `code_base`.
            for (w, _) in &mut ws {
                w.set_code_base(code_base);
            }
            ws
        }
        None => vec![parse_warp(&rest, "", code_base, &["code_base"])?],
    };
    let (warps, status) = warps.into_iter().unzip();
    Ok(Launch {
        code_base,
        warps,
        status,
    })
}

/// Where a value stands in the file; made into text only for a message.
#[derive(Clone, Copy)]
enum JsonPath<'a> {
    Root,
    Key(&'a JsonPath<'a>, &'a str),
    Index(&'a JsonPath<'a>, usize),
}

impl fmt::Display for JsonPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            JsonPath::Root => f.write_str("(top level)"),
            JsonPath::Key(JsonPath::Root, k) => f.write_str(k),
            JsonPath::Key(p, k) => write!(f, "{p}.{k}"),
            JsonPath::Index(p, i) => write!(f, "{p}[{i}]"),
        }
    }
}

/// The error a visitor met, kept here because serde's error type carries only text.
#[derive(Default)]
struct FirstError {
    err: RefCell<Option<SimError>>,
}

impl FirstError {
    fn raise<E: de::Error>(&self, e: SimError) -> E {
        let text = e.to_string();
        *self.err.borrow_mut() = Some(e);
        E::custom(text)
    }

    fn duplicate<E: de::Error>(&self, at: JsonPath<'_>) -> E {
        self.raise(SimError::State {
            path: at.to_string(),
            message: "duplicate key (a key may appear once in an object)".into(),
        })
    }
}

/// A JSON value, refusing duplicate keys at any depth.
struct Strict<'c, 'l> {
    ctx: &'c FirstError,
    loc: JsonPath<'l>,
}

impl<'de> DeserializeSeed<'de> for Strict<'_, '_> {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, x: i64) -> Result<Value, E> {
        Ok(x.into())
    }
    fn visit_u64<E>(self, x: u64) -> Result<Value, E> {
        Ok(x.into())
    }
    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        // JSON numbers are finite.
        Ok(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(LANES));
        while let Some(x) = seq.next_element_seed(Strict {
            ctx: self.ctx,
            loc: JsonPath::Index(&self.loc, v.len()),
        })? {
            v.push(x);
        }
        Ok(Value::Array(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if m.contains_key(&k) {
                return Err(self.ctx.duplicate(JsonPath::Key(&self.loc, &k)));
            }
            let x = map.next_value_seed(Strict {
                ctx: self.ctx,
                loc: JsonPath::Key(&self.loc, &k),
            })?;
            m.insert(k, x);
        }
        Ok(Value::Object(m))
    }
}

/// The top level: `warps` is read warp by warp, the other keys as values.
enum Root {
    Object {
        rest: Map<String, Value>,
        warps: Option<Vec<(Warp, Option<RunStatus>)>>,
    },
    Other(Value),
}

struct RootSeed<'c> {
    ctx: &'c FirstError,
}

impl<'de> DeserializeSeed<'de> for RootSeed<'_> {
    type Value = Root;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Root, D::Error> {
        d.deserialize_any(self)
    }
}

/// A visitor that keeps anything but an object (or list) as a value for its message.
macro_rules! scalars_as_values {
    () => {
        fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
            self.other(Value::Bool(b))
        }
        fn visit_i64<E: de::Error>(self, x: i64) -> Result<Self::Value, E> {
            self.other(x.into())
        }
        fn visit_u64<E: de::Error>(self, x: u64) -> Result<Self::Value, E> {
            self.other(x.into())
        }
        fn visit_f64<E: de::Error>(self, x: f64) -> Result<Self::Value, E> {
            self.other(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
            self.other(Value::String(s.to_owned()))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            self.other(Value::Null)
        }
    };
}

impl RootSeed<'_> {
    fn other<E: de::Error>(self, v: Value) -> Result<Root, E> {
        Ok(Root::Other(v))
    }
}

impl<'de> Visitor<'de> for RootSeed<'_> {
    type Value = Root;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }
    scalars_as_values!();
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Root, A::Error> {
        let ctx = self.ctx;
        Strict {
            ctx,
            loc: JsonPath::Root,
        }
        .visit_seq(seq)
        .map(Root::Other)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Root, A::Error> {
        let mut rest = Map::new();
        let mut warps = None;
        while let Some(k) = map.next_key::<String>()? {
            let at = JsonPath::Key(&JsonPath::Root, &k);
            if rest.contains_key(&k) || (k == "warps" && warps.is_some()) {
                return Err(self.ctx.duplicate(at));
            }
            if k == "warps" {
                warps = Some(map.next_value_seed(WarpsSeed { ctx: self.ctx })?);
            } else {
                let x = map.next_value_seed(Strict {
                    ctx: self.ctx,
                    loc: at,
                })?;
                rest.insert(k, x);
            }
        }
        Ok(Root::Object { rest, warps })
    }
}

/// The `warps` list, each warp parsed as soon as its object ends.
struct WarpsSeed<'c> {
    ctx: &'c FirstError,
}

impl<'de> DeserializeSeed<'de> for WarpsSeed<'_> {
    type Value = Vec<(Warp, Option<RunStatus>)>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl WarpsSeed<'_> {
    fn other<T, E: de::Error>(self, v: Value) -> Result<T, E> {
        Err(self.ctx.raise(SimError::State {
            path: "warps".into(),
            message: format!("expected a list of warp objects, got {}", describe(&v)),
        }))
    }
}

impl<'de> Visitor<'de> for WarpsSeed<'_> {
    type Value = Vec<(Warp, Option<RunStatus>)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of warp objects")
    }
    scalars_as_values!();
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let key = JsonPath::Key(&JsonPath::Root, "warps");
        let v = Strict {
            ctx: self.ctx,
            loc: key,
        }
        .visit_map(map)?;
        self.other(v)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let list = JsonPath::Key(&JsonPath::Root, "warps");
        let mut ws = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict {
            ctx: self.ctx,
            loc: JsonPath::Index(&list, ws.len()),
        })? {
            if ws.len() == MAX_WARPS {
                let mut n = ws.len() + 1;
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    n += 1;
                }
                return Err(self.ctx.raise(SimError::State {
                    path: "warps".into(),
                    message: format!(
                        "{n} warps; a state file launches at most {MAX_WARPS} (each warp's output is about 55 KB of JSON)"
                    ),
                }));
            }
            let p = format!("warps[{}]", ws.len());
            let w = object(&v, &p)
                .and_then(|o| parse_warp(o, &format!("{p}."), 0, &["warp"]))
                .map_err(|e| self.ctx.raise(e))?;
            ws.push(w);
        }
        Ok(ws)
    }
}

/// The output state file: always a `warps` list with every field present.
pub fn state_to_json(code_base: u64, results: &[WarpResult]) -> String {
    write_state(
        code_base,
        results.iter().map(|r| (&r.warp, r.outcome.status)),
    )
}

/// The output state file of warps and their statuses.
pub(crate) fn write_state<'a>(
    code_base: u64,
    warps: impl ExactSizeIterator<Item = (&'a Warp, RunStatus)>,
) -> String {
    let mut out = Vec::with_capacity(warps.len().min(64) * 56 * 1024);
    // Writing to a Vec cannot fail.
    let _ = write_state_to(
        &mut out,
        code_base,
        warps.map(|(w, s)| (None, w, s)),
        &Fields::ALL,
    );
    // Only ASCII was written.
    String::from_utf8(out).unwrap_or_default()
}

/// Which parts of each warp an output state shows (`warpkit run --regs`). `status`,
/// `steps` and `fault` are always shown; vector registers only up to the warp's `vgprs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    pub pc: bool,
    pub exec: bool,
    pub vgprs: bool,
    pub mode: bool,
    pub fflags: bool,
    /// Uniform registers shown (bit i = `ui`).
    pub u: u64,
    /// Vector registers shown (bit i = `vi`).
    pub v: u128,
}

impl Fields {
    /// Everything: the state file `warpkit run` prints by default.
    pub const ALL: Fields = Fields {
        pc: true,
        exec: true,
        vgprs: true,
        mode: true,
        fflags: true,
        u: u64::MAX,
        v: u128::MAX,
    };
    /// Only `status`, `steps` and `fault`.
    pub const NONE: Fields = Fields {
        pc: false,
        exec: false,
        vgprs: false,
        mode: false,
        fflags: false,
        u: 0,
        v: 0,
    };
}

/// Write a state file to `out`, one warp at a time (the text of one warp is held at once).
/// Each item is (label, warp, status): a label `Some(i)` prints `"warp": i` first in the
/// object (for a selection of warps; readers ignore it).
pub fn write_state_to<'a>(
    out: &mut dyn io::Write,
    code_base: u64,
    warps: impl Iterator<Item = (Option<usize>, &'a Warp, RunStatus)>,
    fields: &Fields,
) -> io::Result<()> {
    write_named_state_to(
        out,
        code_base,
        warps.map(|(l, w, s)| (l, w, s, s.name())),
        fields,
    )
}

/// The `status` of a warp that a stopped run (Ctrl-C) left below its step limit: it runs
/// on when resumed, as a `step_limit` warp does.
pub const INTERRUPTED: &str = "interrupted";

/// [`write_state_to`] with each warp's `status` text given (`interrupted` for a warp a
/// stopped run left below its limit).
pub(crate) fn write_named_state_to<'a>(
    out: &mut dyn io::Write,
    code_base: u64,
    warps: impl Iterator<Item = (Option<usize>, &'a Warp, RunStatus, &'static str)>,
    fields: &Fields,
) -> io::Result<()> {
    let mut s = String::with_capacity(64 * 1024);
    let _ = write!(
        s,
        "{{\n  \"code_base\": \"0x{code_base:016x}\",\n  \"warps\": ["
    );
    let mut empty = true;
    for (label, w, status, name) in warps {
        s.push_str(if empty { "\n" } else { ",\n" });
        empty = false;
        write_warp(&mut s, label, w, &status, name, fields);
        out.write_all(s.as_bytes())?;
        s.clear();
    }
    s.push_str(if empty { "]\n}\n" } else { "\n  ]\n}\n" });
    out.write_all(s.as_bytes())
}

/// One warp's object of the output state file (no separator before or after).
fn write_warp(
    s: &mut String,
    label: Option<usize>,
    w: &Warp,
    status: &RunStatus,
    name: &str,
    f: &Fields,
) {
    s.push_str("    {\n");
    if let Some(i) = label {
        let _ = writeln!(s, "      \"warp\": {i},");
    }
    let fault = match status {
        RunStatus::Faulted(f) => format!(
            "{{\"cause\": {}, \"name\": \"{}\", \"pc\": \"0x{:08x}\", \"word\": \"{}\"}}",
            f.cause.code(),
            f.cause.name(),
            f.pc,
            f.word_hex()
        ),
        _ => "null".to_string(),
    };
    let _ = write!(
        s,
        "      \"status\": \"{}\",\n      \"steps\": {},\n      \"fault\": {fault}",
        name,
        w.steps(),
    );
    if f.pc {
        let _ = write!(s, ",\n      \"pc\": \"0x{:08x}\"", w.pc());
    }
    if f.exec {
        let _ = write!(s, ",\n      \"exec\": \"0x{:08x}\"", w.exec());
    }
    if f.vgprs {
        let _ = write!(s, ",\n      \"vgprs\": {}", w.vgprs());
    }
    if f.mode {
        let mode = w.mode();
        let _ = write!(
            s,
            ",\n      \"mode\": {{\"rm\": \"{}\", \"rm16\": \"{}\"}}",
            rm::name(mode.rm).unwrap_or("rne"),
            rm::name(mode.rm16).unwrap_or("rne"),
        );
    }
    if f.fflags {
        let _ = write!(s, ",\n      \"fflags\": \"0x{:08x}\"", w.fflags());
    }
    if f.u != 0 {
        s.push_str(",\n      \"u\": {");
        let mut first = true;
        for (i, x) in w.uregs().iter().enumerate() {
            if f.u >> i & 1 == 1 {
                let sep = if first { "" } else { "," };
                let _ = write!(s, "{sep}\n        \"u{i}\": \"0x{x:08x}\"");
                first = false;
            }
        }
        s.push_str("\n      }");
    }
    let shown = |i: usize| f.v >> i & 1 == 1 && i < w.vgprs() as usize;
    if (0..w.vregs().len()).any(shown) {
        s.push_str(",\n      \"v\": {");
        let mut first = true;
        for (i, lanes) in w.vregs().iter().enumerate() {
            if !shown(i) {
                continue;
            }
            let sep = if first { "" } else { "," };
            let _ = write!(s, "{sep}\n        \"v{i}\": [");
            first = false;
            for (j, x) in lanes.iter().enumerate() {
                let _ = write!(s, "{}\"0x{x:08x}\"", if j == 0 { "" } else { ", " });
            }
            s.push(']');
        }
        s.push_str("\n      }");
    }
    s.push_str("\n    }");
}
