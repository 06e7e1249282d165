//! Collection: runs warps one instruction at a time on the simulator's fast path and counts
//! the bins each retired instruction hits. Source values are read from the warp before
//! the step, results after it, as the database's access facts name them.
//!
//! What makes it cheap (the counts equal those of [`crate::reference`], the plain reading
//! of the model, which the tests hold it to):
//! * everything fixed about the instruction at a PC (its operands, bins, register masks)
//!   is worked out once per PC ([`Site`]); bins that every execution of it hits
//!   (executed, modifiers, an explicit rounding mode) are counted per site and added up
//!   at the end;
//! * a vector register's class set is worked out once per value and EXEC: cached per
//!   register and view (integer, binary32, a half, a pair, ...) until an instruction
//!   writes the register (stamps per register, bumped by the database's write facts) or
//!   the lanes read differ. The result is classed once after the write and serves the
//!   later reads;
//! * classing 32 lanes starts with a branch-free test the compiler vectorises: no active
//!   lane an integer corner value means "other", every active lane a normal number means
//!   the normal classes of the signs seen ([`Kind::lanes_bits_quick`]); only registers
//!   holding corner values are classed lane by lane;
//! * hazards depend only on the instructions at the last three PCs: the exact search runs
//!   once per (site, three predecessors) and its bins are remembered.

use crate::class::Kind;
use crate::model::{Model, VariantBins, HAZARD_DISTANCE, NONE};
use crate::reference::{
    self, add_classes, exec_class, fault_bin, Access, MAX_LINKS, MAX_READS, MAX_WRITES,
};
use warpkit_isa::{Flags, Loc, Slot};
use warpkit_sim::state::Launch;
use warpkit_sim::{Program, RunStatus, StepResult, VReg, Warp, NUM_VREGS};

/// Bin hit counts of one or more runs, in model order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub bins: Vec<u64>,
    /// Programs run.
    pub programs: u64,
    /// Instructions retired, over all warps.
    pub instructions: u64,
}

impl Default for Counts {
    fn default() -> Self {
        Counts {
            bins: vec![0; Model::get().len()],
            programs: 0,
            instructions: 0,
        }
    }
}

/// Views of one vector register that operands class: the whole 32 bits as an integer,
/// binary32 or two binary16, a 16-bit half as an integer or binary16, the register and
/// the next as a 64-bit integer.
const VIEWS: usize = 8;
const VIEW_PAIR: u8 = 7;

fn view_of(kind: Kind, half: Option<u8>) -> Option<u8> {
    Some(match (kind, half) {
        (Kind::Int32, None) => 0,
        (Kind::F32, None) => 1,
        (Kind::F16x2, None) => 2,
        (Kind::Int16, Some(h)) => 3 + h,
        (Kind::F16, Some(h)) => 5 + h,
        (Kind::Int64, None) => VIEW_PAIR,
        _ => return None,
    })
}

/// How a source or the result is read.
#[derive(Clone, Copy)]
enum Read {
    /// A uniform register (a pair for 64-bit kinds): one value.
    Uniform { reg: u8, kind: Kind },
    /// A view of a vector register, through the class cache.
    Vector { reg: u8, view: u8 },
    /// Anything else: classed directly, as the reference does.
    Direct {
        op: crate::model::Operand,
        access: Access,
    },
}

#[derive(Clone, Copy)]
struct Operand {
    read: Read,
    /// First of its class bins.
    bins: u32,
}

impl Operand {
    fn new(op: &crate::model::Operand, access: Access) -> Operand {
        let read = if access.uniform {
            Read::Uniform {
                reg: access.first,
                kind: op.kind,
            }
        } else {
            match view_of(op.kind, access.half) {
                Some(view) => Read::Vector {
                    reg: access.first,
                    view,
                },
                None => Read::Direct { op: *op, access },
            }
        };
        Operand {
            read,
            bins: op.bins,
        }
    }
}

/// Bins every retirement of a site hits: executed, modifiers, an explicit rounding mode.
const MAX_STATIC: usize = 10;
/// Hazard bins one instruction can hit: each read meets at most the writes of one
/// earlier instruction.
const MAX_HAZARDS: usize = MAX_READS * MAX_WRITES;

/// What the collector needs of the instruction at one PC, worked out once.
struct Site {
    statics: [u32; MAX_STATIC],
    n_statics: u8,
    /// Times retired (the static bins are added at the end).
    retired: u64,
    /// EXEC bins (per-lane variants), else NONE.
    exec: u32,
    per_lane: bool,
    sources: [Operand; MAX_READS],
    n_sources: u8,
    result: Option<Operand>,
    /// MODE rounding bins, when the rounding mode is not explicit.
    round_mode: u32,
    round16: bool,
    fflags: u32,
    branch: u32,
    divergence: u32,
    exec_write: u32,
    call: u32,
    ret: u32,
    rs1: u8,
    rd: u8,
    size: u32,
    /// Register ranges read and written (the hazard model's operands).
    reads: [Option<Access>; MAX_READS],
    writes: [Option<Access>; MAX_WRITES],
    /// Any of the control bins (branch, divergence, EXEC write, call, return).
    control: bool,
    /// Vector registers written (first, count), for the class cache.
    v_written: [(u8, u8); MAX_WRITES],
    /// Writes registers the operand fields do not name (`movrel` through an index).
    writes_indexed: bool,
    /// The hazard bins found for the predecessors `memo_key`.
    memo_key: [u32; HAZARD_DISTANCE],
    memo: [u32; MAX_HAZARDS],
    n_memo: u8,
}

impl Site {
    fn new(inst: warpkit_encoding::Inst, vb: &VariantBins) -> Site {
        let r = reference::Site::new(inst);
        let d = inst.desc();
        let mut statics = [NONE; MAX_STATIC];
        let mut n = 0;
        let mut add = |b: u32| {
            if b != NONE {
                statics[n] = b;
                n += 1;
            }
        };
        add(vb.executed);
        for k in 0..3 {
            if inst.neg >> k & 1 == 1 {
                add(vb.neg[k]);
            }
            if inst.abs >> k & 1 == 1 {
                add(vb.abs[k]);
            }
        }
        if inst.sat != 0 {
            add(vb.sat);
        }
        let mut round_mode = vb.round_mode;
        if vb.round_explicit != NONE && inst.rm < 5 {
            add(vb.round_explicit + inst.rm as u32);
            round_mode = NONE;
        }
        let mut sources = [Operand {
            read: Read::Uniform {
                reg: 0,
                kind: Kind::Int32,
            },
            bins: NONE,
        }; MAX_READS];
        let mut n_sources = 0;
        for op in vb.sources.iter().take(MAX_READS) {
            if let Some(a) = Access::of(&inst, op.slot) {
                sources[n_sources] = Operand::new(op, a);
                n_sources += 1;
            }
        }
        let result = vb
            .result
            .as_ref()
            .and_then(|op| Access::of(&inst, Slot::Rd).map(|a| Operand::new(op, a)));
        let mut v_written = [(0, 0); MAX_WRITES];
        for (k, a) in r.writes.iter().enumerate() {
            if let Some(a) = a.filter(|a| !a.uniform) {
                v_written[k] = (a.first, a.count);
            }
        }
        let control = [vb.branch, vb.divergence, vb.exec_write, vb.call, vb.ret]
            .iter()
            .any(|&b| b != NONE);
        let writes_indexed = d
            .writes
            .iter()
            .any(|l| matches!(l, Loc::Indexed { .. } | Loc::Run(_)));
        Site {
            n_statics: n as u8,
            statics,
            retired: 0,
            exec: vb.exec,
            per_lane: !d.flags.has(Flags::EI),
            sources,
            n_sources: n_sources as u8,
            result,
            round_mode,
            round16: vb.round16,
            fflags: vb.fflags,
            branch: vb.branch,
            divergence: vb.divergence,
            exec_write: vb.exec_write,
            call: vb.call,
            ret: vb.ret,
            rs1: inst.rs1,
            rd: inst.rd,
            size: inst.size() as u32,
            reads: r.reads,
            writes: r.writes,
            control,
            v_written,
            writes_indexed,
            memo_key: [NO_SITE; HAZARD_DISTANCE],
            memo: [0; MAX_HAZARDS],
            // Nothing remembered yet: a count no search produces.
            n_memo: u8::MAX,
        }
    }
}

/// The instruction at a PC, as far as the collector has looked.
enum PcSite {
    Unseen,
    /// Not an instruction of the model (undecodable, unsupported, without semantics).
    Outside,
    Model(Box<Site>),
}

/// A history entry for "no instruction of the model" (warp start, or one outside it).
const NO_SITE: u32 = u32::MAX;

/// The class cache of one warp's vector registers.
struct ClassCache {
    /// Per register: the stamp of its current value (unique, bumped at every write).
    stamp: Vec<u64>,
    next: u64,
    /// Per register and view: the stamps it was worked out for, and the lane masks.
    entries: Vec<Entry>,
}

#[derive(Clone, Copy)]
struct Entry {
    stamp: u64,
    stamp2: u64,
    /// The class set over these lanes (EXEC rarely changes between the write of a value
    /// and its reads).
    lanes: u32,
    set: u16,
}

impl ClassCache {
    fn new() -> ClassCache {
        ClassCache {
            stamp: vec![0; NUM_VREGS],
            next: 1,
            entries: vec![
                Entry {
                    stamp: 0,
                    stamp2: 0,
                    lanes: 0,
                    set: 0,
                };
                NUM_VREGS * VIEWS
            ],
        }
    }

    /// Forget every register's value (a new warp, or a write the facts do not name).
    fn forget_all(&mut self) {
        for s in self.stamp.iter_mut() {
            *s = self.next;
            self.next += 1;
        }
    }

    #[inline]
    fn written(&mut self, first: u8, count: u8) {
        let end = (first as usize + count as usize).min(NUM_VREGS);
        for r in first as usize..end {
            self.stamp[r] = self.next;
            self.next += 1;
        }
    }

    /// The class set of view `view` of register `reg` over `lanes`.
    #[inline(always)]
    fn classes(&mut self, v: &[VReg; NUM_VREGS], reg: u8, view: u8, lanes: u32) -> u16 {
        let r = reg as usize;
        if r >= NUM_VREGS || (view == VIEW_PAIR && r + 1 >= NUM_VREGS) {
            // The reference finds no register there: no classes.
            return 0;
        }
        let s1 = self.stamp[r];
        let s2 = if view == VIEW_PAIR {
            self.stamp[r + 1]
        } else {
            0
        };
        let e = &mut self.entries[r * VIEWS + view as usize];
        if e.stamp == s1 && e.stamp2 == s2 && e.lanes == lanes {
            return e.set;
        }
        *e = Entry {
            stamp: s1,
            stamp2: s2,
            lanes,
            set: view_set(v, r, view, lanes),
        };
        e.set
    }
}

/// The class set of view `view` of register `r` over `lanes` (as [`reference::classes`]).
fn view_set(v: &[VReg; NUM_VREGS], r: usize, view: u8, lanes: u32) -> u16 {
    let x = &v[r];
    let half = |h: u32| x.map(|y| (y >> (16 * h)) & 0xffff);
    match view {
        0 => Kind::Int32.lanes_bits_quick(x, lanes),
        1 => Kind::F32.lanes_bits_quick(x, lanes),
        2 => Kind::F16x2.lanes_bits_quick(x, lanes),
        3 | 4 => Kind::Int16.lanes_bits_quick(&half(view as u32 - 3), lanes),
        5 | 6 => Kind::F16.lanes_bits_quick(&half(view as u32 - 5), lanes),
        _ => {
            let hi = &v[r + 1];
            let mut bits = 0u16;
            let mut m = lanes;
            while m != 0 {
                let l = m.trailing_zeros() as usize;
                m &= m - 1;
                bits |= Kind::Int64.class_bits(x[l] as u64 | (hi[l] as u64) << 32);
            }
            bits
        }
    }
}

/// The class set of an operand over `lanes`.
#[inline(always)]
fn classes(cache: &mut ClassCache, w: &Warp, op: &Operand, lanes: u32) -> u16 {
    match op.read {
        Read::Uniform { reg, kind } => {
            let u = w.uregs();
            let lo = u.get(reg as usize).copied().unwrap_or(0) as u64;
            let x = if kind == Kind::Int64 {
                lo | (u.get(reg as usize + 1).copied().unwrap_or(0) as u64) << 32
            } else {
                lo
            };
            kind.class_bits(x)
        }
        Read::Vector { reg, view } => cache.classes(w.vregs(), reg, view, lanes),
        Read::Direct { op, access } => reference::classes(w, &op, &access, lanes),
    }
}

/// A warp's recent past: the last instructions' sites, and the links of the calls not yet
/// returned from.
struct History {
    /// `sites[k]`: the site (PC / 4) of the instruction k + 1 back, or [`NO_SITE`].
    sites: [u32; HAZARD_DISTANCE],
    links: Vec<u32>,
}

impl Counts {
    /// Run every warp of `launch` on `code` until its step count reaches `max_steps` or it
    /// ends, counting bins. Returns how each warp stands.
    pub fn run(&mut self, code: &[u8], launch: Launch, max_steps: u64) -> Vec<RunStatus> {
        let model = Model::get();
        let p = Program::new(code);
        let mut sites: Vec<PcSite> = Vec::new();
        sites.resize_with(code.len() / 4 + 1, || PcSite::Unseen);
        let mut cache = ClassCache::new();
        self.programs += 1;
        let status = launch.status.into_iter().chain(std::iter::repeat(None));
        let mut out = Vec::with_capacity(launch.warps.len());
        for (mut w, st) in launch.warps.into_iter().zip(status) {
            if let Some(s @ (RunStatus::Exited | RunStatus::Faulted(_))) = st {
                out.push(s);
                continue;
            }
            cache.forget_all();
            out.push(self.run_warp(model, &p, &mut sites, &mut cache, &mut w, max_steps));
        }
        for s in &sites {
            if let PcSite::Model(s) = s {
                for &b in &s.statics[..s.n_statics as usize] {
                    self.bins[b as usize] += s.retired;
                }
            }
        }
        out
    }

    fn run_warp(
        &mut self,
        model: &Model,
        p: &Program,
        sites: &mut [PcSite],
        cache: &mut ClassCache,
        w: &mut Warp,
        max_steps: u64,
    ) -> RunStatus {
        let mut h = History {
            sites: [NO_SITE; HAZARD_DISTANCE],
            links: Vec::new(),
        };
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
            let idx = (pc >> 2) as usize;
            let slot = if pc & 3 == 0 {
                sites.get_mut(idx)
            } else {
                None
            };
            let site = match slot {
                Some(s) => {
                    if let PcSite::Unseen = s {
                        *s = match p.inst_at(pc).and_then(|i| {
                            model.variants[i.id.0 as usize]
                                .as_ref()
                                .map(|vb| Site::new(i, vb))
                        }) {
                            Some(site) => PcSite::Model(Box::new(site)),
                            None => PcSite::Outside,
                        };
                    }
                    match s {
                        PcSite::Model(site) => Some(&mut **site),
                        _ => None,
                    }
                }
                None => None,
            };
            let Some(site) = site else {
                // Not an instruction of the model: it faults (or is outside the model).
                match w.step(p) {
                    StepResult::Running => {
                        retired += 1;
                        h.sites = [NO_SITE, h.sites[0], h.sites[1]];
                        // Its writes are not in the model's facts.
                        cache.forget_all();
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
            let lanes = if site.per_lane { exec } else { u32::MAX };
            let mut src = [0u16; MAX_READS];
            for (b, op) in src.iter_mut().zip(&site.sources[..site.n_sources as usize]) {
                *b = classes(cache, w, op, lanes);
            }
            let old_fflags = if site.fflags != NONE {
                // Start from no flags so the flags this instruction raises can be seen
                // (FFLAGS is sticky); restored below.
                let f = w.fflags();
                let _ = w.set_fflags(0);
                f
            } else {
                0
            };
            let divergent_mask = if site.divergence != NONE {
                w.uregs()[site.rs1 as usize & 63] & exec
            } else {
                0
            };
            let r = w.step(p);
            let raised = if site.fflags != NONE {
                let raised = w.fflags();
                let _ = w.set_fflags(old_fflags | raised);
                raised
            } else {
                0
            };
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
            site.retired += 1;
            // The registers written have new values.
            if site.writes_indexed {
                cache.forget_all();
            } else {
                for &(first, count) in &site.v_written {
                    if count != 0 {
                        cache.written(first, count);
                    }
                }
            }
            if site.exec != NONE {
                counts[(site.exec as usize) + exec_class(exec)] += 1;
            }
            for (op, &bits) in site.sources[..site.n_sources as usize].iter().zip(&src) {
                add_classes(counts, op.bins, bits);
            }
            if let Some(op) = &site.result {
                add_classes(counts, op.bins, classes(cache, w, op, lanes));
            }
            if site.round_mode != NONE {
                let m = w.mode();
                let rm = if site.round16 { m.rm16 } else { m.rm };
                if rm < 5 {
                    counts[(site.round_mode + rm as u32) as usize] += 1;
                }
            }
            if site.fflags != NONE {
                add_classes(counts, site.fflags, raised as u16 & 0x1f);
            }
            if site.control {
                let next = w.pc();
                if site.branch != NONE {
                    let fallthrough = pc.wrapping_add(site.size);
                    counts[(site.branch + u32::from(next == fallthrough)) as usize] += 1;
                }
                if site.divergence != NONE {
                    let divergent = divergent_mask != 0 && divergent_mask != exec;
                    counts[(site.divergence + u32::from(divergent)) as usize] += 1;
                }
                if site.exec_write != NONE {
                    counts[(site.exec_write as usize) + exec_class(w.exec())] += 1;
                }
                if site.call != NONE {
                    counts[site.call as usize] += 1;
                    if let Some(&link) = w.uregs().get(site.rd as usize) {
                        if h.links.len() == MAX_LINKS {
                            h.links.remove(0);
                        }
                        h.links.push(link);
                    }
                }
                if site.ret != NONE && h.links.last() == Some(&next) {
                    h.links.pop();
                    counts[site.ret as usize] += 1;
                }
            }
            // Hazards depend only on the instructions at the last three PCs: searched once
            // for each predecessor triple, the found bins are remembered.
            if site.memo_key == h.sites && site.n_memo != u8::MAX {
                for &b in &site.memo[..site.n_memo as usize] {
                    counts[b as usize] += 1;
                }
            } else {
                let reads = site.reads;
                let (key, bins, n) = search_hazards(model, &reads, h.sites, sites);
                for &b in &bins[..n as usize] {
                    counts[b as usize] += 1;
                }
                // `sites` was lent for the predecessors' writes; take the site again.
                if let PcSite::Model(s) = &mut sites[idx] {
                    (s.memo_key, s.memo, s.n_memo) = (key, bins, n);
                }
            }
            h.sites = [idx as u32, h.sites[0], h.sites[1]];
        };
        self.instructions += retired;
        status
    }
}

/// The exact hazard search of the reference for a site's reads after the predecessors
/// `prev` (site indices).
fn search_hazards(
    model: &Model,
    reads: &[Option<Access>; MAX_READS],
    prev: [u32; HAZARD_DISTANCE],
    sites: &[PcSite],
) -> ([u32; HAZARD_DISTANCE], [u32; MAX_HAZARDS], u8) {
    let mut recent = [[None; MAX_WRITES]; HAZARD_DISTANCE];
    for (r, &s) in recent.iter_mut().zip(&prev) {
        if let Some(PcSite::Model(site)) = sites.get(s as usize) {
            *r = site.writes;
        }
    }
    let mut bins = [0u32; MAX_HAZARDS];
    let mut n = 0usize;
    reference::hazards(reads, &recent, |k, d| {
        bins[n] = model.hazard_bin(k, d);
        n += 1;
    });
    (prev, bins, n as u8)
}
