//! `warpkit link`: objects in, one linked program (ELF `ET_EXEC`) out.

use crate::files::{self, Output};
use std::path::PathBuf;
use warpkit_object::{link, LinkInput};

pub const AFTER_HELP: &str = "\
Objects come from `warpkit asm -f elf`. Their .text sections are laid out in the order given;
global symbols (.globl, and every .kernel) resolve references between them; `_end` is the
end of the linked code (a branch to it ends the warp). Duplicate and undefined symbols and
relocations whose target is out of the instruction field's range are errors.

Exit codes: 0 linked; 1 a link error (all are listed) or a file problem; 2 bad command line.";

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct LinkArgs {
    /// Objects (ELF ET_REL) to link.
    #[arg(required = true)]
    objects: Vec<PathBuf>,
    /// The linked program.
    #[arg(short, long)]
    output: PathBuf,
    /// The entry kernel (default: the first kernel, in the order of the objects).
    #[arg(long, value_name = "KERNEL")]
    entry: Option<String>,
}

pub fn run(a: LinkArgs) -> Result<(), String> {
    let inputs: Vec<&std::path::Path> = a.objects.iter().map(|p| p.as_path()).collect();
    let mut out = Output::open(&a.output, &inputs)?;
    let mut objs = Vec::new();
    for p in &a.objects {
        let name = files::display(p);
        let bytes = files::read(p)?;
        objs.push(LinkInput {
            object: warpkit_object::read(&name, &bytes)?,
            name,
        });
    }
    let linked = link(&objs, a.entry.as_deref()).map_err(|errs| {
        errs.iter()
            .map(|e| format!("link: {e}"))
            .collect::<Vec<_>>()
            .join("\nwarpkit: error: ")
    })?;
    out.write_all_or_closed(&linked.to_elf()?)?;
    out.commit()
}
