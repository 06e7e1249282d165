//! `libwarpkit`: warpkit's golden model for C and C++ hosts (RTL testbenches through DPI or
//! Verilator, other simulators): load a program and a state file, step warps one
//! instruction at a time and get commit records, run, print the state, and compare a
//! device's retirement with the model (`wk_cosim_check`, after Dromajo's
//! `dromajo_cosim_step`), assemble (`wk_assemble`) and compare two commit logs (`wk_diff`).
//!
//! Every function catches panics (none crosses the C boundary) and checks its pointers: a
//! null or bad argument is a negative `WK_ERR_*` code (or a null `wk_sim`), never a crash.
//! The header `include/warpkit.h` is generated from this file by cbindgen.

#![allow(non_camel_case_types)]
// The C functions check their pointers themselves; their contracts are in the header.
#![allow(clippy::missing_safety_doc)]

mod cosim;
mod program;
mod record;

pub use record::{wk_commit, wk_write, WK_FILE_U, WK_FILE_V, WK_MAX_WRITES};
use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use warpkit_sim::{log_diff, Commit, EngineKind, Sim, StepResult};

/// Success.
pub const WK_OK: c_int = 0;
/// A required pointer argument is null.
pub const WK_ERR_NULL: c_int = -1;
/// The warp index is not launched.
pub const WK_ERR_WARP: c_int = -2;
/// An argument is malformed (a record with a bad register file or number, too many writes).
pub const WK_ERR_ARG: c_int = -3;
/// The library failed internally (a caught panic); the `wk_sim` should be freed.
pub const WK_ERR_INTERNAL: c_int = -4;
/// The source did not assemble (wk_assemble; the diagnostics are in its message buffer).
pub const WK_ERR_ASM: c_int = -5;
/// The engine asked for is not available on this host (wk_sim_set_engine).
pub const WK_ERR_UNSUPPORTED: c_int = -6;

/// wk_sim_set_engine: interpret every instruction.
pub const WK_ENGINE_INTERP: c_int = 0;
/// wk_sim_set_engine: the compiling tier (hot code as host vector code; x86-64 with
/// AVX-512). The same results as the interpreter.
pub const WK_ENGINE_JIT: c_int = 1;

/// A program and the warps a state file launches (opaque).
pub struct wk_sim {
    sim: Sim,
    commit: Commit,
    asm: String,
}

/// Run `f`, turning a panic into `on_panic`.
fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// Copy `text` into a caller's buffer of `cap` bytes: as much as fits, NUL-terminated.
unsafe fn write_c(buf: *mut c_char, cap: usize, text: &str) {
    if buf.is_null() || cap == 0 {
        return;
    }
    let n = text.len().min(cap - 1);
    std::ptr::copy_nonoverlapping(text.as_ptr(), buf as *mut u8, n);
    *buf.add(n) = 0;
}

const ZERO_WRITE: wk_write = wk_write {
    file: 0,
    reg: 0,
    reserved: [0; 2],
    mask: 0,
    lanes: [0; 32],
};

impl wk_commit {
    fn zeroed() -> wk_commit {
        wk_commit {
            warp: 0,
            trap: 0,
            step: 0,
            insn: 0,
            pc: 0,
            size: 4,
            exec_before: 0,
            exec_after: 0,
            fflags_after: 0,
            next_pc: 0,
            n_writes: 0,
            reserved: 0,
            writes: [ZERO_WRITE; WK_MAX_WRITES],
        }
    }

    /// The model's record of a retired instruction.
    fn from_commit(warp: u32, c: &Commit, fflags_after: u8) -> wk_commit {
        let mut o = wk_commit::zeroed();
        o.warp = warp;
        o.step = c.step;
        o.insn = c.word;
        o.pc = c.pc;
        o.size = c.size as u32;
        o.exec_before = c.exec;
        o.exec_after = c.exec_write().unwrap_or(c.exec);
        o.fflags_after = fflags_after as u32;
        o.next_pc = c.next_pc();
        let mut n = 0;
        for v in c.v_writes() {
            o.writes[n] = wk_write {
                file: WK_FILE_V,
                reg: v.reg,
                reserved: [0; 2],
                mask: v.mask,
                lanes: v.value,
            };
            n += 1;
        }
        for u in c.u_writes() {
            let mut lanes = [0; 32];
            lanes[0] = u.value;
            o.writes[n] = wk_write {
                file: WK_FILE_U,
                reg: u.reg,
                reserved: [0; 2],
                mask: 1,
                lanes,
            };
            n += 1;
        }
        o.n_writes = n as u32;
        o
    }
}

/// Load machine code or an ELF code object / linked program (recognised by its magic; it
/// starts at its entry kernel, whose register needs are checked against every warp's
/// `vgprs`) (`len` bytes at `code`; null only when `len` is 0) and launch the
/// warps of a state file (`state_json`, NUL-terminated UTF-8, the schema `warpkit run
/// --state` reads; null: one warp in the default state). Returns null on error, with the
/// message (`warpkit run`'s) in `err` (up to `err_cap` bytes, NUL-terminated; `err` may be
/// null). Free the result with wk_sim_free. An object with several kernels needs
/// wk_sim_new_kernel.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_new(
    code: *const u8,
    len: usize,
    state_json: *const c_char,
    err: *mut c_char,
    err_cap: usize,
) -> *mut wk_sim {
    wk_sim_new_kernel(code, len, state_json, std::ptr::null(), err, err_cap)
}

/// wk_sim_new started at the kernel named `kernel` (NUL-terminated UTF-8; null: the file's
/// entry, or its only kernel, as wk_sim_new does) of an ELF code object or linked program
/// (`warpkit run --kernel NAME`). A name the file has no kernel for, raw machine code with a
/// `kernel`, or warps with fewer `vgprs` than the kernel uses return null with the message
/// in `err`.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_new_kernel(
    code: *const u8,
    len: usize,
    state_json: *const c_char,
    kernel: *const c_char,
    err: *mut c_char,
    err_cap: usize,
) -> *mut wk_sim {
    guard(std::ptr::null_mut(), || {
        let fail = |msg: &str| {
            write_c(err, err_cap, msg);
            std::ptr::null_mut()
        };
        if code.is_null() && len != 0 {
            return fail("code is null but len is not 0");
        }
        let bytes: &[u8] = if len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(code, len)
        };
        let state = if state_json.is_null() {
            "{}"
        } else {
            match CStr::from_ptr(state_json).to_str() {
                Ok(s) => s,
                Err(e) => return fail(&format!("state file is not valid UTF-8: {e}")),
            }
        };
        let kernel = if kernel.is_null() {
            None
        } else {
            match CStr::from_ptr(kernel).to_str() {
                Ok(s) => Some(s),
                Err(e) => return fail(&format!("kernel name is not valid UTF-8: {e}")),
            }
        };
        match program::sim_new(bytes, state, kernel) {
            Ok(sim) => Box::into_raw(Box::new(wk_sim {
                sim,
                commit: Commit::new(),
                asm: String::new(),
            })),
            Err(e) => fail(&e),
        }
    })
}

/// Free a wk_sim (null is ignored).
#[no_mangle]
pub unsafe extern "C" fn wk_sim_free(s: *mut wk_sim) {
    if !s.is_null() {
        guard((), || drop(Box::from_raw(s)));
    }
}

/// How many warps the state file launched (0 for a null `s`).
#[no_mangle]
pub unsafe extern "C" fn wk_sim_num_warps(s: *const wk_sim) -> u32 {
    match s.as_ref() {
        Some(s) => guard(0, || s.sim.num_warps() as u32),
        None => 0,
    }
}

/// Execute one instruction of `warp`. Returns 1 when it retired (`out` holds its record),
/// 0 when the warp has stopped (nothing executed; `out->trap` is the fault cause and
/// `out->pc`/`out->insn` where, or 0 when it exited), or a negative WK_ERR_*.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_step(s: *mut wk_sim, warp: u32, out: *mut wk_commit) -> c_int {
    let (Some(s), Some(out)) = (s.as_mut(), out.as_mut()) else {
        return WK_ERR_NULL;
    };
    guard(WK_ERR_INTERNAL, || match step(s, warp) {
        Ok((r, rec)) => {
            *out = rec;
            r
        }
        Err(code) => code,
    })
}

/// Step the model's warp once: (1 or 0 as wk_sim_step returns, the record).
fn step(s: &mut wk_sim, warp: u32) -> Result<(c_int, wk_commit), c_int> {
    let i = warp as usize;
    let r = s.sim.step(i, &mut s.commit).map_err(|_| WK_ERR_WARP)?;
    let w = s.sim.warp(i).map_err(|_| WK_ERR_WARP)?;
    Ok(match r {
        StepResult::Running => (1, wk_commit::from_commit(warp, &s.commit, w.fflags())),
        StepResult::Exited | StepResult::Faulted(_) => {
            let mut o = wk_commit::zeroed();
            o.warp = warp;
            o.step = w.steps();
            o.pc = w.pc();
            o.next_pc = w.pc();
            o.exec_before = w.exec();
            o.exec_after = w.exec();
            o.fflags_after = w.fflags() as u32;
            if let StepResult::Faulted(f) = r {
                o.trap = f.cause.code();
                o.pc = f.pc;
                o.insn = f.word;
                o.size = f.word_bytes as u32;
            }
            (0, o)
        }
    })
}

/// Run every warp until its step count reaches `max_steps` or it ends, like `warpkit run
/// --max-steps` (continuing from where stepping left off). Returns WK_OK or WK_ERR_*.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_run(s: *mut wk_sim, max_steps: u64) -> c_int {
    match s.as_mut() {
        Some(s) => guard(WK_ERR_INTERNAL, || {
            s.sim.run(max_steps);
            WK_OK
        }),
        None => WK_ERR_NULL,
    }
}

/// Choose how wk_sim_run executes: WK_ENGINE_JIT or WK_ENGINE_INTERP (stepping always
/// interprets; the results are the same). A new wk_sim runs with the compiling tier where
/// the host supports it, else with the interpreter (the environment variable
/// WARPKIT_ENGINE=interp|jit sets that default). Returns WK_OK, WK_ERR_ARG for another
/// value, WK_ERR_UNSUPPORTED when this host cannot run the tier (nothing changes then), or
/// WK_ERR_NULL.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_set_engine(s: *mut wk_sim, engine: c_int) -> c_int {
    let Some(s) = s.as_mut() else {
        return WK_ERR_NULL;
    };
    let e = match engine {
        WK_ENGINE_INTERP => EngineKind::Interp,
        WK_ENGINE_JIT => EngineKind::Jit,
        _ => return WK_ERR_ARG,
    };
    guard(WK_ERR_INTERNAL, || match s.sim.select_engine(e) {
        Ok(()) => WK_OK,
        Err(_) => WK_ERR_UNSUPPORTED,
    })
}

/// How wk_sim_run executes: WK_ENGINE_JIT or WK_ENGINE_INTERP (WK_ERR_NULL for a null `s`).
#[no_mangle]
pub unsafe extern "C" fn wk_sim_engine(s: *const wk_sim) -> c_int {
    match s.as_ref() {
        Some(s) => guard(WK_ERR_INTERNAL, || match s.sim.engine_kind() {
            EngineKind::Interp => WK_ENGINE_INTERP,
            EngineKind::Jit => WK_ENGINE_JIT,
        }),
        None => WK_ERR_NULL,
    }
}

/// The state of every warp as JSON, exactly what `warpkit run` prints (without its final
/// newline); a valid state file to resume from. Writes at most `cap` bytes to `buf`
/// (NUL-terminated; `buf` may be null when `cap` is 0) and returns the length of the whole
/// text, without the NUL: the text was cut when the result is >= `cap`. 0 for a null `s`.
#[no_mangle]
pub unsafe extern "C" fn wk_sim_state_json(
    s: *const wk_sim,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    match s.as_ref() {
        Some(s) => guard(0, || {
            let text = s.sim.state_json();
            write_c(buf, cap, &text);
            text.len()
        }),
        None => 0,
    }
}

/// Co-simulation: step the model's `warp` once and compare its record with the device's
/// retirement `dut` (PC, instruction, trap, EXEC before and after, the registers written,
/// vector lanes only where the model wrote them (active in EXEC), next PC, FFLAGS after).
/// Returns 0 when they agree, 1 on a mismatch with one line in `msg` naming warp, step,
/// PC, the instruction, and what differs (for a register, the first differing lane with
/// both values), or a negative WK_ERR_* (with the reason in `msg`). When the model's warp
/// faulted, a `dut` with the same `trap` cause at the same `pc` agrees.
#[no_mangle]
pub unsafe extern "C" fn wk_cosim_check(
    s: *mut wk_sim,
    warp: u32,
    dut: *const wk_commit,
    msg: *mut c_char,
    cap: usize,
) -> c_int {
    let (Some(s), Some(dut)) = (s.as_mut(), dut.as_ref()) else {
        write_c(msg, cap, "wk_cosim_check: null argument");
        return WK_ERR_NULL;
    };
    guard(WK_ERR_INTERNAL, || {
        if let Err(e) = cosim::validate(dut) {
            write_c(msg, cap, &e);
            return WK_ERR_ARG;
        }
        let i = warp as usize;
        let r = match s.sim.step(i, &mut s.commit) {
            Ok(r) => r,
            Err(e) => {
                write_c(msg, cap, &e.to_string());
                return WK_ERR_WARP;
            }
        };
        let fflags = s.sim.warp(i).map(|w| w.fflags()).unwrap_or(0);
        if matches!(r, StepResult::Running) {
            s.asm.clear();
            warpkit_asm::format_inst(&s.commit.inst, s.commit.pc, None, &mut s.asm);
        }
        match cosim::compare(warp, &r, &s.commit, fflags, &s.asm, dut) {
            None => 0,
            Some(line) => {
                write_c(msg, cap, &line);
                1
            }
        }
    })
}

/// A short English text for a WK_* return code (static storage; never null).
#[no_mangle]
pub extern "C" fn wk_strerror(code: c_int) -> *const c_char {
    let s: &'static CStr = match code {
        WK_OK => c"ok",
        WK_ERR_NULL => c"null argument",
        WK_ERR_WARP => c"no such warp",
        WK_ERR_ARG => c"malformed argument",
        WK_ERR_INTERNAL => c"internal error",
        WK_ERR_ASM => c"assembly errors",
        WK_ERR_UNSUPPORTED => c"not available on this host",
        1 => c"mismatch",
        _ => c"unknown code",
    };
    s.as_ptr()
}

/// Assemble `len` bytes of source text at `src` (UTF-8; comments may hold other bytes; null
/// only when `len` is 0), as `warpkit asm` does. Returns WK_OK with the machine code's
/// length in `*code_len` and as much of the code as fits in `code` (`cap` bytes; `code` may
/// be null when `cap` is 0: ask for the length first, or call again with a larger buffer when
/// `*code_len > cap`). On assembly errors returns WK_ERR_ASM, `*code_len` 0, and every
/// diagnostic in `msg` (file:line:col, the source line, a caret and the hint, as `warpkit
/// asm` prints them; NUL-terminated, cut at `msg_cap` bytes); warnings, on success, go
/// there too (an empty `msg` means none). `code_len` must not be null.
#[no_mangle]
pub unsafe extern "C" fn wk_assemble(
    src: *const u8,
    len: usize,
    code: *mut u8,
    cap: usize,
    code_len: *mut usize,
    msg: *mut c_char,
    msg_cap: usize,
) -> c_int {
    if code_len.is_null() || (src.is_null() && len != 0) {
        write_c(msg, msg_cap, "wk_assemble: null argument");
        return WK_ERR_NULL;
    }
    *code_len = 0;
    guard(WK_ERR_INTERNAL, || {
        let bytes: &[u8] = if len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(src, len)
        };
        match assemble_source(bytes) {
            Ok((out, warnings)) => {
                *code_len = out.len();
                if !code.is_null() {
                    let n = out.len().min(cap);
                    std::ptr::copy_nonoverlapping(out.as_ptr(), code, n);
                }
                write_c(msg, msg_cap, &warnings);
                WK_OK
            }
            Err(diagnostics) => {
                write_c(msg, msg_cap, &diagnostics);
                WK_ERR_ASM
            }
        }
    })
}

/// The code and the rendered warnings, or the rendered errors (name `<source>`).
fn assemble_source(bytes: &[u8]) -> Result<(Vec<u8>, String), String> {
    const NAME: &str = "<source>";
    let text = warpkit_asm::source_text(bytes).map_err(|e| format!("{NAME}:{e}"))?;
    match warpkit_asm::assemble(&*text, &warpkit_asm::AsmOptions::named(NAME)) {
        Ok(a) => {
            let w = if a.warnings.is_empty() {
                String::new()
            } else {
                a.warnings.render(false)
            };
            Ok((a.code, w))
        }
        Err(d) => Err(d.render(false)),
    }
}

/// `n` bytes at `p` (null only when `n` is 0, checked by the caller).
unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if n == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(p, n)
    }
}

/// Compare two commit logs as `warpkit diff A B` does: JSON Lines text (`a_len` bytes at
/// `a`, `b_len` at `b`; either null only when its length is 0), one record per executed
/// instruction, as `warpkit run --trace` writes them (or a device's log: numbers compare by
/// value, "0x0a" equals 10). `ignore`: keys not compared, comma-separated (`asm,fflags`),
/// NUL-terminated; null for none. `lanes`: lanes listed per differing register (the
/// command's default is 4). Returns 0 when the logs are equal, 1 at a divergence, with the
/// report `warpkit diff` prints in `report` (the logs named `<a>` and `<b>`), or WK_ERR_ARG
/// for a malformed log (the log, line and reason in `report`) or WK_ERR_NULL. Writes at
/// most `cap` bytes to `report` (NUL-terminated; null when `cap` is 0) and the length of the
/// whole text to `*report_len` (when not null): the text was cut when it is >= `cap`.
#[no_mangle]
pub unsafe extern "C" fn wk_diff(
    a: *const u8,
    a_len: usize,
    b: *const u8,
    b_len: usize,
    ignore: *const c_char,
    lanes: u32,
    report: *mut c_char,
    cap: usize,
    report_len: *mut usize,
) -> c_int {
    let set_len = |n: usize| {
        if let Some(l) = report_len.as_mut() {
            *l = n;
        }
    };
    let say = |rc: c_int, text: &str| {
        write_c(report, cap, text);
        set_len(text.len());
        rc
    };
    if (a.is_null() && a_len != 0) || (b.is_null() && b_len != 0) {
        return say(WK_ERR_NULL, "wk_diff: null argument");
    }
    guard(WK_ERR_INTERNAL, || {
        let ignore = if ignore.is_null() {
            Vec::new()
        } else {
            match CStr::from_ptr(ignore).to_str() {
                Ok(s) => s
                    .split(',')
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect(),
                Err(_) => return say(WK_ERR_ARG, "wk_diff: ignore is not UTF-8"),
            }
        };
        let opts = log_diff::DiffOptions {
            ignore,
            lanes: lanes as usize,
        };
        let mut la = log_diff::JsonLines::new("<a>", bytes(a, a_len));
        let mut lb = log_diff::JsonLines::new("<b>", bytes(b, b_len));
        match log_diff::diff_logs(&mut la, &mut lb, &opts) {
            Ok(d) => say(c_int::from(!d.is_equal()), &d.report()),
            Err(e) => say(WK_ERR_ARG, &e),
        }
    })
}
