//! Progress of `gen` and `cover` (`cover merge` and `gen --toward` share the code) in a real terminal (tmux): items done of
//! all, rate and time left; Ctrl-C there keeps what is finished (whole programs with their
//! state files, a valid partial database) and exits 130. With standard error in a file
//! there is no progress line. `.ci/run` installs tmux; where it is missing the terminal
//! tests say so and do nothing.

mod common;

use common::tmux::{wait_file, warpkit_terminal, Tmux};
use common::{no_temporaries, run};
use std::path::Path;

/// `warpkit ARGS` in a terminal in `dir` (`rc.txt` gets the exit status).
fn terminal(dir: &Path, args: &str, name: &str) -> Option<Tmux> {
    warpkit_terminal(dir, args, &format!("cover-progress-{name}"), 200)
}

/// The items done on a progress line (`00:00:02 [===>  ] 123/1000000 programs, 61/s, 4h left ...`).
fn progress_done(screen: &str, what: &str) -> Option<u64> {
    let line = screen.lines().find(|l| l.contains(&format!(" {what}, ")))?;
    if !line.contains("/s, ") || !line.contains(" left") {
        return None;
    }
    let before = &line[..line.find(&format!(" {what}, "))?];
    let frac = before.rsplit(' ').next()?;
    frac.split('/').next()?.parse().ok()
}

fn programs_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn gen_and_cover_show_progress_and_ctrl_c_keeps_the_work() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    // gen: a million programs, stopped by Ctrl-C once the count has grown.
    let Some(t) = terminal(p, "gen --seed 3 --count 1000000 -o w", "gen") else {
        return;
    };
    let s = t.wait("gen's progress line", |s| {
        progress_done(s, "programs").is_some()
    });
    assert!(s.contains("/1000000 programs"), "{s}");
    assert!(s.contains("Ctrl-C stops and keeps what is done"), "{s}");
    let first = progress_done(&s, "programs").unwrap();
    t.wait("the count to grow", |s| {
        progress_done(s, "programs").is_some_and(|n| n > first + 100)
    });
    t.keys(&["C-c"]);
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=130");
    drop(t);
    let files = programs_in(&p.join("w"));
    let n = files.iter().filter(|f| f.ends_with(".s")).count();
    assert!(n > first as usize && n < 1_000_000, "{n}");
    // Whole programs, each with its state file, numbered from 0 with no gap.
    assert_eq!(files.len(), 2 * n, "{:?}", &files[files.len() - 4..]);
    assert!(files.contains(&format!("{:04}.s", n - 1)));
    assert!(files.contains(&format!("{:04}.state.json", n - 1)));
    no_temporaries(&p.join("w"));
    std::fs::remove_file(p.join("rc.txt")).unwrap();

    // cover: the directory ten times over, stopped by Ctrl-C: a valid database of the
    // programs run to the end.
    let dirs = ["w"; 10].join(" ");
    let Some(t) = terminal(p, &format!("cover {dirs} -o part.json"), "cover") else {
        return;
    };
    let s = t.wait("cover's progress line", |s| {
        progress_done(s, "programs").is_some()
    });
    assert!(s.contains(&format!("/{} programs", 10 * n)), "{s}");
    t.keys(&["C-c"]);
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=130");
    let screen = t.wait("the note", |s| s.contains("interrupted after"));
    assert!(
        screen.contains("programs covered; the database written holds them"),
        "{screen}"
    );
    drop(t);
    let db: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p.join("part.json")).unwrap()).unwrap();
    let done = db["programs"].as_u64().unwrap();
    assert!(done > 0 && done < 10 * n as u64, "{done} of {}", 10 * n);
    let r = run(&["cover", "report", "part.json"], p);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.text().contains(&format!("from {done} programs")),
        "{}",
        r.text()
    );
    no_temporaries(p);
}

/// Standard error into a file: no progress line, no terminal control in it.
#[test]
fn no_progress_when_standard_error_is_a_file() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let Some(t) = terminal(p, "gen --seed 4 --count 3000 -o w 2> err.txt", "file") else {
        return;
    };
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=0");
    drop(t);
    std::fs::remove_file(p.join("rc.txt")).unwrap();
    let Some(t) = terminal(p, "cover w w w -o c.json 2>> err.txt", "file2") else {
        return;
    };
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=0");
    let s = t.screen();
    assert!(progress_done(&s, "programs").is_none(), "{s}");
    drop(t);
    let err = std::fs::read_to_string(p.join("err.txt")).unwrap();
    assert!(
        err.is_empty(),
        "nothing on standard error off a terminal: {err:?}"
    );
}

#[test]
fn shrink_shows_tests_run_and_ctrl_c_keeps_the_smallest_case() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let mut prog = String::new();
    for k in 0..150 {
        prog.push_str(&format!("add v{}, v2, v3\n", 1 + k % 8));
        if k == 75 {
            prog.push_str("fadd.f32 v4, v5, v6\n");
        }
    }
    std::fs::write(p.join("p.s"), &prog).unwrap();
    std::fs::write(p.join("p.state.json"), "{}").unwrap();
    let test = "sleep 0.05; grep -q fadd \\\"\\$WARPKIT_PROGRAM\\\"";
    let args = format!("shrink p.s --state p.state.json --test \"{test}\"");
    let Some(t) = terminal(p, &args, "shrink") else {
        return;
    };
    let line = |s: &str| {
        s.lines()
            .find(|l| l.contains(" tests, ") && l.contains("/s (Ctrl-C stops"))
            .map(str::to_string)
    };
    t.wait("shrink's progress line", |s| line(s).is_some());
    t.keys(&["C-c"]);
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=130");
    let s = t.wait("the note", |s| s.contains("interrupted;"));
    assert!(s.contains("smallest interesting case found"), "{s}");
    drop(t);
    // The case written is interesting and no bigger than the input.
    let min = std::fs::read_to_string(p.join("p.min.s")).unwrap();
    assert!(min.contains("fadd.f32"), "{min}");
    assert!(min.lines().count() <= prog.lines().count());
    assert!(p.join("p.min.state.json").is_file());
    no_temporaries(p);
}
