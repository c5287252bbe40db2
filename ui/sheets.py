"""Drawing the sprite sheets of ui/sprites.py from the bytes of ui/font.py:
code that runs once, at start-up, so ui/sprites.py imports this module for
it and lets it go after (what is not needed is not in the heap).

Memory: nothing kept: it draws into ui/sprites.py's bitmaps, which are made
before this module is imported, so that it leaves no hole under them when it
goes.
"""

from engine.cards import RANK_NAMES
from ui.sprites import BACK, CARD_H, CARD_TILES, CARD_W, CHAR_H, CHAR_W, FIRST_CARD, PER_ROW, SLOT


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
    # the suit in rows 5-11, columns 10-16: a dark pixel between it and the
    # cursor's frame (column 18 and row 13, ui/sprites.py), the 10 and the
    # match mark in the top right corner, so it reads as its own shape
    _glyph(bm, x + CARD_W - 10, y + CARD_H - 10, font.SUITS[7 * k : 7 * k + 7], 7)


def card_sheet(bm, font):
    """Draw the card sheet (ui/sprites.py describes it) into bm from font's bytes."""
    for t in range(1, CARD_TILES):
        x = (t % PER_ROW) * CARD_W
        y = (t // PER_ROW) * CARD_H
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
            c = t - FIRST_CARD
            card = (15 | ((c - 52) << 4)) if c >= 52 else (((c // 13) << 4) | (c % 13 + 1))
            _draw_card(bm, x, y, card, font)


def font_sheet(bm, font):
    """Draw the font sheet into bm: 6x8 cells, 16 a row, one per character of font.CHARS."""
    for i in range(len(font.CHARS)):
        _glyph(bm, (i % 16) * CHAR_W, (i // 16) * CHAR_H, font.FONT[7 * i : 7 * i + 7], 5)


def frame(bm):
    """Draw the card cursor's frame (ui/sprites.py describes it) into bm:
    CARD_W x the rows from FRAME_Y to the row under the card."""
    h = bm.height
    for i in range(CARD_W):
        bm[i, h - 1] = 1
        if 0 < i < CARD_W - 1:
            bm[i, h - 3] = 1
    for j in range(h - 2):
        bm[1, j] = 1
        bm[CARD_W - 2, j] = 1
    bm[0, h - 2] = 1
    bm[CARD_W - 1, h - 2] = 1
