//! Random programs run with the interpreter and with the compiling tier (compiling every
//! block at its first start): the warps, outcomes and step counts must be identical
//! (`crates/jit/tests/differential.rs` is the property-test twin).
//!
//! Input: 16 bytes of launch (register seed, EXEC, MODE, FFLAGS, vgprs, step limit, warp
//! count), one byte of kind, then the program: for an odd kind, the bytes themselves as
//! code (garbage, undecodable words, truncated instructions); for an even kind, 3 bytes per
//! instruction: any variant of the database (every §6.1/§6.2 variant, every rounding mode
//! an operand can name) with operands from a seed, registers kept low so that blocks
//! compile, branch targets on instruction starts. Several warps share the tier's blocks and
//! are run in interleaved slices, so step limits fall inside compiled loops.
#![no_main]

use libfuzzer_sys::fuzz_target;
use warpkit_encoding::encode_into;
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_isa::{InsnId, RegFile, INSNS};
use warpkit_jit::Jit;
use warpkit_sim::{Mode, Program, RunEngine, Warp, LANES};

/// The program of an even kind (see the module docs).
fn structured(data: &[u8]) -> Vec<u8> {
    let mut insts: Vec<_> = data
        .chunks_exact(3)
        .map(|c| {
            let v = u16::from_le_bytes([c[0], c[1]]) % INSNS.len() as u16;
            let mut rng = XorShift::new((c[2] as u64) << 16 | v as u64);
            let mut i = random_inst(InsnId(v), &mut rng);
            for o in i.desc().operands {
                if let Some((file, count, _)) = o.ty.reg() {
                    let r = i.get(o.slot);
                    i.set(
                        o.slot,
                        match file {
                            RegFile::V => (r % 24) & !(count as i64 - 1),
                            RegFile::U => (r % 12) & !(count as i64 - 1),
                            RegFile::H => r % 48,
                        },
                    );
                }
            }
            (i, c[2])
        })
        .collect();
    let mut at = Vec::with_capacity(insts.len() + 1);
    let mut pc = 0i64;
    for (i, _) in &insts {
        at.push(pc);
        pc += i.size() as i64;
    }
    at.push(pc);
    let mut code = Vec::new();
    for (k, (i, seed)) in insts.iter_mut().enumerate() {
        if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
            let t = at[*seed as usize % at.len()];
            i.set(o.slot, t - at[k]);
        }
        encode_into(i, &mut code);
    }
    code
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 17 {
        return;
    }
    let (head, rest) = data.split_at(16);
    let (kind, body) = (rest[0], &rest[1..]);
    let code = if kind & 1 == 1 {
        body.to_vec()
    } else {
        structured(body)
    };
    let word = |k: usize| u32::from_le_bytes(head[4 * k..4 * k + 4].try_into().unwrap());
    let p = Program::new(&code);
    let Some(jit) = Jit::with_options(&p, 1 << 22, 1) else {
        return;
    };
    let warps = 1 + head[11] as usize % 3;
    let mut pairs: Vec<(Warp, Warp)> = (0..warps)
        .map(|k| {
            let mut w = Warp::new();
            // Registers from a seed: integers and binary32 values of every class.
            let mut x = (word(0) as u64) << 8 | k as u64 | 1;
            for r in 0..24 {
                for l in 0..LANES {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    w.vregs_mut()[r][l] = match x >> 60 {
                        0 => 0x7fc0_0000,
                        1 => 0x7f80_0000 | (x as u32 & 0x8000_0000),
                        2 => x as u32 & 0x807f_ffff,
                        3 => 0x7f7f_ffff,
                        4..=6 => (x as u32) % 64,
                        _ => x as u32,
                    };
                }
            }
            for r in 0..64 {
                w.uregs_mut()[r] = word(1).rotate_left(r as u32 + k as u32) % 64;
            }
            w.set_exec(word(2).rotate_left(k as u32 * 11));
            let m = head[12];
            let _ = w.set_mode(Mode {
                rm: m % 5,
                rm16: (m / 5) % 5,
            });
            let _ = w.set_fflags(head[13] & 0x1f);
            let _ = w.set_vgprs(1 + head[14] as u32 % 128);
            (w.clone(), w)
        })
        .collect();
    let max = 1 + head[15] as u64 * 40;
    for slice in 0..3 {
        for (k, (a, b)) in pairs.iter_mut().enumerate() {
            let oa = a.interpret(&p, max);
            let ob = jit.run(b, &p, max);
            assert_eq!(oa, ob, "warp {k}, slice {slice}: outcomes");
            assert_eq!(a, b, "warp {k}, slice {slice}: warps");
        }
    }
});
