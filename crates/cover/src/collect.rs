//! Collection: runs warps on the simulator's watched run ([`Warp::run_watched`]: the fast
//! handlers, this collector called before and after every instruction) and counts the bins
//! each retired instruction hits. Source values are read from the warp before
//! the step, results after it, as the database's access facts name them.
//!
//! What makes it cheap (the counts equal those of [`crate::reference`], the plain reading
//! of the model, which the tests hold it to):
//! * everything fixed about the instruction at a PC (its operands down to the cache entry
//!   each vector source reads, bins, register masks) is worked out once per PC ([`Site`]);
//! * a retirement's outcome (class sets, EXEC class, rounding mode, flags, control facts)
//!   packs into two words ([`Outcome`]); while a site retires with the outcome and the
//!   predecessors (hence hazards) of its previous retirement, only a repeat count grows,
//!   and the bins are added when the outcome changes or the run ends ([`Site::flush`]),
//!   with the bins every retirement hits (executed, modifiers, an explicit rounding mode,
//!   a call);
//! * a vector register's class set is worked out once per value and EXEC: cached per
//!   register and view (integer, binary32, a half, a pair, ...) until an instruction
//!   writes the register (a valid bit per register and view, cleared by the database's
//!   write facts; a write also clears the pair view that ends at the register) or the
//!   lanes read differ. The result is classed once after the write and serves the
//!   later reads;
//! * classing 32 lanes starts with a branch-free test the compiler vectorises: no active
//!   lane an integer corner value means "other", every active lane a normal number means
//!   the normal classes of the signs seen ([`ValueKind::lanes_bits_quick`]); only registers
//!   holding corner values are classed lane by lane;
//! * hazards depend only on the instructions at the last three PCs: the exact search runs
//!   once per (site, three predecessors) and its bins are remembered.

use crate::class::{quick, ValueKind};
use crate::counts::Counts;
use crate::model::{Model, VariantBins, HAZARD_DISTANCE, NONE};
use crate::reference::{self, exec_class, fault_bin, RegRange, MAX_READS, MAX_WRITES};
use warpkit_isa::{Flags, Slot, StateLoc};
use warpkit_sim::state::Launch;
use warpkit_sim::{Program, RunStatus, VReg, Warp, Watch, NUM_VREGS};

/// Views of one vector register that operands class: the whole 32 bits as an integer,
/// binary32 or two binary16, a 16-bit half as an integer or binary16, the register and
/// the next as a 64-bit integer.
const VIEWS: usize = 8;
const VIEW_PAIR: u8 = 7;

fn view_of(kind: ValueKind, half: Option<u8>) -> Option<u8> {
    Some(match (kind, half) {
        (ValueKind::Int32, None) => 0,
        (ValueKind::F32, None) => 1,
        (ValueKind::F16x2, None) => 2,
        (ValueKind::Int16, Some(h)) => 3 + h,
        (ValueKind::F16, Some(h)) => 5 + h,
        (ValueKind::Int64, None) => VIEW_PAIR,
        _ => return None,
    })
}

/// How a source or the result is read.
#[derive(Clone, Copy)]
enum Read {
    /// A uniform register (a pair for 64-bit kinds): one value.
    Uniform { reg: u8, kind: ValueKind },
    /// A view of a vector register, through the class cache.
    Vector(VecRead),
    /// A vector register beyond the file: the reference finds no register, so no classes.
    Nothing,
    /// Anything else: classed directly, as the reference does.
    Direct {
        op: crate::model::CoverOperand,
        access: RegRange,
    },
}

#[derive(Clone, Copy)]
struct SiteOperand {
    read: Read,
    /// First of its class bins.
    bins: u32,
}

impl SiteOperand {
    fn new(op: &crate::model::CoverOperand, access: RegRange) -> SiteOperand {
        let read = if access.uniform {
            Read::Uniform {
                reg: access.first,
                kind: op.kind,
            }
        } else {
            match view_of(op.kind, access.half) {
                Some(view) => {
                    let r = access.first as usize;
                    if r >= NUM_VREGS || (view == VIEW_PAIR && r + 1 >= NUM_VREGS) {
                        Read::Nothing
                    } else {
                        Read::Vector(VecRead {
                            reg: access.first,
                            view,
                            slot: (r * VIEWS + view as usize) as u16,
                        })
                    }
                }
                None => Read::Direct { op: *op, access },
            }
        };
        SiteOperand {
            read,
            bins: op.bins,
        }
    }
}

/// Vector registers one site's write list holds (a pair for each of two writes).
const MAX_V_WRITTEN: usize = 4;

/// A view of a vector register as the class cache keeps it, resolved when the site is
/// built: its register (the first of a pair), view and entry (register × view).
#[derive(Clone, Copy)]
struct VecRead {
    reg: u8,
    view: u8,
    slot: u16,
}

/// Bins every retirement of a site hits: executed, modifiers, an explicit rounding mode,
/// a call.
const MAX_STATIC: usize = 11;
/// Hazard bins one instruction can hit: each read meets at most the writes of one
/// earlier instruction.
const MAX_HAZARDS: usize = MAX_READS * MAX_WRITES;

/// What one retirement of a site found, packed so that two retirements compare in two
/// words: the class sets of the sources (16 bits each) and, in `misc`, the result's
/// class set and the small dynamic facts ([`Misc`]).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Outcome {
    sources: u64,
    misc: u64,
}

/// Bit positions of the facts in [`Outcome::misc`].
struct Misc;
impl Misc {
    const RESULT: u32 = 0;
    /// EXEC class before the step (2 bits).
    const EXEC: u32 = 16;
    /// The rounding mode MODE applied (3 bits; 7: none counted).
    const RM: u32 = 18;
    /// FFLAGS raised (5 bits).
    const FLAGS: u32 = 21;
    const FALLTHROUGH: u32 = 26;
    const DIVERGENT: u32 = 27;
    /// EXEC class after the step (2 bits).
    const EXEC_AFTER: u32 = 28;
    const RETURNED: u32 = 30;
}

/// What the collector needs of the instruction at one PC, worked out once.
struct Site {
    statics: [u32; MAX_STATIC],
    n_statics: u8,
    /// EXEC bins (per-lane variants), else NONE.
    exec: u32,
    per_lane: bool,
    sources: [SiteOperand; MAX_READS],
    n_sources: u8,
    /// The sources read through the class cache, with the position of their class set
    /// in [`Outcome::sources`]; the others (uniform, ...) are read one by one.
    vector_sources: [(VecRead, u8); MAX_READS],
    n_vector_sources: u8,
    other_sources: bool,
    result: Option<SiteOperand>,
    /// Reads FFLAGS or a condition before the step, or looks at MODE or control after it.
    rare: bool,
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
    reads: [Option<RegRange>; MAX_READS],
    writes: [Option<RegRange>; MAX_WRITES],
    /// Any of the control bins (branch, divergence, EXEC write, call, return).
    control: bool,
    /// Vector registers written, for the class cache.
    v_written: [u8; MAX_V_WRITTEN],
    n_v_written: u8,
    /// Writes registers the operand fields do not name (`movrel` through an index).
    writes_indexed: bool,
    /// The hazard bins found for the predecessors `memo_key`.
    memo_key: [u32; HAZARD_DISTANCE],
    memo: [u32; MAX_HAZARDS],
    n_memo: u8,
    /// The outcome of the latest retirements and how many in a row had it (their bins
    /// are added when a different outcome comes, or at the end: exact counts, one
    /// comparison per retirement while a loop repeats itself).
    last: Outcome,
    repeat: u64,
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
        // Every retirement of a call counts it.
        add(vb.call);
        let mut sources = [SiteOperand {
            read: Read::Nothing,
            bins: NONE,
        }; MAX_READS];
        let mut n_sources = 0;
        for op in vb.sources.iter().take(MAX_READS) {
            if let Some(a) = RegRange::of(&inst, op.slot) {
                sources[n_sources] = SiteOperand::new(op, a);
                n_sources += 1;
            }
        }
        let mut vector_sources = [(
            VecRead {
                reg: 0,
                view: 0,
                slot: 0,
            },
            0,
        ); MAX_READS];
        let mut n_vector_sources = 0;
        for (k, op) in sources[..n_sources].iter().enumerate() {
            if let Read::Vector(v) = op.read {
                vector_sources[n_vector_sources] = (v, 16 * k as u8);
                n_vector_sources += 1;
            }
        }
        let result = vb
            .result
            .as_ref()
            .and_then(|op| RegRange::of(&inst, Slot::Rd).map(|a| SiteOperand::new(op, a)));
        let mut v_written = [0; MAX_V_WRITTEN];
        let mut n_v_written = 0;
        let mut writes_indexed = d
            .writes
            .iter()
            .any(|l| matches!(l, StateLoc::Indexed { .. } | StateLoc::Run(_)));
        for a in r.writes.iter().flatten().filter(|a| !a.uniform) {
            for reg in
                (a.first as usize..a.first as usize + a.count as usize).filter(|&r| r < NUM_VREGS)
            {
                if n_v_written == MAX_V_WRITTEN {
                    // More than the list holds: forget all, as for indexed writes.
                    writes_indexed = true;
                } else {
                    v_written[n_v_written] = reg as u8;
                    n_v_written += 1;
                }
            }
        }
        let control = [vb.branch, vb.divergence, vb.exec_write, vb.call, vb.ret]
            .iter()
            .any(|&b| b != NONE);
        Site {
            n_statics: n as u8,
            statics,
            exec: vb.exec,
            per_lane: !d.flags.has(Flags::EI),
            sources,
            n_sources: n_sources as u8,
            vector_sources,
            n_vector_sources: n_vector_sources as u8,
            other_sources: n_vector_sources < n_sources,
            result,
            rare: vb.fflags != NONE || vb.divergence != NONE || round_mode != NONE || control,
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
            n_v_written: n_v_written as u8,
            writes_indexed,
            memo_key: [NO_SITE; HAZARD_DISTANCE],
            memo: [0; MAX_HAZARDS],
            // Nothing remembered yet: a count no search produces.
            n_memo: u8::MAX,
            last: Outcome {
                sources: 0,
                misc: 0,
            },
            repeat: 0,
        }
    }

    /// Add the bins of the pending retirements (`repeat` times `last`) to `counts`.
    fn flush(&mut self, counts: &mut [u64]) {
        let n = self.repeat;
        if n == 0 {
            return;
        }
        self.repeat = 0;
        let o = self.last;
        let field = |at: u32, bits: u32| ((o.misc >> at) & ((1 << bits) - 1)) as u32;
        for &b in &self.statics[..self.n_statics as usize] {
            counts[b as usize] += n;
        }
        if self.exec != NONE {
            counts[(self.exec + field(Misc::EXEC, 2)) as usize] += n;
        }
        for (k, op) in self.sources[..self.n_sources as usize].iter().enumerate() {
            add_classes_n(counts, op.bins, (o.sources >> (16 * k)) as u16, n);
        }
        if let Some(op) = &self.result {
            add_classes_n(counts, op.bins, field(Misc::RESULT, 16) as u16, n);
        }
        if self.round_mode != NONE {
            let rm = field(Misc::RM, 3);
            if rm < 5 {
                counts[(self.round_mode + rm) as usize] += n;
            }
        }
        if self.fflags != NONE {
            add_classes_n(counts, self.fflags, field(Misc::FLAGS, 5) as u16, n);
        }
        if self.branch != NONE {
            counts[(self.branch + field(Misc::FALLTHROUGH, 1)) as usize] += n;
        }
        if self.divergence != NONE {
            counts[(self.divergence + field(Misc::DIVERGENT, 1)) as usize] += n;
        }
        if self.exec_write != NONE {
            counts[(self.exec_write + field(Misc::EXEC_AFTER, 2)) as usize] += n;
        }
        if self.ret != NONE && field(Misc::RETURNED, 1) == 1 {
            counts[self.ret as usize] += n;
        }
        for &b in &self.memo[..self.n_memo as usize] {
            counts[b as usize] += n;
        }
    }
}

/// [`add_classes`], `n` times.
fn add_classes_n(counts: &mut [u64], first: u32, bits: u16, n: u64) {
    let mut b = bits;
    while b != 0 {
        let k = b.trailing_zeros();
        b &= b - 1;
        counts[(first + k) as usize] += n;
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
    /// Per register: a bit per view whose entry holds the register's current value. A
    /// write clears the register's bits and the pair view of the register below it.
    /// (256 entries so that a `u8` indexes it without a check; register 0's "register
    /// below" is entry 255, never read.)
    valid: [u8; 256],
    /// Per register and view: the class set and the lanes it was worked out over.
    entries: [Entry; NUM_VREGS * VIEWS],
}

#[derive(Clone, Copy)]
struct Entry {
    /// The class set over these lanes (EXEC rarely changes between the write of a value
    /// and its reads).
    lanes: u32,
    set: u16,
}

impl ClassCache {
    /// On the heap as a whole: one pointer reaches both tables.
    fn new() -> Box<ClassCache> {
        Box::new(ClassCache {
            valid: [0; 256],
            entries: [Entry { lanes: 0, set: 0 }; NUM_VREGS * VIEWS],
        })
    }

    /// Forget every register's value (a new warp, or a write the facts do not name).
    fn forget_all(&mut self) {
        self.valid.fill(0);
    }

    /// Register `r` has a new value.
    #[inline(always)]
    fn written(&mut self, r: u8) {
        self.valid[r as usize] = 0;
        self.valid[r.wrapping_sub(1) as usize] &= !(1 << VIEW_PAIR);
    }

    /// The class set of `v` over `lanes`: cached, or worked out and kept.
    #[inline(always)]
    fn classes<const AVX2: bool>(
        &mut self,
        regs: &[VReg; NUM_VREGS],
        v: VecRead,
        lanes: u32,
    ) -> u16 {
        let e = &self.entries[v.slot as usize % (NUM_VREGS * VIEWS)];
        if self.valid[v.reg as usize] >> v.view & 1 != 0 && e.lanes == lanes {
            return e.set;
        }
        self.fill::<AVX2>(regs, v, lanes)
    }

    /// The class set of a value just written to `v` over `lanes`, kept for the reads that
    /// follow: the integer and binary32 views (most results) classed inline, the others
    /// through [`ClassCache::fill`].
    #[inline(always)]
    fn fill_result<const AVX2: bool>(
        &mut self,
        regs: &[VReg; NUM_VREGS],
        v: VecRead,
        lanes: u32,
    ) -> u16 {
        let x = &regs[v.reg as usize % NUM_VREGS];
        let set = match v.view {
            0 => quick(ValueKind::Int32, x, lanes),
            1 => quick(ValueKind::F32, x, lanes),
            _ => return self.fill::<AVX2>(regs, v, lanes),
        };
        self.entries[v.slot as usize % (NUM_VREGS * VIEWS)] = Entry { lanes, set };
        self.valid[v.reg as usize] |= 1 << v.view;
        set
    }

    /// Work out the class set of `v` over `lanes` and keep it (one call out of line: the
    /// hot loop stays short).
    #[inline(always)]
    fn fill<const AVX2: bool>(&mut self, regs: &[VReg; NUM_VREGS], v: VecRead, lanes: u32) -> u16 {
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // SAFETY: AVX2 is only asked for when the CPU has it (`Counts::run`).
            return unsafe { self.fill_avx2(regs, v, lanes) };
        }
        self.fill_plain(regs, v, lanes)
    }

    #[inline(never)]
    fn fill_plain(&mut self, regs: &[VReg; NUM_VREGS], v: VecRead, lanes: u32) -> u16 {
        self.fill_with(regs, v, lanes)
    }

    /// [`ClassCache::fill`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    fn fill_avx2(&mut self, regs: &[VReg; NUM_VREGS], v: VecRead, lanes: u32) -> u16 {
        self.fill_with(regs, v, lanes)
    }

    #[inline(always)]
    fn fill_with(&mut self, regs: &[VReg; NUM_VREGS], v: VecRead, lanes: u32) -> u16 {
        let r = v.reg as usize;
        let set = view_set(regs, r, v.view, lanes);
        self.entries[v.slot as usize % (NUM_VREGS * VIEWS)] = Entry { lanes, set };
        self.valid[r % 256] |= 1 << v.view;
        set
    }
}

/// The class set of view `view` of register `r` over `lanes` (as [`reference::classes`]).
#[inline(always)]
fn view_set(v: &[VReg; NUM_VREGS], r: usize, view: u8, lanes: u32) -> u16 {
    let x = &v[r];
    let half = |h: u32| x.map(|y| (y >> (16 * h)) & 0xffff);
    match view {
        0 => quick(ValueKind::Int32, x, lanes),
        1 => quick(ValueKind::F32, x, lanes),
        2 => quick(ValueKind::F16x2, x, lanes),
        3 | 4 => quick(ValueKind::Int16, &half(view as u32 - 3), lanes),
        5 | 6 => quick(ValueKind::F16, &half(view as u32 - 5), lanes),
        _ => {
            let hi = &v[r + 1];
            let mut bits = 0u16;
            let mut m = lanes;
            while m != 0 {
                let l = m.trailing_zeros() as usize;
                m &= m - 1;
                bits |= ValueKind::Int64.class_bits(x[l] as u64 | (hi[l] as u64) << 32);
            }
            bits
        }
    }
}

/// The class set of an operand over `lanes`.
#[inline(always)]
fn classes<const AVX2: bool>(
    cache: &mut ClassCache,
    w: &Warp,
    op: &SiteOperand,
    lanes: u32,
) -> u16 {
    match op.read {
        Read::Vector(v) => cache.classes::<AVX2>(w.vregs(), v, lanes),
        Read::Uniform { reg, kind } => {
            let u = w.uregs();
            let lo = u.get(reg as usize).copied().unwrap_or(0) as u64;
            let x = if kind == ValueKind::Int64 {
                lo | (u.get(reg as usize + 1).copied().unwrap_or(0) as u64) << 32
            } else {
                lo
            };
            kind.class_bits(x)
        }
        Read::Nothing => 0,
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
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        for (mut w, st) in launch.warps.into_iter().zip(status) {
            if let Some(s @ (RunStatus::Exited | RunStatus::Faulted(_))) = st {
                out.push(s);
                continue;
            }
            cache.forget_all();
            macro_rules! run {
                ($avx2:expr) => {
                    Run::<$avx2> {
                        counts: &mut self.bins,
                        model,
                        p: &p,
                        sites: &mut sites,
                        cache: &mut cache,
                        h: History {
                            sites: [NO_SITE; HAZARD_DISTANCE],
                            links: Vec::new(),
                        },
                        retired: 0,
                        cur: NO_SITE,
                        src: 0,
                        exec: 0,
                        lanes: 0,
                        old_fflags: 0,
                        divergent_mask: 0,
                    }
                };
            }
            #[cfg(target_arch = "x86_64")]
            let (status, retired) = if avx2 {
                let mut run = run!(true);
                // SAFETY: this CPU has AVX2 (checked above).
                let s = unsafe { warp_avx2(&mut run, &mut w, max_steps) };
                (s, run.retired)
            } else {
                let mut run = run!(false);
                (run.warp(&mut w, max_steps), run.retired)
            };
            #[cfg(not(target_arch = "x86_64"))]
            let (status, retired) = {
                let mut run = run!(false);
                (run.warp(&mut w, max_steps), run.retired)
            };
            self.instructions += retired;
            out.push(status);
        }
        for s in sites.iter_mut() {
            if let PcSite::Model(s) = s {
                s.flush(&mut self.bins);
            }
        }
        out
    }
}

/// One warp's run: what it reads and counts into, and what [`Watch::before`] found for
/// [`Watch::after`] of the same instruction.
struct Run<'a, const AVX2: bool> {
    counts: &'a mut [u64],
    model: &'static Model,
    p: &'a Program,
    sites: &'a mut [PcSite],
    cache: &'a mut ClassCache,
    h: History,
    retired: u64,
    /// The site of the instruction about to retire (PC / 4), or [`NO_SITE`].
    cur: u32,
    src: u64,
    exec: u32,
    lanes: u32,
    /// FFLAGS before the instruction (it runs from none so that its own flags show).
    old_fflags: u8,
    divergent_mask: u32,
}

/// The site at `pc`, set up on first sight; `None` outside the model.
#[inline(always)]
fn site_at<'s>(
    sites: &'s mut [PcSite],
    p: &Program,
    model: &Model,
    pc: u32,
) -> Option<&'s mut Site> {
    if pc & 3 != 0 {
        return None;
    }
    let s = sites.get_mut((pc >> 2) as usize)?;
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

impl<const AVX2: bool> Watch for Run<'_, AVX2> {
    /// Class the sources and note what the step changes only by looking before it.
    #[inline(always)]
    fn before(&mut self, w: &mut Warp, pc: u32) {
        let exec = w.exec();
        let Some(site) = site_at(self.sites, self.p, self.model, pc) else {
            self.cur = NO_SITE;
            return;
        };
        let cache = &mut *self.cache;
        let lanes = if site.per_lane { exec } else { u32::MAX };
        let mut src = 0u64;
        // A fixed count of rounds, so the loop unrolls.
        for k in 0..MAX_READS {
            if k < site.n_vector_sources as usize {
                let (v, at) = site.vector_sources[k];
                src |= (cache.classes::<AVX2>(w.vregs(), v, lanes) as u64) << at;
            }
        }
        if site.other_sources {
            for k in 0..MAX_READS {
                let op = &site.sources[k];
                if k < site.n_sources as usize && !matches!(op.read, Read::Vector(_)) {
                    src |= (classes::<AVX2>(cache, w, op, lanes) as u64) << (16 * k);
                }
            }
        }
        if site.rare {
            if site.fflags != NONE {
                // Start from no flags so the flags this instruction raises can be seen
                // (FFLAGS is sticky); restored after it (or after the run, if it faults).
                self.old_fflags = w.fflags();
                let _ = w.set_fflags(0);
            }
            if site.divergence != NONE {
                self.divergent_mask = w.uregs()[site.rs1 as usize & 63] & exec;
            }
        }
        (self.cur, self.src, self.exec, self.lanes) = (pc >> 2, src, exec, lanes);
    }

    /// Count the retirement: the result and the facts after the step, and hazards.
    #[inline(always)]
    fn after(&mut self, w: &mut Warp, pc: u32) {
        self.retired += 1;
        let idx = self.cur as usize;
        let h = &mut self.h;
        // `NO_SITE` is past every table: no site.
        let site = match self.sites.get_mut(idx) {
            Some(PcSite::Model(site)) => &mut **site,
            _ => {
                // Not an instruction of the model: its writes are not in the model's facts.
                h.sites = [NO_SITE, h.sites[0], h.sites[1]];
                self.cache.forget_all();
                return;
            }
        };
        let (cache, exec, lanes) = (&mut *self.cache, self.exec, self.lanes);
        let mut misc = 0u64;
        if site.rare && site.fflags != NONE {
            let raised = w.fflags();
            let _ = w.set_fflags(self.old_fflags | raised);
            misc |= ((raised & 0x1f) as u64) << Misc::FLAGS;
        }
        // The registers written have new values.
        if site.writes_indexed {
            cache.forget_all();
        } else {
            for k in 0..MAX_V_WRITTEN {
                if k < site.n_v_written as usize {
                    cache.written(site.v_written[k]);
                }
            }
        }
        if site.exec != NONE {
            misc |= (exec_class(exec) as u64) << Misc::EXEC;
        }
        if let Some(op) = &site.result {
            let set = match op.read {
                // A new value: worked out now, kept for the reads that follow.
                Read::Vector(v) => cache.fill_result::<AVX2>(w.vregs(), v, lanes),
                _ => classes::<AVX2>(cache, w, op, lanes),
            };
            misc |= (set as u64) << Misc::RESULT;
        }
        if site.rare {
            if site.round_mode != NONE {
                let m = w.mode();
                let rm = if site.round16 { m.rm16 } else { m.rm };
                misc |= (if rm < 5 { rm as u64 } else { 7 }) << Misc::RM;
            }
            if site.control {
                let next = w.pc();
                if site.branch != NONE {
                    let fallthrough = pc.wrapping_add(site.size);
                    misc |= u64::from(next == fallthrough) << Misc::FALLTHROUGH;
                }
                if site.divergence != NONE {
                    let m = self.divergent_mask;
                    misc |= u64::from(m != 0 && m != exec) << Misc::DIVERGENT;
                }
                if site.exec_write != NONE {
                    misc |= (exec_class(w.exec()) as u64) << Misc::EXEC_AFTER;
                }
                if site.call != NONE {
                    if let Some(&link) = w.uregs().get(site.rd as usize) {
                        reference::push_link(&mut h.links, link);
                    }
                }
                if site.ret != NONE && reference::returns(&mut h.links, next) {
                    misc |= 1 << Misc::RETURNED;
                }
            }
        }
        let outcome = Outcome {
            sources: self.src,
            misc,
        };
        // Hazards depend only on the instructions at the last three PCs: searched once
        // for each predecessor triple, the found bins are remembered (the pending
        // retirements counted with the bins of their own triple first).
        if site.memo_key != h.sites || site.n_memo == u8::MAX {
            site.flush(self.counts);
            let reads = site.reads;
            let found = search_hazards(self.model, &reads, h.sites, self.sites);
            // `sites` was lent for the predecessors' writes; take the site again.
            if let PcSite::Model(site) = &mut self.sites[idx] {
                (site.memo_key, site.memo, site.n_memo) = found;
                site.last = outcome;
                site.repeat = 1;
            }
        } else if site.last == outcome {
            site.repeat += 1;
        } else {
            site.flush(self.counts);
            site.last = outcome;
            site.repeat = 1;
        }
        h.sites = [idx as u32, h.sites[0], h.sites[1]];
    }
}

impl<const AVX2: bool> Run<'_, AVX2> {
    /// Run `w` to its end or until its step count reaches `max_steps`: how it stands.
    #[inline(always)]
    fn warp(&mut self, w: &mut Warp, max_steps: u64) -> RunStatus {
        let p = self.p;
        let o = w.run_watched(p, max_steps.saturating_sub(w.steps()), self);
        if let RunStatus::Faulted(f) = &o.status {
            // The faulting instruction changed nothing; FFLAGS is put back as it was.
            if self.cur != NO_SITE {
                if let Some(PcSite::Model(site)) = self.sites.get(self.cur as usize) {
                    if site.rare && site.fflags != NONE {
                        let _ = w.set_fflags(self.old_fflags);
                    }
                }
            }
            if let Some(k) = fault_bin(&f.reason) {
                self.counts[(self.model.fault + k) as usize] += 1;
            }
        }
        o.status
    }
}

/// [`Run::warp`] compiled for AVX2 as a whole (the lane classing inlined into it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn warp_avx2(run: &mut Run<'_, true>, w: &mut Warp, max_steps: u64) -> RunStatus {
    run.warp(w, max_steps)
}

/// The exact hazard search of the reference for a site's reads after the predecessors
/// `prev` (site indices).
fn search_hazards(
    model: &Model,
    reads: &[Option<RegRange>; MAX_READS],
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
