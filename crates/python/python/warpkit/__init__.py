"""warpkit: the toolchain and golden model of the warpkit GPU ISA, from Python.

    import warpkit
    code = warpkit.assemble("laneid v1\\nadd v2, v1, v1\\n")
    sim = warpkit.Sim(code, {"warps": [{"exec": 0xffff}]})
    while (rec := sim.step(0)) is not None:
        print(rec["asm"], rec["writes"])
    print(sim.state()["warps"][0]["status"])

Values are ints; vector registers are lists of 32 ints (lane 0 first). Step records have
the keys of a `warpkit run --trace` line and `state()` the content `warpkit run` prints.
Errors are exceptions with the command line's messages. See __init__.pyi for the API.
"""

from ._native import AssemblyError, Sim, __version__, assemble, diff, disassemble, generate, spec, timing

__all__ = ["AssemblyError", "Sim", "__version__", "assemble", "diff", "disassemble", "generate", "spec", "timing"]
