//! The warpkit instruction database.
//!
//! Every instruction variant of the ISA is one row of `instructions.isa`; the build script
//! checks the table and turns it into the static tables of this crate ([`INSNS`],
//! [`FORMATS`], [`GROUPS`]). Encoders, decoders, the assembler, the simulator and the
//! documentation all read these tables; none of them repeats an opcode or a bit position.

pub mod diff;
pub mod docs;
pub mod export;
pub mod html;
pub mod parse;
pub mod search;
pub mod space;

use std::fmt;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The path-independent text of the database, for tools that show or re-check it.
pub const SOURCE: &str = include_str!("../instructions.isa");

/// What the decoder needs of a variant to validate its fields without looking at its
/// operand list (see [`DECODE_INFO`]); 32 bytes, so the table stays in L1.
#[derive(Clone, Copy, Debug)]
pub struct DecodeInfo {
    pub id: InsnId,
    /// Bits that must be zero: reserved bits, unnamed slots, and for 32-bit variants the
    /// whole high half of the 64-bit word.
    pub zero_mask: u64,
    pub format: Format,
    /// Sign extension of the immediate: `((imm << s) as i32) >> s`.
    pub imm_shift: u8,
    /// Some operand has values the decoder must refuse.
    pub any_check: bool,
    /// Per register slot (rd, rs1, rs2, rs3 in 16-bit lanes 0..3): `first & mask != 0`
    /// means misaligned.
    pub reg_align64: u64,
    /// Per 16-bit lane `0x7fff - max first register`: adding it to the register sets bit 15
    /// of the lane exactly when the group runs past the end of its file.
    pub reg_bias64: u64,
    /// 3 for branches (the offset must be a multiple of 4), else 0.
    pub branch_mask: u8,
    /// Source slots present (bit 0 rs1, 1 rs2, 2 rs3): which `neg`/`abs` bits may be set.
    pub sources: u8,
}

/// The raw fields of an instruction word, packed for the decoder ([`with_raw_fields!`]):
/// fields a format lacks are zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawFields {
    /// rd, rs1, rs2, rs3 in 16-bit lanes 0..3.
    pub regs: u64,
    /// The immediate field, zero-extended.
    pub imm: u32,
    /// rm, neg, abs, sat as the 10-bit run they form in X and H.
    pub md: u32,
    /// dim, dmask, voff, rsd, a16, d16, toff as the 24-bit run they form in T.
    pub tx: u32,
}

/// Raw operand fields of an instruction word, as [`extract_fields`] finds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FieldValues {
    pub rd: u8,
    pub rs1: u8,
    pub rs2: u8,
    pub rs3: u8,
    pub imm: u32,
    pub rm: u8,
    pub neg: u8,
    pub abs: u8,
    pub sat: u8,
    pub dim: u8,
    pub dmask: u8,
    pub voff: u8,
    pub rsd: u8,
    pub a16: u8,
    pub d16: u8,
    pub toff: u16,
}

impl FieldValues {
    pub const ZERO: FieldValues = FieldValues {
        rd: 0,
        rs1: 0,
        rs2: 0,
        rs3: 0,
        imm: 0,
        rm: 0,
        neg: 0,
        abs: 0,
        sat: 0,
        dim: 0,
        dmask: 0,
        voff: 0,
        rsd: 0,
        a16: 0,
        d16: 0,
        toff: 0,
    };
}

/// Index of an instruction variant in [`INSNS`].
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    bytemuck::Pod,
    bytemuck::Zeroable,
)]
#[repr(transparent)]
pub struct InsnId(pub u16);

impl InsnId {
    #[inline]
    pub fn desc(self) -> &'static InsnDesc {
        &INSNS[self.0 as usize]
    }
}

/// Register files an operand slot can address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegFile {
    /// `v0..v127`, 32 bits per lane.
    V,
    /// `u0..u63`, one 32-bit value per warp.
    U,
    /// Half of a vector register, encoded `2*n + half`.
    H,
}

/// Operand slots, in encoding order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Rd,
    Rs1,
    Rs2,
    Rs3,
    Imm,
    Rm,
    Neg,
    Abs,
    Sat,
    Dim,
    Dmask,
    Voff,
    Rsd,
    A16,
    D16,
    Toff,
}

impl Slot {
    pub fn name(self) -> &'static str {
        match self {
            Slot::Rd => "rd",
            Slot::Rs1 => "rs1",
            Slot::Rs2 => "rs2",
            Slot::Rs3 => "rs3",
            Slot::Imm => "imm",
            Slot::Rm => "rm",
            Slot::Neg => "neg",
            Slot::Abs => "abs",
            Slot::Sat => "sat",
            Slot::Dim => "dim",
            Slot::Dmask => "dmask",
            Slot::Voff => "voff",
            Slot::Rsd => "rsd",
            Slot::A16 => "a16",
            Slot::D16 => "d16",
            Slot::Toff => "toff",
        }
    }

    /// Register slots are written positionally in assembly; the rest as `key:value`
    /// modifiers, except `imm`, which is positional too.
    pub fn is_modifier(self) -> bool {
        !matches!(
            self,
            Slot::Rd | Slot::Rs1 | Slot::Rs2 | Slot::Rs3 | Slot::Imm
        )
    }
}

/// Operand types, as the manual writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpType {
    /// `v`: one vector register.
    V,
    /// `v*`: a vector destination that is also read (accumulators, partial writes).
    VAcc,
    V2,
    V3,
    V4,
    /// `vp^2`: an even-aligned vector pair (64-bit value, low word first).
    VP2,
    U,
    UP2,
    /// `d4^4`: four uniform registers aligned to 4 (sampler descriptor).
    D4,
    /// `d8^8`: eight uniform registers aligned to 8 (image descriptor).
    D8,
    /// `h`: half of a vector register.
    H,
    S8,
    S10,
    S17,
    S18,
    J10,
    K32,
    O17,
    O19,
    O22,
    U1,
    U4,
    T7,
    AT7,
    T12,
    Rm,
    Mod3,
    Dim,
}

impl OpType {
    /// This type's row of the one table of operand-type facts ([`parse::TYPES`], whose
    /// order is this enum's; a test checks the two agree).
    #[inline]
    pub fn facts(self) -> &'static parse::TypeFacts {
        &parse::TYPES[self as usize]
    }

    /// The type as the manual writes it (`vp^2`, `s8`, ...).
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// Register file, count and alignment of a register operand.
    pub fn reg(self) -> Option<(RegFile, u8, u8)> {
        let t = self.facts();
        let file = match t.file {
            "v" => RegFile::V,
            "u" => RegFile::U,
            "h" => RegFile::H,
            _ => return None,
        };
        Some((file, t.count as u8, t.align as u8))
    }

    /// Signed immediates (two's complement in their field).
    pub fn is_signed(self) -> bool {
        self.facts().signed
    }

    /// Byte offsets from the instruction's own address.
    pub fn is_pc_relative(self) -> bool {
        self.facts().pc_relative
    }
}

/// The function-code field of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Funct {
    /// Field name as the manual writes it (`f4`, `f10`, ...).
    pub name: &'static str,
    pub value: u16,
    pub lo: u8,
    pub width: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Latency {
    Fixed(u8),
    /// Completes asynchronously on the named unit (`tex`, `vst`, `ls`).
    Async(&'static str),
}

/// One operand of a variant: its slot, its type, and where its bits are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    pub slot: Slot,
    pub ty: OpType,
    pub lo: u8,
    pub width: u8,
    /// Some field values are invalid (alignment, reserved values, branch alignment).
    pub check: bool,
}

/// Manual flags of a variant, as a bit set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Flags(pub u32);

macro_rules! flags {
    ($($name:ident = $bit:expr, $text:expr, $doc:expr;)*) => {
        impl Flags {
            $(#[doc = $doc] pub const $name: Flags = Flags(1 << $bit);)*
            /// (name, meaning) of every flag, in bit order.
            pub const ALL: &'static [(&'static str, &'static str)] = &[$(($text, $doc)),*];
        }
    };
}

flags! {
    P64 = 0, "p64", "operates on 64-bit register pairs";
    IR = 1, "ir", "relative (indexed) register addressing";
    RE = 2, "re", "reads EXEC";
    UR = 3, "ur", "writes a uniform register from vector lanes";
    EI = 4, "ei", "executes regardless of EXEC (uniform/scalar)";
    WE = 5, "we", "writes EXEC";
    EB = 6, "eb", "ends a basic block";
    BR = 7, "br", "PC-relative branch or jump";
    CD = 8, "cd", "conditional";
    CAL = 9, "cal", "call: writes a return address";
    IX = 10, "ix", "indirect jump";
    FM = 11, "fm", "floating point: reads MODE and/or accumulates FFLAGS";
    RMO = 12, "rmo", "explicit rounding-mode operand";
    H16 = 13, "h16", "16-bit (half-register or packed) operands";
    LD = 14, "ld", "loads";
    DB = 15, "db", "uses a resource descriptor";
    SP = 16, "sp", "uses a sampler";
    WQM = 17, "wqm", "needs whole-quad mode";
    ST = 18, "st", "stores";
    AT = 19, "at", "atomic";
    OPT = 20, "opt", "optional feature";
    SY = 21, "sy", "synchronisation";
    FO = 22, "fo", "fragment shaders only";
}

impl Flags {
    #[inline]
    pub fn has(self, f: Flags) -> bool {
        self.0 & f.0 != 0
    }
    /// Flag names, in bit order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Flags::ALL
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.0 >> i & 1 == 1)
            .map(|(_, (n, _))| *n)
    }
}

/// A piece of warp state an instruction reads or writes: one token of the `reads` / `writes`
/// columns of `instructions.isa` (its header defines them). [`fmt::Display`] prints the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateLoc {
    /// Every register of an operand: the whole pair or group of `vp^2`, `v^4`, `d8^8`, ...,
    /// the whole 32-bit register of an `h` half (`rd`, `rs1`, ...).
    Op(Slot),
    /// Vector register number `base` + U[`index`] (`rs1+rs2`, `rd+rs2`: `movrel.s`/`movrel.d`);
    /// the index register is also listed as read on its own.
    Indexed { base: Slot, index: Slot },
    /// Chapter 7: the operand's vector register and a number of registers after it that dim,
    /// dmask, rsd, a16, d16 and the variant set; not modelled (`rd..`, `rs1..`).
    Run(Slot),
    /// EXEC.
    Exec,
    /// MODE.rm / MODE.rm16.
    Mode,
    /// FFLAGS.
    Fflags,
    /// PC.
    Pc,
    /// CODE_BASE.
    CodeBase,
}

impl fmt::Display for StateLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StateLoc::Op(s) => f.write_str(s.name()),
            StateLoc::Indexed { base, index } => write!(f, "{}+{}", base.name(), index.name()),
            StateLoc::Run(s) => write!(f, "{}..", s.name()),
            StateLoc::Exec => f.write_str("exec"),
            StateLoc::Mode => f.write_str("mode"),
            StateLoc::Fflags => f.write_str("fflags"),
            StateLoc::Pc => f.write_str("pc"),
            StateLoc::CodeBase => f.write_str("code_base"),
        }
    }
}

/// The registers a register operand covers from its first one: file and count (`vp^2` is
/// 2 registers of V, `d8^8` 8 of U; an `h` half is 1 of H, the half of one V register).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegExtent {
    pub file: RegFile,
    pub count: u8,
}

/// Everything the toolchain knows about one instruction variant.
#[derive(Debug)]
pub struct InsnDesc {
    pub id: InsnId,
    pub mnemonic: &'static str,
    pub format: Format,
    pub opcode: u8,
    pub funct: Option<Funct>,
    pub latency: Latency,
    /// The latency as the manual writes it (`fixed:4`, `async:tex`).
    pub latency_text: &'static str,
    /// Operands in syntax order.
    pub operands: &'static [Operand],
    pub flags: Flags,
    /// The state the variant may read (the `reads` column).
    pub reads: &'static [StateLoc],
    /// The state the variant may write (the `writes` column).
    pub writes: &'static [StateLoc],
    /// The registers each register slot covers, indexed by `Slot::Rd as usize` ..
    /// `Slot::Rs3 as usize` (`None` where the slot holds no register operand).
    pub reg_slots: [Option<RegExtent>; 4],
    /// One line of English.
    pub semantics: &'static str,
    /// Index into [`GROUPS`].
    pub group: u8,
    /// 4 or 8 bytes.
    pub size: u8,
    /// Bit mask of the source slots rs1/rs2/rs3 the variant names (for `neg`/`abs`).
    pub sources: u8,
    /// Signed immediates: `((raw << imm_shift) as i32) >> imm_shift` sign-extends; 0 otherwise.
    pub imm_shift: u8,
    /// Some operand needs a value check when decoding (see [`Operand::check`]).
    pub any_check: bool,
    /// `word & match_mask == match_bits` for this variant's opcode and function code.
    pub match_mask: u64,
    pub match_bits: u64,
    /// Bits that must be zero: reserved fields and slots the variant does not name.
    pub zero_mask: u64,
    /// Line of `instructions.isa` that defines it.
    pub line: u32,
}

impl InsnDesc {
    pub fn operand(&self, slot: Slot) -> Option<&'static Operand> {
        self.operands.iter().find(|o| o.slot == slot)
    }
    pub fn format_desc(&self) -> &'static FormatDesc {
        &FORMATS[self.format as usize]
    }
    pub fn group_desc(&self) -> &'static GroupDesc {
        &GROUPS[self.group as usize]
    }
    /// §7 variants: encodable, but execution is not modelled (IllegalInsn).
    pub fn is_unsupported(&self) -> bool {
        self.group_desc().chapter == "7"
    }
    /// Bit mask of the source slots rs1/rs2/rs3 the variant names (for `neg`/`abs`).
    #[inline]
    pub fn source_mask(&self) -> u8 {
        self.sources
    }
}

#[derive(Debug)]
pub struct FieldDesc {
    pub name: &'static str,
    pub file: Option<RegFile>,
    pub lo: u8,
    pub width: u8,
}

#[derive(Debug)]
pub struct FormatDesc {
    pub format: Format,
    pub name: &'static str,
    /// 4 or 8 bytes.
    pub size: u8,
    /// Fields, low bit to high bit.
    pub fields: &'static [FieldDesc],
}

#[derive(Debug)]
pub struct GroupDesc {
    pub id: &'static str,
    /// Manual chapter (`6.1`, `6.2`, `7`).
    pub chapter: &'static str,
    /// Execution unit (`valu-int`, `salu`, `branch`, `valu-fp`, `tex`, `gfx`).
    pub unit: &'static str,
    pub title: &'static str,
}

#[derive(Debug)]
pub(crate) struct OpcodeEntry {
    pub format: Option<Format>,
    pub funct_lo: u8,
    pub funct_mask: u32,
    /// Function-code value -> instruction id (`u16::MAX` = none).
    pub ids: &'static [u16],
}

/// Look up a variant by its mnemonic (one hash, a probe or two).
#[inline]
pub fn lookup(mnemonic: &str) -> Option<InsnId> {
    let mut h = (parse::fnv1a(mnemonic.as_bytes()) & 1023) as usize;
    loop {
        let id = MNEMONIC_HASH[h];
        if id == u16::MAX {
            return None;
        }
        if INSNS[id as usize].mnemonic == mnemonic {
            return Some(InsnId(id));
        }
        h = (h + 1) & 1023;
    }
}

/// All mnemonics, sorted.
pub fn mnemonics() -> impl Iterator<Item = &'static str> {
    BY_MNEMONIC.iter().map(|(n, _)| *n)
}

/// Why a first word does not name a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdentifyError {
    UnknownOpcode(u8),
    UnknownFunct { opcode: u8, funct: u32 },
}

/// Identify the variant from the low 32 bits of an instruction (opcode and function code
/// always sit there). Two table lookups; no search.
#[inline]
pub fn identify(word0: u32) -> Result<InsnId, IdentifyError> {
    let op = (word0 & 0x7f) as usize;
    let e = &OPCODES[op];
    if e.format.is_none() {
        return Err(IdentifyError::UnknownOpcode(op as u8));
    }
    let funct = (word0 >> e.funct_lo) & e.funct_mask;
    match e.ids.get(funct as usize) {
        Some(&id) if id != u16::MAX => Ok(InsnId(id)),
        _ => Err(IdentifyError::UnknownFunct {
            opcode: op as u8,
            funct,
        }),
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct CompactOpcode {
    /// Index into FORMATS, 255 = no variant uses the opcode.
    format: u8,
    funct_lo: u8,
    funct_mask: u16,
    /// The opcode's function-code table is FLAT_INFO[base .. base + len].
    base: u16,
    len: u16,
}

/// Identify the variant from the low 32 bits and return the decoder's facts about it:
/// two dependent loads from L1 (opcode entry, then the variant's facts).
#[inline]
pub fn identify_info(word0: u32) -> Result<&'static DecodeInfo, IdentifyError> {
    let op = (word0 & 0x7f) as usize;
    let e = OPCODE_COMPACT[op];
    let funct = (word0 >> e.funct_lo) & e.funct_mask as u32;
    if funct < e.len as u32 {
        let info = &FLAT_INFO[e.base as usize + funct as usize];
        if info.id.0 != u16::MAX {
            return Ok(info);
        }
    }
    if e.format == 255 {
        Err(IdentifyError::UnknownOpcode(op as u8))
    } else {
        Err(IdentifyError::UnknownFunct {
            opcode: op as u8,
            funct,
        })
    }
}

/// Format of an opcode, if any variant uses it.
pub fn opcode_format(opcode: u8) -> Option<Format> {
    OPCODES.get(opcode as usize).and_then(|e| e.format)
}

/// Size in bytes implied by an opcode (odd = 64-bit).
#[inline]
pub fn size_of_opcode(opcode: u8) -> usize {
    if opcode & 1 == 1 {
        8
    } else {
        4
    }
}

/// Edit distance with adjacent transpositions (optimal string alignment), for
/// "did you mean" hints: `f23` is one edit from `f32`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

/// The closest known mnemonic, if it is close enough to be a plausible typo.
pub fn suggest(mnemonic: &str) -> Option<&'static str> {
    mnemonics()
        // Length alone rules most candidates out; skip the full distance for them.
        .filter(|m| m.len().abs_diff(mnemonic.len()) <= 2.max(m.len() / 4))
        .map(|m| (edit_distance(mnemonic, m), m))
        .filter(|(d, m)| *d <= 2.max(m.len() / 4))
        .min()
        .map(|(_, m)| m)
}
