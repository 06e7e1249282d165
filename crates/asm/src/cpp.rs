//! `.S` text through the C preprocessor (`cpp -x assembler-with-cpp`, as GNU as runs it
//! through gcc), from memory: an editor has the text, not the file. Its line markers name
//! the file, so the front stage (`preprocess.rs`) places every line where it was written.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The cpp output of `text`, a file named `name` (its `#include "x"` found in `dir`); its
/// line markers for the text itself name `name`.
pub fn cpp_text(name: &str, text: &str, dir: Option<&Path>) -> Result<String, String> {
    let mut cmd = Command::new("cpp");
    cmd.args(["-x", "assembler-with-cpp"]);
    if let Some(d) = dir {
        cmd.arg("-I").arg(d).current_dir(d);
    }
    cmd.arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "{name}: a .S file goes through the C preprocessor, and `cpp` is not installed \
                 (install gcc or cpp, or rename the file .s if it has no # directives)"
            ))
        }
        Err(e) => return Err(format!("{name}: cannot run cpp: {e}")),
        Ok(c) => c,
    };
    // Written from a thread: cpp may fill its output pipe before it has read all input.
    let mut stdin = child.stdin.take().expect("piped");
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{name}: cannot run cpp: {e}"))?;
    let _ = writer.join();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr).replace("<stdin>", name);
        return Err(format!("{name}: cpp failed:\n{}", err.trim_end()));
    }
    let s =
        String::from_utf8(out.stdout).map_err(|_| format!("{name}: cpp output is not UTF-8"))?;
    Ok(name_markers(&s, name))
}

/// `s` with the line markers that name standard input naming `name` instead.
fn name_markers(s: &str, name: &str) -> String {
    // Unescaped, as the front stage reads a marker's name (up to the next quote).
    let quoted = format!("\"{name}\"");
    let mut out = String::with_capacity(s.len() + 64);
    for line in s.split_inclusive('\n') {
        if line.starts_with('#') && line.contains("\"<stdin>\"") {
            out.push_str(&line.replacen("\"<stdin>\"", &quoted, 1));
        } else {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_name_the_file() {
        assert_eq!(
            name_markers("# 1 \"<stdin>\"\nadd\n# 3 \"<stdin>\" 2\n", "/d/a.S"),
            "# 1 \"/d/a.S\"\nadd\n# 3 \"/d/a.S\" 2\n"
        );
        // Whether cpp is installed or not, the answer is text or a message naming the file.
        match cpp_text("a.S", "#define N 3\n.word N\n", None) {
            Ok(t) => assert!(t.contains(".word 3") && t.contains("\"a.S\""), "{t}"),
            Err(e) => assert!(e.starts_with("a.S: "), "{e}"),
        }
    }
}
