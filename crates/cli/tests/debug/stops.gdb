# A breakpoint on the first instruction stops warp 0 before it (and two there both report).
b 2
b *0x0
c
c
info breakpoints
delete
# One instruction changing two watched places reports both; every hit count counts.
watch v1[0] warp 0
watch v1[2] warp 0
watch u3 warp 0
watch exec warp 0
c
c
c
info breakpoints
# `run` goes back to the launch and on to the first stop; rc finds the same stops.
run
rc
# No sign in positions; unallocated registers have no value.
goto -1
goto
p v9
p v9[0]
p v[8:9]
watch v8 warp 0
set v8 = 1
p v7[0]
# list goes on after a list; a line past the end is an error.
list 1
list
list 1000
# A count past the warp's end: the stop, then why it stopped short.
delete
warp 1
step 20
info history
