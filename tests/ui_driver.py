"""Drive the app on the fake board with button presses, and read the panel."""

from engine import ctd
from ui import font, sprites
from tools.sim import Sim
from ui.ctd_play import Play


class Driver(Sim):
    """The simulator, with the test's own name."""


def play_screen(rules=ctd.CLASSIC, deal=7, game=None):
    return Driver((Play, 0, rules, deal, game))


def tile_pixels(tile, inverted=False):
    """The pixels of a card sheet tile, as the panel would show them."""
    bm = sprites.cards()
    x0 = (tile % 8) * sprites.CARD_W
    y0 = (tile // 8) * sprites.CARD_H
    return [[bm[x0 + i, y0 + j] ^ inverted for i in range(sprites.CARD_W)] for j in range(sprites.CARD_H)]


def text_pixels(text):
    """The pixels of text in the 5x7 font, from the font bytes directly."""
    rows = [[] for _ in range(8)]
    for ch in text.upper():
        i = font.CHARS.index(ch)
        for j in range(8):
            v = font.FONT[7 * i + j] if j < 7 else 0
            rows[j] += [(v >> (4 - b)) & 1 if b < 5 else 0 for b in range(6)]
    return rows


def lit(rows):
    return sum(map(sum, rows))
