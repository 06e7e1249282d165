"""Code objects read by an independent ELF/DWARF reader (pyelftools): the header, symbols,
relocations, the kernel notes and the line table of an object and a linked program.

Run from .ci/run: WARPKIT=target/release/warpkit pytest crates/object/tests/python
"""

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile
from elftools.elf.relocation import RelocationSection

ROOT = Path(__file__).resolve().parents[4]
WARPKIT = os.environ.get("WARPKIT", str(ROOT / "target" / "release" / "warpkit"))
MULTI = ROOT / "examples" / "multi"


def warpkit(*args, cwd):
    r = subprocess.run([WARPKIT, *args], cwd=cwd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("multi")
    for f in ["macros.inc", "helper.s", "kernels.s"]:
        shutil.copy(MULTI / f, d / f)
    warpkit("asm", "-f", "elf", "kernels.s", cwd=d)
    warpkit("asm", "-f", "elf", "helper.s", cwd=d)
    warpkit("link", "kernels.o", "helper.o", "-o", "prog.elf", cwd=d)
    return d


def kernel_notes(elf):
    """The kernel notes, parsed from the section's bytes (pyelftools names note types by
    the GNU meanings of their numbers)."""
    data = elf.get_section_by_name(".note.warpkit").data()
    out, at = {}, 0
    while at < len(data):
        namesz, descsz, ntype = struct.unpack_from("<III", data, at)
        name = data[at + 12 : at + 12 + namesz]
        d = at + 12 + (namesz + 3) // 4 * 4
        desc = data[d : d + descsz]
        at = d + (descsz + 3) // 4 * 4
        if name == b"warpkit\0" and ntype == 2:
            entry, size, vgprs, flags, uargs, _, name_len = struct.unpack_from("<IIIIQII", desc)
            out[desc[32 : 32 + name_len].decode()] = (entry, size, vgprs, flags, uargs)
    return out


def line_rows(elf):
    """(files, rows) of the line program at offset 0 of .debug_line (there is no
    .debug_info unit to reach it through)."""
    dwarf = elf.get_dwarf_info()
    lp = dwarf._parse_line_program_at_offset(0, dwarf.structs)
    files = [fe.name.decode() for fe in lp["file_entry"]]
    rows = [e.state for e in lp.get_entries() if e.state and not e.state.end_sequence]
    return files, rows


def test_object_header_symbols_relocations(built):
    with open(built / "kernels.o", "rb") as f:
        elf = ELFFile(f)
        assert elf.header["e_type"] == "ET_REL"
        assert elf.header["e_machine"] == 0x574B
        assert elf.header["e_flags"] == 0x0001
        syms = {s.name: s for s in elf.get_section_by_name(".symtab").iter_symbols()}
        assert syms["axpy"]["st_info"]["type"] == "STT_FUNC"
        assert syms["axpy"]["st_info"]["bind"] == "STB_GLOBAL"
        assert syms["axpy"]["st_size"] == 12
        assert syms["mul_add"]["st_shndx"] == "SHN_UNDEF"
        rela = elf.get_section_by_name(".rela.text")
        assert isinstance(rela, RelocationSection)
        symtab = elf.get_section(rela["sh_link"])
        got = [
            (r["r_offset"], r["r_info_type"], symtab.get_symbol(r["r_info_sym"]).name)
            for r in rela.iter_relocations()
        ]
        # jal (R_WARPKIT_PC19 = 2) to the helper, jmp (R_WARPKIT_PC22 = 3) to _end.
        assert (4, 2, "mul_add") in got and (8, 3, "_end") in got
        assert kernel_notes(elf)["axpy"][:2] == (0, 12)


def test_linked_program_notes_and_lines(built):
    with open(built / "prog.elf", "rb") as f:
        elf = ELFFile(f)
        assert elf.header["e_type"] == "ET_EXEC"
        assert elf.get_section_by_name(".rela.text") is None
        seg = next(elf.iter_segments())
        assert seg["p_type"] == "PT_LOAD"
        text = elf.get_section_by_name(".text")
        assert seg["p_filesz"] == text["sh_size"]
        notes = kernel_notes(elf)
        # axpy reaches the helper in the other file: v0..v3, argument u0.
        assert notes["axpy"][2] == 4 and notes["axpy"][4] == 1
        assert set(notes) == {"axpy", "square_plus"}
        files, rows = line_rows(elf)
        assert any(f.endswith("kernels.s") for f in files)
        assert any(f.endswith("helper.s") for f in files)
        # mov.vu at line 10 of kernels.s, then the `call` macro use at line 11.
        assert (rows[0].address, rows[0].line, rows[1].address, rows[1].line) == (0, 10, 4, 11)
