; A helper shared by the kernels of kernels.s, linked in from its own object.
.include "macros.inc"

    .text
    .globl  mul_add
    .type   mul_add, @function
; v2 = v3 * v0 + v1
mul_add:
    madd    v2, v3, v0, v1
    ret
    .size   mul_add, . - mul_add

    .globl  add_lanes
    .type   add_lanes, @function
; v2 = v2 + v0 (lane by lane), three times
add_lanes:
.irp k, 1, 2, 3
    add     v2, v2, v0
.endr
    ret
    .size   add_lanes, . - add_lanes
