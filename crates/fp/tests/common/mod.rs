//! Helpers shared by the 32-lane kernel tests: a seedable operand stream, the EXEC
//! patterns (both in `rng.rs`), and the levels this CPU runs.
#![allow(dead_code)]

use warpkit_fp::lanes::{ArithOp, Kernels, SimdLevel};
use warpkit_fp::Rm;

mod rng;
pub use rng::*;

/// The kernels of every level this CPU runs. A level the CPU has must be offered, else the
/// tests would skip it silently.
pub fn levels() -> Vec<Kernels> {
    let ks: Vec<Kernels> = SimdLevel::ALL
        .iter()
        .filter_map(|&l| Kernels::new(l))
        .collect();
    let offered = |l: SimdLevel| ks.iter().any(|k| k.level() == l);
    assert!(offered(SimdLevel::Soft), "the Soft level is offered");
    assert!(offered(SimdLevel::best()), "the best level is offered");
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
            offered(SimdLevel::Avx2),
            avx2,
            "Avx2 level offered iff the CPU has it"
        );
        assert_eq!(
            offered(SimdLevel::Avx512),
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

/// The scalar library's result and flags for one binary32 lane: what every kernel must equal.
pub fn ref_f32(op: ArithOp, a: u32, b: u32, c: u32, rm: Rm) -> (u32, u8) {
    let mut fl = 0;
    let r = match op {
        ArithOp::Add => warpkit_fp::f32_add(a, b, rm, &mut fl),
        ArithOp::Sub => warpkit_fp::f32_sub(a, b, rm, &mut fl),
        ArithOp::Mul => warpkit_fp::f32_mul(a, b, rm, &mut fl),
        ArithOp::Fma => warpkit_fp::f32_fma(a, b, c, rm, &mut fl),
    };
    (r, fl)
}
