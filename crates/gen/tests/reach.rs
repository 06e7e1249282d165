//! The bins `warpkit_cover::reach` excludes are unreachable on the simulator itself: every
//! variant with an excluded bin is evaluated, through the reference collector, on operands
//! drawn from the generator's integer, binary32 and binary16 corners and random bits (each
//! lane its own; `warpkit_gen::solve`'s instructions and values), with random EXEC masks, every MODE, every `rm` value and random
//! modifiers and immediates; an excluded bin that is hit fails the test with its rule. So
//! an instruction whose semantics changes cannot keep an exclusion that no longer holds.

mod common;

use warpkit_cover::model::{Model, NONE};
use warpkit_cover::reach::{Reach, RULES};
use warpkit_cover::Counts;
use warpkit_encoding::encode;
use warpkit_gen::rng::Rng;
use warpkit_gen::solve::{canonical, lane_value, sources};
use warpkit_gen::values::exec_mask;
use warpkit_isa::{RegFile, INSNS};
use warpkit_sim::state::Launch;
use warpkit_sim::{Mode, Warp};

#[test]
fn excluded_bins_are_never_hit_on_the_simulator() {
    let m = Model::get();
    let reach = Reach::get();
    assert!(reach.excluded() > 0);
    let excluded_of = excluded_of();
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
            let code = encode(&canonical(d, &mut rng));
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

/// The excluded bins of each variant (model bin indices), by variant id.
fn excluded_of() -> Vec<Vec<usize>> {
    let m = Model::get();
    let reach = Reach::get();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); INSNS.len()];
    for (i, b) in m.bins.iter().enumerate() {
        if reach.is_excluded(i) {
            let id = b.variant.expect("only per-variant bins are excluded");
            out[id.0 as usize].push(i);
        }
    }
    out
}

/// Variants with excluded bins whose register sources are vector registers or halves of
/// them, run on every 16-bit value in both halves of every source (`v | v << 16`, lane by
/// lane) in every MODE: an exhaustive check of the 16-bit operations (conversions from
/// binary16 and the like) and of the pair and product corners of the others.
#[test]
fn excluded_bins_are_never_hit_on_every_16_bit_operand() {
    let m = Model::get();
    let reach = Reach::get();
    let excluded = excluded_of();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for d in INSNS.iter() {
        let bins = &excluded[d.id.0 as usize];
        if bins.is_empty() {
            continue;
        }
        let mut rng = Rng::new(34, d.id.0 as u64);
        let inst = canonical(d, &mut rng);
        let srcs = sources(d, &inst);
        if srcs.is_empty() || srcs.iter().any(|s| s.1 == RegFile::U) {
            continue;
        }
        let code = encode(&inst);
        let mut c = Counts::default();
        for chunk in 0..(65536 / 32 / 256) {
            let mut warps = Vec::new();
            for k in 0..256u32 {
                let mut w = Warp::new();
                let base = (chunk * 256 + k) * 32;
                for r in w.vregs_mut().iter_mut().take(32) {
                    for (lane, x) in r.iter_mut().enumerate() {
                        let v = base + lane as u32;
                        *x = v | v << 16;
                    }
                }
                w.set_exec(u32::MAX);
                let mode = (k % 5) as u8;
                w.set_mode(Mode {
                    rm: mode,
                    rm16: mode,
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
        checked += 1;
        for &b in bins {
            if c.bins[b] > 0 {
                wrong.push(format!(
                    "{} hit {} times, excluded by {}",
                    m.bins[b].name,
                    c.bins[b],
                    reach.rule(b).unwrap().name
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "wrong exclusions:\n{}", wrong.join("\n"));
    assert!(checked > 50, "only {checked} variants checked");
}

/// Result classes once left as "value constraint not solved": the impossible ones are
/// excluded by the rule that proves it, and the search finds operands for the others.
#[test]
fn unsolved_classes_are_excluded_or_solved() {
    let m = Model::get();
    let reach = Reach::get();
    let excluded = [
        ("mulh/int_min", "product-range"),
        ("mulhsu/int_max", "product-range"),
        ("mulhu/minus_one", "product-range"),
        ("umulhu/minus_one", "product-range"),
        ("mulwu/int_min", "product-range"),
        ("mulw/int_max", "product-range"),
        ("abs/minus_one", "absolute-value"),
        ("min.vi/int_max", "bounded-result"),
        ("max.vi/int_min", "bounded-result"),
        ("pkcvt.snorm16.f32/int_min", "bounded-result"),
        ("pkcvt.f16.f32/+inf", "canonical-nan"),
        ("pkcvt.f16.f32/snan", "canonical-nan"),
        ("fcvt.f32.f16.lo/+inf", "exact-widening"),
        ("fsat.f32/-zero", "unit-range"),
    ];
    for (bin, rule) in excluded {
        let b = m.index(&format!("result/{bin}")).unwrap();
        assert_eq!(reach.rule(b).map(|r| r.name), Some(rule), "{bin}");
    }
    let reachable = [
        "mulwu/int_max",
        "umulhsu/int_min",
        "addsx64/int_max",
        "uadd64.l/int_max",
        "uand.l/minus_one",
        "rev8/int_max",
        "ubfe.i32/int_max",
        "pkmul.i16/minus_one",
        "pkcvt.snorm16.f32/int_max",
        "fcvt.i32.f32/-inf",
        "fcvt.u32.f32.m/-subnormal",
        "fcvt.u16.f16/snan",
    ];
    for bin in reachable {
        let b = m.index(&format!("result/{bin}")).unwrap();
        assert!(!reach.is_excluded(b), "{bin}");
        let (mn, class) = bin.rsplit_once('/').unwrap();
        let id = warpkit_isa::lookup(mn).unwrap();
        let res = m.variants[id.0 as usize].as_ref().unwrap().result.unwrap();
        let k = res.kind.classes().iter().position(|c| *c == class).unwrap();
        let mut rng = Rng::new(0x5017e, id.0 as u64);
        let found = warpkit_gen::solve::solve(id.desc(), Some(&res), 1 << k, 0, &mut rng);
        assert_eq!(found.first().map(|f| f.0), Some(k), "{bin}: no witness");
    }
}
