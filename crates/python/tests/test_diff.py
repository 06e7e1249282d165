"""`warpkit.diff`: the first divergence of two commit logs, what `warpkit diff` finds,
from paths, JSON Lines text or Sim.step records; bad input is an exception."""

import json
from pathlib import Path

import pytest

import warpkit

from conftest import ROOT

PROGRAM = "laneid v1\nadd v2, v1, v1\nmovi v3, 7\nadd v2, v2, v3\n"


def records(program=PROGRAM, state=None):
    sim = warpkit.Sim(program, state)
    out = []
    while (r := sim.step(0)) is not None:
        out.append(r)
    return out


def trace(cli, tmp_path, program=PROGRAM, name="a"):
    src = tmp_path / f"{name}.s"
    src.write_text(program)
    log = tmp_path / f"{name}.jsonl"
    out = cli("run", src, "--trace", log)
    assert out.returncode == 0, out.stderr.decode()
    return log


def test_equal_logs_from_paths_text_and_records(cli, tmp_path):
    log = trace(cli, tmp_path)
    r = warpkit.diff(log, log)
    assert r["equal"] and r["record"] is None and r["differences"] == []
    assert r["equal_records"] == 4
    # The CLI's trace text and the package's own step records are the same log.
    r = warpkit.diff(log.read_text(), records())
    assert r["equal"], r["report"]
    assert warpkit.diff(log.read_bytes(), tuple(records()))["equal"]
    assert r["report"] == cli("diff", log, log).stdout.decode()


def test_the_first_divergence_as_data_and_as_the_command_line_says_it(cli, tmp_path):
    a = trace(cli, tmp_path)
    b = trace(cli, tmp_path, PROGRAM.replace("movi v3, 7", "movi v3, 8"), "b")
    r = warpkit.diff(a, b)
    assert not r["equal"] and r["equal_records"] == 2 and r["record"] == 3
    assert r["a"]["line"] == 3 and r["a"]["record"]["asm"] == "movi v3, 7"
    assert r["b"]["record"]["asm"] == "movi v3, 8"
    kinds = {d["key"]: d for d in r["differences"]}
    assert kinds["word"]["kind"] == "value"
    v3 = kinds["v3"]
    assert v3["kind"] == "lanes" and v3["lanes"] == list(range(32))
    assert v3["a"][0] == 7 and v3["b"][0] == 8
    assert v3["text"].startswith("v3: 32 lanes differ: lane 0: A 0x00000007 B 0x00000008")
    # Byte for byte what `warpkit diff` prints.
    out = cli("diff", a, b)
    assert out.returncode == 1
    assert r["report"] == out.stdout.decode()
    # Options as --ignore and --lanes take them.
    r = warpkit.diff(a, b, ignore=["word", "asm", "v3"])
    # ... then v2, computed from v3, differs one record later.
    assert r["record"] == 4 and [d["key"] for d in r["differences"]] == ["v2"], r["report"]
    r = warpkit.diff(a, b, ignore=["word", "asm", "v3", "v2"])
    assert r["equal"], r["report"]
    r = warpkit.diff(a, b, lanes=1)
    assert r["report"] == cli("diff", a, b, "--lanes", "1").stdout.decode()


def test_a_shorter_log_and_values_written_by_one_side():
    full = records()
    r = warpkit.diff(full, full[:2])
    assert r["record"] == 3 and r["b"] is None and r["a"]["line"] == 3
    assert "<b> ends after 2 records; <a> has an extra record at line 3" in r["report"]
    other = [dict(x) for x in full]
    other[0] = dict(other[0], writes={})
    r = warpkit.diff(full, other)
    (d,) = r["differences"]
    assert d["kind"] == "only_a" and d["key"] == "v1" and d["a"] == list(range(32))
    # RTL logs spell numbers their own way: "0x7" and 7 are the same value.
    hexed = json.dumps({"pc": "0x8", "writes": {"v3": ["0x7"] * 32}})
    plain = json.dumps({"pc": 8, "writes": {"v3": [7] * 32}})
    assert warpkit.diff(hexed, plain)["equal"]


def test_bad_input_is_an_exception(tmp_path):
    good = json.dumps({"pc": 0})
    with pytest.raises(ValueError, match=r"<b>:2: not a JSON record"):
        warpkit.diff(good + "\n" + good, good + "\n{oops\n")
    with pytest.raises(ValueError, match=r"<a>:1: a record must be a JSON object"):
        warpkit.diff("[1, 2]\n", good)
    with pytest.raises(ValueError, match=r"<a>:1: not a JSON record"):
        warpkit.diff("[" * 100_000 + "\n", good)
    with pytest.raises(ValueError, match=r"<a>:1"):
        warpkit.diff(b"\xff\xfe\n", good)
    with pytest.raises(TypeError, match=r"b\[1\]: a record must be a dict, not int"):
        warpkit.diff([{}], [{}, 3])
    with pytest.raises(TypeError, match="a must be a path"):
        warpkit.diff(42, good)
    with pytest.raises(ValueError, match="nested more than"):
        deep = {}
        for _ in range(1000):
            deep = {"x": deep}
        warpkit.diff([deep], [{}])
    missing = tmp_path / "missing.jsonl"
    with pytest.raises(FileNotFoundError, match="missing.jsonl"):
        warpkit.diff(missing, good)
    with pytest.raises(IsADirectoryError, match="it is a directory"):
        warpkit.diff(good, tmp_path)
    with pytest.raises(TypeError):
        warpkit.diff(good, good, ignore="asm")
    with pytest.raises(OverflowError):
        warpkit.diff(good, good, lanes=-1)


def test_exported_and_typed():
    assert "diff" in warpkit.__all__
    stub = (ROOT / "crates" / "python" / "python" / "warpkit" / "__init__.pyi").read_text()
    assert "def diff(" in stub and '"diff"' in stub
