// The debugger benchmark's kernel (tools/bench/debug.sh, crates/debug/benches/engine.rs):
// an endless loop of eight mul+add chains (the step limit stops it), then code that never
// runs, where the benchmark puts its ten breakpoints.
loop:
        mul v0, v0, v8
        add v0, v0, v16
        mul v1, v1, v9
        add v1, v1, v17
        mul v2, v2, v10
        add v2, v2, v18
        mul v3, v3, v11
        add v3, v3, v19
        mul v4, v4, v12
        add v4, v4, v20
        mul v5, v5, v13
        add v5, v5, v21
        mul v6, v6, v14
        add v6, v6, v22
        mul v7, v7, v15
        add v7, v7, v23
        uaddi u7, u7, 1
        jmp loop
dead:
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
        add v30, v30, v31
