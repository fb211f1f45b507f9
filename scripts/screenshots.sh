#!/usr/bin/env bash
# Makes the README's screenshots and frame strips with the app itself, headless (docs/).
set -euo pipefail
bin=${1:-.build/debug/fling}
cd "$(dirname "$0")/.."
mkdir -p docs/frames
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
date=(--date 2026-11-22)

# The list, at phone size and scale 2.
echo "0.1 shot docs/restaurants.png" > "$tmp/list.txt"
"$bin" --headless --scale 2 --script "$tmp/list.txt"

# A drag of the sheet, frame by frame: at half, dragged up, released, settling, at full.
cat > "$tmp/sheet.txt" <<SCRIPT
0.1 tap 200 230
1.5 shot docs/frames/sheet-1.png
1.6 drag 200 600 200 380 0.2
1.75 shot docs/frames/sheet-2.png
1.8 shot docs/frames/sheet-3.png
1.9 shot docs/frames/sheet-4.png
3.0 shot docs/frames/sheet-5.png
SCRIPT
"$bin" --headless --script "$tmp/sheet.txt"

# The sheet at full with its content scrolled under the pinned title bar, and seed 001's
# two-stage sheet at its expanded detent under the Show Sheet button.
printf '0.1 tap 200 230\n1.5 key Up\n3.0 wheel -5\n4.0 shot docs/sheet-full-scrolled.png\n' > "$tmp/full.txt"
"$bin" --headless --script "$tmp/full.txt"
printf '0.1 key Return\n1.5 shot docs/two-stage.png\n' > "$tmp/two.txt"
"$bin" --headless --script "$tmp/two.txt" --scene two-stage

# A Today card expanding (every 50 ms), then pulled down under the finger.
cat > "$tmp/card.txt" <<SCRIPT
0.1 shot docs/frames/card-1.png
0.2 tap 200 300
0.3 shot docs/frames/card-2.png
0.35 shot docs/frames/card-3.png
1.2 shot docs/frames/card-4.png
1.5 down 200 300
1.55 move 200 310
1.65 move 200 400
1.7 shot docs/frames/card-5.png
SCRIPT
"$bin" --headless --script "$tmp/card.txt" --scene today "${date[@]}"

# Kiosk sizes.
echo "0.1 shot docs/today-1920x1080.png" > "$tmp/wide.txt"
"$bin" --headless --script "$tmp/wide.txt" --scene today --size 1920x1080 "${date[@]}"
printf '0.1 tap 300 300\n1.5 shot docs/sheet-1080x1920.png\n' > "$tmp/tall.txt"
"$bin" --headless --script "$tmp/tall.txt" --size 1080x1920

# The form of seed 002 with its mini-map, filled in part, on a tablet-sized window.
cat > "$tmp/form.txt" <<SCRIPT
0.1 tap 355 354
0.2 text Ada
0.3 key Tab
0.4 text By
0.5 key Tab
0.6 text Lovelace
0.7 tap 309 264
1.2 drag 357 264 520 264 0.3
2.0 tap 448 455
2.1 text ada@
2.2 shot docs/form-1024x768.png
SCRIPT
"$bin" --headless --script "$tmp/form.txt" --scene form --size 1024x768
# The same at a phone's width: the compact form under its mini-map.
cat > "$tmp/form-phone.txt" <<SCRIPT
0.1 tap 195 416
0.2 text Ada
0.3 key Tab
0.4 text By
0.5 key Tab
0.6 text Lovelace
0.7 tap 57 326
1.2 drag 105 326 240 326 0.3
2.0 key Escape
2.2 shot docs/form-390x844.png
SCRIPT
"$bin" --headless --scale 2 --script "$tmp/form-phone.txt" --scene form

# The instrument: the overlay just after a flick up on the restaurant sheet; show touches on
# a Today card pulled down; the tuning panel over a 1920x1080 kiosk during a drag.
cat > "$tmp/overlay.txt" <<SCRIPT
0.1 tap 200 230
1.5 drag 200 600 200 420 0.12
1.75 shot docs/instrument-overlay.png
SCRIPT
"$bin" --headless --overlay --script "$tmp/overlay.txt"
cat > "$tmp/touches.txt" <<SCRIPT
0.1 tap 195 300
1.5 down 195 300
1.6 move 195 330
1.7 move 195 360
1.8 shot docs/instrument-show-touches.png
1.9 up 195 360
SCRIPT
"$bin" --headless --show-touches --scene today "${date[@]}" --script "$tmp/touches.txt"
cat > "$tmp/panel.txt" <<SCRIPT
0.1 key F5
0.2 tap 700 300
1.5 down 960 800
1.6 move 960 700
1.7 move 960 600
1.8 shot docs/instrument-panel-1920x1080.png
1.9 up 960 600
SCRIPT
"$bin" --headless --overlay --sheet-policy tutorial --size 1920x1080 --script "$tmp/panel.txt"

"$bin" gallery --out docs/gallery.png
echo "screenshots written to docs/"
