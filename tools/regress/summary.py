#!/usr/bin/env python3
"""Group the reproducers of a regression directory by their first divergence.

    python3 tools/regress/summary.py work

tools/regress/one.sh leaves, for every program that diverged, the reduced reproducer
NNNN.min.s and NNNN.min.diff.txt (`warpkit diff` of its two logs). Reproducers of one DUT
bug usually reduce to the same instruction: this prints one line per group (the variant
of the first divergent instruction and the fields that differ there), largest first, with
a count and the reproducers, so 49 copies of one bug read as one bug. Exit 0 (with no
reproducers it prints "no divergences"); 2 on a bad command line.
"""

import os
import re
import sys


def key_of(text):
    """(variant, differing fields) of a `warpkit diff` report, or a note for a DUT failure."""
    lines = text.splitlines()
    for line in lines:
        if "the DUT failed" in line or "the DUT wrote no log" in line:
            return ("(the DUT failed or wrote no log)", "")
    asm = ""
    fields = []
    for line in lines:
        m = re.match(r"\s+A: warp \S+, step \S+, pc \S+: (.*) \(word", line)
        if m and not asm:
            asm = m.group(1).strip()
            continue
        m = re.match(r"\s+([A-Za-z_][\w.]*):", line)
        if m and m.group(1) not in ("A", "B"):
            fields.append(m.group(1))
    if not asm:
        ends = next((l for l in lines if "ends after" in l), None)
        return ("(one log ends early)", ends.split(":", 1)[-1].strip() if ends else "")
    return (asm.split()[0], ",".join(fields))


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: summary.py DIR (the directory one.sh ran in)", file=sys.stderr)
        return 2
    d = argv[1]
    groups = {}
    for name in sorted(os.listdir(d)):
        if not name.endswith(".min.diff.txt"):
            continue
        with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
            text = f.read()
        k = key_of(text)
        example = ""
        m = re.search(r"\s+A: warp \S+, step \S+, pc \S+: (.*) \(word", text)
        if m:
            example = m.group(1).strip()
        g = groups.setdefault(k, {"programs": [], "example": example})
        g["programs"].append(name[: -len(".min.diff.txt")] + ".min.s")
    if not groups:
        print("no divergences")
        return 0
    total = sum(len(g["programs"]) for g in groups.values())
    print(f"{total} reproducers in {len(groups)} groups (by first divergent variant and fields):")
    for (variant, fields), g in sorted(groups.items(), key=lambda kv: -len(kv[1]["programs"])):
        progs = g["programs"]
        shown = ", ".join(progs[:5]) + (f", ... ({len(progs) - 5} more)" if len(progs) > 5 else "")
        what = variant + (f" [{fields}]" if fields else "")
        ex = f"  e.g. `{g['example']}`" if g["example"] else ""
        print(f"{len(progs):6}  {what}{ex}\n        {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
