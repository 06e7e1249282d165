//! `warpkit diff`: the first divergence between two commit logs (JSON Lines, one record per
//! executed instruction, as `warpkit run --trace` writes them), read as streams; the
//! comparison and its report are `warpkit_sim::log_diff`'s.

use clap::Args;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use warpkit_sim::log_diff::{diff_logs, DiffOptions, JsonLines};

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

fn open(p: &Path) -> Result<JsonLines<BufReader<Box<dyn std::io::Read>>>, String> {
    // `-` is standard input, as for every input.
    let f = crate::files::open_read(p)?;
    Ok(JsonLines::new(crate::files::display(p), BufReader::new(f)))
}

pub fn run(a: DiffArgs) -> Result<(), String> {
    if crate::files::is_std(&a.a) && crate::files::is_std(&a.b) {
        crate::help::usage_error("A and B cannot both be standard input");
    }
    let mut la = open(&a.a)?;
    let mut lb = open(&a.b)?;
    let opts = DiffOptions {
        ignore: a.ignore,
        lanes: a.lanes,
    };
    let d = diff_logs(&mut la, &mut lb, &opts)?;
    crate::files::write_stdout(d.report().as_bytes())?;
    if d.is_equal() {
        Ok(())
    } else {
        // Exit status 1, no further message: the report above says it all.
        Err(String::new())
    }
}
