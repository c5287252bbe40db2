"""The desktop tools' arguments and files, at their edges: a folder sync that
fails stops the deploy; solve reads only regular files, writes to a full disk
in one line and runs no more workers than deals; powercut takes each number in
its range and only the orders and tears it knows, never exits 0 having tried
nothing, and its workers end with it; shot's BOT says what it needs; the
expert's numbers have their ranges.  Each bad input is exit 2 and one line."""

import errno
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time

import pytest

from tools import build as builder
from tools import cli, deploy, expert, powercut, shot, solve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"


def one_line(err, name):
    assert err.endswith("\n") and len(err.splitlines()) == 1 and err.startswith(name + ": "), err
    assert "Traceback" not in err
    return err


# -- deploy: a folder's fsync ---------------------------------------------------------------
@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("build") / "tree")
    builder.build(d, "circuitpython")
    return d


@pytest.fixture
def drive(tmp_path, tree, monkeypatch):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(PICO_9)
    monkeypatch.setattr(builder, "build", lambda out, target: shutil.copytree(tree, out))  # built once
    return str(d)


def folder_fsync_fails(monkeypatch, code):
    real = os.fsync

    def fsync(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(code, os.strerror(code))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("code", [errno.EIO, errno.ENOSPC, errno.EROFS])
def test_a_folder_sync_that_fails_stops_the_deploy_with_the_reason(drive, monkeypatch, capsys, code):
    folder_fsync_fails(monkeypatch, code)
    assert deploy.main(["--drive", drive]) == 2
    out, err = capsys.readouterr()
    one_line(err, "deploy")
    assert "could not sync the folder" in err and os.strerror(code) in err
    assert "done" not in out


@pytest.mark.parametrize("code", [errno.EINVAL, errno.ENOTSUP, errno.EBADF, errno.EISDIR])
def test_a_system_that_cannot_sync_folders_still_deploys(drive, monkeypatch, capsys, code):
    folder_fsync_fails(monkeypatch, code)
    assert deploy.main(["--drive", drive]) == 0
    assert "done, the board restarts by itself" in capsys.readouterr().out


def test_a_folder_that_cannot_be_opened_here_is_let_be_but_a_failing_one_is_not(tmp_path, monkeypatch):
    real = os.open

    def refuses(code):
        def open_(path, flags, *a, **kw):
            if os.path.isdir(path):
                raise OSError(code, os.strerror(code))
            return real(path, flags, *a, **kw)

        return open_

    monkeypatch.setattr(os, "open", refuses(errno.EACCES))
    deploy._fsync_dir(str(tmp_path))
    monkeypatch.setattr(os, "open", refuses(errno.EIO))
    with pytest.raises(deploy.DeployError, match="could not sync the folder .*Input/output error"):
        deploy._fsync_dir(str(tmp_path))


# -- solve: the files it reads and writes, --jobs --------------------------------------------
def run_limited(*args, timeout=20):
    """A tool in a process of its own with at most 1 GB of memory (reading
    /dev/zero to the end fails fast) and a time limit."""

    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-m"] + list(args), capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout, preexec_fn=limit if sys.platform.startswith("linux") else None)


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = str(tmp_path / "fifo")
    os.mkfifo(path)
    return path


def not_regular(tmp_path, fifo):
    return {"/dev/zero": "a device", str(tmp_path): "a folder", fifo: "a FIFO"}


@pytest.mark.parametrize("flag", ["--summary", "--undecided-in", "--out"])
def test_solve_reads_only_regular_files(tmp_path, fifo, flag):
    for path, what in not_regular(tmp_path, fifo).items():
        if flag == "--summary":
            args = ["--summary", path]
        elif flag == "--out":
            args = ["--game", "ctd", "--sweep", "0-1", "--out", path, "--budget", "10"]
        else:
            args = ["--game", "ctd", "--sweep", "0-1", "--out", str(tmp_path / "o.jsonl"), "--undecided-in", path]
        r = run_limited("tools.solve", *args)
        assert r.returncode == 2 and r.stdout == "", (path, r.stderr[-500:])
        assert "cannot read %s: it is %s, not a regular file" % (path, what) in one_line(r.stderr, "solve")
    assert not os.path.exists(tmp_path / "o.jsonl")  # refused before anything was written


def test_solve_out_dev_full_is_refused(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    r = run_limited("tools.solve", "--game", "ctd", "--sweep", "0-1", "--out", "/dev/full", "--budget", "10")
    assert r.returncode == 2 and "/dev/full: it is a device, not a regular file" in one_line(r.stderr, "solve")


def test_solve_a_full_disk_under_the_sweep_is_one_line(tmp_path, monkeypatch, capsys):
    class Full:
        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        flush = truncate = write

        def close(self):
            pass

    real = cli.open_regular
    monkeypatch.setattr(cli, "open_regular", lambda name, path, mode="rb": Full() if mode == "ab" else real(name, path, mode))
    out = str(tmp_path / "s.jsonl")
    assert solve.main(["--game", "ctd", "--sweep", "0-1", "--out", out, "--jobs", "1", "--budget", "10"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "solve: cannot write %s: No space left on device" % cli.shown(out, 200)
    assert "Traceback" not in err


def test_solve_a_missing_file_to_read_is_named(tmp_path, capsys):
    missing = str(tmp_path / "nope.jsonl")
    assert solve.main(["--game", "ctd", "--sweep", "0-1", "--out", str(tmp_path / "o"), "--undecided-in", missing]) == 2
    assert solve.main(["--summary", missing]) == 2
    err = capsys.readouterr().err
    assert err.count("cannot read %s: no such file" % missing) == 2


class FakePool:
    """Stands in for multiprocessing's Pool: records how many workers were
    asked for, and runs the work here."""

    asked = []

    def __init__(self, processes=None, initializer=None, initargs=(), maxtasksperchild=None, context=None):
        FakePool.asked.append(processes)

    def imap_unordered(self, fn, work):
        return map(fn, work)

    def map(self, fn, work):
        return list(map(fn, work))

    def terminate(self):
        pass

    join = close = terminate

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


@pytest.fixture
def pool(monkeypatch):
    import multiprocessing.pool

    FakePool.asked = []
    monkeypatch.setattr(multiprocessing.pool, "Pool", FakePool)
    return FakePool.asked


def test_solve_runs_no_more_workers_than_deals_and_warns_above_the_cores(tmp_path, pool, capsys):
    out = tmp_path / "s.jsonl"
    assert solve.main(["--game", "ctd", "--sweep", "0-1", "--out", str(out), "--jobs", "100000", "--budget", "10"]) == 0
    assert pool == [2] and len(out.read_text().splitlines()) == 2
    err = capsys.readouterr().err
    assert "solve: warning: --jobs 100000 is more than the %d cores" % (os.cpu_count() or 1) in err


@pytest.mark.parametrize("args,message", [
    (["--budget", "0"], "--budget must be at least 1"),
    (["--budget", "1000000000"], "--budget must be at most 100000000"),
    (["--seconds", "nan"], "not a number in digits"),
    (["--seconds", "0"], "--seconds must be at least 0.001"),
    (["--sweep", "0-1000000", "--out", "x"], "at most 1000000 deals"),
    (["--sweep", "0-1", "--out", "x", "--jobs", "0"], "--jobs must be at least 1"),
])
def test_solve_numbers_have_their_ranges(args, message, monkeypatch, capsys):
    def ran(*a, **k):
        raise AssertionError("it ran")  # the old code ran a million deals

    monkeypatch.setattr(solve, "sweep", ran)
    monkeypatch.setattr(solve, "solve_deal", ran)
    argv = ["--game", "ctd"] + args
    if "--sweep" not in args:
        argv += ["--seed", "1"]
    assert solve.main(argv) == 2
    assert message in one_line(capsys.readouterr().err, "solve")


# -- powercut ---------------------------------------------------------------------------------
@pytest.fixture
def no_sweep(monkeypatch):
    """A sweep or a wear run that starts fails the test at once (the old code ran for minutes)."""

    def ran(*a, **k):
        raise AssertionError("it ran")

    monkeypatch.setattr(powercut, "sweep", ran)
    monkeypatch.setattr(powercut, "wear", ran)


@pytest.mark.parametrize("args,message", [
    (["--double", "-1", "--quick"], "--double must be at least 0"),
    (["--wear", "--games", "0"], "--games must be at least 1"),
    (["--every", "-1"], "--every must be at least 1"),
    (["--every", "0"], "--every must be at least 1"),
    (["--sector", "1024", "--every", "-1"], "--every must be at least 1"),
    (["--orders", "bogus"], "'bogus' is not one of address, random"),
    (["--tears", "bogus"], "'bogus' is not one of random, none, full"),
    (["--tears", ""], "'' is not one of"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--sector", "1024", "--games", "1000000"], "--games must be at most 1000"),
    (["--wear", "--every", "5"], "--every does not go with --wear"),
    (["--games", "3"], "--games goes with --sector or --wear"),
])
def test_powercut_refuses_what_would_try_nothing_or_everything(no_sweep, capsys, args, message):
    assert powercut.main(args) == 2
    assert message in one_line(capsys.readouterr().err, "powercut")


def test_powercut_a_small_run_tries_cut_points_with_no_more_workers_than_work(pool, capsys):
    """Two orders, one tear, a few cut points: two pieces of work, so two workers."""
    assert powercut.main(["--sector", "1024", "--games", "1", "--every", "500", "--jobs", "100000",
                          "--tears", "none"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["cut_points"] > 0 and pool == [2]
    assert "powercut: warning: --jobs 100000 is more than" in err


def _children(pid):
    """The processes whose parent is pid (from /proc)."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(name))
    return out


def _running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie is dead, only not reaped
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_powercut_workers_end_when_the_run_is_killed():
    p = subprocess.Popen([sys.executable, "-m", "tools.powercut", "--sector", "1024", "--games", "6", "--every", "1",
                          "--jobs", "2"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers = []
    try:
        t0 = time.time()
        while len(workers) < 2 and time.time() - t0 < 30 and p.poll() is None:
            time.sleep(0.05)
            workers = _children(p.pid)
        assert len(workers) == 2, "no workers started"
        p.kill()  # SIGKILL: the pool cannot tell its workers
        p.wait()
        t0 = time.time()
        while any(_running(w) for w in workers) and time.time() - t0 < 3:
            time.sleep(0.05)
        assert not [w for w in workers if _running(w)], "workers outlived their parent"
    finally:
        p.kill()
        for w in workers:
            if _running(w):
                os.kill(w, signal.SIGKILL)


# -- shot's BOT ---------------------------------------------------------------------------------
@pytest.mark.parametrize("keys,message", [
    ("A A A DOWN B B HOLD-B BOT", "BOT needs the play screen with nothing open over it; the pause menu is open (B closes it)"),
    ("A A A A A HOLD-B BOT-END", "BOT-END needs the play screen with nothing open over it; the pause menu is open"),
    ("A A A BOT-END BOT", "BOT needs a game in play: this one is over"),
])
def test_shot_bot_says_what_it_needs(capsys, keys, message):
    assert shot.main(["--keys", keys, "--text"]) == 2
    out, err = capsys.readouterr()
    assert message in one_line(err, "shot") and out == ""


def test_shot_bot_plays_rogue_through_its_floor_cards(capsys):
    assert shot.main(["--keys", "A DOWN DOWN DOWN A A BOT-END", "--text"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 32


def test_shot_scale_is_in_ascii_digits_and_its_range(capsys):
    assert shot.main(["--keys", "A", "--text", "--scale", "\uff17"]) == 2
    assert shot.main(["--keys", "A", "--text", "--scale", "17"]) == 2
    err = capsys.readouterr().err
    assert "not a whole number" in err and "--scale must be at most 16" in err


# -- expert ---------------------------------------------------------------------------------
@pytest.mark.parametrize("args,message", [
    (["--games", "1000000"], "--games must be at most 100000"),
    (["--games", "0"], "--games must be at least 1"),
    (["--samples", "1001"], "--samples must be at most 1000"),
    (["--seed", "-1"], "--seed must be at least 0"),
    (["--seed", str(2**30 - 1), "--games", "2"], "within 0 .. 2**30 - 1"),
])
def test_expert_numbers_have_their_ranges(monkeypatch, capsys, args, message):
    monkeypatch.setattr(expert, "run", lambda *a: (_ for _ in ()).throw(AssertionError("it ran")))
    assert expert.main(["--game", "ctd", "--rules", "classic"] + args) == 2
    assert message in one_line(capsys.readouterr().err, "expert")
