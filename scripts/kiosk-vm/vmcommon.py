"""The kiosk VM check's shared parts: the virtual panel's size, messages and the failure type."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 1280, 800                      # the virtual panel (virtio-gpu's mode)

def log(msg):
    print(f"kiosk-vm: {msg}", flush=True)

class Failure(Exception):
    pass
