//! Files in and out, the way the usual command-line tools treat them.
//!
//! - `-` is standard input (for inputs) or standard output (for outputs).
//! - A regular output file, or a new one, is written atomically: a temporary file in the same
//!   directory, renamed over the target at the end, with the old file's permission bits (and
//!   owner, where allowed). A read-only file is refused, not replaced.
//! - A symbolic link is followed: its target is written that way and the link stays a link.
//! - Anything else (a device such as `/dev/null`, a FIFO, a socket) is opened and written
//!   directly; it is never replaced or removed. So is a regular file reached through `/dev` or
//!   `/proc` (`/dev/stdout` redirected to a file: then standard output itself is written).
//! - Outputs are opened with [`Output::open`] before any work starts, so a bad path fails at
//!   once, and never name an input file.
//! - A temporary file is removed when its [`Output`] is dropped without [`Output::commit`]
//!   (an error), and on SIGINT, SIGTERM and SIGHUP (a signal thread removes every registered
//!   temporary, then the signal takes its default effect). Only SIGKILL can leave one behind.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// Whether a path names standard input / output.
pub fn is_std(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name to show for a path in messages.
pub fn display(path: &Path) -> String {
    if is_std(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Read a file (`-`: standard input), with the path in the error.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    if is_std(path) {
        let mut b = Vec::new();
        return io::stdin()
            .lock()
            .read_to_end(&mut b)
            .map(|_| b)
            .map_err(|e| format!("cannot read standard input: {e}"));
    }
    std::fs::read(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => format!("cannot read {}: no such file", path.display()),
        _ => format!("cannot read {}: {e}", path.display()),
    })
}

/// Open a file for reading as a stream (`-`: standard input), with the path in the error.
pub fn open_read(path: &Path) -> Result<Box<dyn Read>, String> {
    if is_std(path) {
        return Ok(Box::new(io::stdin().lock()));
    }
    match File::open(path) {
        Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
            Err(format!("cannot read {}: it is a directory", path.display()))
        }
        Ok(f) => Ok(Box::new(f)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(format!("cannot read {}: no such file", path.display()))
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Read UTF-8 text (`-`: standard input).
pub fn read_text(path: &Path) -> Result<String, String> {
    let b = read(path)?;
    String::from_utf8(b).map_err(|e| {
        format!(
            "{} is not UTF-8 text (first bad byte at offset {})",
            display(path),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Temporaries to remove if a signal ends the process.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Set while a command answers SIGINT itself, stopping between items and keeping its work
/// (`progress::Items`): the cleanup thread leaves the first SIGINT to it.
pub static SIGINT_KEEPS_WORK: AtomicBool = AtomicBool::new(false);
static HANDLER: OnceLock<Result<(), String>> = OnceLock::new();

fn temps() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves the list usable.
    TEMPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Start the signal thread once: on SIGINT, SIGTERM or SIGHUP it removes every registered
/// temporary, then lets the signal do what it would have done (end the process).
fn install_cleanup() -> Result<(), String> {
    HANDLER
        .get_or_init(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            // A signal ignored at start (SIGINT of a background job, SIGHUP under nohup)
            // stays ignored: catching it would make the process stoppable where it was not.
            let caught: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
                .into_iter()
                .filter(|&s| !ignored(s))
                .collect();
            let mut signals = signal_hook::iterator::Signals::new(caught)
                .map_err(|e| format!("cannot install signal handlers: {e}"))?;
            std::thread::Builder::new()
                .name("cleanup".into())
                .spawn(move || {
                    let mut first_int = true;
                    for sig in signals.forever() {
                        // A command that stops between items on Ctrl-C (progress::Items)
                        // answers the first SIGINT itself; a second one ends the process.
                        if sig == SIGINT && first_int && SIGINT_KEEPS_WORK.load(Ordering::SeqCst) {
                            first_int = false;
                            continue;
                        }
                        // Hold the lock to the end: no temporary is created or renamed after.
                        let list = temps();
                        for t in list.iter() {
                            let _ = std::fs::remove_file(t);
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(sig);
                        // Default action of these signals is to terminate; if it did not
                        // (ignored by the parent), exit as a shell would report it.
                        std::process::exit(128 + sig);
                    }
                })
                .map(|_| ())
                .map_err(|e| format!("cannot start the signal thread: {e}"))
        })
        .clone()
}

/// Whether `sig` is ignored (SIG_IGN) in this process.
pub fn ignored(sig: i32) -> bool {
    // SAFETY: sigaction with a null new action only reads the current one into `old`,
    // a zeroed plain C struct.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

enum Sink {
    Stdout(io::Stdout),
    /// A temporary to rename over `target` on commit.
    Atomic {
        file: File,
        tmp: PathBuf,
        target: PathBuf,
    },
    /// A device, FIFO or socket, written in place.
    Direct(File),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(s) => s.write(buf),
            Sink::Atomic { file, .. } | Sink::Direct(file) => file.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(s) => s.flush(),
            Sink::Atomic { file, .. } | Sink::Direct(file) => file.flush(),
        }
    }
}

/// An output opened before the work, written during it, and committed at the end.
pub struct Output {
    w: BufWriter<Sink>,
    name: String,
    committed: bool,
}

/// Where an output path leads after following symbolic links (a dangling link's target
/// included), at most 40 of them, as the kernel allows.
fn resolve_links(path: &Path) -> Result<PathBuf, String> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)
                    .map_err(|e| format!("cannot read link {}: {e}", p.display()))?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(format!(
        "{}: too many levels of symbolic links",
        path.display()
    ))
}

fn same_file(a: &std::fs::Metadata, input: &Path) -> bool {
    !is_std(input)
        && std::fs::metadata(input).is_ok_and(|b| a.dev() == b.dev() && a.ino() == b.ino())
}

fn open_in_place(path: &Path, truncate: bool) -> Result<Sink, String> {
    OpenOptions::new()
        .write(true)
        .truncate(truncate)
        .open(path)
        .map(Sink::Direct)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Whether an open file descriptor is the file `m` describes.
fn fd_is(m: &std::fs::Metadata, fd: BorrowedFd<'_>) -> bool {
    fd.try_clone_to_owned()
        .map(File::from)
        .and_then(|f| f.metadata())
        .is_ok_and(|f| f.dev() == m.dev() && f.ino() == m.ino())
}

fn new_temp(dir: &Path, name: &str) -> io::Result<(File, PathBuf)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        // Registered before it exists, so no moment has a file the signal thread misses.
        temps().push(tmp.clone());
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&tmp)
        {
            Ok(f) => return Ok((f, tmp)),
            Err(e) => {
                unregister(&tmp);
                if e.kind() != io::ErrorKind::AlreadyExists {
                    return Err(e);
                }
            }
        }
    }
}

fn unregister(tmp: &Path) {
    let mut list = temps();
    if let Some(i) = list.iter().position(|t| t == tmp) {
        list.swap_remove(i);
    }
}

impl Output {
    /// Open `path` for writing (`-`: standard output), checking everything that can be
    /// checked before the work: the directory exists and is writable, the target is not a
    /// directory, not read-only and not one of `inputs`.
    pub fn open(path: &Path, inputs: &[&Path]) -> Result<Output, String> {
        let name = if is_std(path) {
            "standard output".to_string()
        } else {
            path.display().to_string()
        };
        let sink = if is_std(path) {
            Sink::Stdout(io::stdout())
        } else {
            Self::open_path(path, inputs)?
        };
        Ok(Output {
            w: BufWriter::with_capacity(1 << 16, sink),
            name,
            committed: false,
        })
    }

    fn open_path(path: &Path, inputs: &[&Path]) -> Result<Sink, String> {
        let shown = path.display();
        // Following links, as open(2) would (also through /proc's magic links, which
        // /dev/stdout is).
        let meta = std::fs::metadata(path).ok();
        if let Some(m) = &meta {
            let ft = m.file_type();
            // Only files can be clobbered (`disasm /dev/null -o /dev/null` is fine).
            if ft.is_file() && inputs.iter().any(|i| same_file(m, i)) {
                return Err(format!("refusing to write {shown}: it is an input file"));
            }
            if ft.is_dir() {
                return Err(format!("cannot write {shown}: it is a directory"));
            }
            if ft.is_char_device() || ft.is_block_device() || ft.is_fifo() || ft.is_socket() {
                // Written in place, as a shell redirection would (a FIFO waits for a reader).
                return open_in_place(path, false);
            }
            if path.starts_with("/dev") || path.starts_with("/proc") {
                // /dev/stdout or /dev/fd/N naming a regular file: that open file, not a
                // replacement (which would break `>>` and the caller's file position).
                if fd_is(m, io::stdout().as_fd()) {
                    return Ok(Sink::Stdout(io::stdout()));
                }
                return open_in_place(path, true);
            }
            if m.permissions().mode() & 0o222 == 0 {
                return Err(format!(
                    "refusing to replace {shown}: it is read-only (mode {:o})",
                    m.permissions().mode() & 0o7777
                ));
            }
        }
        let target = resolve_links(path)?;
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            return Err(format!(
                "cannot write {shown}: directory {} does not exist",
                dir.display()
            ));
        }
        let file_name = target
            .file_name()
            .ok_or_else(|| format!("cannot write {shown}: not a file name"))?
            .to_string_lossy()
            .into_owned();
        install_cleanup()?;
        let (file, tmp) = new_temp(&dir, &file_name).map_err(|e| {
            format!(
                "cannot write {shown}: cannot create a file in {}: {e}",
                dir.display()
            )
        })?;
        if let Some(m) = &meta {
            // The replacement keeps the old file's owner where allowed (first: a change of
            // owner clears set-id bits) and its mode.
            let _ = std::os::unix::fs::fchown(&file, Some(m.uid()), Some(m.gid()));
            let kept =
                file.set_permissions(std::fs::Permissions::from_mode(m.permissions().mode()));
            if let Err(e) = kept {
                drop(file);
                let _ = std::fs::remove_file(&tmp);
                unregister(&tmp);
                return Err(format!("cannot write {shown}: {e}"));
            }
        }
        Ok(Sink::Atomic { file, tmp, target })
    }

    /// Where scratch files that belong with this output go: its directory for a file
    /// written atomically (the same file system, where its space is anyway), else the
    /// temporary directory.
    pub fn scratch_dir(&self) -> PathBuf {
        match self.w.get_ref() {
            Sink::Atomic { tmp, .. } => tmp
                .parent()
                .map_or_else(std::env::temp_dir, Path::to_path_buf),
            _ => std::env::temp_dir(),
        }
    }

    /// The name shown in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the output is a terminal (binary data should not go there).
    pub fn is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        match self.w.get_ref() {
            Sink::Stdout(s) => s.is_terminal(),
            Sink::Direct(f) => f.is_terminal(),
            Sink::Atomic { .. } => false,
        }
    }

    /// Write everything; a closed standard output (`| head`) is not an error.
    pub fn write_all_or_closed(&mut self, data: &[u8]) -> Result<(), String> {
        match self.w.write_all(data) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            r => r.map_err(|e| format!("cannot write {}: {e}", self.name)),
        }
    }

    /// Finish: flush, and for a regular file make it durable and rename it into place.
    pub fn commit(mut self) -> Result<(), String> {
        let name = self.name.clone();
        let err = |e: io::Error| format!("cannot write {name}: {e}");
        match self.w.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
            r => r.map_err(err)?,
        }
        if let Sink::Atomic { file, tmp, target } = self.w.get_ref() {
            file.sync_all().map_err(err)?;
            // Under the lock, so the signal thread sees either the temporary or none.
            let mut list = temps();
            std::fs::rename(tmp, target).map_err(err)?;
            if let Some(i) = list.iter().position(|t| t == tmp) {
                list.swap_remove(i);
            }
        }
        self.committed = true;
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Sink::Atomic { tmp, .. } = self.w.get_ref() {
            if !self.committed {
                let _ = std::fs::remove_file(tmp);
                unregister(tmp);
            }
        }
    }
}

/// Open, write `data`, commit: for outputs whose content exists before they are opened.
pub fn write_file(path: &Path, data: &[u8], inputs: &[&Path]) -> Result<(), String> {
    let mut o = Output::open(path, inputs)?;
    o.write_all_or_closed(data)?;
    o.commit()
}

/// Write to standard output; a closed pipe (e.g. `| head`) is not an error.
pub fn write_stdout(b: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(b).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| format!("cannot write output: {e}")),
    }
}
