#!/usr/bin/env bash
# Regenerates packaging/fling.1 from the command line's own definitions: argument-parser's
# generate-manual tool (options, subcommands, their help), with the SYNOPSIS given as its
# alternatives and a real `help` entry, then the hand-written sections in
# packaging/fling.1.sections (keys, script format, state dump, files, environment, exit
# status, examples).
#
# generate-manual keeps only the ASCII characters of the help text: "release y − press y"
# came out as "release y  press y". So it reads a copy of the help dump in which every other
# character is an ASCII placeholder (@@u2212@@), and each placeholder becomes a roff escape
# (\(mi, \[u2026], …) afterwards: the page itself stays 7-bit, as mandoc and groff want it.
set -euo pipefail
cd "$(dirname "$0")/.."
date="${MAN_DATE:-$(git log -1 --format=%cs 2>/dev/null || date +%F)}"
swift build --product fling >/dev/null
swift build --product generate-manual >/dev/null
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin/fling" --experimental-dump-help \
  | perl -CSD -pe 's/([^\x00-\x7F])/sprintf("\@\@u%04X\@\@", ord($1))/ge' > "$work/dump.json"
# generate-manual runs its tool with --experimental-dump-help: this one answers with the copy.
printf '#!/bin/sh\nexec cat "%s"\n' "$work/dump.json" > "$work/fling"
chmod +x "$work/fling"
mkdir "$work/out"
"$bin/generate-manual" "$work/fling" --date "$date" --output-directory "$work/out" >/dev/null
generated="$work/out/fling.1"

# - The generated page ends with a generic EXIT STATUS section: ours replaces it.
# - Blank lines (paragraphs of a discussion) are not mdoc: they become .Pp.
# - SYNOPSIS: the generated one reads "fling subcommand [--scene name] …", as if a subcommand
#   were required; it becomes the app's form, then the subcommands' and help's.
# - The `help` entry argument-parser writes is a stub ("subcommands...", --version): replaced.
awk -v help="$(cat <<'EOF'
.It Em help Op Ar subcommand
Prints the help of
.Ar subcommand
(its options, as
.Nm
.Ar subcommand
.Fl -help
does), or without one the app's options and the list of subcommands, as
.Nm
.Fl -help
does.
A name that is no subcommand is a usage error (exit status 2).
EOF
)" '
  /^\.Sh "EXIT STATUS"/ { exit }
  section == ".Sh SYNOPSIS" && /^\.Sh / {
    # (mdoc breaks the line before each .Nm of a SYNOPSIS.)
    print ".Nm"; print ".Ar subcommand"; print ".Op Ar options"
    print ".Nm"; print ".Cm help"; print ".Op Ar subcommand"
  }
  /^\.Sh / { section = $0 }
  section == ".Sh SYNOPSIS" && /^\.Ar subcommand$/ { next }
  /^\.It Em help$/ { print help; skipping = 1; next }
  skipping && /^\.El$/ { skipping = 0; next }
  skipping { next }
  /^$/ { print ".Pp"; next }
  { print }
' "$generated" > "$work/fling.1"
cat packaging/fling.1.sections >> "$work/fling.1"

# The placeholders as roff escapes: named ones where roff has them, \[uXXXX] otherwise.
perl -pe '
  my %named = ("2212" => "\\(mi", "2014" => "\\(em", "2013" => "\\(en", "00D7" => "\\(mu",
               "00F7" => "\\(di", "2192" => "\\(->", "2190" => "\\(<-", "2265" => "\\(>=",
               "2264" => "\\(<=", "00B1" => "\\(+-");
  s/\@\@u([0-9A-F]{4,6})\@\@/$named{$1} \/\/ "\\[u$1]"/ge;
' "$work/fling.1" > packaging/fling.1
if LC_ALL=C grep -n '[^[:print:][:space:]]' packaging/fling.1 >&2; then
  echo "make-man: packaging/fling.1 has bytes outside ASCII (above): roff would drop them" >&2
  exit 1
fi
echo "make-man: wrote packaging/fling.1"
