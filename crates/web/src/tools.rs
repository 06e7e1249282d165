//! The stateless answers of the API: assembling with diagnostics and a listing, the spec
//! of a mnemonic with its encoding fields, state-file validation, timing, the trace.

use serde::Serialize;
use serde_json::{json, Value};
use warpkit_asm::{format_inst, Diagnostic, Severity};
use warpkit_isa::export::spec_lookup;
use warpkit_isa::Flags;
use warpkit_sim::state::parse_state;
use warpkit_sim::{Program, TraceFilter, TraceOptions};
use warpkit_timing::{Picture, SmConfig, Timing};
use warpkit_ui::load::{load_program, LoadOptions, LoadedProgram, ProgramFormat};

/// The file name programs from the page carry in messages and the line table.
pub const SOURCE_NAME: &str = "playground.s";

/// A diagnostic, located for an editor (UTF-16 offsets, as JavaScript strings count).
#[derive(Serialize)]
pub struct DiagView {
    pub severity: &'static str,
    pub line: usize,
    pub col: usize,
    pub from: usize,
    pub to: usize,
    pub message: String,
    pub hint: Option<String>,
}

/// One instruction (or data word) of the machine code, beside its source line.
#[derive(Serialize)]
pub struct ListingRow {
    pub offset: u32,
    pub size: u32,
    /// The instruction's bytes as little-endian words, low word first (`0x...`).
    pub words: Vec<String>,
    pub text: String,
    pub mnemonic: Option<&'static str>,
    pub line: Option<u32>,
    /// Marks for the EXEC history: a branch or jump, a write of EXEC.
    pub branch: bool,
    pub writes_exec: bool,
}

/// UTF-16 length of `s[..byte]` (clamped to a char boundary).
fn utf16_at(s: &str, byte: usize) -> usize {
    let mut b = byte.min(s.len());
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    s[..b].encode_utf16().count()
}

fn diag_view(src: &str, d: &Diagnostic) -> DiagView {
    DiagView {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        line: d.line,
        col: d.col,
        from: utf16_at(src, d.start),
        to: utf16_at(src, d.end.max(d.start)),
        message: d.message.clone(),
        hint: d.hint.clone(),
    }
}

/// Machine code as rows, with the source line of each (from the engine's line table).
pub fn listing(code: &[u8], lines: &warpkit_debug::LineTable) -> Vec<ListingRow> {
    let program = Program::new(code);
    let mut rows = Vec::new();
    let mut off = 0usize;
    while off < code.len() {
        let inst = program.inst_at(off as u32);
        let size = inst.as_ref().map_or(4, |i| i.desc().size as usize);
        let end = (off + size).min(code.len());
        let words = code[off..end]
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                format!("0x{:08x}", u32::from_le_bytes(w))
            })
            .collect();
        let mut text = String::new();
        let (mnemonic, branch, writes_exec) = match &inst {
            Some(i) => {
                format_inst(i, off as u32, None, &mut text);
                let f = i.desc().flags;
                (
                    Some(i.desc().mnemonic),
                    f.has(Flags::BR) || f.has(Flags::IX),
                    f.has(Flags::WE),
                )
            }
            None => {
                text = "(does not decode)".into();
                (None, false, false)
            }
        };
        rows.push(ListingRow {
            offset: off as u32,
            size: (end - off) as u32,
            words,
            text,
            mnemonic,
            line: lines
                .row_of(off as u32)
                .filter(|r| r.offset == off as u32)
                .map(|r| r.line),
            branch,
            writes_exec,
        });
        off = end;
    }
    rows
}

/// Assemble `src`: `ok`, the diagnostics (errors and warnings), the code and its listing.
pub fn assemble(src: &str) -> Value {
    let opts = warpkit_asm::AsmOptions {
        lines: true,
        ..warpkit_asm::AsmOptions::named(SOURCE_NAME)
    };
    match warpkit_asm::assemble(src, &opts) {
        Ok(a) => {
            let lines = a.line_table();
            let diags: Vec<DiagView> = (a.warnings.main_file().iter())
                .map(|d| diag_view(src, d))
                .collect();
            json!({
                "ok": true,
                "diagnostics": diags,
                "size": a.code.len(),
                "code": hex(&a.code),
                "listing": listing(&a.code, &lines),
            })
        }
        Err(d) => {
            let diags: Vec<DiagView> = (d.main_file().iter()).map(|x| diag_view(src, x)).collect();
            json!({
                "ok": false,
                "diagnostics": diags,
                "rendered": d.render(false),
            })
        }
    }
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// `warpkit spec --json NAME` for one variant, plus its format's fields (low bit to high)
/// and the text `warpkit spec NAME` prints.
pub fn spec(name: &str) -> Result<Value, String> {
    let v = spec_lookup(name)?;
    if v.is_array() {
        return Ok(json!({ "matches": v }));
    }
    let (id, d) = match warpkit_isa::search::find(name) {
        warpkit_isa::search::Found::Exact(id) => (id, id.desc()),
        _ => return Ok(json!({ "spec": v })),
    };
    let f = d.format_desc();
    let fields: Vec<Value> = f
        .fields
        .iter()
        .map(|x| json!({"name": x.name, "lo": x.lo, "width": x.width}))
        .collect();
    Ok(json!({
        "spec": v,
        "text": warpkit_isa::search::describe_with_family(id),
        "encoding": {"format": f.name, "size": f.size, "fields": fields},
    }))
}

/// Check a state file as `warpkit run --state` does; the message is the command's.
pub fn validate_state(state: &str) -> Result<usize, String> {
    let l = parse_state(state).map_err(|e| e.to_string())?;
    Ok(l.warps.len())
}

/// The program of a run, loaded as every front loads one (macros, kernels: the entry
/// kernel, several refused); no server file is read, so `.include` is an error.
fn loaded(src: &str) -> Result<LoadedProgram, String> {
    load_program(
        SOURCE_NAME,
        src.as_bytes().to_vec(),
        None,
        ProgramFormat::Asm,
        &LoadOptions::default(),
    )
    .map_err(|e| e.to_string().trim_end().to_string())
}

/// The machine code of a program, loaded as a run loads it; the error is the loader's.
pub fn code_of(src: &str) -> Result<Vec<u8>, String> {
    loaded(src).map(|p| p.code)
}

/// `warpkit timing`'s report (text and JSON) and SVG timeline.
pub fn timing(src: &str, state: &str, max_steps: u64) -> Result<Value, String> {
    let p = loaded(src)?;
    let mut launch = parse_state(state).map_err(|e| e.to_string())?;
    // Fresh warps start at the entry kernel, whose registers they must have.
    p.prepare(&mut launch)?;
    let program = Program::new(&p.code);
    let cfg = SmConfig::default();
    let timing = Timing::new(&program, &cfg);
    let mut picture = Picture::new(SOURCE_NAME);
    let run = timing
        .run(launch.warps, max_steps, &mut picture)
        .map_err(|e| e.to_string())?;
    let report: Value = serde_json::from_str(&run.report.to_json(&[])).unwrap_or(Value::Null);
    Ok(json!({
        "text": run.report.to_text(),
        "report": report,
        "svg": picture.render(),
    }))
}

/// The commit log (`warpkit run --trace`) of at most `max_steps` steps per warp, cut at
/// `max_bytes`; whether it was cut.
pub fn trace(src: &str, state: &str, max_steps: u64, max_bytes: usize) -> Result<Value, String> {
    let mut sim = loaded(src)?.sim(state)?;
    let mut out = Capped {
        buf: Vec::new(),
        max: max_bytes,
        cut: false,
    };
    // One thread: every record goes straight to `out`, nothing spills to a file.
    let no_spill = || {
        Err(std::io::Error::other(
            "the playground does not spill traces",
        ))
    };
    let opts = TraceOptions {
        filter: TraceFilter::ALL,
        threads: 1,
        spill: &no_spill,
    };
    let asm = |i: &warpkit_encoding::Inst, pc: u32, s: &mut String| format_inst(i, pc, None, s);
    let r = sim.run_traced(max_steps, &mut out, &asm, &opts);
    if let Err(e) = r {
        if !out.cut {
            return Err(e.to_string());
        }
    }
    Ok(json!({
        "trace": String::from_utf8_lossy(&out.buf),
        "cut": out.cut,
    }))
}

/// A writer that keeps at most `max` bytes and then fails (ending the traced run).
struct Capped {
    buf: Vec<u8>,
    max: usize,
    cut: bool,
}

impl std::io::Write for Capped {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if self.buf.len() + b.len() > self.max {
            self.cut = true;
            return Err(std::io::Error::other("trace size limit"));
        }
        self.buf.extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
