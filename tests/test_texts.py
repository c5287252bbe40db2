"""Every text a screen shows fits its line: the whole way through every game
and rule set by button presses (bot games to the end, every rules page, every
game over), with every Text.set checked against its width, and the formatted
lines checked with their widest values."""

import pytest

from engine import lease, registry
from games.ctd import rules as ctd
from games.rogue import rules as rogue
from engine.rng import Rng
from tests.conftest import sweep
from tests.ui_driver import Driver
from tools.games import GAMES
from ui import menus
from games.crawl import play as crawl_play
from games.ctd import play as ctd_play


@pytest.mark.parametrize("key", [e.key for e in registry.GAMES])
def test_every_text_of_a_whole_game_fits_its_line(too_long, key):
    entry = registry.find(key)
    spec = GAMES[key]
    for rules in range(len(entry.rule_titles)):
        d = Driver((menus.RuleSets, entry, rules))
        d.tap("RIGHT")  # the rules page, every page of it
        for _ in range(d.screen.pages):
            d.tap("DOWN")
        d.tap("B")
        # Rogue Solitaire's campaigns from these seeds end on floor 1, the game Quick plays
        # alike: its third, 477 moves long, is left to the full sweep
        seeds = sweep(2, 3) if (key, rules) == ("rogue", rogue.CAMPAIGN) else 3
        for seed in range(seeds):
            d = Driver((lease.module(entry.screen).Play, entry, rules, 40 + seed))
            game = d.screen.game
            rng = Rng(seed)
            while game.status == 0:
                spec.press(d, spec.bots["greedy"](game, rng))
            d.tap("A")
            assert isinstance(d.screen, menus.GameOver)
    assert too_long == []


def test_the_widest_values_fit():
    # Clear the Dungeon's message line is 14 characters, the crawl's lines 21
    for t in ctd_play.REFUSED + ("MISS: +%d DMG" % 9, "SLAIN 10\x01!", "NOWHERE TO GO", "A:PICK B:UNDO",
                                 "ONE STRIKE", "WON! PRESS A", "LOST. PRESS A", "MENU? A=Y B=N"):
        assert len(t) <= 14, t
    for t in ctd_play.LOSSES + ("All 12 monsters slain", "Score 42 = cards left", "Damage: 7 of 7",
                                "Reserve: 42 cards", "12 of 12 slain"):
        assert len(t) <= 21, t
    for title in [t for e in registry.GAMES for t in e.rule_titles]:
        assert len("RULES: " + title) <= 21, title
    for t in crawl_play.REFUSED + crawl_play._JOKER_WORDS + (
        "CHAIN 26  POINTS 999", "10\x03 EQUIP, POWER 10", "10\x02 HEAL +10", "10\x02 NO HEAL:1/ROOM",
        "BLACK JOKER: A=MENU", "K\x01 W:13 B:13 DMG", "A\x01 BARE: 14 DMG", "A\x01 BARE: 14, DIES", "BARE HANDS: DIES (14)", "FLEE: YOU DIE (1 HP)",
        "YOU DIE! A=GO B=NO", "A AGAIN: YOU DIE", "SLAIN A\x01! -14 HP",
        "BARE HANDS: 14 DAMAGE", "WEAPON: 14 DAMAGE", "ESCORT (+14 AT END)", "KILLED BY A\x04",
        "NO UNDO PAST A REVEAL", "NEXT 3, TOP FIRST:", "SWAP WHICH MONSTER?", "LEAVE? A=YES B=NO",
        "Chains 350  Loot 20", "HP 21  Barehanded 99", "Chains 350  Left -194", "Escort 28  Total 999", "Survived with 21 HP",
        "all 46 cards cleared", "46 cards were left", "HP 20 + potion 10",
    ):
        assert len(t) <= 21, t
    for t in ("POWER+10", "HITS<=14", "HITS ANY", "21/21", "DECK", "46"):
        assert len(t) <= 8, t
