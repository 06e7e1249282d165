; The same program as one file (what `warpkit link kernels.o helper.o` makes).
.include "kernels.s"
.include "helper.s"
_end:
