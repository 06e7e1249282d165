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
//! Numbers are JSON integers or `0x` hex strings (negative integers are taken as two's
//! complement of the field width); a single `v` value fills all 32 lanes; the keys of one
//! warp may stand at top level instead of `warps`; `{}` is one warp in the default state.
//!
//! The output of a run is a valid input, so a run can be checkpointed and resumed: a warp
//! may also carry `status` (`exited`, `faulted`, `step_limit`), `steps` (instructions
//! retired so far; the count goes on from there) and `fault` (`null`, or the object the
//! output prints for a faulted warp). A warp that `exited` or `faulted` stays so and is not
//! run again; a `step_limit` warp runs on. The step limit counts a warp's `steps`, so
//! running to `K` steps and resuming with a limit of `N` ends exactly like one run with a
//! limit of `N` (final state and the concatenated trace).

use crate::fault::{Fault, FaultCause, FaultReason};
use crate::launch::WarpResult;
use crate::run::RunStatus;
use crate::warp::{rm, Mode, Warp, LANES, NUM_UREGS};
use serde_json::{Map, Value};
use std::fmt::{self, Write as _};

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
    /// A warp index beyond the launched warps.
    NoWarp { index: usize, warps: usize },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Json(e) => write!(f, "state file is not valid JSON: {e}"),
            SimError::State { path, message } => write!(f, "state file: {path}: {message}"),
            SimError::Io(e) => write!(f, "writing the trace: {e}"),
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
                let min = if bits >= 64 {
                    i64::MIN
                } else {
                    -(1i64 << (bits - 1))
                };
                if i < min {
                    return err(path, what());
                }
                (i as u64) & max
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
                (Some("step_limit"), None) => RunStatus::StepLimit,
                (Some("faulted"), Some(f)) => RunStatus::Faulted(f),
                (Some("faulted"), None) => {
                    return err(&p, "a faulted warp needs its \"fault\" object")
                }
                (Some("exited" | "step_limit"), Some(_)) => {
                    return err(&p, "only a faulted warp has a \"fault\" object")
                }
                _ => {
                    return err(
                        &p,
                        format!(
                            "expected \"exited\", \"faulted\" or \"step_limit\", got {}",
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
        w.set_exec(num(v, &format!("{path}exec"), 32)? as u32);
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
                    w.uregs_mut()[r as usize] = num(x, &kp, 32)? as u32
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
                        l[i] = num(e, &format!("{kp}[{i}]"), 32)? as u32;
                    }
                    l
                }
                _ => [num(x, &kp, 32)? as u32; LANES],
            };
            w.vregs_mut()[r] = lanes;
        }
    }
    Ok((w, status))
}

/// Parse a state file.
pub fn parse_state(json: &str) -> Result<Launch, SimError> {
    let root: Value = serde_json::from_str(json).map_err(|e| SimError::Json(e.to_string()))?;
    let top = object(&root, "(top level)")?;
    for k in top.keys() {
        if k != "code_base" && k != "warps" && !WARP_KEYS.contains(&k.as_str()) {
            return err(
                k,
                format!(
                    "unknown key (expected code_base, warps, or the keys of one warp: {})",
                    WARP_KEYS.join(", ")
                ),
            );
        }
    }
    let code_base = match top.get("code_base") {
        Some(v) => num(v, "code_base", 64)?,
        None => 0,
    };
    let warps = match top.get("warps") {
        Some(list) => {
            if let Some(k) = WARP_KEYS.iter().find(|k| top.contains_key(**k)) {
                return err(
                    k,
                    "the keys of one warp cannot stand at top level next to a \"warps\" list",
                );
            }
            let Value::Array(a) = list else {
                return err(
                    "warps",
                    format!("expected a list of warp objects, got {}", describe(list)),
                );
            };
            if a.len() > MAX_WARPS {
                return err(
                    "warps",
                    format!(
                        "{} warps; a state file launches at most {MAX_WARPS} (each warp's output is about 55 KB of JSON)",
                        a.len()
                    ),
                );
            }
            let mut ws = Vec::with_capacity(a.len());
            for (i, x) in a.iter().enumerate() {
                let p = format!("warps[{i}]");
                ws.push(parse_warp(
                    object(x, &p)?,
                    &format!("{p}."),
                    code_base,
                    &[],
                )?);
            }
            ws
        }
        None => vec![parse_warp(top, "", code_base, &["code_base"])?],
    };
    let (warps, status) = warps.into_iter().unzip();
    Ok(Launch {
        code_base,
        warps,
        status,
    })
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
    let empty = warps.len() == 0;
    let mut s = String::with_capacity(warps.len() * 64 * 1024);
    let _ = write!(
        s,
        "{{\n  \"code_base\": \"0x{code_base:016x}\",\n  \"warps\": ["
    );
    for (wi, (w, status)) in warps.enumerate() {
        s.push_str(if wi == 0 { "\n" } else { ",\n" });
        let fault = match &status {
            RunStatus::Faulted(f) => format!(
                "{{\"cause\": {}, \"name\": \"{}\", \"pc\": \"0x{:08x}\", \"word\": \"{}\"}}",
                f.cause.code(),
                f.cause.name(),
                f.pc,
                f.word_hex()
            ),
            _ => "null".to_string(),
        };
        let mode = w.mode();
        let _ = write!(
            s,
            "    {{\n      \"status\": \"{}\",\n      \"steps\": {},\n      \"fault\": {fault},\n      \"pc\": \"0x{:08x}\",\n      \"exec\": \"0x{:08x}\",\n      \"vgprs\": {},\n      \"mode\": {{\"rm\": \"{}\", \"rm16\": \"{}\"}},\n      \"fflags\": \"0x{:08x}\",\n      \"u\": {{",
            status.name(),
            w.steps(),
            w.pc(),
            w.exec(),
            w.vgprs(),
            rm::name(mode.rm).unwrap_or("rne"),
            rm::name(mode.rm16).unwrap_or("rne"),
            w.fflags()
        );
        for (i, x) in w.uregs().iter().enumerate() {
            let _ = write!(
                s,
                "{}\n        \"u{i}\": \"0x{x:08x}\"",
                if i == 0 { "" } else { "," }
            );
        }
        s.push_str("\n      },\n      \"v\": {");
        for (i, lanes) in w.vregs().iter().take(w.vgprs() as usize).enumerate() {
            let _ = write!(s, "{}\n        \"v{i}\": [", if i == 0 { "" } else { "," });
            for (j, x) in lanes.iter().enumerate() {
                let _ = write!(s, "{}\"0x{x:08x}\"", if j == 0 { "" } else { ", " });
            }
            s.push(']');
        }
        s.push_str("\n      }\n    }");
    }
    s.push_str(if empty { "]\n}\n" } else { "\n  ]\n}\n" });
    s
}
