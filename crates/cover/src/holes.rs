//! The holes of a database, per variant, in the terms a generator acts on: which variants
//! never ran, which value classes a source never saw, which rounding modes, flags,
//! modifiers, EXEC shapes and branch outcomes are missing. Bins unreachable by
//! construction ([`crate::reach`]) are not holes.

use crate::class::ValueKind;
use crate::db::Db;
use crate::model::{Model, NONE};
use crate::reach::Reach;
use warpkit_isa::{InsnId, Slot};

/// The holes of one variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantHoles {
    pub id: InsnId,
    pub executed: bool,
    /// EXEC classes (index into `EXEC_CLASSES`) never seen before it.
    pub exec: Vec<usize>,
    /// (source slot, its kind, class index) never seen.
    pub values: Vec<(Slot, ValueKind, usize)>,
    /// Result classes (index into the result kind's classes) never produced.
    pub result: Vec<usize>,
    /// Explicit `rm` values 0..=4 never used.
    pub round_explicit: Vec<u8>,
    /// MODE values 0..=4 never applied through `dyn`.
    pub round_mode: Vec<u8>,
    /// MODE.rm16 (true) or MODE.rm is what `dyn` uses.
    pub round16: bool,
    /// FFLAGS bits never raised.
    pub fflags: u8,
    /// neg / abs bits (rs1 = bit 0) never used; sat never used.
    pub neg: u8,
    pub abs: u8,
    pub sat: bool,
    pub taken: bool,
    pub not_taken: bool,
    pub divergent: bool,
    pub uniform: bool,
    /// EXEC classes after an EXEC write never seen.
    pub exec_write: Vec<usize>,
    /// Bins of this variant missing, all groups.
    pub missing: usize,
}

/// Every modelled variant with at least one hole, in id order.
pub fn holes(db: &Db) -> Vec<VariantHoles> {
    let m = Model::get();
    let reach = Reach::get();
    let c = db.dense();
    // A bin no execution can hit is not a hole to aim at.
    let zero = |b: u32| b != NONE && c[b as usize] == 0 && !reach.is_excluded(b as usize);
    let mut missing = vec![0usize; m.variants.len()];
    for (i, (b, n)) in m.bins.iter().zip(&c).enumerate() {
        if let (Some(id), 0, false) = (b.variant, *n, reach.is_excluded(i)) {
            missing[id.0 as usize] += 1;
        }
    }
    let mut out = Vec::new();
    for (i, vb) in m.variants.iter().enumerate() {
        let Some(vb) = vb else { continue };
        let mut h = VariantHoles {
            id: InsnId(i as u16),
            executed: !zero(vb.executed),
            round16: vb.round16,
            ..Default::default()
        };
        if vb.exec != NONE {
            h.exec = (0..4).filter(|k| zero(vb.exec + *k as u32)).collect();
        }
        for op in &vb.sources {
            for k in 0..op.kind.classes().len() {
                if zero(op.bins + k as u32) {
                    h.values.push((op.slot, op.kind, k));
                }
            }
        }
        if let Some(r) = &vb.result {
            h.result = (0..r.kind.classes().len())
                .filter(|k| zero(r.bins + *k as u32))
                .collect();
        }
        for k in 0..5u8 {
            if vb.round_explicit != NONE && zero(vb.round_explicit + k as u32) {
                h.round_explicit.push(k);
            }
            if vb.round_mode != NONE && zero(vb.round_mode + k as u32) {
                h.round_mode.push(k);
            }
            if vb.fflags != NONE && zero(vb.fflags + k as u32) {
                h.fflags |= 1 << k;
            }
        }
        for k in 0..3 {
            if zero(vb.neg[k]) {
                h.neg |= 1 << k;
            }
            if zero(vb.abs[k]) {
                h.abs |= 1 << k;
            }
        }
        h.sat = zero(vb.sat);
        if vb.branch != NONE {
            h.taken = zero(vb.branch);
            h.not_taken = zero(vb.branch + 1);
        }
        if vb.divergence != NONE {
            h.uniform = zero(vb.divergence);
            h.divergent = zero(vb.divergence + 1);
        }
        if vb.exec_write != NONE {
            h.exec_write = (0..4).filter(|k| zero(vb.exec_write + *k as u32)).collect();
        }
        h.missing = missing[i];
        if h.missing > 0 {
            out.push(h);
        }
    }
    out
}
