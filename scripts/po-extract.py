#!/usr/bin/env python3
"""Writes po/fling.pot, the template of every string Fling shows, from the Swift
sources of the UI and the app: the literals given to Text(...), to a `title:`/`label:`
parameter, to the accessibility modifiers, to `localized(...)` and to `LocalizedStringKey(...)`;
`plural("…", other: "…"` gives a msgid with its msgid_plural, `string("…", context: "…")` one
with its msgctxt (the app's strftime patterns). An interpolation \\(...) becomes %@, as
LocalizedStringKey makes it; a literal % becomes %% (not in a context's raw pattern).

  scripts/po-extract.py           write po/fling.pot
  scripts/po-extract.py --check   exit 1, naming what differs, when po/fling.pot is not current
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [os.path.join(ROOT, "Sources", "FlingUI"), os.path.join(ROOT, "Sources", "FlingApp")]
POT = os.path.join(ROOT, "po", "fling.pot")

# A Swift string literal without newlines, with its \( ... ) interpolations (one level of parentheses inside).
LITERAL = r'"((?:[^"\\\n]|\\\((?:[^()"]|\([^()]*\)|"[^"]*")*\)|\\.)*)"'
CALLS = [r'\bText\(\s*' + LITERAL + r'\s*\)',
         r'(?<![.\w])(?:title|label):\s*' + LITERAL,
         r'\.accessibility(?:Label|Value|Hint)\(\s*' + LITERAL + r'\s*\)',
         r'\blocalized\(\s*' + LITERAL + r'\s*\)',
         r'\bLocalizedStringKey\(\s*' + LITERAL + r'\s*\)']
PATTERN = re.compile("|".join(CALLS))
PLURAL = re.compile(r'\bplural\(\s*' + LITERAL + r'\s*,\s*other:\s*' + LITERAL)
CONTEXT = re.compile(r'\bstring\(\s*' + LITERAL + r'\s*,\s*context:\s*' + LITERAL + r'\s*\)')
INTERPOLATION = re.compile(r'\\\((?:[^()"]|\([^()]*\)|"[^"]*")*\)')


def key(literal):
    parts = INTERPOLATION.split(literal)
    if len(parts) == 1:   # no placeholder: the key is the text itself, as LocalizedStringKey looks it up
        return literal.replace('\\"', '"').replace("\\\\", "\\")
    escaped = [p.replace("%", "%%") for p in parts]
    k = "%@".join(escaped)
    return k.replace('\\"', '"').replace("\\\\", "\\")


def extract():
    """{(context, msgid): (msgid_plural or None, [where])}"""
    found = {}
    for top in SOURCES:
        for folder, _, files in sorted(os.walk(top)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT)
                for n, line in enumerate(open(path, encoding="utf-8"), 1):
                    if line.lstrip().startswith("//"):
                        continue
                    where = f"{rel}:{n}"
                    for m in PLURAL.finditer(line):
                        found.setdefault((None, key(m.group(1))), [key(m.group(2)), []])[1].append(where)
                    for m in CONTEXT.finditer(line):
                        raw = m.group(1).replace('\\"', '"').replace("\\\\", "\\")
                        found.setdefault((m.group(2), raw), [None, []])[1].append(where)
                    if top != SOURCES[0]:
                        continue   # the app: only its plural and context forms
                    for m in PATTERN.finditer(line):
                        literal = next(g for g in m.groups() if g is not None)
                        k = key(literal)
                        if k and k.strip():
                            found.setdefault((None, k), [None, []])[1].append(where)
    return found


def po_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def template(found):
    out = ['# The strings Fling shows, keyed by their English source (issue 48).',
           '# Written by scripts/po-extract.py from Sources/FlingUI: do not edit by hand.',
           'msgid ""', 'msgstr ""',
           '"Project-Id-Version: fling\\n"',
           '"MIME-Version: 1.0\\n"',
           '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', '']
    for (context, k) in sorted(found, key=lambda e: (e[1], e[0] or "")):
        plural, where = found[(context, k)]
        out.append("#: " + " ".join(where[:4]))
        if context is not None:
            out.append("#, no-c-format")
            out.append("msgctxt " + po_string(context))
        elif "%" in k.replace("%%", ""):
            out.append("#, objc-format")
        out.append("msgid " + po_string(k))
        if plural is not None:
            out.append("msgid_plural " + po_string(plural))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def main():
    text = template(extract())
    if "--check" in sys.argv:
        current = open(POT, encoding="utf-8").read() if os.path.exists(POT) else ""
        # Where a string is (#: file:line) moves with every edit: only the strings must agree.
        strip = lambda t: [l for l in t.split("\n") if not l.startswith("#:")]
        if strip(current) != strip(text):
            sys.exit("po/fling.pot is not current with the sources: run scripts/po-extract.py, then update po/*.po (msgmerge)")
        return
    with open(POT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"po/fling.pot: {text.count('msgid ') - 1} strings")


main()
