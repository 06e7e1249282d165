//! `warpkit.Sim`: a program and its launched warps (warpkit-sim's `Sim`), stepped one
//! instruction at a time with commit records, or run; states in and out as Python objects.

use crate::convert::{assemble_text, json_to_py};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};
use serde_json::{Map, Number, Value};
use warpkit_sim::{
    Commit, EngineKind, Sim, SimError, StepResult, DEFAULT_MAX_STEPS, NUM_UREGS, NUM_VREGS,
};

#[pyclass(module = "warpkit", name = "Sim")]
pub struct PySim {
    sim: Sim,
    /// Reused for every step: a record has fixed capacity and is filled in place.
    commit: Box<Commit>,
    asm: String,
    /// The text of the instruction at each 4-byte slot, made once (the program never
    /// changes, and the text depends only on the instruction and its PC).
    asm_at: Vec<Option<Py<PyString>>>,
    /// "v0".."v127", then "u0".."u63": the keys of `writes`.
    names: Vec<Py<PyString>>,
}

pub(crate) fn sim_err(e: SimError) -> PyErr {
    match e {
        SimError::NoWarp { .. } => PyIndexError::new_err(e.to_string()),
        e => PyValueError::new_err(e.to_string()),
    }
}

pub(crate) fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// The machine code of a `program` argument: bytes-like as they are, str assembled.
pub(crate) fn program_code(py: Python<'_>, program: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = program.cast::<PyString>() {
        return assemble_text(py, &s.to_cow()?);
    }
    if let Ok(b) = program.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = program.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    Err(PyTypeError::new_err(format!(
        "program must be bytes (machine code) or str (assembly), not {}",
        type_name(program)
    )))
}

/// A `state` argument as the text of a state file: None is one default warp, a str is
/// the JSON itself, a dict is converted (ints, 0x strings, lists, dicts as in the file).
pub(crate) fn state_text(state: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let Some(st) = state.filter(|s| !s.is_none()) else {
        return Ok("{}".to_string());
    };
    if let Ok(s) = st.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if st.cast::<PyDict>().is_ok() {
        return Ok(py_to_json(st, "state")?.to_string());
    }
    Err(PyTypeError::new_err(format!(
        "state must be a dict, a JSON string or None, not {}",
        type_name(st)
    )))
}

/// A Python value (from a state dict or a log record) as JSON; `path` names it in errors (`state.warps[0]`).
pub(crate) fn py_to_json(o: &Bound<'_, PyAny>, path: &str) -> PyResult<Value> {
    py_to_json_at(o, path, 0)
}

/// Deeper than any state file goes (and than serde_json reads): refused before the
/// recursion could exhaust the stack.
const MAX_DEPTH: usize = 64;

fn py_to_json_at(o: &Bound<'_, PyAny>, path: &str, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "{path}: nested more than {MAX_DEPTH} levels deep"
        )));
    }
    if o.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = o.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if o.cast::<PyInt>().is_ok() {
        if let Ok(u) = o.extract::<u64>() {
            return Ok(Value::Number(u.into()));
        }
        if let Ok(i) = o.extract::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        return Err(PyValueError::new_err(format!(
            "{path}: {} does not fit in 64 bits",
            o.str()?
        )));
    }
    if let Ok(f) = o.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| {
                PyValueError::new_err(format!("{path}: {} is not a number", f.value()))
            });
    }
    if let Ok(s) = o.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = o.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d.iter() {
            let Ok(key) = k.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "{path}: keys must be str, not {} ({})",
                    type_name(&k),
                    k.repr()?
                )));
            };
            let key = key.to_cow()?.into_owned();
            let sub = format!("{path}.{key}");
            m.insert(key, py_to_json_at(&v, &sub, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    if o.cast::<PyList>().is_ok() || o.cast::<PyTuple>().is_ok() {
        let mut a = Vec::new();
        for (i, v) in o.try_iter()?.enumerate() {
            a.push(py_to_json_at(&v?, &format!("{path}[{i}]"), depth + 1)?);
        }
        return Ok(Value::Array(a));
    }
    Err(PyTypeError::new_err(format!(
        "{path}: states and records hold ints, strings, lists and dicts, not {}",
        type_name(o)
    )))
}

/// JSON as Python objects, with every `0x` hex string (the values `warpkit run` prints)
/// as an int.
pub(crate) fn json_to_py_ints<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::String(s) => match s.strip_prefix("0x").map(|h| u64::from_str_radix(h, 16)) {
            Some(Ok(n)) => n.into_pyobject(py)?.into_any(),
            _ => PyString::new(py, s).into_any(),
        },
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(json_to_py_ints(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, json_to_py_ints(py, x)?)?;
            }
            d.into_any()
        }
        v => json_to_py(py, v)?,
    })
}

/// A warp index argument: any int; out of range (negative included) is an IndexError with
/// the command line's message.
fn warp_index(sim: &Sim, warp: &Bound<'_, PyAny>) -> PyResult<usize> {
    if warp.cast::<PyInt>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "warp must be an int, not {}",
            type_name(warp)
        )));
    }
    match warp.extract::<i64>() {
        Ok(i) if i >= 0 && (i as u64) < sim.num_warps() as u64 => Ok(i as usize),
        _ => Err(PyIndexError::new_err(format!(
            "no warp {}: {} warps are launched",
            warp.str()?,
            sim.num_warps()
        ))),
    }
}

/// A step count argument: an int 0 .. 2**64-1.
pub(crate) fn steps_arg(max_steps: &Bound<'_, PyAny>) -> PyResult<u64> {
    if max_steps.cast::<PyInt>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "max_steps must be an int, not {}",
            type_name(max_steps)
        )));
    }
    max_steps.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "max_steps must be 0 .. 2**64-1, not {}",
            max_steps.str().map(|s| s.to_string()).unwrap_or_default()
        ))
    })
}

/// The record of one retired instruction: the keys and values of a `--trace` line, with
/// ints for the hex strings.
fn record<'py>(
    py: Python<'py>,
    warp: usize,
    c: &Commit,
    asm: &Bound<'py, PyString>,
    names: &[Py<PyString>],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "warp"), warp)?;
    d.set_item(intern!(py, "step"), c.step)?;
    d.set_item(intern!(py, "pc"), c.pc)?;
    d.set_item(intern!(py, "word"), c.word)?;
    d.set_item(intern!(py, "asm"), asm)?;
    d.set_item(intern!(py, "exec"), c.exec)?;
    let w = PyDict::new(py);
    for v in c.v_writes() {
        w.set_item(names[v.reg as usize].bind(py), PyList::new(py, v.value)?)?;
    }
    for u in c.u_writes() {
        w.set_item(names[NUM_VREGS + u.reg as usize].bind(py), u.value)?;
    }
    if let Some(x) = c.exec_write() {
        w.set_item(intern!(py, "exec"), x)?;
    }
    if let Some(x) = c.fflags_write() {
        w.set_item(intern!(py, "fflags"), x)?;
    }
    if let Some(x) = c.pc_write() {
        w.set_item(intern!(py, "pc"), x)?;
    }
    d.set_item(intern!(py, "writes"), w)?;
    Ok(d)
}

impl PySim {
    /// The text of the instruction just stepped (`self.commit`), from the cache.
    fn asm_text<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyString> {
        let slot = (self.commit.pc / 4) as usize;
        if self.asm_at.is_empty() {
            self.asm_at = (0..=self.sim.program().len() / 4).map(|_| None).collect();
        }
        if let Some(Some(s)) = self.asm_at.get(slot) {
            return s.bind(py).clone();
        }
        self.asm.clear();
        warpkit_asm::format_inst(&self.commit.inst, self.commit.pc, None, &mut self.asm);
        let s = PyString::new(py, &self.asm);
        if let Some(e) = self.asm_at.get_mut(slot) {
            *e = Some(s.clone().unbind());
        }
        s
    }
}

#[pymethods]
impl PySim {
    #[new]
    #[pyo3(signature = (program, state = None, kernel = None, engine = None))]
    fn new(
        py: Python<'_>,
        program: &Bound<'_, PyAny>,
        state: Option<&Bound<'_, PyAny>>,
        kernel: Option<&str>,
        engine: Option<&str>,
    ) -> PyResult<Self> {
        // Checked first: a bad name is refused before any loading.
        warpkit_ui::load::register_engines();
        let engine = match engine {
            None => warpkit_sim::default_engine(),
            Some(e) => EngineKind::parse(e).map_err(PyValueError::new_err)?,
        };
        let text = state_text(state)?;
        let sim = match program.cast::<PyString>() {
            // Assembly is loaded as every front loads it (macros, kernels: the entry kernel
            // or `kernel=`, several and none chosen refused).
            Ok(src) => crate::elf::sim_from_assembly(py, &src.to_cow()?, &text, kernel)?,
            Err(_) => {
                let code = program_code(py, program)?;
                match kernel.is_some() || warpkit_object::is_elf(&code) {
                    true => crate::elf::sim_from_bytes(&code, &text, kernel)?,
                    false => Sim::new(&code, &text).map_err(sim_err)?,
                }
            }
        };
        let mut sim = sim;
        sim.select_engine(engine).map_err(PyValueError::new_err)?;
        Ok(PySim {
            sim,
            commit: Box::new(Commit::new()),
            asm: String::new(),
            asm_at: Vec::new(),
            names: (0..NUM_VREGS)
                .map(|r| format!("v{r}"))
                .chain((0..NUM_UREGS).map(|r| format!("u{r}")))
                .map(|n| PyString::new(py, &n).unbind())
                .collect(),
        })
    }

    /// Execute one instruction of `warp`: its record, or None once the warp has exited or
    /// faulted (see `state()` for how it ended).
    #[pyo3(signature = (warp = None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        warp: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let i = match warp {
            Some(w) => warp_index(&self.sim, w)?,
            None => 0,
        };
        match self.sim.step(i, &mut self.commit).map_err(sim_err)? {
            StepResult::Running => {
                let asm = self.asm_text(py);
                Ok(Some(record(py, i, &self.commit, &asm, &self.names)?))
            }
            StepResult::Exited | StepResult::Faulted(_) => Ok(None),
        }
    }

    /// Run every warp until its step count reaches `max_steps` or it ends, like
    /// `warpkit run --max-steps` (warps in parallel; the GIL is released meanwhile).
    /// Signals are checked every few tens of milliseconds: Ctrl-C raises
    /// KeyboardInterrupt with every warp between two instructions, so `state()` then is a
    /// valid state and `run` again goes on as if never stopped.
    #[pyo3(signature = (max_steps = None))]
    fn run(&mut self, py: Python<'_>, max_steps: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let n = match max_steps {
            None => DEFAULT_MAX_STEPS,
            Some(m) => steps_arg(m)?,
        };
        run_checking_signals(py, &mut self.sim, n)
    }

    /// The state of every warp, as `warpkit run` prints it (values as ints); a valid
    /// `state` for `Sim` and `set_state`.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.sim.state_json();
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| PyValueError::new_err(format!("internal: state JSON: {e}")))?;
        json_to_py_ints(py, &v)
    }

    /// Replace the warps by those of `state` (a dict, a JSON string, or None); the program
    /// stays. On error nothing changes.
    #[pyo3(signature = (state))]
    fn set_state(&mut self, state: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let text = state_text(state)?;
        self.sim.set_state(&text).map_err(sim_err)
    }

    /// The engine `run` uses: "jit" or "interp".
    #[getter]
    fn engine(&self) -> &'static str {
        self.sim.engine_kind().name()
    }

    /// What the compiling tier has done for this program so far (`warpkit run
    /// --jit-stats`); "" with the interpreter.
    #[getter]
    fn jit_stats(&self) -> String {
        self.sim.engine().map(|e| e.report()).unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        format!(
            "<warpkit.Sim: {} bytes of code, {} warp{}>",
            self.sim.program().len(),
            self.sim.num_warps(),
            if self.sim.num_warps() == 1 { "" } else { "s" }
        )
    }
}

/// Wall time between two looks at Python's pending signals during `run`.
const SIGNAL_SLICE: std::time::Duration = std::time::Duration::from_millis(20);

/// [`Sim::run`] without the GIL, in slices, taking the GIL between slices to run Python's
/// signal handlers; the first exception they raise stops the run and is returned.
fn run_checking_signals(py: Python<'_>, sim: &mut Sim, max_steps: u64) -> PyResult<()> {
    let mut raised: Option<PyErr> = None;
    py.detach(|| {
        sim.run_sliced(
            max_steps,
            SIGNAL_SLICE,
            &mut |_| match Python::attach(|py| py.check_signals()) {
                Ok(()) => true,
                Err(e) => {
                    raised = Some(e);
                    false
                }
            },
        )
    });
    raised.map_or(Ok(()), Err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySim>()
}
