//! A command line as a typed [`Command`]: gdb's names and aliases, the arguments checked
//! (counts, positions, breakpoint numbers, formats) before anything runs.

use super::help::{help_of, nearest};
use warpkit_debug::loc::parse_value;
use warpkit_debug::{FaultCatch, StatePlace};
use warpkit_sim::FaultCause;

/// How `print` and `display` show values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintFormat {
    Hex,
    Dec,
    Unsigned,
    F32,
    F16,
}

impl PrintFormat {
    /// `/x`, `/d`, `/u`, `/f`, `/h` without the slash (`""`: hex).
    pub fn parse(c: &str) -> Result<PrintFormat, String> {
        Ok(match c {
            "" | "x" => PrintFormat::Hex,
            "d" => PrintFormat::Dec,
            "u" => PrintFormat::Unsigned,
            "f" => PrintFormat::F32,
            "h" => PrintFormat::F16,
            _ => {
                return Err(format!(
                    "unknown format /{c}: use /x, /d, /u, /f (binary32) or /h (binary16 halves)"
                ))
            }
        })
    }
}

/// Where a breakpoint or watchpoint is, for which warp, under which condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub loc: String,
    pub warp: Option<usize>,
    pub cond: Option<String>,
}

/// One debugger command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Break {
        spec: Spec,
        temporary: bool,
    },
    Watch(Spec),
    /// No ids: all.
    Delete(Vec<u32>),
    Enable {
        ids: Vec<u32>,
        on: bool,
    },
    Condition {
        id: u32,
        cond: Option<String>,
    },
    Ignore {
        id: u32,
        n: u64,
    },
    Catch(FaultCatch),
    Step(u64),
    Next(u64),
    Finish,
    Until(Option<String>),
    Advance(String),
    /// `continue N`: ignore the breakpoint stopped at N-1 more times.
    Continue(Option<u64>),
    ReverseStep(u64),
    ReverseNext(u64),
    ReverseFinish,
    ReverseContinue,
    Goto(u64),
    Run,
    LastWrite(String),
    Print {
        format: PrintFormat,
        what: String,
    },
    /// No expression: show the displays.
    Display {
        format: PrintFormat,
        what: Option<String>,
    },
    /// No ids: all.
    Undisplay(Vec<u32>),
    Set {
        loc: String,
        value: u64,
        text: String,
    },
    /// The topic and its arguments (`registers v1 v2`).
    Info(String),
    Backtrace,
    Disassemble(String),
    List(String),
    Warp(Option<usize>),
    Help(Option<String>),
    Quit,
}

impl Command {
    /// Whether the command moves the program (forward, back, or to a position).
    pub fn moves(&self) -> bool {
        use Command::*;
        matches!(
            self,
            Step(_)
                | Next(_)
                | Finish
                | Until(_)
                | Advance(_)
                | Continue(_)
                | ReverseStep(_)
                | ReverseNext(_)
                | ReverseFinish
                | ReverseContinue
                | Goto(_)
                | Run
        )
    }
}

/// Whether the first word of `line` names a command (`p/x`: its format aside), so that a
/// front that also evaluates expressions knows which the line is.
pub fn names_command(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or_default();
    let word = match word.split_once('/') {
        Some((w, _)) if w != "x" => w,
        _ => word,
    };
    help_of(word).is_some()
}

/// Parse one command line; `None` for an empty line or a `#` comment.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = match line.find(|c: char| c.is_whitespace()) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    // `p/x v3`: the format is part of the word.
    let (word, fmt) = match word.split_once('/') {
        Some((w, f)) if w != "x" => (w, Some(f)),
        _ => (word, None),
    };
    let format = || PrintFormat::parse(fmt.unwrap_or(""));
    let name = help_of(word).map_or(word, |(names, _, _)| names[0]);
    Ok(Some(match name {
        "break" | "tbreak" => Command::Break {
            spec: split_spec(rest)?,
            temporary: name == "tbreak",
        },
        "watch" => Command::Watch(split_spec(rest)?),
        "delete" => Command::Delete(ids(rest)?),
        "disable" | "enable" => Command::Enable {
            ids: ids(rest)?,
            on: name == "enable",
        },
        "condition" => {
            let (id, cond) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let id = ids(id)?
                .first()
                .copied()
                .ok_or("condition needs a breakpoint number")?;
            let cond = cond.trim();
            Command::Condition {
                id,
                cond: (!cond.is_empty()).then(|| cond.to_string()),
            }
        }
        "ignore" => {
            let v: Vec<&str> = rest.split_whitespace().collect();
            let [id, n] = v.as_slice() else {
                return Err("usage: ignore ID N".into());
            };
            Command::Ignore {
                id: ids(id)?[0],
                n: n.parse().map_err(|_| format!("`{n}` is not a count"))?,
            }
        }
        "catch" => Command::Catch(catch(rest)?),
        "step" => Command::Step(parse_count(rest)?),
        "next" => Command::Next(parse_count(rest)?),
        "finish" => Command::Finish,
        "until" => Command::Until((!rest.is_empty()).then(|| rest.to_string())),
        "advance" if rest.is_empty() => return Err("advance needs a location".into()),
        "advance" => Command::Advance(rest.to_string()),
        "continue" => Command::Continue(if rest.is_empty() {
            None
        } else {
            Some(parse_count(rest)?)
        }),
        "reverse-step" => Command::ReverseStep(parse_count(rest)?),
        "reverse-next" => Command::ReverseNext(parse_count(rest)?),
        "reverse-finish" => Command::ReverseFinish,
        "reverse-continue" => Command::ReverseContinue,
        "goto" => Command::Goto(parse_position(rest)?),
        "run" => Command::Run,
        "last-write" => {
            StatePlace::parse(rest)?;
            Command::LastWrite(rest.to_string())
        }
        "print" => Command::Print {
            format: format()?,
            what: rest.to_string(),
        },
        // gdb's other printing commands print here.
        "output" | "call" => Command::Print {
            format: format()?,
            what: rest.to_string(),
        },
        "display" => Command::Display {
            format: format()?,
            what: (!rest.is_empty()).then(|| rest.to_string()),
        },
        "undisplay" => Command::Undisplay(ids(rest)?),
        "set" => {
            let rest = rest.strip_prefix("var ").unwrap_or(rest);
            let (loc, value) = rest.split_once('=').ok_or("usage: set REG = VALUE")?;
            Command::Set {
                loc: loc.trim().to_string(),
                value: parse_value(value)?,
                text: value.trim().to_string(),
            }
        }
        "info" => Command::Info(rest.to_string()),
        "backtrace" => Command::Backtrace,
        "disassemble" => Command::Disassemble(rest.to_string()),
        "list" => Command::List(rest.to_string()),
        "warp" => Command::Warp(if rest.is_empty() {
            None
        } else {
            Some(
                rest.parse()
                    .map_err(|_| format!("`{rest}` is not a warp number"))?,
            )
        }),
        "help" => Command::Help((!rest.is_empty()).then(|| rest.to_string())),
        "quit" => Command::Quit,
        _ => {
            return Err(match nearest(word) {
                Some(n) => format!(
                    "unknown command `{word}` (did you mean `{n}`?); `help` lists the commands"
                ),
                None => format!("unknown command `{word}`; `help` lists the commands"),
            })
        }
    }))
}

/// Split `LOC [warp N] [if COND]`.
fn split_spec(rest: &str) -> Result<Spec, String> {
    let (head, cond) = match rest.find(" if ") {
        Some(i) => (&rest[..i], Some(rest[i + 4..].trim().to_string())),
        None => match rest.strip_prefix("if ") {
            Some(c) => ("", Some(c.trim().to_string())),
            None => (rest, None),
        },
    };
    let words: Vec<&str> = head.split_whitespace().collect();
    let (loc, warp) = match words.as_slice() {
        [l @ .., "warp" | "thread", n] => (
            l.join(" "),
            Some(
                n.parse::<usize>()
                    .map_err(|_| format!("`{n}` is not a warp number"))?,
            ),
        ),
        l => (l.join(" "), None),
    };
    Ok(Spec { loc, warp, cond })
}

fn catch(rest: &str) -> Result<FaultCatch, String> {
    let v: Vec<&str> = rest.split_whitespace().collect();
    Ok(match v.as_slice() {
        ["fault"] | ["fault", "any"] => FaultCatch::Any,
        ["fault", "off"] | ["fault", "none"] => FaultCatch::None,
        ["fault", causes @ ..] => FaultCatch::Causes(
            causes
                .iter()
                .map(|c| match c.to_ascii_lowercase().as_str() {
                    "illegalinsn" | "1" => Ok(FaultCause::IllegalInsn),
                    "fetchfault" | "2" => Ok(FaultCause::FetchFault),
                    _ => Err(format!(
                        "unknown fault cause `{c}`: IllegalInsn (1) or FetchFault (2)"
                    )),
                })
                .collect::<Result<_, _>>()?,
        ),
        _ => return Err("usage: catch fault [any|IllegalInsn|FetchFault|off]".into()),
    })
}

/// A position of the schedule: a count, decimal or `0x` hex (no sign: `goto -1` is not the
/// end of the run).
fn parse_position(arg: &str) -> Result<u64, String> {
    let t = arg.trim();
    let v = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => t.parse::<u64>(),
    };
    v.map_err(|_| {
        if t.is_empty() {
            "goto needs a position: the count of attempts since the launch (0 or more)".into()
        } else {
            format!("goto needs a position (0 or more attempts since the launch), got `{t}`")
        }
    })
}

fn parse_count(arg: &str) -> Result<u64, String> {
    if arg.trim().is_empty() {
        return Ok(1);
    }
    match arg.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{}` is not a count (1 or more)", arg.trim())),
    }
}

fn ids(s: &str) -> Result<Vec<u32>, String> {
    s.split_whitespace()
        .map(|t| {
            t.parse::<u32>()
                .map_err(|_| format!("`{t}` is not a breakpoint number"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_aliases() {
        assert_eq!(parse("  # note").unwrap(), None);
        assert_eq!(parse("rc").unwrap(), Some(Command::ReverseContinue));
        assert_eq!(parse("s 3").unwrap(), Some(Command::Step(3)));
        assert_eq!(
            parse("tbreak loop warp 1 if v1[0] == 2").unwrap(),
            Some(Command::Break {
                spec: Spec {
                    loc: "loop".into(),
                    warp: Some(1),
                    cond: Some("v1[0] == 2".into())
                },
                temporary: true
            })
        );
        assert_eq!(
            parse("p/f v1").unwrap(),
            Some(Command::Print {
                format: PrintFormat::F32,
                what: "v1".into()
            })
        );
        assert!(parse("goto -1").unwrap_err().contains("got `-1`"));
        assert!(parse("s 0").is_err());
        assert!(parse("stpe").unwrap_err().contains("did you mean `step`?"));
        assert!(parse("p/q v1").is_err());
    }
}
