"""Step-and-compare between the RTL core (rtl/warpkit_core.sv) and warpkit's golden model.

`Core` drives the RTL through cocotb: it loads a warp's state through the backdoor port, starts
the warp and turns every cycle of the RVFI-style retirement port into a `Retirement`.
`check` compares one retirement with the record `warpkit.Sim.step` returned for the same
instruction and returns warpkit's one-line mismatch message (the format `wk_cosim_check` of the
C library writes), or None when they agree: PC, instruction word, trap, every register written
(vector registers in the lanes active in EXEC only), EXEC after and the next PC.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

LANES = 32
FAULT_NAMES = {1: "IllegalInsn", 2: "FetchFault"}


def _hex(v: int) -> str:
    return f"0x{v:08x}"


def _int(v) -> int:
    """A state/trace value: an int, or a `0x` string as `warpkit run` prints them."""
    return v if isinstance(v, int) else int(v, 0)


@dataclass
class Retirement:
    """One cycle of the retirement port."""

    order: int
    pc: int
    next_pc: int
    insn: int
    exec_before: int
    exec_after: int
    trap: bool
    cause: int
    # register name ("v4", "u3") -> 32 lane values (vector) or one value (uniform)
    writes: dict = field(default_factory=dict)


@dataclass
class Stopped:
    """The RTL warp ended without a retirement: it ran off the end of the code (exited)."""

    pc: int


class Core:
    """The RTL core of one warp, driven through cocotb."""

    def __init__(self, dut, period_ns: int = 10):
        self.dut = dut
        self.period_ns = period_ns
        self._clock = None

    async def reset(self):
        if self._clock is None:
            self._clock = cocotb.start_soon(Clock(self.dut.clk, self.period_ns, "ns").start())
        d = self.dut
        # Leave the read-only phase `next` may have ended in before driving anything.
        await FallingEdge(d.clk)
        d.rst.value = 1
        d.ld_we.value = 0
        d.start.value = 0
        d.ld_sel.value = 0
        d.ld_addr.value = 0
        d.ld_lane.value = 0
        d.ld_data.value = 0
        d.code_size.value = 0
        d.vgprs.value = 128
        d.start_pc.value = 0
        await RisingEdge(d.clk)
        await RisingEdge(d.clk)
        d.rst.value = 0
        await RisingEdge(d.clk)

    async def _load(self, sel: int, addr: int, value: int, lane: int = 0):
        d = self.dut
        d.ld_we.value = 1
        d.ld_sel.value = sel
        d.ld_addr.value = addr
        d.ld_lane.value = lane
        d.ld_data.value = value & 0xFFFFFFFF
        await RisingEdge(d.clk)
        d.ld_we.value = 0

    async def start_warp(self, code: bytes, warp: dict):
        """Load `code` and one warp of `Sim.state()` (reset clears the rest to 0), start it."""
        await self.reset()
        if len(code) % 4:
            code = code + bytes(4 - len(code) % 4)
        for i in range(0, len(code), 4):
            await self._load(0, i // 4, int.from_bytes(code[i : i + 4], "little"))
        for name, value in warp.get("u", {}).items():
            if _int(value):
                await self._load(2, int(name[1:]), _int(value))
        for name, lanes in warp.get("v", {}).items():
            for lane, value in enumerate(lanes):
                if _int(value):
                    await self._load(1, int(name[1:]), _int(value), lane)
        await self._load(3, 0, _int(warp["exec"]))
        d = self.dut
        d.code_size.value = self.code_size = len(code)
        d.vgprs.value = warp.get("vgprs", 128)
        d.start_pc.value = _int(warp.get("pc", 0))
        d.start.value = 1
        await RisingEdge(d.clk)
        d.start.value = 0

    async def next(self, max_cycles: int = 10_000):
        """The next retirement, or `Stopped` once the warp has ended."""
        d = self.dut
        for _ in range(max_cycles):
            await RisingEdge(d.clk)
            await ReadOnly()
            if int(d.rvfi_valid.value):
                return self._retirement()
            if int(d.exited.value):
                return Stopped(pc=self.code_size)
        raise TimeoutError(f"the RTL retired nothing in {max_cycles} cycles")

    def _retirement(self) -> Retirement:
        d = self.dut
        r = Retirement(
            order=int(d.rvfi_order.value),
            pc=int(d.rvfi_pc_rdata.value),
            next_pc=int(d.rvfi_pc_wdata.value),
            insn=int(d.rvfi_insn.value),
            exec_before=int(d.rvfi_exec_rdata.value),
            exec_after=int(d.rvfi_exec_wdata.value),
            trap=bool(int(d.rvfi_trap.value)),
            cause=int(d.rvfi_cause.value),
        )
        kind = int(d.rvfi_rd_file.value)
        addr = int(d.rvfi_rd_addr.value)
        data = int(d.rvfi_rd_wdata.value)
        if kind == 1:
            r.writes[f"v{addr}"] = [(data >> (32 * l)) & 0xFFFFFFFF for l in range(LANES)]
        elif kind == 2:
            r.writes[f"u{addr}"] = data & 0xFFFFFFFF
        return r


def _where(warp: int, step: int, pc: int, asm: str) -> str:
    return f"warp {warp} step {step} pc {_hex(pc)} ({asm})"


def check(warp: int, model: dict | None, fault: dict | None, dut) -> str | None:
    """Compare one DUT event with the model's record for the same step.

    `model` is the record `Sim.step(warp)` returned (None once the warp has stopped),
    `fault` the warp's `fault` entry of `Sim.state()` when the model's warp faulted (else None),
    `dut` a `Retirement` or `Stopped`. Returns warpkit's mismatch line, or None.
    """
    if model is None:
        # The model's warp has ended: exited, or faulted at `fault`.
        if fault is not None:
            f_pc, f_cause = _int(fault["pc"]), fault["cause"]
            name = FAULT_NAMES.get(f_cause, str(f_cause))
            if isinstance(dut, Retirement) and dut.trap and dut.pc == f_pc and dut.cause == f_cause:
                return None
            got = (
                f"trap cause {dut.cause} at pc {_hex(dut.pc)}"
                if isinstance(dut, Retirement) and dut.trap
                else f"retired pc {_hex(dut.pc)}"
                if isinstance(dut, Retirement)
                else f"exited at pc {_hex(dut.pc)}"
            )
            return f"warp {warp}: expected fault cause {f_cause} ({name}) at pc {_hex(f_pc)}, got {got}"
        if isinstance(dut, Stopped):
            return None
        return f"warp {warp}: the model's warp has ended; the DUT retired pc {_hex(dut.pc)}"
    step, pc, asm = model["step"], _int(model["pc"]), model["asm"]
    where = _where(warp, step, pc, asm)
    if isinstance(dut, Stopped):
        return f"{where}: the DUT's warp exited at pc {_hex(dut.pc)} instead"
    if dut.pc != pc:
        return f"{where}: pc: expected {_hex(pc)}, got {_hex(dut.pc)}"
    word = _int(model["word"])
    if dut.insn != word & 0xFFFFFFFF:
        return f"{where}: insn: expected {_hex(word & 0xFFFFFFFF)}, got {_hex(dut.insn)}"
    if dut.trap:
        return f"{where}: trap: expected none, got cause {dut.cause}"
    exec_before = _int(model["exec"])
    if dut.exec_before != exec_before:
        return f"{where}: exec before: expected {_hex(exec_before)}, got {_hex(dut.exec_before)}"
    writes = model["writes"]
    regs = [k for k in writes if k[0] in "vu"]
    for name in regs:
        if name not in dut.writes:
            return f"{where}: {name}: written by the model, not by the DUT"
    for name in dut.writes:
        if name not in writes:
            return f"{where}: {name}: written by the DUT, not by the model"
    for name in regs:
        want, got = writes[name], dut.writes[name]
        if name[0] == "v":
            for lane in range(LANES):
                if exec_before >> lane & 1 and _int(want[lane]) != got[lane]:
                    return (
                        f"{where}: {name} lane {lane}: expected {_hex(_int(want[lane]))}, "
                        f"got {_hex(got[lane])}"
                    )
        elif _int(want) != got:
            return f"{where}: {name}: expected {_hex(_int(want))}, got {_hex(got)}"
    exec_after = _int(writes.get("exec", exec_before))
    if dut.exec_after != exec_after:
        return f"{where}: exec after: expected {_hex(exec_after)}, got {_hex(dut.exec_after)}"
    next_pc = _int(writes["pc"]) if "pc" in writes else pc + len_of(word)
    if dut.next_pc != next_pc:
        return f"{where}: next pc: expected {_hex(next_pc)}, got {_hex(dut.next_pc)}"
    return None


def len_of(word: int) -> int:
    """Bytes of the instruction whose first word is `word` (odd opcode: 64-bit)."""
    return 8 if word & 1 else 4
