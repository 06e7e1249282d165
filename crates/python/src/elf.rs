//! `Sim(program, kernel=...)`: ELF code objects and linked programs (bytes) and assembly
//! with kernels (str) loaded by the command line's loader: the entry kernel (`kernel=`, else
//! the file's entry or only kernel), register needs checked against the state.

use crate::AssemblyError;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use warpkit_sim::Sim;
use warpkit_ui::load::{load_program, LoadError, LoadOptions, ProgramFormat};

/// How the messages name the Python argument.
fn options(kernel: Option<&str>) -> LoadOptions {
    LoadOptions {
        kernel: kernel.map(str::to_string),
        kernel_option: "kernel=",
    }
}

/// Bytes: an ELF file by its magic, else raw machine code (which refuses a `kernel`).
pub(crate) fn sim_from_bytes(code: &[u8], state: &str, kernel: Option<&str>) -> PyResult<Sim> {
    warpkit_ui::load::sim_from_bytes(code, state, &options(kernel)).map_err(PyValueError::new_err)
}

/// Assembly text, started at `kernel` (declared with `.kernel` or `.type NAME, @function`)
/// or at the entry the loader chooses.
pub(crate) fn sim_from_assembly(
    py: Python<'_>,
    text: &str,
    state: &str,
    kernel: Option<&str>,
) -> PyResult<Sim> {
    let p = load_program(
        crate::convert::SOURCE_NAME,
        text.as_bytes().to_vec(),
        None,
        ProgramFormat::Asm,
        &options(kernel),
    )
    .map_err(|e| match e {
        LoadError::Assembly(d) => AssemblyError::new_err(d.to_string().trim_end().to_string()),
        LoadError::Message(m) => PyValueError::new_err(m),
    })?;
    if let Some(w) = p.warnings.as_ref().filter(|w| !w.is_empty()) {
        let cat = py.get_type::<PyUserWarning>();
        let msg = std::ffi::CString::new(w.to_string().replace('\0', " "))?;
        PyErr::warn(py, &cat, &msg, 1)?;
    }
    p.sim(state).map_err(PyValueError::new_err)
}
