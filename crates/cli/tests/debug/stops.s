; Stops that report several things at once, and the first instruction.
        laneid v1
        movi v3, 0
        movi v1, 1
        saveexec.and u3, u4
        add v3, v3, v1
