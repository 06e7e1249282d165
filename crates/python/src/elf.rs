//! `Sim(program)` with `program` the bytes of an ELF code object or linked program: loaded
//! by the command line's loader (entry kernel, register needs checked against the state).

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;
use warpkit_sim::Sim;

pub(crate) fn sim_from_elf(code: &[u8], state: &str) -> PyResult<Sim> {
    warpkit_object::load::sim_from_bytes(code, state, None).map_err(PyValueError::new_err)
}
