#!/usr/bin/python3
"""make kiosk-vm: the kiosk proven on a real kernel. Builds a Debian 12 guest (cached root from
make-root.sh), installs the freshly built .deb in it as a new user would, boots it with QEMU and
checks each kiosk path from the screen itself: every QMP screendump is compared with a headless
render of the same state by the host's Fling, and must be nearer to it than to any other state.

    kiosk-vm.py --deb .build/fling_*.deb --fling .build/release/fling [--out DIR] [--only NAMES]

Checks (--only takes a comma-separated subset): kmsdrm (the shipped unit as the kiosk user:
first frame without input, tap, drag, kill -9, SIGSTOP -> watchdog, VT switch), kmsdrm-rotate,
fbdev (the shipped unit and the udev rule: no console cursor, tap, drag), fbdev-rotate, cage
(the shipped unit: active, tap, its log in the journal). Screendumps, references, the serial
log and the guest's journal land in DIR (.build/kiosk-vm). Exit status 0 only if every check
passed; where QEMU cannot run, it says so and fails."""
import argparse, json, os, shutil, socket, subprocess, sys, tempfile, time, uuid

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 1280, 800                      # the virtual panel (virtio-gpu's mode)
ROW_TAP = (640, 230)                  # a restaurant row, in panel px (landscape, scale 1)
SHEET_DRAG = (640, 425, 640, 60, 1.0)  # the half sheet's grabber up to the top, then still
ROT_TAP = (1029, 400)                 # --rotate 90: layout (400, 250), a row, in panel px

def drag_script(t, x1, y1, x2, y2, d):
    """The touch daemon's drag as a script: down, a move every 10 ms, 0.3 s still, up."""
    steps = max(1, int(d / 0.01))
    lines = [f"{t:.2f} down {x1} {y1}"]
    for i in range(1, steps + 1):
        lines.append(f"{t + d * i / steps:.3f} move {round(x1 + (x2 - x1) * i / steps)} {round(y1 + (y2 - y1) * i / steps)}")
    return lines + [f"{t + d + 0.3:.3f} up {x2} {y2}"]

def log(msg):
    print(f"kiosk-vm: {msg}", flush=True)

class Failure(Exception):
    pass

# ---------------------------------------------------------------- host side: the guest image

def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)

def make_image(args):
    root = subprocess.run(["bash", os.path.join(HERE, "make-root.sh"), args.deb, args.cache],
                          check=True, capture_output=True, text=True)
    sys.stderr.write(root.stderr)
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

# ---------------------------------------------------------------- the running guest

class Guest:
    """QEMU with the image, a root shell on its serial port and QMP for screendumps."""

    def __init__(self, out, image, accel):
        self.out = out
        self.serial_path = os.path.join(out, "serial.sock")
        self.qmp_path = os.path.join(out, "qmp.sock")
        for p in (self.serial_path, self.qmp_path):
            if os.path.exists(p):
                os.remove(p)
        cmd = ["qemu-system-x86_64", "-machine", "q35", "-m", "1024", "-smp", "2", "-accel", accel,
               "-kernel", os.path.join(out, "vmlinuz"), "-initrd", os.path.join(out, "initrd.img"),
               "-append", "root=/dev/vda rw console=ttyS0 systemd.show_status=0",
               "-drive", f"file={image},format=raw,if=virtio",
               "-device", f"virtio-gpu-pci,xres={W},yres={H}", "-display", "none",
               "-chardev", f"socket,id=s0,path={self.serial_path},server=on,wait=off,logfile={out}/serial.log",
               "-serial", "chardev:s0", "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
               "-monitor", "none", "-nodefaults", "-no-reboot"]
        self.qemu_log = open(os.path.join(out, "qemu.log"), "w")
        try:
            self.proc = subprocess.Popen(cmd, stdout=self.qemu_log, stderr=subprocess.STDOUT)
        except OSError as e:
            raise Failure(f"QEMU cannot run here ({e}): the kiosk was not checked")
        self.started = time.time()
        self.serial = None

    def alive(self):
        return self.proc.poll() is None

    def wait_for_shell(self, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if not self.alive():
                raise Failure(f"QEMU exited ({self.proc.returncode}); see {self.out}/qemu.log")
            try:
                self.sh("true", timeout=5)
                return True
            except (OSError, Failure):
                time.sleep(2)
        return False

    def _connect(self):
        if self.serial is None:
            s = socket.socket(socket.AF_UNIX)
            s.connect(self.serial_path)
            s.settimeout(0.5)
            self.serial = s
        return self.serial

    def sh(self, command, timeout=60, check=True):
        """Runs a command in the guest's root shell; returns its output (stdout and stderr)."""
        s = self._connect()
        tag = uuid.uuid4().hex[:8]
        s.sendall(f"echo B{tag}; ( {command} ) 2>&1; echo E{tag} $?\n".encode())
        buf, deadline = b"", time.time() + timeout
        while time.time() < deadline:
            try:
                d = s.recv(65536)
            except socket.timeout:
                continue
            if not d:
                raise Failure("the guest's serial port closed")
            buf += d
            text = buf.decode(errors="replace").replace("\r", "")
            b, e = text.find(f"B{tag}\n"), text.find(f"\nE{tag} ")
            if b >= 0 and e > b:
                end = text.find("\n", e + 1)
                if end < 0:
                    continue
                rc = int(text[e + 2 + len(tag):end].strip() or "1")
                out = text[b + len(tag) + 2:e]
                if check and rc != 0:
                    raise Failure(f"guest command failed ({rc}): {command}\n{out}")
                return out
        raise Failure(f"guest command timed out after {timeout} s: {command}")

    def qmp(self, execute, arguments=None):
        s = socket.socket(socket.AF_UNIX)
        s.connect(self.qmp_path)
        f = s.makefile("rw")
        def reply():
            while True:
                m = json.loads(f.readline())
                if "event" not in m:
                    return m
        reply()
        for cmd in ({"execute": "qmp_capabilities"}, {"execute": execute, "arguments": arguments or {}}):
            f.write(json.dumps(cmd) + "\n"); f.flush()
            r = reply()
        s.close()
        if "error" in r:
            raise Failure(f"QMP {execute}: {r['error']}")
        return r

    def screendump(self, path):
        ppm = path + ".ppm"
        self.qmp("screendump", {"filename": os.path.abspath(ppm)})
        from PIL import Image
        with Image.open(ppm) as im:
            im.convert("RGB").save(path)
        os.remove(ppm)
        return path

    def stop(self):
        if self.alive():
            try:
                self.qmp("quit")
            except Exception:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.qemu_log.close()

# ---------------------------------------------------------------- references and comparison

def reference(args, name, script, size=(W, H), extra=()):
    """A headless render by the host's Fling of the state a check expects, at the panel's size."""
    path = os.path.join(args.out, "ref", name + ".png")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path):
        lines = script + [f"9.0 shot {path}", "9.1 quit"]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(lines) + "\n")
        try:
            run([args.fling, "--headless", "--kiosk", "--size", f"{size[0]}x{size[1]}", "--scale", "1",
                 "--script", f.name, *extra], stdout=subprocess.DEVNULL)
        finally:
            os.remove(f.name)
    return path

def difference(a, b, box=None):
    """Mean absolute difference per channel (0-255) between two images of one size."""
    from PIL import Image, ImageChops, ImageStat
    with Image.open(a) as ia, Image.open(b) as ib:
        ia, ib = ia.convert("RGB"), ib.convert("RGB")
        if ia.size != ib.size:
            return 255.0
        if box:
            ia, ib = ia.crop(box), ib.crop(box)
        return sum(ImageStat.Stat(ImageChops.difference(ia, ib)).mean) / 3

def expect(shot, want, others, limit=4.0):
    """The screendump must match the wanted render and be nearer to it than to any other."""
    d = difference(shot, want)
    near = min(((difference(shot, o), o) for o in others), default=(255.0, None))
    name = os.path.basename(want)[:-4]
    if d > limit or d >= near[0]:
        raise Failure(f"{os.path.basename(shot)} is not {name}: difference {d:.2f} "
                      f"(limit {limit}); nearest other {os.path.basename(near[1] or '-')} {near[0]:.2f}")
    log(f"  {os.path.basename(shot)} = {name} (difference {d:.2f}; next nearest {near[0]:.2f})")

# ---------------------------------------------------------------- the checks

class Kiosk:
    def __init__(self, guest, args):
        self.g, self.args, self.shots = guest, args, 0
        self.times = []

    def shot(self, name):
        self.shots += 1
        return self.g.screendump(os.path.join(self.args.out, f"{self.shots:02d}-{name}.png"))

    def touch(self, gesture):
        self.g.sh(f"n=$(wc -l < /run/fling-touch.log 2>/dev/null || echo 0); echo '{gesture}' > /run/fling-touch; "
                  f"for i in $(seq 100); do [ $(wc -l < /run/fling-touch.log 2>/dev/null || echo 0) -gt $n ] && break; sleep 0.1; done; "
                  f"tail -1 /run/fling-touch.log | grep -q '^done'")

    def unit_pid(self, unit):
        return self.g.sh(f"systemctl show -p MainPID --value {unit}").strip()

    def wait_active(self, unit, timeout=180, not_pid=None):
        """Until the unit is active (Type=notify: READY=1 came with the first frame) with a
        main process other than not_pid; returns exec -> READY in seconds, as systemd saw it."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:  # (a unit restarting in a loop can keep the guest too busy to answer at once)
                out = self.g.sh(f"systemctl show -p ActiveState -p MainPID -p ExecMainStartTimestampMonotonic "
                                f"-p ActiveEnterTimestampMonotonic -p NRestarts {unit}", timeout=30)
            except Failure:
                continue
            v = dict(l.split("=", 1) for l in out.split("\n") if "=" in l)
            if v.get("ActiveState") == "active" and v.get("MainPID") not in ("0", not_pid):
                ready = (int(v["ActiveEnterTimestampMonotonic"]) - int(v["ExecMainStartTimestampMonotonic"])) / 1e6
                if ready >= 0:
                    return ready
            time.sleep(2)
        journal = self.g.sh(f"journalctl -b -u {unit} --no-pager | tail -15", check=False)
        raise Failure(f"{unit} did not become active in {timeout} s; its journal:\n{journal}")

    def started(self, unit, label, not_pid=None):
        ready = self.wait_active(unit, not_pid=not_pid)
        self.times.append((label, ready))
        log(f"  {label}: exec -> first frame on the panel (READY=1) {ready:.2f} s (guest under {self.args.accel})")
        time.sleep(3)  # the frame settles (software GL under TCG is slow)

    def refs(self, rotate=False):
        a = self.args
        if not rotate:
            tap = f"0.5 tap {ROW_TAP[0]} {ROW_TAP[1]}"
            x1, y1, x2, y2, d = SHEET_DRAG
            return {
                "list": reference(a, "list", []),
                "sheet": reference(a, "sheet", [tap]),
                "sheet-full": reference(a, "sheet-full", [tap] + drag_script(3.0, *SHEET_DRAG)),
            }
        extra = ("--rotate", "90")
        return {
            "list-rot90": reference(a, "list-rot90", [], (H, W), extra),
            "sheet-rot90": reference(a, "sheet-rot90", [f"0.5 tap {ROT_TAP[0]} {ROT_TAP[1]}"], (H, W), extra),
        }

    def look(self, name, want, refs, limit=4.0):
        others = [p for k, p in refs.items() if p != want]
        expect(self.shot(name), want, others + [self.black()], limit)

    def black(self):
        path = os.path.join(self.args.out, "ref", "black.png")
        if not os.path.exists(path):
            from PIL import Image
            Image.new("RGB", (W, H)).save(path)
        return path

    def switch_to(self, unit):
        self.g.sh("systemctl stop fling-kmsdrm fling-fbdev fling-cage; systemctl reset-failed; "
                  "rm -rf /etc/systemd/system/fling-*.service.d; systemctl daemon-reload", timeout=120)
        self.g.sh(f"systemctl start --no-block {unit}")

    def override(self, unit, sed):
        """A drop-in that runs the unit's own command line edited by a sed expression, then a
        restart (the way a user changes options: `systemctl edit`)."""
        conf = f"/etc/systemd/system/{unit}.service.d/test.conf"
        self.g.sh(f"rm -rf /etc/systemd/system/{unit}.service.d; systemctl daemon-reload")  # the shipped line
        self.g.sh(f"mkdir -p /etc/systemd/system/{unit}.service.d; "
                  f"printf '[Service]\\nExecStart=\\nExecStart=%s\\n' \"$(systemctl show -p ExecStart --value {unit} "
                  f"| sed -n 's/.*argv\\[\\]=\\([^;]*\\) ;.*/\\1/p' | sed '{sed}')\" > {conf}; systemctl daemon-reload")
        log("  " + self.g.sh(f"grep ^ExecStart=. {conf}").strip())
        self.g.sh(f"systemctl restart --no-block {unit}")

    def rotate(self, unit):
        self.override(unit, "s/--rotate 0/--rotate 90/")

    def calibrated(self, unit, name, refs):
        """Fling reads the panel itself (--input) and calibrates it (--touch-transform
        invert-y): a tap at the mirrored height must open the same row's sheet."""
        pid = self.unit_pid(unit)
        self.override(unit, "s|--rotate 0|--rotate 0 --input /dev/input/touchscreen --touch-transform invert-y|; s|--log-level info|--log-level debug|")
        self.started(unit, f"{name} with --input and --touch-transform", not_pid=pid)
        self.look(f"{name}-input", refs["list"], refs)
        self.touch(f"tap {ROW_TAP[0]} {H - 1 - ROW_TAP[1]}"); time.sleep(4)
        self.look(f"{name}-input-calibrated-tap", refs["sheet"], refs)

    # -- the paths

    def kmsdrm(self):
        log("KMSDRM through the shipped unit, as the kiosk user")
        refs = self.refs()
        self.started("fling-kmsdrm", "boot")
        self.look("kmsdrm-first-frame", refs["list"], refs)
        self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}"); time.sleep(4)
        self.look("kmsdrm-tap", refs["sheet"], refs)
        x1, y1, x2, y2, d = SHEET_DRAG
        self.touch(f"drag {x1} {y1} {x2} {y2} {d}"); time.sleep(4)
        self.look("kmsdrm-drag", refs["sheet-full"], refs)
        pid = self.unit_pid("fling-kmsdrm")
        self.g.sh("systemctl kill -s KILL fling-kmsdrm")
        self.started("fling-kmsdrm", "after kill -9", not_pid=pid)
        self.look("kmsdrm-after-kill", refs["list"], refs)
        pid = self.unit_pid("fling-kmsdrm")
        self.g.sh("systemctl kill -s STOP fling-kmsdrm")
        self.started("fling-kmsdrm", "after SIGSTOP and the watchdog", not_pid=pid)
        if "Watchdog timeout" not in self.g.sh("journalctl -b -u fling-kmsdrm --no-pager | grep -a Watchdog", check=False):
            raise Failure("the restart after SIGSTOP was not the watchdog's")
        self.look("kmsdrm-after-watchdog", refs["list"], refs)
        # KMSDRM: Fling is the display's DRM master, so another console does not take the
        # panel (the kernel cannot set its mode); what matters is Fling's frame after it.
        self.vt_switch("kmsdrm", refs, console_shows=False)
        self.calibrated("fling-kmsdrm", "kmsdrm", refs)

    def vt_switch(self, name, refs, console_shows):
        """chvt 2 and back to 1: Fling's frame must be on the panel again without any input."""
        self.g.sh("chvt 2"); time.sleep(4)
        away = difference(self.shot(f"{name}-on-tty2"), refs["list"])
        if console_shows and away < 20:
            raise Failure(f"on tty2 the panel still shows Fling (difference {away:.2f}): it did not let go")
        log(f"  on tty2: difference from Fling's frame {away:.2f}")
        self.g.sh("chvt 1"); time.sleep(4)
        self.look(f"{name}-vt-back", refs["list"], refs)

    def kmsdrm_rotate(self):
        log("KMSDRM with --rotate 90")
        refs = self.refs(rotate=True)
        pid = self.unit_pid("fling-kmsdrm")
        self.rotate("fling-kmsdrm")
        self.started("fling-kmsdrm", "--rotate 90", not_pid=pid)
        self.look("kmsdrm-rot90", refs["list-rot90"], refs)
        self.touch(f"tap {ROT_TAP[0]} {ROT_TAP[1]}"); time.sleep(4)
        self.look("kmsdrm-rot90-tap", refs["sheet-rot90"], refs)

    def fbdev(self):
        log("fbdev + evdev through the shipped unit and the udev rule")
        refs = self.refs()
        self.switch_to("fling-fbdev")
        self.started("fling-fbdev", "fbdev start")
        shot = self.shot("fbdev-first-frame")
        expect(shot, refs["list"], [refs["sheet"], refs["sheet-full"], self.black()])
        # The console's cursor blinks in the top-left cell: that corner must be Fling's.
        corner = difference(shot, refs["list"], (0, 0, 48, 48))
        if corner > 2.0:
            raise Failure(f"the console shows through the top-left corner (difference {corner:.2f})")
        log(f"  no console cursor: top-left corner difference {corner:.2f}")
        # The kernel's console takes the panel while it shows: Fling hands it over (VT_PROCESS).
        self.vt_switch("fbdev", refs, console_shows=True)
        self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}"); time.sleep(4)
        self.look("fbdev-tap", refs["sheet"], refs)
        x1, y1, x2, y2, d = SHEET_DRAG
        self.touch(f"drag {x1} {y1} {x2} {y2} {d}"); time.sleep(4)
        self.look("fbdev-drag", refs["sheet-full"], refs)

    def fbdev_rotate(self):
        log("fbdev with --rotate 90")
        refs = self.refs(rotate=True)
        pid = self.unit_pid("fling-fbdev")
        self.rotate("fling-fbdev")
        self.started("fling-fbdev", "fbdev --rotate 90", not_pid=pid)
        self.look("fbdev-rot90", refs["list-rot90"], refs)
        self.touch(f"tap {ROT_TAP[0]} {ROT_TAP[1]}"); time.sleep(4)
        self.look("fbdev-rot90-tap", refs["sheet-rot90"], refs)

    def cage(self):
        log("cage through the shipped unit")
        refs = self.refs()
        self.switch_to("fling-cage")
        self.started("fling-cage", "cage start")
        self.look("cage-first-frame", refs["list"], refs)
        self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}"); time.sleep(4)
        self.look("cage-tap", refs["sheet"], refs)
        journal = self.g.sh("journalctl -b -u fling-cage _COMM=fling --no-pager -o cat | head -3", check=False)
        if "fling:" not in journal:
            raise Failure("Fling's log is not in the journal of fling-cage")
        log("  Fling's log is in the journal: " + journal.strip().split("\n")[0][:100])
        self.calibrated("fling-cage", "cage", refs)

CHECKS = ["kmsdrm", "kmsdrm-rotate", "fbdev", "fbdev-rotate", "cage"]

def kvm_usable():
    return os.access("/dev/kvm", os.R_OK | os.W_OK) and os.environ.get("FLING_VM_ACCEL", "") != "tcg"

def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deb", required=True)
    p.add_argument("--fling", required=True, help="the host's release binary, for the reference renders")
    p.add_argument("--out", default=".build/kiosk-vm")
    p.add_argument("--cache", default=os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "fling-kiosk-vm"))
    p.add_argument("--only", default=",".join(CHECKS))
    args = p.parse_args()
    only = [c for c in args.only.split(",") if c]
    for c in only:
        if c not in CHECKS:
            sys.exit(f"kiosk-vm: unknown check '{c}' (checks: {', '.join(CHECKS)})")
    for tool in ("qemu-system-x86_64", "debootstrap", "mkfs.ext4", "chroot"):
        if not shutil.which(tool):
            sys.exit(f"kiosk-vm: {tool} is missing: QEMU cannot run here, the kiosk was not checked (scripts/kiosk-vm/ensure-host.sh installs it)")
    try:
        import PIL  # noqa: F401
    except ImportError:
        sys.exit("kiosk-vm: Python's PIL is missing (python3-pil): the kiosk was not checked")
    if os.geteuid() != 0:
        sys.exit("kiosk-vm: needs root (debootstrap, chroot): the kiosk was not checked")
    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.out):
        if f.endswith(".png") or f == "ref":
            shutil.rmtree(os.path.join(args.out, f)) if f == "ref" else os.remove(os.path.join(args.out, f))
    t0 = time.time()
    log("the guest image")
    image = make_image(args)
    log(f"  ready in {time.time() - t0:.0f} s")
    args.accel = "tcg"
    guest, kiosk, failed = None, None, []
    try:
        if kvm_usable():
            # /dev/kvm may be a nested host that cannot boot a stock kernel: try it briefly.
            guest = Guest(args.out, image, "kvm")
            if guest.wait_for_shell(60):
                args.accel = "kvm"
            else:
                log("/dev/kvm could not boot the guest in 60 s: TCG instead (12-16x slower)")
                guest.stop(); guest = None
        if guest is None:
            guest = Guest(args.out, image, "tcg")
            if not guest.wait_for_shell(300):
                raise Failure("the guest did not boot to its serial shell in 300 s (see serial.log)")
        log(f"booted under {args.accel} in {time.time() - guest.started:.0f} s")
        kiosk = Kiosk(guest, args)
        for name in only:
            t = time.time()
            try:
                getattr(kiosk, name.replace("-", "_"))()
                log(f"PASS {name} ({time.time() - t:.0f} s)")
            except Failure as e:
                failed.append(name)
                log(f"FAIL {name}: {e}")
    except Failure as e:
        failed.append("boot")
        log(f"FAIL: {e}")
    finally:
        if guest is not None:
            try:
                with open(os.path.join(args.out, "journal.txt"), "w") as f:
                    f.write(guest.sh("journalctl -b -o short-monotonic --no-pager", timeout=120, check=False))
            except Exception as e:
                log(f"(the guest's journal could not be saved: {e})")
            guest.stop()
    if kiosk:
        for label, t in kiosk.times:
            log(f"first frame: {label}: {t:.2f} s")
    log(f"{'FAILED: ' + ', '.join(failed) if failed else 'all checks passed'} in {time.time() - t0:.0f} s; "
        f"screendumps and the guest's journal in {args.out}")
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
