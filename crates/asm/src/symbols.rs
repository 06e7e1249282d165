//! The symbols and kernels of a translation unit, as its symbol directives declare them
//! (`.globl`, `.type`, `.size`, `.kernel`).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    Local,
    Global,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymKind {
    NoType,
    Func,
    Object,
}

/// A symbol defined by the file: a label, with what the directives said of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    pub binding: Binding,
    pub kind: SymKind,
}

/// A kernel: `.kernel NAME` ... `.end_kernel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    pub offset: u32,
    pub size: u32,
}
