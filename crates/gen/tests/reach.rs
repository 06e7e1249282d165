//! The bins `warpkit_cover::reach` excludes are unreachable on the simulator itself: every
//! variant with an excluded bin is evaluated, through the reference collector, on operands
//! drawn from the generator's integer, binary32 and binary16 corners and random bits (each
//! lane its own), with random EXEC masks, every MODE, every `rm` value and random
//! modifiers and immediates; an excluded bin that is hit fails the test with its rule. So
//! an instruction whose semantics changes cannot keep an exclusion that no longer holds.

use warpkit_cover::model::{Model, NONE};
use warpkit_cover::reach::{Reach, RULES};
use warpkit_cover::Counts;
use warpkit_encoding::{encode, Inst};
use warpkit_gen::rng::Rng;
use warpkit_gen::values::{exec_mask, f32_bits, field, value32, F16_CORNERS, F32_CORNERS};
use warpkit_isa::{InsnDesc, OpType, RegFile, Slot, INSNS};
use warpkit_sim::state::Launch;
use warpkit_sim::{Mode, Warp};

/// A lane value: integer or binary32 corners, binary16 pairs, random bits.
fn lane_value(rng: &mut Rng) -> u32 {
    match rng.below(5) {
        0 => value32(rng),
        1 => *rng.pick(F32_CORNERS),
        2 => f32_bits(rng),
        3 => {
            let a = *rng.pick(F16_CORNERS) as u32;
            let b = *rng.pick(F16_CORNERS) as u32;
            a << 16 | b
        }
        _ => rng.u32(),
    }
}

/// `d` with registers fixed apart from each other (rd low, sources spread, groups aligned)
/// and random immediates, rounding fields and modifiers.
fn instruction(d: &InsnDesc, rng: &mut Rng) -> Inst {
    let mut inst = Inst::new(d.id);
    for o in d.operands {
        let base = match o.slot {
            Slot::Rd => 0,
            Slot::Rs1 => 8,
            Slot::Rs2 => 16,
            Slot::Rs3 => 24,
            _ => 0,
        };
        let v: i64 = match o.ty.reg() {
            Some((RegFile::H, ..)) => 2 * base + rng.below(2) as i64,
            Some((RegFile::U, ..)) => base / 2 + 2,
            Some(_) => base,
            None => match o.ty {
                OpType::Rm => *rng.pick(&[0i64, 1, 2, 3, 4, 7]),
                OpType::Mod3 => (rng.below(8) as u8 & d.source_mask()) as i64,
                OpType::Dim => rng.below(10) as i64,
                OpType::K32 => lane_value(rng) as i64,
                t if t.is_pc_relative() => (rng.below(64) as i64 - 32) & !3,
                t => field(rng, o.width, t.is_signed()),
            },
        };
        inst.set(o.slot, v);
    }
    inst
}

#[test]
fn excluded_bins_are_never_hit_on_the_simulator() {
    let m = Model::get();
    let reach = Reach::get();
    assert!(reach.excluded() > 0);
    let mut excluded_of: Vec<Vec<usize>> = vec![Vec::new(); INSNS.len()];
    for (i, b) in m.bins.iter().enumerate() {
        if reach.is_excluded(i) {
            let id = b.variant.expect("only per-variant bins are excluded");
            excluded_of[id.0 as usize].push(i);
        }
    }
    let mut checked = 0;
    let mut per_rule = vec![0usize; RULES.len()];
    let mut wrong = Vec::new();
    for d in INSNS.iter() {
        let bins = &excluded_of[d.id.0 as usize];
        if bins.is_empty() {
            continue;
        }
        let vb = m.variants[d.id.0 as usize].as_ref().unwrap();
        let mut rng = Rng::new(33, d.id.0 as u64);
        let mut c = Counts::default();
        for _ in 0..64 {
            let code = encode(&instruction(d, &mut rng));
            let mut warps = Vec::new();
            for _ in 0..8 {
                let mut w = Warp::new();
                for r in w.vregs_mut().iter_mut().take(32) {
                    for lane in r.iter_mut() {
                        *lane = lane_value(&mut rng);
                    }
                }
                for u in w.uregs_mut().iter_mut().take(32) {
                    *u = if rng.chance(1, 2) {
                        exec_mask(&mut rng)
                    } else {
                        lane_value(&mut rng)
                    };
                }
                w.set_exec(exec_mask(&mut rng));
                let mode = rng.below(5) as u8;
                let mode16 = rng.below(5) as u8;
                w.set_mode(Mode {
                    rm: mode,
                    rm16: mode16,
                })
                .unwrap();
                warps.push(w);
            }
            let status = vec![None; warps.len()];
            c.run_reference(
                &code,
                Launch {
                    code_base: 0,
                    warps,
                    status,
                },
                1,
            );
        }
        assert!(
            vb.executed != NONE && c.bins[vb.executed as usize] > 0,
            "{} never executed",
            d.mnemonic
        );
        checked += 1;
        for &b in bins {
            let rule = reach.rule(b).unwrap();
            per_rule[RULES.iter().position(|r| r == rule).unwrap()] += 1;
            if c.bins[b] > 0 {
                wrong.push(format!(
                    "{} hit {} times, excluded by {}",
                    m.bins[b].name, c.bins[b], rule.name
                ));
            }
        }
    }
    for (r, n) in RULES.iter().zip(&per_rule) {
        println!("{:<16} {n} bins", r.name);
    }
    assert!(wrong.is_empty(), "wrong exclusions:\n{}", wrong.join("\n"));
    // Every rule excludes something in the current database (a rule that never fires is
    // dead code or a broken pattern).
    for (r, n) in RULES.iter().zip(&per_rule) {
        assert!(*n > 0, "rule {} excludes nothing", r.name);
    }
    assert!(checked > 100, "only {checked} variants checked");
}
