//! Code memory: every compiled block in its own mapping, written while read+write and then
//! made read+execute before it is ever called, so no page is writable and executable at
//! once (W^X). A page that runs is never written again: other threads may be executing
//! any block at any time. Bounded by a cap (a block that would pass it is refused), and
//! unmapped when the [`CodeMem`] is dropped (with the `Jit`, so with the `Sim`).

use std::sync::Mutex;

/// The mappings made so far and their total size.
pub(crate) struct CodeMem {
    maps: Mutex<Vec<(usize, usize)>>,
    cap: usize,
}

/// Why code could not be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CodeError {
    /// The cap on code memory would be passed.
    Cap,
    /// mmap/mprotect failed.
    Os,
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

impl CodeMem {
    pub(crate) fn new(cap: usize) -> CodeMem {
        CodeMem {
            maps: Mutex::new(Vec::new()),
            cap,
        }
    }

    /// Bytes mapped for code.
    pub(crate) fn used(&self) -> usize {
        self.maps
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|m| m.1)
            .sum()
    }

    /// Place `code` in a new read+execute mapping; its address.
    pub(crate) fn place(&self, code: &[u8]) -> Result<*const u8, CodeError> {
        let page = page_size();
        let len = code.len().max(1).div_ceil(page) * page;
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        let used: usize = maps.iter().map(|m| m.1).sum();
        if used + len > self.cap {
            return Err(CodeError::Cap);
        }
        // SAFETY: an anonymous private mapping; checked for failure below.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(CodeError::Os);
        }
        // SAFETY: `p` is a fresh writable mapping of `len >= code.len()` bytes.
        unsafe { std::ptr::copy_nonoverlapping(code.as_ptr(), p as *mut u8, code.len()) };
        // SAFETY: `p`/`len` is the mapping just made.
        if unsafe { libc::mprotect(p, len, libc::PROT_READ | libc::PROT_EXEC) } != 0 {
            // SAFETY: as above; never executed.
            unsafe { libc::munmap(p, len) };
            return Err(CodeError::Os);
        }
        maps.push((p as usize, len));
        Ok(p as *const u8)
    }
}

impl Drop for CodeMem {
    fn drop(&mut self) {
        let maps = self.maps.get_mut().unwrap_or_else(|e| e.into_inner());
        for &(p, len) in maps.iter() {
            // SAFETY: each entry is a mapping this value made; nothing can run it any
            // more (the blocks that point into it are dropped with the `Jit`).
            unsafe { libc::munmap(p as *mut libc::c_void, len) };
        }
    }
}
