//! Between Rust and Python: assembly text to machine code (warnings become Python
//! warnings, errors an `AssemblyError`) and JSON values to Python objects.

use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde_json::Value;
use warpkit_asm::{assemble, AsmOptions};

create_exception!(
    warpkit,
    AssemblyError,
    PyValueError,
    "Assembly failed; str(e) holds every diagnostic, as `warpkit asm` prints them."
);

/// Name the diagnostics give the text (there is no file).
pub(crate) const SOURCE_NAME: &str = "<string>";

/// Assemble `text`; warnings become Python warnings (UserWarning).
pub(crate) fn assemble_text(py: Python<'_>, text: &str) -> PyResult<Vec<u8>> {
    match assemble(text, &AsmOptions::named(SOURCE_NAME)) {
        Ok(a) => {
            if !a.warnings.is_empty() {
                let msg = a.warnings.render(false);
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
