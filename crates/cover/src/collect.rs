//! Collection: runs warps on the simulator's watched run ([`Warp::run_watched`]: the fast
//! handlers, this collector called around every instruction) and counts the bins each
//! retired instruction hits. Source values are as they were before the step, results as
//! they are after it, as the database's access facts name them.
//!
//! What makes it cheap (the counts equal those of [`crate::reference`], the plain reading
//! of the model, which the tests hold it to):
//! * everything fixed about the instruction at a PC (its operands down to the cache entry
//!   each vector source reads, bins, register masks) is worked out once per PC: a small
//!   [`Hot`] record in a table indexed by PC, and the rest in a [`Site`];
//! * most instructions (vector and uniform arithmetic, FP work with its flags and MODE,
//!   branches on a uniform register) are *quick*: their [`Hot`] record holds all that a
//!   retirement needs, so one short path with no lookups serves them (the commonest
//!   shape, [`VECTOR_OP`], in one piece around the step: [`Watch::around`]); the others
//!   (divergence, EXEC writes, calls, indexed writes, register pairs read directly) take
//!   the general path through their [`Site`];
//! * a straight run of quick instructions from where a round starts, up to a branch, is a
//!   *block* ([`Block`]): it runs along the code's chain with nothing looked at before a
//!   step (every source is a live-in classed when the block starts, or an earlier result
//!   of the block), and a run that repeats the pending ones (a loop) costs one comparison
//!   of the facts of all its instructions;
//! * a retirement's outcome (class sets, EXEC, rounding mode, flags, control facts)
//!   packs into two words ([`Outcome`]); while a site retires with the outcome and the
//!   predecessors (hence hazards) of its previous retirement, only a repeat count grows,
//!   and the bins are added when either changes or the run ends ([`Site::flush`]),
//!   with the bins every retirement hits (executed, modifiers, an explicit rounding mode,
//!   a call);
//! * a vector register's class set is worked out once per value and EXEC: cached per
//!   register and view (integer, binary32, a half, a pair, ...) until an instruction
//!   writes the register (a cache entry per register and view, cleared by the database's
//!   write facts; a write also clears the pair view that ends at the register) or EXEC
//!   differs from the one the cache holds sets for. The result is classed once after the
//!   write and serves the later reads;
//! * classing 32 lanes starts with a branch-free test the compiler vectorises: no active
//!   lane an integer corner value means "other", every active lane a normal number means
//!   the normal classes of the signs seen ([`ValueKind::lanes_bits_quick`]); only registers
//!   holding corner values are classed lane by lane;
//! * hazards depend only on the instructions at the last three PCs, kept packed in one
//!   word: the exact search runs once per (site, three predecessors) and its bins are
//!   remembered.

#[cfg(target_arch = "x86_64")]
use crate::class::{f32_all_lanes_avx2, int32_all_lanes_avx2};
use crate::class::{quick, ValueKind};
use crate::counts::Counts;
use crate::model::{CoverOperand, Model, VariantBins, HAZARD_DISTANCE, NONE};
use crate::reference::{self, exec_class, fault_bin, RegRange, MAX_READS, MAX_WRITES};
use warpkit_isa::{Flags, Slot, StateLoc};
use warpkit_sim::state::Launch;
use warpkit_sim::{Program, RunOutcome, RunStatus, Step, VReg, Warp, Watch, NUM_UREGS, NUM_VREGS};

/// Views of one vector register that operands class: the whole 32 bits as an integer,
/// binary32 or two binary16, a 16-bit half as an integer or binary16, the register and
/// the next as a 64-bit integer.
const VIEWS: usize = 8;
const VIEW_PAIR: u16 = 7;

fn view_of(kind: ValueKind, half: Option<u8>) -> Option<u16> {
    Some(match (kind, half) {
        (ValueKind::Int32, None) => 0,
        (ValueKind::F32, None) => 1,
        (ValueKind::F16x2, None) => 2,
        (ValueKind::Int16, Some(h)) => 3 + h as u16,
        (ValueKind::F16, Some(h)) => 5 + h as u16,
        (ValueKind::Int64, None) => VIEW_PAIR,
        _ => return None,
    })
}

/// The class cache entry of view `view` of vector register `r`. Register 0's entries
/// follow those of an unused register, so that "the pair view of the register below"
/// exists for every register.
fn cache_slot(r: u8, view: u16) -> u16 {
    (r as u16 + 1) << 3 | view
}

/// The register and view of a cache entry.
fn slot_reg(slot: u16) -> usize {
    (slot >> 3) as usize - 1
}

/// How a source or the result is read.
#[derive(Clone, Copy)]
enum Read {
    /// A uniform register (a pair for 64-bit kinds): one value.
    Uniform { reg: u8, kind: ValueKind },
    /// A view of a vector register, through the class cache (its entry).
    Vector(u16),
    /// A vector register beyond the file: the reference finds no register, so no classes.
    Nothing,
    /// Anything else: classed directly, as the reference does.
    Direct { op: CoverOperand, access: RegRange },
}

#[derive(Clone, Copy)]
struct SiteOperand {
    read: Read,
    /// First of its class bins.
    bins: u32,
}

impl SiteOperand {
    fn new(op: &CoverOperand, access: RegRange) -> SiteOperand {
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
                        Read::Vector(cache_slot(access.first, view))
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

    /// How a quick site reads it ([`Hot::src`]), if it can.
    fn code(&self) -> Option<u16> {
        match self.read {
            Read::Vector(slot) => Some(slot),
            Read::Uniform { reg, kind } if (reg as usize) < NUM_UREGS => {
                let k = UNIFORM_KINDS.iter().position(|&u| u == Some(kind))?;
                Some(UNIFORM | (k as u16) << 8 | reg as u16)
            }
            _ => None,
        }
    }
}

/// An operand code of a quick site with this bit is a uniform register (the register
/// in the low 6 bits, its kind, an index into [`UNIFORM_KINDS`], in bits 8..11); without
/// it, a class cache entry.
const UNIFORM: u16 = 0x8000;
/// Kinds of a uniform operand a quick site reads (one 32-bit register; integer first:
/// index 0 is the inline case).
const UNIFORM_KINDS: [Option<ValueKind>; 8] = [
    Some(ValueKind::Int32),
    Some(ValueKind::F32),
    Some(ValueKind::F16),
    Some(ValueKind::Int16),
    Some(ValueKind::F16x2),
    None,
    None,
    None,
];

/// The class set of the uniform operand `code`.
#[inline(always)]
fn uniform_set(u: &[u32; NUM_UREGS], code: u16) -> u16 {
    let x = u[(code & 63) as usize];
    if code & 0x0700 == 0 {
        // Integers: as in `quick`, after adding one only the corner values (and MIN + 1)
        // are at most 2 with the sign bit cleared.
        if x.wrapping_add(1) & i32::MAX as u32 > 2 {
            return 1 << 5;
        }
        return ValueKind::Int32.class_bits(x as u64);
    }
    match UNIFORM_KINDS[(code >> 8 & 7) as usize] {
        Some(kind) => kind.class_bits(x as u64),
        None => 0,
    }
}

/// Bins every retirement of a site hits: executed, modifiers, an explicit rounding mode,
/// a call.
const MAX_STATIC: usize = 11;
/// Hazard bins one instruction can hit: each read meets at most the writes of one
/// earlier instruction.
const MAX_HAZARDS: usize = MAX_READS * MAX_WRITES;
/// Vector registers one site's write list holds (a pair for each of two writes).
const MAX_V_WRITTEN: usize = 4;

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
    /// The rounding mode MODE applied (3 bits; 5..=7, which MODE never holds: none counted).
    const RM: u32 = 18;
    /// FFLAGS raised (5 bits).
    const FLAGS: u32 = 21;
    const FALLTHROUGH: u32 = 26;
    const DIVERGENT: u32 = 27;
    /// EXEC class after the step (2 bits).
    const EXEC_AFTER: u32 = 28;
    const RETURNED: u32 = 30;
    /// EXEC before the step (its class is counted for sites with EXEC bins; EXEC itself
    /// costs nothing to pack and rarely changes).
    const EXEC: u32 = 32;
}

/// [`Hot::kind`]: not looked at yet.
const UNSEEN: u8 = 0;
/// Not an instruction of the model (undecodable, unsupported, without semantics).
const OUTSIDE: u8 = 1;
/// Counted through its [`Site`].
const GENERAL: u8 = 2;
/// Counted from its [`Hot`] record alone, after the step (then flushed through its
/// [`Site`]): nothing it reads before the step has changed by then.
const QUICK: u8 = 3;
/// As [`QUICK`], but it writes a register it reads or counts FFLAGS: its sources are
/// classed before the step, and FFLAGS cleared.
const QUICK_PRE: u8 = 4;
/// A quick site of the commonest shape, counted in one piece around the step
/// ([`Run::vector`]): runs per lane, reads at most three vector registers, writes one as
/// an integer or binary32 result and nothing else; no branch (FFLAGS and MODE rounding
/// allowed).
const VECTOR_OP: u8 = 5;
/// As [`VECTOR_OP`], with a binary32 result, FFLAGS or MODE rounding bins (FP work).
const VECTOR_FP: u8 = 6;

/// [`Hot::flags`] of a quick site.
struct Q;
impl Q {
    /// Has FFLAGS bins.
    const FFLAGS: u8 = 1;
    /// Has bins for the rounding mode MODE.rm applies.
    const RM: u8 = 2;
    /// ... MODE.rm16.
    const RM16: u8 = 4;
    /// Has branch bins.
    const BRANCH: u8 = 8;
    /// Has a result.
    const RESULT: u8 = 16;
    /// Reads or writes a vector register (classes over the cache's lanes).
    const VECTOR: u8 = 32;
    /// The result is a binary32 value (else an integer), for [`VECTOR_FP`] sites.
    const F32_RESULT: u8 = 64;
    /// May move PC elsewhere than the next instruction (a branch): the last of a block.
    const JUMPS: u8 = 128;
}

/// A history word packs three sites (PC / 4) of this many bits.
const SITE_BITS: u32 = 21;
/// Code of fewer words than this can be collected with packed histories (8 MiB); longer
/// code goes to the reference collector.
const MAX_SITES: usize = (1 << SITE_BITS) - 1;
/// The hazard history "no instruction yet": three predecessors "none" (all ones).
const HISTORY_MASK: u64 = (1 << (3 * SITE_BITS)) - 1;
const NO_HISTORY: u64 = HISTORY_MASK;
/// [`Hot::key`] before the first retirement: no history packs to it.
const NO_KEY: u64 = u64::MAX;

/// What a retirement of the instruction at one PC needs first, in a table indexed by
/// PC / 4: for a quick site everything (operand codes, the flags of the facts it
/// counts), for every site its pending retirements.
#[derive(Clone, Copy)]
struct Hot {
    kind: u8,
    flags: u8,
    n_src: u8,
    n_written: u8,
    /// Vector registers written (quick sites).
    written: [u8; 2],
    /// Instruction size in bytes (the fall-through of a branch).
    size: u8,
    /// For vector-op sites: the class cache row of the register written (register + 1).
    row: u8,
    /// 0 for an instruction that runs per lane (its vector operands are classed over
    /// EXEC's lanes), else all ones (over all lanes).
    lanes_or: u32,
    /// Source operand codes (cache entries, or [`UNIFORM`] registers).
    src: [u16; MAX_READS],
    /// The result's operand code.
    result: u16,
    /// The [`Block`] headed by this PC (its index + 1), [`BLOCK_UNTRIED`], [`BLOCK_ONCE`]
    /// or [`NO_BLOCK`].
    block: u32,
    /// The outcome of the latest retirements, the predecessors they had (packed like
    /// [`Run::history`]) and how many in a row had both (their bins are added when
    /// either changes, or at the end: exact counts, one comparison per retirement while
    /// a loop repeats itself).
    last: Outcome,
    key: u64,
    repeat: u64,
}

impl Hot {
    const UNSEEN: Hot = Hot {
        kind: UNSEEN,
        flags: 0,
        n_src: 0,
        n_written: 0,
        written: [0; 2],
        size: 0,
        row: 0,
        lanes_or: 0,
        src: [0; MAX_READS],
        result: 0,
        block: BLOCK_UNTRIED,
        last: Outcome {
            sources: 0,
            misc: 0,
        },
        key: NO_KEY,
        repeat: 0,
    };

    /// `n` retirements with `outcome` after the predecessors `key`: more of the pending
    /// ones if they have their outcome and predecessors; `false` if not (counted by
    /// [`Run::changed`]).
    #[inline(always)]
    fn repeats(&mut self, outcome: Outcome, key: u64, n: u64) -> bool {
        let same = self.key == key && self.last == outcome;
        if same {
            self.repeat += n;
        }
        same
    }

    /// Whether a [`Block`] can hold this (seen) site: quick, and any vector operand
    /// classed over EXEC's lanes (the lanes of the whole block).
    fn blockable(&self) -> bool {
        self.kind >= QUICK && (self.flags & Q::VECTOR == 0 || self.lanes_or == 0)
    }

    /// The hot record of `site` (of `inst`): quick when its operands and facts allow.
    fn of(site: &Site, inst: &warpkit_encoding::Inst) -> Hot {
        let mut h = Hot {
            kind: GENERAL,
            size: site.size as u8,
            ..Hot::UNSEEN
        };
        let codes: Option<Vec<u16>> = site.sources[..site.n_sources as usize]
            .iter()
            .map(SiteOperand::code)
            .collect();
        let result = site.result.as_ref().map(SiteOperand::code);
        // After the step a quick site reads EXEC as it was before: it must not write it.
        let writes_exec = inst.desc().writes.contains(&StateLoc::Exec);
        let quick = site.divergence == NONE
            && site.exec_write == NONE
            && site.call == NONE
            && site.ret == NONE
            && !writes_exec
            && !site.writes_indexed
            && site.n_v_written as usize <= h.written.len()
            && codes.is_some()
            && result != Some(None);
        let Some(codes) = codes.filter(|_| quick) else {
            return h;
        };
        // Registers written, as (uniform, first, count).
        let written = |uniform: bool, r: usize| {
            site.writes.iter().flatten().any(|w| {
                w.uniform == uniform
                    && (w.first as usize..w.first as usize + w.count as usize).contains(&r)
            })
        };
        let overwritten = codes.iter().any(|&c| {
            if c & UNIFORM != 0 {
                written(true, (c & 63) as usize)
            } else {
                let r = slot_reg(c);
                written(false, r) || (c & 7 == VIEW_PAIR && written(false, r + 1))
            }
        });
        let mut f = 0;
        h.n_src = codes.len() as u8;
        h.src[..codes.len()].copy_from_slice(&codes);
        h.n_written = site.n_v_written;
        let n = h.written.len();
        h.written.copy_from_slice(&site.v_written[..n]);
        h.lanes_or = if site.per_lane { 0 } else { u32::MAX };
        let mut set = |on: bool, bit: u8| {
            if on {
                f |= bit;
            }
        };
        set(site.fflags != NONE, Q::FFLAGS);
        set(site.round_mode != NONE && !site.round16, Q::RM);
        set(site.round_mode != NONE && site.round16, Q::RM16);
        set(site.branch != NONE, Q::BRANCH);
        set(
            site.branch != NONE || inst.desc().writes.contains(&StateLoc::Pc),
            Q::JUMPS,
        );
        if let Some(Some(r)) = result {
            h.result = r;
            set(true, Q::RESULT);
        }
        let vector = codes
            .iter()
            .chain(&result.flatten())
            .any(|c| c & UNIFORM == 0)
            || site.n_v_written > 0;
        set(vector, Q::VECTOR);
        h.flags = f;
        let vector_op = site.per_lane
            && h.n_src as usize <= 3
            && codes.iter().all(|c| c & UNIFORM == 0)
            && f & (Q::RESULT | Q::BRANCH) == Q::RESULT
            && h.result & UNIFORM == 0
            && h.result & 7 <= 1
            && h.n_written == 1
            && slot_reg(h.result) == h.written[0] as usize;
        h.kind = if vector_op {
            h.row = h.written[0] + 1;
            if h.result & 7 == 1 {
                h.flags |= Q::F32_RESULT;
            }
            if h.flags & (Q::F32_RESULT | Q::FFLAGS | Q::RM | Q::RM16) == 0 {
                VECTOR_OP
            } else {
                VECTOR_FP
            }
        } else if overwritten || f & Q::FFLAGS != 0 {
            QUICK_PRE
        } else {
            QUICK
        };
        h
    }
}

/// What the collector needs of the instruction at one PC beyond its [`Hot`] record,
/// worked out once.
struct Site {
    statics: [u32; MAX_STATIC],
    n_statics: u8,
    /// EXEC bins (per-lane variants), else NONE.
    exec: u32,
    per_lane: bool,
    sources: [SiteOperand; MAX_READS],
    n_sources: u8,
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
    /// The hazard bins found for the predecessors [`Hot::key`].
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
            memo: [0; MAX_HAZARDS],
            n_memo: 0,
        }
    }

    /// Add the bins of the pending retirements (`hot.repeat` times `hot.last`) to `counts`.
    fn flush(&self, hot: &mut Hot, counts: &mut [u64]) {
        let n = hot.repeat;
        if n == 0 {
            return;
        }
        hot.repeat = 0;
        let o = hot.last;
        let field = |at: u32, bits: u32| ((o.misc >> at) & ((1 << bits) - 1)) as u32;
        for &b in &self.statics[..self.n_statics as usize] {
            counts[b as usize] += n;
        }
        if self.exec != NONE {
            let class = exec_class((o.misc >> Misc::EXEC) as u32) as u32;
            counts[(self.exec + class) as usize] += n;
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
    // Class sets of vector sources carry the cache's VALID bit.
    let mut b = bits & !VALID;
    while b != 0 {
        let k = b.trailing_zeros();
        b &= b - 1;
        counts[(first + k) as usize] += n;
    }
}

/// A history entry for "no instruction of the model" (warp start, or one outside it).
const NO_SITE: u32 = u32::MAX;

/// Rows of the class cache (one per register, after a row for "the register before
/// register 0"): a power of two so that a masked index needs no bounds check.
const CACHE_ROWS: usize = (NUM_VREGS + 1).next_power_of_two();
/// An entry holds the class set of the register's current value over the cache's lanes.
const VALID: u16 = 0x8000;

/// The class cache of one warp's vector registers.
struct ClassCache {
    /// The lanes every valid entry's set was worked out over (EXEC rarely changes
    /// between the write of a value and its reads).
    lanes: u32,
    /// Per register and view ([`cache_slot`]): [`VALID`] and the class set, or 0. A write
    /// clears the register's entries and the pair view of the register below it.
    rows: [[u16; VIEWS]; CACHE_ROWS],
    /// Counts the changes of entries (writes, fills, a block's update): a block that finds
    /// it as it left it knows that nothing has changed since.
    epoch: u64,
}

impl ClassCache {
    /// On the heap: one pointer reaches it.
    fn new() -> Box<ClassCache> {
        Box::new(ClassCache {
            lanes: 0,
            rows: [[0; VIEWS]; CACHE_ROWS],
            epoch: 0,
        })
    }

    /// Forget every register's value (a new warp, or a write the facts do not name).
    fn forget_all(&mut self) {
        self.epoch += 1;
        self.rows[..NUM_VREGS + 1].fill([0; VIEWS]);
    }

    #[inline(always)]
    fn entry(&mut self, slot: u16) -> &mut u16 {
        // The entries as one table: a slot is its index (register row × VIEWS + view).
        let all = self.rows.as_flattened_mut();
        &mut all[slot as usize % (CACHE_ROWS * VIEWS)]
    }

    /// Sets are to be worked out over `lanes`.
    #[inline(always)]
    fn use_lanes(&mut self, lanes: u32) {
        if self.lanes != lanes {
            self.forget_all();
            self.lanes = lanes;
        }
    }

    /// The register of row `row` (register + 1) has a new value.
    #[inline(always)]
    fn written_row(&mut self, row: u8) {
        self.epoch += 1;
        self.rows[row as usize] = [0; VIEWS];
        // The pair view of the register below ends at this one.
        let all = self.rows.as_flattened_mut();
        all[(row as usize * VIEWS).wrapping_sub(1) % (CACHE_ROWS * VIEWS)] = 0;
    }

    /// Register `r` (below [`NUM_VREGS`]) has a new value.
    #[inline(always)]
    fn written(&mut self, r: u8) {
        self.written_row(r.wrapping_add(1));
    }

    /// The class set of entry `slot` over the cache's lanes, with [`VALID`] (one
    /// instruction less per read; counting drops it): cached, or worked out and kept.
    #[inline(always)]
    fn classes<const AVX2: bool>(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        let e = *self.entry(slot);
        if e & VALID != 0 {
            return e;
        }
        self.fill::<AVX2>(regs, slot) | VALID
    }

    /// The class set of a value just written to entry `slot`, kept for the reads that
    /// follow: the integer and binary32 views (most results) classed inline, the others
    /// through [`ClassCache::fill`].
    #[inline(always)]
    fn fill_result<const AVX2: bool>(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        let x = &regs[slot_reg(slot) % NUM_VREGS];
        let set = match slot & 7 {
            0 => whole::<AVX2>(ValueKind::Int32, x, self.lanes),
            1 => whole::<AVX2>(ValueKind::F32, x, self.lanes),
            _ => return self.fill::<AVX2>(regs, slot),
        };
        *self.entry(slot) = set | VALID;
        set
    }

    /// Work out the class set of entry `slot` and keep it (one call out of line: the
    /// hot loop stays short).
    #[inline(always)]
    fn fill<const AVX2: bool>(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // SAFETY: AVX2 is only asked for when the CPU has it (`Counts::run`).
            return unsafe { self.fill_avx2(regs, slot) };
        }
        self.fill_plain(regs, slot)
    }

    #[inline(never)]
    fn fill_plain(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        self.fill_with::<false>(regs, slot)
    }

    /// [`ClassCache::fill`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    fn fill_avx2(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        self.fill_with::<true>(regs, slot)
    }

    #[inline(always)]
    fn fill_with<const AVX2: bool>(&mut self, regs: &[VReg; NUM_VREGS], slot: u16) -> u16 {
        let set = view_set::<AVX2>(regs, slot_reg(slot), slot & 7, self.lanes);
        self.epoch += 1;
        *self.entry(slot) = set | VALID;
        set
    }
}

/// The class set of a whole register as an integer or binary32 ([`quick`]), with the
/// quick test over all lanes in AVX2 instructions where the CPU has them.
#[inline(always)]
fn whole<const AVX2: bool>(kind: ValueKind, x: &VReg, lanes: u32) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if AVX2 && lanes == u32::MAX {
        // SAFETY: AVX2 is only asked for when the CPU has it (`Counts::run`).
        let q = unsafe {
            if kind == ValueKind::Int32 {
                int32_all_lanes_avx2(x)
            } else {
                f32_all_lanes_avx2(x)
            }
        };
        return q.unwrap_or_else(|| kind.lanes_bits(x, lanes));
    }
    some_lanes::<AVX2>(kind, x, lanes)
}

/// [`whole`] over some lanes (EXEC partial, or no AVX2): out of line, so that the common
/// case stays short.
#[cold]
#[inline(never)]
fn some_lanes<const AVX2: bool>(kind: ValueKind, x: &VReg, lanes: u32) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: AVX2 is only asked for when the CPU has it (`Counts::run`).
        return unsafe { some_lanes_avx2(kind, x, lanes) };
    }
    quick(kind, x, lanes)
}

/// [`some_lanes`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn some_lanes_avx2(kind: ValueKind, x: &VReg, lanes: u32) -> u16 {
    quick(kind, x, lanes)
}

/// The class set of view `view` of register `r` over `lanes` (as [`reference::classes`]).
#[inline(always)]
fn view_set<const AVX2: bool>(v: &[VReg; NUM_VREGS], r: usize, view: u16, lanes: u32) -> u16 {
    let x = &v[r];
    let half = |h: u32| x.map(|y| (y >> (16 * h)) & 0xffff);
    match view {
        0 => whole::<AVX2>(ValueKind::Int32, x, lanes),
        1 => whole::<AVX2>(ValueKind::F32, x, lanes),
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

/// The class set of an operand of a general site over `lanes`.
#[inline(always)]
fn classes<const AVX2: bool>(
    cache: &mut ClassCache,
    w: &Warp,
    op: &SiteOperand,
    lanes: u32,
) -> u16 {
    match op.read {
        Read::Vector(slot) => {
            cache.use_lanes(lanes);
            cache.classes::<AVX2>(w.vregs(), slot)
        }
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

impl Counts {
    /// Run every warp of `launch` on `code` until its step count reaches `max_steps` or it
    /// ends, counting bins. Returns how each warp stands.
    pub fn run(&mut self, code: &[u8], launch: Launch, max_steps: u64) -> Vec<RunStatus> {
        let model = Model::get();
        let p = Program::new(code);
        let n = code.len() / 4 + 1;
        if n > MAX_SITES {
            return self.run_reference(code, launch, max_steps);
        }
        let mut hot = vec![Hot::UNSEEN; n];
        let mut sites: Vec<Option<Box<Site>>> = Vec::new();
        sites.resize_with(n, || None);
        let mut cache = ClassCache::new();
        let mut blocks = Blocks::new(n);
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
                        hot: &mut hot,
                        sites: &mut sites,
                        cache: &mut cache,
                        blocks: &mut blocks,
                        history: NO_HISTORY,
                        links: Vec::new(),
                        src: 0,
                        exec: 0,
                        lanes: 0,
                        old_fflags: 0,
                        divergent: false,
                    }
                };
            }
            #[cfg(target_arch = "x86_64")]
            let (status, retired) = if avx2 {
                let mut run = run!(true);
                // SAFETY: this CPU has AVX2 (checked above).
                let o = unsafe { warp_avx2(&mut run, &mut w, max_steps) };
                (o.status, o.steps)
            } else {
                let mut run = run!(false);
                let o = run.warp(&mut w, max_steps);
                (o.status, o.steps)
            };
            #[cfg(not(target_arch = "x86_64"))]
            let (status, retired) = {
                let mut run = run!(false);
                let o = run.warp(&mut w, max_steps);
                (o.status, o.steps)
            };
            self.instructions += retired;
            out.push(status);
        }
        for (h, s) in hot.iter_mut().zip(&sites) {
            if let Some(s) = s {
                s.flush(h, &mut self.bins);
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
    hot: &'a mut [Hot],
    sites: &'a mut [Option<Box<Site>>],
    cache: &'a mut ClassCache,
    blocks: &'a mut Blocks,
    /// The sites (PC / 4) of the last three instructions, [`SITE_BITS`] each, the latest
    /// highest (all ones: none): the predecessors that decide hazards, compared in one go.
    history: u64,
    /// The links of the calls not yet returned from.
    links: Vec<u32>,
    /// The class sets of the sources read before the step, at their places in
    /// [`Outcome::sources`] (general and [`QUICK_PRE`] sites).
    src: u64,
    exec: u32,
    lanes: u32,
    /// FFLAGS before the instruction (it runs from none so that its own flags show).
    old_fflags: u8,
    /// Some active lanes branch and some do not (EXEC branches).
    divergent: bool,
}

/// The predecessors of the instruction at site `i`, which is retiring (the hazard key,
/// [`Hot::key`]), from `history` ([`Run::history`]), which moves on to include it.
#[inline(always)]
fn next_history(history: &mut u64, i: usize) -> u64 {
    // The latest site in the top bits: shifting right drops the oldest (no mask); `i` fits
    // in its bits (the code has fewer than `MAX_SITES` words).
    let key = *history;
    *history = key >> SITE_BITS | (i as u64) << (2 * SITE_BITS);
    key
}

/// The class sets of a quick site's sources, at their places in [`Outcome::sources`].
#[inline(always)]
fn quick_sources<const AVX2: bool>(cache: &mut ClassCache, w: &Warp, h: &Hot) -> u64 {
    let mut src = 0u64;
    // A fixed count of rounds, so the loop unrolls.
    for k in 0..MAX_READS {
        if k < h.n_src as usize {
            let c = h.src[k];
            let set = if c & UNIFORM == 0 {
                cache.classes::<AVX2>(w.vregs(), c)
            } else {
                uniform_set(w.uregs(), c)
            };
            src |= (set as u64) << (16 * k);
        }
    }
    src
}

impl<const AVX2: bool> Watch for Run<'_, AVX2> {
    /// The commonest instructions are counted in one piece ([`Run::vector`]); the others
    /// through [`Watch::before`] and [`Watch::after`].
    #[inline(always)]
    fn around<const CHECK: bool>(&mut self, w: &mut Warp, pc: u32, step: &mut Step<CHECK>) -> bool {
        let i = (pc >> 2) as usize;
        if pc & 3 == 0 {
            if let Some(h) = self.hot.get(i) {
                let (mut b, kind) = (h.block, h.kind);
                if b != NO_BLOCK {
                    if b >= BLOCK_ONCE {
                        // Blocks are made where rounds start again (loops): code that runs
                        // once is not worth one.
                        if b == BLOCK_ONCE {
                            self.form_block(i);
                        } else {
                            self.hot[i].block = BLOCK_ONCE;
                        }
                        b = self.hot[i].block;
                    }
                    if b < BLOCK_ONCE {
                        if let Some(go_on) = self.block(w, b as usize - 1, step) {
                            return go_on;
                        }
                    }
                }
                match kind {
                    VECTOR_OP => return self.vector::<false, CHECK>(w, i, step),
                    VECTOR_FP => return self.vector::<true, CHECK>(w, i, step),
                    _ => {}
                }
            }
        }
        self.before(w, pc);
        let retired = step.run(w);
        if retired {
            self.after(w, pc);
        }
        retired
    }

    /// Look at what the step will change: sources it overwrites, FFLAGS (most
    /// instructions need nothing here).
    #[inline(always)]
    fn before(&mut self, w: &mut Warp, pc: u32) {
        let i = (pc >> 2) as usize;
        if pc & 3 != 0 || i >= self.hot.len() {
            // Not an instruction: the run stops here.
            return;
        }
        let h = &self.hot[i];
        if h.kind == QUICK {
            return;
        }
        // (A vector-op site is seen here only the first time it runs: as QUICK_PRE.)
        if h.kind != QUICK_PRE && h.kind != VECTOR_OP && h.kind != VECTOR_FP {
            self.before_other(w, i);
            return;
        }
        let f = h.flags;
        let cache = &mut *self.cache;
        if f & Q::VECTOR != 0 {
            cache.use_lanes(w.exec() | h.lanes_or);
        }
        self.src = quick_sources::<AVX2>(cache, w, h);
        if f & Q::FFLAGS != 0 {
            // Start from no flags so the flags this instruction raises can be seen
            // (FFLAGS is sticky); restored after it (or after the run, if it faults).
            self.old_fflags = w.fflags();
            w.put_fflags(0);
        }
    }

    /// Count the retirement: sources, the result and the facts after the step, hazards.
    #[inline(always)]
    fn after(&mut self, w: &mut Warp, pc: u32) {
        let i = (pc >> 2) as usize;
        // Masked by shifts (no 64-bit constant).
        let key = next_history(&mut self.history, i);
        let Some(h) = self.hot.get_mut(i) else {
            return;
        };
        if h.kind < QUICK {
            self.after_other(w, pc, i, key);
            return;
        }
        let cache = &mut *self.cache;
        let src = if h.kind == QUICK {
            if h.flags & Q::VECTOR != 0 {
                cache.use_lanes(w.exec() | h.lanes_or);
            }
            quick_sources::<AVX2>(cache, w, h)
        } else {
            self.src
        };
        let outcome = quick_outcome::<AVX2>(cache, w, h, pc, src, self.old_fflags);
        if !h.repeats(outcome, key, 1) {
            self.changed(i, outcome, key, 1);
        }
    }
}

/// The outcome of a retirement of the quick site `h` at `pc` that just ran, with `src`
/// the class sets of its sources and `old_fflags` FFLAGS before it (cleared for the step
/// if the site counts FFLAGS, and now put back with the flags it raised).
#[inline(always)]
fn quick_outcome<const AVX2: bool>(
    cache: &mut ClassCache,
    w: &mut Warp,
    h: &Hot,
    pc: u32,
    src: u64,
    old_fflags: u8,
) -> Outcome {
    let f = h.flags;
    // A quick site does not write EXEC: as it was before the step.
    let mut misc = (w.exec() as u64) << Misc::EXEC;
    if f & Q::FFLAGS != 0 {
        let raised = w.fflags();
        w.put_fflags(old_fflags | raised);
        misc |= ((raised & 0x1f) as u64) << Misc::FLAGS;
    }
    for k in 0..2 {
        if k < h.n_written as usize {
            cache.written(h.written[k]);
        }
    }
    if f & Q::RESULT != 0 {
        let c = h.result;
        let set = if c & UNIFORM == 0 {
            // A new value: worked out now, kept for the reads that follow.
            cache.fill_result::<AVX2>(w.vregs(), c)
        } else {
            uniform_set(w.uregs(), c)
        };
        misc |= (set as u64) << Misc::RESULT;
    }
    if f & (Q::RM | Q::RM16 | Q::BRANCH) != 0 {
        if f & (Q::RM | Q::RM16) != 0 {
            let m = w.mode();
            let rm = if f & Q::RM16 != 0 { m.rm16 } else { m.rm };
            misc |= ((rm & 7) as u64) << Misc::RM;
        }
        if f & Q::BRANCH != 0 {
            let fallthrough = pc.wrapping_add(h.size as u32);
            misc |= u64::from(w.pc() == fallthrough) << Misc::FALLTHROUGH;
        }
    }
    Outcome { sources: src, misc }
}

/// A [`VECTOR_OP`] site's instruction (a [`VECTOR_FP`] one with `FP`) run by `step`, with
/// the cache's lanes EXEC: its outcome (sources classed before the step, the result after
/// it, in one piece), or `None` if it did not retire.
#[inline(always)]
fn vector_outcome<const AVX2: bool, const FP: bool, const CHECK: bool>(
    cache: &mut ClassCache,
    w: &mut Warp,
    h: &Hot,
    step: &mut Step<CHECK>,
    old_fflags: &mut u8,
) -> Option<Outcome> {
    let exec = w.exec();
    let mut src = 0u64;
    // A fixed count of rounds, so the loop unrolls.
    for k in 0..3 {
        if k < h.n_src as usize {
            src |= (cache.classes::<AVX2>(w.vregs(), h.src[k]) as u64) << (16 * k);
        }
    }
    let f = h.flags;
    let old = w.fflags();
    if FP && f & Q::FFLAGS != 0 {
        // Start from no flags so the flags this instruction raises can be seen;
        // restored after it (or after the run, if it faults: `Run::warp`).
        *old_fflags = old;
        w.put_fflags(0);
    }
    if !step.run(w) {
        return None;
    }
    let mut misc = (exec as u64) << Misc::EXEC;
    if FP && f & Q::FFLAGS != 0 {
        let raised = w.fflags();
        w.put_fflags(old | raised);
        misc |= ((raised & 0x1f) as u64) << Misc::FLAGS;
    }
    // The result: a new value of the one register written (row `h.row` of the cache),
    // worked out now and kept for the reads that follow.
    cache.written_row(h.row);
    let x = &w.vregs()[h.written[0] as usize % NUM_VREGS];
    let set = if FP && f & Q::F32_RESULT != 0 {
        whole::<AVX2>(ValueKind::F32, x, exec)
    } else {
        whole::<AVX2>(ValueKind::Int32, x, exec)
    };
    *cache.entry(h.result) = set | VALID;
    misc |= set as u64;
    if FP && f & (Q::RM | Q::RM16) != 0 {
        let m = w.mode();
        let rm = if f & Q::RM16 != 0 { m.rm16 } else { m.rm };
        misc |= ((rm & 7) as u64) << Misc::RM;
    }
    Some(Outcome { sources: src, misc })
}

impl<const AVX2: bool> Run<'_, AVX2> {
    /// Run `w` to its end or until its step count reaches `max_steps`: how it stands and
    /// how many instructions it retired.
    #[inline(always)]
    fn warp(&mut self, w: &mut Warp, max_steps: u64) -> RunOutcome {
        let p = self.p;
        let o = w.run_watched(p, max_steps.saturating_sub(w.steps()), self);
        for b in 0..self.blocks.len() {
            self.flush_block(b);
        }
        if let RunStatus::Faulted(f) = &o.status {
            // The faulting instruction (at PC: it changed nothing) was looked at before;
            // FFLAGS is put back as it was.
            let i = (w.pc() >> 2) as usize;
            if let (Some(h), Some(site)) = (self.hot.get(i), self.sites.get(i)) {
                let cleared = match h.kind {
                    QUICK_PRE | VECTOR_OP | VECTOR_FP => h.flags & Q::FFLAGS != 0,
                    GENERAL => site.as_ref().is_some_and(|s| s.fflags != NONE),
                    _ => false,
                };
                if cleared && w.pc() & 3 == 0 {
                    w.put_fflags(self.old_fflags);
                }
            }
            if let Some(k) = fault_bin(&f.reason) {
                self.counts[(self.model.fault + k) as usize] += 1;
            }
        }
        o
    }

    /// A [`VECTOR_OP`] site's instruction (a [`VECTOR_FP`] one with `FP`), run by `step`,
    /// and its retirement counted ([`vector_outcome`]).
    #[inline(always)]
    fn vector<const FP: bool, const CHECK: bool>(
        &mut self,
        w: &mut Warp,
        i: usize,
        step: &mut Step<CHECK>,
    ) -> bool {
        let Some(h) = self.hot.get_mut(i) else {
            return step.run(w);
        };
        let cache = &mut *self.cache;
        cache.use_lanes(w.exec());
        let Some(outcome) =
            vector_outcome::<AVX2, FP, CHECK>(cache, w, h, step, &mut self.old_fflags)
        else {
            return false;
        };
        let key = next_history(&mut self.history, i);
        if !h.repeats(outcome, key, 1) {
            self.changed(i, outcome, key, 1);
        }
        true
    }

    /// `n` retirements of site `i` with `outcome` after the predecessors `key`.
    #[inline(always)]
    fn add(&mut self, i: usize, outcome: Outcome, key: u64, n: u64) {
        if !self.hot[i].repeats(outcome, key, n) {
            self.changed(i, outcome, key, n);
        }
    }

    /// Set up the site at index `i` on first sight.
    #[inline(never)]
    fn see(&mut self, i: usize) {
        let pc = (i * 4) as u32;
        let inst = self.p.inst_at(pc);
        let site = inst.and_then(|inst| {
            self.model.variants[inst.id.0 as usize]
                .as_ref()
                .map(|vb| Site::new(inst, vb))
        });
        let block = self.hot[i].block;
        self.hot[i] = match (&site, inst) {
            (Some(s), Some(inst)) => Hot::of(s, &inst),
            _ => Hot {
                kind: OUTSIDE,
                ..Hot::UNSEEN
            },
        };
        self.hot[i].block = block;
        self.sites[i] = site.map(Box::new);
    }

    /// `n` retirements of site `i` with an outcome or predecessors (`key`) other than the
    /// pending ones: those are counted, and hazards searched for new predecessors.
    #[inline(never)]
    fn changed(&mut self, i: usize, outcome: Outcome, key: u64, n: u64) {
        let Some(site) = self.sites[i].as_deref() else {
            return;
        };
        let h = &mut self.hot[i];
        site.flush(h, self.counts);
        if h.key != key {
            // The latest site in the top bits.
            let site_of = |k: u32| match (key >> ((2 - k) * SITE_BITS)) as usize & MAX_SITES {
                MAX_SITES => NO_SITE,
                s => s as u32,
            };
            let prev = [site_of(0), site_of(1), site_of(2)];
            let (memo, n) = search_hazards(self.model, &site.reads, prev, self.sites);
            if let Some(site) = self.sites[i].as_deref_mut() {
                (site.memo, site.n_memo) = (memo, n);
            }
        }
        let h = &mut self.hot[i];
        h.key = key;
        h.last = outcome;
        h.repeat = n;
    }

    /// [`Watch::before`] of a site not (yet) known to be quick.
    #[inline(never)]
    fn before_other(&mut self, w: &mut Warp, i: usize) {
        if self.hot[i].kind == UNSEEN {
            self.see(i);
            if self.hot[i].kind >= QUICK {
                // Now known: as any other quick site.
                return self.before(w, (i * 4) as u32);
            }
        }
        let Some(site) = self.sites[i].as_deref() else {
            return;
        };
        let exec = w.exec();
        let lanes = if site.per_lane { exec } else { u32::MAX };
        let mut src = 0u64;
        for (k, op) in site.sources[..site.n_sources as usize].iter().enumerate() {
            src |= (classes::<AVX2>(self.cache, w, op, lanes) as u64) << (16 * k);
        }
        if site.rare {
            if site.fflags != NONE {
                self.old_fflags = w.fflags();
                w.put_fflags(0);
            }
            if site.divergence != NONE {
                let m = w.uregs()[site.rs1 as usize & 63] & exec;
                self.divergent = m != 0 && m != exec;
            }
        }
        self.src = src;
        self.exec = exec;
        self.lanes = lanes;
    }

    /// [`Watch::after`] of a site that is not quick: counted through its [`Site`].
    #[inline(never)]
    fn after_other(&mut self, w: &mut Warp, pc: u32, i: usize, key: u64) {
        let Some(site) = self.sites[i].as_deref() else {
            // Not an instruction of the model: its writes are not in the model's facts.
            self.cache.forget_all();
            return;
        };
        let (cache, lanes) = (&mut *self.cache, self.lanes);
        let mut misc = (self.exec as u64) << Misc::EXEC;
        if site.rare && site.fflags != NONE {
            let raised = w.fflags();
            w.put_fflags(self.old_fflags | raised);
            misc |= ((raised & 0x1f) as u64) << Misc::FLAGS;
        }
        // The registers written have new values.
        if site.writes_indexed {
            cache.forget_all();
        } else {
            for &r in &site.v_written[..site.n_v_written as usize] {
                cache.written(r);
            }
        }
        if let Some(op) = &site.result {
            let set = match op.read {
                // A new value: worked out now, kept for the reads that follow.
                Read::Vector(slot) => {
                    cache.use_lanes(lanes);
                    cache.fill_result::<AVX2>(w.vregs(), slot)
                }
                _ => classes::<AVX2>(cache, w, op, lanes),
            };
            misc |= (set as u64) << Misc::RESULT;
        }
        if site.rare {
            if site.round_mode != NONE {
                let m = w.mode();
                let rm = if site.round16 { m.rm16 } else { m.rm };
                misc |= ((rm & 7) as u64) << Misc::RM;
            }
            if site.control {
                let next = w.pc();
                if site.branch != NONE {
                    let fallthrough = pc.wrapping_add(site.size);
                    misc |= u64::from(next == fallthrough) << Misc::FALLTHROUGH;
                }
                if site.divergence != NONE {
                    misc |= u64::from(self.divergent) << Misc::DIVERGENT;
                }
                if site.exec_write != NONE {
                    misc |= (exec_class(w.exec()) as u64) << Misc::EXEC_AFTER;
                }
                if site.call != NONE {
                    if let Some(&link) = w.uregs().get(site.rd as usize) {
                        reference::push_link(&mut self.links, link);
                    }
                }
                if site.ret != NONE && reference::returns(&mut self.links, next) {
                    misc |= 1 << Misc::RETURNED;
                }
            }
        }
        let outcome = Outcome {
            sources: self.src,
            misc,
        };
        let h = &mut self.hot[i];
        if !h.repeats(outcome, key, 1) {
            self.changed(i, outcome, key, 1);
        }
    }
}

/// [`Run::warp`] compiled for AVX2 as a whole (the lane classing inlined into it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn warp_avx2(run: &mut Run<'_, true>, w: &mut Warp, max_steps: u64) -> RunOutcome {
    run.warp(w, max_steps)
}

/// The exact hazard search of the reference for a site's reads after the predecessors
/// `prev` (site indices).
fn search_hazards(
    model: &Model,
    reads: &[Option<RegRange>; MAX_READS],
    prev: [u32; HAZARD_DISTANCE],
    sites: &[Option<Box<Site>>],
) -> ([u32; MAX_HAZARDS], u8) {
    let mut recent = [[None; MAX_WRITES]; HAZARD_DISTANCE];
    for (r, &s) in recent.iter_mut().zip(&prev) {
        if let Some(Some(site)) = sites.get(s as usize) {
            *r = site.writes;
        }
    }
    let mut bins = [0u32; MAX_HAZARDS];
    let mut n = 0usize;
    reference::hazards(reads, &recent, |k, d| {
        bins[n] = model.hazard_bin(k, d);
        n += 1;
    });
    (bins, n as u8)
}

// ------------------------------------------------------------------ blocks

/// [`Hot::block`]: no round has started at this PC yet, one has (a block is made at the
/// next), no block starts at this PC (its site, or the next, cannot be in one); other
/// values are a block's index + 1.
const BLOCK_UNTRIED: u32 = u32::MAX - 1;
const BLOCK_ONCE: u32 = u32::MAX - 2;
const NO_BLOCK: u32 = u32::MAX;
/// Instructions of one block at most.
const MAX_BLOCK: usize = 64;
/// Sources a block classes when it starts, at most.
const MAX_LIVE: usize = 64;
/// Block instructions per word of code at most: blocks overlap where code is entered in
/// the middle of one, and beyond this budget no more are made (memory stays proportional
/// to the code).
const BLOCK_ENTRIES_PER_WORD: usize = 2;

/// How [`Planned::how`] classes an instruction's result after the step.
const RES_NONE: u8 = 0;
const RES_INT32: u8 = 1;
const RES_F32: u8 = 2;
/// Another view of a vector register.
const RES_VIEW: u8 = 3;
const RES_UNIFORM: u8 = 4;

/// The facts of one step, packed in [`Block`] records: the result's class set, then these.
const RAW_FLAGS: u32 = 16;
const RAW_RM: u32 = 21;
const RAW_FALLTHROUGH: u32 = 24;

/// What a block looks at after one of its instructions.
#[derive(Clone, Copy)]
struct Planned {
    how: u8,
    /// [`Q`] flags of the site ([`Q::FFLAGS`], [`Q::RM`], [`Q::RM16`], [`Q::BRANCH`]).
    flags: u8,
    /// May raise FFLAGS (FFLAGS is then cleared after it, so that the next instruction's
    /// flags show on their own).
    raises: bool,
    /// The vector register of the result.
    reg: u8,
    /// The result's operand code.
    code: u16,
    /// The PC after it when it does not jump.
    fallthrough: u32,
    /// Its facts in the pending runs.
    last: u32,
}

/// [`Block::live_next`]: the entry is cleared.
const CLEARED: u8 = u8::MAX;

/// Where one source's class set comes from: the result of instruction `k` of the block
/// (`k` below [`MAX_BLOCK`]), or live-in set `MAX_BLOCK + l`.
type SourceOf = u8;

/// A block: a straight run of quick sites from a PC where a round of the watched run
/// starts, up to and including a branch, run along the code's chain ([`Step::straight`])
/// and counted in one piece.
///
/// Every source of a block's instruction is either *live-in* (its register is not written
/// earlier in the block: classed once when the block starts, through the class cache) or
/// the result of an earlier instruction of the block, read in the same view (its class set
/// is that result's). So after each step only the result is classed (and FFLAGS, MODE and
/// a branch looked at); nothing before it. A run in full is then compared with the
/// pending runs in one go (predecessors, EXEC, the live-in sets and every instruction's
/// facts), and while a loop repeats itself only the block's repeat count grows. The
/// outcomes of its instructions are put together only when that changes or a warp ends
/// ([`Run::flush_block`]); a run cut short (a fault, the end of the code, the step limit)
/// counts the instructions that retired one by one. The class cache is brought up to date
/// once per run, from a list of what the block's writes leave in it; when nothing else
/// has changed it since ([`ClassCache::epoch`]), the vector live-in sets are known.
struct Block {
    /// Its instructions' sites (PC / 4), in order.
    sites: Vec<u32>,
    steps: Vec<Planned>,
    /// Per instruction, where its sources come from (as many as its site has).
    sources: Vec<[SourceOf; MAX_READS]>,
    n_sources: Vec<u8>,
    /// Operand codes of the live-in sources: class cache entries (the first `n_vlive`),
    /// then uniform registers.
    live: Vec<u16>,
    n_vlive: usize,
    /// What a run in full leaves in the class cache: rows to clear (register + 1), single
    /// entries to clear, entries set to an instruction's result.
    clear_rows: Vec<u8>,
    clear_entries: Vec<u16>,
    set_entries: Vec<(u16, u8)>,
    /// The vector live-ins whose entries that update touches: (live-in, the instruction
    /// whose result the entry is then set to, or [`CLEARED`]).
    live_next: Vec<(u8, u8)>,
    /// [`ClassCache::epoch`] after the block's latest run in full updated the cache, and
    /// whether the vector live-in sets of a run from that cache are those of that run
    /// (a loop of one block): then, while the epoch has not moved, they are known.
    fix_epoch: u64,
    next_same: bool,
    /// Some instruction reads or writes a vector register; some may raise FFLAGS.
    vector: bool,
    raises: bool,
    /// [`Run::history`] after the block, when it has three or more instructions.
    exit: u64,
    /// The pending runs: the predecessors at the block's start ([`NO_KEY`] before the
    /// first), EXEC, the live-in sets, every instruction's facts, how many.
    entry: u64,
    exec: u32,
    last_live: Vec<u16>,
    repeat: u64,
}

/// The blocks of one program, and room for what the running one finds.
struct Blocks {
    list: Vec<Block>,
    /// Instructions in all blocks, and the most there may be.
    entries: usize,
    budget: usize,
    live: [u16; MAX_LIVE],
    raw: [u32; MAX_BLOCK],
}

impl Blocks {
    fn new(code_words: usize) -> Box<Blocks> {
        Box::new(Blocks {
            list: Vec::new(),
            entries: 0,
            budget: code_words.saturating_mul(BLOCK_ENTRIES_PER_WORD),
            live: [0; MAX_LIVE],
            raw: [0; MAX_BLOCK],
        })
    }

    fn len(&self) -> usize {
        self.list.len()
    }
}

/// The class set of a result in a view other than the whole register as an integer or
/// binary32 (halves, pairs, two binary16): out of line, so that the common results stay
/// short.
#[inline(never)]
fn other_view<const AVX2: bool>(v: &[VReg; NUM_VREGS], p: &Planned, exec: u32) -> u16 {
    view_set::<AVX2>(v, p.reg as usize % NUM_VREGS, p.code & 7, exec)
}

/// The registers operand `code` covers: (uniform, first, count).
fn covered(code: u16) -> (bool, usize, usize) {
    if code & UNIFORM != 0 {
        (true, (code & 63) as usize, 1)
    } else {
        let n = if code & 7 == VIEW_PAIR { 2 } else { 1 };
        (false, slot_reg(code), n)
    }
}

impl<const AVX2: bool> Run<'_, AVX2> {
    /// Run the block `b` (its first instruction at PC) by `step` and count it: whether the
    /// run goes on, or `None` if it cannot run there (nothing ran).
    #[inline(always)]
    fn block<const CHECK: bool>(
        &mut self,
        w: &mut Warp,
        b: usize,
        step: &mut Step<CHECK>,
    ) -> Option<bool> {
        let Blocks {
            list, live, raw, ..
        } = &mut *self.blocks;
        let blk = &mut list[b];
        let cache = &mut *self.cache;
        let exec = w.exec();
        if blk.vector {
            cache.use_lanes(exec);
        }
        let entry = self.history;
        let mut diff = (entry ^ blk.entry) | (exec ^ blk.exec) as u64;
        let nv = blk.n_vlive;
        // Nothing has changed the cache since this block's latest run in full, whose
        // vector live-in sets (the pending ones) these are again.
        let known = blk.next_same && cache.epoch == blk.fix_epoch;
        if !known {
            let vlive = blk.live[..nv].iter().zip(&blk.last_live[..nv]);
            for ((&e, &last), set) in vlive.zip(live.iter_mut()) {
                *set = cache.classes::<AVX2>(w.vregs(), e);
                diff |= (*set ^ last) as u64;
            }
        }
        let ulive = blk.live[nv..].iter().zip(&blk.last_live[nv..]);
        for ((&code, &last), set) in ulive.zip(live.iter_mut().skip(nv)) {
            *set = uniform_set(w.uregs(), code);
            diff |= (*set ^ last) as u64;
        }
        let n = blk.steps.len();
        let Some(mut run) = step.straight(w, n) else {
            // Off the code's chain: one instruction at a time from here.
            self.hot[self.blocks.list[b].sites[0] as usize].block = NO_BLOCK;
            return None;
        };
        // FFLAGS as it was, with the flags raised since; the warp's FFLAGS holds only the
        // latest instruction's.
        let mut hidden = 0;
        if blk.raises {
            hidden = w.fflags();
            w.put_fflags(0);
        }
        let mut d = 0u32;
        for (p, slot) in blk.steps.iter().zip(raw.iter_mut()) {
            if !run.next(w) {
                break;
            }
            let mut r = match p.how {
                RES_INT32 => whole::<AVX2>(ValueKind::Int32, &w.vregs()[p.reg as usize], exec),
                RES_F32 => whole::<AVX2>(ValueKind::F32, &w.vregs()[p.reg as usize], exec),
                RES_UNIFORM => uniform_set(w.uregs(), p.code),
                RES_VIEW => other_view::<AVX2>(w.vregs(), p, exec),
                _ => 0,
            } as u32;
            if p.raises {
                let raised = w.fflags();
                hidden |= raised;
                w.put_fflags(0);
                if p.flags & Q::FFLAGS != 0 {
                    r |= ((raised & 0x1f) as u32) << RAW_FLAGS;
                }
            }
            if p.flags & (Q::RM | Q::RM16 | Q::BRANCH) != 0 {
                if p.flags & (Q::RM | Q::RM16) != 0 {
                    let m = w.mode();
                    let rm = if p.flags & Q::RM16 != 0 { m.rm16 } else { m.rm };
                    r |= ((rm & 7) as u32) << RAW_RM;
                }
                if p.flags & Q::BRANCH != 0 {
                    r |= u32::from(w.pc() == p.fallthrough) << RAW_FALLTHROUGH;
                }
            }
            *slot = r;
            d |= r ^ p.last;
        }
        let done = run.done();
        drop(run);
        if blk.raises {
            let now = hidden | w.fflags();
            w.put_fflags(now);
            // What `Run::warp` puts back if the run stopped at a fault.
            self.old_fflags = now;
        }
        if done < n {
            let go_on = !step.stopped();
            self.block_part(b, done, exec, known);
            return Some(go_on);
        }
        if !known {
            // (Otherwise the cache is as this block's latest run left it: cleared there.)
            for &row in &blk.clear_rows {
                cache.rows[row as usize % CACHE_ROWS] = [0; VIEWS];
            }
            for &e in &blk.clear_entries {
                *cache.entry(e) = 0;
            }
        }
        for &(e, k) in &blk.set_entries {
            *cache.entry(e) = (raw[k as usize % MAX_BLOCK] as u16) | VALID;
        }
        cache.epoch += 1;
        blk.fix_epoch = cache.epoch;
        self.history = if n >= 3 {
            blk.exit
        } else {
            let mut history = entry;
            for &i in &blk.sites {
                next_history(&mut history, i as usize);
            }
            history
        };
        if diff | d as u64 == 0 {
            blk.repeat += 1;
        } else {
            self.block_changed(b, entry, exec, known);
        }
        Some(true)
    }

    /// The outcome of instruction `k` of block `b`, from its facts `raw`, the live-in sets
    /// `live` and EXEC `exec`.
    fn block_outcome(&self, b: usize, k: usize, raw: &[u32], live: &[u16], exec: u32) -> Outcome {
        let blk = &self.blocks.list[b];
        let mut sources = 0u64;
        for (j, &from) in blk.sources[k][..blk.n_sources[k] as usize]
            .iter()
            .enumerate()
        {
            let set = if (from as usize) < MAX_BLOCK {
                let m = from as usize;
                let vector = blk.steps[m].code & UNIFORM == 0;
                // Vector sources carry the cache's VALID bit (as on the other paths).
                raw[m] as u16 | if vector { VALID } else { 0 }
            } else {
                live[from as usize - MAX_BLOCK]
            };
            sources |= (set as u64) << (16 * j);
        }
        let r = raw[k];
        let misc = (exec as u64) << Misc::EXEC
            | (r & 0xffff) as u64
            | ((r >> RAW_FLAGS & 0x1f) as u64) << Misc::FLAGS
            | ((r >> RAW_RM & 7) as u64) << Misc::RM
            | ((r >> RAW_FALLTHROUGH & 1) as u64) << Misc::FALLTHROUGH;
        Outcome { sources, misc }
    }

    /// The first `done` instructions of block `b` retired under `exec` (its run was cut
    /// short): each is counted, and the class cache brought up to date with their writes.
    #[inline(never)]
    fn block_part(&mut self, b: usize, done: usize, exec: u32, known: bool) {
        self.known_live(b, known);
        let (raw, live) = (self.blocks.raw, self.blocks.live);
        for k in 0..done {
            let o = self.block_outcome(b, k, &raw, &live, exec);
            let blk = &self.blocks.list[b];
            let (i, p) = (blk.sites[k] as usize, blk.steps[k]);
            let h = &self.hot[i];
            for r in &h.written[..h.n_written as usize] {
                self.cache.written(*r);
            }
            if p.how != RES_NONE && p.how != RES_UNIFORM {
                *self.cache.entry(p.code) = raw[k] as u16 | VALID;
            }
            let key = next_history(&mut self.history, i);
            self.add(i, o, key, 1);
        }
    }

    /// Block `b` ran in full from the predecessors `entry` under `exec`, with facts (in
    /// the scratch) other than the pending ones: those are counted, these become pending.
    #[inline(never)]
    fn block_changed(&mut self, b: usize, entry: u64, exec: u32, known: bool) {
        self.known_live(b, known);
        self.flush_block(b);
        let Blocks {
            list, live, raw, ..
        } = &mut *self.blocks;
        let blk = &mut list[b];
        // Whether a run from the cache this one leaves finds these live-in sets again (a
        // run that repeats this one leaves the same).
        blk.next_same = blk.live_next.iter().all(|&(l, k)| {
            k != CLEARED
                && raw[k as usize % MAX_BLOCK] as u16 | VALID == live[l as usize % MAX_LIVE]
        });
        for (p, &r) in blk.steps.iter_mut().zip(raw.iter()) {
            p.last = r;
        }
        let l = blk.last_live.len();
        blk.last_live.copy_from_slice(&live[..l]);
        blk.entry = entry;
        blk.exec = exec;
        blk.repeat = 1;
    }

    /// The vector live-in sets of the running block `b` into the scratch, if they were
    /// `known` (the pending ones) rather than looked up there.
    fn known_live(&mut self, b: usize, known: bool) {
        if known {
            let Blocks { list, live, .. } = &mut *self.blocks;
            let blk = &list[b];
            live[..blk.n_vlive].copy_from_slice(&blk.last_live[..blk.n_vlive]);
        }
    }

    /// Add the pending runs of block `b` to its sites' pending retirements.
    fn flush_block(&mut self, b: usize) {
        let blk = &mut self.blocks.list[b];
        let n = blk.repeat;
        if n == 0 {
            return;
        }
        blk.repeat = 0;
        // The pending facts and live-in sets, copied out (no allocation: this runs whenever
        // a block's facts change).
        let mut raw = [0u32; MAX_BLOCK];
        let mut live = [0u16; MAX_LIVE];
        for (r, p) in raw.iter_mut().zip(&blk.steps) {
            *r = p.last;
        }
        live[..blk.last_live.len()].copy_from_slice(&blk.last_live);
        let (exec, mut history, len) = (blk.exec, blk.entry, blk.sites.len());
        for k in 0..len {
            let i = self.blocks.list[b].sites[k] as usize;
            let o = self.block_outcome(b, k, &raw, &live, exec);
            let key = next_history(&mut history, i);
            self.add(i, o, key, n);
        }
    }

    /// Try to make a block headed by site `i` (the PC a round starts at).
    #[inline(never)]
    fn form_block(&mut self, i: usize) {
        let mut sites = Vec::new();
        let mut plan = Vec::new();
        let mut sources = Vec::new();
        let mut n_sources = Vec::new();
        let mut live: Vec<u16> = Vec::new();
        // The instruction of the block that wrote each register last.
        let mut v_writer = [None::<usize>; NUM_VREGS];
        let mut u_writer = [None::<usize>; NUM_UREGS];
        let mut j = i;
        'walk: while sites.len() < MAX_BLOCK && j < self.hot.len() {
            if self.hot[j].kind == UNSEEN {
                self.see(j);
            }
            let h = self.hot[j];
            let (Some(site), Some(inst)) = (self.sites[j].as_deref(), self.p.inst_at(j as u32 * 4))
            else {
                break;
            };
            let d = inst.desc();
            if !h.blockable() || d.reads.contains(&StateLoc::Fflags) {
                break;
            }
            let k = sites.len();
            let mut from = [0 as SourceOf; MAX_READS];
            for (f, &code) in from.iter_mut().zip(&h.src[..h.n_src as usize]) {
                let (uniform, first, count) = covered(code);
                let writers: Vec<Option<usize>> = (first..first + count)
                    .map(|r| {
                        if uniform {
                            u_writer.get(r).copied().flatten()
                        } else {
                            v_writer.get(r).copied().flatten()
                        }
                    })
                    .collect();
                *f = if writers.iter().all(Option::is_none) {
                    let l = match live.iter().position(|&c| c == code) {
                        Some(l) => l,
                        None if live.len() < MAX_LIVE => {
                            live.push(code);
                            live.len() - 1
                        }
                        None => break 'walk,
                    };
                    (MAX_BLOCK + l) as SourceOf
                } else {
                    // The result of one earlier instruction, in the view read.
                    match writers[0] {
                        Some(m)
                            if writers.iter().all(|&x| x == Some(m))
                                && plan_result(&plan, m) == Some(code) =>
                        {
                            m as SourceOf
                        }
                        _ => break 'walk,
                    }
                };
            }
            let how = if h.flags & Q::RESULT == 0 {
                RES_NONE
            } else if h.result & UNIFORM != 0 {
                RES_UNIFORM
            } else {
                match h.result & 7 {
                    0 => RES_INT32,
                    1 => RES_F32,
                    _ => RES_VIEW,
                }
            };
            let fallthrough = (j * 4 + h.size as usize) as u32;
            plan.push(Planned {
                how,
                flags: h.flags,
                raises: d.writes.contains(&StateLoc::Fflags),
                reg: if h.result & UNIFORM == 0 {
                    slot_reg(h.result) as u8
                } else {
                    0
                },
                code: h.result,
                fallthrough,
                last: 0,
            });
            sources.push(from);
            n_sources.push(h.n_src);
            sites.push(j as u32);
            for a in site.writes.iter().flatten() {
                for r in a.first as usize..a.first as usize + a.count as usize {
                    let writer = if a.uniform {
                        u_writer.get_mut(r)
                    } else {
                        v_writer.get_mut(r)
                    };
                    if let Some(x) = writer {
                        *x = Some(k);
                    }
                }
            }
            if h.flags & Q::JUMPS != 0 || !fallthrough.is_multiple_of(4) {
                break;
            }
            j = fallthrough as usize / 4;
        }
        // (After `see`, which makes the head's record anew.)
        self.hot[i].block = NO_BLOCK;
        let blocks = &mut *self.blocks;
        if sites.len() < 2 || blocks.entries + sites.len() > blocks.budget {
            return;
        }
        // What a run in full leaves in the class cache: each write clears its register's
        // entries and the pair view of the register below; a vector result sets its entry.
        let mut left: std::collections::BTreeMap<u16, Option<u8>> = Default::default();
        let mut rows = std::collections::BTreeSet::new();
        for (k, &s) in sites.iter().enumerate() {
            let h = &self.hot[s as usize];
            for &r in &h.written[..h.n_written as usize] {
                rows.insert(r + 1);
                for v in 0..VIEWS as u16 {
                    left.insert(cache_slot(r, v), None);
                }
                left.insert(((r as u16 + 1) << 3).wrapping_sub(1), None);
            }
            if matches!(plan[k].how, RES_INT32 | RES_F32 | RES_VIEW) {
                left.insert(plan[k].code, Some(k as u8));
            }
        }
        let in_rows = |e: u16| rows.contains(&((e >> 3) as u8));
        // Vector live-ins first (classed through the cache), then uniform ones.
        let mut order: Vec<usize> = (0..live.len()).collect();
        order.sort_by_key(|&l| live[l] & UNIFORM != 0);
        let mut at = vec![0; live.len()];
        for (new, &old) in order.iter().enumerate() {
            at[old] = new;
        }
        for (from, &n) in sources.iter_mut().zip(&n_sources) {
            for f in &mut from[..n as usize] {
                if *f as usize >= MAX_BLOCK {
                    *f = (MAX_BLOCK + at[*f as usize - MAX_BLOCK]) as SourceOf;
                }
            }
        }
        let live: Vec<u16> = order.iter().map(|&l| live[l]).collect();
        let exit = sites.iter().fold(NO_HISTORY, |mut h, &s| {
            next_history(&mut h, s as usize);
            h
        });
        blocks.entries += sites.len();
        blocks.list.push(Block {
            vector: plan
                .iter()
                .any(|p| p.how == RES_INT32 || p.how == RES_F32 || p.how == RES_VIEW)
                || live.iter().any(|&c| c & UNIFORM == 0)
                || !rows.is_empty(),
            raises: plan.iter().any(|p| p.raises),
            clear_rows: rows.iter().copied().collect(),
            clear_entries: left
                .iter()
                .filter(|&(&e, v)| v.is_none() && !in_rows(e))
                .map(|(&e, _)| e)
                .collect(),
            set_entries: left
                .iter()
                .filter_map(|(&e, v)| v.map(|k| (e, k)))
                .collect(),
            live_next: live
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c & UNIFORM == 0)
                .filter_map(|(l, c)| match left.get(c) {
                    Some(Some(k)) => Some((l as u8, *k)),
                    Some(None) => Some((l as u8, CLEARED)),
                    None if in_rows(*c) => Some((l as u8, CLEARED)),
                    None => None,
                })
                .collect(),
            fix_epoch: u64::MAX,
            next_same: false,
            last_live: vec![0; live.len()],
            n_vlive: live.iter().filter(|&&c| c & UNIFORM == 0).count(),
            live,
            sources,
            n_sources,
            steps: plan,
            sites,
            exit,
            entry: NO_KEY,
            exec: 0,
            repeat: 0,
        });
        self.hot[i].block = blocks.list.len() as u32;
    }
}

/// The operand code of the result of planned instruction `m`, if it has one.
fn plan_result(plan: &[Planned], m: usize) -> Option<u16> {
    plan.get(m).filter(|p| p.how != RES_NONE).map(|p| p.code)
}
