//! Commit records: for every executable variant under random operands, EXEC patterns and
//! MODE values, the record names every register whose bits changed, with its new value,
//! and EXEC / FFLAGS / PC exactly when they changed; the fast, AVX2 and logged builds of
//! the handlers agree; and a commit log (as records and as JSON Lines) replayed from the
//! initial state reproduces every intermediate state and the printed final state.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{encode, encode_word, Inst, Reg};
use warpkit_isa::{RegFile, StateLoc, INSNS};
use warpkit_sim::state::{parse_state, state_to_json};
use warpkit_sim::{
    run_state, Commit, HandlerLevel, Program, RunOutcome, RunStatus, StepResult, Warp,
    MAX_U_WRITES, MAX_V_WRITES,
};

/// Check one retired instruction's record against the states before and after.
fn check_record(what: &str, before: &Warp, after: &Warp, c: &Commit, size: u8) {
    assert_eq!(c.step, before.steps(), "{what}: step");
    assert_eq!(c.pc, before.pc(), "{what}: pc");
    assert_eq!(c.exec, before.exec(), "{what}: exec before");
    assert_eq!(c.size, size, "{what}: size");
    assert_eq!(after.steps(), before.steps() + 1, "{what}: steps");
    // Every changed vector register is recorded; every recorded one holds its new value,
    // and lanes outside its mask kept their old value.
    for r in 0..128u8 {
        let (old, new) = (&before.vregs()[r as usize], &after.vregs()[r as usize]);
        let rec = c.v_writes().iter().find(|x| x.reg == r);
        if old != new {
            assert!(rec.is_some(), "{what}: v{r} changed but is not recorded");
        }
        if let Some(x) = rec {
            assert_eq!(&x.value, new, "{what}: v{r} recorded value");
            assert_eq!(x.mask, c.exec, "{what}: v{r} mask is EXEC");
            for l in 0..32 {
                if x.mask >> l & 1 == 0 {
                    assert_eq!(old[l], new[l], "{what}: v{r} lane {l} outside the mask");
                }
            }
        }
    }
    for r in 0..64u8 {
        let (old, new) = (before.uregs()[r as usize], after.uregs()[r as usize]);
        let rec = c.u_writes().iter().find(|x| x.reg == r);
        if old != new {
            assert!(rec.is_some(), "{what}: u{r} changed but is not recorded");
        }
        if let Some(x) = rec {
            assert_eq!(x.value, new, "{what}: u{r} recorded value");
        }
    }
    let changed = |a: u32, b: u32| (a != b).then_some(b);
    assert_eq!(
        c.exec_write(),
        changed(before.exec(), after.exec()),
        "{what}: exec"
    );
    assert_eq!(
        c.fflags_write(),
        (before.fflags() != after.fflags()).then_some(after.fflags()),
        "{what}: fflags"
    );
    assert_eq!(
        c.pc_write(),
        changed(before.pc().wrapping_add(size as u32), after.pc()),
        "{what}: pc"
    );
    assert_eq!(c.next_pc(), after.pc());
    // What no instruction writes.
    assert_eq!(
        (before.mode(), before.vgprs(), before.code_base()),
        (after.mode(), after.vgprs(), after.code_base()),
        "{what}"
    );
}

/// The registers a record names are exactly the destinations the database's access facts
/// give for this instruction (indexed ones resolved with the uniform registers before it),
/// and EXEC / FFLAGS / PC appear only when the facts say the instruction may write them.
fn check_against_facts(what: &str, i: &Inst, before: &Warp, c: &Commit) {
    let mut want_v = BTreeSet::new();
    let mut want_u = BTreeSet::new();
    let (mut exec, mut fflags, mut pc) = (false, false, false);
    for r in i.writes().iter() {
        match r.resolve(before.uregs(), before.vgprs()) {
            Some(Reg::V(n)) => {
                want_v.insert(n);
            }
            Some(Reg::U(n)) => {
                want_u.insert(n);
            }
            Some(Reg::Exec) => exec = true,
            Some(Reg::Fflags) => fflags = true,
            Some(Reg::Pc) => pc = true,
            Some(r) => panic!("{what}: the model writes {r}?"),
            None => {} // movrel.d past vgprs: dropped
        }
    }
    let got_v: BTreeSet<u8> = c.v_writes().iter().map(|x| x.reg).collect();
    let got_u: BTreeSet<u8> = c.u_writes().iter().map(|x| x.reg).collect();
    assert_eq!(
        got_v, want_v,
        "{what}: vector registers recorded vs access facts"
    );
    assert_eq!(
        got_u, want_u,
        "{what}: uniform registers recorded vs access facts"
    );
    assert!(
        exec || c.exec_write().is_none(),
        "{what}: EXEC written, facts say no"
    );
    assert!(
        fflags || c.fflags_write().is_none(),
        "{what}: FFLAGS written, facts say no"
    );
    assert!(
        pc || c.pc_write().is_none(),
        "{what}: PC written, facts say no"
    );
}

/// Every executable variant, many random instances and warps.
#[test]
fn every_variant_records_what_changed() {
    let mut rng = XorShift::new(0x5eed_c0de);
    let mut c = Commit::new();
    let mut retired = 0;
    for id in executable_ids() {
        let name = id.desc().mnemonic;
        for k in 0..24 {
            let i = random_inst(id, &mut rng);
            let p = Program::new(&encode(&i));
            let mut w0 = random_warp(&mut rng);
            w0.set_steps(rng.below(1000));
            if k % 6 == 0 {
                // Fewer allocated registers: some instructions fault, movrel drops writes.
                w0.set_vgprs(1 + rng.below(128) as u32).unwrap();
            }
            let mut fast = w0.clone();
            let mut logged = w0.clone();
            let r = fast.step(&p);
            assert_eq!(logged.step_logged(&p, &mut c), r, "{name}");
            assert_eq!(fast, logged, "{name}: fast and logged copies differ");
            match r {
                StepResult::Running => {
                    retired += 1;
                    assert_eq!(c.word, encode_word(&i), "{name}");
                    assert_eq!(c.inst, i, "{name}");
                    check_record(name, &w0, &logged, &c, i.size() as u8);
                    check_against_facts(name, &i, &w0, &c);
                }
                StepResult::Faulted(_) => {
                    assert_eq!(logged, w0, "{name}: a faulting instruction changed state");
                    assert_eq!(c.writes().count(), 0, "{name}");
                }
                StepResult::Exited => panic!("{name}: exited"),
            }
        }
    }
    assert!(retired > 1000, "only {retired} instructions retired");
}

/// A record has room for every register any variant can write (its access facts,
/// registers of groups counted one by one).
#[test]
fn record_capacity_covers_every_variant() {
    for d in INSNS.iter() {
        let (mut v, mut u) = (0, 0);
        for l in d.writes {
            match l {
                StateLoc::Op(slot) => match d.reg_slots.get(*slot as usize).copied().flatten() {
                    Some(e) if e.file == RegFile::U => u += e.count as usize,
                    Some(e) if e.file == RegFile::V => v += e.count as usize,
                    Some(_) => v += 1, // a half: its whole register
                    None => {}
                },
                StateLoc::Indexed { .. } => v += 1,
                _ => {}
            }
        }
        assert!(
            v <= MAX_V_WRITES && u <= MAX_U_WRITES,
            "{}: {v} v, {u} u",
            d.mnemonic
        );
    }
}

/// Half-register destinations record the whole 32-bit register; FFLAGS appear when a
/// flag is newly raised, not when it was already set.
#[test]
fn halves_and_flags() {
    let mut w = Warp::new();
    w.vregs_mut()[2] = [0x0000_3c00; 32]; // v2.l = 1.0 (binary16)
    w.vregs_mut()[3] = [0x0000_3c00; 32];
    w.vregs_mut()[1] = [0xabcd_0000; 32];
    w.set_exec(0x0000_00ff);
    // fadd.f16 v1.h, v2.l, v3.l: half registers are encoded 2*n + half.
    let p = Program::new(&code(&[mk("fadd.f16", 3, 4, 6, 0, 0)]));
    let mut c = Commit::new();
    assert_eq!(w.clone().step_logged(&p, &mut c), StepResult::Running);
    let v = c.v_writes();
    assert_eq!((v.len(), v[0].reg, v[0].mask), (1, 1, 0xff));
    assert_eq!(v[0].value[0], 0x4000_0000); // 2.0 in the high half, low half kept (0)
    assert_eq!(v[0].value[8], 0xabcd_0000); // inactive lane untouched
    assert_eq!(c.fflags_write(), None); // exact
                                        // 1.0 + 2^-11 is inexact in binary16 (rne: 1.0) -> NX newly raised.
    let mut w2 = w.clone();
    w2.vregs_mut()[3] = [0x0000_1000; 32];
    assert_eq!(w2.step_logged(&p, &mut c), StepResult::Running);
    assert_eq!(c.fflags_write(), Some(1));
    // Already set: not a change.
    w2.set_pc(0);
    assert_eq!(w2.step_logged(&p, &mut c), StepResult::Running);
    assert_eq!(c.fflags_write(), None);
    let line: Value = serde_json::from_str(&c.to_json(0, "x")).unwrap();
    assert_eq!(line["writes"]["v1"].as_array().unwrap().len(), 32);
    assert_eq!(line["writes"].as_object().unwrap().len(), 1);
}

/// Random programs: the fast handlers (portable and AVX2 builds) and the logged ones end
/// in the same state with the same outcome.
#[test]
fn fast_avx2_and_logged_builds_agree() {
    let mut rng = XorShift::new(77);
    let levels: Vec<HandlerLevel> = [HandlerLevel::Portable, HandlerLevel::Avx2]
        .into_iter()
        .filter(|l| l.is_available())
        .collect();
    for round in 0..400 {
        let code = random_exec_program(40, &mut rng, 4);
        let mut w0 = random_warp(&mut rng);
        if round % 3 == 0 {
            // The run loop then checks registers per instruction; some fault midway.
            w0.set_vgprs(64 + rng.below(65) as u32).unwrap();
        }
        let max = if round % 2 == 0 { 500 } else { rng.below(60) };
        let mut results: Vec<(Warp, RunOutcome)> = Vec::new();
        for &level in &levels {
            let p = Program::with_level(&code, level).unwrap();
            assert_eq!(p.level(), level);
            let mut w = w0.clone();
            let o = w.run(&p, max);
            results.push((w, o));
        }
        let p = Program::new(&code);
        let mut w = w0.clone();
        let o = w.run_logged(&p, max, &mut |_| {});
        results.push((w, o));
        // One instruction at a time.
        let mut w = w0.clone();
        let mut o = RunOutcome {
            status: RunStatus::StepLimit,
            steps: 0,
        };
        while o.steps < max {
            match w.step(&p) {
                StepResult::Running => o.steps += 1,
                StepResult::Exited => {
                    o.status = RunStatus::Exited;
                    break;
                }
                StepResult::Faulted(f) => {
                    o.status = RunStatus::Faulted(f);
                    break;
                }
            }
        }
        if o.status == RunStatus::StepLimit && w.pc() as usize == code.len() {
            o.status = RunStatus::Exited;
        }
        results.push((w, o));
        for r in &results[1..] {
            assert_eq!(r, &results[0], "round {round}");
        }
    }
}

/// Apply one commit record to a warp, using only the public setters.
fn replay(w: &mut Warp, c: &Commit) {
    for x in c.v_writes() {
        w.vregs_mut()[x.reg as usize] = x.value;
    }
    for x in c.u_writes() {
        w.uregs_mut()[x.reg as usize] = x.value;
    }
    if let Some(e) = c.exec_write() {
        w.set_exec(e);
    }
    if let Some(f) = c.fflags_write() {
        w.set_fflags(f).unwrap();
    }
    w.set_pc(c.pc_write().unwrap_or(c.pc + c.size as u32));
    w.set_steps(c.step + 1);
}

fn hex(v: &Value) -> u32 {
    u32::from_str_radix(v.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

/// Apply one JSON Lines trace record to a warp.
fn replay_json(w: &mut Warp, line: &Value) {
    let word = line["word"].as_str().unwrap();
    let size = if word.len() == 18 { 8 } else { 4 };
    let mut pc = hex(&line["pc"]) + size;
    for (k, v) in line["writes"].as_object().unwrap() {
        match k.as_str() {
            "exec" => w.set_exec(hex(v)),
            "fflags" => w.set_fflags(hex(v) as u8).unwrap(),
            "pc" => pc = hex(v),
            _ if k.starts_with('v') => {
                let r: usize = k[1..].parse().unwrap();
                let lanes = v.as_array().unwrap();
                assert_eq!(lanes.len(), 32);
                for l in 0..32 {
                    w.vregs_mut()[r][l] = hex(&lanes[l]);
                }
            }
            _ if k.starts_with('u') => w.uregs_mut()[k[1..].parse::<usize>().unwrap()] = hex(v),
            _ => panic!("unknown write {k}"),
        }
    }
    w.set_pc(pc);
    w.set_steps(line["step"].as_u64().unwrap() + 1);
}

/// Random programs over all executable variants (with loops): replaying the commit log
/// from the initial state reproduces the state after every instruction, and replaying
/// the JSON Lines trace of `run_state` reproduces its printed final state.
#[test]
fn commit_log_replays_every_state() {
    let mut rng = XorShift::new(2024);
    let mut total = 0;
    for round in 0..150 {
        let code = random_exec_program(60, &mut rng, 3);
        let p = Program::new(&code);
        let w0 = random_warp(&mut rng);
        let max = 300;
        // Records, stepped in lockstep with the fast path.
        let mut twin = w0.clone();
        let mut logged = w0.clone();
        let mut replayed = w0.clone();
        let mut c = Commit::new();
        for _ in 0..max {
            let r = logged.step_logged(&p, &mut c);
            assert_eq!(twin.step(&p), r, "round {round}");
            if r != StepResult::Running {
                break;
            }
            replay(&mut replayed, &c);
            assert_eq!(replayed, twin, "round {round} step {}", c.step);
            total += 1;
        }
        // The JSON trace of the command line entry point.
        let state = state_to_json(0, &[not_yet_run(w0.clone())]);
        let mut trace = Vec::new();
        let asm =
            |i: &warpkit_encoding::Inst, _: u32, s: &mut String| s.push_str(i.desc().mnemonic);
        let out = run_state(&code, &state, max, Some((&mut trace, &asm))).unwrap();
        let printed = parse_state(&out).unwrap().warps.remove(0);
        let mut from_json = w0.clone();
        for line in String::from_utf8(trace).unwrap().lines() {
            replay_json(&mut from_json, &serde_json::from_str(line).unwrap());
        }
        assert_eq!(from_json, printed, "round {round}: JSON replay");
        assert_eq!(printed, twin, "round {round}: printed state");
    }
    assert!(total > 5000, "only {total} instructions replayed");
}
