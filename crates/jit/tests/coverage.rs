//! Coverage of the tier: every variant of §6.1 (integer, uniform, EXEC, branches) and §6.2
//! (floating point) of the database compiles, natively or as a kernel call, in each of the
//! rounding modes rne, rtz, rdn and rup (the `rm` field where the variant has one, MODE
//! otherwise), with and without `neg`/`abs`/`sat`; and runs compiled with the same result
//! as the interpreter.

use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::{id, InsnId, RegFile, Slot, GROUPS, INSNS};
use warpkit_jit::{Jit, Stats};
use warpkit_sim::{fflag, Mode, Program, RunEngine, Warp, LANES};

/// Variants of §6.1/§6.2 the tier does not compile, with the reason. None: what has no
/// native code runs as a kernel call.
const EXCEPTIONS: &[(InsnId, &str)] = &[];

/// How a variant compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    Native,
    Call,
}

fn chapter6() -> Vec<InsnId> {
    INSNS
        .iter()
        .filter(|d| matches!(GROUPS[d.group as usize].chapter, "6.1" | "6.2"))
        .map(|d| d.id)
        .collect()
}

/// `v` with random operands in v0..v15 / u0..u7, rounding `rm` where it has the field,
/// modifiers only if `mods`; a jump goes to itself (PC-relative 0; `jr`/`jalr` through a
/// uniform register the warp holds 0 in).
fn inst(v: InsnId, rm: u8, mods: bool, rng: &mut XorShift) -> Inst {
    let mut i = random_inst(v, rng);
    for o in v.desc().operands {
        if let Some((file, count, _)) = o.ty.reg() {
            let r = i.get(o.slot);
            i.set(
                o.slot,
                match file {
                    RegFile::V => (r % 16) & !(count as i64 - 1),
                    RegFile::U => (r % 8) & !(count as i64 - 1),
                    RegFile::H => r % 32,
                },
            );
        }
        match o.slot {
            Slot::Rm => i.rm = rm,
            Slot::Neg | Slot::Abs | Slot::Sat if !mods => i.set(o.slot, 0),
            _ => {}
        }
        if o.ty.is_pc_relative() {
            i.set(o.slot, 0);
        }
    }
    if matches!(v, id::JR | id::JALR) {
        i.imm = 0;
    }
    i
}

/// `i`, then a jump back to it (for a branch: where it goes when not taken).
fn program(i: &Inst) -> Vec<u8> {
    let mut code = Vec::new();
    encode_into(i, &mut code);
    let mut j = Inst::new(id::JMP);
    j.imm = -(code.len() as i32);
    encode_into(&j, &mut code);
    code
}

/// A warp with small integers and ordinary binary32 values (no NaN, so that native FP
/// items do not side-exit), MODE.rm = MODE.rm16 = `rm`, NX in FFLAGS; `u[jr]` = 0.
fn warp(rm: u8, jr: Option<u8>, rng: &mut XorShift) -> Warp {
    let mut w = Warp::new();
    for r in 0..16 {
        for l in 0..LANES {
            w.vregs_mut()[r][l] = match rng.below(3) {
                0 => rng.below(40) as u32,
                _ => 0x3f80_0000 + rng.below(0x0080_0000) as u32,
            };
        }
    }
    for r in 0..8 {
        w.uregs_mut()[r] = rng.below(8) as u32;
    }
    if let Some(r) = jr {
        w.uregs_mut()[r as usize] = 0;
    }
    w.set_exec(rng.next_u64() as u32 | 1);
    w.set_mode(Mode { rm, rm16: rm }).unwrap();
    w.set_fflags(fflag::NX).unwrap();
    w
}

/// Compile and run `i` (hot at once) against the interpreter: how it compiled, and the
/// tier's statistics.
fn compile(i: &Inst, rm: u8, rng: &mut XorShift) -> (Option<How>, Stats) {
    let code = program(i);
    let p = Program::new(&code);
    let jit = Jit::with_options(&p, 1 << 20, 1).expect("this host runs the tier");
    let jr = matches!(i.id, id::JR | id::JALR).then_some(i.rs1);
    let w0 = warp(rm, jr, rng);
    let (mut a, mut b) = (w0.clone(), w0);
    let name = i.desc().mnemonic;
    let oa = a.interpret(&p, 40);
    let ob = jit.run(&mut b, &p, 40);
    assert_eq!(oa, ob, "{name} rm {rm}: outcome");
    assert_eq!(a, b, "{name} rm {rm}: warp");
    let s = jit.stats();
    let how = if s.blocks == 0 || !s.fallbacks.is_empty() || s.compiled_steps == 0 {
        None
    } else if s
        .calls
        .iter()
        // (Not a block recompiled because its native item side-exited often.)
        .any(|c| c.0 == name && !c.1.contains("side-exited often"))
    {
        Some(How::Call)
    } else {
        Some(How::Native)
    };
    (how, s)
}

fn host() -> bool {
    let ok = warpkit_jit::supported();
    if !ok {
        eprintln!("this host lacks AVX-512 (or BMI2/LZCNT): the tier is not tested here");
    }
    ok
}

/// Every §6.1/§6.2 variant compiles in rne, rtz, rdn and rup (and runs compiled, with the
/// interpreter's result), but the listed exceptions; natively where the tier has the code
/// (the variants of the loops measured in BENCHMARKS.md among them), as a kernel call
/// otherwise. `JIT_COVERAGE=1` prints the table of docs/simulator.md.
#[test]
fn every_chapter6_variant_compiles() {
    if !host() {
        return;
    }
    let mut rng = XorShift::new(6);
    let mut native = Vec::new();
    let mut calls = Vec::new();
    let mut missing = Vec::new();
    for v in chapter6() {
        if EXCEPTIONS.iter().any(|e| e.0 == v) {
            continue;
        }
        let mut hows = Vec::new();
        for rm in 0..4 {
            let i = inst(v, rm, false, &mut rng);
            let (how, s) = compile(&i, rm, &mut rng);
            match how {
                Some(h) => hows.push(h),
                None => missing.push(format!("{} rm {rm}: {s}", v.desc().mnemonic)),
            }
            // With modifiers (where the variant has them) it compiles too.
            let m = inst(v, rm, true, &mut rng);
            if (m.neg | m.abs | m.sat) != 0 && compile(&m, rm, &mut rng).0.is_none() {
                missing.push(format!("{} rm {rm} with modifiers", v.desc().mnemonic));
            }
        }
        let name = v.desc().mnemonic;
        if hows.iter().all(|&h| h == How::Native) && hows.len() == 4 {
            native.push(name);
        } else {
            calls.push(name);
        }
    }
    if std::env::var("JIT_COVERAGE").is_ok() {
        eprintln!("native ({}): {}", native.len(), native.join(" "));
        eprintln!("kernel calls ({}): {}", calls.len(), calls.join(" "));
    }
    assert!(missing.is_empty(), "not compiled:\n{}", missing.join("\n"));
    for v in [
        id::ADD,
        id::MUL,
        id::MAC,
        id::FFMA_F32,
        id::FADD_F32,
        id::JAL,
        id::JR,
        id::JALR,
        id::SAVEEXEC_AND,
        id::ADD64,
        id::ADDSX64_VL,
    ] {
        assert!(
            native.contains(&v.desc().mnemonic),
            "{} is no longer native",
            v.desc().mnemonic
        );
    }
    // Measured when written: 304 native, 115 kernel calls (binary32 rmm and binary16 add/sub/mul/fma native).
    assert!(native.len() >= 304, "native: {}", native.len());
}

/// A kernel call that faults (here: a register past the warp's `vgprs`) leaves the block
/// before it with exact state and step count, and the interpreter raises the fault.
#[test]
fn faulting_kernel_call_stops_exactly() {
    if !host() {
        return;
    }
    // add v1, v1, v2; fclass.f32 v20, v3 (a call; v20 >= vgprs 16 faults); jmp back.
    let mut add = Inst::new(id::ADD);
    (add.rd, add.rs1, add.rs2) = (1, 1, 2);
    let mut call = Inst::new(id::FCLASS_F32);
    (call.rd, call.rs1) = (20, 3);
    let mut j = Inst::new(id::JMP);
    j.imm = -8;
    let mut code = Vec::new();
    for i in [&add, &call, &j] {
        encode_into(i, &mut code);
    }
    let p = Program::new(&code);
    let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
    let mut rng = XorShift::new(9);
    let mut w0 = warp(0, None, &mut rng);
    w0.set_vgprs(24).unwrap();
    let (mut a, mut b) = (w0.clone(), w0.clone());
    // Runs compiled (vgprs 24), then faults at the call once vgprs is 16.
    assert_eq!(a.interpret(&p, 30), jit.run(&mut b, &p, 30));
    assert_eq!(a, b);
    a.set_vgprs(16).unwrap();
    b.set_vgprs(16).unwrap();
    let (oa, ob) = (a.interpret(&p, 100), jit.run(&mut b, &p, 100));
    assert_eq!(oa, ob);
    assert_eq!(a, b);
    assert!(matches!(ob.status, warpkit_sim::RunStatus::Faulted(_)));
    assert_eq!(ob.steps, 1, "the add, then the fault");
    let s = jit.stats();
    assert!(s.side_exits >= 1, "the call side-exited: {s}");
    assert!(s.calls.iter().any(|c| c.0 == "fclass.f32"), "{s}");
    assert!(s.compiled_steps > 0, "{s}");
}

/// `jr`/`jalr` to a target past the code, odd, or not an instruction start: the jump
/// retires (its link written), then the fetch faults, exactly as the interpreter does.
#[test]
fn indirect_jumps_to_bad_targets() {
    if !host() {
        return;
    }
    for (v, target) in [
        (id::JR, 0x1000u32),
        (id::JALR, 0x1000),
        (id::JR, 3),
        (id::JALR, 6),
        (id::JALR, 0xffff_fffc),
        (id::JR, 4),
    ] {
        // add v1, v1, v2; j[al]r u3, u2 + 0: compiled once hot (the loop runs it first
        // with u2 = 0, back to the start).
        let mut add = Inst::new(id::ADD);
        (add.rd, add.rs1, add.rs2) = (1, 1, 2);
        let mut jr = Inst::new(v);
        (jr.rd, jr.rs1) = (3, 2);
        let mut code = Vec::new();
        for i in [&add, &jr] {
            encode_into(i, &mut code);
        }
        let p = Program::new(&code);
        let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
        let mut rng = XorShift::new(target as u64);
        let w0 = warp(0, Some(2), &mut rng);
        let (mut a, mut b) = (w0.clone(), w0);
        assert_eq!(a.interpret(&p, 20), jit.run(&mut b, &p, 20));
        assert_eq!(a, b);
        a.uregs_mut()[2] = target;
        b.uregs_mut()[2] = target;
        let (oa, ob) = (a.interpret(&p, 20), jit.run(&mut b, &p, 20));
        assert_eq!(oa, ob, "{} to {target:#x}", v.desc().mnemonic);
        assert_eq!(a, b, "{} to {target:#x}", v.desc().mnemonic);
        let s = jit.stats();
        assert!(s.fallbacks.is_empty() && s.compiled_steps >= 10, "{s}");
    }
}

/// A run of consecutive kernel calls is one call of the interpreter; a fault in its middle
/// leaves the block exactly there (the calls before it retired and counted).
#[test]
fn fault_inside_a_run_of_calls() {
    if !host() {
        return;
    }
    // add v1, v1, v2; fclass.f32 v4, v3; frexp.exp.f32 v5, v3; fclass.f32 v20, v3 (v20 >=
    // vgprs 16 faults); fclass.f32 v6, v3; jmp back.
    let mut add = Inst::new(id::ADD);
    (add.rd, add.rs1, add.rs2) = (1, 1, 2);
    let call = |v, d| {
        let mut i = Inst::new(v);
        (i.rd, i.rs1) = (d, 3);
        i
    };
    let mut code = Vec::new();
    for i in [
        &add,
        &call(id::FCLASS_F32, 4),
        &call(id::FREXP_EXP_F32, 5),
        &call(id::FCLASS_F32, 20),
        &call(id::FCLASS_F32, 6),
    ] {
        encode_into(i, &mut code);
    }
    let mut j = Inst::new(id::JMP);
    j.imm = -(code.len() as i32);
    encode_into(&j, &mut code);
    let p = Program::new(&code);
    for (vgprs, max) in [(24, 600), (16, 600), (16, 2), (24, 3)] {
        let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
        let mut rng = XorShift::new(vgprs as u64 + max);
        let mut w0 = warp(0, None, &mut rng);
        w0.set_vgprs(24).unwrap();
        let (mut a, mut b) = (w0.clone(), w0);
        // Hot and compiled with every register in range; then with vgprs as given.
        assert_eq!(a.interpret(&p, 60), jit.run(&mut b, &p, 60));
        a.set_vgprs(vgprs).unwrap();
        b.set_vgprs(vgprs).unwrap();
        let (oa, ob) = (a.interpret(&p, max), jit.run(&mut b, &p, max));
        assert_eq!(oa, ob, "vgprs {vgprs}, {max} steps");
        assert_eq!(a, b, "vgprs {vgprs}, {max} steps");
        if vgprs == 16 && max > 3 {
            assert!(matches!(ob.status, warpkit_sim::RunStatus::Faulted(_)));
            assert_eq!(ob.steps, 3, "add, fclass, frexp.exp, then the fault");
        }
        let s = jit.stats();
        assert!(s.compiled_steps > 50, "{s}");
    }
}

/// Kernel calls among native items in a loop: a call reads a register a native item wrote
/// (cached in zmm) in the pass before and in this pass, and writes one that native items
/// then read; the block loops in place and must give the interpreter's registers.
#[test]
fn calls_see_and_leave_cached_registers() {
    if !host() {
        return;
    }
    let r = |v, d, a, b| {
        let mut i = Inst::new(v);
        (i.rd, i.rs1, i.rs2) = (d, a, b);
        i
    };
    let mut count = Inst::new(id::UADDI);
    (count.rd, count.rs1, count.imm) = (60, 60, 1);
    // Two runs of calls a pass: registers used more than 4 times (writes count 4) are
    // kept in zmm (v1, v2, v6, v7).
    let body = [
        r(id::FCLASS_F32, 4, 1, 0), // call: reads v1 (written natively below, last pass)
        r(id::ADD, 1, 1, 2),        // native: v1 += v2
        r(id::XOR, 6, 4, 1),        // native: reads what the call wrote
        r(id::ADD, 6, 6, 1),        //
        r(id::ADD, 6, 6, 1),        // (four native items: not merged into the calls)
        r(id::FREXP_EXP_F32, 5, 1, 0), // calls: read v1 and v6 of this pass, write v2 (cached)
        r(id::FCLASS_F32, 2, 6, 0), //
        r(id::MUL, 7, 7, 2),        // native: read the v2 the call wrote
        r(id::ADD, 7, 7, 2),        //
        r(id::SUB, 8, 8, 2),        //
        r(id::AND, 9, 2, 2),        //
        r(id::ADD, 1, 1, 5),        //
        count,
        r(id::USLTU, 61, 60, 62),
    ];
    let mut code = Vec::new();
    for i in &body {
        encode_into(i, &mut code);
    }
    let mut bnz = Inst::new(id::BNZ);
    (bnz.rs1, bnz.imm) = (61, -(code.len() as i32));
    encode_into(&bnz, &mut code);
    let p = Program::new(&code);
    let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
    let mut rng = XorShift::new(11);
    let mut w0 = warp(0, None, &mut rng);
    for l in 0..LANES {
        for v in [1, 2, 7] {
            w0.vregs_mut()[v][l] = rng.next_u64() as u32;
        }
    }
    w0.uregs_mut()[62] = 500;
    let (mut a, mut b) = (w0.clone(), w0);
    let (oa, ob) = (a.interpret(&p, 100_000), jit.run(&mut b, &p, 100_000));
    assert_eq!(oa, ob);
    assert_eq!(a, b);
    let s = jit.stats();
    // With hot = 1 nothing warms up: the loop is one block from its first instruction.
    assert_eq!(s.blocks, 1, "{s}");
    assert!(s.compiled_steps > 4000, "{s}");
}

/// `body` then a loop back counted in u60..u62 (50 passes), from warps whose words are near
/// the carry, borrow and overflow edges, under random EXEC: the tier (all native, run in
/// place) gives the interpreter's warps.
fn edge_loop(body: &[Inst]) {
    let mut code = Vec::new();
    for i in body {
        encode_into(i, &mut code);
    }
    for (v, d, a, b, imm) in [(id::UADDI, 60, 60, 0, 1), (id::USLTU, 61, 60, 62, 0)] {
        let mut i = Inst::new(v);
        (i.rd, i.rs1, i.rs2, i.imm) = (d, a, b, imm);
        encode_into(&i, &mut code);
    }
    let mut bnz = Inst::new(id::BNZ);
    (bnz.rs1, bnz.imm) = (61, -(code.len() as i32));
    encode_into(&bnz, &mut code);
    let p = Program::new(&code);
    for seed in 0..20 {
        let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
        let mut rng = XorShift::new(seed);
        let mut w0 = warp(0, None, &mut rng);
        for r in 0..16 {
            for l in 0..LANES {
                w0.vregs_mut()[r][l] = match rng.below(5) {
                    0 => u32::MAX - rng.below(8) as u32,
                    1 => rng.below(8) as u32,
                    2 => 0x8000_0000 - 4 + rng.below(8) as u32,
                    3 => 0x4000_0000 + rng.below(8) as u32,
                    _ => rng.next_u64() as u32,
                };
            }
        }
        for r in 0..8 {
            w0.uregs_mut()[r] = match rng.below(4) {
                0 => u32::MAX - rng.below(3) as u32,
                1 => rng.below(3) as u32,
                2 => 0x8000_0000 - 1 + rng.below(3) as u32,
                _ => rng.next_u64() as u32,
            };
        }
        w0.uregs_mut()[62] = 50;
        w0.set_code_base(rng.next_u64() | 0xffff_ff00);
        let (mut a, mut b) = (w0.clone(), w0);
        let (oa, ob) = (a.interpret(&p, 10_000), jit.run(&mut b, &p, 10_000));
        assert_eq!(oa, ob, "seed {seed}");
        assert_eq!(a, b, "seed {seed}");
        let s = jit.stats();
        assert!(s.calls.is_empty() && s.compiled_steps > 400, "{s}");
    }
}

fn x(v: InsnId, d: u8, a: u8, b: u8, imm: i32) -> Inst {
    let mut i = Inst::new(v);
    (i.rd, i.rs1, i.rs2, i.imm) = (d, a, b, imm);
    i
}

/// The 64-bit pair additions and widening multiplications compiled natively: carries and
/// borrows between the words, destinations that are sources (`addsx64 v[6:7], v[6:7], v7`,
/// `mulw v[0:1], v0, v1`).
#[test]
fn pair_arithmetic() {
    if !host() {
        return;
    }
    let mad = |v, d, a, b, c| {
        let mut i = x(v, d, a, b, 0);
        i.rs3 = c;
        i
    };
    edge_loop(&[
        x(id::ADD64, 0, 0, 2, 0),
        x(id::SUB64, 4, 2, 4, 0),
        x(id::ADDSX64, 6, 6, 7, 0),
        x(id::ADDZX64, 8, 10, 8, 0),
        x(id::ADDZX64_VU, 10, 10, 1, 0),
        x(id::ADDSX64_VL, 12, 12, 0, -5),
        x(id::MOV64, 14, 0, 0, 0),
        x(id::SUB64, 2, 2, 2, 0),
        x(id::ADD64, 2, 4, 12, 0),
        x(id::MULW, 16, 3, 5, 0),
        x(id::MULWU, 18, 7, 9, 0),
        x(id::MULW, 0, 0, 1, 0),
        x(id::MULWU, 4, 5, 4, 0),
        mad(id::MAD64_U32, 20, 1, 3, 20),
        mad(id::MAD64_I32, 22, 5, 7, 10),
        mad(id::MAD64_I32, 8, 8, 9, 8),
        x(id::MOV64_VU, 24, 2, 0, 0),
        x(id::ADD64, 2, 2, 24, 0),
    ]);
}

/// The saturating additions compiled natively: signed and unsigned overflow both ways.
#[test]
fn saturating_additions() {
    if !host() {
        return;
    }
    edge_loop(&[
        x(id::ADDSAT_I32, 16, 0, 1, 0),
        x(id::ADDSAT_U32, 17, 2, 3, 0),
        x(id::SUBSAT_I32, 18, 4, 5, 0),
        x(id::SUBSAT_U32, 19, 6, 7, 0),
        x(id::ADDSAT_I32, 8, 8, 8, 0),
        x(id::SUBSAT_I32, 9, 10, 9, 0),
        x(id::ADDSAT_U32, 11, 11, 12, 0),
        x(id::SUBSAT_U32, 13, 14, 13, 0),
        x(id::ADDSAT_I32, 0, 0, 15, 0),
        x(id::SUBSAT_I32, 1, 1, 15, 0),
    ]);
}

/// Bit-field, byte/bit reversal and byte dot-product variants compiled natively: offsets
/// and widths of 0, 31, 32 and more, fields past bit 31, destinations that are sources.
#[test]
fn bit_fields() {
    if !host() {
        return;
    }
    let x3 = |v, d, a, b, c| {
        let mut i = x(v, d, a, b, 0);
        i.rs3 = c;
        i
    };
    edge_loop(&[
        x3(id::BFE_U32, 16, 0, 1, 2),
        x3(id::BFE_I32, 17, 3, 4, 5),
        x3(id::BFE_I32, 18, 6, 7, 1),
        x3(id::BFI, 19, 8, 9, 10),
        x3(id::ALIGNBIT, 20, 11, 12, 13),
        x3(id::ALIGNBIT, 14, 14, 15, 0),
        x(id::BFM, 21, 1, 2, 0),
        x(id::BFM, 22, 4, 3, 0),
        x(id::REV8, 23, 5, 0, 0),
        x(id::BREV, 24, 6, 0, 0),
        x(id::ADD, 6, 6, 1, 0),
        x3(id::BFE_U32, 7, 7, 8, 9),
        x3(id::BFE_I32, 9, 9, 9, 9),
        x3(id::DP4A_I32, 25, 0, 2, 25),
        x3(id::DP4A_U32, 26, 3, 4, 26),
        x3(id::DP4A_I32, 10, 10, 11, 10),
        x3(id::DP4A_U32, 12, 12, 12, 13),
        // Selector bytes 0..15 (0x0c and 0x0d among them), changing every pass.
        x(id::AND_VL, 27, 5, 0, 0x0f0f_0f0f),
        x3(id::PERM_B32, 28, 0, 1, 27),
        x3(id::PERM_B32, 29, 2, 3, 4),
        x3(id::PERM_B32, 27, 27, 28, 27),
        x(id::ADD, 5, 5, 3, 0),
    ]);
}

/// Uniform pair arithmetic (64-bit in general registers), `upc`, and `sel64`, compiled
/// natively: carries across the words, destinations that are sources.
#[test]
fn uniform_pairs_and_sel64() {
    if !host() {
        return;
    }
    let mut sel = x(id::SEL64, 16, 0, 2, 0);
    sel.rs3 = 4;
    let mut sel2 = x(id::SEL64, 6, 6, 8, 0);
    sel2.rs3 = 7;
    edge_loop(&[
        x(id::UADD64, 2, 0, 2, 0),
        x(id::USUB64, 8, 4, 6, 0),
        x(id::UADDSX64, 4, 4, 1, 0),
        x(id::UADDZX64, 10, 0, 3, 0),
        x(id::UADD64I, 12, 12, 0, -3),
        x(id::UADD64_L, 14, 0, 0, 0x7fff_ffff),
        x(id::UMOV64, 16, 2, 0, 0),
        x(id::UPC, 18, 0, 0, 12),
        x(id::UPCA, 20, 0, 0, -0x400),
        x(id::UPCA, 22, 0, 0, 0x800),
        x(id::USUB64, 0, 0, 8, 0),
        sel,
        sel2,
    ]);
}

/// 64-bit pair shifts (counts 0..63 across the word boundary) and compares, compiled
/// natively.
#[test]
fn pair_shifts_and_compares() {
    if !host() {
        return;
    }
    edge_loop(&[
        x(id::SLL64, 16, 0, 2, 0),
        x(id::SRL64, 18, 0, 3, 0),
        x(id::SRA64, 20, 4, 5, 0),
        x(id::SRA64, 22, 2, 6, 0),
        x(id::SLL64, 6, 6, 7, 0),
        x(id::SRL64, 8, 8, 9, 0),
        x(id::CMP_EQ_I64, 1, 0, 2, 0),
        x(id::CMP_NE_I64, 2, 4, 4, 0),
        x(id::CMP_LT_I64, 3, 10, 12, 0),
        x(id::CMP_GE_I64, 4, 12, 10, 0),
        x(id::CMP_LT_U64, 5, 10, 14, 0),
        x(id::CMP_GE_U64, 6, 14, 10, 0),
        x(id::SRA64, 10, 10, 1, 0),
        x(id::ADD64, 12, 12, 14, 0),
    ]);
}

/// Uniform bit-field, bit-reversal and whole-quad-mode variants (and `exec.wqm`), compiled
/// natively.
#[test]
fn uniform_bits() {
    if !host() {
        return;
    }
    edge_loop(&[
        x(id::UBFM, 8, 1, 2, 0),
        x(id::UBFE_U32, 9, 3, 4, 0),
        x(id::UWQM, 10, 5, 0, 0),
        x(id::UBREV, 11, 6, 0, 0),
        x(id::UBFE_U32, 12, 7, 0, 0),
        x(id::UBFE_I32, 15, 3, 4, 0),
        x(id::UBFE_I32, 16, 7, 1, 0),
        x(id::UBFE_I32, 17, 2, 2, 0),
        x(id::UBFM, 13, 0, 7, 0),
        x(id::EXEC_WQM, 14, 0, 0, 0),
        x(id::UWQM, 5, 5, 0, 0),
        // (Not ubrev in place: an involution would hide a wrong one over an even number
        // of passes.)
        x(id::UADDI, 6, 6, 0, 0x123),
        x(id::ADD, 16, 0, 1, 0),
    ]);
}
