"""Put Deckcrawl on a board's CIRCUITPY drive, safely and quickly.

    python -m tools.deploy                  find the drive, build, copy what changed
    python -m tools.deploy --drive PATH     this drive
    python -m tools.deploy --dry-run        say what would change, change nothing

It finds the CIRCUITPY drive (by its label and mount point on Linux, macOS and
Windows, confirmed by boot_out.txt at its root), reads the CircuitPython
version there and builds for it (9.x and 10.x; 8.x and older are refused),
then copies only the files whose bytes differ: libraries first, code.py last.
Each file is written beside its place, fsync'd, then renamed over the old
one, so an unplugged board never holds half a module under its real name;
the next run repairs whatever an interrupted one left.  A manifest on the
drive (.deckcrawl.json) lists the files Deckcrawl manages: nothing else is
ever touched, an existing settings.toml is kept, a code.py that is not
Deckcrawl's is kept as code.py.before-deckcrawl, and NVM (saves) is never
written.  Free space is checked before the first write.
"""

import argparse
import errno
import hashlib
import json
import os
import re
import string
import sys
import tempfile

from tools import build as builder
from tools import mpy

MANIFEST = ".deckcrawl.json"
BACKUP = "code.py.before-deckcrawl"
LABEL = "CIRCUITPY"
_TMP = ".deckcrawl-tmp"
_MARGIN = 4096  # keep a little room for the filesystem's own use
_VERSION = re.compile(r"^Adafruit CircuitPython (\d+)\.(\d+)\.(\d+)\S*(?: on [^;]*;\s*(.*))?")


class DeployError(Exception):
    """What went wrong, in words for the person at the keyboard."""


# -- finding the drive --------------------------------------------------------------
def boot_info(path):
    """(version tuple, board name, first line) from a drive's boot_out.txt, or None."""
    try:
        with open(os.path.join(path, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            line = f.readline().strip()
    except OSError:
        return None
    m = _VERSION.match(line)
    if not m:
        return ((0, 0, 0), "", line)
    return ((int(m.group(1)), int(m.group(2)), int(m.group(3))), (m.group(4) or "").strip(), line)


def _linux_mounts():
    try:
        with open("/proc/mounts", encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) > 2 and parts[2] in ("vfat", "msdos", "fat", "exfat", "fuseblk"):
            out.append(parts[1].replace("\\040", " "))
    return out


def _windows_drives():
    try:
        import ctypes
    except ImportError:
        return []
    out = []
    mask = ctypes.windll.kernel32.GetLogicalDrives()
    for i, letter in enumerate(string.ascii_uppercase):
        if mask & (1 << i):
            root = letter + ":\\"
            name = ctypes.create_unicode_buffer(261)
            if ctypes.windll.kernel32.GetVolumeInformationW(root, name, 261, None, None, None, None, 0):
                if name.value == LABEL or os.path.exists(os.path.join(root, "boot_out.txt")):
                    out.append(root)
    return out


def candidate_mounts():
    """Mount points that might be a CircuitPython drive, for this system."""
    if sys.platform.startswith("win"):
        return _windows_drives()
    found = []
    if sys.platform == "darwin":
        try:
            found = [os.path.join("/Volumes", n) for n in os.listdir("/Volumes")]
        except OSError:
            found = []
    else:
        found = _linux_mounts()
        user = os.environ.get("USER", "")
        for base in ("/media/" + user, "/run/media/" + user, "/media", "/mnt"):
            p = os.path.join(base, LABEL)
            if os.path.isdir(p) and p not in found:
                found.append(p)
    return found


def find_drive(mounts=None):
    """The one CIRCUITPY drive; DeployError listing what was seen otherwise."""
    mounts = candidate_mounts() if mounts is None else mounts
    drives = [m for m in mounts if boot_info(m) is not None]
    if len(drives) == 1:
        return drives[0]
    if not drives:
        seen = ", ".join(mounts) if mounts else "no removable drives"
        raise DeployError(
            "no CircuitPython drive found (looked at: %s). Plug the board in with a data USB cable, "
            "or name the drive with --drive PATH" % seen
        )
    listed = "; ".join("%s (%s)" % (d, boot_info(d)[2]) for d in drives)
    raise DeployError("several CircuitPython drives: %s. Choose one with --drive PATH" % listed)


def check_version(drive):
    info = boot_info(drive)
    if info is None:
        raise DeployError("%s has no boot_out.txt at its root: is it a CIRCUITPY drive?" % drive)
    version, board, line = info
    if version == (0, 0, 0):
        raise DeployError("cannot read the CircuitPython version from %s/boot_out.txt: %r" % (drive, line))
    if version[0] < 9:
        raise DeployError(
            "the board runs CircuitPython %d.%d.%d; Deckcrawl needs CircuitPython 9 or newer "
            "(its .mpy files are format 6): update the board's firmware first" % version
        )
    return version, board


# -- the copy -------------------------------------------------------------------------
def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def _order(rel):
    """Libraries first, code.py last, everything else between."""
    if rel == "code.py":
        return (2, rel)
    return (0 if rel.startswith("lib/") else 1, rel)


def plan(drive, tree):
    """What to write, keep and remove to make the drive hold the built tree.
    settings.toml is the user's: written only where the drive has none."""
    files = sorted(
        (os.path.relpath(os.path.join(d, f), tree).replace(os.sep, "/") for d, _, fs in os.walk(tree) for f in fs if f != builder.MARKER),
        key=_order,
    )
    old = load_manifest(drive)
    write, keep, warnings = [], [], []
    hashes = {}
    for rel in files:
        src = os.path.join(tree, rel)
        dst = os.path.join(drive, rel)
        if rel == "settings.toml":
            (keep if os.path.exists(dst) else write).append(rel)
            continue
        hashes[rel] = sha256(src)
        if os.path.isfile(dst) and os.path.getsize(dst) == os.path.getsize(src) and sha256(dst) == hashes[rel]:
            keep.append(rel)
        else:
            write.append(rel)
        if rel.endswith(".mpy") and os.path.exists(dst[:-4] + ".py") and rel[:-4] + ".py" not in old:
            warnings.append("%s.py on the drive is not Deckcrawl's and hides %s: remove it" % (rel[:-4], rel))
    remove = [rel for rel in old if rel not in hashes and os.path.isfile(os.path.join(drive, rel))]
    # A code.py that is not Deckcrawl's (another project, or the board's Hello World)
    # is kept beside ours rather than lost.
    backup = None
    if "code.py" in write and "code.py" not in old and os.path.isfile(os.path.join(drive, "code.py")):
        if not os.path.exists(os.path.join(drive, BACKUP)):
            backup = BACKUP
            warnings.append("the drive's own code.py is kept as %s" % BACKUP)
    return {"files": files, "write": write, "keep": keep, "remove": remove, "warnings": warnings, "manifest": hashes, "old": old, "backup": backup}


def load_manifest(drive):
    try:
        with open(os.path.join(drive, MANIFEST), encoding="utf-8") as f:
            data = json.load(f)
        return dict(data.get("files", {}))
    except (OSError, ValueError, AttributeError):
        return {}


def free_bytes(drive):
    import shutil

    return shutil.disk_usage(drive).free


def _fsync_dir(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_file(src, dst):
    """Copy src to dst through a temporary name and a rename, fsync'd."""
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    tmp = dst + _TMP
    with open(src, "rb") as f:
        data = f.read()
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, dst)
    _fsync_dir(os.path.dirname(dst))
    return len(data)


def _explain(e, drive):
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "the drive %s is read-only (a boot.py may have given the filesystem to the board): nothing more was written" % drive
    if e.errno in (errno.ENOSPC, errno.EFBIG):
        return "the drive %s is full: free some space and deploy again" % drive
    if e.errno in (errno.ENOENT, errno.ENODEV, errno.EIO, errno.ENXIO):
        return "the drive %s vanished (unplugged?): plug it back in and deploy again to finish" % drive
    return "writing to %s failed: %s" % (drive, e.strerror or e)


def deploy(drive, dry_run=False, out=sys.stdout, build_dir=None):
    """Bring the drive up to date; returns the plan with the bytes written."""
    version, board = check_version(drive)
    print("drive %s: CircuitPython %d.%d.%d%s" % ((drive,) + version + ((" on " + board) if board else "",)), file=out)
    with tempfile.TemporaryDirectory() as tmp:
        tree = build_dir or os.path.join(tmp, "tree")
        if build_dir is None:
            builder.build(tree, "circuitpython")
        try:
            p = plan(drive, tree)
            payload = sum(os.path.getsize(os.path.join(tree, r)) for r in p["files"])
            need = sum(os.path.getsize(os.path.join(tree, r)) for r in p["write"])
            freed = sum(os.path.getsize(os.path.join(drive, r)) for r in p["write"] + p["remove"] if os.path.isfile(os.path.join(drive, r)))
            free = free_bytes(drive)
        except OSError as e:
            raise DeployError(_explain(e, drive)) from e
        for w in p["warnings"]:
            print("warning: " + w, file=out)
        print("payload %d bytes in %d files; the drive has %d bytes free" % (payload, len(p["files"]), free), file=out)
        p["bytes"] = 0
        if dry_run:
            for r in p["write"]:
                print("would write  " + r, file=out)
            for r in p["remove"]:
                print("would remove " + r, file=out)
            print("%d to write (%d bytes), %d unchanged, %d to remove" % (len(p["write"]), need, len(p["keep"]), len(p["remove"])), file=out)
            return p
        if need - freed > free - _MARGIN:
            raise DeployError(
                "not enough space on %s: the update needs %d bytes more and the drive has %d free; "
                "nothing was written" % (drive, need - freed, free)
            )
        current = None
        try:
            for rel in p["remove"]:
                current = rel
                os.remove(os.path.join(drive, rel))
            if p["backup"]:
                current = p["backup"]
                write_file(os.path.join(drive, "code.py"), os.path.join(drive, p["backup"]))
            for rel in p["write"]:
                current = rel
                p["bytes"] += write_file(os.path.join(tree, rel), os.path.join(drive, rel))
            if p["old"] != p["manifest"]:
                current = MANIFEST
                tmpm = os.path.join(tmp, MANIFEST)
                with open(tmpm, "w", encoding="utf-8") as f:
                    json.dump({"files": p["manifest"]}, f, indent=1, sort_keys=True)
                p["bytes"] += write_file(tmpm, os.path.join(drive, MANIFEST))
        except OSError as e:
            leftover = os.path.join(drive, (current or "") + _TMP)
            try:
                os.remove(leftover)
            except OSError:
                pass
            raise DeployError(_explain(e, drive)) from e
        if hasattr(os, "sync"):
            os.sync()
    if not p["write"] and not p["remove"]:
        print("already up to date: %d files unchanged, nothing written" % len(p["keep"]), file=out)
    else:
        print(
            "wrote %d files (%d bytes), %d unchanged, removed %d: done, the board restarts by itself"
            % (len(p["write"]), p["bytes"], len(p["keep"]), len(p["remove"])),
            file=out,
        )
    return p


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n\n")[0])
    p.add_argument("--drive", help="the CIRCUITPY drive's path (found by itself when left out)")
    p.add_argument("--dry-run", action="store_true", help="list what would change and change nothing")
    args = p.parse_args(argv)
    try:
        drive = args.drive
        if drive is None:
            drive = find_drive()
        elif not os.path.isdir(drive):
            raise DeployError("--drive %s is not a folder (is the board plugged in?)" % drive)
        deploy(drive, args.dry_run)
    except (DeployError, mpy.BuildError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
