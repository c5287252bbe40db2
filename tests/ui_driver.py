"""Drive the app on the fake board with button presses, and read the panel."""

from engine import registry
from games.ctd import rules as ctd
from games.ctd import desk_presses as presses
from tools.sim import Sim
from ui import sprites
from games.ctd.play import Play

CTD = registry.find("ctd")
SOLTURA = registry.find("soltura")
SCOUNDREL = registry.find("scoundrel")


class Driver(Sim):
    """The simulator, with Clear the Dungeon's moves by buttons (games/ctd/desk_presses.py)."""

    def pick(self, source):
        presses.pick(self, source)

    def aim(self, target):
        presses.aim(self, target)

    def play(self, move):
        presses.play(self, move)


def play_screen(rules=ctd.CLASSIC, deal=7, game=None):
    return Driver((Play, CTD, rules, deal, game))


def tile_pixels(tile, inverted=False):
    """The pixels of a card sheet tile, as the panel would show them."""
    bm = sprites.cards()
    x0 = (tile % 8) * sprites.CARD_W
    y0 = (tile // 8) * sprites.CARD_H
    return [[bm[x0 + i, y0 + j] ^ inverted for i in range(sprites.CARD_W)] for j in range(sprites.CARD_H)]


def text_pixels(text):
    """The pixels of text in the 5x7 font, from the font bytes directly."""
    from ui import font

    rows = [[] for _ in range(8)]
    for ch in text:
        i = font.CHARS.index(ch) if ch in font.CHARS else font.CHARS.index(ch.upper())
        for j in range(8):
            v = font.FONT[7 * i + j] if j < 7 else 0
            rows[j] += [(v >> (4 - b)) & 1 if b < 5 else 0 for b in range(6)]
    return rows


def lit(rows):
    return sum(map(sum, rows))


def _glyphs():
    from ui import font

    out = {}
    for ch in font.CHARS:
        cell = tuple(tuple(r) for r in text_pixels(ch))
        out.setdefault(cell, ch)
    return out


def read_text(d, x, y, n=21):
    """The text the panel shows in n character cells from (x, y), read back
    from its pixels ("\0" for a cell that is no character); inverted cells
    read as the same characters."""
    glyphs = _glyphs()
    out = []
    for i in range(n):
        cell = tuple(tuple(r) for r in d.panel.region(x + 6 * i, y, 6, 8))
        ch = glyphs.get(cell)
        if ch is None:
            ch = glyphs.get(tuple(tuple(1 - v for v in r) for r in cell), "\0")
        out.append(ch)
    return "".join(out).rstrip()


def read_row(d, row):
    """The text of one 8-pixel row of a menu or page."""
    return read_text(d, 0, row * 8)
