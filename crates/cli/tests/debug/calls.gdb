# calls.s on two warps: call frames, next over calls, finish, faults
info warps
b func warp 1
c
bt
info frame
fin
warp 0
s
s
n
warp 1
rs
rs
rf
bt
rn
info warps
catch fault
c
c
c
rc
info warps
p/x v3
warp 0
step
quit
