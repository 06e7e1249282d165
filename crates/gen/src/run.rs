//! Running programs to see what they executed (variant coverage), with a step limit.

use crate::tables::Tables;
use warpkit_isa::{InsnId, INSNS};
use warpkit_sim::{state::parse_state, Program, RunOutcome, RunStatus, StepResult};

/// How often each variant was executed (retired), indexed by variant id.
#[derive(Clone, Debug)]
pub struct Coverage {
    pub counts: Vec<u64>,
}

impl Default for Coverage {
    fn default() -> Self {
        Coverage {
            counts: vec![0; INSNS.len()],
        }
    }
}

impl Coverage {
    /// The executable variants (chapters 6.1 and 6.2) split into executed and not executed.
    pub fn split(&self) -> Result<(Vec<InsnId>, Vec<InsnId>), String> {
        let t = Tables::get()?;
        Ok(t.executable
            .iter()
            .partition(|id| self.counts[id.0 as usize] > 0))
    }

    pub fn merge(&mut self, other: &Coverage) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }
}

/// Run every warp of `state_json` on `code` for at most `max_steps` instructions each,
/// counting executed variants into `cov`. Returns each warp's outcome.
pub fn run_counting(
    code: &[u8],
    state_json: &str,
    max_steps: u64,
    cov: &mut Coverage,
) -> Result<Vec<RunOutcome>, String> {
    let launch = parse_state(state_json).map_err(|e| e.to_string())?;
    let p = Program::new(code);
    let mut out = Vec::with_capacity(launch.warps.len());
    for mut w in launch.warps {
        let mut steps = 0u64;
        let status = loop {
            if steps >= max_steps {
                break if w.pc() as usize == p.len() {
                    RunStatus::Exited
                } else {
                    RunStatus::StepLimit
                };
            }
            let pc = w.pc();
            match w.step(&p) {
                StepResult::Running => {
                    if let Some(i) = p.inst_at(pc) {
                        cov.counts[i.id.0 as usize] += 1;
                    }
                    steps += 1;
                }
                StepResult::Exited => break RunStatus::Exited,
                StepResult::Faulted(f) => break RunStatus::Faulted(f),
            }
        };
        out.push(RunOutcome { status, steps });
    }
    Ok(out)
}
