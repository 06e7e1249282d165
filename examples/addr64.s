// 64-bit address arithmetic: element addresses of a strided array above 4 GiB.
//   v[6:7]   = base + lane * 12            (mad64.u32; base in u[2:3] from the state file)
//   v[10:11] = v[6:7] + 0x1_0000_0000      (add64)
//   v[12:13] = v[10:11] - lane * 4         (addsx64 with a negative 32-bit offset)
//   u[4:5]   = CODE_BASE + PC of upca      (position-independent code address)

        laneid v1
        mov64.vu v[2:3], u[2:3]
        movi v4, 12
        mad64.u32 v[6:7], v1, v4, v[2:3]
        movi v8, 0
        movi v9, 1
        add64 v[10:11], v[6:7], v[8:9]
        sll.vi v14, v1, 2
        neg v14, v14
        addsx64 v[12:13], v[10:11], v14
        upca u[4:5], 0
