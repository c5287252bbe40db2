"""The sprite sheets every screen draws from, built once at start-up from the
bytes in ui/font.py, and the two palettes.

    card sheet  20x15 tiles, 8 a row: EMPTY, SLOT (an empty place), BACK (a
                face-down card), then the 52 cards suit by suit (S H D C),
                A..K, then the black and the red Joker.  A card shows its
                rank top left (a narrow 10) and its suit bottom right; a
                Joker a jester's cap over a small B or R, and a star.
    frame       the card cursor, laid over the card under the cursor so its
                own pixels stay as they are (an inverted card's suits read
                alike): the lower half of a ring just inside the card's
                border, its bottom corners and the row under the card, so
                the card's sides show twice as thick and its lower edge as
                a bar three rows thick; the rest see-through (CURSOR).  It
                spans rows 8-15 from a card's top only: on a card at a y
                that is a multiple of 16, one page of the panel, 20 bytes.
    font sheet  6x8 cells, 16 a row, one per character of font.CHARS.
    NORMAL      lit pixels white on black; INVERTED the other way round,
                which is how a chosen line of text is shown.

Memory: card sheet 160x120 at 1 bit (2.4 KB), the frame 20x8 (32 B), font
sheet 96x48 (0.6 KB).
"""

import displayio
from micropython import const

from engine import registry
from engine.cards import RANK_NAMES


CARD_W = const(20)
CARD_H = const(15)
FRAME_Y = const(8)  # the cursor's frame from this row of a card down
CHAR_W = const(6)
CHAR_H = const(8)
EMPTY = const(0)
SLOT = const(1)
BACK = const(2)
_FIRST_CARD = const(3)
_PER_ROW = const(8)

NORMAL = displayio.Palette(2)
NORMAL[0] = 0x000000
NORMAL[1] = 0xFFFFFF
INVERTED = displayio.Palette(2)
INVERTED[0] = 0xFFFFFF
INVERTED[1] = 0x000000
CURSOR = displayio.Palette(2)
CURSOR[1] = 0xFFFFFF
CURSOR.make_transparent(0)

_cards = None
_frame = None
_font = None
_chars = ""  # font.CHARS, kept once the sheets are built and ui.font is released


def card_tile(c):
    """The card sheet's tile for a card byte (0: EMPTY; face down: BACK)."""
    if c == 0:
        return EMPTY
    if c & 0x80:
        return BACK
    r = c & 0x0F
    if r == 15:
        return _FIRST_CARD + 52 + ((c >> 4) & 1)
    return _FIRST_CARD + ((c >> 4) & 3) * 13 + r - 1


def char_tile(ch):
    """The font sheet's tile for a character: its upper case where the font
    has no lower case one, "?" where it has neither."""
    i = _chars.find(ch)
    if i < 0:
        i = _chars.find(ch.upper())
    return i if i >= 0 else _chars.find("?")


def _glyph(bm, x, y, rows, width, height=7):
    for j in range(height):
        v = rows[j]
        for i in range(width):
            if v & (1 << (width - 1 - i)):
                bm[x + i, y + j] = 1


def _draw_card(bm, x, y, c, font):
    for i in range(1, CARD_W - 1):
        bm[x + i, y] = 1
        bm[x + i, y + CARD_H - 1] = 1
    for j in range(1, CARD_H - 1):
        bm[x, y + j] = 1
        bm[x + CARD_W - 1, y + j] = 1
    if c == 0:
        return
    r = c & 0x0F
    s = (c >> 4) & 3
    if r == 10:
        _glyph(bm, x + 2, y + 2, font.TEN, 7)
    elif r == 15:
        _glyph(bm, x + 2, y + 2, font.JESTER, 7, 5)
        k = 5 * (s & 1)
        _glyph(bm, x + 2, y + 8, font.JOKER_COLOURS[k : k + 5], 3, 5)
    else:
        i = font.CHARS.find(RANK_NAMES[r])
        _glyph(bm, x + 2, y + 2, font.FONT[7 * i : 7 * i + 7], 5)
    k = 4 if r == 15 else s
    _glyph(bm, x + CARD_W - 9, y + CARD_H - 9, font.SUITS[7 * k : 7 * k + 7], 7)


def _card_sheet(font):
    n = _FIRST_CARD + 54
    rows = (n + _PER_ROW - 1) // _PER_ROW
    bm = displayio.Bitmap(CARD_W * _PER_ROW, CARD_H * rows, 2)
    for t in range(1, n):
        x = (t % _PER_ROW) * CARD_W
        y = (t // _PER_ROW) * CARD_H
        if t == SLOT:
            for i in range(1, CARD_W - 1, 2):
                bm[x + i, y] = 1
                bm[x + i, y + CARD_H - 1] = 1
            for j in range(2, CARD_H - 1, 2):
                bm[x, y + j] = 1
                bm[x + CARD_W - 1, y + j] = 1
        elif t == BACK:
            _draw_card(bm, x, y, 0, font)
            for j in range(2, CARD_H - 2):
                for i in range(2, CARD_W - 2):
                    if (i + j) % 3 == 0:
                        bm[x + i, y + j] = 1
        else:
            c = t - _FIRST_CARD
            card = (15 | ((c - 52) << 4)) if c >= 52 else (((c // 13) << 4) | (c % 13 + 1))
            _draw_card(bm, x, y, card, font)
    return bm


def _font_sheet(font):
    n = len(font.CHARS)
    bm = displayio.Bitmap(CHAR_W * 16, CHAR_H * ((n + 15) // 16), 2)
    for i in range(n):
        _glyph(bm, (i % 16) * CHAR_W, (i // 16) * CHAR_H, font.FONT[7 * i : 7 * i + 7], 5)
    return bm


def _build():
    """Draw both sheets from ui/font.py's bytes, then release ui.font: the
    sheets and its CHARS are all the screens need of it."""
    global _cards, _font, _chars
    from ui import font

    _chars = font.CHARS
    _cards = _card_sheet(font)
    _font = _font_sheet(font)
    font = None
    registry.release(("ui.font",))


def cards():
    """The card sprite sheet (built on first use)."""
    if _cards is None:
        _build()
    return _cards


def font_sheet():
    """The 6x8 font sprite sheet (built on first use)."""
    if _font is None:
        _build()
    return _font


def _frame_bitmap():
    h = CARD_H + 1 - FRAME_Y
    bm = displayio.Bitmap(CARD_W, h, 2)
    for i in range(CARD_W):
        bm[i, h - 1] = 1
        if 0 < i < CARD_W - 1:
            bm[i, h - 3] = 1
    for j in range(h - 2):
        bm[1, j] = 1
        bm[CARD_W - 2, j] = 1
    bm[0, h - 2] = 1
    bm[CARD_W - 1, h - 2] = 1
    return bm


def _the_frame():
    global _frame
    if _frame is None:
        _frame = _frame_bitmap()
    return _frame


def frame_grid():
    """The card cursor, hidden: a TileGrid of the frame to lay over a card
    (move it to the card's x, y + FRAME_Y); only its area goes to the panel."""
    t = displayio.TileGrid(_the_frame(), pixel_shader=CURSOR)
    t.hidden = True
    return t


def framed_card(bm, tile):
    """Draw the card sheet's tile with the cursor's frame over it into bm, a
    CARD_W x (CARD_H + 1) bitmap (the frame's bar reaches the row under the
    card): one grid that moves as one (a card hovering where it would go),
    instead of a card and a frame each sent on a move."""
    sheet = cards()
    frame = _the_frame()
    x0 = (tile % _PER_ROW) * CARD_W
    y0 = (tile // _PER_ROW) * CARD_H
    for j in range(CARD_H + 1):
        for i in range(CARD_W):
            v = sheet[x0 + i, y0 + j] if j < CARD_H else 0
            if j >= FRAME_Y and frame[i, j - FRAME_Y]:
                v = 1
            bm[i, j] = v


def card_grid(x, y):
    """A one-card TileGrid over the card sheet at (x, y), showing EMPTY."""
    return displayio.TileGrid(cards(), pixel_shader=NORMAL, tile_width=CARD_W, tile_height=CARD_H, x=x, y=y)
