# a11y-session.sh: a private desktop session for the accessibility checks, sourced by
# atspi-check.sh and orca-check.sh: HOME, XDG_* and XDG_RUNTIME_DIR under $work with
# GSETTINGS_BACKEND=memory (nothing reaches the user's settings or another run), an Xvfb on a
# free display, a session bus and at-spi2-core's bus launcher. Processes started go into the
# caller's `pids`; the accessibility bus's address is left in AT_SPI_BUS_ADDRESS (not exported).
# Usage: a11y_session "$work"

a11y_session() {
  local work=$1 n
  export HOME=$work/home XDG_RUNTIME_DIR=$work/run XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
  export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
  unset WAYLAND_DISPLAY AT_SPI_BUS_ADDRESS SPEECHD_ADDRESS
  mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
  chmod 700 "$XDG_RUNTIME_DIR"

  n=$((90 + RANDOM % 400))
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 & pids+=($!)
  export DISPLAY=:$n
  for _ in $(seq 50); do [ -S "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  export DBUS_SESSION_BUS_ADDRESS=unix:path=$XDG_RUNTIME_DIR/bus
  dbus-daemon --session --nofork --address="$DBUS_SESSION_BUS_ADDRESS" >"$work/dbus.log" 2>&1 & pids+=($!)
  for _ in $(seq 50); do [ -S "$XDG_RUNTIME_DIR/bus" ] && break; sleep 0.1; done
  /usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/bus-launcher.log" 2>&1 & pids+=($!)
  for _ in $(seq 50); do gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break; sleep 0.1; done
  AT_SPI_BUS_ADDRESS=$(gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress | sed -E "s/^\('(.*)',\)$/\1/")
}
