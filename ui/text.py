"""Fixed-width text in the 5x7 font: one TileGrid of character tiles, so
changing a few characters redraws only those cells.  Every screen writes with
it: menus and rules pages as well as the numbers and message lines of play.

A line is 21 cells of 6x8 pixels across the 128-pixel panel; lines sit on
8-pixel rows, which are the SSD1306's pages, so one changed line is one page
on the bus.

Memory: one TileGrid (about 100 B plus 1 B a cell) and a shadow of the cells.
"""

import displayio
from micropython import const

from engine.cards import RANK_NAMES
from ui import sprites

SUIT_CHARS = "\x01\x02\x03\x04"
COLUMNS = const(21)  # characters a line
ROW = const(8)  # pixels a line


def short(c):
    """A card in 3 characters or fewer, with a suit symbol: 10\x02, K\x01."""
    r = c & 0x0F
    return "JKR" if r == 15 else RANK_NAMES[r] + SUIT_CHARS[(c >> 4) & 3]


def count(n, word):
    """n and a word, the word plural unless n is 1: "1 move", "2 moves"
    (one string made; the word's plural is its singular and an s)."""
    return ("%d %s" if n == 1 else "%d %ss") % (n, word)


def pad(text, width=COLUMNS):
    """text cut or padded with spaces to width (CircuitPython's str has no ljust)."""
    return text[:width] + " " * (width - len(text))


class Text:
    def __init__(self, width, x, y, text=""):
        self.width = width
        self.grid = displayio.TileGrid(
            sprites.font_sheet(),
            pixel_shader=sprites.NORMAL,
            width=width,
            height=1,
            tile_width=sprites.CHAR_W,
            tile_height=sprites.CHAR_H,
            default_tile=0,
            x=x,
            y=y,
        )
        self.shown = bytearray(width)
        self.text = ""
        self.value = None  # the number number() last showed, and its form
        self.form = None
        self.set(text)

    def set(self, text, right=False):
        """Show text (cut or padded to the width; right-aligned if asked)."""
        self.value = None
        if text == self.text:
            return False
        self.text = text
        n = len(text)
        lead = self.width - n if right and n < self.width else 0
        changed = False
        for i in range(self.width):
            j = i - lead
            k = sprites.char_tile(text[j]) if 0 <= j < n else 0
            if self.shown[i] != k:
                self.grid[i] = k
                self.shown[i] = k
                changed = True
        return changed

    def number(self, n, form="%d", right=False):
        """Show the number n in form; formats nothing when it is already shown."""
        if n == self.value and form is self.form:
            return False
        changed = self.set(form % n, right)
        self.value = n
        self.form = form
        return changed

    def invert(self, on=True):
        """Show the line inverted (a cursor, a chosen line) or not."""
        shader = sprites.INVERTED if on else sprites.NORMAL
        if self.grid.pixel_shader is not shader:
            self.grid.pixel_shader = shader


def wrap(text, width=COLUMNS):
    """Lines of at most width characters, cut at spaces; a paragraph ("\n")
    starts a new line.  Each line is one slice of text, so wrapping makes no
    garbage beyond the lines themselves."""
    lines = []
    n = len(text)
    i = 0
    while i < n:
        while i < n and text[i] == " ":
            i += 1
        end = text.find("\n", i)
        if end < 0:
            end = n
        if end - i > width:
            cut = text.rfind(" ", i, i + width + 1)
            end = cut if cut > i else i + width  # a word longer than a line is cut
        if end > i:
            lines.append(text[i:end])
        i = end + 1 if end < n and text[end] in " \n" else end
    return lines
