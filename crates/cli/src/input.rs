//! Programs in: ELF code objects (by their magic), assembly (by name or `--format`) or raw
//! machine code, loaded by `warpkit_ui::load` (the loader every front shares),
//! with the assembler's diagnostics printed (at most `--max-errors`).

use crate::files;
use std::path::Path;
use warpkit_ui::load::{self, LoadError, LoadOptions, LoadedProgram, ProgramFormat};

/// What a program file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Assembly text.
    Asm,
    /// Raw little-endian machine code.
    Bin,
    /// An ELF code object or linked program.
    Elf,
}

/// The format a name implies: `.s`, `.S`, `.asm` (any case) are assembly, anything else
/// (standard input included) machine code or, by its magic, ELF.
pub fn format_of(path: &Path) -> InputFormat {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext.eq_ignore_ascii_case("s") || ext.eq_ignore_ascii_case("asm") {
        InputFormat::Asm
    } else {
        InputFormat::Bin
    }
}

fn color() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// Print a load error's diagnostics; the error is empty when they said everything.
pub fn report(e: LoadError, max_errors: usize) -> String {
    match e {
        LoadError::Assembly(d) => {
            eprint!("{}", d.render_limited(color(), max_errors));
            String::new()
        }
        LoadError::Message(m) => m,
    }
}

/// Load a program for `run`/`timing`: ELF by its magic, else assembly if its format
/// (given, or implied by the name) is assembly, else the bytes as they are.
pub fn load_program(
    path: &Path,
    format: Option<InputFormat>,
    kernel: Option<&str>,
    max_errors: usize,
) -> Result<LoadedProgram, String> {
    load_bytes(
        path,
        files::read(path)?,
        format,
        kernel,
        "--kernel ",
        max_errors,
    )
}

/// [`load_program`] of bytes already read from `path`.
pub fn load_bytes(
    path: &Path,
    bytes: Vec<u8>,
    format: Option<InputFormat>,
    kernel: Option<&str>,
    kernel_option: &'static str,
    max_errors: usize,
) -> Result<LoadedProgram, String> {
    let format = match format {
        None => ProgramFormat::Auto,
        Some(InputFormat::Asm) => ProgramFormat::Asm,
        Some(InputFormat::Bin) => ProgramFormat::Bin,
        Some(InputFormat::Elf) => ProgramFormat::Elf,
    };
    let disk = (!files::is_std(path)).then_some(path);
    let opts = LoadOptions {
        kernel: kernel.map(str::to_string),
        kernel_option,
    };
    let p = load::load_program(&files::display(path), bytes, disk, format, &opts)
        .map_err(|e| report(e, max_errors))?;
    if let Some(w) = p.warnings.as_ref().filter(|w| !w.is_empty()) {
        eprint!("{}", w.render_limited(color(), max_errors));
    }
    Ok(p)
}

/// Read assembly source (`-`: standard input): UTF-8, where comments may hold any bytes; a
/// bad byte elsewhere is an error naming its line and column.
pub fn read_source(path: &Path) -> Result<String, String> {
    // Valid UTF-8 is taken as it is (checked once, no copy); other bytes go through
    // `source_text`, which accepts them in comments only.
    let b = match String::from_utf8(files::read(path)?) {
        Ok(s) => return Ok(s),
        Err(e) => e.into_bytes(),
    };
    match warpkit_asm::source_text(&b) {
        Ok(s) => Ok(s.into_owned()),
        Err(e) => Err(format!("{}:{e}", files::display(path))),
    }
}

/// Printable text (what an assembly file taken for machine code looks like): valid UTF-8
/// without control characters other than tab, newline and carriage return.
pub fn looks_like_text(code: &[u8]) -> bool {
    !code.is_empty()
        && std::str::from_utf8(code).is_ok_and(|s| {
            s.chars()
                .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        })
}

/// After a run of machine code that looks like text: the hint to read it as assembly, if a
/// warp faulted on its first instruction (what text run as code does).
pub fn text_hint(path: &Path, code: &[u8], faulted_at_once: bool) -> Option<String> {
    (faulted_at_once && looks_like_text(code)).then(|| {
        format!(
            "hint: {} is text, and was run as machine code (it faulted on its first word); \
             if it is assembly, use `--format asm` or name it .s, .S or .asm",
            files::display(path)
        )
    })
}
