"""Rogue Solitaire's screen (games/rogue/play.py), driven by button presses on the
fake board; what the emulated panel shows is read back pixel by pixel.  Deals
are fixed tables (engine Rogue.set_up) or seeds the greedy bot is found to win
on the engine alone, then played again by buttons (games/rogue/desk_presses.py)."""

import statistics

import pytest

from engine import cards, registry, saves
from games.rogue import rules as rogue
from games.rogue import desk_bots as rogue_bots
from games.rogue import desk_notation as rn
from engine.game import PLAYING, WON
from engine.notation import name, parse_list
from games.rogue import words as rogue_words
from engine.rng import Rng
from hw.fake import FakeBoard
from tests.ui_driver import Driver, lit, read_row, read_text, tile_pixels
from tests.card_pixels import face, framed
from games.rogue import desk_presses as rogue_presses
from ui import menus, setup, sprites, text
from games.rogue import play as rogue_play
from games.rogue import words as rogue_words
from ui.pause import Pause
from games.rogue.floor import FloorCard
from games.rogue.menu import CardMenu
from games.rogue.play import Play

ROGUE = registry.find("rogue")
RIGHT_X = 66
LEFT_ARROW = [[1 if x == abs(3 - y) else 0 for x in range(4)] for y in range(7)]
RIGHT_ARROW = [row[::-1] for row in LEFT_ARROW]

# A table: player 1-9, exit 1-9 (RJ the lock on 5), monster 1-9 (dealt face down).
# Matches with the exit at places 1 (2S/2H), 3 (4D/QD) and 4 (5C/KC).  An attack
# from place 1 reveals KD, which names the monster (diamonds: steal) and sends its
# old centre 9H to duel 2S: 9H wins, so a steal is chosen among 7 places.
PLAYER = "2S 3H 4D 5C 6S 7H 8D 9C 10S"
EXIT = "2H 9S QD KC RJ 4C 5S 6D 7C"
MONSTER = "KD 3C 4H 5D 9H 6C 7S 8H 10H"
# A table one play from the exit: BJ (the key) in the centre, every outer card matching.
READY = ("KH 2H 3H 4H BJ 5H 6H 7H QS", "8H 9H 10H JH RJ AH 6C 7C QD", "2D 3D 4D 5D 6D 7D 8D 9D 10D")


def table(rules, player=PLAYER, exit=EXIT, monster=MONSTER):
    """A game set up from the three grids; the other cards make the deck."""
    order = list(parse_list(player + " " + exit + " " + monster))
    order += [c for c in cards.standard_deck() if c not in order]
    return rogue.Rogue(rules).set_up(bytes(order))


def screen(game, practice=False, board=None):
    d = Driver((Play, ROGUE, game.rules, 7, game, practice), board=board)
    d.board.clock.advance(3000)  # the rule set's name gives way to the status line
    d.settle()
    return d


def line(d):
    return read_text(d, 0, 56)


def quiet(d):
    """Long enough for every message of a move to have had its turn."""
    for _ in range(100):
        d.step(200)


def hand(d):
    return read_text(d, 0, 48)


def player_tile(d, p, view_left=False):
    x = (0 if view_left else RIGHT_X) + (p % 3) * 21
    return d.panel.region(x, (p // 3) * 16, sprites.CARD_W, sprites.CARD_H)


def state(game):
    buf = bytearray(256)
    return bytes(buf[: saves.save(game, buf)])


def to_spot(d, spot):
    rogue_presses._grid_to(d, spot)


def winning_seed(rules=rogue.QUICK, tries=40):
    """The first seed the greedy bot wins, played on the engine alone."""
    for seed in range(tries):
        g = rogue.Rogue(rules).deal(seed)
        rng = Rng(seed)
        while g.status == PLAYING:
            g.play(rogue_bots.greedy_bot(g, rng))
        if g.status == WON:
            return seed
    raise AssertionError("the greedy bot won none of %d deals" % tries)


def play_by_buttons(d, seed):
    """The greedy bot's game on the screen by presses, checked against the engine alone after each move."""
    g = d.screen.game
    shadow = rogue.Rogue(g.rules).deal(seed)
    rng = Rng(seed)
    mine = bytearray(len(g.state))
    theirs = bytearray(len(g.state))
    moves = 0
    while shadow.status == PLAYING:
        mv = rogue_bots.greedy_bot(shadow, rng)
        rogue_presses.play(d, mv)
        assert shadow.play(mv) == 0
        shadow.snapshot(mine)
        g.snapshot(theirs)
        assert mine == theirs, "the screen's game differs after move %d" % moves
        moves += 1
    return moves


# -- the way in -------------------------------------------------------------------------------
def test_game_list_offers_rogue_with_quick_play_and_campaign():
    d = Driver((menus.GameList,))
    rows = [read_row(d, r) for r in range(8)]
    assert " Rogue Solitaire" in rows
    for _ in range(rows.index(" Rogue Solitaire") - rows.index(" Clear the Dungeon")):
        d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets) and list(d.screen.choices) == ["Quick Play", "Campaign"]
    d.tap("A")
    s = d.screen
    assert isinstance(s, Play) and isinstance(s.game, rogue.Rogue) and s.game.rules == rogue.QUICK
    assert read_text(d, 0, 56) == "RULES: QUICK PLAY"


def test_rules_pages_are_four_pages_of_six_lines_each_a_topic():
    for rules in (rogue.QUICK, rogue.CAMPAIGN):
        lines = menus.wrap(rogue_words.RULES[rules])
        assert len(lines) == 24 and all(len(t) <= 21 for t in lines)
        pages = [" ".join(lines[i : i + 6]).lower() for i in range(0, 24, 6)]
        assert "discard" in pages[0] and "hold b" in pages[0]
        assert "opposite" in pages[1] and "empty row" in pages[1]
        assert "names the monster" in pages[2] and "heal" in pages[2] and "warp" in pages[2]
        assert "key" in pages[3] and "match exit" in pages[3]
    assert "buffet" in menus.wrap(rogue_words.RULES[rogue.CAMPAIGN])[21].lower()
    d = Driver((menus.RuleSets, ROGUE, 1))
    d.tap("RIGHT")
    assert isinstance(d.screen, menus.RulesPage) and d.screen.pages == 4
    assert read_row(d, 0).startswith("Campaign rules") and read_row(d, 0).endswith("1/4")


# -- the table ----------------------------------------------------------------------------------
def test_fight_view_shows_monster_and_you_with_match_dots_hand_and_status():
    g = table(rogue.QUICK)
    d = screen(g)
    for p in range(9):  # the monster face down on the left
        assert d.panel.region((p % 3) * 21, (p // 3) * 16, 20, 15) == tile_pixels(sprites.BACK)
    for p, card in enumerate(PLAYER.split()):
        want = (framed if p == 4 else tile_pixels)(sprites.card_tile(parse_list(card)[0]))  # the cursor on your centre
        if p in (0, 2, 3):  # the match dot, top right
            for x, y in ((x, y) for x in (15, 16, 17) for y in (2, 3, 4)):
                assert want[y][x] == 0
                want[y][x] = 1
        assert player_tile(d, p) == want, p
    centre, east = (sprites.card_tile(parse_list(PLAYER.split()[p])[0]) for p in (4, 5))
    assert face(player_tile(d, 4)) == face(tile_pixels(centre))  # under the frame, the card's own pixels
    d.tap("RIGHT")
    assert player_tile(d, 4) == tile_pixels(centre) and player_tile(d, 5) == framed(east)
    d.tap("LEFT")
    assert d.panel.region(62, 20, 4, 7) == RIGHT_ARROW  # the exit is out of sight on the right
    assert hand(d) == " (no cards in hand)"
    assert line(d) == "F1 D27 PLAY"


def test_the_exit_view_slides_in_off_your_right_edge_and_back():
    g = table(rogue.QUICK)
    d = screen(g)
    d.tap("RIGHT")
    assert d.screen.view == 0 and d.screen.cursor == 5
    cost = d.cost(d.tap, "RIGHT")  # off your right edge: the exit slides in
    s = d.screen
    assert s.view == 1 and s.cursor == 18 + 3  # exit place 4
    assert cost <= 2 * 1100  # the whole panel, once
    for p, card in enumerate(EXIT.split()):
        assert d.panel.region(RIGHT_X + (p % 3) * 21, (p // 3) * 16, 20, 15) == (framed if p == 3 else tile_pixels)(
            sprites.card_tile(parse_list(card)[0]))
    assert player_tile(d, 0, view_left=True)[2][16] == 1  # you on the left now, dots and all
    assert d.panel.region(62, 20, 4, 7) == LEFT_ARROW  # the monster, out of sight on the left
    d.tap("A")
    assert line(d) == "EXIT K\x04: K OR \x04"
    d.tap("LEFT")  # back onto your grid: no slide
    assert s.view == 1 and s.cursor == 5
    for _ in range(3):
        d.tap("LEFT")
    assert s.view == 0 and s.cursor == 9 + 5  # the monster's place 6: the fight view again
    d.tap("A")
    assert line(d) == "?? FACE DOWN"


def test_attack_preview_says_what_a_would_do_and_underlines_target_and_reply():
    g = table(rogue.QUICK)
    d = screen(g)
    to_spot(d, 0)
    assert line(d) == "ATK 2\x01 >??  REPLY ??"
    assert d.panel.region(0, 15, 20, 1) == [[1] * 20]  # under monster place 1, the target
    assert d.panel.region(42, 47, 20, 1) == [[1] * 20]  # under monster place 9, the reply
    assert lit(d.panel.region(21, 15, 20, 1)) == 0
    to_spot(d, 4)  # the centre does not attack: the status line again, no marks
    assert line(d) == "F1 D27 PLAY" and lit(d.panel.region(0, 15, 20, 1)) == 0


def test_a_a_attacks_and_a_named_diamond_monster_asks_which_card_to_steal():
    g = table(rogue.QUICK)
    d = screen(g)
    to_spot(d, 0)
    d.tap("A")
    s = d.screen
    assert isinstance(s.overlay, CardMenu) and s.overlay.choice == 0  # ATTACK first, chosen
    assert read_text(d, 0, 48, 10) == " ATTACK" and lit(d.panel.region(0, 48, 60, 8)) > 200  # inverted
    assert read_text(d, 66, 48, 10) == " MOVE" and read_text(d, 66, 56, 10) == " flip"  # refused: small letters
    d.tap("A")  # attack
    assert g.phase() == rogue.PHASE_STEAL and name(g.named()) == "KD"
    assert s.cursor == 9 + 1  # on the monster's first place it may steal from
    quiet(d)  # the duel's messages have had their turn
    assert line(d) == "F1 D27 STEAL WHICH"
    d.tap("DOWN")  # the monster's centre: not a choice
    d.tap("A")
    assert line(d) == "NOT A CHOICE HERE" and g.phase() == rogue.PHASE_STEAL
    d.tap("UP")
    d.tap("A")
    assert g.phase() != rogue.PHASE_STEAL and g.player[1] == parse_list("3C")[0] | 0x80  # stolen for 3C, face down


def test_a_refused_item_says_why_and_a_move_that_empties_a_row_is_refused():
    g = table(rogue.QUICK)
    g.player[1] = g.player[2] = g.player[5] = 0  # row 1 holds place 1 only; place 6 is empty
    d = screen(g)
    to_spot(d, 4)
    d.tap("A")
    menu = d.screen.overlay
    assert isinstance(menu, CardMenu) and menu.choice == 1  # the centre does not attack: MOVE chosen
    assert read_text(d, 0, 48, 10) == " attack"
    d.tap("LEFT")
    d.tap("A")
    assert line(d) == "CENTRE DOES NOT HIT" and d.screen.overlay is menu
    d.board.clock.advance(2000)
    d.settle()
    assert read_text(d, 0, 56, 10) == " TO HAND"  # the reason gives way to the menu
    d.hold("B", 1000)  # held over the menu: the pause
    assert isinstance(d.screen.overlay, Pause)
    d.tap("B")
    assert d.screen.overlay is None
    before = state(g)
    to_spot(d, 0)
    d.tap("A")
    assert read_text(d, 0, 56, 10) == " to hand"  # taking place 1 would empty row 1
    d.tap("RIGHT")
    d.tap("A")  # MOVE: place 1 hovers over the first place it may go to
    assert d.screen.carry == 0 and d.screen.cursor == 1 and line(d) == "A:PUT  B:BACK"
    assert player_tile(d, 1) == framed(sprites.card_tile(parse_list("2S")[0]))
    d.tap("DOWN")
    d.tap("RIGHT")
    d.tap("A")  # onto place 6
    assert line(d) == "ROW 1 WOULD BE EMPTY" and state(g) == before
    d.tap("B")
    assert d.screen.carry < 0 and d.screen.cursor == 0


def test_b_undoes_a_play_then_says_there_is_nothing_to_undo():
    g = table(rogue.QUICK)
    d = screen(g)
    before = state(g)
    rogue_presses.play(d, rn.swap(0, 1))
    assert name(g.player[0]) == "3H" and name(g.player[1]) == "2S" and g.phase() == rogue.PHASE_ATTACK
    assert d.screen.cursor == 1 and line(d) == "ATK 2\x01 >??  REPLY ??"  # the cursor came with the card
    d.tap("B")
    assert state(g) == before and line(d) == "UNDONE"
    d.tap("B")
    assert line(d) == "NOTHING TO UNDO"
    g.player[6] |= 0x80  # face down, as a steal leaves it
    rogue_presses.play(d, rn.flip(6))
    assert g.phase() == rogue.PHASE_ATTACK
    d.tap("B")
    assert line(d) == "NO UNDO PAST A REVEAL" and g.player[6] < 0x80


def test_a_hand_card_is_picked_up_and_hovers_where_it_goes():
    g = table(rogue.QUICK)
    g.deck_n -= 1
    g.hand[0] = g.deck[g.deck_n]
    g.deck[g.deck_n] = 0
    g.hand_n = 1
    card = g.hand[0]
    d = screen(g)
    assert hand(d) == " " + text.short(card)
    d.tap("DOWN")
    assert d.screen.cursor == 4 + 3  # down your grid first
    d.tap("DOWN")
    assert d.screen.cursor == 27 and lit(d.panel.region(6, 48, 18, 8)) > 40  # the hand card inverted
    d.tap("A")
    assert d.screen.carry == 27 and d.screen.cursor == 7  # over the place the cursor came from
    assert player_tile(d, 7) == framed(sprites.card_tile(card))
    d.tap("UP")
    d.tap("A")  # onto place 5: a swap (P4), the old centre into the hand
    assert g.player[4] == card and name(g.hand[0]) == "6S" and hand(d) == " 6\x01"


def test_down_from_the_hand_selects_the_status_line_and_a_skips_the_play():
    g = table(rogue.QUICK)
    d = screen(g)
    for _ in range(3):
        d.tap("DOWN")
    assert d.screen.cursor == rogue_presses._SKIP and line(d) == "A: SKIP THE PLAY"
    assert lit(d.panel.region(0, 56, 126, 8)) > 400  # inverted
    d.tap("A")
    assert g.phase() == rogue.PHASE_ATTACK and g.moves == 1


# -- whole games --------------------------------------------------------------------------------
def test_a_whole_quick_play_win_by_buttons_records_stats_and_zero_to_hero():
    seed = winning_seed()
    board = FakeBoard()
    d = Driver((Play, ROGUE, rogue.QUICK, seed), board=board)
    play_by_buttons(d, seed)
    g = d.screen.game
    assert g.status == WON and g.end == rogue.ESCAPED
    quiet(d)
    assert line(d) == "ESCAPED! PRESS A"
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)
    assert read_row(d, 0) == "ESCAPED!  Deal %d" % seed
    assert read_row(d, 1) == "Escaped in %d turns" % g.turn and read_row(d, 2) == "* Zero to Hero"
    st = d.app.store.stats(ROGUE.game_id, rogue.QUICK)
    assert (st.played, st.won, st.best, st.lower_is_better) == (1, 1, g.turn, True)
    assert d.app.store.achievements & 1
    again = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))  # kept in the NVM
    assert again.app.store.achievements & 1 and again.app.store.stats(ROGUE.game_id, 0).best == g.turn


def test_a_practice_win_records_nothing():
    seed = winning_seed()
    d = Driver((Play, ROGUE, rogue.QUICK, seed, None, True))
    assert read_text(d, 0, 56) == "PRACTICE: NO STATS"
    play_by_buttons(d, seed)
    d.tap("A")
    assert "Practice: no stats" in [read_row(d, r) for r in range(1, 5)]
    assert d.app.store.achievements == 0 and d.app.store.stats(ROGUE.game_id, rogue.QUICK).played == 0


def test_a_campaign_floor_change_feeds_the_buffet_then_goes_deeper():
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g)
    to_spot(d, 4)
    d.tap("DOWN")
    d.tap("DOWN")
    assert d.cost(d.tap, "A") <= 2 * 1100  # skip: at the exit with the key, escaped at T3; the card, about a frame
    s = d.screen
    assert g.phase() == rogue.PHASE_BUFFET and isinstance(s.overlay, FloorCard)
    assert read_row(d, 0) == "FLOOR 1 ESCAPED" and read_row(d, 1) == "Feed the Buffet:"
    assert d.panel.region(0, 16, 20, 15) == framed(sprites.card_tile(parse_list("KH")[0]))
    assert d.panel.region(21, 16, 20, 15) == tile_pixels(sprites.card_tile(parse_list("QS")[0]))
    assert d.cost(d.tap, "RIGHT") <= 256  # two tiles and a line
    assert read_row(d, 6) == "Q\x01 TO THE BUFFET"
    d.tap("A")
    assert g.phase() == rogue.PHASE_BETWEEN and name(g.buffet[0]) == "QS"
    assert read_row(d, 1) == "The Buffet (1):" and read_row(d, 6) == "Next: floor 2"
    assert read_row(d, 7) == "A:DEEPER B:SAVE&QUIT"
    d.tap("A")
    assert g.floor == 2 and s.overlay is None and g.phase() in (rogue.PHASE_PLAY, rogue.PHASE_DISCARD)
    quiet(d)
    to_spot(d, 4)
    assert line(d).startswith("F2 D") and " B1 " in line(d)


def test_the_card_menu_leaves_the_heap_when_a_floor_card_opens(monkeypatch):
    """No card menu opens between floors: the floor card, the run's highest
    point of the heap, is built without the menu's module, which the next
    menu imports anew; the floor card's own module goes when it closes."""
    import sys

    import games.rogue

    for module in ("menu", "floor"):  # as on a board: the screen imports them
        monkeypatch.delitem(sys.modules, "games.rogue." + module, raising=False)
        monkeypatch.delattr(games.rogue, module, raising=False)
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g)
    to_spot(d, 4)
    d.tap("A")
    assert type(d.screen.overlay).__name__ == "CardMenu" and "games.rogue.menu" in sys.modules
    d.tap("B")
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # skip: escaped
    assert type(d.screen.overlay).__name__ == "FloorCard" and "games.rogue.menu" not in sys.modules
    assert "games.rogue.floor" in sys.modules
    d.tap("A")
    d.tap("A")  # fed, deeper
    assert g.floor == 2 and d.screen.overlay is None and "games.rogue.floor" not in sys.modules
    quiet(d)
    for spot in range(9):
        to_spot(d, spot)
        d.tap("A")
        if d.screen.overlay is not None:
            break
    assert type(d.screen.overlay).__name__ == "CardMenu" and "games.rogue.menu" in sys.modules


def test_save_and_quit_between_floors_then_continue_where_it_was():
    board = FakeBoard()
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g, board=board)
    rogue_presses.play(d, rogue.SKIP)
    rogue_presses.play(d, 0)  # KH to the Buffet
    assert g.phase() == rogue.PHASE_BETWEEN
    kept = state(g)
    d.tap("B")  # save & quit
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Continue"
    d = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))  # switched off and on again
    d.app.rule_sets(ROGUE)
    d.step()
    d.tap("A")  # Continue
    s = d.screen
    assert isinstance(s, Play) and state(s.game) == kept and isinstance(s.overlay, FloorCard)
    assert read_row(d, 7) == "A:DEEPER B:SAVE&QUIT"
    d.tap("A")
    assert s.game.floor == 2


def test_hold_b_pauses_and_suspend_then_continue_is_the_same_game():
    board = FakeBoard()
    g = table(rogue.QUICK)
    d = screen(g, board=board)
    rogue_presses.play(d, rn.swap(0, 1))
    rogue_presses.play(d, rn.attack(0))
    kept = state(g)
    d.hold("B", 1000)
    assert isinstance(d.screen.overlay, Pause) and read_row(d, 2) == "PAUSED   A:OK B:BACK"
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # suspend
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Continue"
    d.tap("A")
    assert isinstance(d.screen, Play) and state(d.screen.game) == kept


def test_give_up_from_the_pause_is_a_loss_and_earns_nothing():
    g = table(rogue.QUICK)
    d = screen(g)
    d.hold("B", 1000)
    for _ in range(3):
        d.tap("DOWN")
    d.tap("A")
    d.tap("A")  # asked twice
    assert isinstance(d.screen, menus.GameOver) and read_row(d, 0).startswith("GAVE UP")
    assert g.end == rogue.RESIGNED
    st = d.app.store.stats(ROGUE.game_id, rogue.QUICK)
    assert (st.played, st.won, st.best) == (1, 0, None) and d.app.store.achievements == 0


# -- stats and achievements ---------------------------------------------------------------------
def test_stats_say_fewest_turns_and_deepest_floor_and_a_opens_the_achievements():
    d = Driver()
    store = d.app.store
    store.result(ROGUE.game_id, rogue.QUICK, True, 17, False, False)
    store.result(ROGUE.game_id, rogue.CAMPAIGN, False, 7 * 1024 - 123, False)
    store.earn(0b1001)  # Zero to Hero, True Rogue
    d.app.transient("ui.setup", "Stats")
    d.step()
    while not read_row(d, 0).startswith("Rogue Solitaire"):
        d.tap("RIGHT")
    assert read_row(d, 1) == "Quick Play" and read_row(d, 6) == "Fewest turns" + " " * 7 + "17"
    d.tap("RIGHT")
    assert read_row(d, 1) == "Campaign" and read_row(d, 3).startswith("Escaped")
    assert read_row(d, 6) == "Deepest" + " " * 7 + "F7 123t"
    assert rogue_words.deepest(12 * 1024 - 900) == "ESCAPED 900t" and rogue_words.deepest(11 * 1024 - 5) == "GAUNTLET 5t"
    d.tap("A")
    assert isinstance(d.screen, setup.Achievements)
    assert [read_row(d, r) for r in range(8)] == [
        "Achievements      2/6", "*Zero to Hero", " Where are my keys?", " It's too dark here!", "*True Rogue",
        " Master Rogue", " Call me... Rodney", "Escape in Quick Play"]
    d.tap("UP")
    assert read_row(d, 7) == "Earn the other five" and lit(d.panel.region(0, 48, 126, 8)) > 300
    d.tap("B")
    assert isinstance(d.screen, setup.Stats) and read_row(d, 1) == "Campaign"


def test_game_over_lists_the_achievements_a_run_earned():
    g = table(rogue.QUICK)
    d = screen(g)
    s = d.screen
    s.earned = 0b110  # as a starved campaign run would earn them
    assert s.over_lines()[-2:] == ["* Where are my keys?", "* It's too dark here!"]
    s.earned = 0b111111
    assert len(s.over_lines()) == 4 and s.over_lines()[-1] == "and 5 more earned"


# -- what crosses the bus and what fits ---------------------------------------------------------
def test_per_press_panel_bytes_stay_within_the_budget():
    seed = winning_seed()
    d = Driver((Play, ROGUE, rogue.QUICK, seed))
    d.tap("B")  # settle the first frame
    costs = {"cursor": [], "A": []}
    tap = d.tap

    def measured(key, hold=40):
        s = d.screen
        view = s.view
        n = d.cost(tap, key, hold)
        if s.view == view and key in costs:
            costs[key].append(n)
        elif s.view == view and key != "B":
            costs["cursor"].append(n)

    d.tap = measured
    play_by_buttons(d, seed)
    assert len(costs["cursor"]) > 20 and len(costs["A"]) > 10
    # the crawl's medians are 221 a cursor move and 496 an A (README figures)
    assert statistics.median(costs["cursor"]) <= 256
    assert statistics.median(costs["A"]) <= 496


def test_every_text_fits_through_whole_games_and_the_widest_values(too_long):
    for rules, seed in ((rogue.QUICK, 1), (rogue.CAMPAIGN, 0)):
        d = Driver((Play, ROGUE, rules, seed))
        play_by_buttons(d, seed)
        d.tap("A")
        assert isinstance(d.screen, menus.GameOver)
    g = table(rogue.CAMPAIGN)
    d = screen(g)
    s = d.screen
    g.floor, g.deck_n, g.buffet_n, g.hand_n = 10, 54, 9, 12
    for step in (rogue.PHASE_DISCARD, rogue.PHASE_CLUB, rogue.PHASE_STEAL, rogue.PHASE_BUFFET, rogue.PHASE_HEAL):
        g.step = step
        for centre in ("KH", "KD", "KC", "KS"):
            g.monster[4] = parse_list(centre)[0]
            assert len(s.status()) <= 21, s.status()
    g.floor = 11
    assert s.status().startswith("BUF 9 D54")
    for why in list(range(1, len(rogue_play.REFUSED))) + [rogue.R_ROW + 3, rogue.R_COL + 3]:
        for step in (rogue.PHASE_PLAY, rogue.PHASE_DISCARD, rogue.PHASE_HEAL, rogue.PHASE_STEAL, rogue.PHASE_CLUB):
            g.step = step
            assert 0 < len(rogue_play.reason_text(g, why)) <= 21
    for kind in range(1, 23):
        assert len(s._event_words(kind, 0x0A, 0x1A)) <= 21  # 10s all round: the widest cards
    for nm, how in rogue_words.ACHIEVEMENTS:
        assert len("* " + nm) <= 21 and len(how) <= 21
    for t in ROGUE.rule_notes + tuple("RULES: " + r.upper() for r in ROGUE.rule_titles):
        assert len(t) <= 21
    assert too_long == []


def test_a_long_hand_scrolls_with_marks_and_a_discards_the_card_under_the_cursor():
    g = table(rogue.QUICK)
    for i in range(8):  # as after a kill: eight in the hand, three to discard
        g.deck_n -= 1
        g.hand[i] = g.deck[g.deck_n]
        g.deck[g.deck_n] = 0
    g.hand_n = 8
    g.step = rogue.PHASE_DISCARD
    names = [text.short(c) for c in g.hand[:8]]
    d = screen(g)
    s = d.screen
    assert s.cursor == 27  # the step asks for a discard: the cursor starts on the hand
    assert hand(d) == " " + "".join(text.pad(t, 4) for t in names[:5])[:19] + ">"
    for _ in range(5):
        d.tap("RIGHT")
    assert s.cursor == 27 + 5 and hand(d).startswith("<" + names[1]) and hand(d).endswith(">")
    d.tap("RIGHT")
    d.tap("RIGHT")
    assert s.cursor == 27 + 7 and not hand(d).endswith(">")
    to_spot(d, 4)
    assert line(d) == "F1 D19 DISCARD 3"
    rogue_presses.play(d, 7)
    assert g.hand_n == 7 and text.short(g.pile[0]) == names[7]


def test_holding_b_on_the_floor_card_pauses_and_resume_brings_the_card_back():
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g)
    rogue_presses.play(d, rogue.SKIP)
    d.hold("B", 1000)
    s = d.screen
    assert isinstance(s.overlay, Pause) and read_row(d, 2) == "PAUSED   A:OK B:BACK"
    d.tap("A")  # resume
    assert isinstance(s.overlay, FloorCard) and read_row(d, 0) == "FLOOR 1 ESCAPED"
    assert read_row(d, 1) == "Feed the Buffet:" and g.phase() == rogue.PHASE_BUFFET


def _fresh_overlay_modules(monkeypatch):
    """As on a board: the screen imports its overlays' modules (the tests'
    own imports of them are set aside), so which are loaded can be watched."""
    import sys

    import games.rogue
    import ui

    for name in ("games.rogue.menu", "games.rogue.floor", "ui.pause"):
        package, module = name.rsplit(".", 1)
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(sys.modules[package], module, raising=False)

    def loaded():
        return [n for n in ("games.rogue.menu", "games.rogue.floor", "ui.pause") if n in sys.modules]

    return loaded


def test_a_floor_card_paused_and_resumed_keeps_one_overlay_module_at_a_time(monkeypatch):
    loaded = _fresh_overlay_modules(monkeypatch)
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g)
    rogue_presses.play(d, rogue.SKIP)
    assert type(d.screen.overlay).__name__ == "FloorCard" and loaded() == ["games.rogue.floor"]
    d.hold("B", 1000)
    assert type(d.screen.overlay).__name__ == "Pause" and loaded() == ["ui.pause"]
    d.tap("A")  # resume: the card again
    assert type(d.screen.overlay).__name__ == "FloorCard" and loaded() == ["games.rogue.floor"]
    assert read_row(d, 0) == "FLOOR 1 ESCAPED"
    d.tap("A")
    d.tap("A")  # fed, deeper
    assert d.screen.overlay is None and loaded() == []


def test_the_card_menu_is_let_go_with_its_screen_when_the_game_is_shown_anew(monkeypatch):
    """Back from the rules, the game is a new play screen: the menu's module,
    imported by the screen left, is not kept beside the next floor card."""
    loaded = _fresh_overlay_modules(monkeypatch)
    g = table(rogue.CAMPAIGN, *READY)
    d = screen(g)
    to_spot(d, 4)
    d.tap("A")
    assert type(d.screen.overlay).__name__ == "CardMenu" and loaded() == ["games.rogue.menu"]
    d.tap("B")
    d.hold("B", 1000)
    d.tap("DOWN")
    d.tap("A")  # the rules
    assert type(d.screen).__name__ == "RulesPage" and loaded() == []
    d.tap("B")  # back to the game
    assert isinstance(d.screen, Play) and loaded() == []
    quiet(d)
    to_spot(d, 4)
    d.tap("A")
    assert type(d.screen.overlay).__name__ == "CardMenu" and loaded() == ["games.rogue.menu"]
    d.tap("B")
    rogue_presses.play(d, rogue.SKIP)
    assert type(d.screen.overlay).__name__ == "FloorCard" and loaded() == ["games.rogue.floor"]


def test_the_buttons_follow_the_rule_set_name_as_a_game_starts():
    # a new player is told A and B once, after the rule set's name and before the status
    g = table(rogue.QUICK)
    d = Driver((Play, ROGUE, g.rules, 7, g, False))
    assert line(d) == "RULES: QUICK PLAY"
    d.board.clock.advance(2600)
    d.settle()
    assert line(d) == "A:CARD MENU  B:UNDO"
    d.board.clock.advance(2000)
    d.settle()
    assert line(d) == "F1 D27 PLAY"


def test_each_event_of_the_engine_is_said_in_its_own_words():
    # the screen reads the engine's private event codes by number (rogue_play.EVENTS): each lines up
    s = screen(table(rogue.QUICK)).screen
    six, two, king = parse_list("6S 2C KD")
    S, C, K = text.short(six), text.short(two), text.short(king)  # 6, 2 and K with their suits' glyphs
    said = {
        rogue._EV_DISCARD: (six, 3, "DISCARDED " + S),
        rogue._EV_ATTACK: (1, 1, ""),
        rogue._EV_REPLY: (7, 7, ""),
        rogue._EV_BEAT: (six, two, "YOUR %s BEATS %s" % (S, C)),
        rogue._EV_BEATEN: (six, two, "%s BEATS YOUR %s" % (S, C)),
        rogue._EV_TIE: (six, two, "%s TIES %s" % (S, C)),
        rogue._EV_NAMED: (king, two, K + " NAMED! STEAL"),
        rogue._EV_SPECIAL: (cards.HEARTS, 0, "SPECIAL: HEAL"),
        rogue._EV_CRITICAL: (cards.CLUBS, 0, "CRITICAL: HIT"),
        rogue._EV_HEAL: (2, 0, "MONSTER HEALS AT M3"),
        rogue._EV_HIT: (six, 4, "IT TOOK YOUR " + S),
        rogue._EV_STEAL: (5, two, "IT STOLE YOUR " + C),
        rogue._EV_WARP: (8, king, "EXIT 9 IS NOW " + K),
        rogue._EV_TELEPORT: (0, 0, "THE EXIT MOVED!"),
        rogue._EV_KILL: (5, 0, "MONSTER DEAD! +5"),
        rogue._EV_MONSTER: (2, king, ""),
        rogue._EV_RESHUFFLE: (20, 3, "DISCARDS RESHUFFLED"),
        rogue._EV_BUFFET: (king, 1, ""),
        rogue._EV_FLOOR: (2, 0, ""),
        rogue._EV_SLAIN: (0, 0, ""),
        rogue._EV_STARVED: (0, 0, ""),
    }
    for kind, (a, b, words) in said.items():
        assert s._event_words(kind, a, b) == words, kind
    assert s._event_words(rogue._EV_ESCAPED, 3, 0) == "FLOOR 3 ESCAPED!"
    assert s._event_words(rogue._EV_ESCAPED, 11, 0) == "GAUNTLET ESCAPED!"
    assert len(said) + 1 == len([n for n in dir(rogue) if n.startswith("_EV_")])  # every kind there is
