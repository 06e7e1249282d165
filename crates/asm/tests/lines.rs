//! The line table of an assembled file: one row per instruction and data item, at the line
//! the assembler placed it from; lookups both ways.

use warpkit_asm::{assemble, AsmOptions, LineRow, LineTable, SourcePos};

fn row(offset: u32, size: u32, line: u32) -> LineRow {
    LineRow {
        offset,
        size,
        file: 0,
        line,
    }
}

#[test]
fn every_item_has_the_line_it_came_from() {
    let src = "; a comment\n\nstart:\n  mov v1, v0\n  mov.vl v2, 0x12345\n.align 16\n\
               .word 1, 2\nend: add v3, v3, v3\n";
    let a = assemble(
        src,
        &AsmOptions {
            lines: true,
            ..AsmOptions::named("p.s")
        },
    )
    .unwrap();
    let t = a.line_table();
    assert_eq!(a.code, assemble(src, &Default::default()).unwrap().code);
    let mov = assemble("mov v1, v0\n", &Default::default())
        .unwrap()
        .code
        .len() as u32;
    let movl = assemble("mov.vl v2, 0x12345\n", &Default::default())
        .unwrap()
        .code
        .len() as u32;
    let add = assemble("add v3, v3, v3\n", &Default::default())
        .unwrap()
        .code
        .len() as u32;
    let data = (mov + movl).next_multiple_of(16);
    assert_eq!(t.files, ["p.s"]);
    assert_eq!(
        t.rows,
        [
            row(0, mov, 4),
            row(mov, movl, 5),
            row(data, 8, 7),
            row(data + 8, add, 8),
        ]
    );
    // Inside an item and after it.
    assert_eq!(t.line_of(mov + 1).map(|l| l.line), Some(5));
    assert_eq!(t.line_of(data + 8 + add), None);
    assert_eq!(
        t.pos_of(mov + 1),
        Some(SourcePos {
            file: "p.s".into(),
            line: 5
        })
    );
    assert_eq!(t.offsets_of(None, 7), [data]);
    assert_eq!(t.offsets_of(Some("dir/p.s"), 8), [data + 8]);
    assert_eq!(t.offsets_of(Some("q.s"), 8), Vec::<u32>::new());
    assert_eq!(t.offset_of("p.s", 4), Some(0));
    assert!(t.has_file("p.s") && t.has_file("/x/p.s") && !t.has_file("xp.s"));
}

#[test]
fn lines_count_like_an_editor() {
    // A byte-order mark, CRLF line ends and a last line without a newline.
    let t = assemble(
        "\u{feff}mov v1, v0\r\n\r\nadd v3, v3, v3",
        &AsmOptions {
            lines: true,
            ..AsmOptions::named("w.s")
        },
    )
    .unwrap()
    .line_table();
    assert_eq!(t.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 3]);
    let e = assemble(
        "mov v1, v0\nbogus v1\n",
        &AsmOptions {
            lines: true,
            ..AsmOptions::named("w.s")
        },
    )
    .unwrap_err();
    assert_eq!(e.files[0].name, "w.s");
    assert_eq!(e.list[0].line, 2);
    // Without `lines` there is no table.
    let a = assemble("mov v1, v0\n", &AsmOptions::named("w.s")).unwrap();
    assert!(a.lines.is_empty() && a.line_table().is_empty());
}

#[test]
fn tables_built_from_rows_are_ordered_and_checked() {
    let t = LineTable::new(
        vec!["a.s".into()],
        vec![
            row(8, 4, 3),
            row(0, 8, 1),
            row(0, 8, 2),
            LineRow {
                file: 5,
                ..row(4, 4, 9)
            },
        ],
    );
    // Sorted, one row per offset (the lowest line), rows naming no file dropped.
    assert_eq!(t.rows, [row(0, 8, 1), row(8, 4, 3)]);
    assert_eq!(t.row_of(9), Some(row(8, 4, 3)));
    assert_eq!(t.row_of(100), Some(row(8, 4, 3)));
    assert_eq!(t.line_of(100), None);
    assert!(LineTable::default().is_empty() && LineTable::default().pos_of(0).is_none());
}
