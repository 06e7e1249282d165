//! The linker's errors name what to fix.

use warpkit_asm::{assemble, AsmOptions};
use warpkit_object::{link, CodeObject, LinkInput};

fn input(name: &str, src: &str) -> LinkInput {
    let u = assemble(src, &AsmOptions::object(&name.replace(".o", ".s"))).unwrap();
    LinkInput {
        name: name.into(),
        object: CodeObject::from_unit(u),
    }
}

#[test]
fn an_undefined_global_defined_locally_elsewhere_names_that_object() {
    let a = input("a.o", ".kernel k\n  jal u62, helper\n  .end_kernel\n");
    let b = input("b.o", "helper:\n  jr u62, 0\n");
    let errs = link(&[a, b], None).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    let e = &errs[0];
    assert!(
        e.contains("undefined symbol `helper`, referenced by a.o (.text+0x0)"),
        "{e}"
    );
    assert!(
        e.contains("b.o defines `helper` as a local symbol (add `.globl helper` there)"),
        "{e}"
    );
}

#[test]
fn an_undefined_global_defined_nowhere_says_so() {
    let a = input("a.o", ".kernel k\n  jal u62, helper\n  .end_kernel\n");
    let b = input("b.o", "other:\n  jr u62, 0\n");
    let errs = link(&[a, b], None).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].contains("no object defines it as .globl") && !errs[0].contains("b.o"),
        "{}",
        errs[0]
    );
}
