// Eight independent mul+add chains per iteration on v0..v7 (factors v8..v15, addends
// v16..v23), u9 iterations: the integer kernel of tools/bench/int_loop.py and
// crates/sim/benches/sim.rs.
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
        usltu u8, u7, u9
        bnz u8, loop
