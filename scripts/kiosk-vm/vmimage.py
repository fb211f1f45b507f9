"""The kiosk VM's disk image: the cached Debian root (make-root.sh), a copy with the fresh .deb
installed as the README does, the test's touchscreen and serial shell, made into ext4 with
mkfs.ext4 -d (no loop mount)."""
import os, shutil, subprocess
from vmcommon import HERE, W, H, Failure

def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)

def make_image(args):
    # (Its progress and errors go straight to stderr; only the root's path is read.)
    root = subprocess.run(["bash", os.path.join(HERE, "make-root.sh"), args.deb, args.cache],
                          stdout=subprocess.PIPE, text=True)
    if root.returncode != 0:
        raise Failure("the guest root could not be made (see above)")
    base = root.stdout.strip()
    work = os.path.join(args.out, "root")
    shutil.rmtree(work, ignore_errors=True)
    run(["cp", "-a", "--reflink=auto", base, work])
    # The package, as the README installs it (its dependencies are in the cached root).
    shutil.copy(args.deb, os.path.join(work, "tmp/fling.deb"))
    run(["chroot", work, "dpkg", "-i", "/tmp/fling.deb"], stdout=subprocess.DEVNULL)
    os.remove(os.path.join(work, "tmp/fling.deb"))
    files = {
        "etc/hostname": "fling-vm\n",
        "etc/hosts": "127.0.0.1 localhost\n127.0.1.1 fling-vm\n",
        "etc/fstab": "/dev/vda / ext4 rw,errors=remount-ro 0 1\n",
        # The test's root shell on the serial port: no echo, no colours, no bracketed paste.
        "etc/systemd/system/serial-getty@ttyS0.service.d/autologin.conf":
            "[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin root --keep-baud 115200 - dumb\n",
        "root/.bashrc": "stty -echo\nbind 'set enable-bracketed-paste off' 2>/dev/null\nPS1='\\n'\nexport SYSTEMD_COLORS=0 SYSTEMD_PAGER=\n",
    }
    for path, text in files.items():
        full = os.path.join(work, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    os.makedirs(os.path.join(work, "var/log/journal"), exist_ok=True)
    os.makedirs(os.path.join(work, "usr/local/lib/fling-vm"), exist_ok=True)
    shutil.copy(os.path.join(HERE, "guest/touchd.py"), os.path.join(work, "usr/local/lib/fling-vm/touchd.py"))
    with open(os.path.join(HERE, "guest/fling-vm-touch.service")) as f:
        unit = f.read().replace("@W@", str(W)).replace("@H@", str(H))
    with open(os.path.join(work, "etc/systemd/system/fling-vm-touch.service"), "w") as f:
        f.write(unit)
    # The README's recipe: a kiosk user in video, input and render; the udev rule for the panel.
    run(["chroot", work, "useradd", "--create-home", "--groups", "video,input,render", "kiosk"])
    shutil.copy(os.path.join(work, "usr/share/fling/deploy/99-fling-touch.rules"),
                os.path.join(work, "etc/udev/rules.d/99-fling-touch.rules"))
    run(["chroot", work, "systemctl", "enable", "--quiet", "fling-kmsdrm.service",
         "fling-vm-touch.service", "serial-getty@ttyS0.service"])
    image = os.path.join(args.out, "image.raw")
    if os.path.exists(image):
        os.remove(image)
    run(["mkfs.ext4", "-q", "-F", "-L", "flingroot", "-d", work, image, "3G"])
    kernel = sorted(f for f in os.listdir(os.path.join(work, "boot")) if f.startswith("vmlinuz-"))[-1]
    initrd = kernel.replace("vmlinuz-", "initrd.img-")
    for f in (kernel, initrd):
        shutil.copy(os.path.join(work, "boot", f), os.path.join(args.out, f.split("-")[0]))
    shutil.rmtree(work)
    return image
