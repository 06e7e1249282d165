//! The line table records where relative source names are relative to, and readers find
//! the sources from there; the names themselves read back as written.

use std::path::PathBuf;
use warpkit_asm::{assemble, AsmOptions};
use warpkit_object::dwarf::{self, line_paths, source_paths, write_in};
use warpkit_object::{read, CodeObject};
use warpkit_object::{LineTable, SourceLine};

fn table() -> LineTable {
    use warpkit_asm::lines::LineRow;
    let row = |offset, file, line| LineRow {
        offset,
        size: 4,
        file,
        line,
    };
    LineTable::new(
        vec!["k.s".into(), "/abs/h.s".into(), "inc/m.inc".into()],
        vec![row(0, 0, 3), row(4, 1, 7), row(8, 2, 2)],
    )
}

#[test]
fn relative_names_sit_under_the_recorded_directory() {
    let t = table();
    let dl = write_in(&t, 12, Some("/build/here")).unwrap();
    let back = dwarf::read(&dl, 12).unwrap();
    assert_eq!(back.files, t.files);
    assert_eq!(
        back.line_of(8),
        Some(SourceLine {
            file: "inc/m.inc",
            line: 2
        })
    );
    assert_eq!(
        line_paths(&dl),
        [
            ("k.s".to_string(), PathBuf::from("/build/here/k.s")),
            (
                "inc/m.inc".to_string(),
                PathBuf::from("/build/here/inc/m.inc")
            ),
        ]
    );
    // Without a directory (or with one gimli could not write) nothing is relative to one.
    for dir in [None, Some(""), Some("a\0b")] {
        let dl = write_in(&t, 12, dir).unwrap();
        assert!(line_paths(&dl).is_empty(), "{dir:?}");
        assert_eq!(dwarf::read(&dl, 12).unwrap().files, t.files);
    }
    // Bad DWARF gives no paths, not a panic.
    assert!(line_paths(&dl[..dl.len() / 2]).is_empty());
    assert!(line_paths(&[0xff; 7]).is_empty());
}

#[test]
fn an_object_records_the_directory_it_was_written_in() {
    let u = assemble(
        "    .kernel k\n    movi v1, 1\n    .end_kernel\n",
        &AsmOptions::object("t.s"),
    )
    .unwrap();
    let elf = CodeObject::from_unit(u).to_elf().unwrap();
    let cwd = std::env::current_dir().unwrap();
    assert_eq!(source_paths(&elf), [("t.s".to_string(), cwd.join("t.s"))]);
    assert_eq!(read("t.o", &elf).unwrap().lines.files, ["t.s"]);
    assert!(source_paths(b"not an ELF file").is_empty());
}
