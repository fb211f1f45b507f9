"""What the kiosk VM's panel must show: headless renders of the expected state by the host's
Fling, and comparisons of screendumps with them."""
import os, subprocess, tempfile
from vmcommon import W, H, Failure, log

def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)

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

def pixels_off(a, b, box):
    """How many pixels inside `box` differ by more than 40 (of 255) in some channel."""
    from PIL import Image, ImageChops
    with Image.open(a) as ia, Image.open(b) as ib:
        d = ImageChops.difference(ia.convert("RGB").crop(box), ib.convert("RGB").crop(box))
        return sum(1 for p in d.getdata() if max(p) > 40)

def expect(shot, want, others, limit=4.0):
    """The screendump must match the wanted render and be nearer to it than to any other."""
    d = difference(shot, want)
    near = min(((difference(shot, o), o) for o in others), default=(255.0, None))
    name = os.path.basename(want)[:-4]
    if d > limit or d >= near[0]:
        raise Failure(f"{os.path.basename(shot)} is not {name}: difference {d:.2f} "
                      f"(limit {limit}); nearest other {os.path.basename(near[1] or '-')} {near[0]:.2f}")
    log(f"  {os.path.basename(shot)} = {name} (difference {d:.2f}; next nearest {near[0]:.2f})")
