#!/usr/bin/env bash
# Runs Fling unattended in kiosk mode under Xvfb (the kiosk's acceptance run): the attract loop
# plays while idle, a simulated visitor comes by now and then (xdotool taps and drags), the
# idle reset brings the home scene back. RSS is sampled every minute.
#   scripts/kiosk-xvfb-run.sh BINARY OUTDIR [SECONDS] [RESOURCES]
# Needs: apt-get install -y xvfb xdotool. Writes OUTDIR/rss.csv, OUTDIR/fling.log, OUTDIR/visits.log.
set -u
BIN=${1:?binary}; OUT=${2:?outdir}; DURATION=${3:-3600}; RES=${4:-$(dirname "$0")/../Resources}
W=720; H=1280; DISP=:${KIOSK_DISPLAY:-58}
mkdir -p "$OUT"
# Tour of every scene at 720x1280 (four 160 pt tabs centred at x = 120, 280, 440, 600; y = H - 58).
cat > "$OUT/attract.txt" <<EOT
0.5  tap 300 230
2.0  drag 300 700 300 200 0.4
4.0  key Escape
5.5  drag 300 1000 300 300 0.3
8.0  drag 300 300 300 1000 0.3
10.5 tap 280 $((H - 58))
12.0 tap 360 400
14.5 key Escape
16.0 tap 440 $((H - 58))
17.5 tap 360 $(((H - 83) / 2))
19.5 key Escape
21.0 tap 600 $((H - 58))
23.0 tap 120 $((H - 58))
EOT
Xvfb "$DISP" -screen 0 ${W}x${H}x24 -nolisten tcp > "$OUT/xvfb.log" 2>&1 &
XVFB=$!
sleep 2
DISPLAY=$DISP "$BIN" --kiosk --idle-reset 60 --attract "$OUT/attract.txt" --resources "$RES" --log-level info > "$OUT/fling.log" 2>&1 &
FLING=$!
START=$(date +%s)
echo "elapsed_s,rss_kb,cpu_s" > "$OUT/rss.csv"
next_sample=0; next_visit=$((90 + RANDOM % 120))
while kill -0 $FLING 2>/dev/null; do
  now=$(( $(date +%s) - START ))
  [ $now -ge $DURATION ] && break
  if [ $now -ge $next_sample ]; then
    rss=$(ps -o rss= -p $FLING | tr -d ' ')
    cpu=$(ps -o times= -p $FLING | tr -d ' ')
    echo "$now,$rss,$cpu" >> "$OUT/rss.csv"
    next_sample=$((next_sample + 60))
  fi
  if [ $now -ge $next_visit ]; then
    # A visitor: a few taps and drags in the window (mouse), then leaves.
    echo "$now visit" >> "$OUT/visits.log"
    export DISPLAY=$DISP
    xdotool mousemove 300 230 click 1; sleep 2
    xdotool mousemove 300 900 mousedown 1 mousemove 300 700 mousemove 300 400 mouseup 1; sleep 2
    xdotool key Escape; sleep 1
    xdotool mousemove 360 $((H - 58)) click 1; sleep 2
    xdotool mousemove 360 400 click 1; sleep 3
    xdotool key Escape; sleep 1
    next_visit=$((now + 150 + RANDOM % 150))
  fi
  sleep 5
done
alive=no; kill -0 $FLING 2>/dev/null && alive=yes
echo "fling alive at the end: $alive" >> "$OUT/visits.log"
kill -TERM $FLING 2>/dev/null; sleep 2; kill -TERM $XVFB 2>/dev/null
wait $FLING; echo "fling exit status: $?" >> "$OUT/visits.log"
