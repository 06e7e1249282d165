//! The bin hit counts both collectors fill ([`crate::collect`] and its reference,
//! [`crate::reference`]): a leaf, so neither collector depends on the other for it.

use crate::model::Model;

/// Bin hit counts of one or more runs, in model order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub bins: Vec<u64>,
    /// Programs run.
    pub programs: u64,
    /// Instructions retired, over all warps.
    pub instructions: u64,
}

impl Default for Counts {
    fn default() -> Self {
        Counts {
            bins: vec![0; Model::get().len()],
            programs: 0,
            instructions: 0,
        }
    }
}
