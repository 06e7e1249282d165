"""Type stubs of the warpkit package (the native module warpkit._native)."""

import os
from typing import Any, Literal, Optional, TypedDict, Union

__all__ = ["AssemblyError", "Sim", "__version__", "assemble", "diff", "disassemble", "generate", "spec", "timing"]

__version__: str
"""The version of warpkit this package was built from (as `warpkit --version`)."""

class AssemblyError(ValueError):
    """Assembly failed; str(e) holds every diagnostic, as `warpkit asm` prints them."""

def assemble(text: str) -> bytes:
    """Assemble `text` into little-endian machine code.

    Raises AssemblyError (all diagnostics in str(e)); warnings are issued as UserWarning.
    """

def disassemble(code: bytes) -> str:
    """Disassemble machine code, as `warpkit disasm` prints it; the text assembles back to
    the same bytes (words that do not decode print as data)."""

class Funct(TypedDict):
    name: str
    value: int

class Operand(TypedDict):
    slot: str
    type: str

class LayoutField(TypedDict):
    field: str
    hi: int
    lo: int
    value: Union[int, None]
    operand: Union[str, None]

class SpecEntry(TypedDict):
    mnemonic: str
    format: str
    opcode: int
    funct: Union[Funct, None]
    latency: str
    operands: list[Operand]
    flags: list[str]
    reads: list[str]
    writes: list[str]
    size: int
    group: str
    chapter: str
    unit: str
    semantics: str
    executable: bool
    match: str
    mask: str
    layout: list[LayoutField]

def spec(name: str) -> Union[SpecEntry, list[SpecEntry]]:
    """What `warpkit spec --json NAME` prints: the entry of one variant for a mnemonic
    (`"fadd.f32"`), a list of entries for a family or prefix (`"fadd"`).

    Raises ValueError with the command's message (and suggestions) for an unknown name.
    """

def timing(
    program: Union[str, bytes],
    state: Union[dict[str, Any], str, None] = None,
    schedulers: Union[int, None] = None,
    policy: Union[Literal["lrr", "gto"], None] = None,
    max_steps: int = 1_000_000,
) -> dict[str, Any]:
    """What `warpkit timing --json` prints: cycles, instructions, ipc, stalls by cause,
    active lanes, per-warp figures and `per_pc` (issues and stall cycles per instruction).
    ValueError with the command's message for bad input."""

def generate(
    seed: int,
    index: int = 0,
    length: int = 200,
    depth: int = 2,
    mix: Union[str, None] = None,
    faults: bool = False,
) -> tuple[str, dict[str, Any]]:
    """Program `index` of `seed` and its state, exactly what `warpkit gen` writes
    (`mix` as `--mix` takes it, e.g. "int=3,fp=2")."""

class LogRecord(TypedDict):
    """A record of the divergence and its line in its log (1-based index for a list)."""

    record: dict[str, Any]
    line: int

class LogDifference(TypedDict, total=False):
    """One difference: `kind` is "value" (a record key), "write" (a written register),
    "lanes" (a vector register: `lanes` lists every differing lane), "only_a"/"only_b"
    (a register only one record writes; its value under "a" or "b"). `text` is the line
    `warpkit diff` prints for it."""

    key: str
    kind: Literal["value", "write", "lanes", "only_a", "only_b"]
    a: Any
    b: Any
    lanes: list[int]
    text: str

class LogDiff(TypedDict):
    """`equal_records` records agree; `record` (1-based) is the first that does not, with
    both records (None for a log that ended before it) and what differs. `report` is
    exactly what `warpkit diff` prints."""

    equal: bool
    equal_records: int
    record: Union[int, None]
    a: Union[LogRecord, None]
    b: Union[LogRecord, None]
    differences: list[LogDifference]
    report: str

LogArg = Union[str, bytes, "os.PathLike[str]", list[dict[str, Any]], tuple[dict[str, Any], ...]]

def diff(a: LogArg, b: LogArg, ignore: Union[list[str], None] = None, lanes: int = 4) -> LogDiff:
    """The first divergence of two commit logs, as `warpkit diff A B [--ignore K,..]
    [--lanes N]` finds it. A log is a path (os.PathLike, read as a stream), JSON Lines text
    (str or bytes, as `warpkit run --trace` writes it) or a list of records (`Sim.step`'s).
    Numbers compare by value ("0x0a" equals 10). ValueError names the log and line of a
    bad record; FileNotFoundError/OSError a file that cannot be read; TypeError any other
    argument."""

class Record(TypedDict):
    """One retired instruction: the keys of a `warpkit run --trace` line."""

    warp: int
    step: int
    pc: int
    word: int
    asm: str
    exec: int
    """EXEC before the instruction."""
    writes: dict[str, Union[int, list[int]]]
    """Every register written with its new value ("v3": 32 lanes, "u1": one value), and
    "exec", "fflags", "pc" when the instruction changed them ("pc" only for control flow
    that does not go on to the next instruction)."""

class Fault(TypedDict):
    cause: int
    name: str
    pc: int
    word: int

class Mode(TypedDict):
    rm: str
    rm16: str

class WarpState(TypedDict, total=False):
    status: Literal["exited", "faulted", "step_limit"]
    steps: int
    fault: Union[Fault, None]
    pc: int
    exec: int
    vgprs: int
    mode: Mode
    fflags: int
    u: dict[str, int]
    v: dict[str, list[int]]

class State(TypedDict):
    code_base: int
    warps: list[WarpState]

StateArg = Union[dict[str, Any], str, None]
"""A state: a dict in the state-file schema (ints or "0x..." strings), its JSON text, or
None for one warp in the default state."""

class Sim:
    """A program and the warps a state launches (`warpkit run`'s model)."""

    def __init__(
        self,
        program: Union[bytes, bytearray, str],
        state: StateArg = None,
        kernel: Optional[str] = None,
        engine: Optional[Literal["jit", "interp"]] = None,
    ) -> None:
        """`program`: machine code or an ELF code object / linked program (bytes, ELF by its
        magic) or assembly (str, assembled; AssemblyError). `state`: see StateArg. A bad
        state raises ValueError with `warpkit run`'s message.
        `kernel`: the kernel to start at (`warpkit run --kernel NAME`), for an ELF file or
        assembly that declares kernels; without it an ELF file starts at its entry or its
        only kernel. ValueError for a name the program has no kernel for, for raw machine
        code, and for warps with fewer `vgprs` than the kernel uses.
        `engine`: how run() executes, "jit" (hot code compiled to host vector code; needs
        x86-64 with AVX-512, ValueError elsewhere) or "interp"; the results are the same.
        Default: jit where the host supports it, else interp (WARPKIT_ENGINE=interp|jit
        sets the default). step() always interprets."""

    @property
    def engine(self) -> Literal["jit", "interp"]:
        """The engine run() uses."""

    @property
    def jit_stats(self) -> str:
        """What the compiling tier did for this program (`warpkit run --jit-stats`): blocks
        compiled, instructions retired compiled and interpreted, fallbacks; "" with the
        interpreter."""

    def step(self, warp: int = 0) -> Union[Record, None]:
        """Execute one instruction of `warp` and return its record, or None once the warp
        has exited or faulted (state() says how). IndexError for a warp that is not
        launched."""

    def run(self, max_steps: int = 1_000_000) -> None:
        """Run every warp until its step count reaches `max_steps` or it ends (like
        `warpkit run --max-steps`); continues from where stepping left off. Signals are
        handled every few tens of milliseconds: Ctrl-C raises KeyboardInterrupt with every
        warp between two instructions, so state() is then valid and run() goes on."""

    def state(self) -> State:
        """The state of every warp, as `warpkit run` prints it, values as ints. Valid as a
        `state` argument: runs resume from it."""

    def set_state(self, state: StateArg) -> None:
        """Replace the warps by those of `state` (e.g. a checkpoint from state()); the
        program stays. On error (ValueError) nothing changes."""
