"""The texts are true to the rules (issue 22, finding 6): every rules page is
read against what its rule set's engine can do (a reserve, a damage pile,
Jokers, avoiding a room), Clear the Dungeon's pair "reaches" the power as the
engine takes it, One Strike's page says what its engine takes, a count on the
panel is singular for 1, and the Continue of a suspended campaign names its
floor."""

import re
from types import SimpleNamespace

from engine import registry
from engine.game import LOST, WON
from games.crawl import rules as crawl
from games.ctd import desk_notation as ctd_notation
from games.ctd import rules as ctd
from games.rogue import desk_notation as rn
from games.rogue import desk_presses as rogue_presses
from games.rogue import rules as rogue
from games.rogue import words as rogue_words
from games.rogue.floor import FloorCard
from hw.fake import FakeBoard
from tests.ctd_decks import deal, play
from tests.test_rogue_ui import READY, screen, table
from tests.ui_driver import Driver, read_row
from engine import lease
from ui import menus
from ui.pause import Pause
from ui.text import count, wrap

CTD = registry.find("ctd")
ROGUE = registry.find("rogue")


def pages(entry):
    """The rules pages of every rule set of a game, as the panel wraps them, lower case."""
    texts = lease.read(entry.words)
    assert len(texts) == len(entry.rule_titles)
    return [" ".join(wrap(t)).lower() for t in texts]


def words_in(text, words):
    return [w for w in words if re.search(r"\b" + w + r"\b", text)]


# -- what each rule set's engine can do -------------------------------------------------
def ctd_has_reserve(rules):
    """A card discarded can be played again: the pile is a reserve."""
    g = ctd.Dungeon(rules).deal(1)
    assert g.play((0 << 4) | ctd.TO_PILE) == 0
    return g.source_card(ctd.FROM_RESERVE) != 0


def ctd_has_damage(rules):
    """A card discarded counts as damage."""
    g = ctd.Dungeon(rules).deal(1)
    assert g.play((0 << 4) | ctd.TO_PILE) == 0
    return g.damage() == 1


def crawl_class(entry):
    return registry.engine_class(entry)


# -- Clear the Dungeon ------------------------------------------------------------------
_RESERVE_WORDS = ("reserve", "reserve's", "rsv")
_DAMAGE_WORDS = ("damage", "dmg")


def test_a_ctd_page_names_a_reserve_and_a_damage_pile_only_where_its_engine_has_one():
    assert [ctd_has_reserve(r) for r in range(3)] == [False, True, False]
    assert [ctd_has_damage(r) for r in range(3)] == [True, False, True]
    for rules, text in enumerate(pages(CTD)):
        title = CTD.rule_titles[rules]
        reserve = words_in(text, _RESERVE_WORDS)
        damage = words_in(text, _DAMAGE_WORDS)
        assert bool(reserve) == ctd_has_reserve(rules), (title, reserve)
        assert bool(damage) == ctd_has_damage(rules), (title, damage)
        if damage:
            assert "7 there and you lose" in text, title


def test_the_pair_reaches_the_power_on_every_page_as_the_engine_takes_it():
    for rules in range(3):
        g = deal(rules, [["KH"]], "8C 6D 2H")
        assert play(g, "8C>1 6D>1") == 0  # 14 on a King: more than its power is taken
        g = deal(rules, [["KH"]], "8C 4D 2H")
        assert play(g, "8C>1 4D>1") == ctd_notation.CTD_R_PAIR  # 12: short of it is not
    for rules, text in enumerate(pages(CTD)):
        assert not re.search(r"adds? up|equal", text), CTD.rule_titles[rules]
        assert re.search(r"reach(es)? its power \(at least it", text), CTD.rule_titles[rules]


def test_one_strike_takes_a_start_its_hand_cannot_finish_and_its_page_says_so():
    g = deal(ctd.ONESTRIKE, [["QC"]], "5C 9D 2D")
    assert play(g, "5C>1") == 0  # no club is left for the trigger: taken all the same
    assert play(g, "9D>1") == 0 and play(g, "2D>1") == ctd_notation.CTD_R_SUIT
    g = deal(ctd.ONESTRIKE, [["QC"]], "5C 9D 2D")
    assert play(g, "2D>d 5C>1") == ctd_notation.CTD_R_TOO_FEW  # too few cards: refused
    text = pages(CTD)[ctd.ONESTRIKE]
    assert "a start the hand cannot finish is refused" not in text
    assert "too few cards left in the hand" in text
    assert "cannot finish (too low, or none of its suit) is taken" in text
    rules_md = open("RULES.md").read()
    assert "A start the hand's other cards cannot finish is taken." in rules_md


# -- the crawls ---------------------------------------------------------------------------
def test_a_crawl_page_names_jokers_and_avoiding_only_where_its_game_has_them():
    sol, sco = registry.find("soltura"), registry.find("scoundrel")
    assert crawl_class(sol).JOKERS and not crawl_class(sco).JOKERS
    assert any(c & 0x0F == 15 for c in crawl_class(sol).every_card())
    assert not any(c & 0x0F == 15 for c in crawl_class(sco).every_card())
    for entry in (sol, sco):
        cls = crawl_class(entry)
        for rules, text in enumerate(pages(entry)):
            jokers = words_in(text, ("jokers?", "escort", "flee", "blind bet"))
            avoid = words_in(text, ("avoid", "avoids", "avoided"))
            title = entry.title + " " + entry.rule_titles[rules]
            assert bool(jokers) == bool(cls.JOKERS), (title, jokers)
            assert bool(avoid) == bool(cls.CAN_AVOID), (title, avoid)


# -- counts on the panel ------------------------------------------------------------------
def test_count_is_singular_for_one_only():
    assert count(1, "move") == "1 move"
    assert count(2, "move") == "2 moves" and count(0, "card") == "0 cards" and count(44, "turn") == "44 turns"


def test_the_end_of_a_game_counts_one_card_and_one_turn_in_the_singular():
    from games.crawl.play import Play as CrawlPlay
    from games.ctd.play import Play as CtdPlay
    from games.rogue import floor

    g = ctd.Dungeon(ctd.RESERVE)
    g.status, g.pile_n = WON, 1
    lines = CtdPlay.over_lines(SimpleNamespace(game=g, entry=CTD))
    assert "Reserve: 1 card" in lines
    g.pile_n = 2
    assert "Reserve: 2 cards" in CtdPlay.over_lines(SimpleNamespace(game=g, entry=CTD))

    g = crawl.Soltura(crawl.SURVIVAL).deal(3)
    g.status, g.deck_n = LOST, 0
    g.room[1:] = bytes(3)  # one card left in the room, none in the deck
    assert g.room_size() == 1
    assert CrawlPlay.over_lines(SimpleNamespace(game=g, death="Killed"))[1] == "1 card was left"

    quick = SimpleNamespace(floor=1, end=rogue.ESCAPED, rules=rogue.QUICK, turn=1, buffet_n=0)
    assert floor.over_lines(SimpleNamespace(game=quick, earned=0))[0] == "Escaped in 1 turn"
    quick.turn = 9
    assert floor.over_lines(SimpleNamespace(game=quick, earned=0))[0] == "Escaped in 9 turns"


def test_the_deals_menu_counts_one_deal_in_the_singular():
    d = Driver()
    d.app.from_list = lambda entry, rules, seed=-1: 1
    d.app.transient("ui.deal_entry", "Deals", CTD, 0)
    d.step()
    assert read_row(d, 1) == "Solver won 1 deal"


def _suspend(d):
    d.hold("B", 1000)
    assert isinstance(d.screen.overlay, Pause)
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # suspend
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Continue"


def test_continue_of_one_move_says_move():
    board = FakeBoard()
    from games.ctd.play import Play

    d = Driver((Play, CTD, ctd.CLASSIC, 7), board=board)
    g = d.screen.game
    d.play(g.legal[0] if g.legal_moves() else 0)
    assert g.moves == 1
    _suspend(d)
    assert read_row(d, 6) == "Classic, 1 move"


# -- the Continue of a campaign -------------------------------------------------------------
def test_the_floor_byte_the_words_read_is_the_engines():
    g = rogue.Rogue(rogue.CAMPAIGN)
    at = len(g.state) - len(g.SAVED) + g.SAVED.index("floor")
    assert rogue_words._FLOOR_AT == at and rogue_words._CAMPAIGN == rogue.CAMPAIGN


def test_continue_names_the_floor_of_a_suspended_campaign_and_after_a_power_cut():
    board = FakeBoard()
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g, board=board)
    rogue_presses.play(d, rogue.SKIP)  # escape floor 1
    rogue_presses.play(d, 0)  # a face card to the Buffet
    assert g.phase() == rogue.PHASE_BETWEEN and isinstance(d.screen.overlay, FloorCard)
    d.tap("B")  # save & quit between floors
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 6) == "Campaign, floor 1"
    d.tap("A")  # Continue
    d.tap("A")  # deeper: floor 2, a few moves after the checkpoint made at floor 1's start
    g = d.screen.game
    assert g.floor == 2 and d.screen.app.store.since_checkpoint(rogue.Rogue.GAME_ID) < 32
    d.board.clock.advance(3000)
    d.settle()
    _suspend(d)
    assert read_row(d, 6) == "Campaign, floor 2"
    d = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))  # switched off and on again
    d.app.rule_sets(ROGUE)
    d.step()
    assert read_row(d, 2) == " Continue" and read_row(d, 6) == "Campaign, floor 2"


def test_a_quick_play_continue_counts_its_moves_as_before():
    g = table(rogue.QUICK)
    d = screen(g)
    rogue_presses.play(d, rn.swap(0, 1))
    assert g.moves == 1
    d.board.clock.advance(3000)
    d.settle()
    _suspend(d)
    assert read_row(d, 6) == "Quick Play, 1 move"
