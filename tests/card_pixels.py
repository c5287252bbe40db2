"""What a card under the cursor looks like on the panel, drawn here from the
card sheet and the cursor's shape as the issue asked for it (not from the
frame bitmap the screens use): the card's own pixels, untouched, and a frame
of lit pixels over its lower half: just inside its border from row 8 down and
on its two bottom corners; and the row under the card lit (under_cursor), so
the card's lower edge is a bar three rows thick."""

from tests.ui_driver import tile_pixels
from ui import sprites


def framed(tile):
    """The pixels of a card sheet tile with the cursor's frame over it."""
    rows = tile_pixels(tile)
    w, h = sprites.CARD_W, sprites.CARD_H
    for j in range(h):
        for i in range(w):
            ring = (i in (1, w - 2) and 8 <= j <= h - 2) or (j == h - 2 and 1 <= i <= w - 2)
            corner = i in (0, w - 1) and j == h - 1
            if ring or corner:
                rows[j][i] = 1
    return rows


def face(rows):
    """A card's face inside the cursor's frame: what the frame never touches."""
    return [r[2:-2] for r in rows[2:-2]]


def under_cursor(d, x, y):
    """The row under the card at x, y is all lit: the cursor's bar."""
    return d.panel.region(x, y + sprites.CARD_H, sprites.CARD_W, 1)[0] == [1] * sprites.CARD_W
