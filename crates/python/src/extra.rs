//! Entry points beyond assembling and simulating: the timing model (`timing`), the
//! random program generator (`generate`) and the commit-log comparison (`diff`, in
//! `log_diff`), with the command line's checks and messages.

use crate::sim::{json_to_py_ints, program_code, sim_err, state_text, steps_arg};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;
use warpkit_sim::state::parse_state;
use warpkit_sim::{Program, DEFAULT_MAX_STEPS};

/// `timing(program, state=None, schedulers=None, policy=None, max_steps=None) -> dict`:
/// what `warpkit timing --json` prints (cycles, IPC, stalls, per-PC totals ...), as
/// Python objects.
#[pyfunction]
#[pyo3(signature = (program, state = None, schedulers = None, policy = None, max_steps = None))]
pub fn timing<'py>(
    py: Python<'py>,
    program: &Bound<'py, PyAny>,
    state: Option<&Bound<'py, PyAny>>,
    schedulers: Option<u32>,
    policy: Option<&str>,
    max_steps: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let code = program_code(py, program)?;
    let launch = parse_state(&state_text(state)?).map_err(sim_err)?;
    let n = max_steps
        .map(steps_arg)
        .transpose()?
        .unwrap_or(DEFAULT_MAX_STEPS);
    let mut cfg = warpkit_timing::SmConfig::default();
    if let Some(s) = schedulers {
        cfg.set_schedulers(s)
            .map_err(|e| PyValueError::new_err(format!("schedulers: {e}")))?;
    }
    if let Some(p) = policy {
        cfg.set_policy(
            p.parse::<warpkit_timing::Policy>()
                .map_err(|e| PyValueError::new_err(format!("policy: {e}")))?,
        );
    }
    let prog = Program::new(&code);
    let t = warpkit_timing::Timing::new(&prog, &cfg);
    let mut per_pc = warpkit_timing::PerPc::default();
    let run = py
        .detach(|| t.run(launch.warps, n, &mut per_pc))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let text = run.report.to_json(&[("per_pc", per_pc.to_json(&prog))]);
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| PyValueError::new_err(format!("internal: report JSON: {e}")))?;
    json_to_py_ints(py, &v)
}

/// `generate(seed, index=0, length=200, depth=2, mix=None, faults=False) -> (text, state)`:
/// program `index` of `seed`, exactly the files `warpkit gen` writes (the state as a dict).
#[pyfunction]
#[pyo3(signature = (seed, index = 0, length = 200, depth = 2, mix = None, faults = false))]
pub fn generate<'py>(
    py: Python<'py>,
    seed: u64,
    index: u64,
    length: usize,
    depth: u8,
    mix: Option<&str>,
    faults: bool,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let mix = match mix {
        Some(m) => warpkit_gen::Mix::parse(m).map_err(PyValueError::new_err)?,
        None => warpkit_gen::Mix::default(),
    };
    let cfg = warpkit_gen::GenConfig {
        length,
        mix,
        depth,
        faults,
        ..Default::default()
    };
    let mut g = warpkit_gen::Generator::new(cfg).map_err(PyValueError::new_err)?;
    let p = g.generate(seed, index);
    let v: Value = serde_json::from_str(&p.state)
        .map_err(|e| PyValueError::new_err(format!("internal: state JSON: {e}")))?;
    Ok((p.text, json_to_py_ints(py, &v)?))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(timing, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(crate::log_diff::diff, m)?)?;
    Ok(())
}
