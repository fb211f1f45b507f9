#!/usr/bin/env bash
# The kiosk VM's Debian 12 root, made once with debootstrap and cached: make-root.sh DEB DIR
# prints the cached root's path. The root holds a kernel, systemd, udev, Mesa, cage, seatd,
# Xwayland and what the package DEB depends on; the cache key is that package list, so a
# package that gains a dependency gets a new root. Fling itself is installed per run.
set -euo pipefail
deb=$1 cache=$2
mirror=${FLING_VM_MIRROR:-http://deb.debian.org/debian}
# Fling's Depends and Recommends (first of each alternative, versions dropped), and Suggests.
fields=$(dpkg-deb -f "$deb" Depends Recommends Suggests | sed 's/^[A-Za-z]*: //')
deps=$(echo "$fields" | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/ //g' | grep -v '^$' | sort -u)
# The guest: kernel and boot, the console (chvt), the test's touchscreen (python3-evdev), and
# a D-Bus for systemctl's friends. --variant=minbase leaves out everything else.
base="linux-image-amd64 systemd systemd-sysv udev kmod dbus kbd procps python3 python3-evdev"
pkgs=$(printf '%s\n' $base $deps | sort -u | tr '\n' ',' | sed 's/,$//')
key=$(printf '%s|%s|%s' "$pkgs" "$mirror" "$(sha256sum "$0" | cut -c1-16)" | sha256sum | cut -c1-16)
root="$cache/root-$key"
if [ ! -f "$root/.complete" ]; then
  rm -rf "$root" "$root.tmp"; mkdir -p "$cache"
  echo "kiosk-vm: building the Debian 12 guest root (debootstrap, once; a few minutes)" >&2
  echo "kiosk-vm: packages: $pkgs" >&2
  if ! debootstrap --variant=minbase --include="$pkgs" bookworm "$root.tmp" "$mirror" > "$cache/debootstrap-$key.log" 2>&1; then
    echo "kiosk-vm: debootstrap failed; its log: $cache/debootstrap-$key.log" >&2
    tail -5 "$cache/debootstrap-$key.log" >&2; exit 1
  fi
  rm -rf "$root.tmp/var/cache/apt/archives/"*.deb
  touch "$root.tmp/.complete"; mv "$root.tmp" "$root"
fi
echo "$root"
