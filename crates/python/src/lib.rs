//! `warpkit._native`: the Python face of warpkit (re-exported by the `warpkit` package, whose
//! `__init__.pyi` documents it). Everything a caller can pass in is checked here, and every
//! failure is a Python exception carrying the command line's message; nothing panics into
//! the interpreter (a panic would surface as `pyo3_runtime.PanicException`, which the
//! tests treat as a failure).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use warpkit_asm::{disassemble as disasm, DisasmOptions};

mod convert;
mod elf;
mod extra;
mod log_diff;
mod sim;

use convert::{assemble_text, json_to_py, AssemblyError};

/// `assemble(text) -> bytes`.
#[pyfunction]
fn assemble<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyBytes>> {
    let code = assemble_text(py, text)?;
    Ok(PyBytes::new(py, &code))
}

/// `disassemble(code) -> str`, as `warpkit disasm` prints it: it assembles back to the same
/// bytes (words that do not decode print as data).
#[pyfunction]
fn disassemble(code: &[u8]) -> String {
    disasm(
        code,
        DisasmOptions {
            comments: true,
            labels: true,
        },
    )
}

/// `spec(name)`: what `warpkit spec --json NAME` prints, as Python objects.
#[pyfunction]
fn spec<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    match warpkit_isa::export::spec_lookup(name) {
        Ok(v) => json_to_py(py, &v),
        Err(msg) => Err(PyValueError::new_err(msg)),
    }
}

#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AssemblyError", m.py().get_type::<AssemblyError>())?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(spec, m)?)?;
    sim::register(m)?;
    extra::register(m)?;
    Ok(())
}
