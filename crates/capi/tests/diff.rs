//! wk_diff: two commit logs compared from C as `warpkit diff` compares them (the report is
//! the engine's, warpkit_sim::log_diff), with the API's checks (null arguments, short
//! buffers, malformed logs) and never a crash.

use std::ffi::{c_char, CStr, CString};
use warpkit::{wk_diff, WK_ERR_ARG, WK_ERR_NULL};
use warpkit_sim::log_diff::{diff_logs, DiffOptions, JsonLines};

/// (return code, report, whole length).
fn diff(a: &[u8], b: &[u8], ignore: Option<&str>, lanes: u32, cap: usize) -> (i32, String, usize) {
    let ignore = ignore.map(|s| CString::new(s).unwrap());
    let mut buf = vec![0 as c_char; cap];
    let mut len = usize::MAX;
    let rc = unsafe {
        wk_diff(
            a.as_ptr(),
            a.len(),
            b.as_ptr(),
            b.len(),
            ignore.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            lanes,
            if cap == 0 {
                std::ptr::null_mut()
            } else {
                buf.as_mut_ptr()
            },
            cap,
            &mut len,
        )
    };
    let text = if cap == 0 {
        String::new()
    } else {
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    };
    (rc, text, len)
}

const A: &str = concat!(
    r#"{"warp":0,"step":0,"pc":"0x00000000","word":"0x00000001","asm":"laneid v1","writes":{"v1":[0,1,2,3]}}"#,
    "\n",
    r#"{"warp":0,"step":1,"pc":"0x00000004","word":"0x00000002","asm":"add v2, v1, v1","writes":{"v2":[0,2,4,6]}}"#,
    "\n"
);

#[test]
fn equal_logs_and_the_first_divergence_as_warpkit_diff_reports_them() {
    let (rc, text, len) = diff(A.as_bytes(), A.as_bytes(), None, 4, 256);
    assert_eq!((rc, text.as_str(), len), (0, "equal: 2 records\n", 17));
    let b = A.replace("[0,2,4,6]", "[0,2,5,7]");
    let (rc, text, len) = diff(A.as_bytes(), b.as_bytes(), None, 1, 4096);
    let want = diff_logs(
        &mut JsonLines::new("<a>", A.as_bytes()),
        &mut JsonLines::new("<b>", b.as_bytes()),
        &DiffOptions {
            ignore: vec![],
            lanes: 1,
        },
    )
    .unwrap()
    .report();
    assert_eq!((rc, text.as_str(), len), (1, want.as_str(), want.len()));
    assert!(
        text.contains("  v2: 2 lanes differ: lane 2: A 0x00000004 B 0x00000005\n"),
        "{text}"
    );
    // Ignored keys are not compared.
    assert_eq!(
        diff(A.as_bytes(), b.as_bytes(), Some("asm,v2"), 4, 256).0,
        0
    );
    // A short buffer gets the start of the report and its whole length.
    let (rc, cut, whole) = diff(A.as_bytes(), b.as_bytes(), None, 1, 10);
    assert_eq!((rc, cut.as_str(), whole), (1, "first div", want.len()));
    assert_eq!(diff(A.as_bytes(), b.as_bytes(), None, 1, 0).0, 1);
    // A log that ends early.
    let (rc, text, _) = diff(A.as_bytes(), &[], None, 4, 4096);
    assert_eq!(rc, 1);
    assert!(
        text.starts_with("first divergence at record 1: <b> ends after 0 records"),
        "{text}"
    );
}

#[test]
fn malformed_logs_and_null_arguments_are_errors() {
    let first = A.lines().next().unwrap();
    let bad = format!("{first}\n{{oops\n");
    let (rc, text, _) = diff(A.as_bytes(), bad.as_bytes(), None, 4, 4096);
    assert_eq!(rc, WK_ERR_ARG);
    assert!(text.starts_with("<b>:2: not a JSON record"), "{text}");
    let (rc, text, _) = diff(b"[1]\n", A.as_bytes(), None, 4, 4096);
    assert_eq!(
        (rc, text.as_str()),
        (WK_ERR_ARG, "<a>:1: a record must be a JSON object")
    );
    let deep = "[".repeat(100_000);
    assert_eq!(
        diff(deep.as_bytes(), A.as_bytes(), None, 4, 256).0,
        WK_ERR_ARG
    );
    assert_eq!(diff(b"\xff\n", A.as_bytes(), None, 4, 256).0, WK_ERR_ARG);
    let mut buf = [0 as c_char; 64];
    let rc = unsafe {
        wk_diff(
            std::ptr::null(),
            3,
            A.as_ptr(),
            A.len(),
            std::ptr::null(),
            4,
            buf.as_mut_ptr(),
            buf.len(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(rc, WK_ERR_NULL);
    let bad = [0xffu8, 0];
    let rc = unsafe {
        wk_diff(
            A.as_ptr(),
            A.len(),
            A.as_ptr(),
            A.len(),
            bad.as_ptr() as *const c_char,
            4,
            buf.as_mut_ptr(),
            buf.len(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(rc, WK_ERR_ARG);
}
