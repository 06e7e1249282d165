// Every instruction the RTL core implements, under each warp's launch EXEC
// (alu_mix.state.json: a full warp and a checkerboard one with other uniforms).

        laneid v1
        movi v2, 0x1fff0
        mov.vu v3, u1
        add v4, v1, v2
        sub v5, v2, v4
        and v6, v4, v3
        or v7, v4, v3
        xor v8, v4, v3
        sll v9, v3, v1
        srl v10, v3, v1
        sra v11, v3, v1
        mul v12, v4, v3
        add.vu v13, v3, u2
        sub.vu v14, v1, u2
        and.vu v15, v3, u2
        or.vu v16, v1, u2
        xor.vu v17, v3, u2
        mul.vu v18, v3, u2
        add.vi v19, v3, 127
        and.vi v20, v3, -16
        or.vi v21, v1, 96
        xor.vi v22, v3, -1
        sll.vi v23, v3, 7
        srl.vi v24, v3, 29
        mul.vi v25, v1, -100
        mov v26, v25

// Compares into uniform lane masks.
        cmp.eq.i32 u10, v4, v2
        cmp.ne.i32 u11, v6, v7
        cmp.lt.i32 u12, v25, v1
        cmp.ge.i32 u13, v25, v5
        cmp.lt.u32 u14, v25, v1
        cmp.ge.u32 u15, v3, v4
        cmp.eq.i32.vu u16, v3, u1
        cmp.lt.i32.vu u17, v25, u2
        cmp.eq.i32.vi u18, v1, 9
        cmp.ne.i32.vi u19, v1, 9
        cmp.lt.i32.vi u20, v25, -100
        cmp.ge.i32.vi u21, v1, 20
        cmp.gt.i32.vi u22, v25, -60
        cmp.lt.u32.vi u23, v1, 3
        cmp.ge.u32.vi u24, v1, 30
        cmp.gt.u32.vi u25, v1, 28

// Uniform work and lane ranks.
        umovi u30, -5
        uaddi u31, u30, 300
        uadd u32, u31, u1
        umov u33, u32
        unot u34, u33
        ucpop u35, u2
        mbcnt v27, v1, u19
        cndmask v26, v4, u21

// Divergent if / else on lane parity, then a counted loop under a partial EXEC.
        and.vi v28, v1, 1
        cmp.ne.i32.vi u40, v28, 0
        saveexec.and u41, u40
        bexecz even
        add.vi v29, v1, 100
even:
        saveexec.andn1 u42, u41
        bexecz joined
        sub.vu v29, v1, u30
joined:
        exec.set u41
        umovi u43, 4
        cmp.lt.u32.vi u44, v1, 20
        saveexec.mov u45, u44
        saveexec.or u46, u40
        saveexec.andn2 u47, u23
count:
        add v30, v30, v3
        uaddi u43, u43, -1
        bnz u43, count
        bexecnz active
        movi v31, -1
active:
        exec.set u45
        bz u43, out
        movi v31, 7
out:
        exec.get u48
        jmp end
        movi v31, 9
end:
