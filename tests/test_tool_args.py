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
