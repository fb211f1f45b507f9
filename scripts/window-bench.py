#!/usr/bin/python3
"""Frames a user sees: Fling in a real window under Xvfb, driven by xdotool, its presented
frames counted from the X server's DAMAGE events (not from the app), its CPU time and the X
server's read from /proc.

  scripts/window-bench.py BINARY [--size 1080x1920] [--scale 1] [--runs 3]
                          [--scenario list-scroll,sheet-drag,card-expand,caret-blink,slider-step,switch-flip]
                          [--env NAME=VALUE ...] [--label L] [--json]
  scripts/window-bench.py BINARY --memory [--size 1080x1920]   (RSS idle and after a tour)
  scripts/window-bench.py BINARY --startup [--size 1080x1920]  (exec -> first frame on screen)
  BINARY `qml` runs the peer instead on Qt Quick's software renderer (apt-get install qml-qt6
  qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtquick-controls
  qml6-module-qtquick-templates): bench/peer/restaurants.qml for list-scroll, sheet-drag,
  --memory (its tour opens and drags the sheet) and --startup; today.qml for card-expand (a
  card that grows with a spring); form.qml for caret-blink, slider-step and switch-flip (Qt
  Quick Controls at the points Fling's form draws its own, read from its state dump). BINARY `chromium`
  runs bench/peer/restaurants.html in Chromium with --disable-gpu (apt-get install chromium),
  the same way; its CPU and memory are those of all its processes (RSS and PSS).

Each scenario starts a fresh Xvfb and app, waits for the window to show and settle, then
drives one interaction for a few seconds with xdotool (mouse moves every 8 ms, as a 125 Hz
mouse sends them). Presented frames: bursts of DAMAGE rectangles on the app's window
(rectangles within 4 ms of one another are one present). CPU ms per presented frame: the
app's user+system time over the driven period divided by the presented frames.
Needs: apt-get install -y xvfb xdotool python3-xlib (Debian's python3, /usr/bin/python3).
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time

from Xlib import X, display as xdisplay
from Xlib.ext import damage

CLK = os.sysconf("SC_CLK_TCK")


def process_tree(pid):
    """pid and every process under it (a browser's renderer and GPU processes)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def cpu_seconds(pid):
    """CPU time of a process and the processes under it, all their threads, in seconds: each
    process's CPU clock (clock_gettime on its CPUCLOCK_SCHED clock: the scheduler's
    nanoseconds of every thread, those that exited included; the 10 ms ticks of /proc/PID/stat
    cannot resolve a caret blink's nine frames), plus what exited child processes left in
    their parent's cutime/cstime."""
    total = 0.0
    for p in process_tree(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[13]) + int(fields[14])) / CLK
            total += time.clock_gettime(((~p) << 3) | 2)
        except OSError as e:
            if not os.path.exists(f"/proc/{p}"):
                continue   # it exited meanwhile
            raise SystemExit(f"window-bench: no CPU clock for process {p}: {e}")
    return total


def _status_kb(pid, key, path="status"):
    try:
        with open(f"/proc/{pid}/{path}") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_mb(pid):
    """Resident memory of a process and the processes under it."""
    return sum(_status_kb(p, "VmRSS:") for p in process_tree(pid)) / 1024


def hwm_mb(pid):
    """The kernel's high-water mark of resident memory (VmHWM): the true peak of one process
    over its whole life (start-up included; the tour's peak is far above it), however short;
    summed over a process tree it is an upper bound."""
    return sum(_status_kb(p, "VmHWM:") for p in process_tree(pid)) / 1024


def pss_mb(pid):
    """Proportional set size of the same (shared pages split between their users)."""
    return sum(_status_kb(p, "Pss:", "smaps_rollup") for p in process_tree(pid)) / 1024


class DamageWatcher(threading.Thread):
    """Counts presents on a window from DAMAGE events (raw rectangles), in server time."""

    def __init__(self, disp_name, window_id):
        super().__init__(daemon=True)
        self.d = xdisplay.Display(disp_name)
        self.d.damage_query_version()
        self.win = self.d.create_resource_object("window", window_id)
        self.dmg = self.win.damage_create(damage.DamageReportRawRectangles)
        self.d.flush()
        self.lock = threading.Lock()
        self.frames = []          # (server ms, local s, pixels)
        self.stop_flag = False
        self.last_ms = None

    def run(self):
        while not self.stop_flag:
            while self.d.pending_events():
                e = self.d.next_event()
                if e.type != self.d.extension_event.DamageNotify:
                    continue
                area = e.area.width * e.area.height
                with self.lock:
                    if self.last_ms is not None and abs(e.timestamp - self.last_ms) <= 4 and self.frames:
                        ms, t, px = self.frames[-1]
                        self.frames[-1] = (ms, t, px + area)
                    else:
                        self.frames.append((e.timestamp, time.monotonic(), area))
                    self.last_ms = e.timestamp
            time.sleep(0.001)

    def count_between(self, t0, t1):
        with self.lock:
            sel = [f for f in self.frames if t0 <= f[1] <= t1]
        return len(sel), sum(f[2] for f in sel)

    def first_time(self):
        with self.lock:
            return self.frames[0][1] if self.frames else None


def find_window(disp_name, pid, timeout=20):
    """The app's top-level window (by _NET_WM_PID), once mapped."""
    d = xdisplay.Display(disp_name)
    atom = d.intern_atom("_NET_WM_PID")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for w in d.screen().root.query_tree().children:
            try:
                p = w.get_full_property(atom, X.AnyPropertyType)
                if p and p.value[0] == pid and w.get_attributes().map_state == X.IsViewable:
                    return w.id
            except Exception:
                pass
        time.sleep(0.005)
    raise SystemExit(f"window-bench: no window of pid {pid} appeared in {timeout} s")


def window_origin(disp_name, window_id):
    """The window's top-left in screen pixels."""
    d = xdisplay.Display(disp_name)
    w = d.create_resource_object("window", window_id)
    t = w.translate_coords(d.screen().root, 0, 0)
    return -t.x, -t.y


def xdo(disp_name, *args, origin=(0, 0)):
    """xdotool with the arguments' `mousemove X Y` taken as window pixels."""
    args = list(args)
    for i, a in enumerate(args):
        if a == "mousemove":
            args[i + 1] = str(int(float(args[i + 1])) + origin[0])
            args[i + 2] = str(int(float(args[i + 2])) + origin[1])
    subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": disp_name}, check=True)


def tab_x(w, scale, i):
    """The centre of tab i (0…3) in window px: items share the width, at most 160 pt each."""
    item = min(w / 4, 160)
    return int(((w - 4 * item) / 2 + item * (i + 0.5)) * scale)


def drag(x, y0, y1, seconds, step=0.008):
    """xdotool arguments for a press at (x, y0), moves every `step` s to y1, release."""
    n = max(2, int(seconds / step))
    args = ["mousemove", str(x), str(int(y0)), "mousedown", "1"]
    for i in range(1, n + 1):
        y = y0 + (y1 - y0) * i / n
        args += ["sleep", str(step), "mousemove", str(x), str(int(round(y)))]
    return args + ["mouseup", "1"]


_form_frames = {}
# The Fling build whose form is read (the one under test; the repo's release build for the peer).
FORM_BINARY = None


def form_frames(w, h, scale, unit=None):
    """Where Fling's Form scene draws its controls at this size, in window pixels (`unit`
    pixels a pt; 1: in pt, for the Qt peer at its own scale factor), from a
    headless state dump of the repo's release build: both apps are driven at these points, and
    the Qt peer lays its controls out on them."""
    unit = scale if unit is None else unit
    key = (w, h, scale, unit)
    if key not in _form_frames:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        binary = FORM_BINARY or os.path.join(root, ".build/release/fling")
        state = f"/tmp/window-bench-form-{os.getpid()}.json"
        subprocess.run([binary, "--headless", "--script", "/dev/stdin", "--scene", "form", "--size", f"{w}x{h}",
                        "--scale", str(scale)], input=f"0.5 state {state}\n0.6 quit\n", text=True, check=True,
                       stdout=subprocess.DEVNULL)
        with open(state) as fh:
            dump = json.load(fh)
        os.unlink(state)
        px = lambda r: [v * unit for v in r]
        form = dump["form"]
        title = next(p["frame"] for p in dump["preferences"] if p["kind"] == "formContainer")
        _form_frames[key] = {
            "scale": unit, "toggle": px(form["toggle"]["frame"]), "slider": px(form["slider"]["frame"]),
            "title": px([title[0], title[1], title[2], 34]), "miniMap": px(dump["miniMap"]["area"]),
            "fields": [{"label": f["label"], "frame": px(f["frame"]), "container": px(f["container"])} for f in form["fields"]]}
    return _form_frames[key]


def scenario_args(name, w, h, scale):
    """(first scene, setup xdotool args, driven xdotool args, driven seconds) in window px."""
    x = int(w * scale / 2)
    H = h * scale
    if name == "list-scroll":
        driven = []
        for _ in range(3):
            driven += drag(x, H * 0.8, H * 0.35, 0.4) + ["sleep", "0.6"] + drag(x, H * 0.35, H * 0.8, 0.4) + ["sleep", "0.6"]
        return "restaurants", [], driven
    if name == "sheet-drag":
        setup = ["mousemove", str(x), str(int(230 * scale)), "click", "1", "sleep", "1.0"]
        driven = []
        for _ in range(3):
            driven += drag(x, H * 0.7, H * 0.3, 0.5) + drag(x, H * 0.3, H * 0.7, 0.5)
        # Each drag is a press, moves and a release: the sheet stays up between them.
        return "restaurants", setup, driven
    if name in ("caret-blink", "slider-step", "switch-flip"):
        f = form_frames(w, h, scale)
        if name == "caret-blink":
            # Focus the first field, then touch nothing for 4 s: each presented frame is a blink.
            fx, fy, fw, fh = f["fields"][0]["frame"]
            return "form", ["mousemove", str(int(fx + fw / 2)), str(int(fy + fh / 2)), "click", "1", "sleep", "1.2"], ["sleep", "4"]
        if name == "slider-step":
            # Press the thumb and move it 8 px every 0.1 s across the track: one step a move.
            sx, sy, sw, sh = f["slider"]
            x0, y = sx + sh / 2, int(sy + sh / 2)
            driven = ["mousemove", str(int(x0)), str(y), "mousedown", "1"]
            for i in range(1, 31):
                driven += ["sleep", "0.1", "mousemove", str(int(x0 + 8 * i)), str(y)]
            return "form", [], driven + ["mouseup", "1"]
        tx, ty, tw, th = f["toggle"]
        driven = []
        for _ in range(6):
            driven += ["mousemove", str(int(tx + tw / 2)), str(int(ty + th / 2)), "click", "1", "sleep", "0.8"]
        return "form", [], driven
    if name == "card-expand":
        cx = int(min(w, 600) * scale / 2) if w < 700 else int(200 * scale)
        driven = []
        for _ in range(3):
            driven += ["mousemove", str(cx), str(int(250 * scale)), "click", "1", "sleep", "1.0", "key", "Escape", "sleep", "1.0"]
        return "today", [], driven
    raise SystemExit(f"window-bench: unknown scenario {name}")


class Session:
    """A fresh Xvfb and app."""

    def __init__(self, binary, w, h, scale, scene, env, disp_num, extra_args=()):
        self.disp = f":{disp_num}"
        sw, sh = int(w * scale) + 64, int(h * scale) + 64
        self.xvfb = subprocess.Popen(["Xvfb", self.disp, "-screen", "0", f"{sw}x{sh}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if os.path.exists(f"/tmp/.X11-unix/X{disp_num}"):
                break
            time.sleep(0.01)
        time.sleep(0.2)
        self.env = {**os.environ, "DISPLAY": self.disp, **env}
        if binary == "qml":
            # The peer: Qt Quick with its software renderer (bench/peer/restaurants.qml).
            root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            # At the bench's scale, as Fling draws at it: Qt's scale factor, sizes in pt.
            self.env.update({"QT_QUICK_BACKEND": "software", "QML_XHR_ALLOW_FILE_READ": "1", "QT_SCALE_FACTOR": str(scale)})
            # One QML file a scene: restaurants.qml, today.qml (the card), form.qml.
            peer = {"today": "today.qml", "form": "form.qml"}.get(scene, "restaurants.qml")
            frames = [json.dumps(form_frames(w, h, scale, unit=1))] if scene == "form" else []
            self.args = ["/usr/lib/qt6/bin/qml", os.path.join(root, "bench/peer", peer), "--", *frames,
                         os.path.join(root, "Resources"), str(w), str(h)]
        elif binary == "chromium":
            # The browser peer: Chromium without a GPU (bench/peer/restaurants.html), in a
            # profile of its own so that no earlier state or extension is in the way.
            root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            page = os.path.join(root, "bench/peer/restaurants.html")
            self.args = ["/usr/bin/chromium", "--disable-gpu", "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check",
                         "--disable-extensions", "--disable-background-networking", "--password-store=basic",
                         f"--user-data-dir=/tmp/window-bench-chromium-{disp_num}", "--allow-file-access-from-files",
                         f"--force-device-scale-factor={scale}", f"--window-size={w},{h}", "--window-position=0,0",
                         f"--app=file://{page}?res={os.path.join(root, 'Resources')}"]
        else:
            self.args = [binary, "--size", f"{w}x{h}", "--scale", str(scale), "--scene", scene, "--date", "2026-11-22", *extra_args]
        self.exec_time = time.monotonic()
        # stderr goes to a file, read at the end: a pipe nobody reads could fill and stall the app.
        self.log = open(f"/tmp/window-bench-{disp_num}.log", "w+")
        self.app = subprocess.Popen(self.args, env=self.env, stdout=subprocess.DEVNULL, stderr=self.log, text=True)

    def close(self):
        for p in (self.app, self.xvfb):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in (self.app, self.xvfb):
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()


def run_scenario(a, name, disp_num):
    w, h = a.size
    scene, setup, driven = scenario_args(name, w, h, a.scale)
    s = Session(a.binary, w, h, a.scale, scene, a.env, disp_num)
    try:
        if a.binary == "chromium":
            time.sleep(3)   # its first window is replaced while it starts: watch the final one
        win = find_window(s.disp, s.app.pid)
        origin = window_origin(s.disp, win)
        watcher = DamageWatcher(s.disp, win)
        watcher.start()
        time.sleep(1.0)
        if setup:
            xdo(s.disp, *setup, origin=origin)
            time.sleep(0.5)
        server0, app0, t0 = cpu_seconds(s.xvfb.pid), cpu_seconds(s.app.pid), time.monotonic()
        xdo(s.disp, *driven, origin=origin)
        time.sleep(0.6)   # let the last release's animation finish
        t1, app1, server1 = time.monotonic(), cpu_seconds(s.app.pid), cpu_seconds(s.xvfb.pid)
        watcher.stop_flag = True
        frames, pixels = watcher.count_between(t0, t1)
        # The busy time: presents happen only while something changes.
        with watcher.lock:
            stamps = [f[1] for f in watcher.frames if t0 <= f[1] <= t1]
        gaps = [b - a_ for a_, b in zip(stamps, stamps[1:])]
        busy = sum(g for g in gaps if g < 0.1)
        return {
            "scenario": name, "label": a.label, "size": f"{w}x{h}", "scale": a.scale,
            "frames": frames,
            "fps_while_moving": round(len(gaps and [g for g in gaps if g < 0.1]) / busy, 1) if busy > 0 else 0,
            "median_frame_interval_ms": round(statistics.median(gaps) * 1000, 2) if gaps else None,
            "app_cpu_ms_per_frame": round((app1 - app0) * 1000 / frames, 2) if frames else None,
            "server_cpu_ms_per_frame": round((server1 - server0) * 1000 / frames, 2) if frames else None,
            "mpixels_per_frame": round(pixels / frames / 1e6, 3) if frames else None,
            "seconds": round(t1 - t0, 2),
        }
    finally:
        s.close()


def run_memory(a, disp_num):
    """RSS idle (3 s after start), its peak during a tour of every scene (sampled every 10 ms,
    and the kernel's high-water mark) and idle after it."""
    w, h = a.size
    s = Session(a.binary, w, h, a.scale, "restaurants", a.env, disp_num)
    try:
        origin = window_origin(s.disp, find_window(s.disp, s.app.pid))
        time.sleep(3)
        idle, pss_idle = rss_mb(s.app.pid), pss_mb(s.app.pid)
        sc = a.scale
        x, H = int(w * sc / 2), h * sc
        tabs = [tab_x(w, sc, i) for i in range(4)]
        tab_y = int(H - 58 * sc)
        tour = ["mousemove", str(x), str(int(230 * sc)), "click", "1", "sleep", "1.2"]
        tour += drag(x, H * 0.7, H * 0.3, 0.4) + ["sleep", "1", "key", "Escape", "sleep", "1"]
        tour += drag(x, H * 0.8, H * 0.2, 0.3) + ["sleep", "1.5"]
        tour += ["mousemove", str(tabs[1]), str(tab_y), "click", "1", "sleep", "1"]
        tour += ["mousemove", str(int(min(w, 600) * sc / 2) if w < 700 else int(200 * sc)), str(int(250 * sc)), "click", "1", "sleep", "1.5",
                 "key", "Escape", "sleep", "1"]
        # Two-Stage: "Show Sheet" (at 26 % of the height in a 1080x1920 window), then drag
        # the sheet up to full.
        tour += ["mousemove", str(tabs[2]), str(tab_y), "click", "1", "sleep", "1",
                 "mousemove", str(x), str(int(H * 0.262)), "click", "1", "sleep", "1.5"]
        tour += drag(x, H * 0.7, H * 0.2, 0.4) + ["sleep", "1.5", "key", "Escape", "sleep", "1"]
        tour += ["mousemove", str(tabs[3]), str(tab_y), "click", "1", "sleep", "1.5"]
        tour += ["mousemove", str(tabs[0]), str(tab_y), "click", "1", "sleep", "2"]
        peak = idle
        done = threading.Event()
        series = []
        t_start = time.monotonic()

        def sample():
            nonlocal peak
            while not done.is_set():
                r = rss_mb(s.app.pid)
                series.append((round(time.monotonic() - t_start, 2), round(r, 1)))
                peak = max(peak, r)
                time.sleep(0.01)
        th = threading.Thread(target=sample, daemon=True)
        th.start()
        xdo(s.disp, *tour, origin=origin)
        time.sleep(3.5)   # past the app's 2 s idle trim and the last animation
        done.set()
        th.join()
        after = rss_mb(s.app.pid)
        out = {"label": a.label, "size": f"{w}x{h}", "scale": a.scale, "rss_idle_mb": round(idle, 1),
               "rss_peak_tour_mb": round(peak, 1), "rss_high_water_mb": round(hwm_mb(s.app.pid), 1),
               "rss_idle_after_tour_mb": round(after, 1),
               "pss_idle_mb": round(pss_idle, 1), "pss_after_tour_mb": round(pss_mb(s.app.pid), 1)}
        if a.series:
            out["series"] = series[::25]
        s.close()
        if a.series:
            s.log.seek(0)
            out["memory_report"] = [l for l in s.log.read().splitlines() if l.startswith("memory")]
        return out
    finally:
        s.close()


def run_startup(a, disp_num):
    """exec -> the first DAMAGE on the app's window: the first frame on screen. The window is
    watched from the moment it exists (the app makes it hidden and shows it with its first
    frame), so a frame put there before it is mapped does not count: X drops it."""
    w, h = a.size
    s = Session(a.binary, w, h, a.scale, "restaurants", a.env, disp_num)
    try:
        d = xdisplay.Display(s.disp)
        d.damage_query_version()
        atom = d.intern_atom("_NET_WM_PID")
        root = d.screen().root
        end = time.monotonic() + 20
        win = None
        while win is None and time.monotonic() < end:
            for c in root.query_tree().children:
                try:
                    p = c.get_full_property(atom, X.AnyPropertyType)
                    if p and p.value[0] == s.app.pid:
                        win = c
                        break
                except Exception:
                    pass
            else:
                time.sleep(0.001)
        if win is None:
            raise SystemExit("window-bench: no window")
        win.damage_create(damage.DamageReportNonEmpty)
        win.change_attributes(event_mask=X.StructureNotifyMask)
        d.flush()
        mapped = None
        while time.monotonic() < end:
            while d.pending_events():
                e = d.next_event()
                if e.type == X.MapNotify and mapped is None:
                    mapped = time.monotonic() - s.exec_time
                if e.type == d.extension_event.DamageNotify and win.get_attributes().map_state == X.IsViewable:
                    return {"label": a.label, "size": f"{w}x{h}", "exec_to_first_frame_s": round(time.monotonic() - s.exec_time, 3),
                            "exec_to_mapped_s": round(mapped, 3) if mapped else None}
            time.sleep(0.0005)
        raise SystemExit("window-bench: no frame on screen in 20 s")
    finally:
        s.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--size", default="1080x1920")
    p.add_argument("--scale", type=float, default=1)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--scenario", default="list-scroll,sheet-drag,card-expand")
    p.add_argument("--env", action="append", default=[])
    p.add_argument("--label", default="fling")
    p.add_argument("--memory", action="store_true")
    p.add_argument("--startup", action="store_true")
    p.add_argument("--series", action="store_true", help="with --memory: RSS every 0.25 s of the tour")
    p.add_argument("--display", type=int, default=71)
    a = p.parse_args()
    a.size = tuple(int(v) for v in a.size.split("x"))
    a.env = dict(e.split("=", 1) for e in a.env)
    if a.binary not in ("qml", "chromium"):
        a.binary = os.path.abspath(a.binary)
        global FORM_BINARY
        FORM_BINARY = a.binary
    for r in range(a.runs):
        if a.memory:
            print(json.dumps(run_memory(a, a.display)), flush=True)
        elif a.startup:
            print(json.dumps(run_startup(a, a.display)), flush=True)
        else:
            for name in a.scenario.split(","):
                print(json.dumps(run_scenario(a, name, a.display)), flush=True)


if __name__ == "__main__":
    main()
