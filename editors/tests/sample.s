; SYNTAX TEST "source.warpkit-asm" "sample lines of warpkit assembly"

.equ N, 8
; <---- keyword.control.directive.warpkit-asm
;    ^ variable.other.symbol.warpkit-asm
;       ^ constant.numeric.decimal.warpkit-asm
start:
; <----- entity.name.label.warpkit-asm
;    ^ punctuation.separator.label.warpkit-asm
    add      v1, v2, v3             ; sum
;   ^^^ keyword.other.mnemonic.warpkit-asm
;            ^^ variable.language.register.warpkit-asm
;                    ^^ variable.language.register.warpkit-asm
;                                   ^^^^^ comment.line.semicolon.warpkit-asm
    add64    v[2:3], v[4:5], v[6:7]
;   ^^^^^ keyword.other.mnemonic.warpkit-asm
;                    ^^^^^^ variable.language.register.group.warpkit-asm
    fadd.f16 v1.h, v2.l, v3.h, rm:rtz, neg:0b01, sat:1
;   ^^^^^^^^ keyword.other.mnemonic.warpkit-asm
;            ^^^^ variable.language.register.warpkit-asm
;                              ^^ variable.parameter.modifier.warpkit-asm
;                                      ^^^ variable.parameter.modifier.warpkit-asm
;                                          ^^^^ constant.numeric.binary.warpkit-asm
;                                                ^^^ variable.parameter.modifier.warpkit-asm
    fadd.f32.vl v1, v2, -0x1p-3     // hex float
;                       ^^^^^^^ constant.numeric.float.warpkit-asm
;                                   ^^^^^^^^^^^^ comment.line.double-slash.warpkit-asm
    mov.vl   v9, 0xdeadbeef
;                ^^^^^^^^^^ constant.numeric.hex.warpkit-asm
loop: bz u1, start+4
; <---- entity.name.label.warpkit-asm
;     ^^ keyword.other.mnemonic.warpkit-asm
;        ^^ variable.language.register.warpkit-asm
;            ^^^^^ variable.other.symbol.warpkit-asm
;                 ^ keyword.operator.warpkit-asm
;                  ^ constant.numeric.decimal.warpkit-asm
    tex.sample v0, v4, u[8:15], u[4:7], dim:2d, toff:(1,-2,0)
;   ^^^^^^^^^^ keyword.other.mnemonic.warpkit-asm
;                      ^^^^^^^ variable.language.register.group.warpkit-asm
;                                       ^^^ variable.parameter.modifier.warpkit-asm
;                                               ^^^^ variable.parameter.modifier.warpkit-asm
    .word 0x12345678, N, 1.0
;   ^^^^^ keyword.control.directive.warpkit-asm
;                        ^^^ constant.numeric.float.warpkit-asm
    ffma.f32 v1, v2, v3, v4, rm:rup ; a comment: with a colon
;   ^^^^^^^^ keyword.other.mnemonic.warpkit-asm
;                            ^^ variable.parameter.modifier.warpkit-asm
;                                   ^^^^^^^^^^^^^^^^^^^^^^^^^ comment.line.semicolon.warpkit-asm
