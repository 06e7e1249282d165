//! The fast coverage collector (`Counts::run`) writes byte for byte the databases of the
//! reference collector (`Counts::run_reference`, the plain reading of the model) over
//! generated programs of every kind: integer, uniform, FP and half work, EXEC writes and
//! divergent branches, loops and calls, one to four warps, faults, step limits, and
//! programs with random bits flipped (odd registers, pairs at the end of the file,
//! undecodable words, `movrel`).

mod common;

use warpkit_asm::assemble;
use warpkit_cover::{Counts, Db};
use warpkit_gen::rng::Rng;
use warpkit_gen::{GenConfig, Generator, Mix};
use warpkit_sim::state::parse_state;

/// Collect `code` both ways; the databases must be the same text, the warps must end the
/// same way. Returns the database.
fn both(code: &[u8], state: &str, max_steps: u64, what: &str) -> Db {
    let mut fast = Counts::default();
    let mut slow = Counts::default();
    let a = fast.run(code, parse_state(state).unwrap(), max_steps);
    let b = slow.run_reference(code, parse_state(state).unwrap(), max_steps);
    assert_eq!(a, b, "{what}: warp outcomes");
    let (da, db) = (Db::from_counts(&fast), Db::from_counts(&slow));
    let (ja, jb) = (da.to_json(), db.to_json());
    if ja != jb {
        let diff: Vec<String> = da
            .bins
            .iter()
            .filter(|(k, v)| db.bins.get(*k) != Some(v))
            .map(|(k, v)| format!("{k}: fast {v}, reference {}", db.count(k)))
            .chain(
                db.bins
                    .iter()
                    .filter(|(k, _)| !da.bins.contains_key(*k))
                    .map(|(k, v)| format!("{k}: fast 0, reference {v}")),
            )
            .collect();
        panic!("{what}: databases differ:\n{}", diff.join("\n"));
    }
    da
}

fn programs(cfg: GenConfig, seed: u64, count: u64, label: &str) -> u64 {
    let mut g = Generator::new(cfg).unwrap();
    let mut rng = Rng::new(seed, 9999);
    let mut total = Db::new();
    let mut flipped_words = 0u64;
    for i in 0..count {
        let p = g.generate(seed, i);
        let what = format!("{label} seed {seed} program {i}");
        let code = assemble(&p.text, &Default::default())
            .unwrap_or_else(|d| panic!("{what} does not assemble: {d:?}"))
            .code;
        total.merge(&both(&code, &p.state, p.step_bound + 1, &what));
        // Cut short: the step limit in the middle of the program.
        both(&code, &p.state, p.step_bound / 3, &format!("{what}, cut"));
        // Random bits flipped in a few words: other variants, registers and fields.
        let mut bad = code.clone();
        for _ in 0..1 + rng.below(6) {
            let w = rng.below(bad.len() as u64 / 4) as usize * 4;
            let bit = rng.below(32) as u32;
            let mut x = u32::from_le_bytes(bad[w..w + 4].try_into().unwrap());
            x ^= 1 << bit;
            bad[w..w + 4].copy_from_slice(&x.to_le_bytes());
            flipped_words += 1;
        }
        both(&bad, &p.state, 3000, &format!("{what}, flipped"));
    }
    assert!(flipped_words > 0);
    // The programs did reach the bins this test is about.
    total.bins.len() as u64
}

#[test]
fn default_mix() {
    let n = programs(GenConfig::default(), 11, 120, "default");
    assert!(n > 500, "{n} bins");
}

#[test]
fn floating_point_and_halves() {
    let cfg = GenConfig {
        mix: Mix::parse("int=1,uni=1,fp=10,half=8,directed=4").unwrap(),
        ..GenConfig::default()
    };
    let n = programs(cfg, 12, 120, "fp");
    assert!(n > 500, "{n} bins");
}

#[test]
fn control_flow_divergence_and_faults() {
    let cfg = GenConfig {
        mix: Mix::parse("exec=6,branch=6,simt=8").unwrap(),
        depth: 4,
        faults: true,
        ..GenConfig::default()
    };
    let n = programs(cfg, 13, 120, "control");
    assert!(n > 200, "{n} bins");
}

#[test]
fn code_beyond_packed_histories() {
    // 8 MiB of code: more words than the collector's packed hazard histories can name, so
    // it hands the run to the reference collector (the same database either way).
    let pair = assemble("uaddi u1, u1, 1\nadd v1, v1, v2\n", &Default::default())
        .unwrap()
        .code;
    let code: Vec<u8> = pair.iter().copied().cycle().take(8 << 20).collect();
    let db = both(&code, r#"{"warps": [{}]}"#, 1000, "8 MiB of code");
    assert_eq!(db.count("variant/uaddi/executed"), 500);
    assert_eq!(db.count("variant/add/executed"), 500);
}
