"""The running kiosk VM: QEMU with the image, a root shell on its serial port (commands and
their output) and QMP (screendumps)."""
import json, os, socket, subprocess, time, uuid
from vmcommon import W, H, Failure

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
               "-append", "root=/dev/vda rw console=ttyS0 quiet loglevel=3 systemd.show_status=0",
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
        s.settimeout(30)   # a hung QEMU fails the check instead of blocking CI
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
