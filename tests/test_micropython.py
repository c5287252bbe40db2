"""The engine under real MicroPython (the unix port from PyPI): the same deal
for a seed as CPython, and a whole bot game in a 24 KiB heap with engine/
compiled to .mpy, allocating nothing in a move."""

import json
import os
import subprocess

import pytest

from engine import ctd, notation
from tools import mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = mpy.micropython_path()
needs_micropython = pytest.mark.skipif(
    MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed (pip install -r requirements.txt)"
)


@pytest.fixture(scope="module")
def engine_mpy(tmp_path_factory):
    out = tmp_path_factory.mktemp("mpy")
    mpy.compile_package(os.path.join(ROOT, "engine"), str(out), "micropython")
    return str(out)


def run_mp(args, heap="256k", cwd=ROOT):
    assert MICROPYTHON, "micropython is missing: CI must install it"
    return subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap] + args, capture_output=True, text=True, cwd=cwd, timeout=300)


@needs_micropython
def test_same_deals_on_micropython_as_on_cpython(tmp_path):
    script = tmp_path / "deals.py"
    script.write_text(
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "from engine import ctd\n"
        "for rules in range(3):\n"
        "    for seed in (0, 1, 7, 12345, 2**30 - 1):\n"
        "        g = ctd.Dungeon(rules).deal(seed)\n"
        "        print(rules, seed, bytes(g.monsters).hex(), bytes(g.deck).hex(), bytes(g.hand).hex())\n" % ROOT
    )
    r = run_mp([str(script)])
    assert r.returncode == 0, r.stderr
    want = []
    for rules in range(3):
        for seed in (0, 1, 7, 12345, 2**30 - 1):
            g = ctd.Dungeon(rules).deal(seed)
            want.append("%d %d %s %s %s" % (rules, seed, bytes(g.monsters).hex(), bytes(g.deck).hex(), bytes(g.hand).hex()))
    assert r.stdout.split("\n")[:-1] == want


@needs_micropython
def test_fit_plays_every_rule_set_in_24k_allocating_nothing_per_move(engine_mpy):
    r = run_mp([os.path.join("tools", "fit.py"), "--lib", engine_mpy, "--games", "10"], heap="24k")
    assert r.returncode == 0, r.stdout + r.stderr
    figures = json.loads(r.stdout)
    assert figures["games"] == 30 and figures["moves"] > 300
    assert figures["alloc_per_move_max"] == 0 and figures["alloc_total"] == 0
    assert figures["engine_heap"] > 0 and figures["heap_free"] > 0


@needs_micropython
def test_fit_with_random_bot_and_one_rule_set(engine_mpy):
    r = run_mp([os.path.join("tools", "fit.py"), "--lib", engine_mpy, "--games", "5", "--rules", "onestrike", "--bot", "random"], heap="24k")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["games"] == 5


@needs_micropython
def test_fit_refuses_a_bad_option_clearly(engine_mpy):
    r = run_mp([os.path.join("tools", "fit.py"), "--lib", engine_mpy, "--rules", "nope"])
    assert r.returncode == 2 and "unknown rules: nope" in r.stdout


@needs_micropython
def test_engine_py_sources_run_under_micropython_too(tmp_path):
    script = tmp_path / "py.py"
    script.write_text(
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "from engine import ctd, bots, saves\n"
        "from engine.rng import Rng\n"
        "g = ctd.Dungeon(1).deal(3)\n"
        "r = Rng(3)\n"
        "while g.status == 0:\n"
        "    g.play(bots.greedy_bot(g, r))\n"
        "b = bytearray(256)\n"
        "n = saves.save(g, b)\n"
        "h = saves.load(ctd.Dungeon, b, 3)\n"
        "print(g.status, g.kills, n, len(saves.census(h)))\n" % ROOT
    )
    r = run_mp([str(script)])
    assert r.returncode == 0, r.stderr
    g = ctd.Dungeon(1).deal(3)
    from engine import bots
    from engine.rng import Rng

    rng = Rng(3)
    while g.status == 0:
        g.play(bots.greedy_bot(g, rng))
    assert r.stdout.split() == [str(g.status), str(g.kills), "182", "54"]


# -- the screens under MicroPython, on stand-ins for displayio --------------------------
@needs_micropython
@pytest.mark.parametrize("compiled", [False, True])
def test_screens_run_under_micropython_from_title_to_game_over(tmp_path, compiled):
    args = [os.path.join("tests", "mp", "ui_on_micropython.py"), ROOT, os.path.join(ROOT, "tests", "mp")]
    if compiled:
        from tools import build as builder

        tree = str(tmp_path / "tree")
        builder.build(tree, "micropython")
        args.append(tree)
    r = run_mp(args, heap="256k")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("ok screens=3")
