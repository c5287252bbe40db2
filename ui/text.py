"""Fixed-width text in the 5x7 font: one TileGrid of character tiles, so
changing a few characters redraws only those cells.  For the numbers and the
message line of a play screen; menus and pages use bitmap_label.

Memory: one TileGrid (about 100 B plus 1 B a cell) and a shadow of the cells.
"""

import displayio

from engine.cards import RANK_NAMES
from ui import sprites

SUIT_CHARS = "\x01\x02\x03\x04"


def short(c):
    """A card in 3 characters or fewer, with a suit symbol: 10\x02, K\x01."""
    r = c & 0x0F
    return "JKR" if r == 15 else RANK_NAMES[r] + SUIT_CHARS[(c >> 4) & 3]


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
        self.set(text)

    def set(self, text, right=False):
        """Show text (upper-cased, cut or padded to the width; right-aligned if asked)."""
        if text == self.text:
            return False
        self.text = text
        t = text.upper()
        if right and len(t) < self.width:
            t = " " * (self.width - len(t)) + t
        changed = False
        for i in range(self.width):
            k = sprites.char_tile(t[i]) if i < len(t) else 0
            if self.shown[i] != k:
                self.grid[i] = k
                self.shown[i] = k
                changed = True
        return changed
