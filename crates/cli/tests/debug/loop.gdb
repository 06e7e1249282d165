# loop_bexecz: breakpoints, conditions, watchpoints, printing, reverse
help
help rc
info warps
b loop
break 9 if v1[3] == 1
tbreak *0x18
watch v2[3] warp 0
watch exec
info breakpoints
run
c
p v1
p/d v1
p/u v1[3]
p/x u10
p/f v1
p/h v1
p v[2:3]
p exec
p exec[31]
p fflags
p mode
p mode.rm
p popcount(exec) < 32
p v1[3] * 2 + 1
display v1[3]
display/d v2[3]
info display
disable 1 5
c
c
enable 5
delete 5
condition 1 v1[0] == 0
ignore 1 1
info breakpoints
c
undisplay 1
c
rs
rn
rc
goto 4
last-write v2[3]
last-write exec
s 2
n
u
advance done
info line
list
disas
disas loop 3
info registers
info registers v2 u1
info frame
bt
info history
set v2[3] = 99
set exec = 0xffff
p v2[3]
p exec
d
catch fault off
info breakpoints
catch fault IllegalInsn
c
# bad input: the session goes on
frobnicate
p v3[40]
p v3 +
p/q v1
b nosuchlabel
b 400
watch v200
warp 7
condition 9 v1[0] == 1
goto x
set v1 = zz
finish
rf
info bogus
# mnemonic, family and glob breakpoints
b add
b cmp.gt*
b *0x1c
tbreak 0x20
info breakpoints
d
p exec
q
