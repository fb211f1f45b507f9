#!/usr/bin/python3
"""Writes Sources/FlingCore/Text/Unicode/BidiTable.swift, the Unicode data the bidirectional
algorithm (Sources/FlingCore/Text/Bidi.swift) reads: every code point's Bidi_Class, the paired
brackets of rule N0 and the mirrored glyphs of rule L4.

  scripts/gen-bidi-table.py [--ucd /usr/share/unicode] [--out PATH]

Reads extracted/DerivedBidiClass.txt, BidiBrackets.txt and BidiMirroring.txt from the Unicode
Character Database (Debian: apt-get install unicode-data). Python 3, standard library only.

The classes are one packed string literal, not an array literal: Swift type-checks a big
array literal slowly, and a string costs the compiler nothing. Each range of code points of
one class is written as the distance from the previous range's start in upper-case hex,
ended by the class's letter (a for L, b for R, ... in CLASSES order); the Swift side decodes
it once, on first use. The brackets and mirrors are short, so typed [UInt32] literals.
"""
import argparse
import os
import re
import sys

# Bidi_Class values in the order of the Swift enum (the letter of class i is chr(ord('a') + i)).
CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
           "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]

# The long value names that @missing lines use (PropertyValueAliases.txt, bc).
LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
    "European_Number": "EN", "European_Separator": "ES", "European_Terminator": "ET",
    "Arabic_Number": "AN", "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
    "Boundary_Neutral": "BN", "Paragraph_Separator": "B", "Segment_Separator": "S",
    "White_Space": "WS", "Other_Neutral": "ON", "Left_To_Right_Embedding": "LRE",
    "Left_To_Right_Override": "LRO", "Right_To_Left_Embedding": "RLE",
    "Right_To_Left_Override": "RLO", "Pop_Directional_Format": "PDF",
    "Left_To_Right_Isolate": "LRI", "Right_To_Left_Isolate": "RLI",
    "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}

MAX_CODE_POINT = 0x10FFFF


def parse_range(text):
    """'0041..005A' or '0041' -> (first, last)."""
    parts = text.strip().split("..")
    first = int(parts[0], 16)
    last = int(parts[-1], 16)
    return first, last


def data_lines(path):
    """(fields, line number) of each data line: comments stripped, blank lines skipped."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            body = line.split("#", 1)[0].strip()
            if body:
                yield [field.strip() for field in body.split(";")], number


def version_of(path):
    """The Unicode version in the file's first line ('# DerivedBidiClass-15.0.0.txt')."""
    with open(path, encoding="utf-8") as f:
        match = re.search(r"-(\d+\.\d+\.\d+)\.txt", f.readline())
    return match.group(1) if match else "unknown"


def bidi_class_table(path):
    """The Bidi_Class of every code point as merged ranges, packed into a Swift string literal.

    Unassigned code points take the @missing defaults (R and AL in right-to-left blocks, ET in
    Currency Symbols, L elsewhere); the file's data lines already give BN to noncharacters and
    default ignorables. Later @missing lines refine the first, whole-range one."""
    classes = [None] * (MAX_CODE_POINT + 1)
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\w+)", line)
            if match:
                first, last = parse_range(match.group(1))
                value = LONG_NAMES.get(match.group(2), match.group(2))
                classes[first:last + 1] = [value] * (last - first + 1)
    for fields, number in data_lines(path):
        if len(fields) < 2 or fields[1] not in CLASSES:
            sys.exit(f"{path}:{number}: not a code point range and a Bidi_Class: {fields}")
        first, last = parse_range(fields[0])
        classes[first:last + 1] = [fields[1]] * (last - first + 1)
    if None in classes:
        sys.exit(f"{path}: code point U+{classes.index(None):04X} has no Bidi_Class")

    # Merge: a range starts wherever the class changes.
    starts = [(0, classes[0])]
    for cp in range(1, MAX_CODE_POINT + 1):
        if classes[cp] != classes[cp - 1]:
            starts.append((cp, classes[cp]))
    pieces, previous = [], 0
    for start, value in starts:
        pieces.append("%X%s" % (start - previous, chr(ord("a") + CLASSES.index(value))))
        previous = start
    packed = "".join(pieces)
    lines = [packed[i:i + 96] for i in range(0, len(packed), 96)]
    swift = [
        "/// Every code point's Bidi_Class: %d ranges, each the distance from the previous" % len(starts),
        "/// range's start in hex, ended by its class's letter (a = L, b = R, ... in `BidiClass`",
        "/// order).",
        "/// Line breaks in the literal are skipped by the decoder.",
        'private let packedBidiClasses = """',
    ] + lines + ['"""', ""]
    return "\n".join(swift), len(starts)


def bidi_brackets_table(path):
    """Bidi_Paired_Bracket and Bidi_Paired_Bracket_Type: pairs of [code point, paired code point
    << 1 | 1 when opening], sorted by code point."""
    entries = []
    for fields, number in data_lines(path):
        if len(fields) < 3 or fields[2] not in ("o", "c"):
            sys.exit(f"{path}:{number}: not a bracket, its pair and o or c: {fields}")
        entries.append((int(fields[0], 16), int(fields[1], 16), fields[2] == "o"))
    entries.sort()
    values = []
    for cp, paired, opening in entries:
        values += ["0x%04X" % cp, "0x%05X" % (paired << 1 | (1 if opening else 0))]
    swift = [
        "/// Paired brackets (rule N0): %d brackets, each two numbers: its code point, and its" % len(entries),
        "/// paired bracket << 1 | 1 when it opens; sorted by code point.",
        "let bidiBracketTable: [UInt32] = [",
    ] + wrap(values) + ["]", ""]
    return "\n".join(swift), len(entries)


def bidi_mirroring_table(path):
    """Bidi_Mirroring_Glyph: pairs of [code point, mirrored code point], sorted by code point."""
    entries = []
    for fields, number in data_lines(path):
        if len(fields) < 2:
            sys.exit(f"{path}:{number}: not a code point and its mirror: {fields}")
        entries.append((int(fields[0], 16), int(fields[1], 16)))
    entries.sort()
    values = []
    for cp, mirror in entries:
        values += ["0x%04X" % cp, "0x%04X" % mirror]
    swift = [
        "/// Mirrored glyphs (rule L4): %d scalars, each two numbers: its code point and its" % len(entries),
        "/// mirror's; sorted by code point.",
        "let bidiMirroringTable: [UInt32] = [",
    ] + wrap(values) + ["]", ""]
    return "\n".join(swift), len(entries)


def wrap(values, per_line=10):
    return ["    " + ", ".join(values[i:i + per_line]) + ","
            for i in range(0, len(values), per_line)]


# The enum and the decoder: fixed Swift, written around the tables.
PRELUDE = """\
/// A character's Bidi_Class (UAX #9, table 4), named as the standard names them.
enum BidiClass: UInt8, Sendable {
    case L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON
    case LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI
}
"""

DECODER = """\
/// The class ranges decoded: each entry is a range's first code point << 8 | its class, sorted.
/// A global `let`: initialised once, on first use, thread-safely.
private let bidiClassRanges: [UInt32] = {
    var ranges: [UInt32] = []
    ranges.reserveCapacity(%d)
    var start: UInt32 = 0
    var delta: UInt32 = 0
    for byte in packedBidiClasses.utf8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            delta = delta << 4 | UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"):
            delta = delta << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "w"):
            start += delta
            delta = 0
            ranges.append(start << 8 | UInt32(byte - UInt8(ascii: "a")))
        default: continue  // the literal's line breaks
        }
    }
    return ranges
}()

/// Classes of U+0000..U+07FF (Latin, Greek, Cyrillic, Hebrew, Arabic) by direct index.
private let lowBidiClasses: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 0x800)
    let ranges = bidiClassRanges
    for (i, entry) in ranges.enumerated() {
        let start = Int(entry >> 8)
        if start >= 0x800 { break }
        let end = i + 1 < ranges.count ? min(Int(ranges[i + 1] >> 8), 0x800) : 0x800
        for cp in start..<end { table[cp] = UInt8(entry & 0xFF) }
    }
    return table
}()

extension BidiClass {
    /// The Bidi_Class of a code point (unassigned ones have their block's default).
    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x800 {
            self = BidiClass(rawValue: lowBidiClasses[Int(value)]) ?? .L
            return
        }
        let ranges = bidiClassRanges
        let key = value << 8 | 0xFF
        var low = 0
        var high = ranges.count  // the answer is the last entry <= key: in low..<high
        while high - low > 1 {
            let mid = (low + high) / 2
            if ranges[mid] <= key { low = mid } else { high = mid }
        }
        self = BidiClass(rawValue: UInt8(ranges[low] & 0xFF)) ?? .L
    }
}

/// Looks a code point up in a table of [code point, value] pairs sorted by code point.
func bidiPairLookup(_ table: [UInt32], _ value: UInt32) -> UInt32? {
    var low = 0
    var high = table.count / 2
    while low < high {
        let mid = (low + high) / 2
        let key = table[2 * mid]
        if key == value { return table[2 * mid + 1] }
        if key < value { low = mid + 1 } else { high = mid }
    }
    return nil
}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--ucd", default="/usr/share/unicode",
                        help="the Unicode Character Database folder (Debian's unicode-data)")
    parser.add_argument("--out", default=os.path.join(
        here, "..", "Sources", "FlingCore", "Text", "Unicode", "BidiTable.swift"))
    args = parser.parse_args()

    classes_path = os.path.join(args.ucd, "extracted", "DerivedBidiClass.txt")
    brackets_path = os.path.join(args.ucd, "BidiBrackets.txt")
    mirroring_path = os.path.join(args.ucd, "BidiMirroring.txt")
    for path in (classes_path, brackets_path, mirroring_path):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: apt-get install unicode-data")

    classes, range_count = bidi_class_table(classes_path)
    brackets, bracket_count = bidi_brackets_table(brackets_path)
    mirroring, mirror_count = bidi_mirroring_table(mirroring_path)
    version = version_of(classes_path)
    header = (
        "// Unicode %s bidirectional data: Bidi_Class, Bidi_Paired_Bracket(_Type), Bidi_Mirroring_Glyph.\n"
        "// GENERATED by scripts/gen-bidi-table.py from the Unicode Character Database's\n"
        "// extracted/DerivedBidiClass.txt, BidiBrackets.txt and BidiMirroring.txt; do not edit, rerun it.\n"
        % version)
    text = "\n".join([header, PRELUDE, classes, DECODER % range_count, brackets, mirroring])
    out = os.path.normpath(args.out)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text.rstrip("\n") + "\n")
    print(f"{out}: {range_count} class ranges, {bracket_count} brackets, "
          f"{mirror_count} mirrors, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
