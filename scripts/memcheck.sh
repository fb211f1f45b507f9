#!/usr/bin/env bash
# make memcheck: a short headless session of every scene (and the sheet policies) under
# valgrind; fails on any definitely-lost block or invalid access (issue 11).
# No suppressions are needed: the only noise seen came from libjpeg-turbo's SIMD decoder
# (valgrind cannot follow its AVX2 code and reports the decoded pixels as uninitialised where
# Fling downscales them), so SIMD is switched off with libjpeg-turbo's own JSIMD_FORCENONE.
set -euo pipefail
bin=${1:-.build/debug/fling}
if ! command -v valgrind >/dev/null 2>&1; then
  echo "memcheck: valgrind is not installed (apt-get install valgrind)" >&2
  exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
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
status=0
run() {
  echo "memcheck: $*"
  if ! JSIMD_FORCENONE=1 valgrind --error-exitcode=1 --errors-for-leak-kinds=definite --leak-check=full \
      --log-file="$out/valgrind.log" "$bin" --headless --script "$session" "$@" > /dev/null; then
    cat "$out/valgrind.log" >&2
    status=1
  fi
  grep -E "definitely lost|All heap blocks|ERROR SUMMARY" "$out/valgrind.log" | sed 's/^==[0-9]*== */memcheck:   /' 
}
run --scene restaurants
run --scene restaurants --sheet-policy two-stage
run --scene today
run --scene two-stage
exit $status
