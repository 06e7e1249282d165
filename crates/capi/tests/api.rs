//! The C functions called as a C host would: results equal the simulator's, and null or bad
//! arguments, garbage code and malformed states or records are error codes with messages,
//! never a panic or a crash.

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};
use warpkit::*;

mod common;
use common::*;
use warpkit_sim::{run_state, DEFAULT_MAX_STEPS};

const PROG: &str = "laneid v1\nadd.vi v2, v1, 40\ncmp.lt.u32.vi u3, v1, 7\n\
                    saveexec.and u4, u3\nbnz u3, skip\nmovi v5, 1\nskip:\nmul v6, v2, v2\n";

fn code(src: &str) -> Vec<u8> {
    warpkit_asm::assemble(src, &Default::default())
        .unwrap()
        .code
}

fn state_of(s: *const wk_sim) -> String {
    unsafe {
        let n = wk_sim_state_json(s, null_mut(), 0);
        let mut buf = vec![0 as c_char; n + 1];
        assert_eq!(wk_sim_state_json(s, buf.as_mut_ptr(), buf.len()), n);
        CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
    }
}

fn blank() -> wk_commit {
    unsafe { std::mem::zeroed() }
}

/// The model's records of every step of warp `w`, with wk_sim_step.
fn records(s: *mut wk_sim, w: u32) -> Vec<wk_commit> {
    let mut v = Vec::new();
    let mut c = blank();
    while unsafe { wk_sim_step(s, w, &mut c) } == 1 {
        v.push(c);
    }
    v
}

#[test]
fn stepping_and_running_give_what_warpkit_run_prints() {
    let code = code(PROG);
    let state = r#"{"warps": [{"exec": "0xffff00ff"}, {"exec": 0}]}"#;
    let want = run_state(&code, state, DEFAULT_MAX_STEPS, None).unwrap();
    let s = new_sim(&code, Some(state)).unwrap();
    assert_eq!(unsafe { wk_sim_num_warps(s) }, 2);
    let r0 = records(s, 0);
    assert_eq!(r0.len(), 6);
    assert_eq!((r0[0].pc, r0[0].step, r0[0].size, r0[0].trap), (0, 0, 4, 0));
    assert_eq!(r0[1].writes[0].file, WK_FILE_V);
    assert_eq!(r0[1].writes[0].mask, 0xffff00ff);
    assert_eq!(r0[1].writes[0].lanes[3], 43);
    assert_eq!((r0[3].n_writes, r0[3].exec_after), (1, 0x7f));
    assert_eq!((r0[4].next_pc, r0[4].n_writes), (0x18, 0)); // bnz taken
    records(s, 1);
    assert_eq!(state_of(s), want);
    unsafe { wk_sim_free(s) };

    let s = new_sim(&code, Some(state)).unwrap();
    assert_eq!(unsafe { wk_sim_run(s, DEFAULT_MAX_STEPS) }, WK_OK);
    assert_eq!(state_of(s), want);
    // A stopped warp stays stopped and says how it ended.
    let mut c = blank();
    assert_eq!(unsafe { wk_sim_step(s, 0, &mut c) }, 0);
    assert_eq!((c.trap, c.pc), (0, code.len() as u32));
    unsafe { wk_sim_free(s) };
}

#[test]
fn state_json_is_cut_to_the_buffer_and_reports_the_full_length() {
    let s = new_sim(&code(PROG), None).unwrap();
    let full = state_of(s);
    let mut buf = [0x55 as c_char; 10];
    let n = unsafe { wk_sim_state_json(s, buf.as_mut_ptr(), buf.len()) };
    assert_eq!(n, full.len());
    let got = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    assert_eq!(got, &full[..9]);
    assert_eq!(unsafe { wk_sim_state_json(s, buf.as_mut_ptr(), 0) }, n);
    assert_eq!(buf[0] as u8, b'{'); // cap 0 writes nothing
    unsafe { wk_sim_free(s) };
}

#[test]
fn null_and_bad_arguments_are_error_codes() {
    let code = code(PROG);
    let s = new_sim(&code, None).unwrap();
    let mut c = blank();
    let mut msg = [0 as c_char; 200];
    unsafe {
        assert_eq!(wk_sim_step(null_mut(), 0, &mut c), WK_ERR_NULL);
        assert_eq!(wk_sim_step(s, 0, null_mut()), WK_ERR_NULL);
        assert_eq!(wk_sim_step(s, 1, &mut c), WK_ERR_WARP);
        assert_eq!(wk_sim_step(s, u32::MAX, &mut c), WK_ERR_WARP);
        assert_eq!(wk_sim_run(null_mut(), 5), WK_ERR_NULL);
        assert_eq!(wk_sim_state_json(null(), msg.as_mut_ptr(), msg.len()), 0);
        assert_eq!(wk_sim_num_warps(null()), 0);
        assert_eq!(
            wk_cosim_check(null_mut(), 0, &c, msg.as_mut_ptr(), msg.len()),
            WK_ERR_NULL
        );
        assert_eq!(
            wk_cosim_check(s, 0, null(), msg.as_mut_ptr(), msg.len()),
            WK_ERR_NULL
        );
        assert_eq!(wk_cosim_check(s, 0, null(), null_mut(), 0), WK_ERR_NULL);
        assert_eq!(
            wk_cosim_check(s, 3, &c, msg.as_mut_ptr(), msg.len()),
            WK_ERR_WARP
        );
        assert_eq!(
            CStr::from_ptr(msg.as_ptr()).to_str().unwrap(),
            "no warp 3: 1 warps are launched"
        );
        for (n, file, reg, want) in [
            (17, WK_FILE_V, 0, "dut->n_writes is 17; at most 16"),
            (
                1,
                3,
                0,
                "dut->writes[0].file is 3; want WK_FILE_V (1) or WK_FILE_U (2)",
            ),
            (
                1,
                WK_FILE_V,
                128,
                "dut->writes[0]: register v128 does not exist",
            ),
            (
                1,
                WK_FILE_U,
                64,
                "dut->writes[0]: register u64 does not exist",
            ),
        ] {
            let mut d = blank();
            d.n_writes = n;
            d.writes[0].file = file;
            d.writes[0].reg = reg;
            assert_eq!(
                wk_cosim_check(s, 0, &d, msg.as_mut_ptr(), msg.len()),
                WK_ERR_ARG
            );
            assert_eq!(CStr::from_ptr(msg.as_ptr()).to_str().unwrap(), want);
        }
        // A refused record does not step the model.
        let r = records(s, 0);
        assert_eq!(r.len(), 6);
        wk_sim_free(s);
        wk_sim_free(null_mut());
        assert!(!CStr::from_ptr(wk_strerror(-99)).to_bytes().is_empty());
        assert_eq!(
            CStr::from_ptr(wk_strerror(WK_ERR_WARP)).to_str().unwrap(),
            "no such warp"
        );
    }
}

#[test]
fn bad_states_and_code_pointers_are_refused_with_warpkit_runs_message() {
    let code = code(PROG);
    for (state, words) in [
        ("{", "state file is not valid JSON"),
        (
            r#"{"warps": [{"exec": "zz"}]}"#,
            "state file: warps[0].exec",
        ),
        (r#"{"warps": [{"vgprs": 0}]}"#, "state file: warps[0].vgprs"),
        (r#"{"bogus": 1}"#, "bogus"),
    ] {
        let e = new_sim(&code, Some(state)).unwrap_err();
        let want = run_state(&code, state, 1, None).unwrap_err().to_string();
        assert_eq!(e, want);
        assert!(e.contains(words), "{e}");
    }
    // Invalid UTF-8 in the state, a null code pointer with a length, a tiny error buffer.
    let mut err = [0x55 as c_char; 4];
    let bad = [b'{', 0xff, b'}', 0];
    unsafe {
        let s = wk_sim_new(
            code.as_ptr(),
            code.len(),
            bad.as_ptr() as *const c_char,
            err.as_mut_ptr(),
            err.len(),
        );
        assert!(s.is_null());
        assert_eq!(CStr::from_ptr(err.as_ptr()).to_bytes(), b"sta");
        assert!(wk_sim_new(null(), 4, null(), null_mut(), 0).is_null());
        let s = wk_sim_new(null(), 0, null(), null_mut(), 0);
        assert!(!s.is_null()); // no code: the warp exits at once
        let mut c = blank();
        assert_eq!(wk_sim_step(s, 0, &mut c), 0);
        wk_sim_free(s);
    }
}

/// The device's record that agrees with the model: the model's own.
fn mismatch(edit: impl Fn(&mut wk_commit), at: usize) -> String {
    let code = code(PROG);
    let state = r#"{"warps": [{"exec": "0xffff00ff"}]}"#;
    let dev = new_sim(&code, Some(state)).unwrap();
    let gold = new_sim(&code, Some(state)).unwrap();
    let mut msg = [0 as c_char; 300];
    let mut out = String::new();
    for (k, mut d) in records(dev, 0).into_iter().enumerate() {
        if k == at {
            edit(&mut d);
        }
        let r = unsafe { wk_cosim_check(gold, 0, &d, msg.as_mut_ptr(), msg.len()) };
        if r != 0 {
            assert_eq!(r, 1);
            out = unsafe { CStr::from_ptr(msg.as_ptr()) }
                .to_string_lossy()
                .into_owned();
            break;
        }
    }
    unsafe {
        wk_sim_free(dev);
        wk_sim_free(gold);
    }
    out
}

#[test]
fn cosim_check_names_each_kind_of_difference() {
    assert_eq!(mismatch(|_| {}, usize::MAX), "");
    let at2 = "warp 0 step 2 pc 0x00000008 (cmp.lt.u32.vi u3, v1, 7): ";
    for (edit, tail) in [
        (
            Box::new(|d: &mut wk_commit| d.pc += 4) as Box<dyn Fn(&mut wk_commit)>,
            "pc: expected 0x00000008, got 0x0000000c",
        ),
        (
            Box::new(|d| d.insn ^= 1),
            "insn: expected 0x07021a2c, got 0x07021a2d",
        ),
        (Box::new(|d| d.trap = 1), "trap: expected none, got cause 1"),
        (
            Box::new(|d| d.exec_before = 1),
            "exec before: expected 0xffff00ff, got 0x00000001",
        ),
        (
            Box::new(|d| d.exec_after = 0),
            "exec after: expected 0xffff00ff, got 0x00000000",
        ),
        (
            Box::new(|d| d.next_pc = 0),
            "next pc: expected 0x0000000c, got 0x00000000",
        ),
        (
            Box::new(|d| d.fflags_after = 1),
            "fflags after: expected 0x00000000, got 0x00000001",
        ),
        (
            Box::new(|d| d.writes[0].lanes[0] ^= 4),
            "u3: expected 0x0000007f, got 0x0000007b",
        ),
        (
            Box::new(|d| d.n_writes = 0),
            "u3: written by the model, not by the DUT",
        ),
        (
            Box::new(|d| {
                d.n_writes = 2;
                d.writes[1] = d.writes[0];
                d.writes[1].file = WK_FILE_V;
                d.writes[1].reg = 9;
            }),
            "v9: written by the DUT, not by the model",
        ),
    ] {
        assert_eq!(mismatch(edit, 2), format!("{at2}{tail}"));
    }
    // Vector lanes: only those the model wrote (EXEC) count.
    assert_eq!(mismatch(|d| d.writes[0].lanes[9] ^= 1, 1), "");
    assert_eq!(
        mismatch(|d| d.writes[0].lanes[17] ^= 0x10000, 1),
        "warp 0 step 1 pc 0x00000004 (add.vi v2, v1, 40): v2 lane 17: expected 0x00000039, got 0x00010039"
    );
}

#[test]
fn faults_and_ends_are_compared() {
    let code = [0x7e, 0, 0, 0];
    let s = new_sim(&code, None).unwrap();
    let mut msg = [0 as c_char; 300];
    let text = |m: &[c_char]| {
        unsafe { CStr::from_ptr(m.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    };
    let mut d = blank();
    d.trap = 2;
    assert_eq!(
        unsafe { wk_cosim_check(s, 0, &d, msg.as_mut_ptr(), msg.len()) },
        1
    );
    assert_eq!(text(&msg), "warp 0: expected fault cause 1 (IllegalInsn) at pc 0x00000000, got trap cause 2 at pc 0x00000000");
    d.trap = 0;
    assert_eq!(
        unsafe { wk_cosim_check(s, 0, &d, msg.as_mut_ptr(), msg.len()) },
        1
    );
    assert_eq!(
        text(&msg),
        "warp 0: expected fault cause 1 (IllegalInsn) at pc 0x00000000, got retired pc 0x00000000"
    );
    d.trap = 1;
    assert_eq!(
        unsafe { wk_cosim_check(s, 0, &d, msg.as_mut_ptr(), msg.len()) },
        0
    );
    let mut c = blank();
    assert_eq!(unsafe { wk_sim_step(s, 0, &mut c) }, 0);
    assert_eq!((c.trap, c.pc, c.insn), (1, 0, 0x7e));
    unsafe { wk_sim_free(s) };

    let s = new_sim(&[], None).unwrap();
    d.trap = 0;
    d.pc = 8;
    assert_eq!(
        unsafe { wk_cosim_check(s, 0, &d, msg.as_mut_ptr(), msg.len()) },
        1
    );
    assert_eq!(
        text(&msg),
        "warp 0: the model's warp has ended; the DUT retired pc 0x00000008"
    );
    unsafe { wk_sim_free(s) };
}

/// splitmix64, for the garbage below.
fn next(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn garbage_code_and_random_device_records_never_panic() {
    let mut x = 11u64;
    let mut msg = [0 as c_char; 64];
    for round in 0..300 {
        let len = (next(&mut x) % 64) as usize;
        let code: Vec<u8> = (0..len).map(|_| next(&mut x) as u8).collect();
        let s = new_sim(&code, Some(r#"{"warps": [{}, {"vgprs": 1}]}"#)).unwrap();
        for _ in 0..20 {
            let mut d = blank();
            // Random bytes over the whole record, with n_writes sometimes in range.
            let p = &mut d as *mut wk_commit as *mut u8;
            for k in 0..std::mem::size_of::<wk_commit>() {
                unsafe { *p.add(k) = next(&mut x) as u8 };
            }
            if round % 2 == 0 {
                d.n_writes %= 4;
                for w in &mut d.writes[..4] {
                    w.file = 1 + (w.file & 1);
                    w.reg &= 63;
                }
            }
            let r = unsafe {
                wk_cosim_check(
                    s,
                    (next(&mut x) % 3) as u32,
                    &d,
                    msg.as_mut_ptr(),
                    msg.len(),
                )
            };
            assert!((-3..=1).contains(&r), "{r}");
        }
        assert_eq!(unsafe { wk_sim_run(s, 1000) }, WK_OK);
        assert!(state_of(s).starts_with('{'));
        unsafe { wk_sim_free(s) };
    }
}

#[test]
fn the_engine_is_chosen_per_sim_and_gives_the_same_state() {
    // A loop long enough for the tier to compile it (560,000 instructions: the first
    // compile of a process waits for 200,000).
    let code = code("loop:\nuaddi u1, u1, -1\nadd v2, v2, v1\nlaneid v1\nbnz u1, loop\n");
    let state = r#"{"warps": [{"exec": "0xffff00ff", "u": {"u1": 100000}}, {"u": {"u1": 40000}}]}"#;
    let want = run_state(&code, state, DEFAULT_MAX_STEPS, None).unwrap();
    warpkit_ui::load::register_engines();
    let supported = warpkit_sim::tier_available();
    for (engine, ok) in [
        (WK_ENGINE_INTERP, WK_OK),
        (
            WK_ENGINE_JIT,
            if supported { WK_OK } else { WK_ERR_UNSUPPORTED },
        ),
    ] {
        let s = new_sim(&code, Some(state)).unwrap();
        // A new simulator runs with the default engine: jit where the host runs it.
        let default = match std::env::var("WARPKIT_ENGINE").as_deref() {
            Ok("interp") => WK_ENGINE_INTERP,
            _ if supported => WK_ENGINE_JIT,
            _ => WK_ENGINE_INTERP,
        };
        assert_eq!(unsafe { wk_sim_engine(s) }, default);
        assert_eq!(unsafe { wk_sim_set_engine(s, engine) }, ok);
        if ok == WK_OK {
            assert_eq!(unsafe { wk_sim_engine(s) }, engine);
        }
        assert_eq!(unsafe { wk_sim_run(s, DEFAULT_MAX_STEPS) }, WK_OK);
        assert_eq!(state_of(s), want, "engine {engine}");
        assert_eq!(unsafe { wk_sim_set_engine(s, 7) }, WK_ERR_ARG);
        unsafe { wk_sim_free(s) };
    }
    assert_eq!(
        unsafe { wk_sim_set_engine(null_mut(), WK_ENGINE_JIT) },
        WK_ERR_NULL
    );
    assert_eq!(unsafe { wk_sim_engine(null()) }, WK_ERR_NULL);
    let text = unsafe { CStr::from_ptr(wk_strerror(WK_ERR_UNSUPPORTED)) };
    assert_eq!(text.to_str().unwrap(), "not available on this host");
}
