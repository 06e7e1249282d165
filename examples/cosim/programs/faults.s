// Faults are precise and end the warp (faults.state.json launches three warps):
// warp 0 jumps to a 64-bit instruction cut by the end of the code (FetchFault),
// warp 1 names v9 with only 8 registers allocated (IllegalInsn),
// warp 2 runs into a word that does not decode (IllegalInsn).

        laneid v1
        add.vi v9, v1, 1
        bz u1, cut
        .word 0x0000007e
cut:
        .word 0x00000001
