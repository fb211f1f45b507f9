#!/usr/bin/env bash
# `make check-install`: installs into a temporary DESTDIR and checks what a user would get.
#  - the desktop entry and the AppStream metainfo validate;
#  - the installed binary runs headless from another working directory, with no --resources,
#    on the resources it installed (not on the checkout's);
#  - ldd names no Swift runtime (make release links it statically);
#  - the stripped binary holds no ICU data and stays within its size budget;
#  - the kiosk units name the installed binary and attract script (which loads);
#  - `make uninstall` removes every file that `make install` put there.
# Installs desktop-file-utils and appstream from apt when missing, as ensure-deps.sh does for SDL.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v desktop-file-validate >/dev/null 2>&1 || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || need+=(appstream)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "check-install: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

prefix=/usr/local
dest="$(mktemp -d /tmp/fling-check-install.XXXXXX)"
work="$(mktemp -d /tmp/fling-check-run.XXXXXX)"
trap 'rm -rf "$dest" "$work"' EXIT
fail() { echo "check-install: FAIL: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix" DESTDIR="$dest" >/dev/null
root="$dest$prefix"
installed="$(cd "$dest" && find . -type f -o -type l | sort)"

desktop-file-validate "$root/share/applications/app.fling.Fling.desktop" || fail "desktop entry"
appstreamcli validate --no-net "$root/share/metainfo/app.fling.Fling.metainfo.xml" >/dev/null || fail "metainfo"
grep -q '^Exec=fling$' "$root/share/applications/app.fling.Fling.desktop" || fail "Exec line"
for f in bash-completion/completions/fling zsh/site-functions/_fling fish/vendor_completions.d/fling.fish \
         man/man1/fling.1 icons/hicolor/256x256/apps/app.fling.Fling.png icons/hicolor/scalable/apps/app.fling.Fling.svg; do
  [ -s "$root/share/$f" ] || fail "missing or empty: share/$f"
done

# Swift's runtime is inside the binary: nothing from a toolchain is loaded.
if ldd "$root/bin/fling" | grep -Ei 'libswift|libFoundation|libdispatch|/swift/'; then
  fail "the installed binary links a Swift runtime library (above)"
fi

# Headless from elsewhere, no --resources: a state probe and a screenshot.
cat > "$work/probe.txt" <<SCRIPT
0.2 tap 200 230
1.5 state $work/state.json
1.5 shot $work/shot.png
SCRIPT
( cd / && env -u DISPLAY -u WAYLAND_DISPLAY XDG_DATA_DIRS=/nonexistent \
    "$root/bin/fling" --headless --log-level info --script "$work/probe.txt" ) 2> "$work/stderr" \
  || { cat "$work/stderr" >&2; fail "the installed binary did not run"; }
grep -q "^fling: resources: $root/share/fling\$" "$work/stderr" \
  || { cat "$work/stderr" >&2; fail "resources not taken from $root/share/fling"; }
grep -q '"sheet"' "$work/state.json" || fail "state probe: no sheet after a tap on a row"
[ -s "$work/shot.png" ] || fail "no screenshot"

# The catalogues of the UI's languages: installed under share/locale and found there by the installed binary.
for l in zh_CN zh_TW ar; do [ -s "$root/share/locale/$l/LC_MESSAGES/fling.mo" ] || fail "missing: share/locale/$l/LC_MESSAGES/fling.mo"; done
echo "0.2 state $work/zh.json" > "$work/zh.txt"
( cd / && env -u DISPLAY -u WAYLAND_DISPLAY -u TEXTDOMAINDIR XDG_DATA_DIRS=/nonexistent \
    "$root/bin/fling" --headless --language zh-Hans --script "$work/zh.txt" ) 2> "$work/stderr" \
  || { cat "$work/stderr" >&2; fail "the installed binary did not run in zh-Hans"; }
grep -Eq '"language": ?\{"name": ?"zh_CN"' "$work/zh.json" || { cat "$work/stderr" >&2; fail "zh-Hans: the installed catalogue was not used"; }
"$root/bin/fling" --version | grep -q '^fling ' || fail "--version"

# The kiosk units run what the install put there (they once named /opt/fling and looped
# on 203/EXEC), and the demo attract script they name loads.
for u in fling-kmsdrm fling-cage fling-fbdev; do
  unit="$root/lib/systemd/system/$u.service"
  [ -f "$unit" ] || fail "no $u.service installed"
  grep -q "^ExecStart=.*$prefix/bin/fling" "$unit" || fail "$u.service does not run $prefix/bin/fling"
  for p in $(grep -v "^#" "$unit" | grep -o "$prefix/[^ ]*" | sort -u); do
    [ -e "$dest$p" ] || fail "$u.service names $p, which the install does not have"
  done
done
[ -f "$root/share/fling/deploy/99-fling-touch.rules" ] || fail "no udev rule under share/fling/deploy"
echo "0.5 quit" > "$work/quit.txt"
"$root/bin/fling" --headless --attract "$root/share/fling/deploy/attract-demo.txt" --script "$work/quit.txt" \
  2> "$work/attract.err" || { cat "$work/attract.err" >&2; fail "the installed attract script does not load"; }

size="$(du -h "$root/bin/fling" | cut -f1)"
# The binary's size is guarded: one `import Foundation` linked ICU's data back in
# (63 MB stripped) and nothing noticed. FoundationEssentials is all the app may use.
if grep -a -q 'icudt[0-9]' "$root/bin/fling"; then
  fail "the installed binary holds ICU's data (icudt…): a file imports Foundation (or FoundationInternationalization); use FoundationEssentials"
fi
bytes="$(stat -c %s "$root/bin/fling")"
max_mb=25
[ "$bytes" -le $((max_mb << 20)) ] || fail "the stripped binary is $((bytes >> 20)) MiB, over its $max_mb MiB budget"
make --no-print-directory uninstall PREFIX="$prefix" DESTDIR="$dest" >/dev/null
left="$(cd "$dest" && find . -type f -o -type l)"
[ -z "$left" ] || fail "uninstall left: $left"

echo "check-install: ok: $(echo "$installed" | wc -l) files installed and validated, the $size binary ran from / on" \
     "its installed resources with no Swift runtime linked, and uninstall left nothing"
