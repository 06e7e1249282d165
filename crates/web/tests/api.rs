//! The API over a real socket: bad requests get a clear 4xx, limits hold, and the server
//! answers the next request after each.

use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use warpkit_web::sessions::Store;
use warpkit_web::Limits;

async fn start(limits: Limits) -> String {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let bound = l.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(l, warpkit_web::router(Arc::new(Store::new(limits)), bound)).await
    });
    bound.to_string()
}

/// One HTTP/1.1 request on its own connection: (status, body as JSON or as text).
async fn req(addr: &str, method: &str, path: &str, body: &[u8]) -> (u16, Value) {
    let host = format!("host: {addr}");
    req_with(
        addr,
        method,
        path,
        &[&host, "content-type: application/json"],
        body,
    )
    .await
}

/// A request with the given header lines (and `content-length`).
async fn req_with(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &[u8],
) -> (u16, Value) {
    let (status, _, v) = raw(addr, method, path, headers, body).await;
    (status, v)
}

/// A request: (status, the response's head, body as JSON or as text).
async fn raw(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &[u8],
) -> (u16, String, Value) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    for h in headers {
        head += h;
        head += "\r\n";
    }
    head += &format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    // A server may answer (413) before reading all of a big body; a reset write is fine.
    let _ = s.write_all(body).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let status: u16 = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    // Bodies are small and sent whole (no chunking) by axum for JSON.
    let v = serde_json::from_str(body).unwrap_or(Value::String(body.to_string()));
    (status, head.to_ascii_lowercase(), v)
}

/// Lane `l` of register `v{r}` of a registers view (hex, 8 digits per lane; registers
/// after the last non-zero one are left out).
fn lane(regs: &Value, r: usize, l: usize) -> u32 {
    assert!(r < regs["vgprs"].as_u64().unwrap() as usize, "{regs}");
    match regs["v"][r].as_str() {
        Some(hex) => warpkit_web::sessions::unhex(hex).expect("hex lanes")[l],
        None => 0,
    }
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

async fn alive(addr: &str) {
    let (c, v) = req(
        addr,
        "POST",
        "/api/assemble",
        br#"{"source":"laneid v1\n"}"#,
    )
    .await;
    assert_eq!(c, 200);
    assert_eq!(v["ok"], true);
}

fn limits() -> Limits {
    Limits {
        max_body: 4096,
        max_sessions: 3,
        max_steps: 5_000,
        run_time: Duration::from_millis(500),
        ..Limits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_gets_400_with_a_message() {
    let a = start(limits()).await;
    for (path, b) in [
        ("/api/assemble", &b"{not json"[..]),
        ("/api/assemble", br#"{"src":"x"}"#),
        ("/api/sessions", br#"{"source": 5}"#),
        ("/api/state/validate", b"[]"),
    ] {
        let (c, v) = req(&a, "POST", path, b).await;
        assert_eq!(c, 400, "{path} {v}");
        assert!(error_of(&v).starts_with("malformed request body"), "{v}");
        alive(&a).await;
    }
    // A state file the CLI rejects: its message, not a crash.
    let (c, v) = req(
        &a,
        "POST",
        "/api/sessions",
        br#"{"source":"laneid v1","state":"{\"warps\": 3}"}"#,
    )
    .await;
    assert_eq!(c, 400);
    assert!(error_of(&v).starts_with("state:"), "{v}");
    let (c, v) = req(
        &a,
        "POST",
        "/api/state/validate",
        br#"{"state":"{\"warps\":[{\"exec\":\"zz\"}]}"}"#,
    )
    .await;
    assert_eq!(c, 200);
    assert_eq!(v["ok"], false);
    assert!(!v["error"].as_str().unwrap().is_empty());
    // A program that does not assemble: the rendered diagnostics.
    let (c, v) = req(&a, "POST", "/api/sessions", br#"{"source":"frob v1\n"}"#).await;
    assert_eq!(c, 400);
    assert!(error_of(&v).contains("frob"), "{v}");
    let (c, v) = req(&a, "GET", "/api/spec/frobnicate", b"").await;
    assert_eq!(c, 404);
    assert!(error_of(&v).contains("unknown instruction"), "{v}");
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_get_413() {
    let a = start(limits()).await;
    let big = json!({"source": "; ".to_string() + &"x".repeat(10_000)}).to_string();
    let (c, v) = req(&a, "POST", "/api/assemble", big.as_bytes()).await;
    assert_eq!(c, 413);
    // The documented JSON error, as every other error.
    let e = error_of(&v);
    assert!(e.contains("too large") && e.contains("4096 bytes"), "{v}");
    alive(&a).await;
}

/// Sessions that exist now: the next one made gets the next id (a refused request makes
/// none).
async fn next_session_id(a: &str) -> u64 {
    let (c, v) = req(a, "POST", "/api/sessions", br#"{"source":"laneid v1\n"}"#).await;
    assert_eq!(c, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    req(a, "DELETE", &format!("/api/sessions/{id}"), b"").await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_from_other_sites_are_refused() {
    let a = start(limits()).await;
    let host = format!("host: {a}");
    let json_ct = "content-type: application/json";
    let src = br#"{"source":"laneid v1\n"}"#;
    let first = next_session_id(&a).await;
    // Another site's page: its Origin, whatever the method.
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        "http://localhost",
    ] {
        let o = format!("origin: {origin}");
        let (c, v) = req_with(&a, "POST", "/api/sessions", &[&host, json_ct, &o], src).await;
        assert_eq!(c, 403, "{origin}: {v}");
        assert!(error_of(&v).contains("cross-origin request"), "{v}");
        let (c, v) = req_with(&a, "GET", "/api/examples", &[&host, &o], b"").await;
        assert_eq!(c, 403, "{origin}: {v}");
    }
    // A CORS-simple POST (no preflight): text/plain, a form, or no type at all.
    for ty in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonp"),
        None,
    ] {
        let ct = ty.map(|t| format!("content-type: {t}"));
        let mut hs = vec![host.as_str()];
        hs.extend(ct.as_deref());
        let (c, v) = req_with(&a, "POST", "/api/sessions", &hs, src).await;
        assert_eq!(c, 415, "{ty:?}: {v}");
        assert!(error_of(&v).contains("application/json"), "{v}");
    }
    // None of them made a session.
    assert_eq!(next_session_id(&a).await, first + 1);
    // The page's own origin, JSON with a charset, and clients with no Origin are answered.
    let own = format!("origin: http://{a}");
    let (c, v) = req_with(&a, "POST", "/api/sessions", &[&host, json_ct, &own], src).await;
    assert_eq!(c, 200, "{v}");
    let cs = "content-type: Application/JSON; charset=utf-8";
    let (c, v) = req_with(&a, "POST", "/api/assemble", &[&host, cs], src).await;
    assert_eq!((c, &v["ok"]), (200, &json!(true)), "{v}");
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_must_name_the_bound_address() {
    let a = start(limits()).await;
    let port = a.rsplit_once(':').unwrap().1;
    let json_ct = "content-type: application/json";
    let src = br#"{"source":"laneid v1\n"}"#;
    // A DNS-rebinding page: its own name (now resolving to loopback), its own origin.
    for host in [
        format!("rebind.example:{port}"),
        format!("localhost.rebind.example:{port}"),
        format!("127.0.0.2:{port}"),
        "rebind.example".to_string(),
    ] {
        let h = format!("host: {host}");
        let o = format!("origin: http://{host}");
        for hs in [
            vec![h.as_str(), json_ct],
            vec![h.as_str(), json_ct, o.as_str()],
        ] {
            let (c, v) = req_with(&a, "POST", "/api/sessions", &hs, src).await;
            assert_eq!(c, 403, "{host}: {v}");
            assert!(error_of(&v).contains("Host"), "{v}");
        }
        let (c, _) = req_with(&a, "GET", "/", &[&h], b"").await;
        assert_eq!(c, 403, "{host}: the page too");
    }
    let (c, v) = req_with(&a, "GET", "/api/examples", &[], b"").await;
    assert_eq!(c, 400, "{v}");
    assert!(error_of(&v).contains("no Host header"), "{v}");
    // The bound address, and localhost (the server is on loopback), with their origin; on
    // another port too (a forwarded one).
    for host in [
        a.clone(),
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        "127.0.0.1:1".to_string(),
        "localhost".to_string(),
    ] {
        let h = format!("host: {host}");
        let o = format!("origin: http://{host}");
        let (c, v) = req_with(&a, "POST", "/api/assemble", &[&h, json_ct, &o], src).await;
        assert_eq!(c, 200, "{host}: {v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_names_its_icon_and_the_server_has_it() {
    let a = start(limits()).await;
    let host = format!("host: {a}");
    let (c, _, page) = raw(&a, "GET", "/", &[&host], b"").await;
    assert_eq!(c, 200);
    assert!(
        page.as_str()
            .unwrap()
            .contains(r#"<link rel="icon" href="/favicon.svg""#),
        "{page}"
    );
    for p in ["/favicon.svg", "/favicon.ico"] {
        let (c, head, v) = raw(&a, "GET", p, &[&host], b"").await;
        assert_eq!(c, 200, "{p}");
        assert!(head.contains("content-type: image/svg+xml"), "{head}");
        assert!(v.as_str().unwrap().starts_with("<svg"), "{v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_made_before_a_route_are_json_too() {
    let a = start(limits()).await;
    let host = format!("host: {a}");
    // A query string axum cannot read, a path segment that is not UTF-8.
    for p in ["/api/sessions/1/exec-history?warp=%ff", "/api/spec/%ff"] {
        let (c, head, v) = raw(&a, "GET", p, &[&host], b"").await;
        assert!((400..500).contains(&c), "{p}: {c} {v}");
        assert!(
            head.contains("content-type: application/json"),
            "{p}: {head}"
        );
        assert!(!error_of(&v).is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_sessions_and_actions_get_404() {
    let a = start(limits()).await;
    for p in ["/api/sessions/999/step", "/api/sessions/abc/step"] {
        let (c, v) = req(&a, "POST", p, b"{}").await;
        assert_eq!(c, 404);
        assert!(error_of(&v).contains("no session"), "{v}");
    }
    let (c, v) = req(&a, "GET", "/api/sessions/999/registers", b"").await;
    assert_eq!(c, 404, "{v}");
    let (_, v) = req(&a, "POST", "/api/sessions", br#"{"source":"laneid v1\n"}"#).await;
    let id = v["id"].as_u64().unwrap();
    let (c, v) = req(&a, "POST", &format!("/api/sessions/{id}/fly"), b"").await;
    assert_eq!(c, 404);
    assert!(error_of(&v).contains("no session action `fly`"), "{v}");
    let (c, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/select"),
        br#"{"warp": 7}"#,
    )
    .await;
    assert_eq!(c, 400);
    assert!(error_of(&v).contains("no warp 7"), "{v}");
    let (c, v) = req(&a, "GET", "/nothing/here", b"").await;
    assert_eq!(c, 404, "{v}");
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_that_never_exits_stops_at_the_limits() {
    let a = start(limits()).await;
    let src = json!({"source": "top:\n        jmp top\n"}).to_string();
    let (c, v) = req(&a, "POST", "/api/sessions", src.as_bytes()).await;
    assert_eq!(c, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    for action in ["run", "continue"] {
        let (c, v) = req(&a, "POST", &format!("/api/sessions/{id}/{action}"), b"").await;
        assert_eq!(c, 200, "{v}");
        assert_eq!(v["warps"][0]["status"], "step_limit", "{action}: {v}");
        assert_eq!(v["warps"][0]["steps"], 5_000);
    }
    // Stepping an ended warp is a clear conflict.
    let (c, v) = req(&a, "POST", &format!("/api/sessions/{id}/step"), b"").await;
    assert_eq!(c, 409);
    assert!(error_of(&v).contains("has ended"), "{v}");
    // The trace of such a program stops at the trace's step limit.
    let (c, v) = req(&a, "POST", "/api/trace", src.as_bytes()).await;
    assert_eq!(c, 200);
    assert!(v["trace"].as_str().unwrap().lines().count() > 1000);
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_sessions_than_the_limit_get_503_and_closing_one_makes_room() {
    let a = start(limits()).await;
    let src = br#"{"source":"laneid v1\n"}"#;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (c, v) = req(&a, "POST", "/api/sessions", src).await;
        assert_eq!(c, 200);
        ids.push(v["id"].as_u64().unwrap());
    }
    let (c, v) = req(&a, "POST", "/api/sessions", src).await;
    assert_eq!(c, 503);
    assert!(error_of(&v).contains("too many sessions"), "{v}");
    let (c, _) = req(&a, "DELETE", &format!("/api/sessions/{}", ids[0]), b"").await;
    assert_eq!(c, 200);
    let (c, _) = req(&a, "POST", "/api/sessions", src).await;
    assert_eq!(c, 200);
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sessions_expire() {
    let a = start(Limits {
        session_idle: Duration::from_millis(200),
        ..limits()
    })
    .await;
    let (_, v) = req(&a, "POST", "/api/sessions", br#"{"source":"laneid v1\n"}"#).await;
    let id = v["id"].as_u64().unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (c, v) = req(&a, "POST", &format!("/api/sessions/{id}/step"), b"").await;
    assert_eq!(c, 404);
    assert!(error_of(&v).contains("expired"), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn step_back_and_goto_are_the_engines() {
    let a = start(limits()).await;
    let src =
        json!({"source": "laneid v1\nadd.vi v2, v1, 5\nadd.vi v2, v2, 5\nadd.vi v2, v2, 5\n"})
            .to_string();
    let (_, v) = req(&a, "POST", "/api/sessions", src.as_bytes()).await;
    let id = v["id"].as_u64().unwrap();
    let mut after = Vec::new();
    for _ in 0..3 {
        let (c, v) = req(&a, "POST", &format!("/api/sessions/{id}/step"), b"").await;
        assert_eq!(c, 200);
        after.push(v["regs"].clone());
    }
    assert_eq!(lane(&after[2], 2, 7), 17);
    for _ in 0..2 {
        req(&a, "POST", &format!("/api/sessions/{id}/back"), b"").await;
    }
    let (_, mut v) = req(&a, "GET", &format!("/api/sessions/{id}/registers"), b"").await;
    assert_eq!(v["id"], id);
    v.as_object_mut().unwrap().remove("id");
    assert!(
        v == after[0],
        "the registers after step 3, back 2 are not those of step 1"
    );
    let (c, h) = req(
        &a,
        "GET",
        &format!("/api/sessions/{id}/exec-history?warp=0"),
        b"",
    )
    .await;
    assert_eq!(c, 200);
    assert_eq!(h["rows"].as_array().unwrap().len(), 4);
    let p = h["rows"][2]["position"].as_u64().unwrap();
    let (_, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/goto"),
        json!({"position": p}).to_string().as_bytes(),
    )
    .await;
    assert_eq!(v["regs"]["steps"], 2);
    assert_eq!(lane(&v["regs"], 2, 7), 12);
    // A gutter breakpoint on line 3, then continue to it.
    req(&a, "POST", &format!("/api/sessions/{id}/reset"), b"").await;
    let (_, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/breakpoints"),
        br#"{"lines":[3]}"#,
    )
    .await;
    assert_eq!(v["breakpoint_lines"], json!([3]));
    let (_, v) = req(&a, "POST", &format!("/api/sessions/{id}/continue"), b"").await;
    assert_eq!(v["stop"]["reason"], "breakpoint");
    assert_eq!(v["line"], 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn goto_and_reverse_continue_stop_at_the_time_limit() {
    let a = start(Limits {
        max_steps: 1 << 40,
        run_time: Duration::from_millis(300),
        ..limits()
    })
    .await;
    // Line 2 never runs: its breakpoint makes reverse-continue search the whole history.
    let src = json!({"source": "        jmp top\n        laneid v1\ntop:\n        jmp top\n"})
        .to_string();
    let (_, v) = req(&a, "POST", "/api/sessions", src.as_bytes()).await;
    let id = v["id"].as_u64().unwrap();
    let far = 1u64 << 39;
    let (c, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/goto"),
        json!({ "position": far }).to_string().as_bytes(),
    )
    .await;
    assert_eq!(c, 200, "{v}");
    let reached = v["position"].as_u64().unwrap();
    assert!(reached > 0 && reached < far, "{v}");
    assert!(
        v["note"].as_str().unwrap_or("").contains("run-time limit"),
        "{v}"
    );
    assert_eq!(v["warps"][0]["status"], "live");
    // Three more limited gotos: a history that takes longer to search than the limit.
    let mut here = reached;
    for _ in 0..3 {
        let (_, v) = req(
            &a,
            "POST",
            &format!("/api/sessions/{id}/goto"),
            json!({ "position": far }).to_string().as_bytes(),
        )
        .await;
        let p = v["position"].as_u64().unwrap();
        assert!(p > here, "goto went on from where it stopped: {v}");
        here = p;
    }
    req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/breakpoints"),
        br#"{"lines":[2]}"#,
    )
    .await;
    let (c, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/reverse-continue"),
        b"",
    )
    .await;
    assert_eq!(c, 200, "{v}");
    assert_eq!(v["stop"]["reason"], "interrupted", "{v}");
    let back = v["position"].as_u64().unwrap();
    assert!(back > 0 && back < here, "{back} vs {here}: {v}");
    assert!(
        v["note"].as_str().unwrap_or("").contains("run-time limit"),
        "{v}"
    );
    // Going on goes further back, and the server still answers.
    let (_, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/reverse-continue"),
        b"",
    )
    .await;
    assert!(v["position"].as_u64().unwrap() < back, "{v}");
    alive(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_exec_history_covers_a_whole_long_run() {
    let a = start(limits()).await;
    // Lanes 0-7 run the loop body's `add` only: EXEC changes twice per iteration.
    let src = json!({"source": "        laneid v1\n        cmp.lt.u32.vi u2, v1, 8\ntop:\n        \
        saveexec.and u3, u2\n        add.vi v2, v2, 1\n        exec.set u3\n        jmp top\n"})
    .to_string();
    let (c, v) = req(&a, "POST", "/api/sessions", src.as_bytes()).await;
    assert_eq!(c, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let (c, h) = req(
        &a,
        "GET",
        &format!("/api/sessions/{id}/exec-history?warp=0&around=4000"),
        b"",
    )
    .await;
    assert_eq!(c, 200, "{h}");
    let o = &h["overview"];
    // The warp stops at the step limit (5000 steps): all of them are in the overview.
    assert_eq!(o["steps"], 5_000, "{o}");
    assert_eq!(h["complete"], true);
    let cols = o["columns"].as_array().unwrap();
    let per = o["per"].as_u64().unwrap();
    assert!(
        cols.len() <= 512 && per > 1 && per.is_power_of_two(),
        "{per} {}",
        cols.len()
    );
    assert_eq!(cols.len() as u64, 5_000u64.div_ceil(per));
    // Columns after the start see lanes 0-7 always on and the others on in some steps.
    assert_eq!(cols[5]["all"], 0xff, "{}", cols[5]);
    assert_eq!(cols[5]["any"], 0xffff_ffffu32, "{}", cols[5]);
    assert_eq!(cols[5]["writes_exec"], true);
    // The window: 2048 steps from 4000 - 1024, cut by the run's end.
    let rows = h["rows"].as_array().unwrap();
    assert_eq!(h["window_start"], 2976);
    assert_eq!(rows.len(), 5_000 - 2976);
    assert_eq!(rows[0]["step"], 2976);
    let p = rows[0]["position"].as_u64().unwrap();
    let (_, v) = req(
        &a,
        "POST",
        &format!("/api/sessions/{id}/goto"),
        json!({ "position": p }).to_string().as_bytes(),
    )
    .await;
    assert_eq!(v["regs"]["steps"], 2976, "{}", v["regs"]);
    assert_eq!(v["regs"]["exec"], rows[0]["exec"]);
    // A window elsewhere starts from the overview and agrees with the first one.
    let (_, h2) = req(
        &a,
        "GET",
        &format!("/api/sessions/{id}/exec-history?warp=0&around=3500"),
        b"",
    )
    .await;
    let rows2 = h2["rows"].as_array().unwrap();
    assert_eq!(rows2[0]["step"], 2476);
    assert_eq!(rows2[500], rows[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_of_a_session_is_what_warpkit_run_prints() {
    let a = start(limits()).await;
    let (_, v) = req(
        &a,
        "POST",
        "/api/sessions",
        br#"{"source":"laneid v1\nadd.vi v1, v1, 7\n"}"#,
    )
    .await;
    let id = v["id"].as_u64().unwrap();
    req(&a, "POST", &format!("/api/sessions/{id}/run"), b"").await;
    let (c, v) = req(&a, "GET", &format!("/api/sessions/{id}/state"), b"").await;
    assert_eq!(c, 200, "{v}");
    let st: Value = serde_json::from_str(v["state"].as_str().unwrap()).unwrap();
    let (_, r) = req(&a, "GET", &format!("/api/sessions/{id}/registers"), b"").await;
    assert_eq!(lane(&r, 1, 5), 12);
    // v1 is the last register with a non-zero lane: the zero ones after it are left out.
    assert_eq!(r["v"].as_array().unwrap().len(), 2, "{r}");
    assert_eq!(lane(&r, 7, 5), 0);
    assert_eq!(st["warps"][0]["status"], "exited", "{st}");
    assert_eq!(st["warps"][0]["steps"], 2, "{st}");
}

#[test]
fn every_example_is_in_the_menu_with_its_state_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".s").map(str::to_string))
        .collect();
    on_disk.sort();
    let mut menu: Vec<String> = warpkit_web::EXAMPLES
        .iter()
        .map(|e| e.0.to_string())
        .collect();
    menu.sort();
    assert_eq!(menu, on_disk);
    for (name, src, state) in warpkit_web::EXAMPLES {
        assert!(warpkit_web::tools::code_of(src).is_ok(), "{name}");
        assert!(warpkit_web::tools::validate_state(state).is_ok(), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_runs_the_debuggers_commands() {
    let a = start(limits()).await;
    let source = "laneid v1\nadd.vi v1, v1, 7\nadd.vi v1, v1, 1\n";
    let (_, v) = req(
        &a,
        "POST",
        "/api/sessions",
        json!({ "source": source }).to_string().as_bytes(),
    )
    .await;
    let id = v["id"].as_u64().unwrap();
    req(&a, "POST", &format!("/api/sessions/{id}/step"), b"").await;
    let cmd = |line: &str| json!({ "line": line }).to_string();
    let path = format!("/api/sessions/{id}/command");
    // The text is what `warpkit debug` prints at the same place.
    let t = warpkit_debug::Target::from_assembly(warpkit_web::tools::SOURCE_NAME, source).unwrap();
    let mut e = warpkit_debug::Engine::new(t, "{}", Default::default()).unwrap();
    e.step(0).unwrap();
    let mut cli = warpkit_ui::command::Session::new(e, false);
    for line in ["info warps", "last-write v1", "p/d v1[5]", "x/i"] {
        let (c, v) = req(&a, "POST", &path, cmd(line).as_bytes()).await;
        assert_eq!(c, 200, "{v}");
        assert_eq!(v["console"]["failed"], false, "{line}: {v}");
        assert_eq!(v["console"]["text"], cli.execute(line).text, "{line}");
        assert_eq!(v["position"], 1, "the view comes along: {v}");
    }
    // A set is seen by the registers read next (no stale cache at the same position).
    let (_, v) = req(&a, "POST", &path, cmd("set v1 = 3").as_bytes()).await;
    assert_eq!(v["console"]["failed"], false, "{v}");
    assert_eq!(lane(&v["regs"], 1, 9), 3);
    let (_, r) = req(&a, "GET", &format!("/api/sessions/{id}/registers"), b"").await;
    assert_eq!(lane(&r, 1, 9), 3, "{r}");
    // Motions are the buttons': refused, nothing moves.
    let (_, v) = req(&a, "POST", &path, cmd("step 2").as_bytes()).await;
    let text = v["console"]["text"].as_str().unwrap();
    assert!(
        v["console"]["failed"] == true && text.contains("use the buttons"),
        "{v}"
    );
    assert_eq!(v["position"], 1);
    let (_, v) = req(&a, "POST", &path, cmd("frobnicate").as_bytes()).await;
    let text = v["console"]["text"].as_str().unwrap();
    assert!(
        text.starts_with("error: unknown command `frobnicate`"),
        "{v}"
    );
    // Bad requests: no line, an over-long line, an unknown session.
    let (c, v) = req(&a, "POST", &path, br#"{"lien":"info warps"}"#).await;
    assert!(c == 400 || c == 422, "{c} {v}");
    assert!(error_of(&v).contains("line"), "{v}");
    let long = cmd(&"p ".repeat(3000));
    let big = Limits {
        max_body: 1 << 16,
        ..limits()
    };
    let b = start(big).await;
    let (_, v) = req(&b, "POST", "/api/sessions", br#"{"source":"laneid v1\n"}"#).await;
    let bid = v["id"].as_u64().unwrap();
    let (c, v) = req(
        &b,
        "POST",
        &format!("/api/sessions/{bid}/command"),
        long.as_bytes(),
    )
    .await;
    assert_eq!(c, 400, "{v}");
    assert!(error_of(&v).contains("at most 4096 bytes"), "{v}");
    let (c, _) = req(
        &a,
        "POST",
        "/api/sessions/999/command",
        cmd("info warps").as_bytes(),
    )
    .await;
    assert_eq!(c, 404);
    alive(&a).await;
}

/// Timing and trace load the program as a session does (the one loader): macros work,
/// fresh warps start at the entry kernel, several kernels are refused with the loader's
/// message, and `.include` reads no server file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timing_and_trace_load_programs_as_sessions_do() {
    let a = start(limits()).await;
    let src = "\
.macro bump r\n        add.vi \\r, \\r, 1\n.endm\n\
        movi v1, 99\n\
.kernel k\n        laneid v1\n        bump v1\n.end_kernel\n";
    let body = json!({ "source": src }).to_string();
    let (c, v) = req(&a, "POST", "/api/trace", body.as_bytes()).await;
    assert_eq!(c, 200, "{v}");
    let trace = v["trace"].as_str().unwrap();
    // The kernel's two instructions only: the `movi` before it is not the entry.
    assert_eq!(trace.lines().count(), 2, "{trace}");
    assert!(
        trace.contains("laneid") && trace.contains("add.vi"),
        "{trace}"
    );
    assert!(!trace.contains("movi"), "{trace}");
    let (c, v) = req(&a, "POST", "/api/timing", body.as_bytes()).await;
    assert_eq!(c, 200, "{v}");
    assert!(v["text"].as_str().unwrap().contains("cycles"), "{v}");
    let two = json!({ "source": ".kernel a\n laneid v1\n.end_kernel\n.kernel b\n laneid v2\n.end_kernel\n" })
        .to_string();
    for path in ["/api/trace", "/api/timing"] {
        let (c, v) = req(&a, "POST", path, two.as_bytes()).await;
        assert_eq!(c, 400, "{path}: {v}");
        assert!(error_of(&v).contains("several kernels"), "{path}: {v}");
    }
    let inc = json!({ "source": ".include \"/etc/passwd\"\n" }).to_string();
    let (c, v) = req(&a, "POST", "/api/trace", inc.as_bytes()).await;
    assert_eq!(c, 400, "{v}");
    alive(&a).await;
}
