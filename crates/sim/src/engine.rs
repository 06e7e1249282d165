//! Which engine [`Warp::run`] uses: the interpreter ([`Warp::interpret`]) or a compiling
//! tier that another crate registers ([`register_tier`]; `warpkit-jit` depends on this crate,
//! so it cannot be called from here directly). The choice is process-wide: the API
//! ([`set_default_engine`], [`set_jit_hot`]) or the environment (`WARPKIT_ENGINE=interp|jit`,
//! `WARPKIT_JIT_HOT=N`), read once. Without either, the tier runs where one is registered
//! and the host supports it. Each [`Program`] gets its own tier instance on its first run
//! (compiled blocks are shared by every warp that runs it; freed with the program).

use crate::program::Program;
use crate::run::{RunEngine, RunOutcome};
use crate::warp::Warp;
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};

/// An engine choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// Every instruction interpreted ([`Warp::interpret`]).
    Interp,
    /// The compiling tier (interpreting what it does not compile).
    Jit,
}

impl EngineKind {
    /// `interp` or `jit`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Interp => "interp",
            EngineKind::Jit => "jit",
        }
    }

    /// An engine by [`EngineKind::name`].
    pub fn parse(s: &str) -> Result<EngineKind, String> {
        match s {
            "interp" => Ok(EngineKind::Interp),
            "jit" => Ok(EngineKind::Jit),
            _ => Err(format!("unknown engine `{s}` (expected `jit` or `interp`)")),
        }
    }
}

/// A compiling tier, as its crate registers it.
#[derive(Clone, Copy)]
pub struct Tier {
    /// The tier's instance for a program, `hot` being the number of instructions
    /// interpreted from a PC before the block there is compiled (0: the tier's default);
    /// `None` when this host cannot run it.
    pub make: fn(&Program, u32) -> Option<Arc<dyn RunEngine>>,
    /// Whether this host can run the tier.
    pub supported: fn() -> bool,
}

static TIER: OnceLock<Tier> = OnceLock::new();

/// Not yet read from the environment.
const UNSET: u8 = 0;
const INTERP: u8 = 1;
const JIT: u8 = 2;

/// The process-wide choice (one of the constants above).
static CHOICE: AtomicU8 = AtomicU8::new(UNSET);
/// The tier's threshold (0: its default); meaningful once `CHOICE` is set.
static HOT: AtomicU32 = AtomicU32::new(0);

/// Register the compiling tier (the first registration stays; later ones are ignored).
pub fn register_tier(t: Tier) {
    let _ = TIER.set(t);
}

/// Whether a tier is registered and this host runs it.
pub fn tier_available() -> bool {
    TIER.get().is_some_and(|t| (t.supported)())
}

/// Choose the engine of every later [`Warp::run`] (over `WARPKIT_ENGINE`). A program that
/// has already made its tier instance keeps it (its threshold too).
pub fn set_default_engine(e: EngineKind) {
    resolve();
    CHOICE.store(
        match e {
            EngineKind::Interp => INTERP,
            EngineKind::Jit => JIT,
        },
        Relaxed,
    );
}

/// The tier's threshold for programs that make their instance from now on (over
/// `WARPKIT_JIT_HOT`; 0: the tier's default, 1: compile every block reached).
pub fn set_jit_hot(n: u32) {
    resolve();
    HOT.store(n, Relaxed);
}

/// The engine [`Warp::run`] uses: [`EngineKind::Jit`] when chosen (or not refused) and a tier
/// is registered that this host runs.
pub fn default_engine() -> EngineKind {
    if resolve() == JIT && tier_available() {
        EngineKind::Jit
    } else {
        EngineKind::Interp
    }
}

/// The choice, reading the environment on first use. A value that cannot be read is
/// named on standard error and the default kept (a host process is not stopped for it).
fn resolve() -> u8 {
    let c = CHOICE.load(Relaxed);
    if c != UNSET {
        return c;
    }
    let mut choice = JIT;
    if let Ok(v) = std::env::var("WARPKIT_ENGINE") {
        match EngineKind::parse(v.trim()) {
            Ok(EngineKind::Interp) => choice = INTERP,
            Ok(EngineKind::Jit) => {}
            Err(e) => eprintln!("warpkit: WARPKIT_ENGINE: {e}; using the default"),
        }
    }
    if let Ok(v) = std::env::var("WARPKIT_JIT_HOT") {
        match v.trim().parse::<u32>() {
            Ok(n) => HOT.store(n, Relaxed),
            Err(_) => eprintln!(
                "warpkit: WARPKIT_JIT_HOT: `{v}` is not a count of instructions; using the default"
            ),
        }
    }
    // Another thread may have resolved (or an API call chosen) meanwhile: theirs stays.
    match CHOICE.compare_exchange(UNSET, choice, Relaxed, Relaxed) {
        Ok(_) => choice,
        Err(c) => c,
    }
}

/// `p`'s tier instance, made on first use; `None`: no tier (not registered, or this host
/// cannot run it).
pub fn tier_for(p: &Program) -> Option<Arc<dyn RunEngine>> {
    resolve();
    p.tier
        .get_or_init(|| {
            let t = TIER.get()?;
            let e = (t.make)(p, HOT.load(Relaxed))?;
            Some(Box::new(e))
        })
        .as_ref()
        .and_then(|b| b.downcast_ref::<Arc<dyn RunEngine>>())
        .cloned()
}

impl Warp {
    /// Execute up to `max_steps` instructions (counted from this call; [`Warp::steps`]
    /// grows by the number executed) with the process's engine ([`default_engine`]): the
    /// same warp, outcome and step count whichever it is. A warp that reaches the end of the
    /// code exactly at the limit counts as exited.
    #[inline]
    pub fn run(&mut self, p: &Program, max_steps: u64) -> RunOutcome {
        // The interpreter's cost of the choice: this one load and predictable branch.
        if CHOICE.load(Relaxed) == INTERP {
            return self.interpret(p, max_steps);
        }
        self.run_chosen(p, max_steps)
    }

    #[inline(never)]
    fn run_chosen(&mut self, p: &Program, max_steps: u64) -> RunOutcome {
        if resolve() == JIT {
            if let Some(e) = p
                .tier
                .get()
                .and_then(|t| t.as_ref())
                .and_then(|b| b.downcast_ref::<Arc<dyn RunEngine>>())
            {
                return e.run(self, p, max_steps);
            }
            if let Some(e) = tier_for(p) {
                return e.run(self, p, max_steps);
            }
        }
        self.interpret(p, max_steps)
    }
}
