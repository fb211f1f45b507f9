#!/usr/bin/env bash
# Installs what Fling needs to build and test, only when it is missing:
# SDL2, SDL2_image and SDL2_ttf development packages and libjpeg's (apt; sudo when not root).
# The tests render headless with SDL's offscreen driver; the window bench's tests open a real
# window on an Xvfb of their own (xvfb), and a Wayland one on a weston of their own (weston);
# the HiDPI test sets Xft.dpi with xrdb (x11-xserver-utils), the window-frame test runs a
# window manager (openbox, seen with xprop of x11-utils), the man page's tests render it with groff (groff-base). libX11
# gives the UI scale. fontconfig (libfontconfig-dev) finds the system's fonts for what the
# bundled faces lack; the text tests draw Chinese, Japanese and Korean with WenQuanYi Micro Hei
# (1.6 MB, where Noto CJK is 57 MB), Arabic, Hebrew, Thai and Devanagari with Noto
# (fonts-noto-core) and emoji with Noto Color Emoji, and check the Unicode algorithms against
# Unicode's own test files (unicode-data). libdbus (libdbus-1-dev) carries the accessibility
# tree to screen readers over AT-SPI. gettext's msgfmt compiles the catalogues (po/), and the
# locales package's sources give the date tests their Chinese and Arabic month names. The
# on-screen keyboard's pinyin is googlepinyin (libgooglepinyin0, 1.2 MB with its dictionary)
# and, for traditional characters, OpenCC (libopencc1.1, libopencc-data); both are opened
# with dlopen, so they are needed only by the tests that type Chinese and by Chinese users.
set -euo pipefail

packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libjpeg-dev libwayland-dev libx11-dev libfontconfig-dev libdbus-1-dev pkg-config xvfb weston x11-xserver-utils x11-utils openbox xdotool xclip groff-base
          unicode-data fonts-wqy-microhei fonts-noto-core fonts-noto-color-emoji gettext locales
          libgooglepinyin0 libopencc1.1 libopencc-data)

if ! command -v swift >/dev/null 2>&1; then
  echo "ensure-deps: 'swift' is not on PATH. Install Swift 6.2 or later (README: Installing Swift) and retry." >&2
  exit 1
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sdl2 SDL2_image SDL2_ttf libjpeg wayland-client x11 fontconfig dbus-1 \
   && [ -f /usr/share/unicode/auxiliary/LineBreakTest.txt ] && [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] \
   && [ -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] && command -v Xvfb >/dev/null 2>&1 && command -v weston >/dev/null 2>&1 && command -v xrdb >/dev/null 2>&1 && command -v openbox >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1 && command -v xclip >/dev/null 2>&1 && command -v xprop >/dev/null 2>&1 && command -v groff >/dev/null 2>&1 \
   && command -v msgfmt >/dev/null 2>&1 && [ -f /usr/share/i18n/locales/zh_CN ] && [ -f /usr/share/i18n/locales/ar_EG ] \
   && ldconfig -p | grep -q libgooglepinyin.so.0 && ldconfig -p | grep -q libopencc.so.1.1 && [ -f /usr/share/opencc/s2twp.json ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-deps: SDL2, SDL2_image and SDL2_ttf are missing and this is not an apt system." >&2
  echo "ensure-deps: install them with your package manager (e.g. 'brew install sdl2 sdl2_image sdl2_ttf')." >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "ensure-deps: need root (or sudo) to install: ${packages[*]}" >&2
    exit 1
  fi
fi
echo "ensure-deps: installing ${packages[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}"
