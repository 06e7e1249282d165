; Two kernels calling the helpers of helper.s through the macros of macros.inc.
;   warpkit asm -f elf kernels.s && warpkit asm -f elf helper.s
;   warpkit link kernels.o helper.o -o prog.elf
;   warpkit run prog.elf --kernel axpy --state axpy.state.json
.include "macros.inc"

    .text
; v2 = a * v0 + v1, a in u0 (the kernel's argument)
    .kernel axpy
    mov.vu  v3, u0
    call    mul_add
    exit
    .end_kernel

; v2 = v0 * v0 + 1, then v2 += 3 * v0
    .kernel square_plus
    mov     v3, v0
    mov.vl  v1, 1
    call    mul_add
    call    add_lanes
    exit
    .end_kernel
