"""The screens, driven by button presses on the fake board; what the emulated
panel shows is read back pixel by pixel."""

from engine import cards, notation, save_checks, saves
from games.ctd import rules as ctd
from games.ctd import desk_bots as bots
from engine.rng import Rng
from tests.ctd_decks import deal, perfect_classic
from tests.ui_driver import CTD, Driver, lit, play_screen, read_row, read_text, text_pixels, tile_pixels
from tests.card_pixels import face, framed, under_cursor
from ui import menus, sprites
from ui.pause import Pause
from games.ctd.play import Play
from games.ctd import desk_notation as ctd_notation

HAND_X = 87


def hand_region(d, slot):
    return d.panel.region(HAND_X, slot * 16, sprites.CARD_W, sprites.CARD_H)


def column_region(d, col, row):
    return d.panel.region(col * 21, row * 16, sprites.CARD_W, sprites.CARD_H)


def message(d, n=14):
    return d.panel.region(0, 56, 6 * n, 8)


# -- the way in ---------------------------------------------------------------------
def test_title_to_game_list_to_rule_set_to_play():
    d = Driver()
    assert isinstance(d.screen, menus.Title)
    assert lit(d.panel.region(0, 0, 128, 30)) > 200  # the big title is on the panel
    d.tap("A")
    assert isinstance(d.screen, menus.GameList)
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets)
    d.tap("DOWN")
    d.tap("DOWN")
    assert d.screen.chosen == 2
    d.tap("A")
    assert isinstance(d.screen, Play) and d.screen.game.rules == ctd.ONESTRIKE
    assert 0 <= d.screen.deal < 100000


def test_menu_choice_is_shown_inverted_and_a_move_redraws_two_lines():
    d = Driver((menus.RuleSets, CTD))
    assert read_row(d, 0) == "Clear the Dungeon"
    assert [read_row(d, r) for r in (2, 3, 4, 5)] == [" Classic", " Reserve", " One Strike", " How to play"]
    assert read_row(d, 6) == "New? See How to play" and read_row(d, 7) == "A:PLAY <:DEAL >:RULES"
    first = d.panel.region(0, 16, 126, 8)
    second = d.panel.region(0, 24, 126, 8)
    assert lit(first) > lit(second) * 3  # white bar with dark letters
    d.tap("DOWN")
    assert lit(d.panel.region(0, 24, 126, 8)) > lit(d.panel.region(0, 16, 126, 8)) * 3
    # (the first swap of a palette redraws all that use it once, on Blinka only)
    assert d.cost(d.tap, "UP") <= 3 * (126 + 20)  # two choices and the note: a page each
    d.tap("UP")
    assert read_row(d, 5) == " How to play" and read_row(d, 6) == "A guided first game"
    d.tap("UP")
    assert read_row(d, 4) == " One Strike" and read_row(d, 6) == "Hard: few deals win"


def test_back_from_rule_sets_and_game_list():
    d = Driver((menus.RuleSets, CTD, 1))
    d.tap("B")
    assert isinstance(d.screen, menus.GameList)
    d.tap("B")
    assert isinstance(d.screen, menus.Title)


def test_rules_page_scrolls_and_returns_to_its_rule_set():
    d = Driver((menus.RuleSets, CTD, 1))
    d.tap("RIGHT")
    page = d.screen
    assert isinstance(page, menus.RulesPage) and page.rules == 1
    assert read_row(d, 0).startswith("Reserve rules") and read_row(d, 0).endswith("1/%d" % page.pages)
    assert read_row(d, 1) == page.lines[0] and read_row(d, 7) == "<>:PAGE  A/B:BACK"
    top = d.panel.region(0, 8, 128, 48)
    assert "reserve pile" in " ".join(page.lines).lower()
    d.tap("DOWN")
    assert page.page == 1 and d.panel.region(0, 8, 128, 48) != top and read_row(d, 1) == page.lines[6]
    d.hold("DOWN", 3000)  # auto-repeat runs to the last page and stops there
    assert page.page == page.pages - 1 == (len(page.lines) - 1) // 6
    d.tap("UP")
    assert page.page == page.pages - 2
    d.tap("B")
    assert isinstance(d.screen, menus.RuleSets) and d.screen.chosen == 1


def test_every_rules_page_states_the_decisions_and_the_buttons():
    from games.ctd import words as ctd_words

    text = [t.lower() for t in ctd_words.RULES]
    for t in text:
        assert "joker: worth 10, any suit" in t and "undo" in t and "score" in t
    assert "7 there and you lose" in text[0] and "across hands" in text[0]
    assert "reserve pile" in text[1] and "no limit" in text[1]
    assert "one monster only" in text[2] and "wholly to the damage pile" in text[2]
    for t in text:
        assert "buttons:" in t and "hold b to leave" in t and "b puts it back" in t
        assert "card back" in t and "skull" in t  # what the counters are
    assert "(dmg, n/7)" in text[0] and "(rsv)" in text[1] and "(dmg, n/7)" in text[2]
    for t in ctd_words.RULES:
        assert all(len(line) <= 21 for line in menus.wrap(t))


# -- the play screen ------------------------------------------------------------------
def test_every_refusal_has_a_short_reason_that_fits_the_message_line():
    from games.ctd import play as ctd_play

    assert len(ctd_play.REFUSED) == len(ctd_notation.CTD_REASONS)
    for text in ctd_play.REFUSED[1:]:
        assert 0 < len(text) <= 14, text

def test_play_screen_shows_monsters_hand_and_counters():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"], ["JD"], ["KC"]], "5H 10D RJ")
    d = play_screen(game=g)
    for col, name in enumerate(["KH", "QS", "JD", "KC"]):
        assert column_region(d, col, 0) == tile_pixels(sprites.card_tile(notation.parse(name)))
    # the cursor starts on the first card of the hand, framed
    assert hand_region(d, 0) == framed(sprites.card_tile(notation.parse("5H")))
    assert hand_region(d, 1) == tile_pixels(sprites.card_tile(notation.parse("10D")))
    assert hand_region(d, 2) == tile_pixels(sprites.card_tile(notation.parse("RJ")))
    assert d.panel.region(108, 8, 18, 8) == text_pixels(" 39")  # deck left
    # the counters are named by pictures a newcomer reads (issue 11 item 6), not "DK" and "SL":
    # a card back over the deck, a skull over the monsters slain, the damage pile by its word
    assert d.panel.region(108, 0, 18, 8) == text_pixels("\x07  ")
    assert d.panel.region(108, 16, 18, 8) == text_pixels("\x08  ")
    assert d.panel.region(108, 48, 18, 8) == text_pixels("DMG")
    assert d.panel.region(108, 56, 18, 8) == text_pixels("0/7")  # damage
    assert d.panel.region(0 * 21 + 5, 48, 12, 8) == text_pixels("+2")  # two monsters below


def test_every_card_sprite_differs_and_shows_rank_and_suit():
    tiles = [tuple(map(tuple, tile_pixels(sprites.card_tile(c)))) for c in cards.standard_deck()]
    assert len(set(tiles)) == 54
    # same rank, different suits: the rank corner is equal, the suit corner not
    kh, ks = tile_pixels(sprites.card_tile(notation.parse("KH"))), tile_pixels(sprites.card_tile(notation.parse("KS")))
    assert [r[2:8] for r in kh[2:9]] == [r[2:8] for r in ks[2:9]]
    assert [r[11:18] for r in kh[6:13]] != [r[11:18] for r in ks[6:13]]


def test_the_card_sheet_holds_every_tile():
    """The sheet's size comes from CARD_TILES: the red Joker is its last tile,
    and the sheet has room for it (tests/test_registry.py: the code that drew
    it, ui/sheets.py, is not kept)."""
    assert sprites.card_tile(cards.RED_JOKER) == sprites.CARD_TILES - 1
    sheet = sprites.cards()
    assert sheet.height // sprites.CARD_H * sprites.PER_ROW >= sprites.CARD_TILES
    assert sheet.height // sprites.CARD_H * sprites.PER_ROW < sprites.CARD_TILES + sprites.PER_ROW


def test_place_by_buttons_shows_the_card_on_the_monster():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"]], "5H 10D RJ")
    d = play_screen(game=g)
    d.tap("A")  # pick 5H: it hovers over the first column it can go to
    s = d.screen
    assert s.carry == 0 and s.cursor == 0
    assert hand_region(d, 0) == tile_pixels(sprites.SLOT)
    assert column_region(d, 0, 1) == framed(sprites.card_tile(notation.parse("5H")))
    d.tap("A")
    assert notation.name(g.attacks[0]) == "5H" and g.hand[0] == 0
    assert column_region(d, 0, 1) == tile_pixels(sprites.card_tile(notation.parse("5H")))
    # the cursor moved on to the next card of the hand
    assert hand_region(d, 1) == framed(sprites.card_tile(notation.parse("10D")))


def test_illegal_placement_says_why_and_changes_nothing():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"]], "6C 6D 7S")
    d = play_screen(game=g)
    d.play(0 << 4 | 0)  # 6C on KH
    before = saves.save(g, bytearray(256)), bytes(g.attacks), bytes(g.hand)
    d.pick(1)
    d.aim(0)
    panel_before = d.panel.region(0, 0, 84, 48)
    d.tap("A")  # 6 + 6 < 13
    assert (saves.save(g, bytearray(256)), bytes(g.attacks), bytes(g.hand)) == before
    assert message(d, 12) == text_pixels("PAIR TOO LOW")
    assert d.panel.region(0, 0, 84, 48) == panel_before
    d.board.clock.advance(2500)
    d.settle()
    assert read_text(d, 0, 56, 14) == "A:PUT B:BACK"  # the reason shows briefly, then the buttons again


def test_b_puts_a_picked_card_back_then_undoes():
    g = deal(ctd.CLASSIC, [["KH"]], "6C 7D 2S")
    d = play_screen(game=g)
    d.tap("A")
    d.tap("B")
    assert d.screen.carry == -1 and notation.name(g.hand[0]) == "6C"
    d.play(0 << 4 | 0)
    assert g.attacks[0]
    d.tap("B")  # undo
    assert g.attacks[0] == 0 and notation.name(g.hand[0]) == "6C"
    assert hand_region(d, 0) == framed(sprites.card_tile(notation.parse("6C")))
    d.tap("B")
    assert message(d, 11) == text_pixels("NO UNDO NOW")


def test_picking_a_card_that_fits_no_monster_aims_at_the_pile_and_says_so():
    g = deal(ctd.CLASSIC, [["KH"], ["KS"], ["KD"], ["KC"]], "2C 7D 2S")  # 2 + 10 < 13 everywhere
    d = play_screen(game=g)
    d.tap("A")
    s = d.screen
    assert s.carry == 0 and s.cursor == s.columns + 3
    assert message(d, 13) == text_pixels("NOWHERE TO GO")
    assert d.panel.region(HAND_X, 48, 20, 15) == framed(sprites.card_tile(notation.parse("2C")))


def test_discard_to_the_damage_pile():
    g = deal(ctd.CLASSIC, [["KH"]], "6C 7D 2S")
    d = play_screen(game=g)
    d.play(2 << 4 | ctd.TO_PILE)
    assert g.pile_n == 1
    assert d.panel.region(108, 56, 18, 8) == text_pixels("1/7")
    assert d.panel.region(HAND_X, 48, 20, 15) == tile_pixels(sprites.card_tile(notation.parse("2S")))


def test_reserve_top_card_is_played_from_the_panel():
    g = deal(ctd.RESERVE, [["KH"]], "7D 2S 6C")
    d = play_screen(ctd.RESERVE, game=g)
    d.play(0 << 4 | ctd.TO_PILE)  # 7D to the reserve
    assert d.panel.region(108, 56, 18, 8) == text_pixels("  1")
    d.play(2 << 4 | 0)  # 6C on KH
    d.play(ctd.FROM_RESERVE << 4 | 0)  # 7D from the reserve
    assert notation.names(g.attacks, 2) == ["6C", "7D"] and g.pile_n == 0


def test_hold_b_pauses_and_b_plays_on():
    d = play_screen()
    before = d.panel.rows()
    d.hold("B", 1000)
    assert isinstance(d.screen, Play) and isinstance(d.screen.overlay, Pause)
    assert [read_row(d, r) for r in range(2, 7)] == [
        "PAUSED   A:OK B:BACK", " RESUME", " RULES", " SUSPEND", " GIVE UP: A LOSS"]
    # the game's button line is covered, not left stale under it: the deal being played shows there
    assert read_row(d, 7) == "Deal 7"
    d.tap("B")  # back to the game: the panel is as it was
    assert d.screen.overlay is None and isinstance(d.screen, Play)
    assert d.panel.rows() == before


def test_a_short_b_is_not_a_hold():
    d = play_screen()
    d.hold("B", 300)
    assert d.screen.overlay is None


def test_d_pad_auto_repeats():
    d = play_screen()
    s = d.screen
    s.cursor = 0
    s.sync()
    d.board.press("RIGHT")
    d.step(10)
    assert s.cursor == 1  # the press
    for _ in range(20):
        d.step(10)  # 200 ms: still before the repeat delay
    assert s.cursor == 1
    for _ in range(30):
        d.step(10)  # 300 ms more: repeats at 250, 340 and 430 ms
    d.board.release("RIGHT")
    d.settle()
    assert s.cursor == s.columns + s.panel  # 1 -> 2 -> 3 -> the hand
    assert d.board.buttons.is_down(3) is False


def test_a_won_game_by_buttons_reaches_game_over_and_same_deal():
    columns, power, moves = perfect_classic()
    g = deal(ctd.CLASSIC, columns, power)
    d = play_screen(game=g, deal=4242)
    for word in moves.split():
        d.play(ctd_notation.parse_ctd_move(g, word))
    assert g.status == 1
    d.board.clock.advance(300)  # after the win's flash
    d.settle()
    assert message(d, 12) == text_pixels("WON! PRESS A")
    d.tap("A")
    over = d.screen
    assert isinstance(over, menus.GameOver) and over.deal == 4242
    assert [read_row(d, r) for r in range(8)] == [
        "CLEARED!  Deal 4242", "All 12 monsters slain", "Score 6 = cards left", "Damage: 0 of 7", "Classic",
        " Play again", " Same deal", " Menu"]
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # same deal
    assert isinstance(d.screen, Play) and d.screen.deal == 4242


def test_lost_game_shows_why():
    g = deal(ctd.CLASSIC, [], "2C 2D 2S 2H 3C 3D 3S")
    d = play_screen(game=g)
    for _ in range(7):
        d.play(0 << 4 | ctd.TO_PILE if g.hand[0] else (1 << 4 | ctd.TO_PILE if g.hand[1] else 2 << 4 | ctd.TO_PILE))
    assert g.status == 2
    d.tap("A")
    assert [read_row(d, r) for r in range(5)] == [
        "DEFEATED  Deal 7", "0 of 12 slain", "7 cards of damage", "Classic", ""]


def test_whole_bot_games_by_buttons_match_the_engine():
    for rules, seed in ((ctd.CLASSIC, 3), (ctd.RESERVE, 4), (ctd.ONESTRIKE, 5)):
        d = play_screen(rules, seed)
        shadow = ctd.Dungeon(rules).deal(seed)
        rng = Rng(seed)
        while shadow.status == 0:
            mv = bots.greedy_bot(shadow, rng)
            d.play(mv)
            shadow.play(mv)
            assert save_checks.census(d.screen.game) == save_checks.census(shadow)
        assert d.screen.game.status == shadow.status


# -- what crosses the bus -------------------------------------------------------------
def test_cursor_move_and_placement_stay_within_the_panel_budget():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"]], "5H 10D RJ")
    d = play_screen(game=g)
    d.tap("A")
    d.tap("B")  # settle the first redraw
    assert d.cost(d.tap, "RIGHT") <= 128
    assert d.cost(d.tap, "LEFT") <= 128
    d.tap("A")
    assert d.cost(d.tap, "RIGHT") <= 128
    assert d.cost(d.tap, "A") <= 256


# -- learning the game on the device ---------------------------------------------------
def test_play_names_its_rule_set_then_shows_the_buttons_until_they_are_known():
    g = deal(ctd.ONESTRIKE, [["KH"], ["QS"], ["JD"], ["KC"]], "5H 10D RJ 2C 3C 4C 5C 6C 7C 8C 9C 10C")
    d = play_screen(ctd.ONESTRIKE, game=g)
    assert read_text(d, 0, 56, 14) == "ONE STRIKE"
    d.board.clock.advance(3000)
    d.settle()
    assert read_text(d, 0, 56, 14) == "A:PICK B:UNDO"
    d.tap("A")
    assert read_text(d, 0, 56, 14) == "A:PUT B:BACK"
    d.tap("B")
    for _ in range(4):
        d.play(d.screen.game.legal[0] if d.screen.game.legal_moves() else 0)
    d.board.clock.advance(3000)
    d.settle()
    assert read_text(d, 0, 56, 14) == ""  # known now: the line is free for what happens


def test_a_picked_card_hovers_where_it_kills_then_where_it_completes_a_pair():
    # KH has 6C+7D (a pair of 13): a heart kills it; QS has 5S: a 7 completes its pair
    g = deal(ctd.CLASSIC, [["JD"], ["QS"], ["KH"]], "6C 7D 5S 7H 2H 7S")
    d = play_screen(game=g)
    d.play(0 << 4 | 2)  # 6C on KH
    d.play(1 << 4 | 2)  # 7D on KH: the pair is complete
    d.play(2 << 4 | 1)  # 5S on QS; the next hand: 7H 2H 7S
    s = d.screen
    d.pick(0)  # 7H: kills KH (column 2) before it completes QS's pair (column 1)
    assert s.cursor == 2
    d.tap("B")
    d.pick(2)  # 7S: no kill anywhere; completes QS's pair in column 1 rather than going first to JD
    assert s.cursor == 1


def test_left_and_right_go_round_the_columns_and_never_onto_the_pile():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"], ["JD"], ["KC"]], "5H 10D RJ")
    d = play_screen(game=g)
    d.tap("A")
    s = d.screen
    seen = set()
    for _ in range(9):
        d.tap("LEFT")
        seen.add(s.cursor)
    assert seen == {0, 1, 2, 3}
    d.tap("DOWN")
    assert s.cursor == s.columns + 3  # the pile is below
    d.tap("A")
    assert g.pile_n == 1


def test_one_strike_miss_says_the_whole_damage_of_the_hand():
    g = deal(ctd.ONESTRIKE, [["KH"], ["QS"]], "6C 7D 2S 4C 5C 6D")
    d = play_screen(ctd.ONESTRIKE, game=g)
    d.play(0 << 4 | 0)  # 6C on KH
    d.play(1 << 4 | 0)  # 7D on KH: the pair is there, but 2S is no heart
    d.play(2 << 4 | ctd.TO_PILE)  # 2S to the pile ends a hand that killed nothing
    assert g.pile_n == 3
    assert read_text(d, 0, 56, 14) == "MISS: +3 DMG"
    assert d.panel.region(108, 56, 18, 8) == text_pixels("3/7")


def test_the_discard_that_loses_says_so_and_asks():
    g = deal(ctd.CLASSIC, [], "2C 2D 2S 2H 3C 3D 3S")
    d = play_screen(game=g)
    for _ in range(6):
        d.play(0 << 4 | ctd.TO_PILE if g.hand[0] else (1 << 4 | ctd.TO_PILE if g.hand[1] else 2 << 4 | ctd.TO_PILE))
    assert g.pile_n == 6 and g.status == 0
    d.pick(0)
    d.aim(ctd.TO_PILE)
    d.tap("A")
    assert g.status == 0 and read_text(d, 0, 56, 14) == "LOSES! A=Y B=N"
    d.tap("B")  # no: the card stays picked up, the game goes on
    assert g.status == 0 and g.pile_n == 6
    d.tap("A")
    d.tap("A")  # yes
    assert g.status == 2


# -- cards at this size --------------------------------------------------------------------
def corner(rows):
    """A card's top-left corner, where its rank (or the Joker's cap) is, up to the suit's columns."""
    return [r[2:11] for r in rows[2:13]]


def differing(a, b):
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def test_the_cursor_frames_a_card_and_leaves_its_own_pixels():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"]], "10S 10H RJ")
    d = play_screen(game=g)
    ten_s, ten_h = (sprites.card_tile(notation.parse(n)) for n in ("10S", "10H"))
    seen = hand_region(d, 0)
    assert seen == framed(ten_s) and seen != tile_pixels(ten_s) and under_cursor(d, HAND_X, 0)  # the frame is there
    assert face(seen) == face(tile_pixels(ten_s))  # and the card's own pixels, none inverted
    d.tap("DOWN")
    assert hand_region(d, 0) == tile_pixels(ten_s) and hand_region(d, 1) == framed(ten_h)
    assert under_cursor(d, HAND_X, 16) and not under_cursor(d, HAND_X, 0)
    assert face(hand_region(d, 1)) == face(tile_pixels(ten_h))  # its heart as it is, not a spade's inverse
    d.tap("RIGHT")  # onto the monsters: the frame goes along
    assert column_region(d, 0, 0) == framed(sprites.card_tile(notation.parse("KH")))
    assert hand_region(d, 1) == tile_pixels(ten_h)


def test_a_ten_and_the_jokers_read_apart_from_every_other_rank_on_the_panel():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"]], "10D BJ RJ")
    d = play_screen(game=g)
    d.tap("DOWN")
    d.tap("DOWN")  # the cursor on the red Joker: the 10 and the black Joker as they are
    ten, black = hand_region(d, 0), hand_region(d, 1)
    assert black == tile_pixels(sprites.card_tile(notation.parse("BJ")))
    red = hand_region(d, 2)
    assert face(red) == face(tile_pixels(sprites.card_tile(notation.parse("RJ"))))
    for rows in (ten, black):
        for r in rows[2:13]:  # on every row, two dark pixels or more between the corner and the suit
            corner_end = max([i for i in range(2, 10) if r[i]], default=-9)
            suit_start = min([i for i in range(10, 18) if r[i]], default=99)
            assert r[9] == 0 and suit_start - corner_end > 2
    ranks = {r: corner(tile_pixels(sprites.card_tile(r))) for r in range(1, 14)}
    for r, pixels in ranks.items():
        if r != 10:
            assert differing(corner(ten), pixels) >= 10, r
        assert differing(corner(black), pixels) >= 10, r  # the Joker's B read as an 8: 4 pixels apart
        assert differing(corner(red), pixels) >= 10, r
    assert corner(black) != corner(red)  # the black Joker and the red


def test_a_card_hovering_over_the_monsters_below_shows_their_count_beside():
    g = deal(ctd.CLASSIC, [["JD"], ["QS"], ["KH"]], "6C 7D 5S 7H 2H 7S")
    d = play_screen(game=g)
    d.play(0 << 4 | 2)  # 6C on KH
    d.play(1 << 4 | 2)  # 7D on KH: the next card there triggers
    d.play(2 << 4 | 1)
    below = g.below(2)
    assert below > 0 and d.panel.region(2 * 21 + 5, 48, 12, 8) == text_pixels("+%d" % below)
    assert lit(d.panel.region(108, 40, 18, 8)) == 0
    d.pick(0)  # 7H hovers over KH's trigger place, over the count
    assert d.screen.cursor == 2
    assert d.panel.region(2 * 21, 40, 20, 15) == framed(sprites.card_tile(notation.parse("7H")))
    assert under_cursor(d, 2 * 21, 40)  # the bar just above the message line
    assert d.panel.region(108, 40, 18, 8) == text_pixels(" +%d" % below)  # the count, beside
    d.tap("B")
    assert lit(d.panel.region(108, 40, 18, 8)) == 0
