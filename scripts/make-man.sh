#!/usr/bin/env bash
# Regenerates packaging/fling.1 from the command line's own definitions: argument-parser's
# generate-manual plugin (options, subcommands, their help), then the hand-written sections
# in packaging/fling.1.sections (script format, files, environment, exit status, examples).
set -euo pipefail
cd "$(dirname "$0")/.."
date="${MAN_DATE:-$(git log -1 --format=%cs 2>/dev/null || date +%F)}"
swift package generate-manual --configuration debug --date "$date" >/dev/null
generated=.build/plugins/GenerateManual/outputs/FlingApp/fling.1
# The generated page ends with a generic EXIT STATUS section: ours replaces it.
# Blank lines (paragraphs of a discussion) are not mdoc: they become .Pp.
awk '/^\.Sh "EXIT STATUS"/ { exit } /^$/ { print ".Pp"; next } { print }' "$generated" > packaging/fling.1.tmp
cat packaging/fling.1.sections >> packaging/fling.1.tmp
mv packaging/fling.1.tmp packaging/fling.1
echo "make-man: wrote packaging/fling.1"
