#!/usr/bin/env python3
"""Read the manual chapters (shared/seeds/*.txt) and either write the instruction
database (crates/isa/instructions.isa) or check that the database still agrees with them.

    python3 tools/import_seeds.py --check          # CI: database == chapters (modulo English text)
    python3 tools/import_seeds.py --write OUT      # regenerate rows (semantics from the translation table)

The chapters are the authority for mnemonic, format, opcode, function code, latency,
operands and flags; the database adds English semantics, group titles and the access facts
(reads / writes columns, derived from the chapters' semantics and flags; build.rs checks them).
"""
import re, sys, os, argparse

FORMATS = ["R1U", "R1", "RU", "R", "I8", "LI", "CU", "CI", "C", "UR", "UI", "U1", "ULI", "UL",
           "JL", "JR", "J", "B", "SYS", "XL", "X", "HC", "H", "T"]
FLAGS = {"-", "p64", "ir", "re", "ur", "ei", "we", "eb", "br", "cd", "cal", "ix", "fm", "rmo",
         "h16", "ld", "db", "sp", "wqm", "st", "at", "opt", "sy", "fo"}


def parse_pipe_chapter(text, chapter):
    """Chapters 000 and 003: markdown-ish tables with | separators."""
    rows, syntax, group = [], {}, None
    desc, has_sem = None, False
    for line in text.splitlines():
        line = line.rstrip()
        if not line:
            continue
        m = re.match(r"^([a-z][\w.]*)\s+((?:r[sd]\d?|imm|rd|rs\d)\:\S+.*)$", line)
        if m and "|" not in line:
            syntax[m.group(1)] = m.group(2).split()
            continue
        if line.startswith("描述："):
            desc = line[len("描述："):]
            continue
        if line.startswith("|"):
            if "变体" in line or "助记符" in line:
                has_sem = "语义" in line
            continue
        if "|" in line:
            if line.endswith(" |"):
                line = line[:-2]
            cells = [c.strip() for c in line.split("|")]
            if chapter == "7":
                mn, ops, enc, lat = cells[:4]
                sem, flags = " | ".join(cells[4:-1]), cells[-1]
                operands = [] if ops == "-" else ops.split()
            else:
                mn, enc, lat = cells[:3]
                flags = cells[-1]
                sem = " | ".join(cells[3:-1]) if has_sem else desc
                operands = syntax[mn]
            rows.append(dict(mnemonic=mn, enc=enc, latency=lat, sem=sem, flags=flags,
                             operands=operands, group=group))
            continue
        # a heading line: group titles contain '（' and a count '条）'
        if re.search(r"条）$", line) or re.match(r"^\d+(\.\d+)*\s", line):
            group = line
            desc = None
        else:
            desc = None if not line.isupper() else desc
    return rows


def parse_fp_chapter(text):
    """Chapter 001: the table cells lost their separators."""
    rows, syntax, group, desc = [], {}, None, None
    fmt_re = "|".join(FORMATS)
    for line in text.splitlines():
        line = line.strip()
        if not line or line == "Skip to main content" or line.startswith("语法") or line.startswith("变体"):
            continue
        m = re.match(r"^([a-z][\w.]*)\s{2,}(\S+:.*)$", line)
        if m:
            syntax[m.group(1)] = m.group(2).split()
            continue
        if line.startswith("描述："):
            desc = line[len("描述："):]
            continue
        if " op opcode=" in line:
            mn = max((k for k in syntax if line.startswith(k) and re.match(r"(%s) op" % fmt_re, line[len(k):])), key=len)
            rest = line[len(mn):]
            m = re.match(r"^(%s) op opcode=(0x[0-9a-f]+?)(?: (f\d+)=(0x[0-9a-f]+?))?(fixed:\d+|async:\w+)(.*)$" % fmt_re, rest)
            fmt, op, fn, fv, lat, tail = m.groups()
            flags = []
            while True:
                t = tail.rstrip()
                hit = next((f for f in sorted(FLAGS, key=len, reverse=True) if t.endswith(f)
                            and (len(t) == len(f) or t[-len(f) - 1] == " " or f in ("-", "fm", "h16", "rmo", "re"))), None)
                if hit is None:
                    break
                flags.insert(0, hit)
                tail = t[: -len(hit)]
            sem = tail.strip() or desc
            enc = f"{fmt} op opcode={op}" + (f" {fn}={fv}" if fn else "")
            rows.append(dict(mnemonic=mn, enc=enc, latency=lat, sem=sem, flags=" ".join(flags),
                             operands=syntax[mn], group=group))
            continue
        if re.search(r"条）$", line):
            group = line
            desc = None
    return rows


def parse_enc(enc):
    m = re.match(r"^(\w+) op opcode=(0x[0-9a-f]+)(?: (f\d+)=(0x[0-9a-f]+))?$", enc)
    fmt, op, fn, fv = m.groups()
    return fmt, int(op, 16), (fn, int(fv, 16)) if fn else None


def load_seeds(seed_dir):
    rows = []
    for name, ch in (("000_172f8095a2ad2aab.txt", "6.1"), ("001_f5efcf18d734e075.txt", "6.2"),
                     ("003_99db9571706cc570.txt", "7")):
        text = open(os.path.join(seed_dir, name), encoding="utf-8").read()
        part = parse_fp_chapter(text) if ch == "6.2" else parse_pipe_chapter(text, ch)
        for r in part:
            r["chapter"] = ch
        rows += part
    return rows


def key(r):
    fmt, op, fn = parse_enc(r["enc"])
    return (r["mnemonic"], fmt, op, fn, r["latency"], tuple(r["operands"]), tuple(sorted(r["flags"].split())))


def read_db(path):
    """Rows of the database as comparable keys. Columns: mnemonic | format | opcode | funct |
    latency | operands | flags | reads | writes | semantics (the semantics may contain '|').
    The access facts (reads, writes) are the database's own; build.rs checks them."""
    out = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("@"):
            continue
        c = [x.strip() for x in line.split("|", 9)]
        if len(c) != 10 or not c[7] or not c[8]:
            raise SystemExit(f"{path}:{n}: want 10 '|'-separated cells with reads and writes ('-' for none)")
        mn, fmt, op, funct, lat, ops, flags = c[:7]
        fn = None if funct == "-" else (funct.split("=")[0], int(funct.split("=")[1], 16))
        out.append((mn, fmt, int(op, 16), fn, lat, tuple(ops.split()) if ops != "-" else (), tuple(sorted(flags.split()))))
    return out


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--seeds", default=os.path.join(here, "..", "..", "shared", "seeds"))
    ap.add_argument("--db", default=os.path.join(here, "..", "crates", "isa", "instructions.isa"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--dump", action="store_true", help="print the parsed seed rows (raw semantics)")
    a = ap.parse_args()
    # Outside this checkout's layout the defaults name nothing: say which path to give.
    if not os.path.isdir(a.seeds):
        print(f"import_seeds.py: error: the manual chapters are not at {os.path.normpath(a.seeds)}; "
              "give their directory with --seeds DIR", file=sys.stderr)
        return 2
    if not os.path.isfile(a.db):
        print(f"import_seeds.py: error: no database at {os.path.normpath(a.db)}; "
              "give crates/isa/instructions.isa with --db FILE", file=sys.stderr)
        return 2
    try:
        rows = load_seeds(a.seeds)
    except OSError as e:
        print(f"import_seeds.py: error: cannot read the chapters in {a.seeds}: {e}", file=sys.stderr)
        return 2
    if a.dump:
        for r in rows:
            print(r["chapter"], "|", r["group"], "|", r["mnemonic"], "|", r["enc"], "|", r["latency"], "|",
                  " ".join(r["operands"]) or "-", "|", r["flags"] or "-", "|", r["sem"])
        return 0
    if a.check:
        seeds = [key(r) for r in rows]
        db = read_db(a.db)
        fixed = [(k[0], k[1], k[2], k[3], k[4], k[5], tuple(f for f in k[6])) for k in seeds]
        ok = True
        if len(fixed) != len(db):
            print(f"row count: seeds {len(fixed)}, database {len(db)}")
            ok = False
        for s, d in zip(fixed, db):
            s = s[:5] + (tuple(x for x in s[5]),) + (tuple(f for f in s[6] if f != "-"),)
            d = d[:6] + (tuple(f for f in d[6] if f != "-"),)
            if s != d:
                print("mismatch:\n  seed:", s, "\n  db:  ", d)
                ok = False
        print(f"{len(fixed)} seed rows, {len(db)} database rows: {'agree' if ok else 'DISAGREE'}")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
