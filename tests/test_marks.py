"""Marks and lines that must read at 128x64 on a 0.96" panel, where a pixel
is 0.17 mm (issue 22, findings 8 and 9): the suits at both sizes the panel
shows them, read from its pixels or from the sheets it is drawn from; the
exit-match mark; no line covered by a hovering card, no message left stale.

Two suits "differ in n pixels" when n pixels differ however the two are
lined up (one moved by up to a pixel each way) and with one row or one
column of each taken out: a glyph one row lower in its cell, or one with a
one-pixel neck more, reads as the same shape at that size.  Counted plainly,
the small spade and club of before differed in 13 pixels; but the club was
the spade one row lower with a one-pixel neck added (Rogue's hand row: a
needed 9 of spades discarded as a club), and the card diamond was the spade
with its stem taken out (Clear the Dungeon's 5 of diamonds read as a 5 of
spades, its point joining the cursor's bar as a spade's stem and foot)."""

from engine import cards, notation
from engine.notation import parse_list
from games.ctd import rules as ctd
from games.rogue import rules as rogue
from tests.card_pixels import framed
from tests.ctd_decks import deal
from tests.ui_driver import Driver, play_screen, read_text, text_pixels, tile_pixels
from ui import font, sprites
from ui.text import pad

from games.rogue.play import Play as RoguePlay
from engine import registry

SUITS = "SHDC"
HAND_Y = 48  # Rogue's hand row


def _variants(rows):
    """rows, and rows with one row or one column taken out."""
    yield rows
    for j in range(len(rows)):
        yield rows[:j] + rows[j + 1:]
    for i in range(len(rows[0])):
        yield [r[:i] + r[i + 1:] for r in rows]


def _lit(rows, dx=0, dy=0):
    return {(i + dx, j + dy) for j, r in enumerate(rows) for i, v in enumerate(r) if v}


def differ(a, b):
    """The pixels in which two glyphs differ, the least over every lining up
    (a shift of up to one pixel each way) and every row or column taken out."""
    best = None
    for a2 in _variants(a):
        pa = _lit(a2)
        for b2 in _variants(b):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = len(pa ^ _lit(b2, dx, dy))
                    best = n if best is None or n < best else best
    return best


def test_differ_counts_a_shift_or_a_one_pixel_stripe_as_no_difference():
    spade = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    lower = [[0, 0, 0]] + spade[:2]
    necked = spade[:1] + [[0, 1, 0]] + spade[1:]
    assert differ(spade, spade) == 0 and differ(spade, lower) == 0 and differ(spade, necked) == 0
    plus = [[1 if i == 2 or j == 2 else 0 for i in range(5)] for j in range(5)]
    ring = [[1 if i in (0, 4) or j in (0, 4) else 0 for i in range(5)] for j in range(5)]
    assert differ(plus, ring) >= 3


def _hand_row_suits():
    """The small suits as Rogue's hand row shows them: the 6x8 cells of the
    5 of each suit read from the panel."""
    order = list(parse_list("5S 5H 5D 5C"))
    order += [c for c in cards.standard_deck() if c not in order]
    g = rogue.Rogue(rogue.QUICK).set_up(bytes(order[4:] + order[:4]))
    for i, c in enumerate(order[:4]):
        g.hand[i] = c
    g.hand_n = 4
    d = Driver((RoguePlay, registry.find("rogue"), rogue.QUICK, 7, g))
    d.board.clock.advance(3000)
    d.settle()
    assert d.screen.cursor < 27  # on the grid: no hand card inverted
    # the line: " " then each card in 4 cells, rank then suit
    return [d.panel.region(6 * (2 + 4 * k), HAND_Y, 6, 8) for k in range(4)]


def test_the_small_suits_of_the_hand_row_differ_in_three_pixels_or_more():
    cells = _hand_row_suits()
    for i in range(4):
        assert sum(map(sum, cells[i])) > 10, SUITS[i]  # a suit is shown there
        for j in range(i + 1, 4):
            assert differ(cells[i], cells[j]) >= 3, SUITS[i] + SUITS[j]


def _tile(rank, suit):
    return sprites.card_tile((suit << 4) | rank)


def test_the_card_suits_differ_in_three_pixels_or_more_on_every_rank():
    for rank in range(1, 14):
        tiles = [tile_pixels(_tile(rank, s)) for s in range(4)]
        # the part of the card where the suits differ, and a pixel round it
        where = [(i, j) for j in range(sprites.CARD_H) for i in range(sprites.CARD_W)
                 if len({t[j][i] for t in tiles}) > 1]
        x0, x1 = min(i for i, _ in where) - 1, max(i for i, _ in where) + 2
        y0, y1 = min(j for _, j in where) - 1, max(j for _, j in where) + 2
        crops = [[r[x0:x1] for r in t[y0:y1]] for t in tiles]
        for i in range(4):
            for j in range(i + 1, 4):
                assert differ(crops[i], crops[j]) >= 3, (rank, SUITS[i] + SUITS[j])


def _suit_at(rows, glyph):
    """Where glyph (7x7 rows) is drawn in rows: its lit pixels, found where its
    lit and dark pixels both match."""
    for y in range(len(rows) - 6):
        for x in range(len(rows[0]) - 6):
            if all(rows[y + j][x + i] == glyph[j][i] for j in range(7) for i in range(7)):
                return {(x + i, y + j) for j in range(7) for i in range(7) if glyph[j][i]}
    raise AssertionError("the suit is not on the card")


def component(rows, seeds):
    """The lit pixels 8-connected to seeds: the shape the eye reads them in."""
    h, w = len(rows), len(rows[0])
    seen = set()
    todo = list(seeds)
    while todo:
        x, y = todo.pop()
        if (x, y) in seen or not (0 <= x < w and 0 <= y < h) or not rows[y][x]:
            continue
        seen.add((x, y))
        todo += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return seen


def _glyph(k):
    return [[(font.SUITS[7 * k + j] >> (6 - i)) & 1 for i in range(7)] for j in range(7)]


def _framed_card(tile):
    """The card picked up, framed, as Clear the Dungeon's hovering card draws it."""
    import displayio

    bm = displayio.Bitmap(sprites.CARD_W, sprites.CARD_H + 1, 2)
    sprites.framed_card(bm, tile)
    return [[bm[i, j] for i in range(sprites.CARD_W)] for j in range(sprites.CARD_H + 1)]


def test_a_card_suit_touches_nothing_else_lit_plain_or_under_the_cursor():
    for c in range(52 + 2):
        card = (15 | ((c - 52) << 4)) if c >= 52 else (((c // 13) << 4) | (c % 13 + 1))
        tile = sprites.card_tile(card)
        glyph = _glyph(4 if c >= 52 else c // 13)
        suit = _suit_at(tile_pixels(tile), glyph)
        for how, rows in (("plain", tile_pixels(tile)), ("framed", framed(tile)), ("hovering", _framed_card(tile))):
            assert component(rows, suit) == suit, (cards.rank(card), c // 13, how)


# -- Rogue Solitaire's mark of a card that matches the exit -------------------------------------
RIGHT_X = 66  # your grid in the fight view


def _rogue_screen(player, exit, monster="KD 3C 4H 5D 9H 6C 7S 8H 10H"):
    order = list(parse_list(player + " " + exit + " " + monster))
    order += [c for c in cards.standard_deck() if c not in order]
    g = rogue.Rogue(rogue.QUICK).set_up(bytes(order))
    d = Driver((RoguePlay, registry.find("rogue"), rogue.QUICK, 7, g))
    d.board.clock.advance(3000)
    d.settle()
    return d


def test_the_exit_match_mark_is_a_3x3_block_clear_of_everything_else_on_the_card():
    # matches at places 1 (2S/2H), 3 (4D/QD) and 4 (5C/KC): a spade, a diamond, a club under the mark
    player = "2S 3H 4D 5C 6S 7H 8D 9C 10S"
    d = _rogue_screen(player, "2H 9S QD KC RJ 4C 5S 6D 7C")
    for p, card in enumerate(player.split()):
        if p == 4:
            continue  # the cursor's frame on the centre, which never matches
        x, y = RIGHT_X + (p % 3) * 21, (p // 3) * 16
        shown = d.panel.region(x, y, sprites.CARD_W, sprites.CARD_H)
        plain = tile_pixels(sprites.card_tile(parse_list(card)[0]))
        mark = {(i, j) for j in range(sprites.CARD_H) for i in range(sprites.CARD_W) if shown[j][i] != plain[j][i]}
        if p not in (0, 2, 3):
            assert mark == set(), p
            continue
        assert all(shown[j][i] for i, j in mark), p  # the mark lights pixels, takes none away
        xs = sorted({i for i, _ in mark})
        ys = sorted({j for _, j in mark})
        assert len(xs) >= 3 and len(ys) >= 3 and len(mark) == len(xs) * len(ys), (p, xs, ys)  # a solid block
        assert xs[-1] >= sprites.CARD_W - 5 and ys[0] <= 4, p  # in the top right corner
        assert component(shown, mark) == mark, p  # touching neither the border nor the suit


# -- Clear the Dungeon: no line covered, no message stale (finding 9) -----------------------------
def test_a_card_hovering_at_the_first_columns_trigger_leaves_the_message_line_whole():
    g = deal(ctd.CLASSIC, [["KH"], ["QS"], ["JD"]], "6C 7D 5S 7H 2H 7S")
    d = play_screen(game=g)
    d.play(0 << 4 | 0)  # 6C and 7D on KH: the next card there is its trigger, in the fourth row
    d.play(1 << 4 | 0)
    assert g.role(0) == 2
    d.pick(2)
    d.aim(0)  # 5S hovers at KH's trigger place
    hover = framed(sprites.card_tile(notation.parse("5S")))
    assert any(d.panel.region(0, y, sprites.CARD_W, sprites.CARD_H) == hover for y in range(16, 49))
    d.tap("A")  # refused: the card stays there, and the line says why
    assert d.screen.carry == 2 and d.screen.cursor == 0
    assert d.panel.region(0, 56, 6 * 14, 8) == text_pixels(pad("WRONG SUIT", 14))
    assert read_text(d, 0, 56, 14) == "WRONG SUIT"


def test_nowhere_to_go_goes_at_the_next_placement_pick_and_hand():
    g = deal(ctd.CLASSIC, [["KH"], ["KS"], ["KD"], ["KC"]], "2H 2S 9D 9C 5H 4C 8S")
    d = play_screen(game=g)
    d.wait(3000)  # the rule set's name has gone
    line = lambda: read_text(d, 0, 56, 14)
    d.pick(0)  # 2H: too weak for every King
    assert line() == "NOWHERE TO GO" and d.screen.cursor == 4 + 3  # over the pile
    d.tap("A")  # to the damage pile, at once (the presses of a player who knows)
    assert g.pile_n == 1 and line() == "A:PICK B:UNDO"
    d.pick(1)  # 2S: nowhere either, and said of this card
    assert line() == "NOWHERE TO GO"
    d.tap("A")
    assert g.pile_n == 2 and line() == "A:PICK B:UNDO"
    d.tap("B")
    assert g.pile_n == 1 and line() == "UNDONE"
    d.pick(2)  # 9D may go on a King: what was said before goes
    assert d.screen.cursor < 4 and line() == "A:PUT B:BACK"
    d.tap("A")
    d.pick(1)  # 2S again, and the hand's last card to the pile: a new hand
    assert line() == "NOWHERE TO GO"
    d.tap("A")
    assert g.hand_size() == 3 and g.pile_n == 2 and line() == ""  # the buttons are learned by now
    d.pick(0)
    assert "NOWHERE" not in line()


# -- Rogue Solitaire: the attack preview where its marks can be seen --------------------------------
def _runs(d, y):
    """The x of each run of 20 lit pixels on row y: the underlines and the cursor's bar."""
    row = d.panel.region(0, y, 128, 1)[0]
    return [x for x in range(128 - 19) if all(row[x:x + 20]) and (x == 0 or not row[x - 1])]


def test_the_attack_preview_shows_only_in_the_fight_view_where_its_underlines_are():
    d = _rogue_screen("2S 3H 4D 5C 6S 7H 8D 9C 10S", "2H 9S QD KC RJ 4C 5S 6D 7C")
    s = d.screen
    line = lambda: read_text(d, 0, 56)
    d.tap("RIGHT")  # your place 6, the fight view: the preview and its underlines
    assert s.view == 0 and s.cursor == 5 and line().startswith("ATK 7")
    assert [x for y in (15, 31, 47) for x in _runs(d, y) if x < 62]  # under monster cards, on the left
    d.tap("RIGHT")  # off your right edge: the exit slides in
    d.tap("LEFT")  # back onto your place 6, on the left now; the monster is out of sight
    assert s.view == 1 and s.cursor == 5
    assert line() == "F1 D27 PLAY"  # the status, not an attack on cards off the panel
    assert {(x, y) for y in (15, 31, 47) for x in _runs(d, y)} == {(42, 31)}  # only the cursor's bar
    d.tap("UP")  # your place 3 in the exit view: still the status
    assert s.cursor == 2 and line() == "F1 D27 PLAY"
