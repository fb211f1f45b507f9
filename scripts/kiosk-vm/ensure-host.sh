#!/usr/bin/env bash
# Installs what `make kiosk-vm` needs on the host, only when it is missing: QEMU (x86_64 system
# emulation), debootstrap, e2fsprogs (mkfs.ext4 -d) and Python's PIL (comparing screendumps).
# It needs root (debootstrap and chroot); it fails, saying why, where that or apt is missing.
set -euo pipefail
need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
# (Debian's Python: a python3 earlier on PATH, e.g. pyenv's, does not see Debian's modules.)
/usr/bin/python3 -c 'import PIL' 2>/dev/null || need+=(python3 python3-pil)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "kiosk-vm: needs root to install ${need[*]} (and to run debootstrap and chroot)" >&2; exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "kiosk-vm: ${need[*]} missing and this is not an apt system: install them and retry" >&2; exit 1
fi
echo "kiosk-vm: installing ${need[*]}" >&2
apt-get install -y --no-install-recommends "${need[@]}" >/dev/null 2>&1 || \
  { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${need[@]}" >/dev/null; }
