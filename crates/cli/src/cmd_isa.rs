//! `warpkit isa check|map|free|diff`: tools for the people who write the ISA, over any `.isa`
//! file (the compiled-in database when none is given). The work is done by
//! `warpkit_isa::{parse, space, diff}`; this module reads files, renders diagnostics in the
//! assembler's style and writes outputs.

use crate::files;
use clap::{Args, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warpkit_asm::{Diagnostic, Diagnostics, Related, Severity};
use warpkit_isa::parse::{self, Database, Problem, TextSpan};
use warpkit_isa::{diff, space};

#[derive(Args)]
#[command(after_help = AFTER_HELP)]
pub struct IsaArgs {
    #[command(subcommand)]
    cmd: IsaCmd,
}

const AFTER_HELP: &str = "\
FILE defaults to the database warpkit was built with (crates/isa/instructions.isa).

Exit codes: 0 success; 1 the table has problems (check), OLD's words decode differently under
NEW (diff), no free slot (free), or a file problem; 2 bad command line.";

#[derive(Subcommand)]
enum IsaCmd {
    /// Every soundness rule and every overlap between two variants (identical, subset,
    /// superset, partial, with a word both decode), at file:line:column.
    Check {
        /// The table to check.
        file: Option<PathBuf>,
    },
    /// The encoding space: the 128 opcodes as a grid, taken and free function codes per
    /// opcode, totals per format.
    Map {
        file: Option<PathBuf>,
        /// Write the grid as SVG.
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        /// Write the picture and the tables as one HTML page.
        #[arg(long, value_name = "OUT")]
        html: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The (opcode, funct) pairs a new variant of a format could take, smallest first.
    Free {
        /// InputFormat name (R, X, ...).
        #[arg(long)]
        format: String,
        file: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Variants added, removed, renamed and changed between two tables, and which words a
    /// decoder of OLD decodes differently under NEW (exit 1 when any does).
    Diff {
        old: PathBuf,
        new: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

/// A table's name and text.
struct Table {
    name: String,
    text: String,
    inputs: Vec<PathBuf>,
}

fn read_table(file: Option<&Path>) -> Result<Table, String> {
    match file {
        None => Ok(Table {
            name: "crates/isa/instructions.isa".into(),
            text: warpkit_isa::SOURCE.to_string(),
            inputs: Vec::new(),
        }),
        Some(p) => Ok(Table {
            name: files::display(p),
            text: files::read_text(p)?,
            inputs: vec![p.to_path_buf()],
        }),
    }
}

fn color() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// Byte offset of a 1-based character column of a 1-based line.
fn offset(line_starts: &[usize], text: &str, line: usize, col: usize) -> usize {
    let start = line_starts
        .get(line.saturating_sub(1))
        .copied()
        .unwrap_or(text.len());
    let line_text = text[start..].split('\n').next().unwrap_or("");
    start
        + line_text
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i)
}

fn byte_range(starts: &[usize], text: &str, line: usize, span: TextSpan) -> (usize, usize) {
    let a = offset(starts, text, line, span.col);
    let b = offset(starts, text, line, span.col + span.len.max(1));
    (a, b.max(a))
}

/// The problems of a table as the assembler's diagnostics.
fn diagnostics(t: &Table, problems: &[Problem]) -> Diagnostics {
    let mut starts = vec![0usize];
    starts.extend(t.text.match_indices('\n').map(|(i, _)| i + 1));
    let list = problems
        .iter()
        .map(|p| {
            let (start, end) = byte_range(&starts, &t.text, p.line, p.span);
            let related = p.related.as_ref().map(|r| {
                let (s, e) = byte_range(&starts, &t.text, r.line, r.span);
                Related {
                    start: s,
                    end: e,
                    line: r.line,
                    col: r.span.col,
                    message: r.message.clone(),
                }
            });
            let message = if p.subject.is_empty() {
                p.message.clone()
            } else {
                format!("{}: {}", p.subject, p.message)
            };
            Diagnostic {
                severity: Severity::Error,
                start,
                end,
                line: p.line,
                col: p.span.col,
                message,
                hint: Some(match p.example {
                    Some(w) => format!("class {}; example word 0x{w:x}", p.class),
                    None => format!("class {}", p.class),
                }),
                related,
            }
        })
        .collect();
    Diagnostics {
        file: t.name.clone(),
        source: t.text.clone(),
        list,
    }
}

/// Parse a table, or print its syntax errors and fail.
fn parse_or_report(t: &Table) -> Result<Database, String> {
    let (db, errs) = parse::parse_all(&t.text);
    if errs.is_empty() {
        Ok(db)
    } else {
        eprint!("{}", diagnostics(t, &errs).render(color()));
        Err(String::new())
    }
}

fn warn_if_unsound(t: &Table, db: &Database) {
    let n = parse::problems(db).len();
    if n > 0 {
        eprintln!(
            "warpkit: warning: {} has {n} problem{} (see `warpkit isa check`)",
            t.name,
            if n == 1 { "" } else { "s" }
        );
    }
}

fn inputs(t: &Table) -> Vec<&Path> {
    t.inputs.iter().map(|p| p.as_path()).collect()
}

pub fn run(a: IsaArgs) -> Result<ExitCode, String> {
    match a.cmd {
        IsaCmd::Check { file } => {
            let t = read_table(file.as_deref())?;
            let db = parse_or_report(&t)?;
            let problems = parse::problems(&db);
            if !problems.is_empty() {
                eprint!("{}", diagnostics(&t, &problems).render(color()));
                return Err(String::new());
            }
            crate::files::write_stdout(
                format!(
                    "{}: {} formats, {} variants: no problems\n",
                    t.name,
                    db.formats.len(),
                    db.rows.len()
                )
                .as_bytes(),
            )?;
        }
        IsaCmd::Map {
            file,
            svg,
            html,
            json,
        } => {
            let t = read_table(file.as_deref())?;
            let db = parse_or_report(&t)?;
            warn_if_unsound(&t, &db);
            if let Some(out) = &svg {
                files::write_file(out, space::map_svg(&db).as_bytes(), &inputs(&t))?;
            }
            if let Some(out) = &html {
                files::write_file(out, space::map_html(&db, &t.name).as_bytes(), &inputs(&t))?;
            }
            if json {
                let v = space::map_json(&db);
                crate::files::write_stdout(
                    (serde_json::to_string_pretty(&v).unwrap_or_default() + "\n").as_bytes(),
                )?;
            } else if svg.is_none() && html.is_none() {
                crate::files::write_stdout(space::map_text(&db).as_bytes())?;
            }
        }
        IsaCmd::Free { format, file, json } => {
            let t = read_table(file.as_deref())?;
            let db = parse_or_report(&t)?;
            warn_if_unsound(&t, &db);
            let runs = space::free(&db, &format)?;
            let out = if json {
                serde_json::to_string_pretty(&space::free_json(&format, &runs)).unwrap_or_default()
                    + "\n"
            } else {
                space::free_text(&db, &format, &runs)
            };
            crate::files::write_stdout(out.as_bytes())?;
        }
        IsaCmd::Diff { old, new, json } => {
            let (to, tn) = (read_table(Some(&old))?, read_table(Some(&new))?);
            let (dbo, dbn) = (parse_or_report(&to)?, parse_or_report(&tn)?);
            let d = diff::diff(&dbo, &dbn);
            let out = if json {
                serde_json::to_string_pretty(&diff::json(&d)).unwrap_or_default() + "\n"
            } else {
                diff::text(&d)
            };
            crate::files::write_stdout(out.as_bytes())?;
            if !d.compatible() {
                return Ok(ExitCode::from(1));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `warpkit docs --html DIR [--check]`: write (or check) `DIR/index.html`.
pub fn manual(dir: &Path, check: bool) -> Result<(), String> {
    let page = warpkit_isa::html::manual();
    let path = dir.join("index.html");
    if check {
        return match std::fs::read_to_string(&path) {
            Ok(cur) if cur == page => Ok(()),
            Ok(_) => Err(format!(
                "{} is out of date; run `warpkit docs --html {}`",
                path.display(),
                dir.display()
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
                "{} does not exist; run `warpkit docs --html {}` to create it",
                path.display(),
                dir.display()
            )),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        };
    }
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    files::write_file(&path, page.as_bytes(), &[])
}
