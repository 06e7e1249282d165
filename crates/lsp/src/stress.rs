//! Random sessions over a multi-file project, checked: bytes (from a fuzzer, or a seeded
//! generator in tests) become edits and requests on three open documents that include one
//! another; the whole session runs through [`crate::serve`], and every answer is checked:
//! one answer per request, no internal error (a handler that panicked), every position
//! inside the text the server had at that moment.

use crate::server::serve;
use crate::text::{Document, Pos};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The project: a header of macros and two files that include it (paths need not exist:
/// open documents are read from the editor).
pub const FILES: &[(&str, &str)] = &[
    (
        "file:///stress/macros.inc",
        ".ifndef M\n.equ M, 1\n.equ LANES, 32\n.macro call fn\n    jal u62, \\fn\n.endm\n\
         .macro two d\n.irp s, v1, v2\n    add \\d, \\d, \\s\n.endr\n.endm\n.endif\n",
    ),
    (
        "file:///stress/a.s",
        ".include \"macros.inc\"\n    .globl a\n    .kernel a\n    mov.vl v4, LANES\n    call helper\n\
         back: two v3\n    bnz u1, back\n    .end_kernel\n",
    ),
    (
        "file:///stress/b.s",
        ".include \"macros.inc\"\n.include \"a.s\"\nhelper:\n.if LANES == 32\n    add v2, v2, v0 ; x\n\
         .else\n    sub v2, v2, v0\n.endif\n    jr u62, 0\n",
    ),
];

/// Pieces random edits insert.
const SNIPPETS: &[&str] = &[
    "",
    "\n",
    " ",
    ",",
    ":",
    "\\",
    "\"",
    ".macro m a\n",
    ".endm\n",
    ".irp r, v1, v2\n",
    ".endr\n",
    ".if 1\n",
    ".else\n",
    ".endif\n",
    ".include \"macros.inc\"\n",
    ".include \"b.s\"\n",
    ".kernel k\n",
    ".end_kernel\n",
    "call",
    "two",
    "LANES",
    "\\d",
    "add v1, v2, v3\n",
    "x:",
    "back",
    "😀",
    "é",
    "\r\n",
    ".equ N, 3\n",
    "jal u62, f\n",
    "; c\n",
    "v[2:3]",
];

const REQUESTS: &[&str] = &[
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/prepareRename",
    "textDocument/rename",
    "textDocument/documentSymbol",
    "textDocument/semanticTokens/full",
    "textDocument/semanticTokens/range",
    "textDocument/inlayHint",
    "textDocument/formatting",
    "textDocument/completion",
    "textDocument/signatureHelp",
    "workspace/symbol",
];

/// Reads the bytes as a stream of small numbers (zeros once they run out).
struct EditBytes<'a>(&'a [u8], usize);

impl EditBytes<'_> {
    fn next(&mut self, n: usize) -> usize {
        let b = self.0.get(self.1).copied().unwrap_or(0) as usize;
        self.1 += 1;
        b % n.max(1)
    }

    fn done(&self) -> bool {
        self.1 >= self.0.len()
    }
}

fn frame(out: &mut Vec<u8>, v: &Value) {
    let body = v.to_string();
    out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
    out.extend_from_slice(body.as_bytes());
}

/// The texts of the documents, by URI, as of one moment of the session.
type Snapshot = HashMap<String, Document>;

/// Whether a protocol position is inside `doc`'s text.
fn in_range(doc: &Document, p: &Value) -> bool {
    let (Some(line), Some(ch)) = (p["line"].as_u64(), p["character"].as_u64()) else {
        return false;
    };
    doc.offset(Pos {
        line: line as u32,
        character: ch as u32,
    })
    .is_ok()
}

/// Every `{uri?, range}` / position in an answer, checked against the documents; `doc` is the
/// URI positions without one belong to.
fn check_positions(v: &Value, doc: &str, snap: &Snapshot, what: &str) -> Result<(), String> {
    match v {
        Value::Object(m) => {
            let uri = m
                .get("uri")
                .and_then(Value::as_str)
                .or_else(|| m.get("targetUri").and_then(Value::as_str))
                .unwrap_or(doc);
            for key in ["range", "selectionRange"] {
                if let Some(r) = m.get(key) {
                    if let Some(d) = snap.get(uri) {
                        if !in_range(d, &r["start"]) || !in_range(d, &r["end"]) {
                            return Err(format!("{what}: {key} {r} is outside {uri}"));
                        }
                    }
                }
            }
            if let (Some(p), Some(d)) = (m.get("position"), snap.get(uri)) {
                if p.get("line").is_some() && !in_range(d, p) {
                    return Err(format!("{what}: position {p} is outside {uri}"));
                }
            }
            // A rename's edits are keyed by URI.
            if let Some(Value::Object(ch)) = m.get("changes") {
                for (u, edits) in ch {
                    check_positions(edits, u, snap, what)?;
                }
            }
            for (k, x) in m {
                if k != "changes" {
                    check_positions(x, uri, snap, what)?;
                }
            }
            Ok(())
        }
        Value::Array(a) => a
            .iter()
            .try_for_each(|x| check_positions(x, doc, snap, what)),
        _ => Ok(()),
    }
}

/// Semantic tokens decoded to absolute positions, each checked to lie on its line.
fn check_tokens(data: &[Value], d: &Document) -> Result<(), String> {
    let (mut line, mut col) = (0u64, 0u64);
    for q in data.chunks(5) {
        let n = |i: usize| q.get(i).and_then(Value::as_u64).unwrap_or(0);
        line += n(0);
        col = if n(0) == 0 { col + n(1) } else { n(1) };
        let end = json!({"line": line, "character": col + n(2)});
        if !in_range(d, &json!({"line": line, "character": col})) || !in_range(d, &end) {
            return Err(format!(
                "a semantic token at {line}:{col} (+{}) is outside",
                n(2)
            ));
        }
    }
    Ok(())
}

/// Run one session made from `data`: the number of answers and diagnostics lists checked,
/// or what went wrong.
pub fn session(data: &[u8]) -> Result<usize, String> {
    let mut input = Vec::new();
    let mut snap: Snapshot = HashMap::new();
    let mut versions: HashMap<(String, i64), Document> = HashMap::new();
    let mut at_request: HashMap<i64, (String, Snapshot, &str)> = HashMap::new();
    frame(
        &mut input,
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}),
    );
    frame(
        &mut input,
        &json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    );
    for (u, t) in FILES {
        frame(
            &mut input,
            &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
                {"uri": u, "languageId": "warpkit-asm", "version": 1, "text": t}}}),
        );
        snap.insert(u.to_string(), Document::new(t.to_string()));
        versions.insert((u.to_string(), 1), Document::new(t.to_string()));
    }
    let mut version: HashMap<String, i64> = FILES.iter().map(|(u, _)| (u.to_string(), 1)).collect();
    let mut b = EditBytes(data, 0);
    let mut id = 1i64;
    let mut ops = 0;
    while !b.done() && ops < 200 {
        ops += 1;
        let (uri, _) = FILES[b.next(FILES.len())];
        let d = &snap[uri];
        // Mostly real positions, sometimes past the end.
        let line = b.next(d.lines() + 2) as u32;
        let ch = b.next(d.line_text(line as usize).len() + 3) as u32;
        let p = json!({"line": line, "character": ch});
        if b.next(3) == 0 {
            let del = b.next(6) as u32;
            let text = SNIPPETS[b.next(SNIPPETS.len())];
            let end = json!({"line": line, "character": ch + del});
            let v = version.get_mut(uri).expect("open");
            *v += 1;
            frame(
                &mut input,
                &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": *v},
                    "contentChanges": [{"range": {"start": p, "end": end}, "text": text}]}}),
            );
            // The same edit, the way the server applies it.
            let d = snap.get_mut(uri).expect("open");
            let a = d.offset_lenient(Pos {
                line,
                character: ch,
            });
            let e = d.offset_lenient(Pos {
                line,
                character: ch + del,
            });
            d.replace(a, e, text);
            versions.insert((uri.to_string(), *v), d.clone());
            continue;
        }
        let method = REQUESTS[b.next(REQUESTS.len())];
        let params = match method {
            "workspace/symbol" => json!({"query": (["", "a", "LAN", "k"][b.next(4)])}),
            "textDocument/documentSymbol" | "textDocument/semanticTokens/full" => {
                json!({"textDocument": {"uri": uri}})
            }
            "textDocument/formatting" => {
                json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}})
            }
            "textDocument/semanticTokens/range" | "textDocument/inlayHint" => {
                json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": p}})
            }
            "textDocument/references" => {
                json!({"textDocument": {"uri": uri}, "position": p, "context": {"includeDeclaration": b.next(2) == 0}})
            }
            "textDocument/rename" => {
                json!({"textDocument": {"uri": uri}, "position": p, "newName": (["zz", "add", "LANES", "9x"][b.next(4)])})
            }
            _ => json!({"textDocument": {"uri": uri}, "position": p}),
        };
        frame(
            &mut input,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        at_request.insert(id, (uri.to_string(), snap.clone(), method));
        id += 1;
    }
    frame(
        &mut input,
        &json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}),
    );
    frame(&mut input, &json!({"jsonrpc": "2.0", "method": "exit"}));
    let mut output = Vec::new();
    serve(std::io::Cursor::new(input), &mut output).map_err(|e| e.to_string())?;
    check_output(&output, &at_request, &versions, id)
}

fn check_output(
    output: &[u8],
    at_request: &HashMap<i64, (String, Snapshot, &str)>,
    versions: &HashMap<(String, i64), Document>,
    last: i64,
) -> Result<usize, String> {
    let mut checked = 0;
    let mut answered = vec![false; last as usize + 1];
    let mut rest = output;
    while !rest.is_empty() {
        let head_end = rest
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .ok_or("a frame without its header end")?;
        let head = std::str::from_utf8(&rest[..head_end]).map_err(|e| e.to_string())?;
        let len: usize = head
            .strip_prefix("Content-Length: ")
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("bad header {head}"))?;
        let body = rest
            .get(head_end + 4..head_end + 4 + len)
            .ok_or("a frame cut short")?;
        rest = &rest[head_end + 4 + len..];
        let v: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        checked += 1;
        if let Some(id) = v["id"].as_i64() {
            let slot = answered
                .get_mut(id as usize)
                .ok_or_else(|| format!("an answer to no request: {v}"))?;
            if std::mem::replace(slot, true) {
                return Err(format!("request {id} answered twice"));
            }
            if v["error"]["code"] == json!(-32603) {
                return Err(format!("internal error: {v}"));
            }
            if let Some((uri, snap, method)) = at_request.get(&id) {
                check_positions(&v["result"], uri, snap, method)?;
                if method.starts_with("textDocument/semanticTokens") {
                    if let Some(data) = v["result"]["data"].as_array() {
                        check_tokens(data, &snap[uri])?;
                    }
                }
            }
        } else if v["method"] == "textDocument/publishDiagnostics" {
            let p = &v["params"];
            let uri = p["uri"].as_str().unwrap_or("");
            let Some(ver) = p["version"].as_i64() else {
                continue; // a closed document's empty list
            };
            let d = versions
                .get(&(uri.to_string(), ver))
                .ok_or_else(|| format!("diagnostics of an unknown version: {uri} {ver}"))?;
            let snap: Snapshot = HashMap::from([(uri.to_string(), d.clone())]);
            for x in p["diagnostics"].as_array().into_iter().flatten() {
                check_positions(&x["range"], uri, &snap, "diagnostics").and_then(|_| {
                    let r = &x["range"];
                    if in_range(d, &r["start"]) && in_range(d, &r["end"]) {
                        Ok(())
                    } else {
                        Err(format!("diagnostic range {r} outside {uri} v{ver}"))
                    }
                })?;
            }
        }
    }
    if let Some(id) = answered.iter().position(|a| !a) {
        return Err(format!("request {id} got no answer"));
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounded: sixty seeded sessions (the fuzz target runs without bound).
    #[test]
    fn random_sessions_over_a_project_keep_every_answer_in_range() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut checked = 0;
        for n in 0..60 {
            let data: Vec<u8> = (0..40 + n * 6)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x as u8
                })
                .collect();
            let t = std::time::Instant::now();
            match session(&data) {
                Ok(k) => checked += k,
                Err(e) => panic!("session {n} ({data:?}): {e}"),
            }
            // A hang shows as a session far slower than the rest.
            assert!(
                t.elapsed().as_secs() < 20,
                "session {n} took {:?}",
                t.elapsed()
            );
        }
        // Every session answers its requests; most also publish diagnostics.
        assert!(checked > 1500, "{checked}");
    }
}
