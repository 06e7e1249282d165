//! Included by every test of this crate: the compiling tier behind `Warp::run`, registered
//! before `main` (so before any test runs). With WARPKIT_ENGINE=jit the generated programs
//! run through it, with WARPKIT_ENGINE=interp they do not (.ci/run runs both).

#[ctor::ctor]
fn register_tier() {
    warpkit_jit::register();
}
