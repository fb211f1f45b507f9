#!/usr/bin/env python3
"""Generates FlingCore's Unicode property tables from the Unicode Character Database.

Reads Debian's `unicode-data` package (apt-get install unicode-data), under /usr/share/unicode
or the folder given with --ucd:
  LineBreak.txt                          the Line_Break class of every code point (UAX #14)
  EastAsianWidth.txt                     which OP/CP are wide (LB30 leaves those out)
  emoji/emoji-data.txt                   Extended_Pictographic (LB30b)
  extracted/DerivedGeneralCategory.txt   Mn/Mc for SA (LB1) and Cn for LB30b

Writes, under Sources/FlingCore/Text/Unicode/ of the checkout this script sits in:
  LineBreakTable.swift                   (table `linebreak`)

The Swift files it writes are generated: do not edit them by hand, change this script and
rerun it (`python3 scripts/gen-line-break-table.py`, or `--only linebreak` for one table).
Python 3 standard library only.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "Sources", "FlingCore", "Text", "Unicode")
CODE_POINTS = 0x110000

# The packed tables' digits: 64 ASCII characters that need no escaping in a Swift string.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


# ---------------------------------------------------------------------------------------------
# Reading the UCD


def ucd_lines(ucd, name):
    """Yields (first, last, fields) of each data line of a UCD file, comments stripped."""
    path = os.path.join(ucd, name)
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"gen-line-break-table: cannot read {path} ({e.strerror}); "
                 "install Debian's unicode-data or pass --ucd")
    with f:
        for number, line in enumerate(f, 1):
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [x.strip() for x in data.split(";")]
            m = re.fullmatch(r"([0-9A-Fa-f]{4,6})(?:\.\.([0-9A-Fa-f]{4,6}))?", fields[0])
            if not m:
                sys.exit(f"gen-line-break-table: {path}:{number}: bad code point field {fields[0]!r}")
            first = int(m.group(1), 16)
            last = int(m.group(2), 16) if m.group(2) else first
            yield first, last, fields[1:]


def ucd_version(ucd, name):
    """The version a UCD file's first line names ("# LineBreak-15.0.0.txt" -> "15.0.0")."""
    with open(os.path.join(ucd, name), encoding="utf-8") as f:
        m = re.search(r"-(\d+\.\d+\.\d+)\.txt", f.readline())
    return m.group(1) if m else "unknown"


def missing_lines(ucd, name):
    """The `# @missing: first..last; value` defaults of a UCD file, in file order."""
    out = []
    with open(os.path.join(ucd, name), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#\s*@missing:\s*([0-9A-F]+)\.\.([0-9A-F]+)\s*;\s*(\w+)", line)
            if m:
                out.append((int(m.group(1), 16), int(m.group(2), 16), m.group(3)))
    return out


def general_categories(ucd):
    gc = ["Cn"] * CODE_POINTS
    for first, last, fields in ucd_lines(ucd, "extracted/DerivedGeneralCategory.txt"):
        gc[first:last + 1] = [fields[0]] * (last - first + 1)
    return gc


def east_asian_widths(ucd):
    # Every OP and CP is assigned and listed, so the defaults for unlisted code points (N, or
    # W in the CJK blocks) never matter here.
    ea = ["N"] * CODE_POINTS
    for first, last, fields in ucd_lines(ucd, "EastAsianWidth.txt"):
        ea[first:last + 1] = [fields[0]] * (last - first + 1)
    return ea


def extended_pictographic(ucd):
    ep = [False] * CODE_POINTS
    for first, last, fields in ucd_lines(ucd, "emoji/emoji-data.txt"):
        if fields[0] == "Extended_Pictographic":
            ep[first:last + 1] = [True] * (last - first + 1)
    return ep


# ---------------------------------------------------------------------------------------------
# Writing Swift


def ranges(values):
    """[(start, value)] for each run of equal values (adjacent runs merged)."""
    out = []
    for cp, v in enumerate(values):
        if not out or out[-1][1] != v:
            out.append((cp, v))
    return out


def pack(words, digits):
    """Each word as `digits` base-64 characters, most significant first, in lines of 100."""
    text = "".join(
        "".join(ALPHABET[(w >> (6 * (digits - 1 - i))) & 63] for i in range(digits))
        for w in words)
    return [text[i:i + 100] for i in range(0, len(text), 100)]


def write_swift(name, text):
    os.makedirs(OUT_DIR, exist_ok=True)
    path = os.path.join(OUT_DIR, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"gen-line-break-table: wrote {os.path.relpath(path, ROOT)} ({len(text.encode())} bytes)")


# ---------------------------------------------------------------------------------------------
# Line_Break (UAX #14)

# The classes the line breaker tells apart, in table order. LB1's defaults are resolved here
# (AI, SG, XX -> AL; SA -> CM for Mn/Mc, else AL), except CJ, which stays its own class so a
# tailoring for loose CJK breaking can treat it as ID; the breaker reads it as NS (strict
# kinsoku). Three classes are split so that a rule needs no second property:
#   OPea, CPea  OP and CP that are East Asian Full/Wide/Half width, which LB30 leaves out
#   IDxp        ID that is Extended_Pictographic and unassigned, which LB30b joins to EM
LINE_BREAK_CLASSES = [
    "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL",
    "BA", "HY", "BB", "B2", "CB", "CL", "CP", "CPea", "EX", "IN",
    "IS", "NS", "OP", "OPea", "PO", "PR", "QU", "SY", "NU", "AL",
    "HL", "ID", "IDxp", "EB", "EM", "H2", "H3", "JL", "JV", "JT",
    "RI", "CJ",
]

# LineBreak.txt 15.0's header: unlisted code points are XX, except these blocks and ranges
# (later versions say the same in @missing lines, which are applied when present).
LINE_BREAK_DEFAULTS = [
    (0x3400, 0x4DBF, "ID"),    # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF, "ID"),    # CJK Unified Ideographs
    (0xF900, 0xFAFF, "ID"),    # CJK Compatibility Ideographs
    (0x20000, 0x2FFFD, "ID"),  # Plane 2
    (0x30000, 0x3FFFD, "ID"),  # Plane 3
    (0x1F000, 0x1FAFF, "ID"),  # Plane 1 pictographic ranges
    (0x1FC00, 0x1FFFD, "ID"),
    (0x20A0, 0x20CF, "PR"),    # Currency Symbols
]


def line_break_classes(ucd):
    """The class (a LINE_BREAK_CLASSES name) of every code point, LB1 applied."""
    lb = ["XX"] * CODE_POINTS
    missing = missing_lines(ucd, "LineBreak.txt")
    defaults = missing if len(missing) > 1 else LINE_BREAK_DEFAULTS
    for first, last, value in defaults:
        lb[first:last + 1] = [value] * (last - first + 1)
    for first, last, fields in ucd_lines(ucd, "LineBreak.txt"):
        lb[first:last + 1] = [fields[0]] * (last - first + 1)

    gc = general_categories(ucd)
    ea = east_asian_widths(ucd)
    ep = extended_pictographic(ucd)
    for cp in range(CODE_POINTS):
        c = lb[cp]
        if c in ("AI", "SG", "XX"):
            c = "AL"
        elif c == "SA":
            c = "CM" if gc[cp] in ("Mn", "Mc") else "AL"
        elif c in ("OP", "CP") and ea[cp] in ("F", "W", "H"):
            c += "ea"
        if ep[cp] and gc[cp] == "Cn":
            if c != "ID":
                sys.exit(f"gen-line-break-table: U+{cp:04X} is unassigned Extended_Pictographic "
                         f"but {c}, not ID: LB30b needs another split class")
            c = "IDxp"
        if c not in LINE_BREAK_CLASSES:
            sys.exit(f"gen-line-break-table: U+{cp:04X} has unknown Line_Break class {c}")
        lb[cp] = c
    return lb


def line_break_table(ucd):
    """LineBreakTable.swift: the class enum and the packed ranges."""
    version = ucd_version(ucd, "LineBreak.txt")
    index = {name: i for i, name in enumerate(LINE_BREAK_CLASSES)}
    runs = ranges(line_break_classes(ucd))
    # One word per run: its first code point (21 bits) above its class (6 bits), 5 digits.
    words = [(start << 6) | index[name] for start, name in runs]
    lines = pack(words, 5)
    cases = "\n".join(
        "    case " + ", ".join(LINE_BREAK_CLASSES[i:i + 10])
        for i in range(0, len(LINE_BREAK_CLASSES), 10))
    body = "\n".join("    " + line for line in lines)
    return f'''\
// The Line_Break class of every Unicode scalar (UAX #14, Unicode {version}), for LineBreaking.
// GENERATED by scripts/gen-line-break-table.py from Debian's unicode-data: LineBreak.txt,
// EastAsianWidth.txt, emoji/emoji-data.txt and extracted/DerivedGeneralCategory.txt.
// Do not edit by hand: change the script and rerun it.

/// A Line_Break class after UAX #14's LB1 defaults (AI, SG, XX -> AL; SA -> CM for Mn/Mc, else
/// AL). The names are the spec's, so the rules read as written there. CJ stays apart (the
/// breaker reads it as NS: strict kinsoku); OPea/CPea are the East Asian wide OP/CP that LB30
/// leaves out; IDxp is an unassigned Extended_Pictographic ID, which LB30b joins to EM.
enum LineBreakClass: UInt8, Sendable {{
{cases}
}}

/// The first code point of each run of scalars with one class, ascending from 0, with its class.
/// Decoded once, on first use, from the packed text below (a string literal compiles at once,
/// where an array literal of this size takes the type checker seconds).
let lineBreakRuns: (starts: [UInt32], classes: [LineBreakClass]) = decodeLineBreakRuns()

/// The number of runs in `lineBreakPacked`.
let lineBreakRunCount = {len(runs)}

/// Each run as 5 base-64 digits (A-Z a-z 0-9 + /, most significant first): its first code
/// point shifted left 6 bits, plus its class's raw value. Newlines are not digits.
private let lineBreakPacked = """
{body}
    """

private func decodeLineBreakRuns() -> (starts: [UInt32], classes: [LineBreakClass]) {{
    var starts: [UInt32] = []
    var classes: [LineBreakClass] = []
    starts.reserveCapacity(lineBreakRunCount)
    classes.reserveCapacity(lineBreakRunCount)
    var word: UInt32 = 0
    var digits = 0
    for byte in lineBreakPacked.utf8 {{
        let digit: UInt32
        switch byte {{
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): digit = 62
        case UInt8(ascii: "/"): digit = 63
        default: continue
        }}
        word = word << 6 | digit
        digits += 1
        if digits == 5 {{
            starts.append(word >> 6)
            // A class the enum lacks cannot come from the script; AL is LB1's default anyway.
            classes.append(LineBreakClass(rawValue: UInt8(word & 63)) ?? .AL)
            word = 0
            digits = 0
        }}
    }}
    return (starts, classes)
}}
'''


# ---------------------------------------------------------------------------------------------

TABLES = {
    "linebreak": ("LineBreakTable.swift", line_break_table),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--ucd", default="/usr/share/unicode",
                        help="the UCD folder (default: /usr/share/unicode)")
    parser.add_argument("--only", choices=sorted(TABLES), action="append",
                        help="write only this table (repeatable)")
    args = parser.parse_args()
    for key in args.only or sorted(TABLES):
        name, make = TABLES[key]
        write_swift(name, make(args.ucd))


if __name__ == "__main__":
    main()
