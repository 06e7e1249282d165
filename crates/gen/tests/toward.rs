//! Coverage-directed generation closes coverage: from 100 random programs, three rounds of
//! 100 programs generated `--toward` the merged database raise total coverage every round
//! and reach every reachable bin of the variant, round (mode) and fflags groups. Which
//! FFLAGS bins are reachable is found by a probe: every variant that may raise flags,
//! executed on the cross product of the generator's corner values in every rounding mode.

mod common;

use std::sync::Arc;
use warpkit_asm::assemble;
use warpkit_cover::model::{Group, Model, FFLAG_NAMES, NONE};
use warpkit_cover::{report, Counts, Db};
use warpkit_encoding::{encode, Inst};
use warpkit_gen::toward::Toward;
use warpkit_gen::values::{F16_CORNERS, F32_CORNERS, INT_CORNERS};
use warpkit_gen::{GenConfig, Generator};
use warpkit_isa::{OpType, RegFile, Slot, StateLoc, INSNS};
use warpkit_sim::state::parse_state;
use warpkit_sim::{Mode, Program, RunStatus, StepResult, Warp};

/// Generate `count` programs of `seed`, check each exits within its bound, count them.
fn round(seed: u64, count: u64, toward: Option<&Db>) -> Db {
    let cfg = GenConfig {
        toward: toward
            .map(|db| Arc::new(Toward::new(db).unwrap()) as Arc<dyn warpkit_gen::program::Aim>),
        ..GenConfig::default()
    };
    let mut g = Generator::new(cfg).unwrap();
    let mut c = Counts::default();
    for i in 0..count {
        let p = g.generate(seed, i);
        let code = assemble(&p.text, &Default::default())
            .unwrap_or_else(|d| panic!("program {i} does not assemble: {d:?}\n{}", p.text))
            .code;
        let st = c.run(&code, parse_state(&p.state).unwrap(), p.step_bound + 1);
        for s in st {
            assert_eq!(s, RunStatus::Exited, "seed {seed} program {i}\n{}", p.text);
        }
    }
    Db::from_counts(&c)
}

/// The FFLAGS bits each variant raises on some corner input (bit set by variant id).
fn probe_flags() -> Vec<u8> {
    let v32: Vec<u32> = F32_CORNERS
        .iter()
        .chain(INT_CORNERS)
        .copied()
        .chain(F16_CORNERS.iter().map(|&h| (h as u32) << 16 | h as u32))
        .chain(
            F16_CORNERS
                .iter()
                .zip(F16_CORNERS.iter().rev())
                .map(|(&a, &b)| (a as u32) << 16 | b as u32),
        )
        .collect();
    let v16: Vec<u32> = F16_CORNERS
        .iter()
        .map(|&h| h as u32 * 0x1_0001)
        .chain(INT_CORNERS.iter().map(|&x| (x & 0xffff) * 0x1_0001))
        .collect();
    let m = Model::get();
    let mut out = vec![0u8; INSNS.len()];
    for d in INSNS.iter() {
        let Some(vb) = &m.variants[d.id.0 as usize] else {
            continue;
        };
        if vb.fflags == NONE {
            continue;
        }
        // rd v0 (or v0.l), sources v1..v3 (halves v1.l ...), uniform sources u1, u2.
        let mut inst = Inst::new(d.id);
        let mut srcs: Vec<(RegFile, u8)> = Vec::new();
        for (slot, n) in [
            (Slot::Rd, 0u8),
            (Slot::Rs1, 1),
            (Slot::Rs2, 2),
            (Slot::Rs3, 3),
        ] {
            let Some(o) = d.operand(slot) else { continue };
            let Some((file, ..)) = o.ty.reg() else {
                continue;
            };
            let r = match file {
                RegFile::H => 2 * n,
                RegFile::U => n.max(1) * 2,
                RegFile::V => 2 * n,
            };
            inst.set(slot, r as i64);
            if d.reads.contains(&StateLoc::Op(slot)) {
                srcs.push((file, r));
            }
        }
        let rms: Vec<u8> = if d.operand(Slot::Rm).is_some() {
            (0..5).collect()
        } else {
            vec![7]
        };
        // A 32-bit literal source takes each corner value in turn.
        let imms: Vec<Option<u32>> = match d.operand(Slot::Imm) {
            Some(o) if o.ty == OpType::K32 => v32.iter().map(|&x| Some(x)).collect(),
            _ => vec![None],
        };
        let mut raised = 0u8;
        // Lanes carry the vector sources' combinations; uniform sources vary per step.
        let lists: Vec<&[u32]> = srcs
            .iter()
            .map(|(f, _)| if *f == RegFile::H { &v16[..] } else { &v32[..] })
            .collect();
        let total: usize = lists.iter().map(|l| l.len()).product();
        for imm in &imms {
            for &rm in &rms {
                let mut i = inst;
                i.rm = rm;
                if let Some(x) = imm {
                    i.set(Slot::Imm, *x as i64);
                }
                let p = Program::new(&encode(&i));
                for mode in 0..5u8 {
                    if rm != 7 && mode > 0 {
                        break;
                    }
                    let mut w = Warp::new();
                    w.set_mode(Mode {
                        rm: mode,
                        rm16: mode,
                    })
                    .unwrap();
                    let mut k = 0usize;
                    while k < total {
                        for lane in 0..32 {
                            let mut idx = (k + lane) % total;
                            for ((f, r), l) in srcs.iter().zip(&lists) {
                                let x = l[idx % l.len()];
                                idx /= l.len();
                                match f {
                                    RegFile::U => w.uregs_mut()[*r as usize] = x,
                                    RegFile::H => w.vregs_mut()[*r as usize >> 1][lane] = x,
                                    RegFile::V => w.vregs_mut()[*r as usize][lane] = x,
                                }
                            }
                        }
                        // A uniform source takes one value per step: step through them.
                        k += if srcs.iter().any(|s| s.0 == RegFile::U) {
                            1
                        } else {
                            32
                        };
                        w.set_pc(0);
                        w.set_fflags(0).unwrap();
                        assert_eq!(w.step(&p), StepResult::Running, "{}", d.mnemonic);
                        raised |= w.fflags();
                    }
                }
            }
        }
        out[d.id.0 as usize] = raised;
    }
    out
}

#[test]
fn three_rounds_toward_close_variant_mode_and_flag_coverage() {
    let m = Model::get();
    let reachable = probe_flags();
    let mut db = round(1, 100, None);
    let mut totals = vec![report::summarize(&db).total];
    for r in 1..=3 {
        let next = round(100 + r, 100, Some(&db));
        db.merge(&next);
        totals.push(report::summarize(&db).total);
    }
    for (r, t) in totals.iter().enumerate() {
        println!(
            "round {r}: {} of {} bins ({:.2}%)",
            t.hit,
            t.total,
            t.percent()
        );
    }
    for w in totals.windows(2) {
        assert!(w[1].hit > w[0].hit, "a round added no bin: {totals:?}");
    }
    let mut missing = Vec::new();
    let mut unreachable = Vec::new();
    for b in &m.bins {
        let hit = db.count(&b.name) > 0;
        match b.group {
            Group::Variant | Group::Round if !hit => missing.push(b.name.clone()),
            Group::Fflags => {
                let id = b.variant.unwrap();
                let flag = FFLAG_NAMES
                    .iter()
                    .position(|f| b.name.ends_with(&format!("/{f}")))
                    .unwrap();
                if reachable[id.0 as usize] >> flag & 1 == 1 {
                    if !hit {
                        missing.push(b.name.clone());
                    }
                } else {
                    assert!(!hit, "{} was hit but the probe never raised it", b.name);
                    unreachable.push(b.name.clone());
                }
            }
            _ => {}
        }
    }
    println!(
        "fflags bins the probe never raises ({}):",
        unreachable.len()
    );
    for u in &unreachable {
        println!("  {u}");
    }
    assert!(
        missing.is_empty(),
        "reachable bins not reached: {missing:#?}"
    );
}
