//! DAP base protocol: `Content-Length: N\r\n\r\n` then N bytes of JSON.
//!
//! The reader never gives up on a stream: a header it cannot read, or a body that is not
//! JSON, is reported as one [`Received::Bad`] and reading resynchronises at the next
//! `Content-Length:`; a body is capped at [`MAX_BODY`] bytes.

use std::io::{self, Read, Write};

/// The largest body accepted (bigger ones are refused and skipped).
pub const MAX_BODY: usize = 16 << 20;

/// One message read from the stream.
#[derive(Debug)]
pub enum Received {
    /// A JSON value.
    Message(serde_json::Value),
    /// Something that is not a message: why.
    Bad(String),
}

/// Reads frames from a byte stream.
pub struct FrameReader<R> {
    inner: R,
    buf: Vec<u8>,
    eof: bool,
}

const HEADER: &[u8] = b"Content-Length:";

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

impl<R: Read> FrameReader<R> {
    pub fn new(inner: R) -> FrameReader<R> {
        FrameReader {
            inner,
            buf: Vec::new(),
            eof: false,
        }
    }

    /// Read more bytes; false at the end of the stream.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let mut chunk = [0u8; 8192];
        loop {
            match self.inner.read(&mut chunk) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The next frame, or `None` at the end of the stream.
    pub fn next_frame(&mut self) -> io::Result<Option<Received>> {
        // Headers end with an empty line.
        let end = loop {
            if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                break i;
            }
            if self.buf.len() > 64 << 10 {
                return Ok(Some(self.skip_to_header("a header longer than 64 KiB")));
            }
            if !self.fill()? {
                if self.buf.iter().all(|b| b.is_ascii_whitespace()) {
                    return Ok(None);
                }
                self.buf.clear();
                return Ok(Some(Received::Bad(
                    "the stream ended inside a header".into(),
                )));
            }
        };
        // Bytes before a `Content-Length:` that does not start a line: left over from a
        // message whose length was wrong.
        if let Some(i) = find(&self.buf[..end], HEADER) {
            if i > 0 && self.buf[i - 1] != b'\n' {
                self.buf.drain(..i);
                return Ok(Some(Received::Bad(
                    "bytes that are not a message before a header".into(),
                )));
            }
        }
        let header = String::from_utf8_lossy(&self.buf[..end]).into_owned();
        let mut length = None;
        for line in header.split("\r\n") {
            if let Some((k, v)) = line.split_once(':') {
                if k.trim().eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse::<usize>().ok();
                    if length.is_none() {
                        self.buf.drain(..end + 4);
                        return Ok(Some(Received::Bad(format!(
                            "Content-Length `{}` is not a number",
                            v.trim()
                        ))));
                    }
                }
            } else if !line.trim().is_empty() {
                let why = format!(
                    "`{}` is not a header line",
                    line.chars().take(60).collect::<String>()
                );
                return Ok(Some(self.skip_to_header(&why)));
            }
        }
        let Some(n) = length else {
            self.buf.drain(..end + 4);
            return Ok(Some(Received::Bad(
                "a header without Content-Length".into(),
            )));
        };
        self.buf.drain(..end + 4);
        if n > MAX_BODY {
            return Ok(Some(self.skip_to_header(&format!(
                "Content-Length {n} is over the limit of {MAX_BODY} bytes"
            ))));
        }
        while self.buf.len() < n {
            if !self.fill()? {
                self.buf.clear();
                return Ok(Some(Received::Bad(format!(
                    "the stream ended inside a body (Content-Length {n})"
                ))));
            }
        }
        let body: Vec<u8> = self.buf.drain(..n).collect();
        match serde_json::from_slice(&body) {
            Ok(v) => Ok(Some(Received::Message(v))),
            Err(e) => {
                // A wrong Content-Length runs into the next message: give its bytes back.
                if let Some(i) = find(&body, HEADER) {
                    let rest = body[i..].to_vec();
                    self.buf.splice(0..0, rest);
                }
                Ok(Some(Received::Bad(format!("the body is not JSON: {e}"))))
            }
        }
    }

    fn skip_to_header(&mut self, why: &str) -> Received {
        let from = if self.buf.starts_with(HEADER) { 1 } else { 0 };
        match find(&self.buf[from..], HEADER) {
            Some(i) => {
                self.buf.drain(..from + i);
            }
            None => self.buf.clear(),
        }
        Received::Bad(why.to_string())
    }
}

/// Write one message.
pub fn write_message(out: &mut dyn Write, v: &serde_json::Value) -> io::Result<()> {
    let body = serde_json::to_vec(v)?;
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(&body)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut r = FrameReader::new(input);
        let mut v = Vec::new();
        while let Some(f) = r.next_frame().unwrap() {
            v.push(match f {
                Received::Message(m) => m.to_string(),
                Received::Bad(e) => format!("bad: {e}"),
            });
        }
        v
    }

    #[test]
    fn reads_and_recovers() {
        let ok = b"Content-Length: 7\r\n\r\n{\"a\":1}";
        assert_eq!(frames(ok), vec!["{\"a\":1}"]);
        // Too long a Content-Length: the next message is given back.
        let mut s = b"Content-Length: 30\r\n\r\n{\"a\":1}".to_vec();
        s.extend_from_slice(ok);
        let f = frames(&s);
        assert!(f[0].starts_with("bad: the body is not JSON"), "{f:?}");
        assert_eq!(f[1], "{\"a\":1}");
        // Too short: garbage, then resynchronised.
        let mut s = b"Content-Length: 3\r\n\r\n{\"a\":1}".to_vec();
        s.extend_from_slice(ok);
        let f = frames(&s);
        assert!(f[0].starts_with("bad:"), "{f:?}");
        assert_eq!(f.last().unwrap(), "{\"a\":1}");
        assert!(frames(b"Content-Length: x\r\n\r\n")[0].contains("not a number"));
        assert!(frames(b"Content-Length: 99999999999\r\n\r\n")[0].contains("over the limit"));
        assert!(frames(b"Content-Length: 10\r\n\r\n{}")[0].contains("ended inside a body"));
    }
}
