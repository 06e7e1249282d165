// Per-lane loop with a divergent trip count: v2 = 0 + 1 + ... + lane.
// Lanes leave EXEC as their counter reaches 0; the loop ends when EXEC is empty.

        laneid v1                       ; v1 = remaining count
        movi v2, 0                      ; v2 = sum
        exec.get u10                    ; u10 = launch EXEC
loop:
        cmp.gt.u32.vi u1, v1, 0         ; active lanes with work left
        exec.set u1
        bexecz done
        add v2, v2, v1
        add.vi v1, v1, -1
        jmp loop
done:
        exec.set u10                    ; restore the launch EXEC
