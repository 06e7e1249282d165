"""Shared helpers: the repository's examples and the `warpkit` command line, the reference
the package is compared with (build it first: cargo build --release -p warpkit)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples").glob("*.s")) + sorted(
    (ROOT / "examples" / "cosim" / "programs").glob("*.s")
)


def find_cli() -> str | None:
    for c in (
        os.environ.get("WARPKIT_CLI"),
        ROOT / "target" / "release" / "warpkit",
        ROOT / "target" / "debug" / "warpkit",
        shutil.which("warpkit"),
    ):
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(c)
    return None


@pytest.fixture(scope="session")
def cli():
    """Run the warpkit command: cli(*args, stdin=b"") -> CompletedProcess."""
    exe = find_cli()
    if exe is None:
        pytest.fail(
            "the warpkit command line is the reference of these tests: build it "
            "(cargo build --release -p warpkit) or set WARPKIT_CLI"
        )

    def run(*args, stdin: bytes = b""):
        return subprocess.run([exe, *map(str, args)], input=stdin, capture_output=True)

    return run


def state_path(program: Path) -> Path | None:
    p = program.with_name(program.stem + ".state.json")
    return p if p.exists() else None


def ints(v):
    """A value of `warpkit run`'s JSON with the "0x" strings as ints (how the package gives
    them)."""
    if isinstance(v, str) and v.startswith("0x"):
        return int(v, 16)
    if isinstance(v, list):
        return [ints(x) for x in v]
    if isinstance(v, dict):
        return {k: ints(x) for k, x in v.items()}
    return v


def cli_run(cli, program: Path, *extra) -> tuple[dict, list[dict]]:
    """`warpkit run PROGRAM [--state S] --trace -`: (final state, trace records), with ints."""
    args = ["run", program, "--trace", "-", *extra]
    st = state_path(program)
    if st is not None:
        args += ["--state", st]
    out = cli(*args)
    assert out.returncode == 0, out.stderr.decode()
    lines = out.stdout.decode().splitlines()
    # The trace lines come first, then the pretty-printed final state.
    start = next(i for i, l in enumerate(lines) if l == "{")
    records = [ints(json.loads(l)) for l in lines[:start]]
    return ints(json.loads("\n".join(lines[start:]))), records
