//! Loading a program file, the one way every front does it (`warpkit run`, `timing`,
//! `debug`, `dap`, `serve`, the Python `Sim`, the C `wk_sim_new`): ELF code objects by their
//! magic, assembly by name or format (`.include`s read beside the file, `.S` through the C
//! preprocessor first), anything else as raw machine code. The result knows the entry
//! (`--kernel`, else the file's entry or only kernel; several kernels and no choice is an
//! error) and the kernel's register needs, which [`LoadedProgram::prepare`] checks against
//! each warp of a launch; it becomes a simulator ([`LoadedProgram::sim`]) or the debugger's
//! target and launch state ([`LoadedProgram::debuggee`]).

use std::path::Path;
use warpkit_asm::unit::{assemble, AsmOptions, Includes, UnitDiagnostics};
use warpkit_debug::{LineTable, Target};
use warpkit_object::{CodeObject, KernelInfo, ObjectKind};
use warpkit_sim::state::Launch;

/// What a program file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ProgramFormat {
    /// ELF by its magic, else assembly for `.s`/`.S`/`.asm` names, else raw code.
    #[default]
    Auto,
    Asm,
    Bin,
    Elf,
}

/// The format a file name implies (without looking at the bytes).
pub fn format_of_name(name: &str) -> ProgramFormat {
    let ext = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    if ext.eq_ignore_ascii_case("s") || ext.eq_ignore_ascii_case("asm") {
        ProgramFormat::Asm
    } else {
        ProgramFormat::Bin
    }
}

#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The kernel to start at (by name).
    pub kernel: Option<String>,
    /// How the caller names a kernel, as messages print it before the name: `--kernel `
    /// (the command line, the default), `kernel=` (the Python `Sim`).
    pub kernel_option: &'static str,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            kernel: None,
            kernel_option: "--kernel ",
        }
    }
}

/// A program ready to launch.
#[derive(Clone, Debug)]
pub struct LoadedProgram {
    pub code: Vec<u8>,
    /// Where fresh warps start.
    pub entry: u32,
    /// The entry kernel's note, when the entry is a kernel.
    pub kernel: Option<KernelInfo>,
    /// The whole object (ELF input or assembly), for symbols and lines.
    pub object: Option<CodeObject>,
    /// The format it was read as.
    pub format: ProgramFormat,
    /// Assembler warnings (assembly input).
    pub warnings: Option<UnitDiagnostics>,
}

/// Why a program did not load.
#[derive(Debug)]
pub enum LoadError {
    /// Assembly errors, ready to print.
    Assembly(UnitDiagnostics),
    Message(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Assembly(d) => d.fmt(f),
            LoadError::Message(m) => f.write_str(m),
        }
    }
}

impl From<String> for LoadError {
    fn from(m: String) -> Self {
        LoadError::Message(m)
    }
}

pub use warpkit_asm::unit::FsLoader;

/// `.S`: run the C preprocessor (`cpp`) over the file, as GNU as does through gcc. Its line
/// markers keep diagnostics and line tables on the original lines.
pub fn preprocess_with_cpp(path: &Path) -> Result<String, String> {
    preprocess_with_cpp_args(path, &[])
}

/// [`preprocess_with_cpp`] with more arguments for cpp (`-DNAME=VALUE`, `-IDIR`).
pub fn preprocess_with_cpp_args(path: &Path, args: &[String]) -> Result<String, String> {
    let out = std::process::Command::new("cpp")
        .arg("-x")
        .arg("assembler-with-cpp")
        .args(args)
        .arg(path)
        .stdin(std::process::Stdio::null())
        .output();
    match out {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "{}: a .S file goes through the C preprocessor, and `cpp` is not installed \
             (install gcc or cpp, or rename the file .s if it has no # directives)",
            path.display()
        )),
        Err(e) => Err(format!("{}: cannot run cpp: {e}", path.display())),
        Ok(o) if !o.status.success() => Err(format!(
            "{}: cpp failed:\n{}",
            path.display(),
            String::from_utf8_lossy(&o.stderr).trim_end()
        )),
        Ok(o) => String::from_utf8(o.stdout)
            .map_err(|_| format!("{}: cpp output is not UTF-8", path.display())),
    }
}

/// Assemble a source file into an object (`externals`: undefined symbols become
/// relocations). `path` (when the source is a file) resolves includes and `.S`.
pub fn assemble_source(
    name: &str,
    text: String,
    path: Option<&Path>,
    externals: bool,
) -> Result<(CodeObject, UnitDiagnostics), LoadError> {
    let opts = SourceOptions {
        asm: AsmOptions {
            externals,
            ..AsmOptions::default()
        },
        ..SourceOptions::default()
    };
    assemble_source_with(name, text, path, &opts)
}

/// How `asm` assembles a source file besides [`AsmOptions`] (whose name, front stage,
/// includes, cpp output and line table the file itself sets): `-I` directories (for
/// `.include`, and cpp's `#include` in `.S`) and `-D` definitions for cpp.
#[derive(Clone, Debug, Default)]
pub struct SourceOptions {
    pub asm: AsmOptions<'static>,
    pub include_dirs: Vec<std::path::PathBuf>,
    /// `NAME` or `NAME=VALUE`, given to cpp as `-D`.
    pub defines: Vec<String>,
}

/// [`assemble_source`] with every option.
pub fn assemble_source_with(
    name: &str,
    text: String,
    path: Option<&Path>,
    opts: &SourceOptions,
) -> Result<(CodeObject, UnitDiagnostics), LoadError> {
    let is_cpp = Path::new(name).extension().is_some_and(|e| e == "S");
    let (text, from_cpp) = match (is_cpp, path) {
        (true, Some(p)) => {
            let args: Vec<String> = (opts.defines.iter().map(|d| format!("-D{d}")))
                .chain(
                    opts.include_dirs
                        .iter()
                        .map(|d| format!("-I{}", d.display())),
                )
                .collect();
            (preprocess_with_cpp_args(p, &args)?, true)
        }
        _ => (text, false),
    };
    let asm = AsmOptions {
        includes: match path {
            Some(_) => Includes::Search(&opts.include_dirs),
            None => Includes::None,
        },
        cpp_output: from_cpp,
        defsyms: opts.asm.defsyms.clone(),
        externals: opts.asm.externals,
        ..AsmOptions::file(name)
    };
    let unit = assemble(text, &asm).map_err(LoadError::Assembly)?;
    let mut unit = unit;
    // The warnings carry the source files: moved, not copied.
    let warnings = std::mem::take(&mut unit.warnings);
    Ok((CodeObject::from_unit(unit), warnings))
}

/// Every front loads here, so every front gets the compiling tier behind `Warp::run`
/// (the default engine where the host runs it; `WARPKIT_ENGINE=interp` or
/// `Sim::select_engine` choose the interpreter). Idempotent and cheap.
pub fn register_engines() {
    warpkit_jit::register();
}

/// Load a program: `bytes` of the file `name` (`path` when it is one on disk, for
/// includes and cpp).
pub fn load_program(
    name: &str,
    bytes: Vec<u8>,
    path: Option<&Path>,
    format: ProgramFormat,
    opts: &LoadOptions,
) -> Result<LoadedProgram, LoadError> {
    register_engines();
    let format = match format {
        ProgramFormat::Auto if warpkit_object::is_elf(&bytes) => ProgramFormat::Elf,
        ProgramFormat::Auto => format_of_name(name),
        f => f,
    };
    let (object, warnings) = match format {
        ProgramFormat::Bin => {
            if let Some(k) = &opts.kernel {
                return Err(format!(
                    "{}{k}: {name} is raw machine code, which has no kernels",
                    opts.kernel_option
                )
                .into());
            }
            return Ok(LoadedProgram {
                code: bytes,
                entry: 0,
                kernel: None,
                object: None,
                format,
                warnings: None,
            });
        }
        ProgramFormat::Elf => (warpkit_object::read(name, &bytes)?, None),
        _ => {
            // Comments may hold any bytes; a bad byte elsewhere is named by line and column.
            let text = match warpkit_asm::source_text(&bytes) {
                Ok(std::borrow::Cow::Owned(s)) => s,
                Ok(std::borrow::Cow::Borrowed(_)) => {
                    String::from_utf8(bytes).map_err(|e| format!("{name}: {e}"))?
                }
                Err(e) => return Err(format!("{name}:{e}").into()),
            };
            let (o, w) = assemble_source(name, text, path, false)?;
            (o, Some(w))
        }
    };
    if let Some(r) = object.relocs.first() {
        return Err(format!(
            "{name} has {} unresolved relocation{} (the first against `{}`): link it with \
             `warpkit link` first",
            object.relocs.len(),
            if object.relocs.len() == 1 { "" } else { "s" },
            r.symbol
        )
        .into());
    }
    let names = || {
        let v: Vec<&str> = object.kernels.iter().map(|k| k.name.as_str()).collect();
        if v.is_empty() {
            "it has none".to_string()
        } else {
            format!("it has {}", v.join(", "))
        }
    };
    let (entry, kernel) = match &opts.kernel {
        Some(k) => match object.kernel(k) {
            Some(info) => (info.offset, Some(info.clone())),
            None => {
                return Err(format!(
                    "{}{k}: {name} has no kernel `{k}` ({})",
                    opts.kernel_option,
                    names()
                )
                .into())
            }
        },
        None if object.kind == ObjectKind::Executable => (
            object.entry,
            object
                .kernels
                .iter()
                .find(|k| k.offset == object.entry)
                .cloned(),
        ),
        None => match object.kernels.as_slice() {
            [] => (0, None),
            [k] => (k.offset, Some(k.clone())),
            _ => {
                return Err(format!(
                    "{name} has several kernels ({}): choose one with {}NAME",
                    names().trim_start_matches("it has "),
                    opts.kernel_option
                )
                .into())
            }
        },
    };
    Ok(LoadedProgram {
        code: object.code.clone(),
        entry,
        kernel,
        object: Some(object),
        format,
        warnings,
    })
}

impl LoadedProgram {
    /// Start fresh warps (no steps retired, no status, PC 0) at the entry, and check that
    /// every warp has the vector registers the entry kernel needs.
    pub fn prepare(&self, launch: &mut Launch) -> Result<(), String> {
        for (i, w) in launch.warps.iter_mut().enumerate() {
            let fresh = w.steps() == 0 && launch.status.get(i).is_none_or(|s| s.is_none());
            if fresh && w.pc() == 0 {
                w.set_pc(self.entry);
            }
            if let Some(k) = &self.kernel {
                if w.vgprs() < k.vgprs {
                    return Err(format!(
                        "warp {i} has vgprs {} but kernel `{}` uses registers up to v{} \
                         (it needs vgprs >= {}); raise \"vgprs\" in the state file",
                        w.vgprs(),
                        k.name,
                        k.vgprs - 1,
                        k.vgprs
                    ));
                }
            }
        }
        Ok(())
    }
}

/// A simulator for the bytes of a program file given by an embedding (the C `wk_sim_new`,
/// the Python `Sim`): an ELF file (by its magic) starts at its entry (or `kernel`) with the
/// launch checked against its note; anything else is raw machine code as before (which has
/// no kernels to pick: a `kernel` is then an error).
pub fn sim_from_bytes(
    bytes: &[u8],
    state_json: &str,
    opts: &LoadOptions,
) -> Result<warpkit_sim::Sim, String> {
    register_engines();
    if !warpkit_object::is_elf(bytes) {
        if let Some(k) = &opts.kernel {
            return Err(format!(
                "{}{k}: the program is raw machine code, which has no kernels (give an ELF \
                 code object or linked program)",
                opts.kernel_option
            ));
        }
        return warpkit_sim::Sim::new(bytes, state_json).map_err(|e| e.to_string());
    }
    let p = load_program("program", bytes.to_vec(), None, ProgramFormat::Elf, opts)
        .map_err(|e| e.to_string())?;
    p.sim(state_json)
}

impl LoadedProgram {
    /// A simulator running this program on the warps of a state file, started at the entry
    /// and checked against the entry kernel's register needs ([`LoadedProgram::prepare`]).
    pub fn sim(&self, state_json: &str) -> Result<warpkit_sim::Sim, String> {
        let mut launch = warpkit_sim::state::parse_state(state_json).map_err(|e| e.to_string())?;
        self.prepare(&mut launch)?;
        Ok(warpkit_sim::Sim::from_launch(
            warpkit_sim::Program::new(&self.code),
            launch,
        ))
    }
}

/// Where the debugger's source texts may come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sources {
    /// Only the texts given (a server must not read its own files for a client).
    Given,
    /// Also the files the line table names, read from disk where they are found.
    Disk,
}

impl LoadedProgram {
    /// The debugger's target: the code, labels from the object's symbols, lines from its
    /// line table, the source texts given (and, with [`Sources::Disk`], the line table's
    /// other files); raw code has none of them.
    pub fn target(&self, mut sources: Vec<(String, String)>, read: Sources) -> Target {
        let Some(o) = &self.object else {
            return Target::from_code(self.code.clone());
        };
        if read == Sources::Disk {
            for f in &o.lines.files {
                if !sources.iter().any(|(n, _)| n == f) {
                    if let Ok(t) = std::fs::read_to_string(f) {
                        sources.push((f.clone(), t));
                    }
                }
            }
        }
        Target {
            code: self.code.clone(),
            labels: o
                .symbols
                .iter()
                .map(|s| (s.name.clone(), s.offset))
                .collect(),
            // The object's table is the debugger's type; `new` puts the rows in order.
            lines: LineTable::new(o.lines.files.clone(), o.lines.rows.clone()),
            sources,
        }
    }

    /// The state file the debugger launches: `state_json` as it is when the program starts
    /// at 0 with no kernel to check, else with fresh warps started at the entry and the
    /// kernel's register needs checked ([`LoadedProgram::prepare`]), written back.
    pub fn debug_state(&self, state_json: &str) -> Result<String, String> {
        if self.entry == 0 && self.kernel.is_none() {
            return Ok(state_json.to_string());
        }
        let mut launch = warpkit_sim::state::parse_state(state_json).map_err(|e| e.to_string())?;
        self.prepare(&mut launch)?;
        let results: Vec<warpkit_sim::WarpResult> = launch
            .warps
            .into_iter()
            .zip(launch.status)
            .map(|(warp, status)| warpkit_sim::WarpResult {
                outcome: warpkit_sim::RunOutcome {
                    // A warp not yet ended is written as one stopped by the step limit:
                    // read back, it runs on.
                    status: status.unwrap_or(warpkit_sim::RunStatus::StepLimit),
                    steps: warp.steps(),
                },
                warp,
            })
            .collect();
        Ok(warpkit_sim::state::state_to_json(
            launch.code_base,
            &results,
        ))
    }

    /// What the debugger needs: its target ([`LoadedProgram::target`]) and the launch state
    /// ([`LoadedProgram::debug_state`]).
    pub fn debuggee(
        &self,
        sources: Vec<(String, String)>,
        read: Sources,
        state_json: &str,
    ) -> Result<(Target, String), String> {
        Ok((self.target(sources, read), self.debug_state(state_json)?))
    }
}
