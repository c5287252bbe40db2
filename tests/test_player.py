"""The desktop player's own behaviour, mostly apart from the terminal (the pty
test in test_cli.py draws the panel): Q during a game asks before it throws the
game away; with the NVM in a file the game waits there for the next run, and
the player says so, naming the file, once the terminal is back; the panel is
drawn faint while the app dims it and dark while it sleeps."""

import io
import os
import select
import sys
import time

import pytest

from engine import registry
from engine.store import Store
from hw.fake import FileNVM
from tools.play import ASK, ASLEEP, DIM, HELP, UNDIM, Player

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_a_game(p):
    for key in ("A", "A", "A"):  # title, game list, Classic: a game is dealt
        p.key(key)
        for _ in range(10):
            p.tick()
    assert type(p.sim.screen).__name__ == "Play"


def test_q_quits_at_once_from_the_menus_but_asks_during_a_game():
    out = io.StringIO()
    p = Player(out, "braille")
    p.tick()
    assert p.quit()  # the title: nothing to lose
    p = Player(out, "braille")
    start_a_game(p)
    assert not p.quit()  # the first Q only asks
    p.tick()
    assert ASK[:40] in out.getvalue().split("\n")[-1]
    p.key("LEFT")  # any other key plays on, and the question goes
    p.tick()
    assert not p.asking and HELP[:40] in out.getvalue().split("\n")[-1]
    assert not p.quit()
    assert p.quit()  # Q twice: gone


def test_with_the_nvm_in_a_file_q_quits_and_the_game_waits_for_the_next_run(tmp_path):
    path = str(tmp_path / "nvm.bin")
    p = Player(io.StringIO(), "braille", FileNVM(path))
    start_a_game(p)
    kept = bytes(p.sim.screen.game.hand)
    assert p.quit()  # nothing to lose
    p = Player(io.StringIO(), "braille", FileNVM(path))  # the next run
    for key in ("A", "A", "A"):  # title, game list, Continue
        p.key(key)
        for _ in range(10):
            p.tick()
    assert type(p.sim.screen).__name__ == "Play" and bytes(p.sim.screen.game.hand) == kept


# -- what Q says once the terminal is back ------------------------------------------------
def test_q_says_which_game_waits_and_in_which_nvm_file(tmp_path):
    path = str(tmp_path / "nvm.bin")
    p = Player(io.StringIO(), "braille", FileNVM(path))
    p.tick()
    assert p.farewell() == "Saves, stats and settings are kept in %s." % path  # nothing suspended yet
    start_a_game(p)
    assert p.quit()
    said = p.farewell()
    assert said == "Your game of Clear the Dungeon waits in %s; run the same command to continue." % path
    p = Player(io.StringIO(), "braille", FileNVM(path))  # the next run reads the same file
    assert p.waiting() == ["Clear the Dungeon"] and path in p.farewell()


def test_q_names_every_game_that_waits(tmp_path):
    p = Player(io.StringIO(), "braille", FileNVM(str(tmp_path / "nvm.bin")))
    sim = p.sim  # pressed through the simulator alone: its clock, not the wall's
    sim.tap("A")  # the game list
    rogue = registry.GAMES.index(registry.find("rogue"))
    for row in (0, rogue):  # Clear the Dungeon, then Rogue Solitaire, each suspended
        for _ in range(row):
            sim.tap("DOWN")
        sim.tap("A")
        sim.tap("A")
        assert type(sim.screen).__name__ == "Play" and sim.screen.entry is registry.GAMES[row]
        sim.hold("B", 1000)  # the pause menu: RESUME, RULES, SUSPEND
        sim.tap("DOWN")
        sim.tap("DOWN")
        sim.tap("A")
        sim.tap("B")  # back to the game list
    assert p.waiting() == ["Clear the Dungeon", "Rogue Solitaire"]
    assert p.farewell().startswith("Your games of Clear the Dungeon and Rogue Solitaire wait in ")


def test_without_an_nvm_file_q_says_nothing_was_kept():
    p = Player(io.StringIO(), "braille")
    start_a_game(p)
    assert "Nothing was kept" in p.farewell() and "waits" not in p.farewell()


def test_the_player_prints_where_the_game_waits_after_leaving_the_terminal_ui(tmp_path):
    pty = pytest.importorskip("pty")
    path = str(tmp_path / "nvm.bin")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.environ["COLUMNS"] = "140"
        os.environ["LINES"] = "40"
        os.execv(sys.executable, [sys.executable, "-m", "tools.play", "--style", "braille", "--nvm", path])
    seen = read_until(fd, b"Q: quit")
    for _ in range(3):  # title, game list, Classic: a game is dealt
        os.write(fd, b"a")
        seen += read_until(fd, None, 1.0)
    os.write(fd, b"q")
    seen += read_until(fd, None, 3.0)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    after = seen.decode("utf-8", "ignore").split("\x1b[?1049l")[-1]  # what stays once the picture is gone
    assert "Your game of Clear the Dungeon waits in %s; run the same command to continue." % path in after
    assert Store(FileNVM(path)).suspended(registry.GAMES[0].game_id) is not None


def read_until(fd, marker, seconds=30.0):
    """What the pty gives until marker shows (or, with marker None, for a while)."""
    seen = b""
    deadline = time.time() + seconds
    while time.time() < deadline and (marker is None or marker not in seen):
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the player has gone
                break
            if not chunk:
                break
            seen += chunk
    return seen


# -- the panel dimmed and asleep ---------------------------------------------------------
def frame(out):
    """The last frame the player drew: the panel's lines, between its borders."""
    last = out.getvalue().split("\x1b[H")[-1].split("\r\n")
    return [line[1:-1] for line in last[1:-2]]


def test_the_panel_is_drawn_faint_when_the_app_dims_it_and_dark_when_it_sleeps():
    out = io.StringIO()
    p = Player(out, "braille")
    p.tick()
    lit = frame(out)
    assert not p.sim.app.dimmed and not any(DIM in line for line in lit)
    assert any(ch not in "\u2800 " for line in lit for ch in line)  # the title is on the panel
    p.t0 -= 31  # half a minute without a press: the app dims the panel
    p.tick()
    assert p.sim.app.dimmed and not p.sim.app.asleep
    dimmed = frame(out)
    assert dimmed == [DIM + line + UNDIM for line in lit]  # the same picture, faint
    p.t0 -= 120  # two minutes more: it sleeps
    p.tick()
    assert p.sim.app.asleep
    dark = frame(out)
    assert len(dark) == len(lit) and sum(1 for line in dark if line.strip()) == 1
    assert any(line.strip() == ASLEEP for line in dark) and not any(DIM in line for line in dark)
    p.key("A")  # the press only wakes the panel: the title is back, lit, and still the title
    for _ in range(5):
        p.tick()
    assert not p.sim.app.asleep and not p.sim.app.dimmed
    assert frame(out) == lit and type(p.sim.screen).__name__ == "Title"


def test_without_termios_the_player_says_it_needs_a_posix_terminal(monkeypatch, capsys):
    from tools import play

    monkeypatch.setitem(sys.modules, "termios", None)  # as on Windows: import termios fails
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert play.main(["--nvm", ""]) == 2
    err = capsys.readouterr().err
    assert "needs a POSIX terminal" in err and "Traceback" not in err
