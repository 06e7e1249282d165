//! The SM description: how many warp schedulers, which issue policy, and the latency of every
//! variant. Latencies and unit names come from the database (`instructions.isa`: the latency
//! column and each group's `unit=`); a configuration only overrides whole units.

use serde::Deserialize;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use warpkit_isa::{InsnId, Latency, GROUPS, INSNS};
use warpkit_sim::has_semantics;

/// Most warp schedulers one SM may have (a bound on what a mistaken file can allocate).
pub const MAX_SCHEDULERS: u32 = 1024;
/// Longest latency a configuration may set, in cycles.
pub const MAX_LATENCY: u32 = 1_000_000;

/// Which ready warp a scheduler issues from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Policy {
    /// Loose round robin: the first ready warp after the one that issued last.
    #[default]
    Lrr,
    /// Greedy then oldest: the warp that issued last while it stays ready, else the ready
    /// warp with the lowest index.
    Gto,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Lrr => "lrr",
            Policy::Gto => "gto",
        }
    }
}

impl FromStr for Policy {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Policy, ConfigError> {
        match s {
            "lrr" => Ok(Policy::Lrr),
            "gto" => Ok(Policy::Gto),
            _ => Err(ConfigError(format!(
                "unknown policy `{s}` (expected `lrr` or `gto`)"
            ))),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A configuration the model refuses, with the key it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// An execution unit of the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecUnit {
    /// As the database writes it (`valu-int`, `salu`, `branch`, `valu-fp`, ...).
    pub name: &'static str,
    /// Some variant of the unit executes in the functional model (and so has a fixed
    /// latency). The §7 units (`tex`, `gfx`) do not: their variants fault and never issue.
    pub timed: bool,
}

struct UnitTables {
    units: Vec<ExecUnit>,
    /// Unit index of every variant, by `InsnId`.
    unit_of: Vec<u8>,
}

fn tables() -> &'static UnitTables {
    static T: OnceLock<UnitTables> = OnceLock::new();
    T.get_or_init(|| {
        let mut units: Vec<ExecUnit> = Vec::new();
        for g in GROUPS.iter() {
            if !units.iter().any(|u| u.name == g.unit) {
                units.push(ExecUnit {
                    name: g.unit,
                    timed: false,
                });
            }
        }
        let unit_of: Vec<u8> = INSNS
            .iter()
            .map(|d| {
                let u = units
                    .iter()
                    .position(|u| u.name == d.group_desc().unit)
                    .unwrap_or(0);
                if has_semantics(d.id) {
                    units[u].timed = true;
                }
                // The database has a handful of units; an index past u8 cannot occur.
                u.min(u8::MAX as usize) as u8
            })
            .collect();
        UnitTables { units, unit_of }
    })
}

/// Every unit of the database, in the order its groups first name them.
pub fn units() -> &'static [ExecUnit] {
    &tables().units
}

/// Index into [`units`] of a variant's unit.
#[inline]
pub fn unit_of(id: InsnId) -> u8 {
    tables().unit_of.get(id.0 as usize).copied().unwrap_or(0)
}

/// The SM: schedulers, policy and per-unit latency overrides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmConfig {
    schedulers: u32,
    policy: Policy,
    /// (unit index, cycles), at most one entry per unit.
    overrides: Vec<(u8, u32)>,
}

impl Default for SmConfig {
    /// One scheduler, `lrr`, the database's latencies.
    fn default() -> SmConfig {
        SmConfig {
            schedulers: 1,
            policy: Policy::Lrr,
            overrides: Vec::new(),
        }
    }
}

/// The file form of [`SmConfig`]; unknown keys are refused by name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileForm {
    schedulers: Option<i64>,
    policy: Option<String>,
    latency: Option<toml::Table>,
}

impl SmConfig {
    /// Parse an `sm.toml`:
    ///
    /// ```toml
    /// schedulers = 2          # warp schedulers (warp i on scheduler i mod 2)
    /// policy = "gto"          # "lrr" or "gto"
    /// [latency]               # cycles, per unit of the database
    /// valu-fp = 4
    /// ```
    ///
    /// Every key is optional; an unknown key (at top level or in `[latency]`) is an error
    /// naming it.
    pub fn from_toml(text: &str) -> Result<SmConfig, ConfigError> {
        let f: FileForm = toml::from_str(text).map_err(|e| ConfigError(e.to_string()))?;
        let mut c = SmConfig::default();
        if let Some(n) = f.schedulers {
            let n = u32::try_from(n).map_err(|_| {
                ConfigError(format!(
                    "schedulers: {n} is out of range (1..={MAX_SCHEDULERS})"
                ))
            })?;
            c.set_schedulers(n)
                .map_err(|e| ConfigError(format!("schedulers: {e}")))?;
        }
        if let Some(p) = f.policy {
            c.policy = p
                .parse()
                .map_err(|e: ConfigError| ConfigError(format!("policy: {e}")))?;
        }
        for (key, value) in f.latency.iter().flatten() {
            let cycles = value
                .as_integer()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| {
                    ConfigError(format!(
                        "latency.{key}: expected a whole number of cycles (1..={MAX_LATENCY}), got {value}"
                    ))
                })?;
            c.set_latency(key, cycles)
                .map_err(|e| ConfigError(format!("latency.{key}: {e}")))?;
        }
        Ok(c)
    }

    pub fn schedulers(&self) -> u32 {
        self.schedulers
    }

    /// 1..=[`MAX_SCHEDULERS`].
    pub fn set_schedulers(&mut self, n: u32) -> Result<(), ConfigError> {
        if !(1..=MAX_SCHEDULERS).contains(&n) {
            return Err(ConfigError(format!(
                "{n} schedulers is out of range (1..={MAX_SCHEDULERS})"
            )));
        }
        self.schedulers = n;
        Ok(())
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }

    pub fn set_policy(&mut self, p: Policy) {
        self.policy = p;
    }

    /// Make every variant of `unit` take `cycles` (1..=[`MAX_LATENCY`]). The unit must be one
    /// of the database's timed units.
    pub fn set_latency(&mut self, unit: &str, cycles: u32) -> Result<(), ConfigError> {
        let all = units();
        let Some(u) = all.iter().position(|x| x.name == unit) else {
            let timed: Vec<&str> = all.iter().filter(|u| u.timed).map(|u| u.name).collect();
            return Err(ConfigError(format!(
                "unknown unit `{unit}` (the database's timed units: {})",
                timed.join(", ")
            )));
        };
        if !all[u].timed {
            return Err(ConfigError(format!(
                "the {unit} unit's variants are not executed by the functional model (they \
                 fault), so they never issue: there is no latency to set"
            )));
        }
        if !(1..=MAX_LATENCY).contains(&cycles) {
            return Err(ConfigError(format!(
                "{cycles} cycles is out of range (1..={MAX_LATENCY})"
            )));
        }
        let u = u as u8;
        match self.overrides.iter_mut().find(|(x, _)| *x == u) {
            Some(e) => e.1 = cycles,
            None => self.overrides.push((u, cycles)),
        }
        Ok(())
    }

    /// The overridden units and their latencies, in database unit order.
    pub fn latency_overrides(&self) -> Vec<(&'static str, u32)> {
        let mut v: Vec<(u8, u32)> = self.overrides.clone();
        v.sort();
        v.into_iter()
            .map(|(u, c)| (units()[u as usize].name, c))
            .collect()
    }

    /// A variant's latency in cycles: its unit's override, else the database's `fixed:N`.
    /// `None` for `async:*` variants without an override (they never execute).
    pub fn latency(&self, id: InsnId) -> Option<u32> {
        let u = unit_of(id);
        if let Some(&(_, c)) = self.overrides.iter().find(|(x, _)| *x == u) {
            return Some(c);
        }
        match id.desc().latency {
            Latency::Fixed(n) => Some(n as u32),
            Latency::Async(_) => None,
        }
    }
}
