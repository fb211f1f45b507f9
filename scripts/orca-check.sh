#!/usr/bin/env bash
# The screen reader check: the real Orca (Debian 12's orca 43) reads Fling as a blind user hears
# it. A private D-Bus session and at-spi2-core's registry as scripts/atspi-check.sh sets up, Orca
# running unattended (no speech server: what it would say is in its debug log as SPEECH OUTPUT
# lines), Fling in a window under Xvfb, and the keyboard through xdotool: Down onto the first
# row of the list, Return to open its sheet (focus on the grabber), Up to the full detent (the
# "Details, full height" announcement), Esc to close it (focus back on the row). Each step waits
# for Orca to say what it should; a step it does not say fails with the lines of Orca's log
# about it. Everything lives under a temporary HOME and XDG_RUNTIME_DIR with
# GSETTINGS_BACKEND=memory: nothing reaches the user's settings or another run. Orca allows one
# instance per user, so the check refuses to start beside another.
# Usage: scripts/orca-check.sh path/to/fling [resources-dir]; ORCA_CHECK_KEEP=1 keeps the logs
# (Orca's debug log, Fling's) in the temporary directory.
set -euo pipefail

fling=${1:?usage: orca-check.sh FLING [RESOURCES]}
resources=${2:-Resources}
for tool in Xvfb dbus-daemon gdbus orca xdotool bc; do
  command -v "$tool" >/dev/null || { echo "orca-check: $tool is missing (apt-get install orca xdotool xvfb)" >&2; exit 1; }
done
[ -x /usr/libexec/at-spi-bus-launcher ] || { echo "orca-check: at-spi2-core is missing" >&2; exit 1; }
# Orca allows one instance per user (it pgreps for orca): another one would make ours quit, or
# read the other session. Ours is stopped by its pid; someone else's is left alone.
if others=$(pgrep -u "$(id -u)" -x orca); then
  echo "orca-check: another Orca runs as this user (pid $(echo $others)); stop it first" >&2
  exit 1
fi

work=$(mktemp -d /tmp/fling-orca.XXXXXX)
pids=()
orca_pid=
cleanup() {
  # Orca ignores SIGTERM: it gets SIGKILL.
  [ -n "$orca_pid" ] && kill -KILL "$orca_pid" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "${ORCA_CHECK_KEEP:-}" ]; then echo "orca-check: the logs are kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
source "$(dirname "$0")/a11y-session.sh"
start=$(date +%s.%N)
a11y_session "$work"
export AT_SPI_BUS_ADDRESS

# Orca's settings: its debug log flushed line by line (it is block-buffered, and Orca dies by
# SIGKILL); speech-dispatcher is not spawned (the SPEECH OUTPUT lines are written without it).
mkdir -p "$XDG_DATA_HOME/orca" "$XDG_CONFIG_HOME/speech-dispatcher"
cat >"$XDG_DATA_HOME/orca/orca-customizations.py" <<'EOF'
from orca import debug
if debug.debugFile:
    debug.debugFile.reconfigure(line_buffering=True)
EOF
echo DisableAutoSpawn >"$XDG_CONFIG_HOME/speech-dispatcher/speechd.conf"

gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>' >/dev/null

orcalog=$work/orca-debug.log
fail() {
  echo "orca-check: FAIL: $1" >&2
  if [ -n "${2:-}" ]; then
    echo "orca-check: what Orca's log says about it (since the step began):" >&2
    tail -n +"$((mark + 1))" "$orcalog" 2>/dev/null | grep -E -- "$2" | cut -c1-300 | tail -60 | sed 's/^/  /' >&2 || true
  fi
  echo "orca-check: everything Orca said:" >&2
  grep "SPEECH OUTPUT" "$orcalog" 2>/dev/null | sed 's/^/  /' >&2 || true
  echo "orca-check: fling's log:" >&2; sed 's/^/  /' "$work/fling.log" >&2 2>/dev/null || true
  printf 'orca-check: FAILED in %.1f s\n' "$(echo "$(date +%s.%N) - $start" | bc)"
  exit 1
}
# Waits until Orca's log has a line with $1 (and $3, if given) past line $mark, $2 s at most;
# prints it.
mark=0
wait_log() {
  local pattern=$1 end=$((SECONDS + ${2:-10})) only=${3:-} line
  while [ "$SECONDS" -lt "$end" ]; do
    if line=$(tail -n +"$((mark + 1))" "$orcalog" 2>/dev/null | grep -F -- "$only" | grep -m1 -F -- "$pattern"); then
      printf '%s\n' "$line"
      return 0
    fi
    kill -0 "$orca_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
# Moves the mark to the end of Orca's log: the next wait reads only what comes after.
set_mark() { mark=$(wc -l <"$orcalog"); }
# Orca's words since the mark, without the timestamp.
said() { tail -n +"$((mark + 1))" "$orcalog" | grep "SPEECH OUTPUT" | sed -E 's/^[0-9:.]+ - //'; }

orca --debug-file "$orcalog" -d braille >"$work/orca.out" 2>&1 & orca_pid=$!
wait_log "ORCA: Starting registry" 20 >/dev/null || { sed 's/^/  /' "$work/orca.out" >&2; fail "Orca did not start" "ERROR|Traceback"; }
grep -q "Attempt to load orca-customizations.*succeeded" "$orcalog" || fail "Orca did not load the customizations (line-buffered log)" "orca-customizations"
echo "orca-check: Orca $(grep -m1 -o 'Launching version .*' "$orcalog" | cut -d' ' -f3) is running (pid $orca_pid)"
set_mark

"$fling" --resources "$resources" --size 390x844 --scale 1 --log-level info >"$work/fling.log" 2>&1 & pids+=($!)
fling_pid=$!
for _ in $(seq 100); do grep -q "accessibility: on the AT-SPI bus" "$work/fling.log" 2>/dev/null && break; kill -0 "$fling_pid" 2>/dev/null || break; sleep 0.1; done
grep -q "accessibility: on the AT-SPI bus" "$work/fling.log" || fail "fling did not join the accessibility bus"
wid=$(timeout 10 xdotool search --sync --onlyvisible --name '^Fling' | head -1) || fail "no Fling window on $DISPLAY"
xdotool windowfocus --sync "$wid" || fail "could not focus Fling's window $wid"
[ "$(xdotool getwindowfocus)" = "$wid" ] || fail "Fling's window $wid does not have the input focus"
# Fling announces its window on joining the bus (window:activate): Orca takes it as the active
# window, which it must be for Orca to read the focus in it.
wait_log "Fling – Restaurants frame" 10 "SPEECH OUTPUT" >/dev/null || fail "Orca did not take Fling's window as active" "window:activate|can be active|active window|Ignoring"
echo "orca-check: Fling started, its window $wid has the focus:"
said | sed 's/^/  /'

# One step: a key to Fling's window (XTEST, as typed: the window has the focus), then what
# Orca must say (a fixed string in a SPEECH OUTPUT line). $3: the debug log's lines to show if
# it does not (an ERE).
step() {
  local key=$1 expected=$2 about=$3
  set_mark
  xdotool key "$key"
  wait_log "$expected" 10 "SPEECH OUTPUT" >/dev/null || fail "after $key Orca did not say \"$expected\"" "$about"
  sleep 0.5   # the rest of what Orca says about the step
  echo "orca-check: $key:"
  said | sed 's/^/  /'
}

row="Kaffeehaus Lindner, Coffee & Tea Shop, Kirchengasse 21, 1070 Vienna, Austria"
step Down "$row" "state-changed:focused|locusOfFocus|Ignoring|window:activate|state-changed:active"
step Return "Sheet Grabber" "state-changed:focused|locusOfFocus|Ignoring|dialog"
step Up "Details, full height" "notification|state-changed:showing|announcement|Ignoring"
step Escape "$row" "state-changed:focused|locusOfFocus|Ignoring|children-changed"

kill -0 "$fling_pid" 2>/dev/null || fail "fling exited"
end=$(date +%s.%N)
printf 'orca-check: passed in %.1f s\n' "$(echo "$end - $start" | bc)"
