#!/usr/bin/env bash
# make memcheck: a short headless session of every scene (and the sheet policies, the form,
# the instrument) under valgrind; fails on any definitely-lost block or invalid access;
# see run() for uninitialised-value reports.
# - libjpeg-turbo's SIMD decoder: valgrind cannot follow its AVX2 code and reports the decoded
#   pixels as uninitialised where Fling downscales them, so SIMD is switched off with
#   libjpeg-turbo's own JSIMD_FORCENONE.
# - Swift's runtime initialises type metadata reading words valgrind believes uninitialised:
#   suppressed for libswiftCore.so only (scripts/valgrind-swift.supp).
# - valgrind 3.19 cannot read the DWARF 5 Swift 6.3 writes (it gives up on the binary): it
#   runs a copy without the debug sections (function names stay, from the symbol table).
set -euo pipefail
bin=${1:-.build/debug/fling}
if ! command -v valgrind >/dev/null 2>&1; then
  echo "memcheck: valgrind is not installed (apt-get install valgrind)" >&2
  exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
resources="$here/../Resources"
objcopy --strip-debug "$bin" "$out/fling"
bin="$out/fling"
session="$out/session.txt"
# Open what each scene opens (a row, a card, the sheet button), drag it, scroll, resize,
# close it, look at every step; then quit. The same script suits all three scenes.
cat > "$session" <<SCRIPT
0.1 shot $out/1.png
0.2 tap 100 150
0.3 tap 195 300
0.4 key Return
1.0 shot $out/2.png
1.1 drag 195 500 195 200 0.2
1.6 wheel -3
1.8 shot $out/3.png
2.0 resize 600 500
2.2 shot $out/4.png
2.3 key Escape
3.8 shot $out/5.png
3.9 state $out/s.json
4.0 quit
SCRIPT
# The form: focus a field, type, Tab to the next, drag the slider, flip the toggle, Esc.
form="$out/form.txt"
cat > "$form" <<SCRIPT
0.1 shot $out/f1.png
0.2 tap 355 354
0.3 text Ada
0.4 key Tab
0.5 text By
0.6 drag 520 265 600 265 0.2
1.0 tap 309 264
1.2 shot $out/f2.png
1.3 key Escape
1.5 resize 600 500
1.7 shot $out/f3.png
2.0 quit
SCRIPT
# The instrument: overlay, touches, slow motion and the tuning panel on, a sheet dragged
# under them, all off again.
instrument="$out/instrument.txt"
cat > "$instrument" <<SCRIPT
0.1 key F2
0.2 key F3
0.3 key F4
0.4 key F5
0.5 tap 100 150
2.0 drag 195 500 195 300 0.3
3.0 shot $out/i1.png
3.1 key F5
3.2 key F4
3.3 key F3
3.4 key F2
3.5 key Escape
5.0 shot $out/i2.png
5.1 quit
SCRIPT
status=0
run() {
  local script=$1; shift
  echo "memcheck: $*"
  local exit=0
  JSIMD_FORCENONE=1 valgrind --errors-for-leak-kinds=definite --leak-check=full \
      --suppressions="$here/valgrind-swift.supp" \
      --log-file="$out/valgrind.log" "$bin" --resources "$resources" --headless --script "$script" "$@" > /dev/null || exit=$?
  local log="$out/valgrind.log"
  if [ "$exit" != 0 ]; then echo "memcheck: fling exited $exit" >&2; status=1; fi
  # Fails on a definitely-lost block or a real memory-safety error (an invalid read, write or
  # free, overlapping copies). Uses of uninitialised values are counted and shown: with Swift
  # 6.3 they come from the value witnesses (copy, destroy) of the view tree's generic view
  # types, which move enum spare bits valgrind sees as undefined; not yet told apart from a
  # real one, so they do not fail the run.
  local lost invalid undefined
  lost=$(grep -Eo "definitely lost: [0-9,]+ bytes" "$log" | grep -Eo "[0-9,]+" | tr -d , || true)
  invalid=$(grep -cE "Invalid (read|write|free)|Mismatched free|Source and destination overlap" "$log" || true)
  undefined=$(grep -cE "uninitialised" "$log" || true)
  if [ "${lost:-0}" != "0" ] || [ "${invalid:-0}" != "0" ] || ! grep -q "ERROR SUMMARY" "$log"; then
    cat "$log" >&2
    status=1
  fi
  echo "memcheck:   definitely lost: ${lost:-0} bytes; invalid accesses: ${invalid:-0}; uninitialised-value reports: ${undefined:-0}"
}
run "$session" --scene restaurants
run "$session" --scene restaurants --sheet-policy two-stage
run "$session" --scene today
run "$session" --scene two-stage
run "$form" --scene form --size 1024x768
run "$instrument" --scene restaurants
exit $status
