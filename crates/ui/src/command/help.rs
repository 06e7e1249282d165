//! The commands' names, usage and help text, and what a partly typed line may become.

/// One command's help: names (the first is the command, the others its aliases), usage,
/// text.
pub type HelpEntry = (&'static [&'static str], &'static str, &'static str);

/// Every command.
pub const HELP: &[HelpEntry] = &[
    (&["break", "b", "br"], "break LOC [warp N] [if COND]", "Stop before an instruction at LOC: *ADDR or 0xADDR, LINE or FILE:LINE, a label, a mnemonic, family or glob (ffma*)."),
    (&["tbreak"], "tbreak LOC [warp N] [if COND]", "A breakpoint deleted at its first stop."),
    (&["watch"], "watch REG [warp N] [if COND]", "Stop after an instruction changes REG: v3, v3[5], v[2:3], v3.h, u5, exec, fflags, fflags.nx, mode."),
    (&["delete", "d"], "delete [ID...]", "Delete breakpoints (all without IDs)."),
    (&["disable"], "disable ID...", "Disable breakpoints."),
    (&["enable"], "enable ID...", "Enable breakpoints."),
    (&["condition"], "condition ID [COND]", "Set (or remove) a breakpoint's condition, e.g. v3[5] == 7, exec == 0, popcount(exec) < 32."),
    (&["ignore"], "ignore ID N", "Do not stop at the next N hits of a breakpoint."),
    (&["catch"], "catch fault [any|IllegalInsn|FetchFault|off]", "Which faults stop execution (default: any)."),
    (&["step", "s", "stepi", "si"], "step [N]", "Run until the selected warp has executed N instructions (other warps run in the schedule)."),
    (&["next", "n", "nexti", "ni"], "next [N]", "Like step, but a call (jal/jalr) runs until it returns."),
    (&["finish", "fin"], "finish", "Run until the selected warp's current call returns."),
    (&["until", "u"], "until [LOC]", "Run until the selected warp reaches an instruction after this one (a loop's back jump does not stop), or LOC."),
    (&["advance"], "advance LOC", "Run until the selected warp reaches LOC."),
    (&["continue", "c", "cont"], "continue [N]", "Run the schedule until a breakpoint, watchpoint, caught fault or the end; N: ignore this breakpoint N-1 more times."),
    (&["reverse-step", "rs", "reverse-stepi", "rsi"], "reverse-step [N]", "Back to before the selected warp's previous instruction."),
    (&["reverse-next", "rn", "reverse-nexti", "rni"], "reverse-next [N]", "Back over the previous instruction; a call returned from is gone back over whole."),
    (&["reverse-finish", "rf"], "reverse-finish", "Back to the call that made the current frame."),
    (&["reverse-continue", "rc"], "reverse-continue", "Back to the previous breakpoint, watchpoint or caught fault (or the launch)."),
    (&["goto"], "goto POS", "Go to a position of the schedule (the count of instructions all warps have attempted)."),
    (&["last-write", "lw"], "last-write REG", "When the selected warp last wrote REG (v3, v3[5], u2, exec, fflags), without moving."),
    (&["print", "p", "inspect"], "print[/x|d|u|f|h] EXPR", "Print a register as a 32-lane grid (inactive lanes marked *), exec as a lane strip, a lane, a pair, or an expression."),
    (&["display"], "display[/FMT] EXPR", "Print EXPR after every stop."),
    (&["undisplay"], "undisplay [ID...]", "Stop displaying."),
    (&["set"], "set [var] REG = VALUE", "Change the selected warp's state (all lanes of a vector register); drops the recorded future."),
    (&["info", "i"], "info registers|warps|breakpoints|frame|display|line|history", "Show state: registers [REG...], warps (PC, status, steps, EXEC population), breakpoints, call frames, displays, the source line, checkpoints."),
    (&["backtrace", "bt", "where"], "backtrace", "The selected warp's call frames."),
    (&["disassemble", "disas", "x/i"], "disassemble [LOC] [N]", "N instructions (default 8) from LOC (default around the PC)."),
    (&["list", "l"], "list [LINE|FILE:LINE|LOC]", "Ten source lines around the PC, a line or a location; list again shows the next ten."),
    (&["warp", "thread"], "warp [N]", "Select warp N (or show the selected one)."),
    (&["run", "r", "start"], "run", "Back to the launch and on to the first stop, as gdb's run."),
    (&["help", "h"], "help [CMD]", "List commands, or explain one."),
    (&["quit", "q", "exit"], "quit", "Leave."),
];

/// The help of the command `name` (or one of its aliases).
pub fn help_of(name: &str) -> Option<&'static HelpEntry> {
    HELP.iter().find(|(names, _, _)| names.contains(&name))
}

/// The `info` topics.
pub const INFO_TOPICS: [&str; 7] = [
    "registers",
    "warps",
    "breakpoints",
    "frame",
    "display",
    "line",
    "history",
];

/// The word being typed at the end of `before` (its start) and what it may become:
/// command names, `info` topics, then labels and (once a letter is typed) registers.
pub fn complete(before: &str, labels: &[String]) -> (usize, Vec<String>) {
    let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &before[start..];
    let head: Vec<&str> = before[..start].split_whitespace().collect();
    let pool: Vec<String> = match head.as_slice() {
        [] => HELP
            .iter()
            .flat_map(|(names, _, _)| names.iter())
            .map(|n| n.to_string())
            .collect(),
        ["info" | "i"] => INFO_TOPICS.iter().map(|t| t.to_string()).collect(),
        // Registers only once a letter is typed: 200 names are no help.
        _ if word.is_empty() => labels.to_vec(),
        _ => (0..warpkit_sim::NUM_VREGS)
            .map(|r| format!("v{r}"))
            .chain((0..warpkit_sim::NUM_UREGS).map(|r| format!("u{r}")))
            .chain(["exec", "fflags", "mode", "pc", "steps", "popcount("].map(String::from))
            .chain(labels.iter().cloned())
            .collect(),
    };
    let mut c: Vec<String> = pool.into_iter().filter(|p| p.starts_with(word)).collect();
    c.sort();
    c.dedup();
    (start, c)
}

/// The closest command name to a mistyped one (at most two edits away).
pub fn nearest(word: &str) -> Option<&'static str> {
    HELP.iter()
        .flat_map(|(n, _, _)| n.iter())
        .filter(|n| n.len() > 2)
        .min_by_key(|n| warpkit_isa::edit_distance(n, word))
        .filter(|n| warpkit_isa::edit_distance(n, word) <= 2)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_commands_topics_labels_and_registers() {
        let labels = vec!["func".to_string(), "end".to_string()];
        assert_eq!(
            complete("reverse-cont", &labels),
            (0, vec!["reverse-continue".to_string()])
        );
        assert_eq!(
            complete("info brea", &labels),
            (5, vec!["breakpoints".to_string()])
        );
        assert_eq!(complete("b fu", &labels), (2, vec!["func".to_string()]));
        // Labels only, until a letter is typed.
        assert_eq!(complete("b ", &labels).1, vec!["end", "func"]);
        let (at, v) = complete("p v12", &labels);
        assert_eq!((at, v.len(), v[0].as_str()), (2, 9, "v12"));
        assert_eq!(complete("frob", &labels).1, Vec::<String>::new());
    }
}
