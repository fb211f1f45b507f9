#!/usr/bin/env bash
# Records a real-window session under Xvfb with xdotool: open a restaurant, flick it up to full, pull it down a little
# and let go, flick it down from half, open another, drag it down slowly past a third.
#   scripts/record-xvfb-demo.sh [BINARY] [OUTDIR]   (apt-get install -y xvfb xdotool)
# Writes OUTDIR/session.rec and OUTDIR/live.jsonl; then e.g.
#   fling replay OUTDIR/session.rec --compare fluid,tutorial --video both.mp4
set -u
BIN=$(realpath "${1:-.build/debug/fling}"); OUT=${2:-/tmp/fling-record-demo}; mkdir -p "$OUT"; cd "$OUT"
DISP=:${RECORD_DISPLAY:-73}
Xvfb $DISP -screen 0 600x1000x24 -nolisten tcp > xvfb.log 2>&1 &
XVFB=$!
sleep 2
export DISPLAY=$DISP
SDL_RENDER_DRIVER=software $BIN --record session.rec --metrics live.jsonl --date 2026-11-22 > fling.log 2>&1 &
FLING=$!
for i in $(seq 1 60); do WID=$(xdotool search --name '^Fling$' 2>/dev/null | head -1); [ -n "$WID" ] && break; sleep 0.5; done
sleep 3
m() { xdotool mousemove --window $WID $1 $2; }
tap() { m $1 $2; sleep 0.2; xdotool mousedown 1; sleep 0.06; xdotool mouseup 1; }
drag() { # x y0 y1 steps pause: one xdotool process, so the release follows the last move at once
  local args=(mousemove --window $WID $1 $2 mousedown 1) s
  for s in $(seq 1 $4); do args+=(sleep $5 mousemove --window $WID $1 $(( $2 + ($3 - $2) * s / $4 ))); done
  xdotool "${args[@]}" mouseup 1; }
tap 200 150; sleep 2.5
drag 200 600 380 6 0.02; sleep 2.5      # flick up: full
drag 200 200 330 6 0.02; sleep 2.5      # flick down 130 pt from full
drag 200 500 690 6 0.02; sleep 2.5      # flick down 190 pt from half
tap 200 240; sleep 2.5
drag 200 480 760 12 0.07; sleep 3       # a slow drag down 280 pt
xdotool key --window $WID ctrl+q
sleep 2
kill $FLING 2>/dev/null; kill $XVFB
