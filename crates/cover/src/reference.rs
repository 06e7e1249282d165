//! The reference collector: the straightforward reading of the model, kept as the oracle
//! the fast collector ([`crate::collect`]) is tested against (databases byte for byte).
//! It steps warps one instruction at a time and, at every step, classes every active lane
//! of every source (read from the warp before the step) and of the result (after it), and
//! searches the last three instructions' writes for hazards.

use crate::class::ValueKind;
use crate::counts::Counts;
use crate::model::{CoverOperand, Model, VariantBins, HAZARD_DISTANCE, NONE};
use warpkit_encoding::Inst;
use warpkit_isa::{Flags, RegFile, Slot, StateLoc};
use warpkit_sim::state::Launch;
use warpkit_sim::{FaultReason, Program, RunStatus, StepResult, Warp};

/// A register range an instruction reads or writes (halves: the 16-bit half of one
/// vector register).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RegRange {
    pub(crate) uniform: bool,
    pub(crate) first: u8,
    pub(crate) count: u8,
    pub(crate) half: Option<u8>,
}

impl RegRange {
    pub(crate) fn of(inst: &Inst, slot: Slot) -> Option<RegRange> {
        let d = inst.desc();
        let ext = (*d.reg_slots.get(slot as usize)?)?;
        let r = match slot {
            Slot::Rd => inst.rd,
            Slot::Rs1 => inst.rs1,
            Slot::Rs2 => inst.rs2,
            Slot::Rs3 => inst.rs3,
            _ => return None,
        };
        Some(match ext.file {
            RegFile::V => RegRange {
                uniform: false,
                first: r,
                count: ext.count,
                half: None,
            },
            RegFile::U => RegRange {
                uniform: true,
                first: r,
                count: ext.count,
                half: None,
            },
            RegFile::H => RegRange {
                uniform: false,
                first: r >> 1,
                count: 1,
                half: Some(r & 1),
            },
        })
    }

    fn overlaps(&self, o: &RegRange) -> bool {
        self.uniform == o.uniform
            && (self.first as u16) < o.first as u16 + o.count as u16
            && (o.first as u16) < self.first as u16 + self.count as u16
    }
}

pub(crate) const MAX_READS: usize = 4;
pub(crate) const MAX_WRITES: usize = 2;

/// What the collector needs of the instruction at one PC, worked out once.
pub(crate) struct Site {
    pub(crate) inst: Inst,
    size: u32,
    pub(crate) reads: [Option<RegRange>; MAX_READS],
    pub(crate) writes: [Option<RegRange>; MAX_WRITES],
}

impl Site {
    pub(crate) fn new(inst: Inst) -> Site {
        let d = inst.desc();
        let mut reads = [None; MAX_READS];
        let mut writes = [None; MAX_WRITES];
        let ops = |locs: &[StateLoc]| {
            locs.iter()
                .filter_map(|l| match l {
                    StateLoc::Op(s) => RegRange::of(&inst, *s),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        for (dst, a) in reads.iter_mut().zip(ops(d.reads)) {
            *dst = Some(a);
        }
        for (dst, a) in writes.iter_mut().zip(ops(d.writes)) {
            *dst = Some(a);
        }
        Site {
            inst,
            size: inst.size() as u32,
            reads,
            writes,
        }
    }
}

/// A warp's recent past: the registers the last instructions wrote, and the links of the
/// calls not yet returned from.
#[derive(Default)]
struct History {
    /// `recent[k]`: the writes of the instruction k + 1 back.
    recent: [[Option<RegRange>; MAX_WRITES]; HAZARD_DISTANCE],
    links: Vec<u32>,
}

/// Calls deeper than this forget their oldest links (memory stays bounded).
const MAX_LINKS: usize = 256;

/// A call with return address `link`: pushed on `links` (the innermost last; the oldest
/// forgotten beyond [`MAX_LINKS`]).
pub(crate) fn push_link(links: &mut Vec<u32>, link: u32) {
    if links.len() == MAX_LINKS {
        links.remove(0);
    }
    links.push(link);
}

/// Whether going on at `next` returns from the innermost call (its link then popped).
pub(crate) fn returns(links: &mut Vec<u32>, next: u32) -> bool {
    let r = links.last() == Some(&next);
    if r {
        links.pop();
    }
    r
}

pub(crate) fn exec_class(x: u32) -> usize {
    match x {
        u32::MAX => 0,
        0 => 1,
        _ if x.is_power_of_two() => 2,
        _ => 3,
    }
}

/// The value classes (bit set) of an operand over the lanes of `lanes`.
#[inline]
pub(crate) fn classes(w: &Warp, op: &CoverOperand, a: &RegRange, lanes: u32) -> u16 {
    let kind = op.kind;
    if a.uniform {
        let u = w.uregs();
        let lo = u.get(a.first as usize).copied().unwrap_or(0) as u64;
        let x = if kind == ValueKind::Int64 {
            lo | (u.get(a.first as usize + 1).copied().unwrap_or(0) as u64) << 32
        } else {
            lo
        };
        return kind.class_bits(x);
    }
    let v = w.vregs();
    let Some(r0) = v.get(a.first as usize) else {
        return 0;
    };
    match (a.half, kind) {
        (Some(h), _) => {
            let sh = 16 * h as u32;
            kind.lanes_bits(&r0.map(|x| (x >> sh) & 0xffff), lanes)
        }
        (None, ValueKind::Int64) => {
            let Some(r1) = v.get(a.first as usize + 1) else {
                return 0;
            };
            let mut bits = 0u16;
            let mut m = lanes;
            while m != 0 {
                let l = m.trailing_zeros() as usize;
                m &= m - 1;
                bits |= kind.class_bits(r0[l] as u64 | (r1[l] as u64) << 32);
            }
            bits
        }
        (None, _) => kind.lanes_bits(r0, lanes),
    }
}

#[inline(always)]
pub(crate) fn add_classes(counts: &mut [u64], first: u32, bits: u16) {
    let mut b = bits;
    while b != 0 {
        let k = b.trailing_zeros();
        b &= b - 1;
        counts[(first + k) as usize] += 1;
    }
}

fn hit(counts: &mut [u64], bin: u32) {
    if bin != NONE {
        counts[bin as usize] += 1;
    }
}

pub(crate) fn fault_bin(reason: &FaultReason) -> Option<u32> {
    Some(match reason {
        FaultReason::Decode(_) => 0,
        FaultReason::Unsupported(_) => 1,
        FaultReason::VgprLimit { .. } => 2,
        FaultReason::OutsideCode => 3,
        FaultReason::Misaligned => 4,
        FaultReason::Truncated => 5,
        // Variants without semantics are outside the model; a fault read from a state
        // file happened in an earlier run.
        FaultReason::NotImplemented(_) | FaultReason::FromState => return None,
    })
}

impl Counts {
    /// [`Counts::run`] by the reference collector: the same counts, found the slow and
    /// simple way.
    pub fn run_reference(&mut self, code: &[u8], launch: Launch, max_steps: u64) -> Vec<RunStatus> {
        let model = Model::get();
        let p = Program::new(code);
        let mut sites: Vec<Option<Site>> = Vec::new();
        sites.resize_with(code.len() / 4 + 1, || None);
        self.programs += 1;
        let status = launch.status.into_iter().chain(std::iter::repeat(None));
        let mut out = Vec::with_capacity(launch.warps.len());
        for (mut w, st) in launch.warps.into_iter().zip(status) {
            if let Some(s @ (RunStatus::Exited | RunStatus::Faulted(_))) = st {
                out.push(s);
                continue;
            }
            out.push(self.run_warp_reference(model, &p, &mut sites, &mut w, max_steps));
        }
        out
    }

    fn run_warp_reference(
        &mut self,
        model: &Model,
        p: &Program,
        sites: &mut [Option<Site>],
        w: &mut Warp,
        max_steps: u64,
    ) -> RunStatus {
        let mut h = History::default();
        let counts = &mut self.bins[..];
        let mut retired = 0u64;
        let status = loop {
            if w.steps() >= max_steps {
                break if w.pc() as usize == p.len() {
                    RunStatus::Exited
                } else {
                    RunStatus::StepLimit
                };
            }
            let pc = w.pc();
            let slot = (pc & 3 == 0)
                .then(|| sites.get_mut((pc >> 2) as usize))
                .flatten();
            let site = match slot {
                Some(s) => {
                    if s.is_none() {
                        *s = p.inst_at(pc).map(Site::new);
                    }
                    s.as_ref()
                }
                None => None,
            };
            let vb = site.and_then(|s| model.variants[s.inst.id.0 as usize].as_ref());
            let (Some(site), Some(vb)) = (site, vb) else {
                // Not an instruction of the model: it faults (or is outside the model).
                match w.step(p) {
                    StepResult::Running => {
                        retired += 1;
                        h.recent.rotate_right(1);
                        h.recent[0] = [None; MAX_WRITES];
                        continue;
                    }
                    StepResult::Exited => break RunStatus::Exited,
                    StepResult::Faulted(f) => {
                        if let Some(k) = fault_bin(&f.reason) {
                            counts[(model.fault + k) as usize] += 1;
                        }
                        break RunStatus::Faulted(f);
                    }
                }
            };
            let exec = w.exec();
            let per_lane = !site.inst.desc().flags.has(Flags::EI);
            let lanes = if per_lane { exec } else { u32::MAX };
            let mut src = [0u16; MAX_READS];
            for (k, op) in vb.sources.iter().enumerate().take(MAX_READS) {
                if let Some(a) = RegRange::of(&site.inst, op.slot) {
                    src[k] = classes(w, op, &a, lanes);
                }
            }
            let old_fflags = w.fflags();
            if vb.fflags != NONE {
                // Start from no flags so the flags this instruction raises can be seen
                // (FFLAGS is sticky); restored below.
                let _ = w.set_fflags(0);
            }
            let divergent_mask = w.uregs()[site.inst.rs1 as usize & 63] & exec;
            let r = w.step(p);
            let raised = w.fflags();
            if vb.fflags != NONE {
                let _ = w.set_fflags(old_fflags | raised);
            }
            match r {
                StepResult::Running => {}
                StepResult::Exited => break RunStatus::Exited,
                StepResult::Faulted(f) => {
                    if let Some(k) = fault_bin(&f.reason) {
                        counts[(model.fault + k) as usize] += 1;
                    }
                    break RunStatus::Faulted(f);
                }
            }
            retired += 1;
            record(
                counts,
                vb,
                site,
                w,
                &mut h,
                exec,
                lanes,
                &src,
                raised,
                divergent_mask,
                pc,
            );
        };
        self.instructions += retired;
        status
    }
}

#[allow(clippy::too_many_arguments)]
fn record(
    counts: &mut [u64],
    vb: &VariantBins,
    site: &Site,
    w: &Warp,
    h: &mut History,
    exec: u32,
    lanes: u32,
    src: &[u16; MAX_READS],
    raised: u8,
    divergent_mask: u32,
    pc: u32,
) {
    let model = Model::get();
    let inst = &site.inst;
    counts[vb.executed as usize] += 1;
    if vb.exec != NONE {
        counts[(vb.exec as usize) + exec_class(exec)] += 1;
    }
    for (op, bits) in vb.sources.iter().zip(src) {
        add_classes(counts, op.bins, *bits);
    }
    if let Some(op) = &vb.result {
        if let Some(a) = RegRange::of(inst, Slot::Rd) {
            add_classes(counts, op.bins, classes(w, op, &a, lanes));
        }
    }
    if vb.round_explicit != NONE && inst.rm < 5 {
        counts[(vb.round_explicit + inst.rm as u32) as usize] += 1;
    } else if vb.round_mode != NONE {
        let m = w.mode();
        let rm = if vb.round16 { m.rm16 } else { m.rm };
        if rm < 5 {
            counts[(vb.round_mode + rm as u32) as usize] += 1;
        }
    }
    if vb.fflags != NONE {
        add_classes(counts, vb.fflags, raised as u16 & 0x1f);
    }
    for k in 0..3 {
        if inst.neg >> k & 1 == 1 {
            hit(counts, vb.neg[k]);
        }
        if inst.abs >> k & 1 == 1 {
            hit(counts, vb.abs[k]);
        }
    }
    if inst.sat != 0 {
        hit(counts, vb.sat);
    }
    let next = w.pc();
    let fallthrough = pc.wrapping_add(site.size);
    if vb.branch != NONE {
        counts[(vb.branch + u32::from(next == fallthrough)) as usize] += 1;
    }
    if vb.divergence != NONE {
        let divergent = divergent_mask != 0 && divergent_mask != exec;
        counts[(vb.divergence + u32::from(divergent)) as usize] += 1;
    }
    if vb.exec_write != NONE {
        counts[(vb.exec_write as usize) + exec_class(w.exec())] += 1;
    }
    if vb.call != NONE {
        counts[vb.call as usize] += 1;
        if let Some(&link) = w.uregs().get(inst.rd as usize) {
            push_link(&mut h.links, link);
        }
    }
    if vb.ret != NONE && returns(&mut h.links, next) {
        counts[vb.ret as usize] += 1;
    }
    hazards(&site.reads, &h.recent, |k, d| {
        counts[model.hazard_bin(k, d) as usize] += 1
    });
    h.recent.rotate_right(1);
    h.recent[0] = site.writes;
}

/// The hazards of an instruction that reads `reads` after instructions whose writes were
/// `recent` (`recent[k]`: k + 1 back): for each register operand read, every write of the
/// nearest earlier instruction that wrote an overlapping register, as (kind, distance).
pub(crate) fn hazards(
    reads: &[Option<RegRange>; MAX_READS],
    recent: &[[Option<RegRange>; MAX_WRITES]; HAZARD_DISTANCE],
    mut hit: impl FnMut(usize, usize),
) {
    for r in reads.iter().flatten() {
        'back: for (k, prev) in recent.iter().enumerate() {
            let mut found = false;
            for wr in prev.iter().flatten() {
                if !wr.overlaps(r) {
                    continue;
                }
                let kind = if r.uniform {
                    1
                } else if r.count == 2 || wr.count == 2 {
                    2
                } else {
                    match (wr.half, r.half) {
                        (Some(_), Some(_)) => 3,
                        (Some(_), None) => 4,
                        (None, Some(_)) => 5,
                        (None, None) => 0,
                    }
                };
                hit(kind, k + 1);
                found = true;
            }
            if found {
                break 'back;
            }
        }
    }
}
