#!/usr/bin/env bash
# Makes the README's screenshots with the app itself, headless (docs/*.png).
set -euo pipefail
bin=${1:-.build/debug/fling}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/list.txt" <<SCRIPT
0.1 shot docs/restaurants.png
SCRIPT
"$bin" --headless --script "$tmp/list.txt" --scale 2
"$bin" gallery --out docs/gallery.png
echo "screenshots written to docs/"
