//! The streaming trace (`Sim::run_traced`): warps run in parallel and spill ahead of the
//! output, yet trace and final state equal a sequential run byte for byte; filters keep
//! exactly their records; spills stay within the window; output errors stop the run.

mod common;

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use warpkit_sim::state::{parse_state, Fields};
use warpkit_sim::{run_state, Sim, SimError, TraceFilter, TraceOptions, WINDOW_PER_THREAD};

/// A loop whose trip count is `u1`; `v2` accumulates lane ids.
const LOOP: &str = "loop:\n  uaddi u1, u1, -1\n  add v2, v2, v1\n  laneid v1\n  bnz u1, loop\n";

fn code() -> Vec<u8> {
    warpkit_asm::assemble(LOOP, &warpkit_asm::AsmOptions::named("loop.s"))
        .unwrap()
        .code
}

fn asm(i: &warpkit_encoding::Inst, pc: u32, s: &mut String) {
    warpkit_asm::format_inst(i, pc, None, s);
}

/// Warps of many lengths, two that fault (misaligned PC, a PC outside the code), and two
/// that an earlier run left exited / stopped.
fn state(n: usize) -> String {
    let mut ws: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"u": {{"u1": {}}}, "exec": "0x{:08x}"}}"#,
                (i * 37) % 50 + 1,
                (i as u32).wrapping_mul(2_654_435_761) | 1
            )
        })
        .collect();
    ws[3] = r#"{"pc": 2}"#.into();
    ws[7] = r#"{"pc": 400}"#.into();
    ws[9] = r#"{"status": "exited", "steps": 4, "pc": 16}"#.into();
    ws[11] = r#"{"status": "step_limit", "steps": 9, "u": {"u1": 5}}"#.into();
    format!(r#"{{"warps": [{}]}}"#, ws.join(","))
}

fn spill() -> std::io::Result<std::fs::File> {
    tempfile::tempfile()
}

fn traced(state: &str, max: u64, filter: TraceFilter, threads: usize) -> (String, String) {
    let mut sim = Sim::new(&code(), state).unwrap();
    let mut out = Vec::new();
    let opts = TraceOptions {
        filter,
        threads,
        spill: &spill,
    };
    sim.run_traced(max, &mut out, &asm, &opts).unwrap();
    (String::from_utf8(out).unwrap(), sim.state_json())
}

#[test]
fn parallel_trace_equals_the_sequential_one() {
    let st = state(40);
    for max in [1_000, 60] {
        let mut want = Vec::new();
        let want_state = run_state(&code(), &st, max, Some((&mut want, &asm))).unwrap();
        let want = String::from_utf8(want).unwrap();
        assert!(want.lines().count() > 1000, "a real workload");
        for threads in [1, 2, 3, 8] {
            let (got, got_state) = traced(&st, max, TraceFilter::ALL, threads);
            assert!(
                got == want,
                "trace differs with {threads} threads, max {max}"
            );
            assert_eq!(got_state, want_state, "{threads} threads, max {max}");
        }
    }
}

#[test]
fn filters_keep_exactly_their_records_and_change_no_state() {
    let st = state(24);
    let (all, all_state) = traced(&st, 500, TraceFilter::ALL, 1);
    let filter = TraceFilter {
        warps: Some(vec![1..=1, 5..=9, 20..=30]),
        steps: 3..17,
    };
    let want: Vec<&str> = all
        .lines()
        .filter(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let (w, s) = (v["warp"].as_u64().unwrap(), v["step"].as_u64().unwrap());
            (w == 1 || (5..=9).contains(&w) || (20..=30).contains(&w)) && (3..17).contains(&s)
        })
        .collect();
    assert!(!want.is_empty());
    for threads in [1, 2, 5] {
        let (got, got_state) = traced(&st, 500, filter.clone(), threads);
        assert_eq!(got.lines().collect::<Vec<_>>(), want, "{threads} threads");
        assert_eq!(got_state, all_state, "{threads} threads");
    }
    // Steps from a point on, and an empty selection.
    let from = TraceFilter {
        warps: None,
        steps: 40..u64::MAX,
    };
    let (got, _) = traced(&st, 500, from, 2);
    let n = all
        .lines()
        .filter(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["step"].as_u64() >= Some(40)
        })
        .count();
    assert_eq!(got.lines().count(), n);
    let none = TraceFilter {
        warps: Some(vec![]),
        steps: 0..u64::MAX,
    };
    let (got, got_state) = traced(&st, 500, none, 2);
    assert_eq!((got.as_str(), got_state), ("", all_state));
}

/// Open files of this process that lie in `dir`.
fn open_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir("/proc/self/fd")
        .map(|d| {
            d.filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
                .filter(|p| p.starts_with(dir))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn spills_stay_within_the_window_behind_a_long_head() {
    if !std::path::Path::new("/proc/self/fd").exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (made, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let named = || {
        let n = made.fetch_add(1, Ordering::SeqCst);
        most.fetch_max(open_in(dir.path()) + 1, Ordering::SeqCst);
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(dir.path().join(format!("spill{n}")))
    };
    // Warp 0 runs 40,000 iterations; the 60 others a few each.
    let mut ws = vec![r#"{"u": {"u1": 40000}}"#.to_string()];
    ws.extend((0..60).map(|i| format!(r#"{{"u": {{"u1": {}}}}}"#, i % 5 + 1)));
    let st = format!(r#"{{"warps": [{}]}}"#, ws.join(","));
    let threads = 2;
    let mut sim = Sim::new(&code(), &st).unwrap();
    let mut out = Vec::new();
    let opts = TraceOptions {
        filter: TraceFilter::ALL,
        threads,
        spill: &named,
    };
    sim.run_traced(u64::MAX, &mut out, &asm, &opts).unwrap();
    let made = made.into_inner();
    let most = most.into_inner();
    assert!(made > 0, "warps ran ahead of the head and spilled");
    // The documented bound: at most the window's warps have spills at once.
    assert!(
        most <= threads * WINDOW_PER_THREAD,
        "{most} spills open at once; window {}",
        threads * WINDOW_PER_THREAD
    );
    assert_eq!(
        open_in(dir.path()),
        0,
        "every spill is closed after its copy"
    );
    let mut want = Vec::new();
    run_state(&code(), &st, u64::MAX, Some((&mut want, &asm))).unwrap();
    assert!(out == want);
}

/// A writer that fails after `left` bytes.
struct Full {
    left: usize,
}

impl Write for Full {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if b.len() > self.left {
            return Err(std::io::Error::other("disk full"));
        }
        self.left -= b.len();
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn an_output_error_stops_the_run_and_is_returned() {
    let st = state(40);
    for threads in [1, 2, 4] {
        let mut sim = Sim::new(&code(), &st).unwrap();
        let opts = TraceOptions {
            filter: TraceFilter::ALL,
            threads,
            spill: &spill,
        };
        let r = sim.run_traced(1000, &mut Full { left: 20_000 }, &asm, &opts);
        assert!(matches!(r, Err(SimError::Io(_))), "{threads} threads");
        // A spill that cannot be made is an error too, not a panic. (Warp 0 runs long,
        // so that another thread certainly starts a warp behind it.)
        let mut sim =
            Sim::new(&code(), &st.replacen(r#""u1": 1}"#, r#""u1": 200000}"#, 1)).unwrap();
        let no_space = || Err(std::io::Error::other("no space"));
        let opts = TraceOptions {
            filter: TraceFilter::ALL,
            threads,
            spill: &no_space,
        };
        let r = sim.run_traced(1_000_000, &mut Vec::new(), &asm, &opts);
        if threads > 1 {
            assert!(matches!(r, Err(SimError::Io(_))), "{threads} threads");
        } else {
            // One thread writes straight to the output and never spills.
            assert!(r.is_ok());
        }
    }
}

#[test]
fn write_state_selects_and_labels() {
    let st = state(12);
    let mut sim = Sim::new(&code(), &st).unwrap();
    sim.run(100);
    let mut all = Vec::new();
    sim.write_state(&mut all, None, &Fields::ALL).unwrap();
    assert_eq!(String::from_utf8(all).unwrap(), sim.state_json());
    let f = Fields {
        exec: true,
        u: 1 << 1,
        v: 0b110 | 1 << 127,
        ..Fields::NONE
    };
    let mut out = Vec::new();
    sim.write_state(&mut out, Some(&[2, 5]), &f).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let ws = v["warps"].as_array().unwrap();
    assert_eq!(ws.len(), 2);
    let keys: Vec<&str> = ws[0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    // serde_json sorts keys.
    assert_eq!(keys, ["exec", "fault", "status", "steps", "u", "v", "warp"]);
    assert_eq!(ws[1]["warp"], 5);
    assert_eq!(ws[0]["u"].as_object().unwrap().len(), 1);
    // v127 is shown: the warps have 128 registers (with vgprs 8 it is not, below).
    assert_eq!(ws[0]["v"].as_object().unwrap().len(), 3);
    assert_eq!(
        ws[1]["v"]["v2"],
        serde_json::from_str::<serde_json::Value>(&sim.state_json()).unwrap()["warps"][5]["v"]
            ["v2"]
    );
    // The selection reads back as a state file (labels ignored, missing keys default).
    let l = parse_state(std::str::from_utf8(&out).unwrap()).unwrap();
    assert_eq!(l.warps[1].exec(), sim.warp(5).unwrap().exec());
    assert!(matches!(
        sim.write_state(&mut Vec::new(), Some(&[12]), &f),
        Err(SimError::NoWarp {
            index: 12,
            warps: 12
        })
    ));
    // Registers above vgprs are never shown.
    let small = Sim::new(&code(), r#"{"vgprs": 8}"#).unwrap();
    let mut out = Vec::new();
    small.write_state(&mut out, None, &f).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["warps"][0]["v"].as_object().unwrap().len(), 2);
}
