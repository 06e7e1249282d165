//! `warpkit export`: encoding facts for RTL (SystemVerilog package) and C (header), generated
//! from the database (see `warpkit_isa::export`).

use crate::files;
use clap::{ArgGroup, Args};
use std::path::PathBuf;
use warpkit_isa::export;

#[derive(Args)]
#[command(group(ArgGroup::new("kind").required(true).args(["sv", "c"])))]
pub struct ExportArgs {
    /// SystemVerilog package `warpkit_isa_pkg` (MATCH_*/MASK_*, opcode, funct, fields, latency).
    #[arg(long)]
    sv: bool,
    /// C header in the style of riscv-opcodes' encoding.h (the same facts).
    #[arg(long)]
    c: bool,
    /// Output file (`-`: standard output).
    #[arg(short, long, default_value = "-")]
    output: PathBuf,
    /// Only check that OUTPUT is up to date (exit 1 if not).
    #[arg(long)]
    check: bool,
}

pub const AFTER_HELP: &str = "\
The repository keeps the generated files where the RTL example and C code include them:
  warpkit export --sv -o examples/cosim/rtl/warpkit_isa_pkg.sv
  warpkit export --c  -o crates/capi/include/warpkit_encoding.h
Per variant X (mnemonic upper-cased, '.' -> '_'): (insn & MASK_X) == MATCH_X exactly when
insn encodes X with every reserved bit zero; OPCODE_X, FUNCT_X, SIZE_X, FORMAT_X, LATENCY_X,
ASYNC_X, ID_X. Per format F and field N: FMT_F_N_LO / FMT_F_N_WIDTH. In C every name but
MATCH_X / MASK_X starts with WK_ (WK_SIZE_X, WK_FMT_R_RD_LO).

Exit codes: 0 written (or up to date with --check); 1 out of date, or a file problem;
2 bad command line.";

pub fn run(a: ExportArgs) -> Result<(), String> {
    let (text, flag) = if a.sv {
        (export::systemverilog(), "--sv")
    } else {
        (export::c_header(), "--c")
    };
    if a.check {
        if files::is_std(&a.output) {
            crate::help::usage_error("--check needs the file to check: -o FILE");
        }
        let shown = a.output.display();
        let cur = match std::fs::read_to_string(&a.output) {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(format!(
                    "{shown} does not exist; run `warpkit export {flag} -o {shown}` to create it"
                ))
            }
            Err(e) => return Err(format!("cannot read {shown}: {e}")),
        };
        if cur != text {
            return Err(format!(
                "{shown} is out of date; run `warpkit export {flag} -o {shown}`"
            ));
        }
        return Ok(());
    }
    files::write_file(&a.output, text.as_bytes(), &[])
}
