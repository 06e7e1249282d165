//! Helpers shared by the 32-lane kernel tests: a seedable operand stream, the EXEC
//! patterns, and the levels this CPU runs.
#![allow(dead_code)]

use warpkit_fp::lanes::{Kernels, Level};

/// xorshift64*: a fixed, seedable stream, so a failing case can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn bit(&mut self) -> bool {
        self.next() >> 63 != 0
    }
}

/// EXEC: full, empty, one random lane, lane 31 alone, alternating both ways, random.
pub fn exec_patterns(rng: &mut Rng) -> [u32; 7] {
    [
        u32::MAX,
        0,
        1 << rng.below(32),
        1 << 31,
        0x5555_5555,
        0xaaaa_aaaa,
        rng.next() as u32,
    ]
}

/// The kernels of every level this CPU runs. A level the CPU has must be offered, else the
/// tests would skip it silently.
pub fn levels() -> Vec<Kernels> {
    let ks: Vec<Kernels> = Level::ALL.iter().filter_map(|&l| Kernels::new(l)).collect();
    let offered = |l: Level| ks.iter().any(|k| k.level() == l);
    assert!(offered(Level::Soft), "the Soft level is offered");
    assert!(offered(Level::best()), "the best level is offered");
    #[cfg(target_arch = "x86_64")]
    {
        let has = |f: &[bool]| f.iter().all(|&x| x);
        let avx2 = has(&[
            std::is_x86_feature_detected!("avx2"),
            std::is_x86_feature_detected!("fma"),
            std::is_x86_feature_detected!("f16c"),
        ]);
        let avx512 = avx2
            && has(&[
                std::is_x86_feature_detected!("avx512f"),
                std::is_x86_feature_detected!("avx512dq"),
                std::is_x86_feature_detected!("avx512bw"),
                std::is_x86_feature_detected!("avx512vl"),
            ]);
        assert_eq!(
            offered(Level::Avx2),
            avx2,
            "Avx2 level offered iff the CPU has it"
        );
        assert_eq!(
            offered(Level::Avx512),
            avx512,
            "Avx512 level offered iff the CPU has it"
        );
    }
    eprintln!(
        "levels under test: {:?}",
        ks.iter().map(|k| k.level()).collect::<Vec<_>>()
    );
    ks
}
