"""Put Deckcrawl on a board's CIRCUITPY drive, safely and quickly.

    python -m tools.deploy                  find the drive, build, copy what changed
    python -m tools.deploy --drive PATH     this drive
    python -m tools.deploy --dry-run        say what would change, change nothing

It finds the CIRCUITPY drive (by its label and mount point on Linux, macOS and
Windows, confirmed by boot_out.txt at its root), reads the CircuitPython
version there and builds for it (9.x and 10.x; 8.x and older are refused),
then copies only the files whose bytes differ: libraries first, code.py last.
Each file is written beside its place, fsync'd, then renamed over the old
one and its folder fsync'd, so an unplugged board never holds half a module
under its real name; the next run repairs whatever an interrupted one left.
A folder's sync that fails (EIO, ENOSPC, EROFS) stops the deploy with the
reason (exit 2); only a system that cannot sync folders at all is let be.

A manifest on the drive (.deckcrawl.json) lists the files Deckcrawl wrote,
with their sha256.  Nothing else is ever touched: the manifest may name only
paths a build can produce (code.py, .mpy files under lib/ engine/ hw/ ui/),
a file is removed only while it still holds what Deckcrawl wrote, and any
file in the way that is not Deckcrawl's (the board's own code.py, a user's
project or library in lib/) is first renamed to a fresh name
(code.py.before-deckcrawl, then -2, -3 ...) and the report says so.  An
existing settings.toml is kept, and NVM (saves) is never written.  Free space
is checked before the first write, in the drive's own blocks.  The drive is
never created: before each file and at the end the deploy checks it is still
the same device with its boot_out.txt, and says done only then.
"""

import errno
import hashlib
import json
import os
import re
import string
import sys
import tempfile

from tools import build as builder
from tools import cli
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
            line = f.readline(400).strip()
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
        raise DeployError("cannot read the CircuitPython version from %s/boot_out.txt: '%s'" % (drive, cli.shown(line, 80)))
    if version[0] < 9:
        raise DeployError(
            "the board runs CircuitPython %d.%d.%d; Deckcrawl needs CircuitPython 9 or newer "
            "(its .mpy files are format 6): update the board's firmware first" % version
        )
    return version, board


# -- what the deploy may touch ---------------------------------------------------------
_TOP = ("lib", "engine", "games", "hw", "ui")
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}\Z")
_HASH = re.compile(r"[0-9a-f]{64}\Z")
_MANIFEST_LIMIT = 1 << 20  # a real manifest is about 3 KB


def managed_path(rel):
    """True for a path a build can produce, so the only kind a manifest may
    name: code.py, or a .mpy one to three folders down under lib/, engine/,
    games/, hw/ or ui/, in plain names (never '..', an absolute path, a drive letter,
    a backslash, boot_out.txt, settings.toml or the manifest itself)."""
    if not isinstance(rel, str) or len(rel) > 255:
        return False
    if rel == "code.py":
        return True
    parts = rel.split("/")
    return (
        2 <= len(parts) <= 4
        and parts[0] in _TOP
        and all(_PART.match(p) for p in parts)
        and parts[-1].endswith(".mpy")
    )


def load_manifest(drive):
    """(the files the last deploy wrote, {path: sha256}, and what was wrong
    with the manifest, as warnings).  An entry that is not a path a build can
    produce, or whose hash is not a sha256, is ignored; a manifest that cannot
    be read at all (corrupt, too deep, too big) counts as none."""
    path = os.path.join(drive, MANIFEST)
    try:
        with open(path, "rb") as f:
            raw = f.read(_MANIFEST_LIMIT + 1)
    except FileNotFoundError:
        return {}, []
    except OSError as e:
        return {}, ["%s cannot be read (%s): it is ignored" % (MANIFEST, e.strerror or e)]
    if len(raw) > _MANIFEST_LIMIT:
        return {}, ["%s is over %d bytes, so not Deckcrawl's: it is ignored" % (MANIFEST, _MANIFEST_LIMIT)]
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return {}, ["%s is not a manifest Deckcrawl wrote (corrupt?): it is ignored" % MANIFEST]
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}, ["%s is not a manifest Deckcrawl wrote: it is ignored" % MANIFEST]
    good, bad = {}, []
    for rel, digest in files.items():
        if managed_path(rel) and isinstance(digest, str) and _HASH.match(digest):
            good[rel] = digest
        else:
            bad.append(rel)
    warnings = []
    if bad:
        warnings.append(
            "%s names %d path%s Deckcrawl never writes (e.g. '%s'): ignored, nothing there is touched"
            % (MANIFEST, len(bad), "" if len(bad) == 1 else "s", cli.shown(bad[0]))
        )
    return good, warnings


def _is_plain_file(path):
    return os.path.isfile(path) and not os.path.islink(path)


def _fresh_name(drive, rel, taken):
    """A name beside rel that nothing on the drive has: rel.before-deckcrawl,
    then rel.before-deckcrawl-2, -3 ..."""
    base = rel + ".before-deckcrawl"
    name, n = base, 1
    while name in taken or os.path.lexists(os.path.join(drive, name)):
        n += 1
        name = "%s-%d" % (base, n)
    taken.add(name)
    return name


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


def manifest_bytes(hashes):
    return (json.dumps({"files": hashes}, indent=1, sort_keys=True) + "\n").encode("utf-8")


def plan(drive, tree):
    """What to write, keep, set aside and remove to make the drive hold the
    built tree; nothing is changed.

    A file is overwritten only where the drive has none, or where it still
    holds what the last deploy wrote (the manifest's hash); any other file in
    the way (the board's own code.py, a user's project or library) is first
    renamed to a fresh name (aside).  A file is removed only when the manifest
    names it, the build no longer has it, and its content still has the
    manifest's hash.  settings.toml is the user's: written only where the
    drive has none.  DeployError when a folder or file stands where the other
    is needed."""
    files = sorted(
        (os.path.relpath(os.path.join(d, f), tree).replace(os.sep, "/") for d, _, fs in os.walk(tree) for f in fs if f != builder.MARKER),
        key=_order,
    )
    old, warnings = load_manifest(drive)
    write, keep, aside, changed = [], [], {}, []
    hashes = {}
    taken = set()
    for rel in files:
        src = os.path.join(tree, rel)
        dst = os.path.join(drive, rel)
        folder = drive
        for part in rel.split("/")[:-1]:
            folder = os.path.join(folder, part)
            if os.path.lexists(folder) and not os.path.isdir(folder):
                raise DeployError("%s on the drive is a file where Deckcrawl needs a folder: rename it and deploy again" % os.path.relpath(folder, drive))
        if os.path.lexists(dst) and not _is_plain_file(dst):
            raise DeployError("%s on the drive is not a plain file (a folder?): rename it and deploy again" % rel)
        if rel == "settings.toml":
            (keep if os.path.lexists(dst) else write).append(rel)
            continue
        hashes[rel] = sha256(src)
        if os.path.isfile(dst) and os.path.getsize(dst) == os.path.getsize(src) and sha256(dst) == hashes[rel]:
            keep.append(rel)
            continue
        write.append(rel)
        if os.path.lexists(dst) and old.get(rel) != sha256(dst):
            aside[rel] = _fresh_name(drive, rel, taken)
        if rel.endswith(".mpy") and os.path.exists(dst[:-4] + ".py") and rel[:-4] + ".py" not in old:
            warnings.append("%s.py on the drive is not Deckcrawl's and hides %s: remove it" % (rel[:-4], rel))
    remove = []
    for rel in sorted(old):
        path = os.path.join(drive, rel)
        if rel in hashes or not _is_plain_file(path):
            continue
        if sha256(path) == old[rel]:
            remove.append(rel)
        else:
            changed.append(rel)
    new_manifest = manifest_bytes(hashes)
    try:
        with open(os.path.join(drive, MANIFEST), "rb") as f:
            manifest_same = f.read(len(new_manifest) + 1) == new_manifest
    except OSError:
        manifest_same = False
    return {
        "files": files, "write": write, "keep": keep, "remove": remove, "aside": aside, "changed": changed,
        "warnings": warnings, "manifest": hashes, "manifest_bytes": new_manifest, "write_manifest": not manifest_same,
        "old": old,
    }


def _notes(p, dry_run):
    """What the plan keeps or leaves alone, in the tense of the run."""
    is_kept, left = ("would be kept", "would be left alone") if dry_run else ("is kept", "is left alone")
    notes = list(p["warnings"])
    for rel, name in p["aside"].items():
        whose = "the drive's own code.py" if rel == "code.py" else "%s on the drive is not the one Deckcrawl wrote: it" % rel
        notes.append("%s %s as %s" % (whose, is_kept, name))
    for rel in p["changed"]:
        notes.append("%s was Deckcrawl's but has changed since: it %s" % (rel, left))
    return notes


def free_bytes(drive):
    import shutil

    return shutil.disk_usage(drive).free


def block_size(drive):
    """The drive's allocation unit (a FAT cluster): every file takes whole ones."""
    try:
        st = os.statvfs(drive)
        return max(st.f_frsize or st.f_bsize, 512)
    except (AttributeError, OSError):
        pass
    try:  # Windows
        import ctypes

        spc, bps, _free, _total = (ctypes.c_ulong() for _ in range(4))
        root = os.path.splitdrive(os.path.abspath(drive))[0] + "\\"
        if ctypes.windll.kernel32.GetDiskFreeSpaceW(root, ctypes.byref(spc), ctypes.byref(bps), ctypes.byref(_free), ctypes.byref(_total)):
            return max(spc.value * bps.value, 512)
    except (ImportError, AttributeError, OSError):
        pass
    return 32768  # unknown: assume large clusters rather than run out half way


def space_needed(drive, tree, p, block):
    """The most the drive's used space grows at any moment of the copy, in
    whole blocks: removals first, then each file written beside its old copy
    (both exist until the rename), new folders, and the manifest."""

    def blocks(n):
        return -(-n // block) * block

    def on_drive(rel):
        path = os.path.join(drive, rel)
        return blocks(os.path.getsize(path)) if _is_plain_file(path) else 0

    used = -sum(on_drive(rel) for rel in p["remove"])
    folders = set()
    for rel in p["write"]:
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folder = "/".join(parts[:i])
            if not os.path.isdir(os.path.join(drive, folder)):
                folders.add(folder)
    used += block * len(folders)
    peak = max(used, 0)
    steps = [(rel, os.path.getsize(os.path.join(tree, rel))) for rel in p["write"]]
    if p["write_manifest"]:
        steps.append((MANIFEST, len(p["manifest_bytes"])))
    for rel, size in steps:
        new = blocks(size)
        old = 0 if rel in p["aside"] else on_drive(rel)  # a file set aside keeps its blocks
        peak = max(peak, used + new)
        used += new - old
    return peak


# A folder's fsync fails with these where folders cannot be synced at all (the
# system or the filesystem does not do it): nothing is wrong with the drive.
# Any other error (EIO, ENOSPC, EROFS...) means what was just written may not
# be on the board, and the deploy stops there.
_CANNOT_SYNC = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF, errno.EISDIR}
# Opening a folder to sync it fails with these where folders cannot be opened
# (EACCES on some systems; Windows opens no folder at all).
_CANNOT_OPEN = _CANNOT_SYNC | {errno.EACCES}


def _sync_failed(e, folder):
    return DeployError("the drive could not sync the folder %s (%s): what was just written may not be on the "
                       "board; check the drive and deploy again" % (folder, e.strerror or e))


def _fsync_dir(path):
    """Sync a folder by its path (where the deploy does not hold it open);
    DeployError unless it worked or folders cannot be synced here."""
    if sys.platform.startswith("win"):
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as e:
        if e.errno in _CANNOT_OPEN:
            return
        raise _sync_failed(e, path) from e
    try:
        _fsync_folder(fd, path)
    finally:
        os.close(fd)


def _fsync_folder(fd, name):
    """Sync an open folder; DeployError unless it worked or folders cannot be synced here."""
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in _CANNOT_SYNC:
            raise _sync_failed(e, name) from e


# Where the system can act relative to an open folder (Linux, macOS), every
# change to the drive is made relative to its root folder held open from the
# start: a drive unmounted mid-way, even lazily, can then never send a write
# to the empty host folder left at its mount point.  Elsewhere (Windows) the
# checks before each file are what stands guard.
_ANCHORED = hasattr(os, "O_DIRECTORY") and all(
    f in os.supports_dir_fd for f in (os.open, os.mkdir, os.rename, os.unlink, os.stat))
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)


def _device(path):
    return os.stat(path).st_dev


class Drive:
    """The drive being deployed to: its path, the device it was at the start,
    and (where the system allows) its root folder held open."""

    def __init__(self, path):
        self.path = path
        self.device = _device(path)
        self.fd = os.open(path, _DIR_FLAGS) if _ANCHORED else None
        st = os.fstat(self.fd) if self.fd is not None else os.stat(path)
        self.ident = (st.st_dev, st.st_ino)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def check(self):
        """DeployError unless the path still leads to the same folder on the
        same device, with its boot_out.txt (a vanished mount point, or one
        lazily unmounted, is an empty folder on the host, or another device)."""
        try:
            st = os.stat(self.path)
            same = (_device(self.path) == self.device and (st.st_dev, st.st_ino) == self.ident
                    and os.path.isfile(os.path.join(self.path, "boot_out.txt")))
        except OSError:
            same = False
        if not same:
            raise DeployError("the drive %s vanished (unplugged?): plug it back in and deploy again to finish" % self.path)

    def where(self, rel):
        """(folder fd or None, name): how to reach rel on the drive."""
        if self.fd is None:
            return None, os.path.join(self.path, *rel.split("/"))
        return self.fd, rel

    def exists(self, rel):
        fd, name = self.where(rel)
        try:
            os.stat(name, dir_fd=fd, follow_symlinks=False) if fd is not None else os.lstat(name)
        except FileNotFoundError:
            return False
        return True

    def make_folders(self, rel):
        """The folders of rel inside the drive, one at a time: never the drive itself."""
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folder = "/".join(parts[:i])
            if not self.exists(folder):
                fd, name = self.where(folder)
                os.mkdir(name, dir_fd=fd) if fd is not None else os.mkdir(name)

    def rename(self, rel, new):
        fd, a = self.where(rel)
        _, b = self.where(new)
        if fd is not None:
            os.rename(a, b, src_dir_fd=fd, dst_dir_fd=fd)
        else:
            os.rename(a, b)

    def unlink(self, rel):
        fd, name = self.where(rel)
        os.unlink(name, dir_fd=fd) if fd is not None else os.unlink(name)

    def sha256(self, rel):
        fd, name = self.where(rel)
        h = hashlib.sha256()
        f = os.open(name, os.O_RDONLY | getattr(os, "O_BINARY", 0), dir_fd=fd) if fd is not None else os.open(name, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            while True:
                chunk = os.read(f, 65536)
                if not chunk:
                    return h.hexdigest()
                h.update(chunk)
        finally:
            os.close(f)


def write_file(src, dst, drive=None):
    """Copy src to dst through a temporary name and a rename, fsync'd; with
    drive (a Drive), relative to its root folder.  The folder must exist: the
    deploy makes folders itself, inside the drive only."""
    with open(src, "rb") as f:
        data = f.read()
    if drive is None or drive.fd is None:
        tmp = dst + _TMP
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, dst)
        _fsync_dir(os.path.dirname(dst))
        return len(data)
    rel = os.path.relpath(dst, drive.path).replace(os.sep, "/")
    folder, name = os.path.dirname(rel), os.path.basename(rel)
    parent = os.open(folder, _DIR_FLAGS, dir_fd=drive.fd) if folder else drive.fd
    try:
        fd = os.open(name + _TMP, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666, dir_fd=parent)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.rename(name + _TMP, name, src_dir_fd=parent, dst_dir_fd=parent)  # POSIX: replaces atomically
        _fsync_folder(parent, os.path.join(drive.path, folder) if folder else drive.path)
    finally:
        if parent != drive.fd:
            os.close(parent)
    return len(data)


def _explain(e, drive):
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "the drive %s is read-only (a boot.py may have given the filesystem to the board): nothing more was written" % drive
    if e.errno in (errno.ENOSPC, errno.EFBIG):
        return "the drive %s is full: free some space and deploy again" % drive
    if e.errno in (errno.ENOENT, errno.ENODEV, errno.EIO, errno.ENXIO):
        return "the drive %s vanished (unplugged?): plug it back in and deploy again to finish" % drive
    return "writing to %s failed: %s" % (drive, e.strerror or e)


def _say(out, text):
    """A line of the report: a closed stdout (| head) never stops a deploy half way."""
    try:
        print(text, file=out)
    except (OSError, ValueError):
        pass


def deploy(drive, dry_run=False, out=None, build_dir=None):
    """Bring the drive up to date; returns the plan with the bytes written."""
    out = sys.stdout if out is None else out
    version, board = check_version(drive)
    try:
        root = Drive(drive)
    except OSError as e:
        raise DeployError(_explain(e, drive)) from e
    try:
        return _deploy(root, version, board, dry_run, out, build_dir)
    finally:
        root.close()


def _deploy(root, version, board, dry_run, out, build_dir):
    drive = root.path
    _say(out, "drive %s: CircuitPython %d.%d.%d%s" % ((drive,) + version + ((" on " + board) if board else "",)))
    with tempfile.TemporaryDirectory() as tmp:
        tree = build_dir or os.path.join(tmp, "tree")
        if build_dir is None:
            builder.build(tree, "circuitpython")
        try:
            p = plan(drive, tree)
            payload = sum(os.path.getsize(os.path.join(tree, r)) for r in p["files"])
            block = block_size(drive)
            need = space_needed(drive, tree, p, block)
            free = free_bytes(drive)
        except OSError as e:
            raise DeployError(_explain(e, drive)) from e
        for note in _notes(p, dry_run):
            _say(out, "warning: " + note)
        _say(out, "payload %d bytes in %d files; the drive has %d bytes free" % (payload, len(p["files"]), free))
        p["bytes"] = 0
        if dry_run:
            for r in p["write"]:
                _say(out, "would write  " + r)
            for r in p["remove"]:
                _say(out, "would remove " + r)
            _say(out, "%d to write (%d bytes), %d unchanged, %d to remove%s; nothing was changed" % (
                len(p["write"]), sum(os.path.getsize(os.path.join(tree, r)) for r in p["write"]), len(p["keep"]),
                len(p["remove"]), ", the manifest to rewrite" if p["write_manifest"] else ""))
            return p
        if need > free - _MARGIN:
            raise DeployError(
                "not enough space on %s: the update needs %d bytes more (in %d-byte blocks) and the drive has %d free; "
                "nothing was written" % (drive, need, block, free)
            )
        done_aside = []
        current = None
        try:
            for rel in p["remove"]:
                root.check()
                if _is_plain_file(os.path.join(drive, rel)) and root.sha256(rel) == p["old"][rel]:  # still what we wrote
                    root.unlink(rel)
            for rel in p["write"]:
                root.check()
                if rel in p["aside"]:
                    name = p["aside"][rel]
                    if root.exists(name):
                        raise DeployError("%s appeared on the drive during the deploy: deploy again" % name)
                    root.rename(rel, name)
                    done_aside.append("%s as %s" % (rel, name))
                root.make_folders(rel)
                current = rel
                p["bytes"] += write_file(os.path.join(tree, rel), os.path.join(drive, rel), root)
                current = None
            if p["write_manifest"]:
                root.check()
                current = MANIFEST
                tmpm = os.path.join(tmp, MANIFEST)
                with open(tmpm, "wb") as f:
                    f.write(p["manifest_bytes"])
                p["bytes"] += write_file(tmpm, os.path.join(drive, MANIFEST), root)
                current = None
            if hasattr(os, "sync"):
                os.sync()
            root.check()
        except (OSError, DeployError) as e:
            if current is not None:
                try:
                    root.check()
                    root.unlink(current + _TMP)
                except (OSError, DeployError):
                    pass
            why = _explain(e, drive) if isinstance(e, OSError) else str(e)
            if done_aside:
                why += " (kept aside so far: %s)" % ", ".join(done_aside)
            raise DeployError(why) from e
    wrote = []
    if p["write"]:
        wrote.append("wrote %d file%s (%d bytes)" % (len(p["write"]), "" if len(p["write"]) == 1 else "s", p["bytes"]))
    if p["remove"]:
        wrote.append("removed %d" % len(p["remove"]))
    if p["aside"]:
        wrote.append("kept %d of the drive's own aside (named above)" % len(p["aside"]))
    if not wrote and not p["write_manifest"]:
        _say(out, "already up to date: %d files unchanged, nothing written" % len(p["keep"]))
    elif not wrote:
        _say(out, "files already up to date (%d unchanged); rewrote only the manifest %s: done" % (len(p["keep"]), MANIFEST))
    else:
        _say(out, "%s, %d unchanged: done, the board restarts by itself" % (", ".join(wrote), len(p["keep"])))
    return p


def main(argv=None):
    return cli.guard("deploy", _main, argv)


def _main(argv):
    p = cli.Parser("deploy", description=__doc__.split("\n\n")[0])
    p.add_argument("--drive", help="the CIRCUITPY drive's path (found by itself when left out)")
    p.add_argument("--dry-run", action="store_true", help="list what would change and change nothing")
    args = p.parse_args(argv)
    try:
        drive = args.drive
        if drive is None:
            drive = find_drive()
        elif not os.path.isdir(drive):
            raise DeployError("--drive %s is not a folder (is the board plugged in?)" % cli.shown(drive, 200))
        deploy(drive, args.dry_run)
    except (DeployError, mpy.BuildError) as e:
        raise cli.Exit("deploy: %s" % cli.printable(str(e)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
