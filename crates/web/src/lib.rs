//! `warpkit-web`: the web playground (`warpkit serve`). One page (built into the binary
//! from `frontend/`, see `assets/`) and a JSON API over the shared engines: the assembler's
//! diagnostics, the database's spec, the debugging engine (`warpkit-debug`) for stepping
//! forward and back, the timing model. No engine code here: routes, limits and views.
//!
//! Safe to run: loopback by default, other web sites' pages refused (`guard`: `Host`,
//! `Origin`, JSON-only `POST`s), bodies capped, runs capped in steps and time, sessions
//! bounded and dropped when idle; no request reads or writes the server's files.
//!
//! Layout: `tools` (stateless answers), `sessions` (engines) and `guard` (what every request
//! passes first) → this file (routes).

mod guard;
mod limits;
pub mod sessions;
pub mod tools;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use guard::err;
pub use limits::Limits;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use sessions::{ApiError, Store, WebSession};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// `warpkit serve`: the playground on http://HOST:PORT/.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; others are reachable from the network).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0: any free one; the printed URL says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Run `warpkit serve` until the process is stopped.
pub fn run(a: ServeArgs) -> Result<(), String> {
    let ip: IpAddr = match a.host.as_str() {
        "localhost" => IpAddr::from([127, 0, 0, 1]),
        h => h
            .parse()
            .map_err(|_| format!("--host {h}: not an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0)"))?,
    };
    if !ip.is_loopback() {
        eprintln!(
            "warpkit: warning: listening on {ip}, not loopback: anyone who can reach this \
             machine can use the playground"
        );
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(16)
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, a.port))
            .await
            .map_err(|e| format!("cannot listen on {ip}:{}: {e}", a.port))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen: {e}"))?;
        // A closed standard output (`| head -1` gone before this line) is no reason to stop
        // serving, nor to panic as `println!` would.
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), "warpkit playground: http://{addr}/");
        serve(listener, Limits::default()).await
    })
}

/// Serve the playground on `listener` until it fails.
pub async fn serve(listener: tokio::net::TcpListener, limits: Limits) -> Result<(), String> {
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot listen: {e}"))?;
    let store = Arc::new(Store::new(limits));
    let sweeper = store.clone();
    tokio::spawn(async move {
        let mut t = tokio::time::interval(Duration::from_secs(30));
        loop {
            t.tick().await;
            sweeper.expire();
        }
    });
    axum::serve(listener, router(store, addr))
        .await
        .map_err(|e| format!("server: {e}"))
}

/// The routes (the page, its assets, the API) over a session store, for a server bound to
/// `addr` (requests must name it: see `guard`).
pub fn router(store: Arc<Store>, addr: SocketAddr) -> Router {
    let max_body = store.limits().max_body;
    let g = Arc::new(guard::Guard { addr, max_body });
    Router::new()
        .route(
            "/",
            get(|| async { page(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(assets::APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/app.css",
            get(|| async { page(assets::APP_CSS, "text/css; charset=utf-8") }),
        )
        // Browsers ask for /favicon.ico when a page names no icon; the page names the SVG.
        .route(
            "/favicon.svg",
            get(|| async { page(assets::FAVICON_SVG, "image/svg+xml") }),
        )
        .route(
            "/favicon.ico",
            get(|| async { page(assets::FAVICON_SVG, "image/svg+xml") }),
        )
        .route("/api/examples", get(|| async { ok(assets::examples()) }))
        .route("/api/assemble", post(assemble))
        .route("/api/spec/:name", get(spec))
        .route("/api/state/validate", post(validate))
        .route("/api/present", post(present))
        .route("/api/timing", post(timing))
        .route("/api/trace", post(trace))
        .route("/api/sessions", post(create))
        .route("/api/sessions/:id", get(show).delete(close))
        .route("/api/sessions/:id/registers", get(registers))
        .route("/api/sessions/:id/state", get(state))
        .route("/api/sessions/:id/exec-history", get(exec_history))
        .route("/api/sessions/:id/command", post(command))
        .route("/api/sessions/:id/:action", post(act))
        .fallback(|| async { err(ApiError(404, "no such page or API route".into())) })
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn_with_state(g, guard::check))
        .with_state(store)
}

fn page(body: &'static str, ty: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, ty),
            // Everything comes from this server; nothing is loaded from elsewhere.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'",
            ),
        ],
        body,
    )
        .into_response()
}

fn ok(v: Value) -> Response {
    (StatusCode::OK, axum::Json(v)).into_response()
}

fn reply(r: Result<Value, ApiError>) -> Response {
    r.map_or_else(err, ok)
}

/// A JSON body, or a 400 that says what is wrong with it.
fn body<T: DeserializeOwned>(b: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(b).map_err(|e| ApiError::bad(format!("malformed request body: {e}")))
}

/// Engine work off the async threads; a panic becomes a 500 and the server goes on.
async fn blocking<F: FnOnce() -> Result<Value, ApiError> + Send + 'static>(f: F) -> Response {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => reply(r),
        Err(e) => err(ApiError(500, format!("internal error: {e}"))),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SourceReq {
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramReq {
    source: String,
    #[serde(default = "empty_state")]
    state: String,
}

fn empty_state() -> String {
    "{}".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateReq {
    state: String,
}

async fn assemble(b: Bytes) -> Response {
    match body::<SourceReq>(&b) {
        Ok(r) => blocking(move || Ok(tools::assemble(&r.source))).await,
        Err(e) => err(e),
    }
}

async fn spec(Path(name): Path<String>) -> Response {
    reply(tools::spec(&name).map_err(|e| ApiError(404, e)))
}

async fn validate(b: Bytes) -> Response {
    match body::<StateReq>(&b) {
        Ok(r) => ok(match tools::validate_state(&r.state) {
            Ok(n) => json!({"ok": true, "warps": n}),
            Err(e) => json!({"ok": false, "error": e}),
        }),
        Err(e) => err(e),
    }
}

/// `{"format": "f16", "values": HEX}` (8 hex digits per 32-bit value, as the registers
/// go out): the values as the one presenter shows them, so the page shows what the command
/// line and DAP show.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PresentReq {
    format: String,
    values: String,
}

async fn present(b: Bytes) -> Response {
    let r = match body::<PresentReq>(&b) {
        Ok(r) => r,
        Err(e) => return err(e),
    };
    // A full body is tens of thousands of values: written off the async threads.
    blocking(move || {
        let f = warpkit_ui::present::Format::parse(&r.format).map_err(ApiError::bad)?;
        let values = sessions::unhex(&r.values).ok_or_else(|| {
            ApiError::bad("values: 8 hex digits per 32-bit value, most significant first")
        })?;
        let text: Vec<String> = values
            .iter()
            .map(|&x| warpkit_ui::present::word(x, f))
            .collect();
        Ok(json!({"format": f.name(), "text": text}))
    })
    .await
}

async fn timing(State(st): State<Arc<Store>>, b: Bytes) -> Response {
    let steps = st.limits().timing_steps;
    match body::<ProgramReq>(&b) {
        Ok(r) => {
            blocking(move || tools::timing(&r.source, &r.state, steps).map_err(ApiError::bad)).await
        }
        Err(e) => err(e),
    }
}

async fn trace(State(st): State<Arc<Store>>, b: Bytes) -> Response {
    let (steps, bytes) = (st.limits().trace_steps, st.limits().trace_bytes);
    match body::<ProgramReq>(&b) {
        Ok(r) => {
            blocking(move || tools::trace(&r.source, &r.state, steps, bytes).map_err(ApiError::bad))
                .await
        }
        Err(e) => err(e),
    }
}

fn session_id(s: &str) -> Result<u64, ApiError> {
    s.parse()
        .map_err(|_| ApiError(404, format!("no session `{s}`: session ids are numbers")))
}

fn json_bytes(b: impl Into<Bytes>) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        b.into(),
    )
        .into_response()
}

fn value_bytes(v: &Value) -> Result<Bytes, ApiError> {
    serde_json::to_vec(v)
        .map(Bytes::from)
        .map_err(|e| ApiError(500, format!("internal error: {e}")))
}

async fn create(State(st): State<Arc<Store>>, b: Bytes) -> Response {
    let r = match body::<ProgramReq>(&b) {
        Ok(r) => r,
        Err(e) => return err(e),
    };
    let limits = st.limits().clone();
    let made =
        tokio::task::spawn_blocking(move || WebSession::new(r.source, r.state, &limits)).await;
    let s = match made {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => return err(e),
        Err(e) => return err(ApiError(500, format!("internal error: {e}"))),
    };
    let s = match st.insert(s) {
        Ok(id) => id,
        Err(e) => return err(e),
    };
    session_call(&st, &s.to_string(), |s, id| Ok(s.view(id, None).into())).await
}

type SessionJob = Box<dyn FnOnce(&mut WebSession, u64) -> Result<Bytes, ApiError> + Send>;

/// Run `f` on session `id` off the async threads, under the session's own lock (waited for
/// without holding a thread); a panic becomes a 500 and the server goes on.
async fn session_call<F>(st: &Store, id: &str, f: F) -> Response
where
    F: FnOnce(&mut WebSession, u64) -> Result<Bytes, ApiError> + Send + 'static,
{
    let job: SessionJob = Box::new(f);
    let (id, s) = match session_id(id).and_then(|i| Ok((i, st.get(i)?))) {
        Ok(x) => x,
        Err(e) => return err(e),
    };
    let mut g = s.lock_owned().await;
    match tokio::task::spawn_blocking(move || job(&mut g, id)).await {
        Ok(Ok(b)) => json_bytes(b),
        Ok(Err(e)) => err(e),
        Err(e) => err(ApiError(500, format!("internal error: {e}"))),
    }
}

async fn show(State(st): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    session_call(&st, &id, |s, id| Ok(s.view(id, None).into())).await
}

async fn close(State(st): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    reply(
        session_id(&id)
            .and_then(|i| st.remove(i))
            .map(|()| json!({"closed": id})),
    )
}

fn warp_param(q: &HashMap<String, String>, s: &WebSession) -> Result<usize, ApiError> {
    match q.get("warp") {
        None => Ok(s.engine.selected()),
        Some(w) => w
            .parse()
            .map_err(|_| ApiError::bad(format!("warp `{w}` is not a warp index"))),
    }
}

/// `{"id":ID,` and the registers' own fields.
fn with_id(id: u64, regs: &[u8]) -> Bytes {
    let mut v = format!("{{\"id\":{id},").into_bytes();
    v.extend_from_slice(regs.get(1..).unwrap_or_default());
    v.into()
}

async fn registers(
    State(st): State<Arc<Store>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    // Registers already made for this position are answered on the spot: no engine work.
    if let Ok(n) = session_id(&id) {
        if let Ok(s) = st.get(n) {
            let g = s.lock().await;
            if let Ok(w) = warp_param(&q, &g) {
                if let Some(b) = g.cached_regs(w) {
                    return json_bytes(with_id(n, &b));
                }
            }
        }
    }
    session_call(&st, &id, move |s, id| {
        let w = warp_param(&q, s)?;
        Ok(with_id(id, &s.regs_json(w)?))
    })
    .await
}

async fn state(State(st): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    session_call(&st, &id, |s, id| {
        value_bytes(&json!({"id": id, "state": s.state_json()}))
    })
    .await
}

async fn exec_history(
    State(st): State<Arc<Store>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let (window, deadline) = (st.limits().exec_history_steps, st.limits().run_time);
    session_call(&st, &id, move |s, _| {
        let w = warp_param(&q, s)?;
        let around = match q.get("around") {
            None => None,
            Some(a) => Some(
                a.parse()
                    .map_err(|_| ApiError::bad(format!("around `{a}` is not a step number")))?,
            ),
        };
        s.exec_history(w, around, window, deadline)
    })
    .await
}

/// The body of a session action (each action reads the fields it needs).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ActReq {
    warp: Option<usize>,
    position: Option<u64>,
    lines: Option<Vec<u32>>,
}

async fn act(
    State(st): State<Arc<Store>>,
    Path((id, action)): Path<(String, String)>,
    b: Bytes,
) -> Response {
    let r: ActReq = if b.iter().all(|c| c.is_ascii_whitespace()) {
        ActReq::default()
    } else {
        match body(&b) {
            Ok(r) => r,
            Err(e) => return err(e),
        }
    };
    let deadline = st.limits().run_time;
    let max_lines = 10_000;
    session_call(&st, &id, move |s, id| {
        if let Some(w) = r.warp {
            s.select(w)?;
        }
        let mut extra = None;
        match action.as_str() {
            "select" => {}
            "step" => s.step()?,
            "back" => s.back()?,
            "continue" => s.cont(deadline),
            "reverse-continue" => s.reverse_continue(deadline),
            "run" => s.run_to_end(deadline),
            "reset" => s.reset()?,
            "goto" => s.goto(
                r.position
                    .ok_or_else(|| ApiError::bad("goto needs a `position`"))?,
                deadline,
            ),
            "breakpoints" => {
                let lines = r
                    .lines
                    .ok_or_else(|| ApiError::bad("breakpoints needs `lines`"))?;
                if lines.len() > max_lines {
                    return Err(ApiError::bad(format!("at most {max_lines} breakpoints")));
                }
                extra = Some(s.set_breakpoints(&lines)?);
            }
            a => {
                return Err(ApiError(
                    404,
                    format!(
                        "no session action `{a}` (select, step, back, continue, \
                         reverse-continue, run, goto, reset, breakpoints)"
                    ),
                ))
            }
        }
        Ok(s.view(id, extra.as_deref()).into())
    })
    .await
}

/// The body of a console command.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandReq {
    line: String,
}

/// One line of the debugger's command vocabulary, as `warpkit debug` runs it.
async fn command(State(st): State<Arc<Store>>, Path(id): Path<String>, b: Bytes) -> Response {
    let r: CommandReq = match body(&b) {
        Ok(r) => r,
        Err(e) => return err(e),
    };
    const MAX_LINE: usize = 4096;
    if r.line.len() > MAX_LINE {
        return err(ApiError::bad(format!(
            "a command line is at most {MAX_LINE} bytes"
        )));
    }
    session_call(&st, &id, move |s, id| Ok(s.command(id, &r.line).into())).await
}

/// The page and the examples, built in.
mod assets {
    use serde_json::{json, Value};

    pub const INDEX_HTML: &str = include_str!("../assets/index.html");
    pub const APP_JS: &str = include_str!("../assets/app.js");
    pub const APP_CSS: &str = include_str!("../assets/app.css");
    pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

    /// The bundled examples: (name, program, state file).
    pub const EXAMPLES: &[(&str, &str, &str)] = &[
        (
            "divergent_if_else",
            include_str!("../../../examples/divergent_if_else.s"),
            include_str!("../../../examples/divergent_if_else.state.json"),
        ),
        (
            "loop_bexecz",
            include_str!("../../../examples/loop_bexecz.s"),
            include_str!("../../../examples/loop_bexecz.state.json"),
        ),
        (
            "stream_compaction",
            include_str!("../../../examples/stream_compaction.s"),
            include_str!("../../../examples/stream_compaction.state.json"),
        ),
        (
            "addr64",
            include_str!("../../../examples/addr64.s"),
            include_str!("../../../examples/addr64.state.json"),
        ),
    ];

    pub fn examples() -> Value {
        Value::Array(
            EXAMPLES
                .iter()
                .map(|(n, s, st)| json!({"name": n, "source": s, "state": st}))
                .collect(),
        )
    }
}

pub use assets::EXAMPLES;
