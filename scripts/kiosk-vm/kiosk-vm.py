#!/usr/bin/python3
"""make kiosk-vm: the kiosk proven on a real kernel. Builds a Debian 12 guest (cached root from
make-root.sh), installs the freshly built .deb in it as a new user would, boots it with QEMU and
checks each kiosk path from the screen itself: every QMP screendump is compared with a headless
render of the same state by the host's Fling, and must be nearer to it than to any other state.

    kiosk-vm.py --deb .build/fling_*.deb --fling .build/release/fling [--out DIR] [--only NAMES]

Checks (--only takes a comma-separated subset): kmsdrm (the shipped unit as the kiosk user, on
QEMU's virtio-gpu without 3D: KMS dumb buffers chosen, resident memory beside SDL's GLES path,
first frame without input, tap, drag, the status file, kill -9, SIGSTOP -> watchdog, a VT switch
there and back, --touch-transform, udev's LIBINPUT_CALIBRATION_MATRIX), kmsdrm-watch (a blocked
present -> the frozen-screen exit and restart; --screen-schedule's dark panel and a touch's
wake), kmsdrm-rotate,
fbdev (the shipped unit and the udev rule: no console cursor, tap, drag), fbdev-rotate, cage
(the shipped unit: active, tap, its log in the journal). Screendumps, references, the serial
log and the guest's journal land in DIR (.build/kiosk-vm). Exit status 0 only if every check
passed; where QEMU cannot run, it says so and fails."""
import argparse, os, shutil, signal, subprocess, sys, time
from vmcommon import W, H, Failure, log
from vmimage import make_image
from vmguest import Guest
from vmcompare import reference, difference, pixels_off, expect

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

class Kiosk:
    def __init__(self, guest, args):
        self.g, self.args, self.shots = guest, args, 0
        self.times = []
        self.rss = []

    def shot(self, name):
        self.shots += 1
        return self.g.screendump(os.path.join(self.args.out, f"{self.shots:02d}-{name}.png"))

    def touch(self, gesture):
        self.g.sh(f"n=$(wc -l < /run/fling-touch.log 2>/dev/null || echo 0); echo '{gesture}' > /run/fling-touch; "
                  f"for i in $(seq 100); do [ $(wc -l < /run/fling-touch.log 2>/dev/null || echo 0) -gt $n ] && break; sleep 0.1; done; "
                  f"tail -1 /run/fling-touch.log | grep -q '^done'")

    def unit_pid(self, unit):
        return self.g.sh(f"systemctl show -p MainPID --value {unit}").strip()

    def rss_mb(self, unit, after):
        """The unit's main process's resident memory `after` s past its start (MB)."""
        pid = self.unit_pid(unit)
        up = float(self.g.sh(f"ps -o etimes= -p {pid}").strip() or 0)
        if up < after:
            time.sleep(after - up)
        return int(self.g.sh(f"ps -o rss= -p {pid}").strip() or 0) / 1024

    def journal_since(self, unit, cursor):
        """The whole journal after `cursor`: not filtered by unit, since the last line of a
        process that exits at once (the exit chord, the frozen screen) can reach journald after
        the process is gone, without its unit."""
        return self.g.sh(f"journalctl --no-pager -o cat --after-cursor='{cursor}'", check=False)

    def cursor(self):
        return self.g.sh("journalctl -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'").strip()

    def status(self):
        import json
        text = self.g.sh("cat /run/fling/status.json")
        try:
            return json.loads(text)
        except ValueError as e:
            raise Failure(f"/run/fling/status.json is not JSON ({e}): {text[:200]}")

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

    def look(self, name, want, refs, limit=4.0, patience=15):
        """The panel must come to show `want`: a guest under TCG on a slow or busy host (CI's
        was three times slower than a quiet one) may take seconds more to draw it, so the
        panel is looked at again every 3 s for `patience` s, each look said, before it fails."""
        others = [p for k, p in refs.items() if p != want]
        deadline = time.time() + patience
        while True:
            shot = self.shot(name)
            try:
                expect(shot, want, others + [self.black()], limit)
                return
            except Failure as e:
                if time.time() >= deadline:
                    raise
                log(f"  not yet: {e}; looking again in 3 s")
                time.sleep(3)

    def black(self):
        path = os.path.join(self.args.out, "ref", "black.png")
        if not os.path.exists(path):
            from PIL import Image
            Image.new("RGB", (W, H)).save(path)
        return path

    def ensure(self, unit):
        """The unit running with its shipped command line (a check run on its own)."""
        if self.g.sh(f"systemctl is-active {unit}", check=False).strip() != "active" or \
                self.g.sh(f"ls /etc/systemd/system/{unit}.service.d 2>/dev/null", check=False).strip():
            self.switch_to(unit)
            self.wait_active(unit)
            time.sleep(3)

    def switch_to(self, unit):
        self.g.sh("systemctl stop fling-kmsdrm fling-fbdev fling-cage; systemctl reset-failed; "
                  "rm -rf /etc/systemd/system/fling-*.service.d; systemctl daemon-reload", timeout=120)
        self.g.sh(f"systemctl start --no-block {unit}")

    def override(self, unit, sed, environment=""):
        """A drop-in that runs the unit's own command line edited by a sed expression (and sets
        `environment`, NAME=VALUE), then a restart (the way a user changes options: `systemctl edit`)."""
        conf = f"/etc/systemd/system/{unit}.service.d/test.conf"
        self.g.sh(f"rm -rf /etc/systemd/system/{unit}.service.d; systemctl daemon-reload")  # the shipped line
        env = f"Environment={environment}\\n" if environment else ""
        self.g.sh(f"mkdir -p /etc/systemd/system/{unit}.service.d; "
                  f"printf '[Service]\\n{env}ExecStart=\\nExecStart=%s\\n' \"$(systemctl show -p ExecStart --value {unit} "
                  f"| sed -n 's/.*argv\\[\\]=\\([^;]*\\) ;.*/\\1/p' | sed '{sed}')\" > {conf}; systemctl daemon-reload")
        log("  " + self.g.sh(f"grep ^ExecStart=. {conf}").strip())
        self.g.sh(f"systemctl restart --no-block {unit}")

    def calibrated(self, unit, name, refs):
        """Fling reads the panel itself (--input) and calibrates it (--touch-transform
        invert-y): a tap at the mirrored height must open the same row's sheet."""
        pid = self.unit_pid(unit)
        self.override(unit, "s|--rotate 0|--rotate 0 --input /dev/input/touchscreen --touch-transform invert-y|; s|--log-level info|--log-level debug|")
        self.started(unit, f"{name} with --input and --touch-transform", not_pid=pid)
        self.look(f"{name}-input", refs["list"], refs)
        mirrored = (ROW_TAP[0], H - 1 - ROW_TAP[1])
        # What an ignored transform would show: the sheet of the row under the raw point.
        wrong = reference(self.args, "sheet-uncalibrated", [f"0.5 tap {mirrored[0]} {mirrored[1]}"])
        self.touch(f"tap {mirrored[0]} {mirrored[1]}"); time.sleep(4)
        self.look(f"{name}-input-calibrated-tap", refs["sheet"], dict(refs, wrong=wrong))

    # -- the paths

    def kmsdrm(self):
        log("KMSDRM through the shipped unit, as the kiosk user")
        refs = self.refs()
        self.started("fling-kmsdrm", "boot")
        said = self.g.sh("journalctl -b -u fling-kmsdrm --no-pager -o cat | grep -a 'fling: kms: /dev/dri' | tail -1", check=False).strip()
        if not said:
            raise Failure("without a GPU the kiosk did not choose the KMS dumb buffers (no 'kms: /dev/dri…' line in its journal)")
        log(f"  {said}")
        self.look("kmsdrm-first-frame", refs["list"], refs)
        self.rss.append(("KMS dumb buffers", self.rss_mb("fling-kmsdrm", 10), self.rss_mb("fling-kmsdrm", 30)))
        log(f"  resident memory 10 s / 30 s after start: {self.rss[-1][1]:.1f} / {self.rss[-1][2]:.1f} MB")
        st = self.status()
        if st.get("scene") != "restaurants" or not st.get("frames_presented") or not str(st.get("output", "")).startswith("kms /dev/dri"):
            raise Failure(f"the status file does not say the kiosk shows the list on KMS: {st}")
        self.tap_and_drag("kmsdrm", refs)
        time.sleep(1)
        st = self.status()
        if st.get("last_input_at") is None or st.get("frames_presented", 0) < 2:
            raise Failure(f"the status file did not take the taps in: {st}")
        log(f"  /run/fling/status.json: scene {st['scene']}, {st['frames_presented']} frames, input {st['seconds_since_input']} s ago, "
            f"{st['resident_bytes'] / 1048576:.1f} MB")
        self.keyboard("fling-kmsdrm", "kmsdrm", refs)
        pid = self.unit_pid("fling-kmsdrm")
        self.g.sh("systemctl kill -s KILL fling-kmsdrm")
        self.started("fling-kmsdrm", "after kill -9", not_pid=pid)
        self.look("kmsdrm-after-kill", refs["list"], refs)
        pid = self.unit_pid("fling-kmsdrm")
        count = "journalctl -b -u fling-kmsdrm --no-pager | grep -ac 'Watchdog timeout'"
        before = int(self.g.sh(count, check=False).strip() or 0)
        self.g.sh("systemctl kill -s STOP fling-kmsdrm")
        self.started("fling-kmsdrm", "after SIGSTOP and the watchdog", not_pid=pid)
        if int(self.g.sh(count, check=False).strip() or 0) <= before:
            raise Failure("the restart after SIGSTOP was not the watchdog's")
        self.look("kmsdrm-after-watchdog", refs["list"], refs)
        # Fling lets go of the DRM master before the switch: the other console shows.
        self.vt_switch("kmsdrm", refs, console_shows=True)
        self.calibrated("fling-kmsdrm", "kmsdrm", refs)
        self.calibrated_by_udev("fling-kmsdrm", "kmsdrm", refs)
        # SDL's KMSDRM through GLES (llvmpipe here), for its memory beside the dumb buffers'.
        pid = self.unit_pid("fling-kmsdrm")
        self.override("fling-kmsdrm", "s/--rotate 0/--rotate 0 --renderer gles2/")
        self.started("fling-kmsdrm", "SDL's KMSDRM through GLES (--renderer gles2)", not_pid=pid)
        self.rss.append(("SDL's KMSDRM, GLES on llvmpipe", self.rss_mb("fling-kmsdrm", 10), self.rss_mb("fling-kmsdrm", 30)))
        log(f"  resident memory 10 s / 30 s after start: {self.rss[-1][1]:.1f} / {self.rss[-1][2]:.1f} MB")

    def keys(self, *names):
        """Keys pressed together on the guest's own (PS/2) keyboard, by QEMU's key names."""
        self.g.qmp("send-key", {"keys": [{"type": "qcode", "data": n} for n in names]})

    def keyboard(self, unit, name, refs):
        """The console's keyboard, read by Fling itself: Escape closes the sheet at full, Ctrl+C
        does not end the kiosk, and its exit chord (Ctrl+Alt+Shift+Q) does, for systemd to
        start it again."""
        self.keys("esc"); time.sleep(4)
        self.look(f"{name}-key-escape", refs["list"], refs)
        pid = self.unit_pid(unit)
        # Ctrl+C and Ctrl+\ at the kiosk's own tty are bytes, not signals that end it.
        self.keys("ctrl", "c"); self.keys("ctrl", "backslash"); time.sleep(3)
        if self.unit_pid(unit) != pid:
            raise Failure("Ctrl+C typed on the console's keyboard ended the kiosk")
        self.look(f"{name}-key-ctrl-c", refs["list"], refs)
        cursor = self.cursor()
        self.keys("ctrl", "alt", "shift", "q")
        self.started(unit, "after the exit chord", not_pid=pid)
        if "leaving on the exit chord" not in self.journal_since(unit, cursor):
            raise Failure("the exit chord typed on the console's keyboard did not end the kiosk")
        log("  the exit chord on the guest's keyboard ended the kiosk, and systemd started it again")

    def calibrated_by_udev(self, unit, name, refs):
        """A udev rule gives the panel libinput's matrix for a panel mounted upside down in y
        (1 0 0 0 -1 1): Fling, reading the panel itself, must honour it as libinput does."""
        rule = "/etc/udev/rules.d/98-fling-test-calibration.rules"
        self.g.sh(f"echo 'SUBSYSTEM==\"input\", KERNEL==\"event*\", ENV{{ID_INPUT_TOUCHSCREEN}}==\"1\", "
                  f"ENV{{LIBINPUT_CALIBRATION_MATRIX}}=\"1 0 0 0 -1 1\"' > {rule}; "
                  "udevadm control --reload; udevadm trigger -s input; udevadm settle")
        try:
            pid = self.unit_pid(unit)
            self.g.sh(f"rm -rf /etc/systemd/system/{unit}.service.d; systemctl daemon-reload; systemctl restart --no-block {unit}")
            self.started(unit, f"{name} with udev's calibration matrix", not_pid=pid)
            said = self.g.sh(f"journalctl -b -u {unit} --no-pager -o cat | grep -a 'LIBINPUT_CALIBRATION_MATRIX' | tail -1", check=False).strip()
            if "1 0 0 0 -1 1" not in said:
                raise Failure("the kiosk did not say it applied udev's LIBINPUT_CALIBRATION_MATRIX")
            log(f"  {said[:160]}")
            self.look(f"{name}-udev-matrix", refs["list"], refs)
            mirrored = (ROW_TAP[0], H - 1 - ROW_TAP[1])
            wrong = reference(self.args, "sheet-uncalibrated", [f"0.5 tap {mirrored[0]} {mirrored[1]}"])
            self.touch(f"tap {mirrored[0]} {mirrored[1]}"); time.sleep(4)
            self.look(f"{name}-udev-matrix-tap", refs["sheet"], dict(refs, wrong=wrong))
        finally:
            self.g.sh(f"rm -f {rule}; udevadm control --reload; udevadm trigger -s input; udevadm settle", check=False)

    def kmsdrm_watch(self):
        log("KMSDRM: the kiosk watches itself")
        refs = self.refs()
        self.ensure("fling-kmsdrm")
        # A present that never reaches the panel: after --frozen-screen 6 s Fling exits 70 and
        # systemd starts it again (the loop kept running, so systemd's own watchdog would not).
        unit = "fling-kmsdrm"
        pid = self.unit_pid(unit)
        self.override(unit, "s/--rotate 0/--rotate 0 --frozen-screen 6/", environment="FLING_TEST_BLOCK_PRESENT_AFTER=20")
        self.started(unit, "with a present blocked after 20 s", not_pid=pid)
        pid = self.unit_pid(unit)
        cursor = self.cursor()
        # The 20 s are on the loop's clock, which starts about a READY time after exec: taps
        # (each asks for a frame, never shown) until the journal says the screen froze.
        up = float(self.g.sh(f"ps -o etimes= -p {pid}").strip() or 0)
        time.sleep(max(0, 20 + self.times[-1][1] + 2 - up))
        for _ in range(4):
            self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}")
            time.sleep(10)
            if "frozen screen" in self.journal_since(unit, cursor):
                break
        self.g.sh(f"rm -rf /etc/systemd/system/{unit}.service.d; systemctl daemon-reload")
        self.started(unit, "after the frozen screen", not_pid=pid)
        said = self.journal_since(unit, cursor)
        if "frozen screen" not in said or "status=70" not in said:
            raise Failure("the restart was not the frozen-screen exit (status 70); the journal:\n" + said[-1500:])
        log("  " + next(l for l in said.split("\n") if "frozen screen" in l)[:180])
        self.look("kmsdrm-after-frozen", refs["list"], refs)
        # --screen-schedule with hours that leave the guest's now out: the panel goes dark
        # (DPMS off); a touch lights it with Fling's frame, and the touch does nothing else.
        now = int(self.g.sh("date +%H").strip())
        hours = f"{(now + 2) % 24:02d}:00-{(now + 3) % 24:02d}:00"
        pid = self.unit_pid(unit)
        self.override(unit, f"s/--rotate 0/--rotate 0 --screen-schedule {hours}/")
        self.started(unit, f"--screen-schedule {hours}", not_pid=pid)
        time.sleep(3)
        dark = self.shot("kmsdrm-schedule-dark")
        lit_difference = difference(dark, refs["list"])
        if difference(dark, self.black()) > 2:
            raise Failure(f"outside --screen-schedule {hours} the panel is not dark (difference from black {difference(dark, self.black()):.2f}, from the list {lit_difference:.2f})")
        log(f"  outside {hours}: the panel is dark (difference from black {difference(dark, self.black()):.2f})")
        st = self.status()
        if st.get("panel_lit") is not False:
            raise Failure(f"the status file does not say the panel is dark: {st}")
        self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}"); time.sleep(4)
        self.look("kmsdrm-schedule-woken", refs["list"], refs)   # lit, and the tap opened nothing
        said = self.g.sh(f"journalctl -b -u {unit} --no-pager -o cat | grep -a 'screen: ' | tail -2", check=False).strip()
        log("  " + said.replace("\n", " | ")[:200])
        self.g.sh(f"rm -rf /etc/systemd/system/{unit}.service.d; systemctl daemon-reload")

    def vt_switch(self, name, refs, console_shows):
        """chvt 2 and back to 1: Fling's frame must be on the panel again without any input."""
        self.g.sh("chvt 2"); time.sleep(4)
        away = difference(self.shot(f"{name}-on-tty2"), refs["list"])
        if console_shows and away < 20:
            raise Failure(f"on tty2 the panel still shows Fling (difference {away:.2f}): it did not let go")
        log(f"  on tty2: difference from Fling's frame {away:.2f}")
        self.g.sh("chvt 1"); time.sleep(4)
        self.look(f"{name}-vt-back", refs["list"], refs)

    def tap_and_drag(self, name, refs):
        """A tap on a row opens its sheet; a slow drag of the grabber to the top brings it to full."""
        self.touch(f"tap {ROW_TAP[0]} {ROW_TAP[1]}"); time.sleep(4)
        self.look(f"{name}-tap", refs["sheet"], refs)
        x1, y1, x2, y2, d = SHEET_DRAG
        self.touch(f"drag {x1} {y1} {x2} {y2} {d}"); time.sleep(4)
        self.look(f"{name}-drag", refs["sheet-full"], refs)

    def rotated(self, unit, name, extra=""):
        """--rotate 90 on `unit` (with `extra` options): the portrait layout turned onto the
        panel, with no input; a tap in panel pixels opens the row under it."""
        refs = self.refs(rotate=True)
        self.ensure(unit)
        pid = self.unit_pid(unit)
        self.override(unit, f"s/--rotate 0/--rotate 90{extra}/")
        self.started(unit, f"{name} --rotate 90{extra}", not_pid=pid)
        self.look(f"{name}-rot90", refs["list-rot90"], refs)
        self.touch(f"tap {ROT_TAP[0]} {ROT_TAP[1]}"); time.sleep(4)
        self.look(f"{name}-rot90-tap", refs["sheet-rot90"], refs)

    def kmsdrm_rotate(self):
        log("KMSDRM with --rotate 90: the KMS dumb buffers, then SDL's KMSDRM through GLES")
        self.rotated("fling-kmsdrm", "kmsdrm")
        # SDL's KMSDRM set the mode with the first frame's flip and showed black until a touch
        # drew again: its second frame is drawn too.
        self.rotated("fling-kmsdrm", "kmsdrm-gles", extra=" --renderer gles2")
        self.g.sh("rm -rf /etc/systemd/system/fling-kmsdrm.service.d; systemctl daemon-reload")

    def fbdev(self):
        log("fbdev + evdev through the shipped unit and the udev rule")
        refs = self.refs()
        self.switch_to("fling-fbdev")
        self.started("fling-fbdev", "fbdev start")
        self.rss.append(("fbdev", self.rss_mb("fling-fbdev", 10), self.rss_mb("fling-fbdev", 30)))
        log(f"  resident memory 10 s / 30 s after start: {self.rss[-1][1]:.1f} / {self.rss[-1][2]:.1f} MB")
        shot = self.shot("fbdev-first-frame")
        expect(shot, refs["list"], [refs["sheet"], refs["sheet-full"], self.black()])
        # The console's cursor blinks in the top-left cell: no pixel of that corner may differ
        # from Fling's frame by more than a rounding, in two shots half a blink apart.
        time.sleep(0.3)
        for n, s in enumerate([shot, self.shot("fbdev-first-frame-again")]):
            off = pixels_off(s, refs["list"], (0, 0, 48, 48))
            if off:
                raise Failure(f"the console shows through the top-left corner: {off} pixels differ (shot {n + 1})")
        log("  no console cursor: the top-left 48x48 px are Fling's in two shots 0.3 s apart")
        # The kernel's console takes the panel while it shows: Fling hands it over (VT_PROCESS).
        self.vt_switch("fbdev", refs, console_shows=True)
        self.tap_and_drag("fbdev", refs)

    def fbdev_rotate(self):
        log("fbdev with --rotate 90")
        self.rotated("fling-fbdev", "fbdev")

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

CHECKS = ["kmsdrm", "kmsdrm-watch", "kmsdrm-rotate", "fbdev", "fbdev-rotate", "cage"]

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
    if not only:
        sys.exit(f"kiosk-vm: no check named (checks: {', '.join(CHECKS)})")
    only = [c for c in CHECKS if c in only]   # in their order: each starts where the one before left
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
    try:
        image = make_image(args)
    except (Failure, subprocess.CalledProcessError, OSError) as e:
        sys.exit(f"kiosk-vm: FAILED: the guest image could not be made: {e}")
    log(f"  ready in {time.time() - t0:.0f} s")
    args.accel = "tcg"
    guest, kiosk, failed = None, None, []
    # CI's SIGTERM must not leave QEMU running: it becomes an exception, and `finally` stops it.
    def stopped(sig, _):
        raise Failure(f"stopped by signal {sig}")
    signal.signal(signal.SIGTERM, stopped)
    try:
        if kvm_usable():
            # /dev/kvm may be a nested host that cannot boot a stock kernel: try it briefly.
            guest = Guest(args.out, image, "kvm")
            try:
                booted = guest.wait_for_shell(60)
            except Failure as e:   # QEMU refused KVM outright
                log(f"  ({e})")
                booted = False
            if booted:
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
            except Exception as e:   # a check's own error fails it, and the next ones still run
                failed.append(name)
                log(f"FAIL {name}: {e if isinstance(e, Failure) else repr(e)}")
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
        for label, a, b in kiosk.rss:
            log(f"resident memory: {label}: {a:.1f} MB 10 s after start, {b:.1f} MB at 30 s")
    log(f"{'FAILED: ' + ', '.join(failed) if failed else 'all checks passed'} in {time.time() - t0:.0f} s; "
        f"screendumps and the guest's journal in {args.out}")
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
