//! What every request passes before its route: the server answers only its own page and
//! clients that are not browsers. Any web page the user visits can make the browser send
//! requests to a server on loopback; these checks refuse them:
//!
//! * `Host` must name the bound address (a page of a DNS-rebinding name that resolves to
//!   loopback sends its own name). Its port is not checked: a forwarded port (`ssh -L
//!   9000:localhost:8080`) reaches the server under another one, and the name is what a
//!   rebinding page cannot fake;
//! * `Origin`, when there is one, must be this server's own (`http://` + `Host`): browsers
//!   send it with every cross-origin request and with every `POST`;
//! * a `POST` must say `Content-Type: application/json`, a type no page can send to
//!   another origin without a CORS preflight, which this server never grants.
//!
//! Errors made before a route runs (axum's body limit, a malformed path) are turned into
//! the API's JSON errors here as well.

use axum::body::to_bytes;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use crate::sessions::ApiError;

/// What the checks need: the bound address and the body limit (for the 413's message).
#[derive(Clone, Debug)]
pub struct Guard {
    pub addr: SocketAddr,
    pub max_body: usize,
}

/// An API error as the API's JSON: `{"error": "..."}` with its status.
pub fn err(e: ApiError) -> Response {
    let code = StatusCode::from_u16(e.0).unwrap_or(StatusCode::BAD_REQUEST);
    (code, axum::Json(json!({ "error": e.1 }))).into_response()
}

impl Guard {
    /// Whether `host` (a `Host` header's value) names this server: the bound IP address,
    /// `localhost` for a loopback or any-address bind, any IP address for an any-address
    /// bind (an address is never a rebinding name); any port.
    fn host_ok(&self, host: &str) -> bool {
        let name = match split_host(host) {
            Some(x) => x,
            None => return false,
        };
        let bound = self.addr.ip();
        if name.eq_ignore_ascii_case("localhost") {
            return bound.is_loopback() || bound.is_unspecified();
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => bound.is_unspecified() || ip == bound,
            Err(_) => false,
        }
    }

    /// The refusal of a request, if it is refused.
    fn refusal(&self, method: &Method, h: &HeaderMap) -> Option<ApiError> {
        let host = match h.get(header::HOST).map(|v| v.to_str()) {
            None => return Some(ApiError::bad("the request has no Host header")),
            Some(Err(_)) => return Some(ApiError::bad("the Host header is not text")),
            Some(Ok(v)) => v,
        };
        if !self.host_ok(host) {
            return Some(ApiError(
                403,
                format!(
                    "Host `{host}` refused: this server answers only requests for {} \
                     (or localhost on a loopback address), so that no other web site's name \
                     can be made to point at it",
                    self.addr.ip()
                ),
            ));
        }
        if let Some(o) = h.get(header::ORIGIN) {
            let o = String::from_utf8_lossy(o.as_bytes());
            if !o.eq_ignore_ascii_case(&format!("http://{host}")) {
                return Some(ApiError(
                    403,
                    format!(
                        "cross-origin request from `{o}` refused: the playground's API answers \
                         only its own page (http://{host}) and clients that send no Origin"
                    ),
                ));
            }
        }
        if method == Method::POST {
            let ty = h.get(header::CONTENT_TYPE).map(|v| v.as_bytes());
            let essence = ty
                .and_then(|t| t.split(|&c| c == b';').next())
                .map(|t| String::from_utf8_lossy(t).trim().to_ascii_lowercase());
            if essence.as_deref() != Some("application/json") {
                let said = ty.map_or("none".into(), |t| String::from_utf8_lossy(t).into_owned());
                return Some(ApiError(
                    415,
                    format!(
                        "a POST must have `Content-Type: application/json` (this one has {said}); \
                         the body is JSON"
                    ),
                ));
            }
        }
        None
    }
}

/// The name of a `Host` value, `name[:port]` or `[v6][:port]`, if the port is a number.
fn split_host(host: &str) -> Option<&str> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (v6, after) = rest.split_once(']')?;
        (v6, after.strip_prefix(':'))
    } else {
        match host.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (host, None),
        }
    };
    if let Some(p) = port {
        p.parse::<u16>().ok()?;
    }
    (!name.is_empty()).then_some(name)
}

/// The middleware: refuse what [`Guard::refusal`] refuses, answer errors made before a route
/// as JSON.
pub async fn check(State(g): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    if let Some(e) = g.refusal(req.method(), req.headers()) {
        return err(e);
    }
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return err(ApiError(
            413,
            format!(
                "request body too large: the playground takes at most {} bytes",
                g.max_body
            ),
        ));
    }
    // axum's own rejections are short plain text: their message becomes the error.
    let text = to_bytes(res.into_body(), 64 << 10)
        .await
        .unwrap_or_default();
    let msg = String::from_utf8_lossy(&text).trim().to_string();
    let msg = if msg.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        msg
    };
    err(ApiError(status.as_u16(), msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(addr: &str) -> Guard {
        Guard {
            addr: addr.parse().unwrap(),
            max_body: 10,
        }
    }

    #[test]
    fn host_names_the_bound_address_or_localhost_on_loopback() {
        let g = guard("127.0.0.1:8080");
        // Any port: a forwarded one reaches the server under another number.
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "127.0.0.1",
            "localhost:9000",
        ] {
            assert!(g.host_ok(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.2:8080",
            "localhost.evil.example:8080",
            ":8080",
            "127.0.0.1:80x",
            "[::1]:8080",
        ] {
            assert!(!g.host_ok(bad), "{bad}");
        }
        let g = guard("[::1]:9000");
        assert!(g.host_ok("[::1]:9000") && g.host_ok("localhost:9000") && g.host_ok("[::1]"));
        assert!(!g.host_ok("[::2]:9000") && !g.host_ok("[::1]:x"));
        // Any address: any address literal, never a name other than localhost.
        let g = guard("0.0.0.0:80");
        assert!(g.host_ok("192.0.2.7") && g.host_ok("[2001:db8::1]:80"));
        assert!(!g.host_ok("rebind.example"));
        // Not loopback: localhost is another machine's view of itself.
        let g = guard("192.0.2.7:8080");
        assert!(g.host_ok("192.0.2.7:8080") && !g.host_ok("localhost:8080"));
    }
}
