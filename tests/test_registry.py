"""One registry of games (engine/registry.py): the device and every desktop
tool read the same list, and a game's modules are in the heap only while the
player is in that game."""

import json
import os
import subprocess
import sys

from engine import lease, registry
from tools import build as builder
from tools import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_device_and_desktop_list_the_same_games_in_the_same_order():
    keys = [e.key for e in registry.GAMES]
    assert keys == list(games.GAMES) and len(keys) >= 4
    assert len(set(keys)) == len(keys)
    for e in registry.GAMES:
        spec = games.GAMES[e.key]
        assert spec.entry is e and spec.title == e.title
        assert registry.engine_class(e) is spec.engine and spec.engine.GAME_ID == e.game_id
        assert len(e.rule_titles) == len(spec.rules) == len(spec.engine.RULE_NAMES)
        assert 0 < len(e.title) <= 20 and all(0 < len(t) <= 20 for t in e.rule_titles)
        assert len(e.rule_notes) == len(e.rule_titles) and all(0 < len(t) <= 21 for t in e.rule_notes)


def test_every_entry_names_parts_that_exist():
    ids = set()
    for e in registry.GAMES:
        cls = registry.engine_class(e)
        ids.add(cls.GAME_ID)
        screen = lease.module(e.screen)
        assert callable(screen.Play)
        path, name = e.words.split(":")
        texts = getattr(lease.module(path), name)
        assert len(texts) == len(e.rule_titles) and all(isinstance(t, str) and t for t in texts)
    assert len(ids) == len(registry.GAMES)  # a save names its game by this id
    assert registry.find("chess") is None


def test_the_build_ships_each_games_folder_and_no_desktop_module():
    shipped = {rel for rel, _ in builder.sources()}
    for e in registry.GAMES:
        folder = e.home.replace(".", "/")
        assert "%s/rules.mpy" % folder in shipped and "%s/play.mpy" % folder in shipped
        assert not [rel for rel in shipped if rel.startswith(folder + "/desk")]
    engine = builder.DEVICE_MODULES["engine"]
    assert "store" in engine and "saves" in engine  # the device remembers
    for desktop in ("notation", "bots"):
        assert desktop not in engine


def test_release_forgets_a_module_and_its_package_attribute():
    import games.ctd

    lease.module("games.ctd.rules")
    assert "games.ctd.rules" in sys.modules and hasattr(games.ctd, "rules")
    kept = sys.modules["games.ctd.rules"]
    try:
        lease.release(["games.ctd.rules"])
        assert "games.ctd.rules" not in sys.modules and not hasattr(games.ctd, "rules")
    finally:
        sys.modules["games.ctd.rules"] = kept
        games.ctd.rules = kept


_CALL = r"""
import json, sys
sys.path.insert(0, %r)
from engine import lease

out = []
import engine.cards  # already there: stays
deal = lease.call("engine.rng", "Rng", 7).shuffle(bytearray(range(1, 11)))
out.append(["engine.rng" in sys.modules, "engine.cards" in sys.modules])
try:
    lease.call("engine.deals", "from_list", None, 0, 0, -1)  # raises: no entry
except Exception:
    out.append("engine.deals" in sys.modules)
print(json.dumps(out))
"""


def test_call_releases_what_it_imported_even_when_the_call_raises():
    r = subprocess.run([sys.executable, "-c", _CALL % ROOT], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == [[False, True], False]


_LAZY = r"""
import json, sys
sys.path.insert(0, %r)
from tools.sim import Sim

GAME = ("games.ctd.rules", "games.crawl.rules", "games.ctd.play", "games.crawl.play", "games.ctd.words", "games.crawl.words",
        "games.crawl.words_soltura", "games.crawl.words_scoundrel", "ui.menus", "ui.font", "ui.sheets")
out = {}
def loaded(label):
    out[label] = sorted(m for m in GAME if m in sys.modules)
s = Sim()
loaded("title")
s.tap("A")
loaded("game list")
s.tap("A")
loaded("rule sets")
s.tap("RIGHT")
loaded("rules page")
s.tap("B")
s.tap("A")
out["playing"] = type(s.screen).__name__
loaded("play")
s.hold("B", 1000)
s.tap("DOWN")
s.tap("DOWN")
s.tap("A")  # pause, suspend
out["back"] = type(s.screen).__name__
s.tap("B")
out["left"] = type(s.screen).__name__
loaded("after")
print(json.dumps(out))
"""


def test_a_game_is_imported_when_entered_and_released_when_left():
    r = subprocess.run([sys.executable, "-c", _LAZY % ROOT], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # the font and the code that draws the sprite sheets are let go once they are drawn;
    # the menus are there while one shows
    assert out["title"] == out["game list"] == out["rule sets"] == ["ui.menus"]
    assert out["rules page"] == ["ui.menus"]  # the words were read and let go
    assert out["playing"] == "Play" and out["play"] == ["games.ctd.play", "games.ctd.rules"]  # no menus in play
    assert out["back"] == "RuleSets" and out["left"] == "GameList" and out["after"] == ["ui.menus"]


_PAUSE = r"""
import json, sys
sys.path.insert(0, %r)
from tools.sim import Sim

out = []
s = Sim()
s.tap("A")
s.tap("A")
s.tap("A")
out.append("ui.pause" in sys.modules)
s.hold("B", 1000)
out.append(type(s.screen.overlay).__name__)
out.append("ui.pause" in sys.modules)
s.tap("A")  # resume
out.append(s.screen.overlay is None)
out.append("ui.pause" in sys.modules)
s.hold("B", 1000)
out.append(type(s.screen.overlay).__name__)
s.tap("DOWN")
s.tap("A")  # the rules, from the pause: the play screen is left
out.append(type(s.screen).__name__)
out.append("ui.pause" in sys.modules)
print(json.dumps(out))
"""


def test_the_pause_menu_is_loaded_only_while_it_is_open():
    r = subprocess.run([sys.executable, "-c", _PAUSE % ROOT], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == [False, "Pause", True, True, False, "Pause", "RulesPage", False]
