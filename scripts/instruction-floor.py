#!/usr/bin/python3
"""Instructions a frame, deterministic: each bench scenario run headless under callgrind,
every measured frame counted on its own (the bench's fling_bench_frame_begin/end marks),
against the compositing floor the bench measures first at the same size (a clear plus one
opaque full-window copy). Prints, per scenario and size, the median instructions a frame
(all threads: the band workers' too), the floor's, their ratio, and the functions that spend
most of the median frame's instructions (self cost).

  scripts/instruction-floor.py BINARY [--sizes 390x844@2,1080x1920@1,1920x1080@1]
                               [--scenarios list-scroll,sheet-drag,...] [--frames 10] [--top 4]

Needs valgrind (apt-get install valgrind). valgrind 3.19 cannot read the DWARF 5 that Swift
6.3 writes, so it runs a copy of BINARY without its debug sections (names stay, from the
symbol table). Slow: about a minute a scenario and size.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

SCENARIOS = "list-scroll,today-scroll,sheet-drag,card-expand,card-drag-dismiss,story-scroll,resize,form-typing,slider-drag"


def totals(path):
    """The instructions a callgrind dump holds (its `totals:` line)."""
    with open(path) as f:
        for line in f:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit(f"instruction-floor: {path}: no totals line (not a callgrind dump?)")


def top_functions(path, n):
    """The n functions with the most self instructions in one dump, demangled. Read from the
    dump itself: a cost line after `fn=` is the function's own; one after `calls=` is what a
    call cost, not its own (callgrind_annotate counts the calls still running at a dump, the
    threads' entry points and main, as their own)."""
    names = {}
    own = {}
    objects = {}
    current = None
    current_object = ""
    after_call = False
    with open(path) as f:
        for line in f:
            if line.startswith("ob="):
                # The library a function is in (named in full the first time, then by number).
                ref = line[3:].strip()
                key, _, name = ref.partition(")") if ref.startswith("(") else (ref, "", "")
                if name.strip():
                    objects[key] = os.path.basename(name.strip())
                current_object = objects.get(key, os.path.basename(ref))
                continue
            if line.startswith("fn="):
                ref = line[3:].strip()
                if ref.startswith("("):
                    key, _, name = ref.partition(")")
                    key += ")"
                    if name.strip():
                        # An address alone (a stripped library): say which library.
                        names[key] = name.strip() if not name.strip().startswith("0x") else f"{name.strip()} in {current_object}"
                    current = key
                else:
                    current = names.setdefault(ref, ref)
                after_call = False
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                parts = line.split()
                if current is not None and len(parts) >= 2 and parts[1].isdigit():
                    own[current] = own.get(current, 0) + int(parts[1])
            elif line.startswith(("cfn=", "cfi=", "cfl=", "cob=")):
                ref = line.split("=", 1)[1].strip()
                if line.startswith("cfn=") and ref.startswith("("):
                    key, _, name = ref.partition(")")
                    if name.strip():
                        names[key + ")"] = name.strip()
    rows = sorted(((c, names.get(k, k)) for k, c in own.items()), reverse=True)[:n]
    swift = shutil.which("swift")
    if swift and rows:
        demangled = subprocess.run([swift, "demangle", "--simplified"], input="\n".join(r[1] for r in rows),
                                   capture_output=True, text=True).stdout.splitlines()
        if len(demangled) == len(rows):
            rows = [(c, d) for (c, _), d in zip(rows, demangled)]
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--sizes", default="390x844@2,1080x1920@1,1920x1080@1")
    ap.add_argument("--scenarios", default=SCENARIOS)
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--resources", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources"))
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("instruction-floor: valgrind is not installed (apt-get install valgrind)")
    if not os.path.isfile(a.binary):
        sys.exit(f"instruction-floor: {a.binary}: no such file")
    work = tempfile.mkdtemp(prefix="fling-instructions-")
    try:
        binary = os.path.join(work, "fling")
        subprocess.run(["objcopy", "--strip-debug", a.binary, binary], check=True)
        print("| scenario | size | instructions a frame (median) | floor | × floor | most of the median frame (self) |")
        print("|---|---|---|---|---|---|")
        for size in a.sizes.split(","):
            dims, _, scale = size.partition("@")
            for scenario in a.scenarios.split(","):
                out = os.path.join(work, f"{scenario}-{dims}")
                os.mkdir(out)
                run = subprocess.run(["valgrind", "--tool=callgrind", "--zero-before=fling_bench_frame_begin",
                                      "--dump-before=fling_bench_frame_end", "--dump-instr=no",
                                      f"--callgrind-out-file={out}/cg", binary, "bench", "--resources", a.resources,
                                      "--scenario", scenario, "--size", dims, "--scale", scale or "1",
                                      "--frames", str(a.frames)], capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f"instruction-floor: {scenario} at {size}: exit {run.returncode}\n{run.stderr[-2000:]}")
                dumps = sorted((f for f in os.listdir(out) if f.startswith("cg.")), key=lambda f: int(f.split(".")[1]))
                if len(dumps) != 2 * a.frames:
                    sys.exit(f"instruction-floor: {scenario} at {size}: {len(dumps)} frame dumps, not {2 * a.frames} "
                             "(was the binary built with the bench's frame marks?)")
                counts = [(totals(os.path.join(out, f)), f) for f in dumps]
                # The lower middle of each (one frame's own count, and the same rule for both).
                floor = statistics.median_low(c for c, _ in counts[:a.frames])
                frames = sorted(counts[a.frames:])
                median, median_file = frames[(len(frames) - 1) // 2]
                top = "; ".join(f"{name} {count / 1e6:.1f} M" for count, name in top_functions(os.path.join(out, median_file), a.top))
                print(f"| {scenario} | {size} | {median / 1e6:.2f} M | {floor / 1e6:.2f} M | {median / floor:.1f} | {top} |", flush=True)
                shutil.rmtree(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
