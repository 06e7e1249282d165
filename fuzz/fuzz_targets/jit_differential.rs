//! Any code bytes and any starting registers, run with the interpreter and with the
//! compiling tier (compiling every block at its first start): the warps and outcomes must
//! be identical (`crates/jit/tests/differential.rs` is the property-test twin).
#![no_main]

use libfuzzer_sys::fuzz_target;
use warpkit_jit::Jit;
use warpkit_sim::{Engine, Mode, Program, Warp, LANES};

fuzz_target!(|data: &[u8]| {
    if data.len() < 16 {
        return;
    }
    let (head, code) = data.split_at(16);
    let word = |k: usize| u32::from_le_bytes(head[4 * k..4 * k + 4].try_into().unwrap());
    let p = Program::new(code);
    let Some(jit) = Jit::with_options(&p, 1 << 22, 1) else {
        return;
    };
    let mut w = Warp::new();
    // Registers from a seed: integers and binary32 values of every class.
    let mut x = word(0) as u64 | 1;
    for r in 0..24 {
        for l in 0..LANES {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            w.vregs_mut()[r][l] = x as u32;
        }
    }
    for r in 0..64 {
        w.uregs_mut()[r] = (word(1).rotate_left(r as u32)) % 64;
    }
    w.set_exec(word(2));
    let m = head[12];
    let _ = w.set_mode(Mode {
        rm: m % 5,
        rm16: (m / 5) % 5,
    });
    let _ = w.set_fflags(head[13] & 0x1f);
    let _ = w.set_vgprs(1 + head[14] as u32 % 128);
    let max = 1 + head[15] as u64 * 40;
    let mut a = w.clone();
    let mut b = w;
    for _ in 0..2 {
        let oa = a.run(&p, max);
        let ob = jit.run(&mut b, &p, max);
        assert_eq!(oa, ob);
        assert_eq!(a, b);
    }
});
