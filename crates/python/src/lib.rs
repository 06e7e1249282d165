//! `warpkit._native`: the Python face of warpkit (re-exported by the `warpkit` package, whose
//! `__init__.pyi` documents it). Everything a caller can pass in is checked here, and every
//! failure is a Python exception carrying the command line's message; nothing panics into
//! the interpreter (a panic would surface as `pyo3_runtime.PanicException`, which the
//! tests treat as a failure).

use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde_json::Value;
use warpkit_asm::{assemble_file, disassemble as disasm, warnings_of, DisasmOptions};

mod elf;
mod extra;
mod log_diff;
mod sim;

create_exception!(
    warpkit,
    AssemblyError,
    PyValueError,
    "Assembly failed; str(e) holds every diagnostic, as `warpkit asm` prints them."
);

/// Name the diagnostics give the text (there is no file).
const SOURCE_NAME: &str = "<string>";

/// Assemble `text`; warnings become Python warnings (UserWarning).
pub(crate) fn assemble_text(py: Python<'_>, text: &str) -> PyResult<Vec<u8>> {
    match assemble_file(SOURCE_NAME, text) {
        Ok(a) => {
            if !a.warnings.is_empty() {
                let msg = warnings_of(SOURCE_NAME, text, &a).render(false);
                let cat = py.get_type::<PyUserWarning>();
                PyErr::warn(
                    py,
                    &cat,
                    &std::ffi::CString::new(msg.replace('\0', " "))?,
                    1,
                )?;
            }
            Ok(a.code)
        }
        Err(d) => Err(AssemblyError::new_err(
            d.render(false).trim_end().to_string(),
        )),
    }
}

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

/// A JSON value as the Python object `json.loads` would give.
pub(crate) fn json_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (_, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(json_to_py(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
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
