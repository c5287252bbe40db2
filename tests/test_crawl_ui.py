"""Soltura and Scoundrel screens, driven by button presses on the fake board;
what the emulated panel shows is read back pixel by pixel."""

import pytest

from engine import notation, saves
from games.crawl import rules as crawl
from games.crawl import desk_bots as crawl_bots
from engine.rng import Rng
from tests.crawl_decks import deal
from engine import registry
from tests.ui_driver import SCOUNDREL, SOLTURA, Driver, lit, read_row, text_pixels, tile_pixels
from tests.card_pixels import face, framed
from games.crawl import desk_presses as presses
from ui import menus, sprites
from games.crawl import play as crawl_play
from games.crawl.jokers import Peek, Swap
from games.crawl.play import CardMenu
from games.crawl import desk_notation as crawl_notation


def screen(game, entry=SOLTURA):
    return Driver((crawl_play.Play, entry, game.rules, 0, game))


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
    assert [read_row(d, r) for r in (1, 2, 3)] == [" Clear the Dungeon", " Soltura", " Scoundrel"]
    d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets) and list(d.screen.choices) == ["Score", "Pure Survival"]
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
        assert room_region(d, slot) == (framed if slot == 0 else tile_pixels)(sprites.card_tile(notation.parse(name)))
    d.tap("RIGHT")  # the frame moves on; the card it left shows as it is
    assert room_region(d, 0) == tile_pixels(sprites.card_tile(notation.parse("5D")))
    assert face(room_region(d, 1)) == face(tile_pixels(sprites.card_tile(notation.parse("8S"))))
    assert room_region(d, 1) == framed(sprites.card_tile(notation.parse("8S")))
    d.tap("LEFT")
    assert d.panel.region(98, 8, 30, 8) == text_pixels("21/21")
    assert d.panel.region(98, 16, 30, 16) == text_pixels("DECK ") + text_pixels("42   ")
    assert shows(d, 0, "5\x03 EQUIP, POWER 5")
    d.tap("A")
    assert d.panel.region(0, 16, 20, 15) == tile_pixels(sprites.card_tile(notation.parse("5D")))
    assert d.panel.region(44, 16, 42, 8) == text_pixels("POWER 5")
    assert d.panel.region(44, 24, 48, 8) == text_pixels("HITS ANY")


def test_monster_asks_weapon_or_bare_hands_showing_the_damage_of_each():
    g = deal(crawl.Soltura, top="5D 8S 6H KC")
    d = screen(g)
    d.tap("A")  # equip 5D; the cursor moves on to 8S
    assert d.screen.cursor == 1 and shows(d, 0, "8\x01 W:3 B:8 DMG")
    d.tap("A")
    assert isinstance(d.screen.overlay, CardMenu)
    assert shows(d, 0, "WEAPON: 3 DAMAGE", inverted=True) and shows(d, 1, "BARE HANDS: 8 DAMAGE") and shows(d, 3, "A:CHOOSE B:BACK")
    assert lit(line(d, 0)) > lit(line(d, 1)) * 2  # the choice is inverted
    d.tap("B")  # back out: nothing happened
    assert d.screen.overlay is None and g.hp == 21
    d.tap("A")
    d.tap("A")  # weapon
    assert g.hp == 18 and g.chain_n == 1
    assert d.panel.region(22, 16, 20, 15) == tile_pixels(sprites.card_tile(notation.parse("8S")))
    assert d.panel.region(44, 24, 42, 8) == text_pixels("HITS<=8")
    assert d.panel.region(98, 8, 30, 8) == text_pixels("18/21")


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
    assert room_region(d, 0) == framed(sprites.card_tile(notation.parse("RJ")))  # the cap and the small R, framed
    d.tap("A")
    s = d.screen
    assert isinstance(s.overlay, CardMenu)
    assert [s.options[2 * i] >> 4 for i in range(s.overlay.n)] == [crawl.A_BUFF, crawl.A_HEAL, crawl.A_PREVIEW, crawl.A_ESCORT]
    assert shows(d, 0, "BUFF WEAPON +1", inverted=True) and shows(d, 3, "ESCORT (+14 AT END)")
    before = saves.save(g, bytearray(256))
    d.tap("A")  # buff, with no weapon
    assert shows(d, 0, "NO WEAPON") and saves.save(g, bytearray(256)) == before
    d.tap("DOWN")
    d.tap("A")  # heal at full HP
    assert shows(d, 1, "HP IS FULL") and isinstance(s.overlay, CardMenu)
    d.step(2000)
    d.settle()
    assert shows(d, 1, "HEAL +3 HP", inverted=True)  # the reason goes, the choice comes back
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # escort
    assert g.escorted() == 1 and s.overlay is None
    assert shows(d, 2, "CHAIN 0  POINTS 0")


def test_preview_shows_the_next_three_cards():
    g = deal(crawl.Soltura, top="RJ 2S 3C 4C 9H 10S JC")
    d = screen(g)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen.overlay, Peek)
    for i, name in enumerate(["9H", "10S", "JC"]):
        assert d.panel.region(i * 22, 40, 20, 15) == tile_pixels(sprites.card_tile(notation.parse(name)))
    assert shows(d, 0, "NEXT 3, TOP FIRST:")
    d.tap("A")
    assert d.screen.overlay is None and d.panel.region(0, 40, 20, 15) != tile_pixels(sprites.card_tile(notation.parse("9H")))


def test_the_jokers_overlays_are_in_the_heap_only_while_they_show(monkeypatch):
    """The Preview's cards (and the Swap) come from games/crawl/jokers.py, imported
    when one opens and let go when it closes, its card grids with it."""
    import sys

    import ui

    monkeypatch.delitem(sys.modules, "games.crawl.jokers")  # as on a board: the screen imports it
    monkeypatch.delattr(ui, "crawl_jokers", raising=False)
    g = deal(crawl.Soltura, top="RJ 2S 3C 4C 9H 10S JC")
    d = screen(g)
    grids = len(d.screen.group)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # preview
    assert type(d.screen.overlay).__name__ == "Peek" and "games.crawl.jokers" in sys.modules
    assert len(d.screen.group) == grids + 4  # three cards and a cursor frame (CardTiles)
    d.tap("A")
    assert d.screen.overlay is None and "games.crawl.jokers" not in sys.modules and len(d.screen.group) == grids


def test_swap_by_buttons_chooses_the_monster():
    g = deal(crawl.Soltura, top="BJ 2H KS 3C 7S")
    d = screen(g)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # swap: now choose the monster
    assert isinstance(d.screen.overlay, Swap) and d.screen.cursor == 2 and shows(d, 0, "SWAP WHICH MONSTER?")
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
    assert shows(d, 1, "NOTHING TO UNDO")
    for word in ("5D", "6H", "8S>w"):  # three cards resolved: the room is refilled
        presses.play(d, crawl_notation.parse_crawl_move(g, word))
    assert g.deck_n == 0 or g.room_size() == 4
    d.tap("B")
    assert shows(d, 1, "NO UNDO PAST A REFILL") and g.weapon


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


def test_hold_b_pauses_over_the_room_and_suspend_leaves_for_the_rule_sets():
    g = deal(crawl.Soltura, top="5D 8S 6H KC")
    d = screen(g)
    d.hold("B", 1000)
    assert read_row(d, 2) == "PAUSED   A:OK B:BACK"
    d.tap("B")
    assert shows(d, 3, "A:GO B:UNDO")
    d.hold("B", 1000)
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # suspend
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Continue"


def test_game_over_breaks_the_score_into_its_parts():
    g = deal(crawl.Soltura, top="AS AC KS 2H")
    d = screen(g)
    assert shows(d, 0, "A\x01 BARE: 14 DMG")
    d.tap("A")  # AS barehanded (no weapon: no menu)
    d.tap("A")
    d.tap("A")  # AC barehanded: dead, once asked
    assert g.status == crawl.LOST and shows(d, 0, "DEFEATED. PRESS A")
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)
    assert [read_row(d, r) for r in range(8)] == [
        "DEFEATED  Deal 0", "Barehanded 14", "Chains 0  Left -194", "Total -180", "",
        " Play again", " Same deal", " Menu"]


def test_pure_survival_game_over_has_no_score_sheet():
    g = deal(crawl.Soltura, crawl.SURVIVAL, top="AS AC KS 2H")
    d = screen(g)
    d.tap("A")
    d.tap("A")
    d.tap("A")  # AC kills: asked, then made
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)
    assert read_row(d, 1) == "Killed by A\x04" and read_row(d, 2) == "45 cards were left"


def test_every_refusal_fits_a_line_and_every_rules_page_states_the_decisions():
    assert len(crawl_play.REFUSED) == len(crawl_notation.CRAWL_REASONS)
    assert all(0 < len(t) <= 21 for t in crawl_play.REFUSED[1:])
    from games.crawl import words_scoundrel as scoundrel_words
    from games.crawl import words_soltura as soltura_words

    sol = [t.lower() for t in soltura_words.RULES]
    sco = [t.lower() for t in scoundrel_words.RULES]
    for t in sol + sco:
        assert "buttons:" in t and "hold b to leave" in t
    assert all("up then a avoids" in t for t in sco)
    for t in sol:
        assert "21 hp" in t and "equal to or lower" in t and "escort" in t and "heal 3" in t
    assert "+5 +15 +35 +65 +100" in sol[0] and "minus every monster left" in sol[0]
    assert "no score" in sol[1]
    assert "strictly lower" in sco[0] and "equal to or lower" in sco[1]
    for t in sco:
        assert "20 hp" in t and "never two rooms in a row" in t and "20 + the potion" in t
    for t in soltura_words.RULES + scoundrel_words.RULES:
        assert all(len(x) <= 21 for x in menus.wrap(t))


@pytest.mark.parametrize("key,rules", [("soltura", 0), ("soltura", 1), ("scoundrel", 0), ("scoundrel", 1)])
def test_whole_bot_games_by_presses_match_the_engine(key, rules):
    entry = registry.find(key)
    for seed in range(2):
        d = Driver((crawl_play.Play, entry, rules, seed))
        shadow = registry.engine_class(entry)(rules).deal(seed)
        rng = Rng(seed)
        while shadow.status == crawl.PLAYING:
            mv = crawl_bots.greedy_bot(shadow, rng)
            presses.play(d, mv)
            assert shadow.play(mv) == 0
            g = d.screen.game
            assert saves.save(g, bytearray(256)) == saves.save(shadow, bytearray(256)) and bytes(g.room) == bytes(shadow.room)
        d.tap("A")
        while not isinstance(d.screen, menus.GameOver):
            d.tap("A")


def test_play_starts_by_naming_the_rule_set():
    g = deal(crawl.Scoundrel, crawl.EQUAL, top="5D 8S 6H KC")
    d = Driver((crawl_play.Play, SCOUNDREL, g.rules, 31337, g))
    assert shows(d, 1, "RULES: EQUAL OR LOWER")
    d.board.clock.advance(3000)
    d.settle()
    assert shows(d, 1, " " * 21)


def test_after_a_refill_the_cursor_stays_on_the_card_already_seen():
    g = deal(crawl.Soltura, top="5D 6H 7D 2S 9C 10S KC")
    d = screen(g)
    for word in ("5D", "6H", "7D"):  # three resolved: 2S stays, 9C 10S KC are dealt
        presses.play(d, crawl_notation.parse_crawl_move(g, word))
    assert [notation.name(c) for c in g.room] == ["9C", "10S", "KC", "2S"]
    assert d.screen.cursor == 3  # on 2S, not on a monster just dealt


def test_death_says_what_killed_and_preview_says_how_to_close_it():
    g = deal(crawl.Soltura, top="AS AC KS 2H")
    d = screen(g)
    d.tap("A")
    d.tap("A")
    d.tap("A")  # AC barehanded: dead, once asked
    assert shows(d, 1, "KILLED BY A\x04") and shows(d, 0, "DEFEATED. PRESS A")
    g = deal(crawl.Soltura, top="RJ 2S 3C 4C 9H 10S JC")
    d = screen(g)
    d.tap("A")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # preview
    assert isinstance(d.screen.overlay, Peek) and shows(d, 3, "A OR B: BACK")


def test_a_deadly_press_says_so_and_asks_and_b_keeps_the_player_alive():
    # Soltura, HP 21: AS barehanded leaves 7 HP; AC (14) would then kill
    g = deal(crawl.Soltura, top="AS AC KS 2H")
    d = screen(g)
    d.tap("A")
    assert g.hp == 7 and d.screen.cursor in (1, 2, 3)
    d.screen.cursor = 1
    d.screen.sync()
    d.step()
    assert shows(d, 0, "A\x04 BARE: 14, DIES")
    d.tap("A")
    assert g.hp == 7 and shows(d, 1, "YOU DIE! A=GO B=NO")  # asked, nothing done
    d.tap("B")
    assert g.hp == 7 and g.status == crawl.PLAYING and d.screen.overlay is None


def test_a_deadly_choice_in_a_menu_is_marked_and_asks_again():
    # 5D equipped, then 3 HP left: with the weapon KS does 8, barehanded 13, both deadly
    g = deal(crawl.Soltura, top="5D QS KS 2H 10C")
    d = screen(g)
    d.tap("A")  # equip 5D
    g.hp = 3
    d.screen.cursor = 2
    d.tap("A")  # KS: weapon or bare hands
    assert isinstance(d.screen.overlay, CardMenu)
    assert shows(d, 0, "WEAPON: DIES (8)", inverted=True) and shows(d, 1, "BARE HANDS: DIES (13)")
    d.tap("A")
    assert shows(d, 0, "A AGAIN: YOU DIE", inverted=True) and g.status == crawl.PLAYING
    d.tap("A")
    assert g.status == crawl.LOST


@pytest.mark.parametrize("entry", [SOLTURA, SCOUNDREL], ids=["soltura", "scoundrel"])
def test_the_cursor_stays_by_the_card_it_resolved(entry):
    """After a card is resolved the cursor goes to the nearest card still in
    the room, the right one first, not back to the first card (issue 22)."""
    g = deal(registry.engine_class(entry), top="3S 8S 5D KC 2H")
    d = screen(g, entry)
    d.tap("RIGHT")
    d.tap("RIGHT")
    d.tap("A")  # equip the 5D
    assert g.weapon == notation.parse("5D") and d.screen.cursor == 3  # on the KC beside it
    d.tap("A")
    d.tap("DOWN")
    d.tap("A")  # the KC barehanded: the last slot is empty, the cursor steps left
    assert g.room[3] == 0 and d.screen.cursor == 1
