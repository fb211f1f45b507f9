#!/usr/bin/env bash
# The accessibility check with a real client: a private D-Bus session and
# at-spi2-core's registry, Fling in a window under Xvfb, and a pyatspi client that walks the tree
# and drives the app (scripts/atspi-check.py), with the desktop's settings portal (a stand-in,
# scripts/fake-settings-portal.py) asking for Reduce Motion and text at 1.25x. Everything lives
# under a temporary XDG_RUNTIME_DIR and HOME with GSETTINGS_BACKEND=memory: nothing reaches the
# user's settings or another run. Usage: scripts/atspi-check.sh path/to/fling [resources-dir]
set -euo pipefail

fling=${1:?usage: atspi-check.sh FLING [RESOURCES]}
resources=${2:-Resources}
for tool in Xvfb dbus-daemon gdbus /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "atspi-check: $tool is missing (make a11y-check installs it)" >&2; exit 1; }
done
[ -x /usr/libexec/at-spi-bus-launcher ] || { echo "atspi-check: at-spi2-core is missing" >&2; exit 1; }
/usr/bin/python3 -c "import pyatspi" 2>/dev/null || { echo "atspi-check: python3-pyatspi is missing" >&2; exit 1; }

work=$(mktemp -d /tmp/fling-atspi.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
source "$(dirname "$0")/a11y-session.sh"
a11y_session "$work"

# The desktop asks for Reduce Motion and larger text through the settings portal (a stand-in).
/usr/bin/python3 "$(dirname "$0")/fake-settings-portal.py" >"$work/portal.log" 2>&1 & pids+=($!)
for _ in $(seq 50); do
  gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner org.freedesktop.portal.Desktop 2>/dev/null | grep -q true && break
  sleep 0.1
done

start=$(date +%s.%N)
# Fling starts with accessibility off, finds the bus itself (org.a11y.Bus), and joins only when
# a screen reader turns accessibility on (as Orca does, setting IsEnabled).
"$fling" --resources "$resources" --size 390x844 --scale 2 --log-level info >"$work/fling.log" 2>&1 & pids+=($!)
for _ in $(seq 50); do grep -q "accessibility: reduce motion" "$work/fling.log" && break; sleep 0.1; done
sleep 0.5
if grep -q "accessibility: on the AT-SPI bus" "$work/fling.log"; then
  echo "atspi-check: fling joined the accessibility bus while accessibility was off" >&2; exit 1
fi
echo "atspi-check: accessibility off: fling stays off the bus"
gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>' >/dev/null
status=0
AT_SPI_BUS_ADDRESS=$AT_SPI_BUS_ADDRESS timeout 120 /usr/bin/python3 "$(dirname "$0")/atspi-check.py" || status=$?
end=$(date +%s.%N)
if [ "$status" -ne 0 ]; then
  echo "atspi-check: fling's log:" >&2; sed 's/^/  /' "$work/fling.log" >&2
fi
grep -q "accessibility: on the AT-SPI bus" "$work/fling.log" || { echo "atspi-check: fling did not say it joined the bus" >&2; status=1; }
grep -q "accessibility: reduce motion, text at 1.25× (the desktop's settings)" "$work/fling.log" \
  || { echo "atspi-check: fling did not take the desktop's Reduce Motion and text size from the portal" >&2; status=1; }
printf 'atspi-check: %s in %.1f s\n' "$([ "$status" -eq 0 ] && echo passed || echo FAILED)" "$(echo "$end - $start" | bc)"
exit "$status"
