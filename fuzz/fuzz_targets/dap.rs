//! Random DAP request sequences (valid and malformed requests, motions with requests sent
//! while they run) served by the adapter in-process: no panic, no hang, every request
//! before the first `disconnect` answered.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::time::Duration;
use warpkit_dap::check::{check_session, requests_from_bytes};

fuzz_target!(|data: &[u8]| {
    let (frames, answered) = requests_from_bytes(data);
    if let Err(e) = check_session(frames, &answered, Duration::ZERO, Duration::from_secs(20)) {
        panic!("{e}");
    }
});
