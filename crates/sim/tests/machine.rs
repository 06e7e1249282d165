//! Fault model, fetch rules, step limits, multi-warp launch and traces.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{decode, encode_word};
use warpkit_isa::{InsnId, INSNS};
use warpkit_sim::{
    has_semantics, run_warps, run_warps_sequential, FaultCause, FaultReason, Program, RegWrite,
    RunStatus, StepResult, Warp,
};

fn busy_warp(seed: u32) -> Warp {
    let mut w = Warp::new();
    for r in 0..128 {
        for l in 0..32 {
            w.vregs_mut()[r][l] =
                (r as u32).wrapping_mul(0x0101_0101) ^ (l as u32).wrapping_mul(0x9e37_79b9) ^ seed;
        }
    }
    for r in 0..64 {
        w.uregs_mut()[r] = (r as u32).wrapping_mul(0x1111_1111) ^ seed;
    }
    w.set_exec(0x0ff0_f00f ^ seed);
    w
}

#[test]
fn every_chapter_6_1_variant_executes_and_others_fault() {
    let mut rng = XorShift::new(1);
    for d in INSNS.iter() {
        let id = InsnId(d.id.0);
        match d.group_desc().chapter {
            "6.1" | "6.2" => assert!(has_semantics(id), "{} has no semantics", d.mnemonic),
            ch => {
                assert!(
                    !has_semantics(id),
                    "{} ({ch}) should not execute yet",
                    d.mnemonic
                );
                for _ in 0..4 {
                    let i = random_inst(id, &mut rng);
                    let w = busy_warp(7);
                    let f = expect_fault(&[i], &w, 1);
                    assert_eq!(f.pc, 0);
                    assert_eq!(f.word, encode_word(&i));
                    assert_eq!(f.word_bytes as usize, d.size as usize);
                    match f.reason {
                        FaultReason::Unsupported(x) => assert_eq!((x, ch), (id, "7")),
                        FaultReason::NotImplemented(x) => assert_eq!((x, ch), (id, "6.2")),
                        r => panic!("{}: {r:?}", d.mnemonic),
                    }
                }
            }
        }
    }
}

#[test]
fn random_valid_6_1_instructions_never_panic() {
    // Any valid 6.1 instruction either completes or faults precisely (vgprs limit).
    let mut rng = XorShift::new(99);
    let ids: Vec<InsnId> = INSNS
        .iter()
        .filter(|d| d.group_desc().chapter == "6.1")
        .map(|d| d.id)
        .collect();
    for k in 0..20_000 {
        let i = random_inst(ids[k % ids.len()], &mut rng);
        let mut w = busy_warp(k as u32);
        w.set_vgprs(1 + (k as u32 * 37) % 128).unwrap();
        let before = w.clone();
        let p = Program::new(&code(&[i]));
        match w.step(&p) {
            StepResult::Running => {}
            StepResult::Faulted(f) => {
                assert_eq!(f.cause, FaultCause::IllegalInsn);
                assert!(matches!(f.reason, FaultReason::VgprLimit { .. }), "{f}");
                assert_eq!(w, before);
            }
            StepResult::Exited => panic!("exited before executing"),
        }
    }
}

#[test]
fn undecodable_words_fault_with_cause_1() {
    let mut rng = XorShift::new(5);
    let mut tested = 0;
    let mut words: Vec<u32> = vec![0, 0xffff_fffe, 0x0000_007e, 0x8000_0002];
    words.extend((0..20_000).map(|_| rng.next_u64() as u32 & !1));
    for w0 in words {
        let bytes = w0.to_le_bytes();
        if decode(&bytes).is_ok() {
            continue;
        }
        tested += 1;
        let w = busy_warp(w0);
        let p = Program::new(&bytes);
        let mut w2 = w.clone();
        match w2.step(&p) {
            StepResult::Faulted(f) => {
                assert_eq!(
                    (f.cause.code(), f.pc, f.word, f.word_bytes),
                    (1, 0, w0 as u64, 4)
                );
                assert!(matches!(f.reason, FaultReason::Decode(_)));
            }
            r => panic!("{w0:#010x}: {r:?}"),
        }
        assert_eq!(w2, w);
    }
    assert!(tested > 1000, "only {tested} undecodable words");
    // 64-bit words with reserved bits set
    let mut i = ins("sel");
    i.rd = 1;
    let word = encode_word(&i) | 1 << 60;
    let f = expect_fault_bytes(&word.to_le_bytes(), &busy_warp(1));
    assert_eq!((f.cause.code(), f.word, f.word_bytes), (1, word, 8));
}

fn expect_fault_bytes(bytes: &[u8], w: &Warp) -> warpkit_sim::Fault {
    let p = Program::new(bytes);
    let mut w2 = w.clone();
    let o = w2.run(&p, 10);
    assert_eq!(&w2, w);
    match o.status {
        RunStatus::Faulted(f) => f,
        s => panic!("{s:?}"),
    }
}

#[test]
fn misaligned_pairs_do_not_decode() {
    let mut i = mk("add64", 4, 6, 8, 0, 0);
    let good = encode_word(&i);
    assert!(decode(&(good as u32).to_le_bytes()).is_ok());
    for (slot, shift) in [("rd", 11), ("rs1", 18), ("rs2", 25)] {
        let bad = (good as u32) | 1 << shift; // make the register odd
        let f = expect_fault_bytes(&bad.to_le_bytes(), &busy_warp(3));
        assert_eq!(f.cause, FaultCause::IllegalInsn, "{slot}");
    }
    // a uniform pair too
    i = mk("uadd64", 2, 4, 6, 0, 0);
    let bad = encode_word(&i) as u32 | 1 << 14;
    assert_eq!(
        expect_fault_bytes(&bad.to_le_bytes(), &busy_warp(3)).cause,
        FaultCause::IllegalInsn
    );
}

#[test]
fn vgprs_limit() {
    let mut w = busy_warp(0);
    w.set_vgprs(10).unwrap();
    // v9 is the last allocated register
    let (_, o) = run(&[mk("add", 9, 8, 7, 0, 0)], &w, 10);
    assert_eq!(o.status, RunStatus::Exited);
    for i in [
        mk("add", 10, 1, 2, 0, 0),
        mk("add", 1, 10, 2, 0, 0),
        mk("add", 1, 2, 127, 0, 0),
    ] {
        let f = expect_fault(&[i], &w, 1);
        assert!(matches!(f.reason, FaultReason::VgprLimit { vgprs: 10, .. }));
    }
    // every register of a pair counts: v[8:9] fits, v[10:11] does not
    let (_, o) = run(&[mk("add64", 8, 8, 8, 0, 0)], &w, 10);
    assert_eq!(o.status, RunStatus::Exited);
    expect_fault(&[mk("mov64", 10, 8, 0, 0, 0)], &w, 1);
    expect_fault(&[mk("mad64.u32", 2, 1, 1, 10, 0)], &w, 1);
    // the fault comes after earlier instructions completed
    let (w2, o) = run(
        &[mk("uaddi", 1, 1, 0, 0, 5), mk("add", 12, 1, 1, 0, 0)],
        &w,
        10,
    );
    match o.status {
        RunStatus::Faulted(f) => assert_eq!((f.pc, o.steps), (4, 1)),
        s => panic!("{s:?}"),
    }
    assert_eq!(w2.uregs()[1], w.uregs()[1] + 5);
    assert_eq!(w2.pc(), 4);
}

#[test]
fn exec_zero_and_inactive_lanes() {
    let mut w = busy_warp(0);
    w.set_exec(0);
    let prog = [
        mk("add", 1, 2, 3, 0, 0),
        mk("movi", 4, 0, 0, 0, 9),
        mk("uaddi", 5, 5, 0, 0, 1),
    ];
    let (r, o) = run(&prog, &w, 10);
    assert_eq!((o.status, o.steps), (RunStatus::Exited, 3));
    assert_eq!(r.vregs(), w.vregs());
    assert_eq!(r.uregs()[5], w.uregs()[5] + 1);
}

#[test]
fn fetch_faults() {
    let prog = code(&[mk("uaddi", 1, 1, 0, 0, 1), mk("uaddi", 1, 1, 0, 0, 1)]);
    let p = Program::new(&prog);
    for (pc, reason) in [
        (2, FaultReason::Misaligned),
        (12, FaultReason::OutsideCode),
        (0xffff_fffc, FaultReason::OutsideCode),
        (9, FaultReason::Misaligned),
    ] {
        let mut w = Warp::new();
        w.set_pc(pc);
        let before = w.clone();
        match w.step(&p) {
            StepResult::Faulted(f) => {
                assert_eq!(
                    (f.cause, f.pc, f.reason),
                    (FaultCause::FetchFault, pc, reason)
                );
                assert_eq!(f.cause.code(), 2);
            }
            r => panic!("{r:?}"),
        }
        assert_eq!(w, before);
    }
    // PC == size: exited, nothing executed
    let mut w = Warp::new();
    w.set_pc(8);
    assert_eq!(w.step(&p), StepResult::Exited);
    let o = w.run(&p, 10);
    assert_eq!((o.status, o.steps), (RunStatus::Exited, 0));
    // empty program exits at once
    let mut w = Warp::new();
    assert_eq!(w.run(&Program::new(&[]), 5).status, RunStatus::Exited);
    // a jump outside: the jump retires, the fetch of its target faults
    let (w2, o) = run(&[mk("jmp", 0, 0, 0, 0, 16)], &Warp::new(), 10);
    match o.status {
        RunStatus::Faulted(f) => assert_eq!(
            (f.cause, f.pc, f.word, o.steps),
            (FaultCause::FetchFault, 16, 0, 1)
        ),
        s => panic!("{s:?}"),
    }
    assert_eq!(w2.pc(), 16);
    // a 64-bit instruction cut by the end of the code object
    let full = code(&[mk("uaddi", 1, 1, 0, 0, 1), mk("add.vl", 1, 1, 0, 0, 5)]);
    let cut = &full[..8];
    let p = Program::new(cut);
    let mut w = Warp::new();
    let o = w.run(&p, 10);
    match o.status {
        RunStatus::Faulted(f) => {
            assert_eq!(
                (f.cause, f.pc, f.reason, o.steps),
                (FaultCause::FetchFault, 4, FaultReason::Truncated, 1)
            );
            assert_eq!(
                (f.word, f.word_bytes),
                (
                    u32::from_le_bytes([cut[4], cut[5], cut[6], cut[7]]) as u64,
                    4
                )
            );
        }
        s => panic!("{s:?}"),
    }
    // code size not a multiple of 4: trailing bytes are a cut instruction
    let mut odd = code(&[mk("uaddi", 1, 1, 0, 0, 1)]);
    odd.extend_from_slice(&[0x02, 0x00]);
    let p = Program::new(&odd);
    let mut w = Warp::new();
    match w.run(&p, 10).status {
        RunStatus::Faulted(f) => {
            assert_eq!((f.cause, f.pc, f.word), (FaultCause::FetchFault, 4, 2))
        }
        s => panic!("{s:?}"),
    }
    // jr into the middle of nowhere
    let mut w = Warp::new();
    w.uregs_mut()[3] = 0x1000;
    let p = Program::new(&code(&[mk("jr", 0, 3, 0, 0, 0)]));
    match w.run(&p, 10).status {
        RunStatus::Faulted(f) => assert_eq!((f.cause, f.pc), (FaultCause::FetchFault, 0x1000)),
        s => panic!("{s:?}"),
    }
}

#[test]
fn falling_off_the_end_and_step_limit() {
    let prog = [mk("uaddi", 1, 1, 0, 0, 1), mk("uaddi", 1, 1, 0, 0, 1)];
    let (w, o) = run(&prog, &Warp::new(), 2);
    assert_eq!((o.status, o.steps, w.pc()), (RunStatus::Exited, 2, 8));
    let (_, o) = run(&prog, &Warp::new(), 1);
    assert_eq!((o.status, o.steps), (RunStatus::StepLimit, 1));
    // an infinite loop ends in step_limit
    let (w, o) = run(
        &[mk("uaddi", 1, 1, 0, 0, 1), mk("jmp", 0, 0, 0, 0, -4)],
        &Warp::new(),
        1001,
    );
    assert_eq!(
        (o.status, o.steps, w.uregs()[1]),
        (RunStatus::StepLimit, 1001, 501)
    );
    let (_, o) = run(&[mk("jmp", 0, 0, 0, 0, 0)], &Warp::new(), 0);
    assert_eq!((o.status, o.steps), (RunStatus::StepLimit, 0));
}

/// A branchy program whose result depends on the initial registers.
fn divergent_program() -> Vec<u8> {
    code(&[
        mk("laneid", 1, 0, 0, 0, 0),
        mk("add.vu", 1, 1, 0, 0, 0),         // v1 = lane + u0
        mk("cmp.lt.u32.vi", 2, 1, 0, 0, 20), // u2 = lanes with v1 < 20
        mk("saveexec.and", 3, 2, 0, 0, 0),   // u3 = old exec
        mk("mul", 4, 1, 1, 0, 0),            // then: v4 = v1 * v1
        mk("saveexec.andn1", 5, 3, 0, 0, 0), // else lanes
        mk("movi", 4, 0, 0, 0, -7),
        mk("exec.set", 0, 3, 0, 0, 0),
        mk("uaddi", 6, 6, 0, 0, 1),
        mk("usltu", 7, 6, 0, 0, 0),
        mk("bz", 0, 7, 0, 0, -40), // loop back to the start while u6 < u0
    ])
}

#[test]
fn multi_warp_matches_sequential() {
    let p = Program::new(&divergent_program());
    let warps: Vec<Warp> = (0..37)
        .map(|k| {
            let mut w = Warp::new();
            w.uregs_mut()[0] = k;
            w.set_exec(0xffff_ffff >> (k % 8));
            w
        })
        .collect();
    let par = run_warps(&p, warps.clone(), 10_000);
    let seq = run_warps_sequential(&p, warps, 10_000);
    assert_eq!(par.len(), 37);
    assert_eq!(par, seq);
    assert!(par.iter().any(|r| r.outcome.steps > 11));
    assert!(run_warps(&p, Vec::new(), 10).is_empty());
}

#[test]
fn commit_records_writes() {
    let prog = code(&[
        mk("movi", 4, 0, 0, 0, 5),
        mk("add64", 6, 4, 4, 0, 0),
        mk("cmp.eq.i32.vi", 9, 4, 0, 0, 5),
        mk("saveexec.and", 10, 9, 0, 0, 0),
        mk("jal", 11, 0, 0, 0, 8),
        mk("uaddi", 1, 1, 0, 0, 1),
        mk("movrel.d", 2, 4, 12, 0, 0),
        mk("bz", 0, 1, 0, 0, 4),
    ]);
    let p = Program::new(&prog);
    let mut w = Warp::new();
    w.set_exec(0xffff);
    w.uregs_mut()[12] = 1; // movrel.d writes v3
    let mut recs = Vec::new();
    let o = w.run_logged(&p, 100, &mut |c| {
        recs.push((
            c.step,
            c.pc,
            c.inst.desc().mnemonic,
            c.exec,
            c.writes().collect::<Vec<_>>(),
        ))
    });
    assert_eq!((o.status, o.steps), (RunStatus::Exited, 7));
    let lanes =
        |lo: u32, n: u32| -> [u32; 32] { std::array::from_fn(|l| if l < 16 { n } else { lo }) };
    let v = |reg: u8, value: [u32; 32]| RegWrite::V {
        reg,
        mask: 0xffff,
        value,
    };
    let u = |reg: u8, value: u32| RegWrite::U { reg, value };
    assert_eq!(recs[0].4, vec![v(4, lanes(0, 5))]);
    assert_eq!(recs[1].4, vec![v(6, lanes(0, 10)), v(7, lanes(0, 0))]);
    assert_eq!(recs[2].4, vec![u(9, 0xffff)]);
    // EXEC written but unchanged (0xffff & 0xffff): not recorded.
    assert_eq!(recs[3].4, vec![u(10, 0xffff)]);
    assert_eq!(recs[4].4, vec![u(11, 20), RegWrite::Pc(24)]);
    assert_eq!((recs[5].1, recs[5].2), (24, "movrel.d"));
    assert_eq!(recs[5].4, vec![v(3, lanes(0, 5))]);
    // bz taken, but its target is the next address: PC is recorded only when the flow jumps
    assert_eq!(recs[6].4, vec![]);
    assert!(recs
        .iter()
        .enumerate()
        .all(|(i, r)| r.0 == i as u64 && r.3 == 0xffff));
    // the logged run ends in the same state as the fast one
    let mut w2 = Warp::new();
    w2.set_exec(0xffff);
    w2.uregs_mut()[12] = 1;
    w2.run(&p, 100);
    assert_eq!(w, w2);
    // JSON line form
    let mut line = String::new();
    let mut w3 = Warp::new();
    w3.run_logged(
        &Program::new(&code(&[mk("saveexec.and", 10, 9, 0, 0, 0)])),
        1,
        &mut |c| line = c.to_json(3, "saveexec.and u10, u9"),
    );
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["warp"], 3);
    assert_eq!(v["step"], 0);
    assert_eq!(v["pc"], "0x00000000");
    assert_eq!(v["asm"], "saveexec.and u10, u9");
    assert_eq!(v["exec"], "0xffffffff");
    assert_eq!(v["writes"]["u10"], "0xffffffff");
    assert_eq!(v["writes"]["exec"], "0x00000000");
}

/// A jump into the second word of a 64-bit instruction executes whatever decodes there
/// (here the literal of `add.vl` is itself a `uaddi`), in `run` and step by step alike.
#[test]
fn jump_into_the_middle_of_a_64_bit_instruction() {
    let inner = encode_word(&mk("uaddi", 1, 1, 0, 0, 5)) as u32;
    let prog = code(&[
        mk("jmp", 0, 0, 0, 0, 8),
        mk("add.vl", 2, 2, 0, 0, inner as i32),
        mk("uaddi", 3, 3, 0, 0, 1),
    ]);
    let p = Program::new(&prog);
    let mut w = Warp::new();
    let o = w.run(&p, 100);
    assert_eq!((o.status, o.steps), (RunStatus::Exited, 3));
    assert_eq!((w.uregs()[1], w.uregs()[3], w.vregs()[2][0]), (5, 1, 0));
    let mut w2 = Warp::new();
    while w2.step(&p) == StepResult::Running {}
    assert_eq!(w2, w);
    // Limits that stop inside straight-line code stop exactly there.
    for max in 0..4 {
        let mut w3 = Warp::new();
        let o = w3.run(&p, max);
        assert_eq!((o.steps, w3.steps()), (max.min(3), max.min(3)));
        let mut w4 = Warp::new();
        for _ in 0..max {
            w4.step(&p);
        }
        assert_eq!(w3, w4, "max {max}");
    }
}
