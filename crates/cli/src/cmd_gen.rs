//! `warpkit gen`: random test programs with state files.

use clap::Args;
use std::path::PathBuf;
use warpkit_gen::program::{MAX_DEPTH, MAX_LENGTH};
use warpkit_gen::run::{run_counting, Coverage};
use warpkit_gen::{GenConfig, Generator, Mix};
use warpkit_sim::RunStatus;

#[derive(Args)]
pub struct GenArgs {
    /// Seed of the run: the same seed (and options) writes the same bytes.
    #[arg(long)]
    seed: u64,
    /// Number of programs.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Index of the first program (program i is the same whatever else is generated, so
    /// jobs of a CI matrix or Slurm array can each write a slice).
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Static instructions per program (1..=4000).
    #[arg(long, default_value_t = 200, value_parser = parse_length)]
    length: usize,
    /// Statement weights, e.g. `int=3,fp=2` (categories: int, uni, fp, half, exec,
    /// branch, simt, directed; unnamed ones keep their defaults).
    #[arg(long, value_parser = Mix::parse)]
    mix: Option<Mix>,
    /// Nesting depth of divergent if/else, loops and calls (0..=8).
    #[arg(long, default_value_t = 2, value_parser = parse_depth)]
    depth: u8,
    /// Also place faulting instructions (undecodable words, tex/gfx variants, registers
    /// beyond vgprs), each where it ends the program precisely.
    #[arg(long)]
    faults: bool,
    /// Aim a share of the statements at the holes of this coverage database (from
    /// `warpkit cover`): missing variants, value classes, rounding modes, flags,
    /// modifiers, branch outcomes.
    #[arg(long, value_name = "DB")]
    toward: Option<PathBuf>,
    /// Run the programs and print which executable variants they executed.
    #[arg(long)]
    coverage: bool,
    /// Directory for NNNN.s and NNNN.state.json (created if missing).
    #[arg(short, long)]
    output: PathBuf,
}

/// `--length`: checked while the command line is read (a bad value is exit status 2).
fn parse_length(s: &str) -> Result<usize, String> {
    let n: usize = s.parse().map_err(|e| format!("{e}"))?;
    if n == 0 || n > MAX_LENGTH {
        return Err(format!("must be 1..={MAX_LENGTH} instructions"));
    }
    Ok(n)
}

/// `--depth`, likewise.
fn parse_depth(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        _ => Err(format!("must be 0..={MAX_DEPTH}")),
    }
}

pub fn run(a: GenArgs) -> Result<(), String> {
    let mix = a.mix.clone().unwrap_or_default();
    let toward: Option<std::sync::Arc<dyn warpkit_gen::program::Aim>> = match &a.toward {
        Some(p) => {
            let db =
                warpkit_cover::Db::parse(&crate::files::read_text(p)?, &crate::files::display(p))?;
            Some(std::sync::Arc::new(warpkit_gen::toward::Toward::new(&db)?))
        }
        None => None,
    };
    let cfg = GenConfig {
        length: a.length,
        mix,
        depth: a.depth,
        faults: a.faults,
        toward,
    };
    let mut gen = Generator::new(cfg)?;
    a.first
        .checked_add(a.count)
        .ok_or("--first plus --count overflows")?;
    if a.output.exists() && !a.output.is_dir() {
        return Err(format!(
            "-o {}: exists and is not a directory (gen writes a directory of programs)",
            a.output.display()
        ));
    }
    std::fs::create_dir_all(&a.output)
        .map_err(|e| format!("cannot create directory {}: {e}", a.output.display()))?;
    let mut cov = Coverage::default();
    let (mut steps, mut bad) = (0u64, Vec::new());
    let mut progress = crate::progress::Items::start("programs", a.count)?;
    for i in a.first..a.first + a.count {
        if progress.interrupted() {
            progress.finish();
            // Every program before this one is written whole (with its state file).
            eprintln!(
                "warpkit: interrupted after {} of {} programs ({:04}..{:04} written to {})",
                progress.done(),
                a.count,
                a.first,
                i,
                a.output.display()
            );
            drop(progress);
            std::process::exit(crate::progress::EXIT_INTERRUPTED.into());
        }
        let p = gen.generate(a.seed, i);
        // Every program is checked before it is written: a generator bug is an error, not
        // a file that does not assemble.
        let code = warpkit_asm::assemble(&p.text, &Default::default())
            .map_err(|d| {
                format!(
                    "internal error: program {i} of seed {} does not assemble ({}); please report it",
                    a.seed,
                    d.list.first().map_or(String::new(), |x| format!("line {}: {}", x.line, x.message))
                )
            })?
            .code;
        let prog = a.output.join(format!("{i:04}.s"));
        let state = a.output.join(format!("{i:04}.state.json"));
        // The state file first: a program on disk always has its state beside it.
        write_new(&state, p.state.as_bytes())?;
        write_new(&prog, p.text.as_bytes())?;
        if a.coverage {
            let outs = run_counting(&code, &p.state, p.step_bound + 1, &mut cov)?;
            for (w, o) in outs.iter().enumerate() {
                steps += o.steps;
                let as_planned = match (&o.status, p.fault) {
                    (RunStatus::Exited, None) => true,
                    (RunStatus::Faulted(f), Some(e)) => f.pc == e.pc,
                    _ => false,
                };
                if !as_planned {
                    bad.push(format!("{} warp {w}: {}", prog.display(), o.status.name()));
                }
            }
        }
        progress.inc(1);
    }
    drop(progress);
    if a.coverage {
        crate::files::write_stdout(coverage_report(&cov, a.count, steps)?.as_bytes())?;
        if !bad.is_empty() {
            return Err(format!(
                "internal error: {} warps did not end as generated (please report): {}",
                bad.len(),
                bad.join(", ")
            ));
        }
    }
    Ok(())
}

/// Write through a temporary file and a rename, so a reader never sees half a program;
/// without the fsync of `files::Output`, which would make generating thousands of
/// files about twenty times slower, for test inputs that can be made again from the seed.
fn write_new(path: &std::path::Path, data: &[u8]) -> Result<(), String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, data)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("cannot write {}: {e}", path.display())
        })
}

fn wrap(names: &[&str]) -> String {
    let mut s = String::new();
    let mut col = 0;
    for n in names {
        if col + n.len() + 1 > 96 {
            s.push('\n');
            col = 0;
        }
        s.push_str("  ");
        s.push_str(n);
        col += n.len() + 2;
    }
    s.push('\n');
    s
}

fn coverage_report(cov: &Coverage, programs: u64, steps: u64) -> Result<String, String> {
    let (hit, missed) = cov.split()?;
    let total = hit.len() + missed.len();
    let mut s = format!(
        "coverage: {} of {total} executable variants (chapters 6.1, 6.2) executed ({:.1}%) by {programs} programs, {steps} instructions\n",
        hit.len(),
        hit.len() as f64 * 100.0 / total.max(1) as f64
    );
    let names = |v: &[warpkit_isa::InsnId]| -> Vec<&'static str> {
        v.iter().map(|id| id.desc().mnemonic).collect()
    };
    s.push_str(&format!("not executed ({}):\n", missed.len()));
    if !missed.is_empty() {
        s.push_str(&wrap(&names(&missed)));
    }
    s.push_str(&format!("executed ({}):\n", hit.len()));
    s.push_str(&wrap(&names(&hit)));
    Ok(s)
}
