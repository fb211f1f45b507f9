#!/usr/bin/env python3
"""The kiosk VM's touchscreen: a uinput multi-touch panel (protocol B, INPUT_PROP_DIRECT) that
lives as long as this daemon, so udev names it (/dev/input/touchscreen) before Fling starts.
It reads gestures, one a line, from the FIFO /run/fling-touch, in panel pixels:
    tap X Y                      down, 80 ms, up
    drag X1 Y1 X2 Y2 SECONDS     down, moves every 10 ms, 0.3 s still at the end (no fling), up
and appends "done <line>" to /run/fling-touch.log after each one."""
import os, sys, time
from evdev import UInput, AbsInfo, ecodes as e

W, H = int(sys.argv[1]), int(sys.argv[2])
FIFO, LOG = "/run/fling-touch", "/run/fling-touch.log"
axis = lambda hi: AbsInfo(0, 0, hi, 0, 0, 10)
ui = UInput({e.EV_KEY: [e.BTN_TOUCH],
             e.EV_ABS: [(e.ABS_X, axis(W - 1)), (e.ABS_Y, axis(H - 1)),
                        (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
                        (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
                        (e.ABS_MT_POSITION_X, axis(W - 1)), (e.ABS_MT_POSITION_Y, axis(H - 1))]},
            name="Fling VM touchscreen", vendor=0x1234, product=0x5678, version=1,
            input_props=[e.INPUT_PROP_DIRECT])
tracking = 0

def report(*pairs):
    for t, c, v in pairs: ui.write(t, c, v)
    ui.write(e.EV_SYN, e.SYN_REPORT, 0)

def at(x, y):
    return [(e.EV_ABS, e.ABS_MT_POSITION_X, x), (e.EV_ABS, e.ABS_MT_POSITION_Y, y),
            (e.EV_ABS, e.ABS_X, x), (e.EV_ABS, e.ABS_Y, y)]

def down(x, y):
    global tracking
    tracking += 1
    report((e.EV_ABS, e.ABS_MT_SLOT, 0), (e.EV_ABS, e.ABS_MT_TRACKING_ID, tracking),
           *at(x, y), (e.EV_KEY, e.BTN_TOUCH, 1))

def up():
    report((e.EV_ABS, e.ABS_MT_TRACKING_ID, -1), (e.EV_KEY, e.BTN_TOUCH, 0))

def gesture(words):
    if words[0] == "tap":
        x, y = int(words[1]), int(words[2])
        down(x, y); time.sleep(0.08); up()
    elif words[0] == "drag":
        x1, y1, x2, y2 = map(int, words[1:5]); d = float(words[5])
        down(x1, y1)
        steps = max(1, int(d / 0.01))
        for i in range(1, steps + 1):
            time.sleep(d / steps)
            report(*at(round(x1 + (x2 - x1) * i / steps), round(y1 + (y2 - y1) * i / steps)))
        time.sleep(0.3); up()
    else:
        raise ValueError(f"unknown gesture {words[0]!r}")

if not os.path.exists(FIFO): os.mkfifo(FIFO, 0o600)
print("touchscreen", ui.device.path if ui.device else "?", W, "x", H, flush=True)
while True:
    with open(FIFO) as f:
        for line in f:
            words = line.split()
            if not words: continue
            try:
                gesture(words); result = "done"
            except (ValueError, IndexError) as err:
                result = f"error {err}"
            with open(LOG, "a") as log: log.write(f"{result} {line.strip()}\n")
