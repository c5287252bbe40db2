"""Soltura and Scoundrel screens, driven by button presses on the fake board;
what the emulated panel shows is read back pixel by pixel."""

import pytest

from engine import crawl, crawl_bots, notation, saves
from engine.rng import Rng
from tests.crawl_decks import deal
from tests.ui_driver import Driver, lit, text_pixels, tile_pixels
from tools import presses
from ui import app, catalog, crawl_play, menus, sprites

SOLTURA = 1
SCOUNDREL = 2


def screen(game, index=SOLTURA):
    return Driver((crawl_play.Play, index, game.rules, 0, game))


def room_region(d, slot):
    return d.panel.region(slot * 22, 0, sprites.CARD_W, sprites.CARD_H)


def line(d, i, n=21):
    return d.panel.region(0, 32 + 8 * i, 6 * n, 8)


def shows(d, i, text, inverted=False):
    want = text_pixels(text)
    if inverted:
        want = [[1 - v for v in row] for row in want]
    return line(d, i, len(text)) == want


def test_game_list_offers_soltura_and_scoundrel_with_their_rule_sets():
    d = Driver((menus.GameList,))
    assert [g.TITLE for g in catalog.GAMES] == ["Clear the Dungeon", "Soltura", "Scoundrel"]
    d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets) and d.screen.choices == ["Score", "Pure Survival"]
    d.tap("DOWN")
    d.tap("A")
    s = d.screen
    assert isinstance(s, crawl_play.Play) and isinstance(s.game, crawl.Soltura) and s.game.rules == crawl.SURVIVAL
    d = Driver((menus.RuleSets, SCOUNDREL))
    d.tap("A")
    assert isinstance(d.screen.game, crawl.Scoundrel) and d.screen.game.rules == crawl.STRICT


def test_play_screen_shows_room_hp_deck_and_weapon():
    g = deal(crawl.Soltura, top="5D 8S 6H KC")
    d = screen(g)
    for slot, name in enumerate(["5D", "8S", "6H", "KC"]):
        assert room_region(d, slot) == tile_pixels(sprites.card_tile(notation.parse(name)), inverted=slot == 0)
    assert d.panel.region(92, 8, 30, 8) == text_pixels("21/21")
    assert d.panel.region(92, 16, 30, 8) == text_pixels("DK 42")
    assert shows(d, 0, "5\x03 EQUIP, POWER 5")
    d.tap("A")
    assert d.panel.region(0, 16, 20, 15) == tile_pixels(sprites.card_tile(notation.parse("5D")))
    assert d.panel.region(44, 16, 30, 8) == text_pixels("POW 5")
    assert d.panel.region(44, 24, 36, 8) == text_pixels("X0 ANY")


def test_monster_asks_weapon_or_bare_hands_showing_the_damage_of_each():
    g = deal(crawl.Soltura, top="5D 8S 6H KC")
    d = screen(g)
    d.tap("A")  # equip 5D; the cursor moves on to 8S
    assert d.screen.cursor == 1 and shows(d, 0, "8\x01 W:3 B:8 DMG")
    d.tap("A")
    assert d.screen.mode == crawl_play.MENU
    assert shows(d, 0, "WEAPON: 3 DAMAGE", inverted=True) and shows(d, 1, "BARE HANDS: 8 DAMAGE")
    assert lit(line(d, 0)) > lit(line(d, 1)) * 2  # the choice is inverted
    d.tap("B")  # back out: nothing happened
    assert d.screen.mode != crawl_play.MENU and g.hp == 21
    d.tap("A")
    d.tap("A")  # weapon
    assert g.hp == 18 and g.chain_n == 1
    assert d.panel.region(22, 16, 20, 15) == tile_pixels(sprites.card_tile(notation.parse("8S")))
    assert d.panel.region(44, 24, 36, 8) == text_pixels("X1 <=8")
    assert d.panel.region(92, 8, 30, 8) == text_pixels("18/21")


def test_monster_the_chain_forbids_is_fought_barehanded_without_a_menu():
    g = deal(crawl.Scoundrel, crawl.STRICT, top="9D 8S 8C 2H")
    d = screen(g, SCOUNDREL)
    d.tap("A")
    d.tap("A")
    d.tap("A")  # 9D, 8S with the weapon
    assert g.chain_n == 1 and d.screen.cursor == 2
    assert shows(d, 0, "8\x04 BARE: 8 DMG")
    d.tap("A")
    assert g.slain_n == 1 and g.hp == 20 - 8


def test_joker_menu_refuses_an_action_that_cannot_apply_with_its_reason():
    g = deal(crawl.Soltura, top="RJ 2S 3C 4C")
    d = screen(g)
    d.tap("A")
    s = d.screen
    assert s.mode == crawl_play.MENU and list(s.options[: s.n_options]) == [crawl.A_BUFF, crawl.A_HEAL, crawl.A_PREVIEW, crawl.A_ESCORT]
    assert shows(d, 0, "BUFF WEAPON +1", inverted=True) and shows(d, 3, "ESCORT (+14 AT END)")
    before = saves.save(g, bytearray(256))
    d.tap("A")  # buff, with no weapon
    assert shows(d, 0, "NO WEAPON") and saves.save(g, bytearray(256)) == before
    d.tap("DOWN")
    d.tap("A")  # heal at full HP
    assert shows(d, 1, "HP IS FULL") and s.mode == crawl_play.MENU
    d.step(2000)
    d.settle()
    assert shows(d, 1, "HEAL +3 HP", inverted=True)  # the reason goes, the choice comes back
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # escort
    assert g.escorted() == 1 and s.mode == app.PLAYING
    assert shows(d, 2, "ESCORT 1  PTS 0")


def test_preview_shows_the_next_three_cards():
    g = deal(crawl.Soltura, top="RJ 2S 3C 4C 9H 10S JC")
    d = screen(g)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")
    assert d.screen.mode == crawl_play.PEEK
    for i, name in enumerate(["9H", "10S", "JC"]):
        assert d.panel.region(i * 22, 40, 20, 15) == tile_pixels(sprites.card_tile(notation.parse(name)))
    assert shows(d, 0, "NEXT 3, TOP FIRST:")
    d.tap("A")
    assert d.screen.mode == app.PLAYING and d.panel.region(0, 40, 20, 15) != tile_pixels(sprites.card_tile(notation.parse("9H")))


def test_swap_by_buttons_chooses_the_monster():
    g = deal(crawl.Soltura, top="BJ 2H KS 3C 7S")
    d = screen(g)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # swap: now choose the monster
    assert d.screen.mode == crawl_play.SWAP and d.screen.cursor == 2 and shows(d, 0, "SWAP WHICH MONSTER?")
    d.tap("A")
    assert notation.name(g.room[2]) == "7S" and notation.name(g.top()) == "KS"


def test_undo_by_b_and_its_limit():
    g = deal(crawl.Soltura, top="5D 8S 6H KC 2S 3S 4S")
    d = screen(g)
    d.tap("A")
    assert g.weapon
    d.tap("B")
    assert g.weapon == 0 and shows(d, 1, "UNDONE")
    d.tap("B")
    assert shows(d, 1, "NO UNDO PAST A REFILL")


def test_scoundrel_avoids_a_room_with_up_then_a():
    g = deal(crawl.Scoundrel, top="KS AS QC JC 2H 3H 4H 5H")
    d = screen(g, SCOUNDREL)
    assert shows(d, 2, "UP: AVOID THIS ROOM")
    d.tap("UP")
    assert lit(line(d, 2)) > 300  # the avoid line is lit
    d.tap("A")
    assert [notation.name(c) for c in g.room] == ["2H", "3H", "4H", "5H"]
    assert shows(d, 2, "LAST ROOM AVOIDED")
    d.tap("UP")  # refused: nothing moves
    assert d.screen.cursor == 0


def test_hold_b_asks_before_leaving():
    g = deal(crawl.Soltura, top="5D 8S 6H KC")
    d = screen(g)
    d.hold("B", 1000)
    assert shows(d, 1, "LEAVE? A=YES B=NO")
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets)


def test_game_over_breaks_the_score_into_its_parts():
    g = deal(crawl.Soltura, top="AS AC KS 2H")
    d = screen(g)
    assert shows(d, 0, "A\x01 BARE: 14 DMG")
    d.tap("A")  # AS barehanded (no weapon: no menu)
    d.tap("A")  # AC barehanded: dead
    assert g.status == crawl.LOST and shows(d, 0, "DEFEATED. PRESS A")
    d.tap("A")
    sheet = d.screen
    assert isinstance(sheet, menus.ScoreSheet)
    texts = [sheet.group[i].text.strip() for i in range(1, len(sheet.group))]
    assert texts == ["Barehanded 14", "Chains 0", "Monsters left -194", "Total -180"]
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver) and "Score -180" in d.screen.group[1].text


def test_pure_survival_game_over_has_no_score_sheet():
    g = deal(crawl.Soltura, crawl.SURVIVAL, top="AS AC KS 2H")
    d = screen(g)
    d.tap("A")
    d.tap("A")
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver) and d.screen.group[1].text == "Slain"


def test_every_refusal_fits_a_line_and_every_rules_page_states_the_decisions():
    assert len(crawl_play.REFUSED) == len(notation.CRAWL_REASONS)
    assert all(0 < len(t) <= 21 for t in crawl_play.REFUSED[1:])
    sol = [t.lower() for t in crawl_play.SOLTURA.RULES_TEXT]
    sco = [t.lower() for t in crawl_play.SCOUNDREL.RULES_TEXT]
    for t in sol:
        assert "21 hp" in t and "equal to or lower" in t and "escort" in t and "heal 3" in t
    assert "+5 +15 +35 +65 +100" in sol[0] and "minus every monster left" in sol[0]
    assert "no score" in sol[1]
    assert "strictly lower" in sco[0] and "equal to or lower" in sco[1]
    for t in sco:
        assert "20 hp" in t and "never two rooms in a row" in t and "20 + the potion" in t
    for t in crawl_play.SOLTURA.RULES_TEXT + crawl_play.SCOUNDREL.RULES_TEXT:
        assert all(len(x) <= 21 for x in menus.wrap(t))


@pytest.mark.parametrize("index,rules", [(SOLTURA, 0), (SOLTURA, 1), (SCOUNDREL, 0), (SCOUNDREL, 1)])
def test_whole_bot_games_by_presses_match_the_engine(index, rules):
    for seed in range(2):
        spec = catalog.GAMES[index]
        d = Driver((spec.play_screen, index, rules, seed))
        shadow = spec.engine(rules).deal(seed)
        rng = Rng(seed)
        while shadow.status == crawl.PLAYING:
            mv = crawl_bots.greedy_bot(shadow, rng)
            presses.play_crawl(d, mv)
            assert shadow.play(mv) == 0
            g = d.screen.game
            assert saves.save(g, bytearray(256)) == saves.save(shadow, bytearray(256)) and bytes(g.room) == bytes(shadow.room)
        d.tap("A")
        while not isinstance(d.screen, menus.GameOver):
            d.tap("A")
