"""The guided first games (ui/guide.py, each game's guide module): each is
played to its win by presses from its rule-set menu, every page fits, a
wrong press is explained and changes nothing, and the player's own save,
stats and achievements are never touched."""

import sys

import pytest

from engine import registry
from engine.game import WON
from engine.lease import module
from tools.sim import Sim
from ui.guide import NAMES, page_text
from ui.text import COLUMNS, wrap

KEYS = dict(zip("UDLRAB", NAMES))
GUIDED = [e for e in registry.GAMES if e.guide is not None]


def to_guide(d, entry):
    """From the rule-set menu to How to play, by presses."""
    d.app.rule_sets(entry)
    d.settle()
    menu = d.screen
    while menu.chosen != menu.guide_row:
        d.tap("DOWN")
    assert menu.rows[menu.guide_row - menu.top].text.strip() == "How to play"
    d.tap("A")
    assert type(d.screen).__name__ == "Guide"  # the module is imported for it: a class of its own
    return d.screen


def page(g):
    return [line.text for line in g.lines]


def play_through(d, g, wrong_at=None):
    """Every step by its presses, checking each page as it comes."""
    steps = g.steps
    for i, (text, presses) in enumerate(steps):
        assert g.step == i and g.showing() and page(g)[0].startswith("HOW TO PLAY")
        if i + 1 == len(steps):
            assert page(g)[-1] == "A:TO THE MENU"
            return
        d.tap("A")
        for k, p in enumerate(presses):
            if (i, k) == wrong_at:
                moves = g.play.game.moves
                other = "B" if p != "B" else "A"
                d.tap(KEYS[other])
                assert page(g)[0].startswith("NOT THAT BUTTON") and g.play.game.moves == moves
                assert KEYS[p] in " ".join(page(g))
                d.tap("A")
                assert not g.showing()
            d.tap(KEYS[p])
        if presses and i + 1 < len(steps):
            assert not g.showing()  # the result is shown a moment before the next page
            for _ in range(100):
                d.step(20)


@pytest.mark.parametrize("entry", GUIDED, ids=lambda e: e.key)
def test_a_guided_game_is_won_by_its_presses_and_leaves_the_players_save(entry):
    d = Sim()
    d.app.rule_sets(entry)
    d.settle()
    d.app.play(entry, 0, 5)  # a game of the player's own, suspended for the guide
    d.settle()
    store = d.app.store
    saved = store.suspended(entry.game_id)
    assert saved is not None
    stats = [(store.stats(entry.game_id, r).played, store.stats(entry.game_id, r).won)
             for r in range(len(entry.rule_titles))]
    ach = store.achievements
    nvm = bytes(d.board.nvm[:])
    g = to_guide(d, entry)
    play_through(d, g)
    assert g.play.game.status == WON
    d.tap("A")
    assert type(d.screen).__name__ == "RuleSets" and d.screen.saved == saved  # Continue: chosen first
    assert d.app.store is store and store.suspended(entry.game_id) == saved
    assert [(store.stats(entry.game_id, r).played, store.stats(entry.game_id, r).won)
            for r in range(len(entry.rule_titles))] == stats
    assert store.achievements == ach and bytes(d.board.nvm[:]) == nvm


@pytest.mark.parametrize("entry", GUIDED, ids=lambda e: e.key)
def test_every_page_fits_and_every_press_is_a_button(entry):
    script = module(entry.guide)
    assert 0 <= script.RULES < len(entry.rule_titles)
    assert script.STEPS[-1][1] == "", "the last step is read after the win"
    for text, presses in script.STEPS:
        lines = wrap(page_text(text, presses))
        assert 0 < len(lines) <= 6 and all(len(x) <= COLUMNS for x in lines), text
        assert set(presses) <= set("UDLRAB"), presses
    game = script.deal(registry.engine_class(entry))
    assert game.rules == script.RULES


@pytest.mark.parametrize("entry", GUIDED, ids=lambda e: e.key)
def test_a_wrong_press_is_explained_and_changes_nothing(entry):
    d = Sim()
    g = to_guide(d, entry)
    steps = module(entry.guide).STEPS
    first = next(i for i, (t, p) in enumerate(steps) if p)
    play_through(d, g, wrong_at=(first, 0))
    assert g.play.game.status == WON


def test_how_to_play_is_offered_until_the_game_is_played():
    entry = GUIDED[0]
    d = Sim()
    d.app.rule_sets(entry)
    d.settle()
    assert d.screen.chosen == 0 and d.screen.note.text == "New? See How to play"
    d.tap("DOWN")
    assert d.screen.note.text == entry.rule_notes[1]
    d.app.store.result(entry.game_id, 0, False, None, False)
    d.app.game_list(entry)
    d.settle()
    d.app.rule_sets(entry)
    d.settle()
    assert d.screen.chosen == 0 and d.screen.note.text == entry.rule_notes[0]


@pytest.fixture
def unloaded():
    """The guide's modules out of sys.modules for a test, and back after it
    (other tests hold classes of the modules imported first)."""
    names = ("ui.guide", GUIDED[0].guide, GUIDED[0].screen)
    kept = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    yield
    for name, m in kept.items():
        sys.modules[name] = m
        package, _, leaf = name.rpartition(".")
        setattr(sys.modules[package], leaf, m)


def test_holding_b_leaves_the_guide_and_it_is_let_go(unloaded):
    entry = GUIDED[0]
    d = Sim()
    g = to_guide(d, entry)
    assert entry.guide in sys.modules
    d.tap("A")
    d.hold("B", 1500)
    assert type(d.screen).__name__ == "RuleSets"
    assert entry.guide not in sys.modules and "ui.guide" not in sys.modules and entry.screen not in sys.modules
    assert d.app.store is not None and d.app.store.suspended(entry.game_id) is None
