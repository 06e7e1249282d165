//! The pictures and files a timing run produces: the SVG renders (rasterised here with
//! resvg, a pure-Rust renderer, and checked pixel by pixel), the trace-event file is JSON
//! with the documented fields and non-overlapping events, the text timeline marks what the
//! model did, and the JSON report has the documented keys.

mod common;
use common::*;
use serde_json::Value;
use warpkit_raster::{colour_at, rasterise, Pixmap};
use warpkit_sim::state::parse_state;
use warpkit_sim::Program;
use warpkit_timing::svg::{unit_colour, wait_colour};
use warpkit_timing::{Picture, SmConfig, Timeline, Timing, TraceEvents, Wait};

fn run_with<O: warpkit_timing::Observer>(
    src: &str,
    state: &str,
    cfg: &SmConfig,
    obs: &mut O,
) -> warpkit_timing::Report {
    let code = assemble(src);
    let p = Program::new(&code);
    let launch = parse_state(state).unwrap();
    Timing::new(&p, cfg)
        .run(launch.warps, 1 << 20, obs)
        .unwrap()
        .report
}

fn pixel(p: &Pixmap, x: f64, y: f64) -> (u8, u8, u8) {
    colour_at(p, x as u32, y as u32)
}

fn valu_int() -> u8 {
    unit("valu-int") as u8
}

const REG: Wait = Wait::Register { unit: 0 };

#[test]
fn the_svg_shows_each_cycle_in_its_colour() {
    // add v1, v1, v2 three times: issues @0, @4, @8 (valu-int), waits on v1 in 1-3 and
    // 5-7, done at 12 (cycles 9-11 blank: finished).
    let mut pic = Picture::new("chain");
    let src = "add v1, v1, v2\n".repeat(3);
    let r = run_with(&src, "{}", &SmConfig::default(), &mut pic);
    assert_eq!(r.cycles, 12);
    let l = pic.layout();
    assert_eq!((l.bucket, l.columns, l.rows), (1, 12, 1));
    let svg = pic.render();
    let px = rasterise(&svg);
    let y = l.row_y(0);
    for c in [0, 4, 8] {
        assert_eq!(
            pixel(&px, l.cycle_x(c), y),
            unit_colour(valu_int()),
            "cycle {c}"
        );
    }
    for c in [1, 2, 3, 5, 6, 7] {
        assert_eq!(pixel(&px, l.cycle_x(c), y), wait_colour(REG), "cycle {c}");
    }
    for c in [9, 10, 11] {
        assert_eq!(pixel(&px, l.cycle_x(c), y), (0xf7, 0xf7, 0xf7), "cycle {c}");
    }
    // Between the rows: white.
    assert_eq!(
        pixel(&px, l.cycle_x(0), l.row_top(0) + l.row_height() + 2.0),
        (255, 255, 255)
    );
}

#[test]
fn a_long_run_is_drawn_in_columns_of_many_cycles_stacked_by_share() {
    // 3000 dependent adds: 12000 cycles, each 4 = one issue and three waits. At most 512
    // columns: 32 cycles each (375 columns), each a quarter valu-int over three quarters
    // waiting on a register.
    let mut pic = Picture::new("long chain");
    let src = "add v1, v1, v2\n".repeat(3000);
    let r = run_with(&src, "{}", &SmConfig::default(), &mut pic);
    assert_eq!(r.cycles, 12_000);
    let l = pic.layout();
    assert_eq!((l.bucket, l.columns), (32, 375));
    let svg = pic.render();
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
    let px = rasterise(&svg);
    let (top, h) = (l.row_top(0), l.row_height());
    for c in [100, 6000, 11_900] {
        let x = l.cycle_x(c);
        assert_eq!(pixel(&px, x, top + 0.1 * h), unit_colour(valu_int()));
        assert_eq!(pixel(&px, x, top + 0.9 * h), wait_colour(REG));
    }
}

#[test]
fn the_svg_draws_at_most_max_rows_warps_and_says_so() {
    let n = warpkit_timing::svg::MAX_ROWS + 3;
    let mut pic = Picture::new("many");
    let state = format!("{{\"warps\": [{}]}}", vec!["{}"; n].join(","));
    run_with("add v1, v2, v3\n", &state, &SmConfig::default(), &mut pic);
    assert_eq!(pic.layout().rows, warpkit_timing::svg::MAX_ROWS);
    let svg = pic.render();
    assert!(svg.contains(&format!("of {n} shown")), "{svg}");
    rasterise(&svg);
}

#[test]
fn the_trace_event_file_has_the_documented_fields_and_no_overlap() {
    // Two warps on one scheduler: waits of every kind appear.
    let src = "add v1, v2, v3\nadd v4, v2, v3\nadd v5, v1, v4\njmp l\nl:\nadd v6, v5, v1\n";
    let code = assemble(src);
    let p = Program::new(&code);
    let launch = parse_state(r#"{"warps": [{}, {"exec": "0xf"}]}"#).unwrap();
    let cfg = cfg("[latency]\nbranch = 3");
    let mut te = TraceEvents::new(Vec::new(), &p, "test SM");
    let run = Timing::new(&p, &cfg)
        .run(launch.warps, 1000, &mut te)
        .unwrap();
    let bytes = te.finish().unwrap();
    let v: Value = serde_json::from_slice(&bytes).expect("valid JSON");
    let events = v["traceEvents"].as_array().expect("traceEvents");
    let meta: Vec<&Value> = events.iter().filter(|e| e["ph"] == "M").collect();
    for w in 0..2 {
        assert!(
            meta.iter().any(|e| e["name"] == "thread_name"
                && e["tid"] == w
                && e["args"]["name"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("warp {w}"))),
            "thread name of warp {w}"
        );
    }
    assert!(meta
        .iter()
        .any(|e| e["name"] == "process_name" && e["args"]["name"] == "test SM"));
    let x: Vec<&Value> = events.iter().filter(|e| e["ph"] == "X").collect();
    let insts: Vec<&&Value> = x.iter().filter(|e| e["cat"] != "stall").collect();
    assert_eq!(insts.len() as u64, run.report.instructions);
    for e in &insts {
        for k in ["name", "cat", "ts", "dur", "pid", "tid"] {
            assert!(!e[k].is_null(), "{k} missing in {e}");
        }
        assert_eq!(e["dur"], 1);
        let a = &e["args"];
        assert!(a["pc"].as_str().unwrap().starts_with("0x"));
        assert!(a["asm"]
            .as_str()
            .unwrap()
            .starts_with(e["name"].as_str().unwrap()));
        assert_eq!(
            a["done"].as_u64().unwrap(),
            e["ts"].as_u64().unwrap() + a["latency"].as_u64().unwrap()
        );
    }
    let lanes: Vec<u64> = insts
        .iter()
        .filter(|e| e["tid"] == 1)
        .map(|e| e["args"]["lanes"].as_u64().unwrap())
        .collect();
    assert!(lanes.iter().all(|&l| l == 4), "{lanes:?}");
    // Per warp: events in time order never overlap, and the stall events add up to the
    // report's waits.
    for w in 0..2u64 {
        let mut mine: Vec<(u64, u64, bool)> = x
            .iter()
            .filter(|e| e["tid"] == w)
            .map(|e| {
                (
                    e["ts"].as_u64().unwrap(),
                    e["dur"].as_u64().unwrap(),
                    e["cat"] == "stall",
                )
            })
            .collect();
        mine.sort();
        for p in mine.windows(2) {
            assert!(p[0].0 + p[0].1 <= p[1].0, "warp {w}: {p:?} overlap");
        }
        let stalled: u64 = mine.iter().filter(|e| e.2).map(|e| e.1).sum();
        let s = &run.report.warps[w as usize].stalls;
        assert_eq!(stalled, s.total() - s.finished, "warp {w}");
    }
    let names: Vec<&str> = x.iter().filter_map(|e| e["name"].as_str()).collect();
    for want in [
        "wait: register (valu-int)",
        "wait: branch",
        "wait: other warp",
    ] {
        assert!(names.contains(&want), "no {want:?} in {names:?}");
    }
}

#[test]
fn the_timeline_marks_issue_execution_and_waits() {
    // add v1, v1, v2 @0 (done 4); add v1, v1, v2 waits on v1 in 1-3, @4, done 8.
    let src = "add v1, v1, v2\nadd v1, v1, v2\n";
    let mut tl = Timeline::new(10);
    run_with(src, "{}", &SmConfig::default(), &mut tl);
    let rows = tl.rows();
    assert_eq!(rows.len(), 2);
    let strip = |e| (0..8).map(|c| Timeline::mark(e, c)).collect::<String>();
    assert_eq!(strip(&rows[0]), "IeeE .  ");
    assert_eq!(strip(&rows[1]), ".===IeeE");
    let p = Program::new(&assemble(src));
    let text = tl.render(&p);
    assert!(text.contains(".===IeeE  add v1, v1, v2"), "{text}");
    assert!(text.contains(warpkit_timing::LEGEND), "{text}");
    // Waits of the other kinds: two warps on one scheduler, branch latency 3.
    let mut tl = Timeline::new(10);
    run_with(
        "jmp l\nl:\nadd v1, v2, v3\n",
        r#"{"warps": [{}, {}]}"#,
        &cfg("[latency]\nbranch = 3"),
        &mut tl,
    );
    // w0 jmp @0 (latency 3: executes in 0-2); w1 jmp @1 (waited '-' in 0); w0 add waits
    // '~' in 1, 2, @3; w1 add '~' in 2, 3, @4.
    let rows = tl.rows();
    let strip = |e| (0..8).map(|c| Timeline::mark(e, c)).collect::<String>();
    assert_eq!(strip(&rows[0]), "IeE  .  ");
    assert_eq!(strip(&rows[1]), "-IeE .  ");
    assert_eq!(strip(&rows[2]), ".~~IeeE ");
    assert_eq!(strip(&rows[3]), ". ~~IeeE");
    // Only the first N rows are kept.
    let mut tl = Timeline::new(1);
    run_with(src, "{}", &SmConfig::default(), &mut tl);
    assert_eq!(tl.rows().len(), 1);
}

#[test]
fn the_json_report_has_the_documented_keys() {
    let (r, _) = time(
        "add v1, v1, v2\nadd v1, v1, v2\n",
        r#"{"warps": [{}, {"vgprs": 1}]}"#,
        &cfg("policy = \"gto\"\n[latency]\nvalu-fp = 3"),
    );
    let v: Value = serde_json::from_str(&r.to_json(&[("extra", Value::Bool(true))])).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "active_lanes",
            "cycles",
            "extra",
            "instructions",
            "ipc",
            "latency_overrides",
            "policy",
            "schedulers",
            "stalls",
            "warps"
        ],
        "(serde_json sorts keys when parsing)"
    );
    let text = r.to_json(&[]);
    let order: Vec<usize> = ["\"cycles\"", "\"instructions\"", "\"ipc\"", "\"warps\""]
        .iter()
        .map(|k| text.find(k).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "key order: {text}");
    assert_eq!(v["cycles"], 8);
    assert_eq!(v["instructions"], 2);
    assert_eq!(v["policy"], "gto");
    assert_eq!(v["latency_overrides"]["valu-fp"], 3);
    let w = &v["warps"].as_array().unwrap();
    assert_eq!(w.len(), 2);
    for k in [
        "warp",
        "scheduler",
        "status",
        "fault",
        "cycles",
        "instructions",
        "ipc",
        "stalls",
        "active_lanes",
    ] {
        assert!(w[0].get(k).is_some(), "warp key {k}");
    }
    assert_eq!(w[0]["ipc"], 0.25);
    assert_eq!(w[0]["stalls"]["register"]["valu-int"], 3);
    // Lane counts with at least one instruction.
    assert_eq!(w[0]["active_lanes"], serde_json::json!({"32": 2}));
    assert_eq!(v["active_lanes"], serde_json::json!({"32": 2}));
    // Warp 1 (one vector register) faults on its first add.
    assert_eq!(w[1]["status"], "faulted");
    assert_eq!(w[1]["fault"]["name"], "IllegalInsn");
    assert_eq!(w[1]["fault"]["pc"], "0x00000000");
    assert_eq!(w[1]["stalls"]["finished"], 8);
    // Only units that execute have register-stall keys.
    let units: Vec<&str> = w[0]["stalls"]["register"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert!(
        units.contains(&"salu") && !units.contains(&"tex"),
        "{units:?}"
    );
}
