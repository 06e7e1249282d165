// Stream compaction indices with mbcnt: every lane whose v1 is odd gets its output slot
// (its rank among the odd lanes) in v3; other lanes get -1. u3 = number of odd lanes.

        and.vi v4, v1, 1
        cmp.ne.i32.vi u2, v4, 0         ; u2 = lanes to keep
        movi v5, 0
        mbcnt v3, v5, u2                ; v3 = popcount(u2 & lanes below me)
        movi v6, -1
        unot u4, u2
        cndmask v3, v6, u4              ; dropped lanes: -1
        ucpop u3, u2                    ; compacted length
