"""The sprite sheets every screen draws from, drawn once at start-up by
ui/sheets.py from the bytes in ui/font.py (both let go after), and the
palettes.

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

from engine import lease
from engine.lease import Lease


CARD_W = const(20)
CARD_H = const(15)
FRAME_Y = const(8)  # the cursor's frame from this row of a card down
CHAR_W = const(6)
CHAR_H = const(8)
EMPTY = const(0)
SLOT = const(1)
BACK = const(2)
FIRST_CARD = const(3)  # the card sheet's tile of the first card (the ace of spades)
PER_ROW = const(8)  # tiles a row of the card sheet
CARD_TILES = const(57)  # EMPTY, SLOT, BACK, 52 cards, 2 Jokers
_CARD_ROWS = const(8)  # rows of the card sheet: CARD_TILES / PER_ROW, rounded up

NORMAL = displayio.Palette(2)
NORMAL[0] = 0x000000
NORMAL[1] = 0xFFFFFF
INVERTED = displayio.Palette(2)
INVERTED[0] = 0xFFFFFF
INVERTED[1] = 0x000000
CURSOR = displayio.Palette(2)
CURSOR[1] = 0xFFFFFF
CURSOR.make_transparent(0)

_SHEETS = "ui.sheets"  # imported to draw the sheets, released after
_FONT = "ui.font"
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
        return FIRST_CARD + 52 + ((c >> 4) & 1)
    return FIRST_CARD + ((c >> 4) & 3) * 13 + r - 1


def char_tile(ch):
    """The font sheet's tile for a character: its upper case where the font
    has no lower case one, "?" where it has neither."""
    i = _chars.find(ch)
    if i < 0:
        i = _chars.find(ch.upper())
    return i if i >= 0 else _chars.find("?")


def _build():
    """Draw the sheets and the frame (ui/sheets.py, from ui/font.py's bytes),
    then let both modules go (a lease): what they drew and font.CHARS are all
    the screens need of them."""
    global _cards, _font, _frame, _chars
    held = Lease()
    font = lease.module(_FONT)
    _chars = font.CHARS
    # the bitmaps before the drawing code: its module, freed after, leaves no
    # hole under them (the font's small one does: the font sheet's size is its)
    _cards = displayio.Bitmap(CARD_W * PER_ROW, CARD_H * _CARD_ROWS, 2)
    _font = displayio.Bitmap(CHAR_W * 16, CHAR_H * ((len(_chars) + 15) // 16), 2)
    _frame = displayio.Bitmap(CARD_W, CARD_H + 1 - FRAME_Y, 2)
    sheets = lease.module(_SHEETS)
    sheets.card_sheet(_cards, font)
    sheets.font_sheet(_font, font)
    sheets.frame(_frame)
    sheets = font = None
    held.let_go()


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


def _the_frame():
    if _frame is None:
        _build()
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
    x0 = (tile % PER_ROW) * CARD_W
    y0 = (tile // PER_ROW) * CARD_H
    for j in range(CARD_H + 1):
        for i in range(CARD_W):
            v = sheet[x0 + i, y0 + j] if j < CARD_H else 0
            if j >= FRAME_Y and frame[i, j - FRAME_Y]:
                v = 1
            bm[i, j] = v


def card_grid(x, y):
    """A one-card TileGrid over the card sheet at (x, y), showing EMPTY."""
    return displayio.TileGrid(cards(), pixel_shader=NORMAL, tile_width=CARD_W, tile_height=CARD_H, x=x, y=y)
