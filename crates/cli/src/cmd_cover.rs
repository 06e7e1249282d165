//! `warpkit cover`: run programs collecting functional coverage into a database; merge
//! databases; report on one (text, holes, HTML, a percentage gate for CI).

use crate::files::{self, Output};
use crate::input;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warpkit_cover::{report, waiver, Counts, Db};
use warpkit_sim::state::{parse_state, parse_state_reader};

/// Exit status of `report --fail-under` when coverage is below the threshold.
const EXIT_BELOW: u8 = 3;

pub const AFTER_HELP: &str = "\
PROG is an assembly file (.s, .S, .asm), machine code (any other name), a directory (every
.s file in it and its subdirectories, sorted, as `warpkit gen` writes them), or @LIST (a file naming one program
per line). A program X.s without --state runs with X.state.json when that file exists
(gen's layout), else with one default warp.

The database is JSON: hit counts by bin name (see docs/coverage.md); `merge` adds counts, so
any order and grouping of merges gives the same database.

Totals count the reachable bins that are not waived: bins no execution can hit are excluded
by rules derived from the database (`report --excluded` lists them), and `report --waivers
FILE` waives bins by name or glob with a reason (stale waivers are reported).

Exit codes: 0 success; 1 bad input (a program that does not assemble, a bad state file,
database or waiver file); 2 bad command line; 3 `report --fail-under PCT` and coverage is
below PCT; 130 interrupted by Ctrl-C (the database of what was finished is written).";

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CoverArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// Programs: files, directories of `gen` output, or @LIST files.
    #[arg(value_name = "PROG", required = true)]
    programs: Vec<PathBuf>,
    /// Initial state for every program (default: X.state.json next to X.s, else one warp).
    #[arg(long)]
    state: Option<PathBuf>,
    /// Read every program as assembly, machine code or ELF, whatever its name (`-`, standard
    /// input, has no name: without this it is machine code or ELF, as for `run`).
    #[arg(long, value_enum)]
    format: Option<input::InputFormat>,
    /// Stop a warp when its step count reaches this.
    #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// The coverage database to write (`-`: standard output).
    #[arg(short, long, default_value = "-")]
    output: PathBuf,
}

#[derive(Subcommand)]
enum Action {
    /// Add coverage databases into one.
    Merge {
        /// Databases to merge (at least one).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The merged database (`-`: standard output).
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Write the database (several are merged first) in an interchange format.
    Export {
        /// Databases.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// UCIS XML (Accellera's interchange form): bins, hit counts, exclusions (bins
        /// unreachable by construction and waived bins as `ignore` bins, with the reason).
        #[arg(long, value_name = "FILE", required = true)]
        ucis: PathBuf,
        /// Waivers to mark, as for `report --waivers`.
        #[arg(long, value_name = "FILE")]
        waivers: Option<PathBuf>,
    },
    /// Totals per group and per variant; holes; an HTML report; a CI gate.
    Report {
        /// Databases (several are merged first).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// List every reachable, unwaived bin never hit (and every waived bin).
        #[arg(long)]
        holes: bool,
        /// List every bin unreachable by construction, under the rule that excludes it.
        #[arg(long)]
        excluded: bool,
        /// Print the report as JSON (every bin's count, exclusions, waivers) instead of text.
        #[arg(long)]
        json: bool,
        /// Group the counted holes by why `gen --toward` does not reach them.
        #[arg(long)]
        closure: bool,
        /// Waive bins: one bin name or glob a line, optional @owner, the reason after `#`.
        #[arg(long, value_name = "FILE")]
        waivers: Option<PathBuf>,
        /// The inputs are successive rounds' databases: the HTML page plots each group's
        /// coverage after each (the report itself is of their merge).
        #[arg(long)]
        rounds: bool,
        /// Write DIR/index.html (group totals, a per-variant table, exclusions, waivers)
        /// and print where, with the headline, instead of the text report.
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
        /// Exit with status 3 when coverage of the reachable, unwaived bins is below PCT percent.
        #[arg(long, value_name = "PCT")]
        fail_under: Option<f64>,
    },
}

pub fn run(a: CoverArgs) -> Result<ExitCode, String> {
    match a.action {
        Some(Action::Merge { inputs, output }) => {
            let mut out = Output::open(&output, &refs(&inputs))?;
            let mut progress = crate::progress::Items::start("databases", inputs.len() as u64)?;
            let mut db = Db::new();
            for p in &inputs {
                if progress.interrupted() {
                    break;
                }
                let text = files::read_text(p)?;
                db.merge(&Db::parse(&text, &files::display(p))?);
                progress.inc(1);
            }
            // Interrupted: the merge of the databases read so far, a valid database.
            out.write_all_or_closed(db.to_json().as_bytes())?;
            out.commit()?;
            interrupted(progress, "databases merged")
        }
        Some(Action::Report {
            inputs,
            holes,
            excluded,
            json,
            closure,
            waivers,
            rounds,
            html,
            fail_under,
        }) => report_cmd(
            &inputs,
            &ReportOpts {
                lists: report::Lists { holes, excluded },
                json,
                closure,
                rounds,
                waivers: waivers.as_deref(),
                html: html.as_deref(),
                fail_under,
            },
        ),
        Some(Action::Export {
            inputs,
            ucis,
            waivers,
        }) => {
            let mut out = Output::open(&ucis, &refs(&inputs))?;
            let waivers = read_waivers(waivers.as_deref())?;
            let mut db = Db::new();
            for p in &inputs {
                db.merge(&Db::parse(&files::read_text(p)?, &files::display(p))?);
            }
            let s = report::summarize_with(&db, &waivers);
            // SOURCE_DATE_EPOCH (reproducible builds) fixes the time written.
            let secs = std::env::var("SOURCE_DATE_EPOCH")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                });
            let xml = warpkit_cover::ucis::to_xml(
                &db,
                &s,
                &warpkit_cover::ucis::iso8601(secs),
                env!("CARGO_PKG_VERSION"),
            );
            out.write_all_or_closed(xml.as_bytes())?;
            out.commit()?;
            Ok(ExitCode::SUCCESS)
        }
        None => collect(
            &a.programs,
            a.state.as_deref(),
            a.format,
            a.max_steps,
            &a.output,
        ),
    }
}

fn read_waivers(p: Option<&Path>) -> Result<Vec<waiver::Waiver>, String> {
    match p {
        Some(p) => waiver::parse(&files::read_text(p)?, &files::display(p)),
        None => Ok(Vec::new()),
    }
}

fn refs(v: &[PathBuf]) -> Vec<&Path> {
    v.iter().map(PathBuf::as_path).collect()
}

/// What `cover report` was asked for.
#[derive(Clone, Copy)]
struct ReportOpts<'a> {
    lists: report::Lists,
    json: bool,
    closure: bool,
    rounds: bool,
    waivers: Option<&'a Path>,
    html: Option<&'a Path>,
    fail_under: Option<f64>,
}

fn report_cmd(inputs: &[PathBuf], o: &ReportOpts) -> Result<ExitCode, String> {
    let ReportOpts {
        lists,
        json,
        closure,
        rounds,
        waivers,
        html,
        fail_under,
    } = *o;
    if let Some(p) = fail_under {
        if !(0.0..=100.0).contains(&p) {
            return Err(format!("--fail-under must be 0..=100, got {p}"));
        }
    }
    // The HTML page is opened before anything is read, like every output.
    let page = match html {
        // A directory receives index.html; standard output cannot be one.
        Some(dir) if files::is_std(dir) => {
            crate::help::usage_error("--html takes a directory (it writes DIR/index.html), not `-`")
        }
        Some(dir) => {
            if dir.exists() && !dir.is_dir() {
                return Err(format!(
                    "--html {}: exists and is not a directory",
                    dir.display()
                ));
            }
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create directory {}: {e}", dir.display()))?;
            let index = dir.join("index.html");
            Some(Output::open(&index, &refs(inputs))?)
        }
        None => None,
    };
    let waivers = read_waivers(waivers)?;
    // Each round's summary: the merge of the databases up to it.
    let mut db = Db::new();
    let mut history = Vec::new();
    for p in inputs {
        let text = files::read_text(p)?;
        db.merge(&Db::parse(&text, &files::display(p))?);
        if rounds {
            history.push(report::summarize_with(&db, &waivers));
        }
    }
    let s = report::summarize_with(&db, &waivers);
    // With --html the page is the report: the terminal gets the headline and where the
    // page is, unless a list was asked for.
    let full = page.is_none() || lists.holes || lists.excluded || closure;
    let mut text = if json {
        report::json(&s, &db)
    } else if full {
        report::text(&s, lists)
    } else {
        format!("{}\n", report::headline(&s))
    };
    if closure {
        let t = warpkit_gen::toward::Toward::new(&db)?;
        text.push('\n');
        text.push_str(&t.closure_text(&s.holes));
    }
    if let (Some(dir), false, false) = (html, full, json) {
        text.push_str(&format!(
            "report written to {}\n",
            dir.join("index.html").display()
        ));
    }
    crate::files::write_stdout(text.as_bytes())?;
    if let Some(mut out) = page {
        out.write_all_or_closed(report::html(&s, &history).as_bytes())?;
        out.commit()?;
    }
    if let Some(p) = fail_under {
        if s.total.percent() < p {
            eprintln!(
                "warpkit: coverage {:.2}% is below --fail-under {p}",
                s.total.percent()
            );
            return Ok(ExitCode::from(EXIT_BELOW));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A program to run and the state file it runs with.
struct Job {
    program: PathBuf,
    state: Option<PathBuf>,
}

fn sibling_state(program: &Path) -> Option<PathBuf> {
    let s = program.with_extension("state.json");
    s.is_file().then_some(s)
}

fn expand(programs: &[PathBuf], state: Option<&Path>, jobs: &mut Vec<Job>) -> Result<(), String> {
    for p in programs {
        let text = p.to_string_lossy();
        if let Some(list) = text.strip_prefix('@') {
            let list = Path::new(list);
            let body = files::read_text(list)?;
            let base = list.parent().unwrap_or(Path::new(""));
            let named: Vec<PathBuf> = body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| {
                    let q = Path::new(l);
                    if q.is_relative() && !Path::new(l).exists() {
                        base.join(q)
                    } else {
                        q.to_path_buf()
                    }
                })
                .collect();
            // A list names programs, not further lists.
            if let Some(bad) = named.iter().find(|q| q.to_string_lossy().starts_with('@')) {
                return Err(format!(
                    "{}: names another list ({}); lists do not nest",
                    list.display(),
                    bad.display()
                ));
            }
            expand(&named, state, jobs)?;
        } else if p.is_dir() {
            let mut found = Vec::new();
            assembly_files(p, &mut found, 0)?;
            found.sort();
            if found.is_empty() {
                return Err(format!("{}: no assembly (.s) files in it", p.display()));
            }
            for q in found {
                let st = state.map(Path::to_path_buf).or_else(|| sibling_state(&q));
                jobs.push(Job {
                    program: q,
                    state: st,
                });
            }
        } else {
            let st = state.map(Path::to_path_buf).or_else(|| sibling_state(p));
            jobs.push(Job {
                program: p.clone(),
                state: st,
            });
        }
    }
    Ok(())
}

/// Deepest directory nesting `cover DIR` descends into (a link loop ends there).
const MAX_DEPTH: usize = 16;

/// The assembly files under `dir`, its subdirectories included (a farm's work directory
/// holds one directory per job).
fn assembly_files(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "{}: directories nested more than {MAX_DEPTH} deep",
            dir.display()
        ));
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read directory {}: {e}", dir.display()))?;
    for e in entries {
        let q = e
            .map_err(|e| format!("cannot read directory {}: {e}", dir.display()))?
            .path();
        if q.is_dir() {
            assembly_files(&q, out, depth + 1)?;
        } else if q.is_file() && input::format_of(&q) == input::InputFormat::Asm {
            out.push(q);
        }
    }
    Ok(())
}

fn collect(
    programs: &[PathBuf],
    state: Option<&Path>,
    format: Option<input::InputFormat>,
    max_steps: u64,
    output: &Path,
) -> Result<ExitCode, String> {
    let mut jobs = Vec::new();
    expand(programs, state, &mut jobs)?;
    if jobs.iter().filter(|j| files::is_std(&j.program)).count()
        + usize::from(state.is_some_and(files::is_std))
        > 1
    {
        return Err("standard input can be read only once (PROG or --state)".into());
    }
    let mut inputs: Vec<&Path> = jobs.iter().map(|j| j.program.as_path()).collect();
    inputs.extend(jobs.iter().filter_map(|j| j.state.as_deref()));
    let mut out = Output::open(output, &inputs)?;
    let mut counts = Counts::default();
    let mut progress = crate::progress::Items::start("programs", jobs.len() as u64)?;
    for j in &jobs {
        if progress.interrupted() {
            break;
        }
        let loaded = input::load_program(&j.program, format, None, 100).map_err(|e| {
            if e.is_empty() {
                format!(
                    "{}: does not assemble (errors above)",
                    files::display(&j.program)
                )
            } else {
                e
            }
        })?;
        let mut launch = match &j.state {
            None => parse_state("{}").map_err(|e| e.to_string())?,
            Some(s) => parse_state_reader(files::open_read(s)?)
                .map_err(|e| format!("{}: {e}", files::display(s)))?,
        };
        loaded.prepare(&mut launch)?;
        counts.run(&loaded.code, launch, max_steps);
        progress.inc(1);
    }
    // Interrupted: the counts of the programs run to the end, a valid database.
    let db = Db::from_counts(&counts);
    out.write_all_or_closed(db.to_json().as_bytes())?;
    out.commit()?;
    interrupted(progress, "programs covered")
}

/// Exit 130 with a note when Ctrl-C stopped the work (what was finished is written).
fn interrupted(mut progress: crate::progress::Items, what: &str) -> Result<ExitCode, String> {
    progress.finish();
    if !progress.interrupted() {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "warpkit: interrupted after {} {what}; the database written holds them",
        progress.done()
    );
    Ok(ExitCode::from(crate::progress::EXIT_INTERRUPTED))
}
