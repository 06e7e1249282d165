#!/usr/bin/env python3
"""The encoding space counted from the manual chapters (shared/seeds/*.txt), independently of
warpkit's parser: which opcodes each format holds, how many function-code values each opcode
uses and has free, totals per format and the free opcodes of each size.

    python3 tools/isa_space_check.py --write     # regenerate crates/isa/tests/data/seed_space.json
    python3 tools/isa_space_check.py --check [--warpkit target/release/warpkit]
        # the committed fixture equals the count from the chapters, and `warpkit isa map --json`
        # and `warpkit isa free --format F --json` agree with it (CI runs this when the
        # chapters are present)

Only the chapters' encoding column is read (`R op opcode=0x14 f4=0x0`): the width of a function
code is the number in its field name (f4 = 4 bits, 16 values); a format without one holds one
variant per opcode; an odd opcode is a 64-bit instruction.
"""
import argparse, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import import_seeds  # noqa: E402  (the chapters' parser; it reads the encoding column as written)

FIXTURE = os.path.join(HERE, "..", "crates", "isa", "tests", "data", "seed_space.json")


def count(seed_dir):
    opcodes = {}
    for r in import_seeds.load_seeds(seed_dir):
        fmt, op, fn = import_seeds.parse_enc(r["enc"])
        width = int(fn[0][1:]) if fn else 0
        slot = opcodes.setdefault(op, {"format": fmt, "width": width, "used": set()})
        if slot["format"] != fmt:
            raise SystemExit(f"opcode {op:#x} has formats {slot['format']} and {fmt} in the chapters")
        slot["used"].add(fn[1] if fn else 0)
    out_ops, formats = [], {}
    for op in sorted(opcodes):
        s = opcodes[op]
        cap = 1 << s["width"]
        out_ops.append({"opcode": op, "format": s["format"], "used": len(s["used"]),
                        "capacity": cap, "free": cap - len(s["used"])})
        t = formats.setdefault(s["format"], {"opcodes": 0, "variants": 0, "capacity": 0, "free": 0})
        t["opcodes"] += 1
        t["variants"] += len(s["used"])
        t["capacity"] += cap
        t["free"] += cap - len(s["used"])
    free_ops = {"32": sum(1 for o in range(0, 128, 2) if o not in opcodes),
                "64": sum(1 for o in range(1, 128, 2) if o not in opcodes)}
    return {"opcodes": out_ops, "formats": formats, "free_opcodes": free_ops}


def check_cli(exe, want):
    ok = True
    got = json.loads(subprocess.run([exe, "isa", "map", "--json"], check=True,
                                    capture_output=True, text=True).stdout)
    used = [{"opcode": s["opcode"], "format": s["format"], "used": len(s["used"]),
             "capacity": s["capacity"], "free": s["free"]} for s in got["opcodes"] if s["format"]]
    if used != want["opcodes"]:
        print("isa map --json: the opcodes disagree with the chapters")
        ok = False
    for t in got["formats"]:
        w = want["formats"].get(t["format"])
        mine = {k: t[k] for k in ("opcodes", "variants", "capacity", "free")}
        if w is None and t["opcodes"] == 0:
            continue
        if mine != w:
            print(f"isa map --json: format {t['format']}: {mine} != chapters {w}")
            ok = False
    if got["free_opcodes"] != want["free_opcodes"]:
        print(f"isa map --json: free opcodes {got['free_opcodes']} != chapters {want['free_opcodes']}")
        ok = False
    # isa free: the format's own free values plus every free opcode of its size.
    widths = {s["format"]: s["capacity"] for s in want["opcodes"]}
    for fmt, t in want["formats"].items():
        p = subprocess.run([exe, "isa", "free", "--format", fmt, "--json"], capture_output=True, text=True)
        size = "64" if any(s["opcode"] & 1 for s in want["opcodes"] if s["format"] == fmt) else "32"
        expect = t["free"] + want["free_opcodes"][size] * widths[fmt]
        if expect == 0:
            if p.returncode != 1 or "no free slot" not in p.stderr:
                print(f"isa free --format {fmt}: expected 'no free slot', got {p.returncode} {p.stderr!r}")
                ok = False
            continue
        total = json.loads(p.stdout)["total"] if p.returncode == 0 else None
        if total != expect:
            print(f"isa free --format {fmt}: {total} pairs, the chapters give {expect}")
            ok = False
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default=os.path.join(HERE, "..", "..", "shared", "seeds"))
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--warpkit", default=os.path.join(HERE, "..", "target", "release", "warpkit"))
    a = ap.parse_args()
    want = count(a.seeds)
    text = json.dumps(want, indent=1, sort_keys=True) + "\n"
    if a.write:
        with open(FIXTURE, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    ok = True
    if open(FIXTURE, encoding="utf-8").read() != text:
        print(f"{FIXTURE} is out of date: run tools/isa_space_check.py --write")
        ok = False
    ok = check_cli(a.warpkit, want) and ok
    n = sum(t["variants"] for t in want["formats"].values())
    print(f"encoding space of {n} chapter rows: {'agrees' if ok else 'DISAGREES'} with the fixture and warpkit isa map/free")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
