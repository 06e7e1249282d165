//! Bug hunting with generated programs: for each program, properties that an independent
//! path can refute.
//!
//! 1. assemble(disassemble(bytes), &Default::default()) == bytes;
//! 2. `Warp::run` equals stepping with `Warp::step`;
//! 3. the `--trace` log, replayed on the initial state, gives the printed final state
//!    (and a traced run ends like an untraced, parallel one);
//! 4. a run cut at step K and continued from the printed state (and from a warp rebuilt
//!    through the public setters) equals an uninterrupted run;
//! 5. integer results, lane-mask compares, EXEC control and branch targets equal a
//!    separately written reference (below).

mod common;

use serde_json::Value;
use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_gen::{GenConfig, Generated, Generator};
use warpkit_isa::{OpType, RegFile, Slot};
use warpkit_sim::{run_state, state::parse_state, Program, StepResult, Warp};

fn asm(i: &warpkit_encoding::Inst, pc: u32) -> String {
    let mut s = String::new();
    warpkit_asm::format_inst(i, pc, None, &mut s);
    s
}

/// The trace's disassembly callback (appends to the line being built).
fn asm_into(i: &warpkit_encoding::Inst, pc: u32, s: &mut String) {
    warpkit_asm::format_inst(i, pc, None, s);
}

fn hex(v: &Value) -> u64 {
    match v {
        Value::String(s) => u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap(),
        Value::Number(n) => n.as_u64().unwrap(),
        _ => panic!("not a number: {v}"),
    }
}

fn lanes(v: &Value) -> [u32; 32] {
    let a = v.as_array().unwrap();
    let mut l = [0u32; 32];
    for (i, x) in a.iter().enumerate() {
        l[i] = hex(x) as u32;
    }
    l
}

/// A mismatch found, with what is needed to reproduce it.
fn fail(p: &Generated, what: String) -> String {
    format!(
        "{what}\n--- program ---\n{}--- state ---\n{}",
        p.text, p.state
    )
}

// ---------------------------------------------------------------- 1. round trip

fn roundtrip(p: &Generated, code: &[u8]) -> Result<(), String> {
    let text = disassemble(
        code,
        DisasmOptions {
            comments: true,
            labels: true,
        },
    );
    let again = assemble(&text, &Default::default())
        .map_err(|d| fail(p, format!("disassembly does not assemble: {d:?}")))?;
    if again.code != code {
        return Err(fail(
            p,
            "assemble(disassemble(bytes), &Default::default()) != bytes".into(),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- 2. run == step

fn run_equals_step(p: &Generated, prog: &Program, max: u64) -> Result<(), String> {
    for (k, w0) in parse_state(&p.state).unwrap().warps.into_iter().enumerate() {
        let mut a = w0.clone();
        let out = a.run(prog, max);
        let mut b = w0;
        let mut steps = 0;
        let last = loop {
            if steps == max {
                break None;
            }
            match b.step(prog) {
                StepResult::Running => steps += 1,
                r => break Some(r),
            }
        };
        let same_end = match (&out.status, last) {
            (warpkit_sim::RunStatus::Exited, Some(StepResult::Exited)) => true,
            (warpkit_sim::RunStatus::Faulted(f), Some(StepResult::Faulted(g))) => *f == g,
            (warpkit_sim::RunStatus::StepLimit, None) => true,
            _ => false,
        };
        if a != b || out.steps != steps || !same_end {
            return Err(fail(
                p,
                format!("warp {k}: run ({out:?}) differs from {steps} single steps ({last:?})"),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- 3. trace replay

fn trace_replays_to_final_state(p: &Generated, code: &[u8], max: u64) -> Result<(), String> {
    let mut trace = Vec::new();
    let out = run_state(code, &p.state, max, Some((&mut trace, &asm_into))).unwrap();
    // Traced runs go warp by warp; untraced ones in parallel: the same final state.
    if run_state(code, &p.state, max, None).unwrap() != out {
        return Err(fail(
            p,
            "the traced run ends in another state than the untraced one".into(),
        ));
    }
    let fin: Value = serde_json::from_str(&out).unwrap();
    let mut ws = parse_state(&p.state).unwrap().warps;
    let prog = Program::new(code);
    // Registers whose value the trace cannot give (see `trace_records_half_writes`).
    let mut unknown: Vec<[bool; 128]> = vec![[false; 128]; ws.len()];
    for (n, line) in String::from_utf8(trace).unwrap().lines().enumerate() {
        let r: Value = serde_json::from_str(line).unwrap();
        let k = r["warp"].as_u64().unwrap() as usize;
        let w = &mut ws[k];
        let pc = hex(&r["pc"]) as u32;
        if pc != w.pc() || hex(&r["exec"]) as u32 != w.exec() {
            return Err(fail(
                p,
                format!(
                    "trace line {}: pc/exec do not follow from the lines before: {line}",
                    n + 1
                ),
            ));
        }
        let size = prog.inst_at(pc).map_or(4, |i| i.size() as u32);
        let mut next = pc + size;
        if let Some(i) = prog.inst_at(pc) {
            if !trace_records_half_writes()
                && i.desc()
                    .operand(Slot::Rd)
                    .is_some_and(|o| o.ty == OpType::H)
            {
                unknown[k][i.rd as usize >> 1] = true;
            }
        }
        for (reg, val) in r["writes"].as_object().unwrap() {
            match reg.as_str() {
                "exec" => w.set_exec(hex(val) as u32),
                "pc" => next = hex(val) as u32,
                "fflags" => w.set_fflags(hex(val) as u8).unwrap(),
                r if r.starts_with('v') => {
                    let i = r[1..].parse::<usize>().unwrap();
                    w.vregs_mut()[i] = lanes(val);
                    unknown[k][i] = false;
                }
                r if r.starts_with('u') => {
                    w.uregs_mut()[r[1..].parse::<usize>().unwrap()] = hex(val) as u32
                }
                other => {
                    return Err(fail(
                        p,
                        format!("trace line {}: unknown write {other}", n + 1),
                    ))
                }
            }
        }
        w.set_pc(next);
    }
    let has_fflags = |w: &Value| w.get("fflags").is_some();
    for (k, (w, f)) in ws.iter().zip(fin["warps"].as_array().unwrap()).enumerate() {
        let mut diffs = Vec::new();
        if hex(&f["pc"]) as u32 != w.pc() {
            diffs.push(format!("pc: printed {} replayed 0x{:x}", f["pc"], w.pc()));
        }
        if hex(&f["exec"]) as u32 != w.exec() {
            diffs.push(format!(
                "exec: printed {} replayed 0x{:08x}",
                f["exec"],
                w.exec()
            ));
        }
        for (i, x) in w.uregs().iter().enumerate() {
            if hex(&f["u"][format!("u{i}")]) as u32 != *x {
                diffs.push(format!(
                    "u{i}: printed {} replayed 0x{x:08x}",
                    f["u"][format!("u{i}")]
                ));
            }
        }
        for i in (0..w.vgprs() as usize).filter(|&i| !unknown[k][i]) {
            let printed = lanes(&f["v"][format!("v{i}")]);
            if printed != w.vregs()[i] {
                let l = (0..32).find(|&l| printed[l] != w.vregs()[i][l]).unwrap();
                diffs.push(format!(
                    "v{i} lane {l}: printed 0x{:08x} replayed 0x{:08x}",
                    printed[l],
                    w.vregs()[i][l]
                ));
            }
        }
        if has_fflags(f) && fin["warps"][k].get("fflags").is_some() && trace_names_fflags(&out) {
            // Only comparable once the trace records FFLAGS writes.
            if hex(&f["fflags"]) as u8 != w.fflags() {
                diffs.push("fflags".into());
            }
        }
        if !diffs.is_empty() {
            return Err(fail(
                p,
                format!("warp {k}: the trace replayed on the initial state does not give the printed final state: {}", diffs.join("; ")),
            ));
        }
    }
    Ok(())
}

/// Whether this build's trace records FFLAGS (a later extension of the commit record).
fn trace_names_fflags(_out: &str) -> bool {
    static NAMES: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *NAMES.get_or_init(|| {
        // fadd of 1 and 2^-30 is inexact: a trace that records FFLAGS names it here.
        let code = assemble("fadd.f32 v0, v1, v2", &Default::default())
            .unwrap()
            .code;
        let mut t = Vec::new();
        run_state(
            &code,
            r#"{"v": {"v1": "0x3f800000", "v2": "0x30800000"}}"#,
            10,
            Some((&mut t, &asm_into)),
        )
        .unwrap();
        String::from_utf8(t).unwrap().contains("fflags")
    })
}

/// Whether this build's trace records writes to half registers (`rd:h`). It does not yet
/// (found by this test): `mov.b16 v1.h, v2.l` traces `"writes":{}`. Until it does, replay
/// treats such a register as unknown until the trace next gives its full value.
fn trace_records_half_writes() -> bool {
    static YES: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *YES.get_or_init(|| half_write_trace().contains("\"v1\""))
}

fn half_write_trace() -> String {
    let code = assemble("mov.b16 v1.h, v2.l", &Default::default())
        .unwrap()
        .code;
    let mut t = Vec::new();
    run_state(
        &code,
        r#"{"v": {"v2": "0x1234"}}"#,
        10,
        Some((&mut t, &asm_into)),
    )
    .unwrap();
    String::from_utf8(t).unwrap()
}

#[test]
fn the_trace_records_writes_to_half_registers() {
    let t = half_write_trace();
    assert!(t.contains("\"v1\":[\"0x12340000\""), "{t}");
}

// ---------------------------------------------------------------- 4. cut and continue

/// The printed state as an input state: the outcome keys (`status`, `steps`, `fault`)
/// describe the run, not the machine, so they are left out.
fn as_input(out: &str) -> String {
    let mut v: Value = serde_json::from_str(out).unwrap();
    for w in v["warps"].as_array_mut().unwrap() {
        let o = w.as_object_mut().unwrap();
        for k in ["status", "steps", "fault"] {
            o.remove(k);
        }
    }
    v.to_string()
}

fn cut_and_continue(p: &Generated, code: &[u8], max: u64, k: u64) -> Result<(), String> {
    let full: Value = serde_json::from_str(&run_state(code, &p.state, max, None).unwrap()).unwrap();
    let first = run_state(code, &p.state, k, None).unwrap();
    let cut: Value = serde_json::from_str(&first).unwrap();
    let second: Value =
        serde_json::from_str(&run_state(code, &as_input(&first), max, None).map_err(|e| {
            fail(
                p,
                format!("the printed state after {k} steps does not load: {e}"),
            )
        })?)
        .unwrap();
    for (w, ((f, c), s)) in full["warps"]
        .as_array()
        .unwrap()
        .iter()
        .zip(cut["warps"].as_array().unwrap())
        .zip(second["warps"].as_array().unwrap())
        .enumerate()
    {
        let mut f2 = f.clone();
        let mut s2 = s.clone();
        f2["steps"] = Value::Null;
        s2["steps"] = Value::Null;
        if f2 != s2 {
            return Err(fail(
                p,
                format!("warp {w}: cut at step {k} and continued from the printed state differs from an uninterrupted run"),
            ));
        }
        let steps = c["steps"].as_u64().unwrap() + s["steps"].as_u64().unwrap();
        if steps != f["steps"].as_u64().unwrap() {
            return Err(fail(
                p,
                format!(
                    "warp {w}: steps {steps} after a cut at {k}, {} without",
                    f["steps"]
                ),
            ));
        }
    }
    // The same through the library: a new Warp built with the public setters.
    let prog = Program::new(code);
    for (w, w0) in parse_state(&p.state).unwrap().warps.into_iter().enumerate() {
        let mut a = w0.clone();
        a.run(&prog, max);
        let mut b = w0;
        b.run(&prog, k);
        let mut c = Warp::new();
        *c.vregs_mut() = *b.vregs();
        *c.uregs_mut() = *b.uregs();
        c.set_exec(b.exec());
        c.set_pc(b.pc());
        c.set_code_base(b.code_base());
        c.set_mode(b.mode()).unwrap();
        c.set_fflags(b.fflags()).unwrap();
        c.set_vgprs(b.vgprs()).unwrap();
        c.set_steps(b.steps());
        c.run(&prog, max);
        if a != c {
            return Err(fail(
                p,
                format!("warp {w}: a warp rebuilt after {k} steps ends differently"),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- 5. integer reference

/// The manual's integer operations, written from the database's semantics column,
/// independently of the simulator: first source, second source (register or immediate).
fn reference(m: &str) -> Option<fn(u32, u32) -> u32> {
    let sat_s = |x: i64| x.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
    let _ = sat_s;
    Some(match m {
        "add" | "add.vu" | "add.vi" | "add.vl" | "uadd" | "uaddi" | "uadd.l" => {
            |a, b| a.wrapping_add(b)
        }
        "sub" | "sub.vu" | "usub" => |a, b| a.wrapping_sub(b),
        "subr.vu" | "subr.vi" | "subr.vl" => |a, b| b.wrapping_sub(a),
        "sll" | "sll.vu" | "sll.vi" | "usll" | "uslli" => |a, b| a << (b & 31),
        "sllr.vu" => |a, b| b << (a & 31),
        "srl" | "srl.vu" | "srl.vi" | "usrl" | "usrli" => |a, b| a >> (b & 31),
        "srlr.vu" => |a, b| b >> (a & 31),
        "sra" | "sra.vu" | "sra.vi" | "usra" | "usrai" => |a, b| ((a as i32) >> (b & 31)) as u32,
        "srar.vu" => |a, b| ((b as i32) >> (a & 31)) as u32,
        "slt" | "slt.vu" | "slt.vi" | "uslt" | "uslti" | "uslt.l" => {
            |a, b| ((a as i32) < (b as i32)) as u32
        }
        "sltu" | "sltu.vu" | "sltu.vi" | "usltu" | "usltiu" | "usltu.l" => |a, b| (a < b) as u32,
        "usge" => |a, b| ((a as i32) >= (b as i32)) as u32,
        "usgeu" => |a, b| (a >= b) as u32,
        "useq" | "useqi" | "useq.l" => |a, b| (a == b) as u32,
        "usne" | "usnei" => |a, b| (a != b) as u32,
        "xor" | "xor.vu" | "xor.vi" | "xor.vl" | "uxor" | "uxori" | "uxor.l" => |a, b| a ^ b,
        "or" | "or.vu" | "or.vi" | "or.vl" | "uor" | "uori" | "uor.l" => |a, b| a | b,
        "and" | "and.vu" | "and.vi" | "and.vl" | "uand" | "uandi" | "uand.l" => |a, b| a & b,
        "andn" | "andn.vu" | "uandn" => |a, b| a & !b,
        "orn" | "orn.vu" | "uorn" => |a, b| a | !b,
        "xnor" | "uxnor" => |a, b| !(a ^ b),
        "min" | "min.vu" | "min.vi" | "umin" => |a, b| (a as i32).min(b as i32) as u32,
        "max" | "max.vu" | "max.vi" | "umax" => |a, b| (a as i32).max(b as i32) as u32,
        "minu" | "minu.vu" | "minu.vi" | "uminu" => |a, b| a.min(b),
        "maxu" | "maxu.vu" | "maxu.vi" | "umaxu" => |a, b| a.max(b),
        "mul" | "mul.vu" | "mul.vi" | "mul.vl" | "umul" | "umuli" | "umul.l" => {
            |a, b| a.wrapping_mul(b)
        }
        "mulh" | "mulh.vu" | "umulh" => |a, b| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32,
        "mulhu" | "mulhu.vu" | "umulhu" => |a, b| ((a as u64 * b as u64) >> 32) as u32,
        "mulhsu" | "umulhsu" => |a, b| ((a as i32 as i64 * b as i64) >> 32) as u32,
        "rol" | "urol" => |a, b| a.rotate_left(b & 31),
        "ror" | "uror" => |a, b| a.rotate_right(b & 31),
        "czero.eqz" | "uczero.eqz" => |a, b| if b == 0 { 0 } else { a },
        "czero.nez" | "uczero.nez" => |a, b| if b != 0 { 0 } else { a },
        "addsat.i32" => |a, b| {
            (a as i32 as i64 + b as i32 as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32
                as u32
        },
        "subsat.i32" => |a, b| {
            (a as i32 as i64 - b as i32 as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32
                as u32
        },
        "addsat.u32" => |a, b| a.saturating_add(b),
        "subsat.u32" => |a, b| a.saturating_sub(b),
        "mov" | "mov.vu" | "umov" | "movi" | "mov.vl" | "umovi" | "umov.l" => |a, _| a,
        "not" | "unot" => |a, _| !a,
        "clz" | "uclz" => |a, _| a.leading_zeros(),
        "ctz" | "uctz" => |a, _| a.trailing_zeros(),
        "cpop" | "ucpop" => |a, _| a.count_ones(),
        "brev" | "ubrev" => |a, _| a.reverse_bits(),
        "rev8" => |a, _| a.swap_bytes(),
        "sext.b" | "usext.b" => |a, _| a as u8 as i8 as i32 as u32,
        "sext.h" | "usext.h" => |a, _| a as u16 as i16 as i32 as u32,
        "zext.b" => |a, _| a & 0xff,
        "zext.h" => |a, _| a & 0xffff,
        "neg" => |a, _| a.wrapping_neg(),
        "abs" => |a, _| (a as i32).wrapping_abs() as u32,
        _ => return None,
    })
}

/// Integer compares into a uniform lane mask: the condition per lane.
fn reference_cmp(m: &str) -> Option<fn(u32, u32) -> bool> {
    let base = m
        .strip_suffix(".vu")
        .or_else(|| m.strip_suffix(".vi"))
        .unwrap_or(m);
    Some(match base {
        "cmp.eq.i32" => |a, b| a == b,
        "cmp.ne.i32" => |a, b| a != b,
        "cmp.lt.i32" => |a, b| (a as i32) < (b as i32),
        "cmp.ge.i32" => |a, b| (a as i32) >= (b as i32),
        "cmp.gt.i32" => |a, b| (a as i32) > (b as i32),
        "cmp.lt.u32" => |a, b| a < b,
        "cmp.ge.u32" => |a, b| a >= b,
        "cmp.gt.u32" => |a, b| a > b,
        _ => return None,
    })
}

/// Each 4-lane quad with any lane set becomes 0xf.
fn wqm(x: u32) -> u32 {
    (0..8).fold(0, |acc, q| {
        if x >> (4 * q) & 0xf != 0 {
            acc | 0xf << (4 * q)
        } else {
            acc
        }
    })
}

/// EXEC control: new EXEC from (old EXEC, u1); every variant that has a destination
/// writes the old EXEC there.
fn reference_exec(m: &str) -> Option<fn(u32, u32) -> u32> {
    Some(match m {
        "exec.get" => |e, _| e,
        "exec.set" | "saveexec.mov" => |_, u| u,
        "exec.wqm" => |e, _| wqm(e),
        "saveexec.and" => |e, u| e & u,
        "saveexec.or" => |e, u| e | u,
        "saveexec.xor" => |e, u| e ^ u,
        "saveexec.andn1" => |e, u| u & !e,
        "saveexec.andn2" => |e, u| e & !u,
        _ => return None,
    })
}

/// Whether a branch is taken: (EXEC, u1) -> taken; `None` for other instructions.
fn reference_branch(m: &str) -> Option<fn(u32, u32) -> bool> {
    Some(match m {
        "jmp" | "jal" | "jr" | "jalr" => |_, _| true,
        "bexecz" => |e, _| e == 0,
        "bexecnz" => |e, _| e != 0,
        "bz" => |_, u| u == 0,
        "bnz" => |_, u| u != 0,
        "bnone" => |e, u| u & e == 0,
        "bany" => |e, u| u & e != 0,
        _ => return None,
    })
}

/// Check one executed compare, EXEC or branch instruction; `None` if the reference does
/// not cover it.
fn check_control(
    i: &warpkit_encoding::Inst,
    pc: u32,
    before: &Warp,
    after: &Warp,
) -> Option<Result<(), String>> {
    let d = i.desc();
    let m = d.mnemonic;
    let u1 = d
        .operand(Slot::Rs1)
        .filter(|o| o.ty == OpType::U)
        .map_or(0, |_| before.uregs()[i.rs1 as usize]);
    let rd_u = d.operand(Slot::Rd).is_some_and(|o| o.ty == OpType::U);
    if let Some(f) = reference_cmp(m) {
        let mut want = 0u32;
        for lane in 0..32 {
            let a = before.vregs()[i.rs1 as usize][lane];
            let b = match d.operand(Slot::Rs2).map(|o| o.ty) {
                Some(OpType::V) => before.vregs()[i.rs2 as usize][lane],
                Some(OpType::U) => before.uregs()[i.rs2 as usize],
                _ => i.imm as u32,
            };
            if before.exec() >> lane & 1 == 1 && f(a, b) {
                want |= 1 << lane;
            }
        }
        let got = after.uregs()[i.rd as usize];
        return Some(if got == want {
            Ok(())
        } else {
            Err(format!("U[d] model 0x{got:08x}, reference 0x{want:08x}"))
        });
    }
    if let Some(f) = reference_exec(m) {
        let exec = f(before.exec(), u1);
        if after.exec() != exec {
            return Some(Err(format!(
                "EXEC model 0x{:08x}, reference 0x{exec:08x}",
                after.exec()
            )));
        }
        if rd_u && after.uregs()[i.rd as usize] != before.exec() {
            return Some(Err(format!(
                "U[d] model 0x{:08x}, reference (old EXEC) 0x{:08x}",
                after.uregs()[i.rd as usize],
                before.exec()
            )));
        }
        return Some(Ok(()));
    }
    if let Some(taken) = reference_branch(m) {
        let imm = i.get(Slot::Imm);
        let want = if !taken(before.exec(), u1) {
            pc + i.size() as u32
        } else if d.flags.has(warpkit_isa::Flags::IX) {
            (u1 as i64 + imm) as u32 & !3
        } else {
            (pc as i64 + imm) as u32
        };
        if after.pc() != want {
            return Some(Err(format!(
                "next pc model 0x{:x}, reference 0x{want:x}",
                after.pc()
            )));
        }
        if rd_u && after.uregs()[i.rd as usize] != pc + 4 {
            return Some(Err(format!(
                "link model 0x{:x}, reference 0x{:x}",
                after.uregs()[i.rd as usize],
                pc + 4
            )));
        }
        return Some(Ok(()));
    }
    None
}

/// Step every warp, checking each instruction the reference knows. Returns how many
/// instructions were checked.
fn integer_reference(p: &Generated, prog: &Program, max: u64) -> Result<u64, String> {
    let mut checked = 0;
    for (k, mut w) in parse_state(&p.state).unwrap().warps.into_iter().enumerate() {
        for step in 0..max {
            let pc = w.pc();
            let before = w.clone();
            if w.step(prog) != StepResult::Running {
                break;
            }
            let Some(i) = prog.inst_at(pc) else { continue };
            let d = i.desc();
            if let Some(r) = check_control(&i, pc, &before, &w) {
                r.map_err(|e| {
                    fail(
                        p,
                        format!("warp {k} step {step} pc 0x{pc:x} `{}`: {e}", asm(&i, pc)),
                    )
                })?;
                checked += 1;
                continue;
            }
            let Some(f) = reference(d.mnemonic) else {
                continue;
            };
            let src = |slot: Slot, lane: usize| -> Option<u32> {
                let o = d.operand(slot)?;
                Some(match o.ty {
                    OpType::V => before.vregs()[i.get(slot) as usize][lane],
                    OpType::U => before.uregs()[i.get(slot) as usize],
                    _ => i.get(slot) as u32,
                })
            };
            let dst = d.operand(Slot::Rd).unwrap();
            for lane in 0..32 {
                let a = src(Slot::Rs1, lane)
                    .or_else(|| src(Slot::Imm, lane))
                    .unwrap();
                let b = src(Slot::Rs2, lane)
                    .or_else(|| src(Slot::Imm, lane))
                    .unwrap_or(0);
                let want = f(a, b);
                let (got, expect) = match dst.ty.reg() {
                    Some((RegFile::V, ..)) => {
                        let active = before.exec() >> lane & 1 == 1;
                        let old = before.vregs()[i.rd as usize][lane];
                        (
                            w.vregs()[i.rd as usize][lane],
                            if active { want } else { old },
                        )
                    }
                    Some((RegFile::U, ..)) => (w.uregs()[i.rd as usize], want),
                    _ => break,
                };
                if got != expect {
                    return Err(fail(
                        p,
                        format!(
                            "warp {k} step {step} pc 0x{pc:x} `{}` lane {lane}: model 0x{got:08x}, reference 0x{expect:08x} (s1 0x{a:08x}, s2 0x{b:08x})",
                            asm(&i, pc)
                        ),
                    ));
                }
                if dst.ty.reg().is_some_and(|r| r.0 == RegFile::U) {
                    break;
                }
            }
            checked += 1;
        }
    }
    Ok(checked)
}

// ---------------------------------------------------------------- driver

fn check_all(seed: u64, count: u64, cfg: GenConfig) -> (u64, Vec<String>) {
    let mut gen = Generator::new(cfg).unwrap();
    let mut failures: Vec<String> = Vec::new();
    let mut checked = 0;
    for i in 0..count {
        let p = gen.generate(seed, i);
        let code = assemble(&p.text, &Default::default()).unwrap().code;
        let prog = Program::new(&code);
        let max = p.step_bound + 1;
        let k = (i * 7919) % (p.step_bound + 1);
        let mut results = vec![
            roundtrip(&p, &code),
            run_equals_step(&p, &prog, max),
            trace_replays_to_final_state(&p, &code, max),
            cut_and_continue(&p, &code, max, k),
        ];
        match integer_reference(&p, &prog, max) {
            Ok(n) => checked += n,
            Err(e) => results.push(Err(e)),
        }
        for r in results {
            if let Err(e) = r {
                failures.push(format!("seed {seed} program {i}: {e}"));
            }
        }
    }
    (checked, failures)
}

fn report(failures: &[String]) -> String {
    // The first (shortest) reproducer in full, the rest by their first line.
    let mut f = failures.to_vec();
    f.sort_by_key(|s| s.len());
    let mut out = format!("{} mismatches\n", f.len());
    for s in f.iter().skip(1).take(20) {
        out.push_str(s.lines().next().unwrap_or(""));
        out.push('\n');
    }
    out.push_str(&f[0]);
    out
}

#[test]
fn generated_programs_satisfy_the_cross_checks() {
    let (checked, failures) = check_all(21, 120, GenConfig::default());
    assert!(failures.is_empty(), "{}", report(&failures));
    assert!(
        checked > 1000,
        "only {checked} instructions checked against the reference"
    );
}

#[test]
fn faulting_programs_satisfy_the_cross_checks() {
    let cfg = GenConfig {
        faults: true,
        ..GenConfig::default()
    };
    let (_, failures) = check_all(22, 60, cfg);
    assert!(failures.is_empty(), "{}", report(&failures));
}

#[test]
#[ignore = "thousands of programs; run with --ignored"]
fn many_programs_satisfy_the_cross_checks() {
    let mut all = Vec::new();
    let mut checked = 0;
    let faults = GenConfig {
        faults: true,
        ..GenConfig::default()
    };
    let deep = GenConfig {
        length: 400,
        depth: 6,
        ..GenConfig::default()
    };
    for (seed, count, cfg) in [
        (30, 1000, GenConfig::default()),
        (31, 1000, GenConfig::default()),
        (32, 500, faults),
        (33, 300, deep),
    ] {
        let (c, f) = check_all(seed, count, cfg);
        checked += c;
        all.extend(f);
    }
    eprintln!("{checked} instructions checked against the integer reference");
    assert!(all.is_empty(), "{}", report(&all));
}
