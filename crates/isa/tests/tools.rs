//! The tools for ISA authors over tables read at run time: `isa check` (soundness and
//! overlaps, each at its line with its class and a word both variants decode), the encoding
//! space (`isa map`, `isa free`) against a count made from the manual chapters, and `isa diff`.

use warpkit_isa::parse::{self, Database, Problem, RowDef};
use warpkit_isa::{diff, space, SOURCE};
use warpkit_raster::{colour_at as px, rasterise};

fn table(extra: &str) -> (String, Database) {
    let text = format!("{SOURCE}{extra}");
    let db = parse::parse(&text).expect("parses");
    (text, db)
}

/// Line number (1-based) of the first line of `text` starting with `start`.
fn line_of(text: &str, start: &str) -> usize {
    1 + text
        .lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start}"))
}

fn row<'a>(db: &'a Database, m: &str) -> &'a RowDef {
    db.rows.iter().find(|r| r.mnemonic == m).expect("row")
}

/// Whether `word` carries `r`'s opcode and function code, read straight from the word with
/// the format's field positions (not with the masks the checker uses).
fn decodes_as(db: &Database, r: &RowDef, word: u64) -> bool {
    let f = db.formats.iter().find(|f| f.name == r.format).unwrap();
    let funct_ok = match (&r.funct, f.funct()) {
        (Some((_, v)), Some(fd)) => {
            (word >> fd.lo) & ((1 << fd.width()) - 1) == (*v as u64) & ((1 << fd.width()) - 1)
        }
        _ => true,
    };
    let reserved_ok = f
        .fields
        .iter()
        .filter(|fd| fd.name == "reserved")
        .all(|fd| (word >> fd.lo) & ((1u64 << fd.width()) - 1) == 0);
    word & 0x7f == r.opcode as u64 && funct_ok && reserved_ok
}

fn only(problems: &[Problem], class: &str) -> Vec<Problem> {
    problems
        .iter()
        .filter(|p| p.class == class)
        .cloned()
        .collect()
}

#[test]
fn the_shipped_database_is_clean() {
    let db = parse::parse(SOURCE).unwrap();
    assert_eq!(parse::problems(&db), Vec::new());
}

/// The problem of `class` at the proposed row `m`: its line, the class, and an example word
/// that both `m` and `other` decode.
fn assert_overlap(extra: &str, m: &str, other: &str, class: &str) {
    let (text, db) = table(extra);
    let ps = parse::problems(&db);
    let hits: Vec<&Problem> = ps
        .iter()
        .filter(|p| p.subject == m && p.class == class)
        .collect();
    assert!(!hits.is_empty(), "no {class} for {m}: {ps:#?}");
    let p = hits
        .iter()
        .find(|p| {
            p.related
                .as_ref()
                .is_some_and(|r| r.line == row(&db, other).line)
        })
        .unwrap_or_else(|| panic!("no {class} of {m} with {other}: {hits:#?}"));
    assert_eq!(p.line, line_of(&text, m));
    let word = p.example.expect("an example word");
    assert!(decodes_as(&db, row(&db, m), word), "{m} {word:#x}");
    assert!(decodes_as(&db, row(&db, other), word), "{other} {word:#x}");
    // The column is the function code's cell, as written.
    let line = text.lines().nth(p.line - 1).unwrap();
    let at: String = line.chars().skip(p.span.col - 1).take(p.span.len).collect();
    assert!(at.starts_with('f'), "{at:?}");
}

const GROUP: &str = "@group proposed chapter=6.1 unit=valu-int proposed rows\n";

#[test]
fn a_duplicate_encoding_is_identical() {
    let extra = format!("{GROUP}dupadd | R | 0x02 | f4=0x0 | fixed:4 | rd:v rs1:v rs2:v | - | rs1 rs2 exec | rd | d = s1 + s2\n");
    assert_overlap(&extra, "dupadd", "add", "overlap-identical");
}

#[test]
fn a_wider_function_code_field_on_a_shared_opcode_is_a_subset() {
    // RU's f5 is f4 plus bit 11: f5=0x11 takes half of the words of f4=0x1 (sub).
    let extra = format!("{GROUP}subadd | RU | 0x02 | f5=0x11 | fixed:4 | rd:v rs1:v rs2:u | - | rs1 rs2 exec | rd | d = s1 + u2\n");
    assert_overlap(&extra, "subadd", "sub", "overlap-subset");
    let (_, db) = table(&extra);
    assert!(parse::problems(&db)
        .iter()
        .any(|p| p.class == "opcode" && p.subject == "subadd"));
}

#[test]
fn a_narrower_function_code_is_a_superset() {
    // The earlier row has the wider field: the later one takes all of its words and more.
    let extra = format!(
        "{GROUP}wideop | RU | 0x7c | f5=0x13 | fixed:4 | rd:v rs1:v rs2:u | - | rs1 rs2 exec | rd | d = s1 + u2\n\
         narrowop | R | 0x7c | f4=0x3 | fixed:4 | rd:v rs1:v rs2:v | - | rs1 rs2 exec | rd | d = s1 + s2\n"
    );
    assert_overlap(&extra, "narrowop", "wideop", "overlap-superset");
}

#[test]
fn function_codes_in_different_bits_overlap_partially() {
    let extra = format!(
        "@format Q 32 op[6:0] rd:v[13:7] f4[17:14] rs1:v[24:18] rs2:v[31:25]\n{GROUP}\
         partadd | Q | 0x02 | f4=0x3 | fixed:4 | rd:v rs1:v rs2:v | - | rs1 rs2 exec | rd | d = s1 + s2\n"
    );
    assert_overlap(&extra, "partadd", "orn", "overlap-partial");
    let (_, db) = table(&extra);
    // It shares words with every R variant of opcode 0x02.
    let n = only(&parse::problems(&db), "overlap-partial").len();
    assert_eq!(
        n,
        db.rows
            .iter()
            .filter(|r| r.opcode == 2 && r.format == "R")
            .count()
    );
}

#[test]
fn a_field_wider_than_its_slot_is_reported_where_it_is_written() {
    // A function code past its field: the decoder reads its low bits, which zs.test.zs has.
    let extra = format!("{GROUP}zs.test.x | R | 0x5c | f4=0x12 | async:ls | rd:v rs1:v rs2:v | fo | rs1 rs2 exec | rd | d = mask\n");
    let (text, db) = table(&extra);
    let ps = parse::problems(&db);
    let wide = only(&ps, "field-width");
    assert_eq!(wide.len(), 1, "{ps:#?}");
    assert_eq!(wide[0].line, line_of(&text, "zs.test.x"));
    assert!(
        wide[0].message.contains("wider than f4"),
        "{}",
        wide[0].message
    );
    assert_overlap(&extra, "zs.test.x", "zs.test.zs", "overlap-identical");
    // An operand type wider than its field, at the operand's own column.
    let extra = format!("{GROUP}addw.vi | I8 | 0x7c | f3=0x0 | fixed:4 | rd:v rs1:v imm:s10 | - | rs1 exec | rd | d = s1 + sext(imm)\n");
    let (text, db) = table(&extra);
    let wide = only(&parse::problems(&db), "field-width");
    assert_eq!(wide.len(), 1);
    let line = text.lines().nth(wide[0].line - 1).unwrap();
    let at: String = line
        .chars()
        .skip(wide[0].span.col - 1)
        .take(wide[0].span.len)
        .collect();
    assert_eq!(at, "imm:s10");
}

#[test]
fn a_bit_assigned_twice_names_both_fields_and_a_word_with_that_bit() {
    let extra = "@format RX 32 op[6:0] f5[11:7] rd:v[17:11] rs1:v[24:18] rs2:v[31:25]\n";
    let (text, db) = table(extra);
    let ps = only(&parse::problems(&db), "bit-twice");
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert_eq!(ps[0].line, line_of(&text, "@format RX"));
    assert!(ps[0].message.contains("f5 and rd"), "{}", ps[0].message);
    assert_eq!(ps[0].example, Some(1 << 11));
    let line = text.lines().nth(ps[0].line - 1).unwrap();
    let at: String = line
        .chars()
        .skip(ps[0].span.col - 1)
        .take(ps[0].span.len)
        .collect();
    assert_eq!(at, "rd:v[17:11]");
}

#[test]
fn a_new_variant_in_a_slot_isa_free_offers_passes_check() {
    let base = parse::parse(SOURCE).unwrap();
    for (format, ops, acc) in [
        ("R", "rd:v rs1:v rs2:v", "rs1 rs2 exec"),
        ("X", "rd:v rs1:v rs2:v rs3:v", "rs1 rs2 rs3 exec"),
        ("I8", "rd:v rs1:v imm:s8", "rs1 exec"),
    ] {
        let runs = space::free(&base, format).unwrap();
        // The smallest pair on an opcode the format has, and the smallest on a new opcode.
        for run in [
            runs.iter().find(|r| !r.new_opcode),
            runs.iter().find(|r| r.new_opcode),
        ]
        .into_iter()
        .flatten()
        {
            let f = base.formats.iter().find(|f| f.name == format).unwrap();
            let fname = &f.funct().unwrap().name;
            let extra = format!(
                "{GROUP}proposed.{} | {format} | 0x{:02x} | {fname}=0x{:x} | fixed:4 | {ops} | - | {acc} | rd | d = new\n",
                format.to_lowercase(),
                run.opcode,
                run.first
            );
            let (_, db) = table(&extra);
            assert_eq!(parse::problems(&db), Vec::new(), "{extra}");
            // And the slot is no longer offered.
            let after = space::free(&db, format).unwrap();
            assert!(!after
                .iter()
                .any(|r| r.opcode == run.opcode && r.first <= run.first && run.first <= r.last));
        }
    }
}

#[test]
fn a_format_without_room_says_why() {
    // Take every even opcode with LI variants: no free slot for another LI.
    let base = parse::parse(SOURCE).unwrap();
    let mut extra = String::from(GROUP);
    for r in space::free(&base, "LI").unwrap() {
        extra.push_str(&format!(
            "li.{:02x} | LI | 0x{:02x} | - | fixed:4 | rd:v imm:s18 | - | exec | rd | d = imm\n",
            r.opcode, r.opcode
        ));
    }
    let (_, db) = table(&extra);
    let e = space::free(&db, "LI").unwrap_err();
    assert!(e.contains("no function code") && e.contains("even"), "{e}");
    assert!(space::free(&db, "NOPE")
        .unwrap_err()
        .contains("no format NOPE"));
}

/// The committed count from the manual chapters (tools/isa_space_check.py --write; CI
/// checks it against the chapters when they are present).
#[test]
fn map_and_free_agree_with_the_count_from_the_manual_chapters() {
    let want: serde_json::Value =
        serde_json::from_str(include_str!("data/seed_space.json")).unwrap();
    let db = parse::parse(SOURCE).unwrap();
    let slots = space::map(&db);
    let used: Vec<serde_json::Value> = slots
        .iter()
        .filter(|s| s.format.is_some())
        .map(|s| {
            serde_json::json!({"opcode": s.opcode, "format": s.format, "used": s.used.len(),
                "capacity": s.capacity(), "free": s.free()})
        })
        .collect();
    assert_eq!(serde_json::Value::from(used), want["opcodes"]);
    for t in space::totals(&db, &slots) {
        let w = &want["formats"][&t.format];
        assert_eq!(w["opcodes"], t.opcodes, "{}", t.format);
        assert_eq!(w["variants"], t.variants, "{}", t.format);
        assert_eq!(w["capacity"], t.capacity, "{}", t.format);
        assert_eq!(w["free"], t.free, "{}", t.format);
        // isa free: the format's free values plus every free opcode of its size.
        let size = if t.bits == 64 { "64" } else { "32" };
        let per_opcode = db
            .formats
            .iter()
            .find(|f| f.name == t.format)
            .and_then(|f| f.funct())
            .map_or(1, |fd| 1u64 << fd.width());
        let expect = t.free + want["free_opcodes"][size].as_u64().unwrap() * per_opcode;
        let got: u64 = space::free(&db, &t.format)
            .unwrap()
            .iter()
            .map(|r| r.count())
            .sum();
        assert_eq!(got, expect, "{}", t.format);
    }
    let json = space::map_json(&db);
    assert_eq!(json["free_opcodes"], want["free_opcodes"]);
}

#[test]
fn the_map_svg_renders_each_slot_by_format_and_occupancy() {
    let db = parse::parse(SOURCE).unwrap();
    let pic = rasterise(&space::map_svg(&db));
    let cell = |op: u32, fx: f64, fy: f64| {
        let (row, col) = (op / 8, op % 8);
        (
            space::MARGIN_X + col * space::CELL_W + 2 + ((space::CELL_W - 4) as f64 * fx) as u32,
            space::MARGIN_Y + row * space::CELL_H + 2 + ((space::CELL_H - 4) as f64 * fy) as u32,
        )
    };
    let slots = space::map(&db);
    let fi = |name: &str| db.formats.iter().position(|f| f.name == name).unwrap();
    // The legend swatch of a format (row of six, 128 px apart).
    let swatch = |name: &str| {
        let i = fi(name) as u32;
        let ly = space::MARGIN_Y + 16 * space::CELL_H + 8;
        px(
            &pic,
            space::MARGIN_X + (i % 6) * 128 + 6,
            ly + (i / 6) * 20 + 6,
        )
    };
    for s in &slots {
        let (x, y) = cell(s.opcode, 0.9, 0.99);
        let bottom = px(&pic, x, y);
        match &s.format {
            None => assert_eq!(bottom, (0xee, 0xee, 0xee), "free 0x{:02x}", s.opcode),
            Some(f) => {
                assert_eq!(bottom, swatch(f), "0x{:02x} bottom", s.opcode);
                let (x, y) = cell(s.opcode, 0.9, 0.1);
                let top = px(&pic, x, y);
                // Full opcodes are filled to the top; mostly empty ones are white there.
                if s.free() == 0 {
                    assert_eq!(top, swatch(f), "0x{:02x} top", s.opcode);
                } else if s.used.len() as u64 * 4 < s.capacity() {
                    assert_eq!(top, (255, 255, 255), "0x{:02x} top", s.opcode);
                }
            }
        }
    }
    // Formats are told apart by colour.
    assert_ne!(swatch("R"), swatch("X"));
}

fn edit(text: &str, start: &str, f: impl Fn(&str) -> String) -> String {
    let mut found = false;
    let out: Vec<String> = text
        .lines()
        .filter_map(|l| {
            if l.starts_with(start) && !found {
                found = true;
                let n = f(l);
                (!n.is_empty()).then_some(n)
            } else {
                Some(l.to_string())
            }
        })
        .collect();
    assert!(found, "{start}");
    out.join("\n") + "\n"
}

fn cells(l: &str) -> Vec<String> {
    l.splitn(10, '|').map(|c| c.trim().to_string()).collect()
}

fn set(l: &str, k: usize, v: &str) -> String {
    let mut c = cells(l);
    c[k] = v.to_string();
    c.join(" | ")
}

#[test]
fn isa_diff_names_each_change_and_fails_on_a_moved_opcode() {
    let old = parse::parse(SOURCE).unwrap();
    let lat = edit(SOURCE, "xnor ", |l| set(l, 4, "fixed:6"));
    let ren = edit(SOURCE, "orn ", |l| set(l, 0, "ornot"));
    let mov = edit(SOURCE, "mulwu ", |l| set(l, 2, "0x7c"));
    let rem = edit(SOURCE, "fmed3.f32 ", |_| String::new());
    let d = |t: &str| diff::diff(&old, &parse::parse(t).unwrap());

    let l = d(&lat);
    assert_eq!(l.changed.len(), 1);
    assert_eq!(
        (l.changed[0].mnemonic.as_str(), l.changed[0].what),
        ("xnor", "latency")
    );
    assert_eq!(
        (l.changed[0].old.as_str(), l.changed[0].new.as_str()),
        ("fixed:4", "fixed:6")
    );
    assert!(l.compatible());

    let r = d(&ren);
    assert_eq!(r.renamed, vec![("orn".to_string(), "ornot".to_string())]);
    assert!(r.added.is_empty() && r.removed.is_empty());
    assert!(
        r.compatible(),
        "same encoding and operands: old words decode the same"
    );

    let m = d(&mov);
    assert_eq!(m.changed.len(), 1);
    assert_eq!(m.changed[0].what, "encoding");
    assert_eq!(m.changed[0].new, "R opcode 0x7c f4=0xf");
    assert!(!m.compatible());
    assert_eq!(m.incompatible.len(), 1);
    assert_eq!(m.incompatible[0].old, "mulwu");
    let w = m.incompatible[0].word;
    assert!(decodes_as(&old, row(&old, "mulwu"), w));

    let x = d(&rem);
    assert_eq!(x.removed, vec!["fmed3.f32".to_string()]);
    assert!(!x.compatible(), "its words no longer decode");

    // All four at once: each named, and not compatible.
    let all = edit(
        &edit(&edit(&lat, "orn ", |l| set(l, 0, "ornot")), "mulwu ", |l| {
            set(l, 2, "0x7c")
        }),
        "fmed3.f32 ",
        |_| String::new(),
    );
    let a = d(&all);
    let text = diff::text(&a);
    for want in [
        "changed    xnor latency: fixed:4 -> fixed:6",
        "renamed    orn -> ornot",
        "changed    mulwu encoding: R opcode 0x04 f4=0xf -> R opcode 0x7c f4=0xf",
        "removed    fmed3.f32",
        "INCOMPATIBLE: 2 variants",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
    // A new variant taking the moved one's old slot: those words now decode as it.
    let taken = format!("{mov}{GROUP}newmul | R | 0x04 | f4=0xf | fixed:4 | rd:v rs1:v rs2:v | - | rs1 rs2 exec | rd | d = s1 * s2\n");
    let t = d(&taken);
    assert_eq!(t.incompatible[0].new.as_deref(), Some("newmul"));
    assert!(diff::diff(&old, &old).compatible());
    assert_eq!(
        diff::text(&diff::diff(&old, &old)).lines().next(),
        Some("no differences")
    );
}

#[test]
fn malformed_tables_give_problems_not_panics() {
    let bad = [
        "",
        "@format\n",
        "@format Z\n",
        "@format Z 4294967295 op[6:0]\n",
        "@format Z 64 op[6:0] f64[63:0]\n@group g chapter=7 unit=x t\nz | Z | 0x01 | f64=0xffffffff | fixed:4 | - | - | - | - | x\n",
        "@format Z 32 op[6:0] f40[39:0]\n@group g chapter=7 unit=x t\nz | Z | 0x02 | f40=0x1 | fixed:4 | - | - | - | - | x\n",
        "@format Z 32 op[99:0]\n",
        "@format Z 32 op[6:0] x[3:9]\n",
        "@group g chapter=7 unit=x t\nz | Q | 0xfff | - | fixed:999 | rd:zz | nope | rd | rd | x\n",
        "@group g chapter=7 unit=x t\nz | | | | | | | | |\n",
        "z | R | 0x02 | - | fixed:4 | - | - | - | - | x\n",
        "@group g chapter=7 unit=x t\nz | R | 0x02 | f4=0xzz | fixed:4 | - | - | - | - | x\n",
        "@group g chapter=7 unit=x t\nü | R | 0x02 | f4=0x1 | fixed:4 | rd:v | - | exec | rd | ü|ü|ü\n",
    ];
    for text in bad {
        let (db, mut problems) = parse::parse_all(text);
        problems.extend(parse::problems(&db));
        if !text.is_empty() {
            assert!(!problems.is_empty(), "{text:?}");
        }
        for p in &problems {
            assert!(p.line >= 1 && p.span.col >= 1, "{text:?}: {p:?}");
        }
        let _ = space::map_text(&db);
        let _ = space::map_svg(&db);
        let _ = space::map_json(&db);
        for f in &db.formats {
            let _ = space::free(&db, &f.name);
        }
        let _ = diff::text(&diff::diff(&db, &parse::parse(SOURCE).unwrap()));
    }
}
