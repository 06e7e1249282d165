//! Reading LSP frames (`Content-Length` header, JSON body) with bounded memory. A bad
//! frame or body is reported and skipped; the connection goes on (lsp-server's own reader
//! ends the connection on the first malformed message and allocates whatever length a
//! header claims).

use lsp_server::Message;
use std::io::{self, BufRead, Write};

/// Longest header line and largest body accepted (a 100,000-line document is a few MB).
const MAX_HEADER_LINE: usize = 8 * 1024;
pub const MAX_BODY: usize = 64 * 1024 * 1024;

/// What the reader hands the server loop.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    /// Not JSON (`ParseError`) or not a JSON-RPC message (`InvalidRequest`, with the id when
    /// one could be read): the server answers with an error and goes on.
    Malformed {
        code: i32,
        id: Option<serde_json::Value>,
        message: String,
    },
}

/// One header line (without its line end), `None` at end of input. An over-long line is
/// skipped to its end and returned as an error.
fn header_line(r: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(if line.is_empty() && !too_long {
                None
            } else {
                Some(Err("input ended inside a header".into()))
            });
        }
        let (take, done) = match memchr::memchr(b'\n', buf) {
            Some(p) => (p + 1, true),
            None => (buf.len(), false),
        };
        if line.len() + take <= MAX_HEADER_LINE {
            line.extend_from_slice(&buf[..take]);
        } else {
            too_long = true;
        }
        r.consume(take);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(format!(
            "header line longer than {MAX_HEADER_LINE} bytes"
        ))));
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    Ok(Some(
        String::from_utf8(line).map_err(|_| "header line is not UTF-8".to_string()),
    ))
}

/// Reads frames one after another. After a `Content-Length` over the limit the body is
/// not trusted: the claim is answered at once (the client may be waiting for that answer)
/// and reading goes on at the next `Content-Length` header, which cannot occur inside a
/// JSON body (its strings escape line ends).
pub struct MessageReader<R> {
    input: R,
    resync: bool,
}

impl<R: BufRead> MessageReader<R> {
    pub fn new(input: R) -> MessageReader<R> {
        MessageReader {
            input,
            resync: false,
        }
    }

    /// The next frame; `None` at end of input.
    pub fn read(&mut self) -> io::Result<Option<Incoming>> {
        let first = if std::mem::take(&mut self.resync) {
            match resync(&mut self.input)? {
                None => return Ok(None),
                l => l,
            }
        } else {
            None
        };
        read_from(&mut self.input, first, &mut self.resync)
    }
}

/// Skip to the next `Content-Length: N` header, wherever it starts (a body has no line
/// end after it); its line, or `None` at end of input. A JSON body cannot hold one: the line
/// end after the number would have to be escaped there.
fn resync(r: &mut impl BufRead) -> io::Result<Option<String>> {
    const KEY: &[u8] = b"Content-Length:";
    let mut matched = 0;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        let mut used = buf.len();
        for (i, &c) in buf.iter().enumerate() {
            matched = if c.eq_ignore_ascii_case(&KEY[matched]) {
                matched + 1
            } else if c.eq_ignore_ascii_case(&KEY[0]) {
                1
            } else {
                0
            };
            if matched == KEY.len() {
                used = i + 1;
                break;
            }
        }
        r.consume(used);
        if matched == KEY.len() {
            matched = 0;
            if let Some(Ok(rest)) = header_line(r)? {
                if !rest.trim().is_empty() && rest.trim().bytes().all(|c| c.is_ascii_digit()) {
                    return Ok(Some(format!("Content-Length:{rest}")));
                }
            }
        }
    }
}

/// Read the next frame; `None` at end of input (a frame over the limit is answered; what
/// follows it is read as [`MessageReader`] reads it only through a `MessageReader`).
pub fn read(r: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    read_from(r, None, &mut false)
}

/// A frame whose first header line may already have been read.
/// `too_large` is set when the frame claimed more than [`MAX_BODY`] (its body not read).
fn read_from(
    r: &mut impl BufRead,
    mut first: Option<String>,
    too_large: &mut bool,
) -> io::Result<Option<Incoming>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut problem: Option<String> = None;
    let mut headers = 0;
    loop {
        let line = match first.take() {
            Some(l) => l,
            None => match header_line(r)? {
                None => return Ok(None),
                Some(Ok(l)) => l,
                Some(Err(e)) => {
                    problem.get_or_insert(e);
                    continue;
                }
            },
        };
        if line.is_empty() {
            if headers == 0 && problem.is_none() {
                // Blank lines between frames are harmless.
                continue;
            }
            break;
        }
        headers += 1;
        match line.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length = Some(
                    value
                        .trim()
                        .parse::<usize>()
                        .map_err(|_| format!("bad Content-Length `{}`", value.trim())),
                );
            }
            Some(_) => {}
            None => {
                problem.get_or_insert(format!("malformed header line `{line}`"));
            }
        }
    }
    let len = match length {
        Some(Ok(n)) => n,
        Some(Err(e)) => return Ok(Some(malformed(-32700, None, e))),
        None => {
            let e = problem.unwrap_or_else(|| "no Content-Length header".into());
            return Ok(Some(malformed(-32700, None, e)));
        }
    };
    if len > MAX_BODY {
        *too_large = true;
        return Ok(Some(malformed(
            -32600,
            None,
            format!(
                "Content-Length {len} is larger than the limit of {MAX_BODY} bytes: the \
                 message is skipped up to the next Content-Length header"
            ),
        )));
    }
    let mut body = vec![0u8; len];
    if let Err(e) = r.read_exact(&mut body) {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            return Ok(None);
        }
        return Err(e);
    }
    Ok(Some(parse(&body)))
}

fn malformed(code: i32, id: Option<serde_json::Value>, message: String) -> Incoming {
    Incoming::Malformed { code, id, message }
}

fn parse(body: &[u8]) -> Incoming {
    let v: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return malformed(-32700, None, format!("the message is not JSON: {e}")),
    };
    let id = v
        .get("id")
        .filter(|i| i.is_number() || i.is_string())
        .cloned();
    match serde_json::from_value::<Message>(v) {
        Ok(m) => Incoming::Message(m),
        Err(e) => malformed(
            -32600,
            id,
            format!("not a JSON-RPC request, response or notification: {e}"),
        ),
    }
}

/// Write one message as a frame.
pub fn write(w: &mut impl Write, m: &Message) -> io::Result<()> {
    m.write(w)
}

/// Write the error answer to a malformed message (`id` null when it had none).
pub fn write_malformed(
    w: &mut impl Write,
    code: i32,
    id: Option<serde_json::Value>,
    message: &str,
) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": {"code": code, "message": message},
    })
    .to_string();
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Incoming> {
        let mut r = MessageReader::new(io::BufReader::new(input));
        let mut v = Vec::new();
        while let Some(m) = r.read().unwrap() {
            v.push(m);
        }
        v
    }

    #[test]
    fn bad_frames_are_reported_and_skipped() {
        let good = br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let mut input = Vec::new();
        input.extend_from_slice(b"Content-Length: 5\r\n\r\nnope!");
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n[]");
        input.extend_from_slice(b"Content-Length: x\r\n\r\n");
        input.extend_from_slice(b"Content-Length: 99999999999\r\n\r\n");
        let mut ok = format!("Content-Length: {}\r\n\r\n", good.len()).into_bytes();
        ok.extend_from_slice(good);
        input.extend_from_slice(&ok);
        let v = frames(&input);
        assert!(matches!(v[0], Incoming::Malformed { code: -32700, .. }));
        assert!(matches!(v[1], Incoming::Malformed { code: -32600, .. }));
        assert!(matches!(v[2], Incoming::Malformed { code: -32700, .. }));
        // The huge one is answered, and the next frame is read (the claim was a lie).
        assert!(matches!(v[3], Incoming::Malformed { code: -32600, .. }));
        assert!(
            matches!(&v[4], Incoming::Message(Message::Notification(n)) if n.method == "initialized")
        );
        assert_eq!(v.len(), 5);
        // A huge body really sent is skipped up to the next frame (JSON escapes line ends).
        let mut big = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 10).into_bytes();
        big.extend(std::iter::repeat_n(b'x', MAX_BODY + 10));
        big.extend_from_slice(&ok);
        let v = frames(&big);
        assert_eq!(v.len(), 2);
        assert!(matches!(v[0], Incoming::Malformed { code: -32600, .. }));
        let v = frames(&ok);
        assert!(
            matches!(&v[0], Incoming::Message(Message::Notification(n)) if n.method == "initialized")
        );
    }
}
