//! Simulators made through the C API, their errors as strings.
// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::ffi::{c_char, CStr, CString};
use std::ptr::null;
use warpkit::*;

/// What `wk_sim_new*` returned: the simulator, or the message written to `err`.
fn made(s: *mut wk_sim, err: &[c_char]) -> Result<*mut wk_sim, String> {
    if s.is_null() {
        Err(unsafe { CStr::from_ptr(err.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    } else {
        Ok(s)
    }
}

/// `wk_sim_new` (no state: the default launch).
pub fn new_sim(code: &[u8], state: Option<&str>) -> Result<*mut wk_sim, String> {
    let st = state.map(|s| CString::new(s).unwrap());
    let mut err = [0 as c_char; 256];
    let s = unsafe {
        wk_sim_new(
            code.as_ptr(),
            code.len(),
            st.as_ref().map_or(null(), |s| s.as_ptr()),
            err.as_mut_ptr(),
            err.len(),
        )
    };
    made(s, &err)
}

/// `wk_sim_new_kernel`.
pub fn new_sim_kernel(
    code: &[u8],
    state: Option<&str>,
    kernel: Option<&str>,
) -> Result<*mut wk_sim, String> {
    let st = state.map(|s| CString::new(s).unwrap());
    let k = kernel.map(|k| CString::new(k).unwrap());
    let mut err = [0 as c_char; 256];
    let s = unsafe {
        wk_sim_new_kernel(
            code.as_ptr(),
            code.len(),
            st.as_ref().map_or(null(), |s| s.as_ptr()),
            k.as_ref().map_or(null(), |k| k.as_ptr()),
            err.as_mut_ptr(),
            err.len(),
        )
    };
    made(s, &err)
}
