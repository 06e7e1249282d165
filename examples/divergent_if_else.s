// Divergent if / else with saveexec.
//   if (lane < 12) v2 = lane * 3; else v2 = lane - u5;   then v3 = v2 + 1 in every lane
// u5 comes from the state file (100). Lanes inactive at launch are left untouched.

        laneid v1
        cmp.lt.u32.vi u2, v1, 12        ; u2 = active lanes taking the then-branch
        saveexec.and u3, u2             ; u3 = launch EXEC; EXEC = EXEC & u2
        bexecz else                     ; no lane takes it: skip the then-branch
        mul.vi v2, v1, 3
else:
        saveexec.andn1 u4, u3           ; EXEC = u3 & ~EXEC: the else lanes
        bexecz endif
        sub.vu v2, v1, u5
endif:
        exec.set u3                     ; reconverge
        add.vi v3, v2, 1
