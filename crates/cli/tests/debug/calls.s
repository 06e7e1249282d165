        laneid v1                       ; v1 = lane
        movi v3, 0
        jal u20, func                   ; v3 = lane
        add.vi v3, v3, 1
        jmp end
func:
        add v3, v3, v1
        jr u20, 0
end:
        .word 0xffffffff                ; does not decode: the warp faults here
