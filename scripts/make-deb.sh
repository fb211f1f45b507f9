#!/usr/bin/env bash
# Builds .build/fling_VERSION_ARCH.deb from `make install PREFIX=/usr` into a staging folder.
# The binary carries Swift's runtime (make release links it statically), so the package
# depends only on the SDL runtime libraries (and libc, libstdc++, libgcc), never on a Swift
# toolchain or -dev packages.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:?usage: make-deb.sh VERSION}"
arch="$(dpkg --print-architecture)"
stage=.build/deb/fling_${version}_${arch}
rm -rf "$stage"
make --no-print-directory install PREFIX=/usr DESTDIR="$PWD/$stage" >/dev/null
# Debian keeps man pages compressed.
gzip -9n "$stage/usr/share/man/man1/fling.1"
install -d "$stage/DEBIAN" "$stage/usr/share/doc/fling"
install -m 644 LICENSE "$stage/usr/share/doc/fling/copyright"
size_kb="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: fling
Version: ${version}
Architecture: ${arch}
Maintainer: The Fling authors <fling@users.noreply.invalid>
Installed-Size: ${size_kb}
Depends: libsdl2-2.0-0 (>= 2.26), libsdl2-image-2.0-0, libsdl2-ttf-2.0-0 (>= 2.20), libfontconfig1, libdbus-1-3, libjpeg62-turbo | libjpeg-turbo8, libwayland-client0, libx11-6, libstdc++6, libgcc-s1, libc6
Recommends: libegl1, libgles2, libgbm1, libgl1-mesa-dri, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, libgooglepinyin0, libopencc1.1, libopencc-data
Suggests: cage, seatd, xwayland
Section: utils
Priority: optional
Description: iOS-grade sheets and cards for Linux desktops and kiosks
 Fling draws a list with a bottom sheet that follows the finger and settles with
 real springs, App Store style cards that expand to the full window, and a form
 with a live mini-map, with SDL2, for desktops and touchscreen kiosks.
CONTROL
find "$stage" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group --build "$stage" ".build/fling_${version}_${arch}.deb" >/dev/null
echo "make-deb: .build/fling_${version}_${arch}.deb"
dpkg-deb --info ".build/fling_${version}_${arch}.deb" | sed -n '/Package:/,/Suggests:/p'
