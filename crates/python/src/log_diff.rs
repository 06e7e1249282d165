//! `warpkit.diff(a, b)`: the first divergence of two commit logs (`warpkit diff`, from
//! `warpkit_sim::log_diff`), as a dict. A log is a path (`os.PathLike`), JSON Lines text
//! (str or bytes, as `warpkit run --trace` writes it) or a list of records (dicts, e.g.
//! what `Sim.step` returns).

use crate::sim::{json_to_py_ints, py_to_json, type_name};
use pyo3::exceptions::PyValueError;
use pyo3::exceptions::{PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple};
use std::io::{BufReader, Cursor};
use std::path::PathBuf;
use warpkit_sim::log_diff::{
    diff_logs, DiffOptions, Difference, DifferenceKind, JsonLines, Located, RecordList,
    RecordSource, WhichLog,
};

type Source = Box<dyn RecordSource + Send>;

/// A log argument as a record source; `arg` (`a`, `b`) names it in messages.
fn source(log: &Bound<'_, PyAny>, arg: &str) -> PyResult<Source> {
    let text = |bytes: Vec<u8>| -> Source {
        Box::new(JsonLines::new(format!("<{arg}>"), Cursor::new(bytes)))
    };
    if let Ok(s) = log.cast::<PyString>() {
        return Ok(text(s.to_cow()?.into_owned().into_bytes()));
    }
    if let Ok(b) = log.cast::<PyBytes>() {
        return Ok(text(b.as_bytes().to_vec()));
    }
    if let Ok(b) = log.cast::<PyByteArray>() {
        return Ok(text(b.to_vec()));
    }
    if log.cast::<PyList>().is_ok() || log.cast::<PyTuple>().is_ok() {
        let mut records = Vec::new();
        for (i, r) in log.try_iter()?.enumerate() {
            let r = r?;
            if r.cast::<PyDict>().is_err() {
                return Err(PyTypeError::new_err(format!(
                    "{arg}[{i}]: a record must be a dict, not {}",
                    type_name(&r)
                )));
            }
            records.push(py_to_json(&r, &format!("{arg}[{i}]"))?);
        }
        return Ok(Box::new(RecordList::new(format!("<{arg}>"), records)));
    }
    if let Ok(p) = log.extract::<PathBuf>() {
        let shown = p.display().to_string();
        let cannot = |e: std::io::Error| {
            let msg = format!("cannot read {shown}: {e}");
            match e.kind() {
                std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(msg),
                _ => PyOSError::new_err(msg),
            }
        };
        let f = std::fs::File::open(&p).map_err(cannot)?;
        if f.metadata().map_err(cannot)?.is_dir() {
            return Err(PyIsADirectoryError::new_err(format!(
                "cannot read {shown}: it is a directory"
            )));
        }
        return Ok(Box::new(JsonLines::new(shown, BufReader::new(f))));
    }
    Err(PyTypeError::new_err(format!(
        "{arg} must be a path (os.PathLike), JSON Lines text (str or bytes) or a list of \
         records (dicts), not {}",
        type_name(log)
    )))
}

fn located<'py>(py: Python<'py>, l: &Option<Located>) -> PyResult<Bound<'py, PyAny>> {
    let Some(l) = l else {
        return Ok(py.None().into_bound(py));
    };
    let d = PyDict::new(py);
    d.set_item("record", json_to_py_ints(py, &l.record)?)?;
    d.set_item("line", l.line)?;
    Ok(d.into_any())
}

fn difference<'py>(py: Python<'py>, x: &Difference) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("key", &x.key)?;
    match &x.kind {
        DifferenceKind::Value { a, b, write } => {
            d.set_item("kind", if *write { "write" } else { "value" })?;
            d.set_item("a", json_to_py_ints(py, a)?)?;
            d.set_item("b", json_to_py_ints(py, b)?)?;
        }
        DifferenceKind::WrittenOnlyIn { side, value } => {
            let (kind, key) = match side {
                WhichLog::A => ("only_a", "a"),
                WhichLog::B => ("only_b", "b"),
            };
            d.set_item("kind", kind)?;
            d.set_item(key, json_to_py_ints(py, value)?)?;
        }
        DifferenceKind::Lanes { lanes, a, b } => {
            d.set_item("kind", "lanes")?;
            d.set_item("lanes", lanes)?;
            d.set_item("a", json_to_py_ints(py, a)?)?;
            d.set_item("b", json_to_py_ints(py, b)?)?;
        }
    }
    d.set_item("text", &x.text)?;
    Ok(d)
}

/// `diff(a, b, ignore=None, lanes=4) -> dict`: what `warpkit diff A B` finds, as data.
#[pyfunction]
#[pyo3(signature = (a, b, ignore = None, lanes = 4))]
pub fn diff<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    ignore: Option<Vec<String>>,
    lanes: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let mut sa = source(a, "a")?;
    let mut sb = source(b, "b")?;
    let opts = DiffOptions {
        ignore: ignore.unwrap_or_default(),
        lanes,
    };
    // Files are read without the GIL; every source is Rust data by now.
    let r = py
        .detach(|| diff_logs(sa.as_mut(), sb.as_mut(), &opts))
        .map_err(PyValueError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("equal", r.is_equal())?;
    d.set_item("equal_records", r.equal_records)?;
    let none = || py.None().into_bound(py);
    match &r.divergence {
        None => {
            d.set_item("record", none())?;
            d.set_item("a", none())?;
            d.set_item("b", none())?;
            d.set_item("differences", PyList::empty(py))?;
        }
        Some(v) => {
            d.set_item("record", v.record)?;
            d.set_item("a", located(py, &v.a)?)?;
            d.set_item("b", located(py, &v.b)?)?;
            let l = PyList::empty(py);
            for x in &v.differences {
                l.append(difference(py, x)?)?;
            }
            d.set_item("differences", l)?;
        }
    }
    d.set_item("report", r.report())?;
    Ok(d)
}
