//! The longer parts of `--help`: files, exit codes, the state-file format.

pub const FILES_AND_EXIT: &str = "\
Files: `-` is standard input (inputs) or standard output (outputs). Outputs are opened
before any work starts. A regular file is replaced atomically (temporary file, then rename;
its permission bits are kept; a read-only file is refused); a symbolic link is written
through to its target; a device or FIFO (/dev/null, /dev/stdout) is written in place. An
output never overwrites an input, and a failed or interrupted command leaves no temporary.

Exit codes: 0 success; 1 bad input or a file that cannot be read or written (assembly errors,
bad state file, unknown instruction); 2 bad command line; 3 `run --fail-on-fault` and a warp
did not exit.";

pub const ASM: &str = "\
Assembly syntax: one instruction per line, `;` or `//` comments, `name:` labels, registers
v0..v127, u0..u63, halves v1.l/v1.h, groups v[4:5]; modifiers as key:value (rm:rtz, neg:0b101).
Float literals (1.5, -0x1p-3, inf) are accepted in every 32-bit literal, .word (binary32) and
.half (binary16). Mnemonics, registers and directives ignore case; labels do not. GNU as's
data directives (.byte .short .long .quad .ascii .asciz .zero .fill .p2align ...) and macro
language (.macro .irp .irpc .rept .if* .altmacro, 1:/1b/1f labels) work as in GNU as
(crates/asm/SYNTAX.md lists where warpkit differs: `;` starts a comment).
-I DIR searches .include files; --defsym NAME=VALUE sets a symbol; -D NAME[=VAL] is for .S.

Exit codes: 0 assembled (warnings may be printed); 1 errors (all are listed, up to
--max-errors) or a file problem; 2 bad command line.

`-` is standard input / output. Outputs are opened before the input is read; a regular file
is replaced atomically (mode kept, read-only refused), a symbolic link written through, a
device or FIFO written in place; never an input file, and no temporary is left behind.";

pub const DISASM: &str = "\
The output assembles back to the same bytes: words that do not decode print as .word /
.dword / .byte data with a comment saying why.

Exit codes: 0 success; 1 a file that cannot be read or written; 2 bad command line.

`-` is standard input / output (the default output).";

pub const SPEC: &str = "\
NAME is looked up ignoring case: a full mnemonic shows that variant and names the rest of
its family; a family or prefix (`fadd`, `saveexec`) lists its variants; an opcode (`0x14`)
lists the variants it holds by function code; anything else is an error with suggestions.
--format F (exactly F: `R` is not `R1`), --unit U (a unit such as valu-fp, or a group id) and
--flag X (rmo, fm, br, ...) filter the list, alone, together or with NAME. --json entries carry
the bit layout (`layout`, high field first) and `match` / `mask`: (insn & mask) == match exactly
when insn encodes the variant with every reserved bit zero (MATCH_/MASK_ of `warpkit export`).

Exit codes: 0 found (one variant or a list); 1 unknown name (also with --json);
2 bad command line.";

pub const RUN: &str = "\
State file (JSON; every key optional; an unknown key, a key given twice and a negative
number are errors naming the key, e.g. warps[0].u.u5):
  {\"code_base\": \"0x0\", \"warps\": [ {\"pc\": 0, \"exec\": \"0xffffffff\", \"vgprs\": 128,
    \"mode\": {\"rm\": \"rne\", \"rm16\": \"rne\"}, \"fflags\": \"0x0\",
    \"u\": {\"u5\": 7}, \"v\": {\"v1\": \"0x3f800000\", \"v2\": [\"0x0\", \"0x1\", ...]} } ]}
Numbers are non-negative JSON integers or hex strings (-1 is \"0xffffffff\"); one `v` value
fills all 32 lanes; a single warp object may stand at the top level instead of `warps`; at
most 16,384 warps. `{}` runs one warp in the default state.

Output (standard output), --view json (default): the final state of every warp as JSON,
with `status` (exited, faulted, step_limit), `steps`, `fault`, `pc`, `exec`, `vgprs`,
`mode`, `fflags`, `u`, `v`. A warp ends (`exited`) when it runs past its last instruction
(PC = code size). The output is a valid --state: `status`, `steps` and `fault` are read
back, exited and faulted warps stay so, and --max-steps counts a warp's `steps`, so a run
stopped at K steps and resumed with --max-steps N ends like one run with --max-steps N.
  --warps 0,2-5 shows those warps, each with its index (`\"warp\": 2`, ignored when read
  back); --regs v0-v7,u0,u1,exec shows those registers (also pc, fflags, mode, vgprs; `v`
  or `u` alone: all). status, steps and fault are always shown. A selection still reads
  back as a state, but resumes only what it shows.
--view table: per warp a status line, exec, fflags, mode and vgprs, the uniform registers,
then a row per lane (its EXEC bit and a column per vector register, in blocks of eight).
Without --regs, only the registers that are not zero in every lane. --as hex (default),
u32, i32, f32, or f16 (columns v1.l and v1.h: the low and high halves).

For every warp that did not exit, standard error gets one line: the warp, how it stopped
(faulted, or the step limit), its PC, the instruction there and the reason in words (with
--max-errors N: at most N lines, then how many more).

Trace (--trace FILE): one JSON line per executed instruction, written while the warps run,
in bounded memory: warp 0's lines, then warp 1's, and so on. Warps run in parallel; the
lines of warps ahead of the output wait in unnamed temporary files (beside FILE; in
$TMPDIR for `-` or a device) that disappear with the process, however it ends.
--trace-warps 0,2-5 keeps those warps' lines; --trace-steps FROM..TO keeps the lines whose
`step` (instructions the warp retired before this one) is at least FROM and below TO
(FROM..=TO includes TO; FROM.. and ..TO are open). Filters never change the run.

Exit codes: 0 the program ran (also when warps faulted or hit the step limit: see each
warp's `status`); 3 with --fail-on-fault, when a warp did not exit; 1 assembly errors, a
bad state file, a warp that is not there (--warps, --trace-warps), or a file problem;
2 bad command line.

`-` is standard input for PROGRAM or --state (not both). The --trace file is opened before
the run (a regular file is replaced atomically, a device or FIFO written in place).";

pub const DOCS: &str = "\
Exit codes: 0 written (or up to date with --check); 1 out of date or missing with --check,
or a file problem; 2 bad command line.";

/// End with a command-line error (exit status 2, as clap's own), for a check clap cannot
/// make itself. Only before any output is opened: exiting skips destructors.
pub fn usage_error(msg: &str) -> ! {
    clap::Error::raw(clap::error::ErrorKind::ValueValidation, format!("{msg}\n")).exit()
}
