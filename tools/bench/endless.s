// A loop that never ends by itself: the step limit stops it. Each step writes v1 (32 lanes)
// or a uniform register, so trace lines are of the usual size. Used by trace_memory.sh and
// cli_instructions.sh.
top:
        add v1, v1, v2
        uaddi u1, u1, 1
        jmp top
