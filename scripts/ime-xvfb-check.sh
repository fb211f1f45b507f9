#!/usr/bin/env bash
# Checks that a Chinese input method really works in Fling's text fields: under a private Xvfb,
# D-Bus session bus and fcitx5 (pinyin active by default, profile in a private HOME), it clicks
# the Form scene's First Name field, types "nihao" with xdotool, screenshots the composition
# (inline in the field, fcitx5's candidate window at the caret), presses space to commit the
# first candidate, screenshots again, and checks that the field now holds 你好 (from the app's
# --record stream and a headless replay's state dump). Takes about 7 s. Apart from Xvfb's lock
# and socket in /tmp, it writes only into OUTDIR/ (the private HOME/XDG dirs are OUTDIR/ime-env/).
#   scripts/ime-xvfb-check.sh BINARY OUTDIR [RESOURCES]
# Needs (Debian 12): apt-get install xvfb xdotool imagemagick dbus-daemon dbus-bin fontconfig fcitx5
#   fcitx5-chinese-addons fonts-wqy-microhei (or fonts-noto-cjk). Exit 0: 你好 was committed.
set -u
BIN=$(realpath "${1:?usage: $0 BINARY OUTDIR [RESOURCES]}"); OUT=${2:?usage: $0 BINARY OUTDIR [RESOURCES]}
RES=${3:-$(dirname "$(realpath "$0")")/../Resources}; W=390; H=844; EXPECT=你好
T0=$(date +%s%N)
die() { echo "ime-xvfb-check: FAIL: $*" >&2; exit 1; }
log() { local ms=$((($(date +%s%N) - T0) / 1000000)); printf '[%3d.%01ds] %s\n' $((ms / 1000)) $((ms % 1000 / 100)) "$*"; }
missing=()
for c in Xvfb:xvfb xdotool:xdotool import:imagemagick convert:imagemagick dbus-daemon:dbus-daemon \
         dbus-send:dbus-bin fc-list:fontconfig fcitx5:fcitx5; do
  command -v "${c%%:*}" >/dev/null || [[ " ${missing[*]} " == *" ${c#*:} "* ]] || missing+=("${c#*:}")
done
[ -e /usr/lib/x86_64-linux-gnu/fcitx5/libpinyin.so ] || ls /usr/lib/*/fcitx5/libpinyin.so >/dev/null 2>&1 \
  || missing+=(fcitx5-chinese-addons)
# ImageMagick's own convert (a machine may have another `convert` earlier on PATH).
CONVERT=$(command -v convert); [ -x /usr/bin/convert ] && CONVERT=/usr/bin/convert
[ ${#missing[@]} -eq 0 ] || die "missing commands; install: apt-get install ${missing[*]}"
[ -n "$(fc-list :lang=zh)" ] || die "no Chinese font (fontconfig lang=zh); install fonts-wqy-microhei or fonts-noto-cjk"
[ -x "$BIN" ] || die "$BIN is not executable"
mkdir -p "$OUT" && OUT=$(realpath "$OUT") || die "cannot create $OUT"
ENV=$OUT/ime-env; rm -rf "$ENV"; mkdir -p "$ENV/home" "$ENV/run" && chmod 700 "$ENV/run"  # only ever our own files:
rm -f "$OUT"/ime-[0-9]-*.png "$OUT"/{layout,state}.json "$OUT"/{layout,xvfb,dbus,fcitx5,fling,replay}.log "$OUT"/{record.txt,display}

# A private HOME/XDG tree: fcitx5 reads its profile from here and writes its history here.
export HOME=$ENV/home XDG_CONFIG_HOME=$ENV/home/.config XDG_DATA_HOME=$ENV/home/.local/share \
       XDG_CACHE_HOME=$ENV/home/.cache XDG_RUNTIME_DIR=$ENV/run XDG_CONFIG_DIRS=/etc/xdg
unset WAYLAND_DISPLAY GTK_IM_MODULE QT_IM_MODULE
export SDL_IM_MODULE=fcitx XMODIFIERS=@im=fcitx SDL_VIDEODRIVER=x11
mkdir -p "$XDG_CONFIG_HOME/fcitx5/conf" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
cat > "$XDG_CONFIG_HOME/fcitx5/profile" <<'EOF'
[Groups/0]
Name=Default
Default Layout=us
DefaultIM=pinyin

[Groups/0/Items/0]
Name=keyboard-us
Layout=

[Groups/0/Items/1]
Name=pinyin
Layout=

[GroupOrder]
0=Default
EOF
printf '[Behavior]\nActiveByDefault=True\nShareInputState=No\n' > "$XDG_CONFIG_HOME/fcitx5/config"
printf 'CloudPinyinEnabled=False\n' > "$XDG_CONFIG_HOME/fcitx5/conf/pinyin.conf"

PIDS=()
cleanup() { local i p  # newest first: Fling, fcitx5, the bus, then Xvfb
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do p=${PIDS[i]}; kill "$p" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; }
trap cleanup EXIT; trap 'exit 130' INT TERM
waitfor() { local n=$1; shift; while ! "$@" >/dev/null 2>&1; do n=$((n - 1)); [ $n -le 0 ] && return 1; sleep 0.1; done; }

# The fields' frames (pt = px at --scale 1), from a headless state dump of the Form scene.
printf '0.1 state %s\n' "$OUT/layout.json" | "$BIN" --headless --scene form --size ${W}x$H --scale 1 \
  --resources "$RES" --script /dev/stdin > "$OUT/layout.log" 2>&1 || die "headless layout dump failed (see $OUT/layout.log)"
frame() { sed -n 's/.*"label": "'"$1"'", "text": "[^"]*", "frame": \[\([0-9]*\)[.0-9]*, \([0-9]*\)[.0-9]*, \([0-9]*\)[.0-9]*, \([0-9]*\)[.0-9]*\].*/\1 \2 \3 \4/p' "$OUT/layout.json"; }
read -r FX FY FW FH < <(frame "First Name"); read -r LX LY LW LH < <(frame "Last Name")
[ -n "${FH:-}" ] && [ -n "${LH:-}" ] || die "no First Name / Last Name field in the Form scene's state dump ($OUT/layout.json)"
log "First Name field at $FX,$FY ${FW}x$FH (window pt)"

exec 3> "$OUT/display"; Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp > "$OUT/xvfb.log" 2>&1 & PIDS+=($!)
exec 3>&-; waitfor 50 test -s "$OUT/display" || die "Xvfb did not start (see $OUT/xvfb.log)"
export DISPLAY=:$(tr -dc 0-9 < "$OUT/display")
dbus-daemon --session --nofork --nopidfile --address="unix:path=$XDG_RUNTIME_DIR/bus" > "$OUT/dbus.log" 2>&1 & PIDS+=($!)
export DBUS_SESSION_BUS_ADDRESS=unix:path=$XDG_RUNTIME_DIR/bus
waitfor 50 test -S "$XDG_RUNTIME_DIR/bus" || die "dbus-daemon did not start (see $OUT/dbus.log)"
fcitx5 -D --disable=wayland,waylandim,notificationitem,kimpanel,cloudpinyin > "$OUT/fcitx5.log" 2>&1 & PIDS+=($!)
has_owner() { dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
              "string:$1" | grep -q 'boolean true'; }
waitfor 100 has_owner org.fcitx.Fcitx5 || die "fcitx5 did not take its D-Bus name (see $OUT/fcitx5.log)"
log "Xvfb $DISPLAY, private D-Bus session, fcitx5 up"

"$BIN" --scene form --size ${W}x$H --scale 1 --resources "$RES" --log-level info --record "$OUT/record.txt" \
  > "$OUT/fling.log" 2>&1 & FLING=$!; PIDS+=($FLING)
WIN=$(timeout 20 xdotool search --sync --onlyvisible --pid $FLING 2>/dev/null | head -1)
[ -n "$WIN" ] || die "no Fling window (see $OUT/fling.log)"
eval "$(xdotool getwindowgeometry --shell "$WIN")"; WX=$X; WY=$Y
CROP=${W}x$H+$WX+$WY; sleep 1
import -window root -crop "$CROP" +repage "$OUT/ime-0-before.png"

# Since the record file is flushed per line, "what arrived since mark" is its tail.
since() { tail -n +$((MARK + 1)) "$OUT/record.txt"; }
arrived() { since | grep -q "$1"; }
xdotool windowfocus --sync "$WIN" 2>/dev/null
# Warm-up in Last Name: fcitx5's pinyin takes 0.2-0.4 s over its first key after start, and SDL
# 2.26 waits only 300 ms for ProcessKeyEvent's reply, then takes the key as unhandled (it is then
# typed as a letter as well as composed). One key, then Escape, so the check proper is not a race.
MARK=0; xdotool mousemove --window "$WIN" $((LX + LW / 2)) $((LY + LH / 2)) click 1; sleep 0.5
xdotool key n; waitfor 30 arrived '^[0-9.]* compose n' \
  || die "fcitx5 did not compose the key n (pinyin not active? SDL not on fcitx's D-Bus?) — see $OUT/fcitx5.log, $OUT/record.txt"
xdotool key Escape; waitfor 20 arrived '^[0-9.]* compose $'
arrived '^[0-9.]* text ' && log "WARN: warm-up: the first key after fcitx5 started leaked as typed text ($(since | sed -n 's/^[0-9.]* text //p'))"
sleep 0.3; MARK=$(wc -l < "$OUT/record.txt")
xdotool mousemove --window "$WIN" $((FX + FW / 2)) $((FY + FH / 2)) click 1; sleep 0.5
xdotool type --delay 100 nihao
waitfor 50 arrived '^[0-9.]* compose ..*' \
  || die "no composition arrived (fcitx5 not composing? SDL not talking to it?) — see $OUT/fcitx5.log, $OUT/record.txt"
waitfor 30 arrived '^[0-9.]* compose n[i ]*hao'; sleep 0.25
COMPOSE=$(since | sed -n 's/^[0-9.]* compose \(..*\)/\1/p' | tail -1)
import -window root "$OUT/ime-1-composing-screen.png"
$CONVERT "$OUT/ime-1-composing-screen.png" -crop "$CROP" +repage "$OUT/ime-1-composing.png"
$CONVERT "$OUT/ime-1-composing.png" -crop 390x110+0+$((FY - 50 > 0 ? FY - 50 : 0)) +repage -scale 200% "$OUT/ime-1-composing-zoom.png"
log "composing: the app got \"$COMPOSE\""
CAND=""
for c in $(xdotool search --onlyvisible --name '^Fcitx5 Input Window$' 2>/dev/null); do
  eval "$(xdotool getwindowgeometry --shell "$c")"; [ "$WIDTH" -gt 1 ] && CAND="$X $Y $WIDTH $HEIGHT"
done
if [ -z "$CAND" ]; then log "WARN: no fcitx5 candidate window mapped"
else read -r CX CY CW CH <<< "$CAND"; CX=$((CX - WX)); CY=$((CY - WY))
  log "candidate window at $CX,$CY ${CW}x$CH in the window; field spans x $FX..$((FX + FW)), bottom y $((FY + FH))"
  { [ $CX -ge $FX ] && [ $CX -le $((FX + FW)) ] && [ $CY -ge $((FY + FH - 2)) ] && [ $CY -le $((FY + FH + 12)) ]; } \
    || log "WARN: the candidate window is not just below the field at the caret"
fi

xdotool key space
waitfor 50 arrived '^[0-9.]* text '; sleep 0.25
import -window root -crop "$CROP" +repage "$OUT/ime-2-committed.png"
$CONVERT "$OUT/ime-2-committed.png" -crop 390x110+0+$((FY - 50 > 0 ? FY - 50 : 0)) +repage -scale 200% "$OUT/ime-2-committed-zoom.png"
COMMIT=$(since | sed -n 's/^[0-9.]* text //p' | tr -d '\n')
log "committed: the app got text \"$COMMIT\""

kill -TERM $FLING; for _ in $(seq 50); do kill -0 $FLING 2>/dev/null || break; sleep 0.1; done
"$BIN" replay "$OUT/record.txt" --state "$OUT/state.json" --resources "$RES" > "$OUT/replay.log" 2>&1 \
  || log "WARN: replay of the recording failed (see $OUT/replay.log)"
FIELD=$(grep -q '"label": "First Name"' "$OUT/state.json" 2>/dev/null && sed -n 's/.*"label": "First Name", "text": "\([^"]*\)".*/\1/p' "$OUT/state.json" || echo "(no state)")
log "First Name field after replaying the session: \"$FIELD\""
grep -i 'drawn as boxes' "$OUT/fling.log" && die "Fling drew missing glyphs as boxes"
[ "$COMMIT" = "$EXPECT" ] || die "expected the commit \"$EXPECT\", the app got \"$COMMIT\" (see $OUT/record.txt)"
[ "$FIELD" = "(no state)" ] || [ "$FIELD" = "$EXPECT" ] || die "the field holds \"$FIELD\", not \"$EXPECT\""
log "OK: pinyin through fcitx5 committed $EXPECT into First Name; screenshots in $OUT/ime-*.png"
