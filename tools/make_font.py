"""The pixel art of the device's 5x7 font and card suits, and the generator of
ui/font.py from it.

    python -m tools.make_font          rewrite ui/font.py
    python -m tools.make_font --check  exit 1 if ui/font.py is out of date

Each glyph is 7 rows of 5 pixels ('#' lit); the suits for cards are 7x7.
ui/font.py holds the same pixels as bytes (one byte a row), which is what the
device loads: a few hundred bytes instead of this art.
"""

import os
import sys

# Small suit symbols (5x7) take the code points of these stand-in characters;
# "\x05" and "\x06" are small arrows right and left (a menu's "more"); "\x07" a
# card back (the deck) and "\x08" a skull (monsters slain).
SMALL_SUITS = {"\x01": "spade", "\x02": "heart", "\x03": "diamond", "\x04": "club"}

GLYPHS = {
    " ": ".....|.....|.....|.....|.....|.....|.....",
    "0": ".###.|#...#|#..##|#.#.#|##..#|#...#|.###.",
    "1": "..#..|.##..|..#..|..#..|..#..|..#..|.###.",
    "2": ".###.|#...#|....#|...#.|..#..|.#...|#####",
    "3": "####.|....#|....#|.###.|....#|....#|####.",
    "4": "...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
    "5": "#####|#....|####.|....#|....#|#...#|.###.",
    "6": "..##.|.#...|#....|####.|#...#|#...#|.###.",
    "7": "#####|....#|...#.|..#..|.#...|.#...|.#...",
    "8": ".###.|#...#|#...#|.###.|#...#|#...#|.###.",
    "9": ".###.|#...#|#...#|.####|....#|...#.|.##..",
    "A": ".###.|#...#|#...#|#####|#...#|#...#|#...#",
    "B": "####.|#...#|#...#|####.|#...#|#...#|####.",
    "C": ".###.|#...#|#....|#....|#....|#...#|.###.",
    "D": "###..|#..#.|#...#|#...#|#...#|#..#.|###..",
    "E": "#####|#....|#....|####.|#....|#....|#####",
    "F": "#####|#....|#....|####.|#....|#....|#....",
    "G": ".###.|#...#|#....|#.###|#...#|#...#|.####",
    "H": "#...#|#...#|#...#|#####|#...#|#...#|#...#",
    "I": ".###.|..#..|..#..|..#..|..#..|..#..|.###.",
    "J": "..###|...#.|...#.|...#.|...#.|#..#.|.##..",
    "K": "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#",
    "L": "#....|#....|#....|#....|#....|#....|#####",
    "M": "#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#",
    "N": "#...#|#...#|##..#|#.#.#|#..##|#...#|#...#",
    "O": ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
    "P": "####.|#...#|#...#|####.|#....|#....|#....",
    "Q": ".###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#",
    "R": "####.|#...#|#...#|####.|#.#..|#..#.|#...#",
    "S": ".####|#....|#....|.###.|....#|....#|####.",
    "T": "#####|..#..|..#..|..#..|..#..|..#..|..#..",
    "U": "#...#|#...#|#...#|#...#|#...#|#...#|.###.",
    "V": "#...#|#...#|#...#|#...#|#...#|.#.#.|..#..",
    "W": "#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.",
    "X": "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#",
    "Y": "#...#|#...#|#...#|.#.#.|..#..|..#..|..#..",
    "Z": "#####|....#|...#.|..#..|.#...|#....|#####",
    ".": ".....|.....|.....|.....|.....|.##..|.##..",
    ",": ".....|.....|.....|.....|.##..|..#..|.#...",
    ":": ".....|.##..|.##..|.....|.##..|.##..|.....",
    "!": "..#..|..#..|..#..|..#..|..#..|.....|..#..",
    "?": ".###.|#...#|....#|...#.|..#..|.....|..#..",
    "+": ".....|..#..|..#..|#####|..#..|..#..|.....",
    "-": ".....|.....|.....|#####|.....|.....|.....",
    "/": ".....|....#|...#.|..#..|.#...|#....|.....",
    "=": ".....|.....|#####|.....|#####|.....|.....",
    ">": ".#...|..#..|...#.|....#|...#.|..#..|.#...",
    "<": "...#.|..#..|.#...|#....|.#...|..#..|...#.",
    "#": ".#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.",
    "'": "..#..|..#..|.#...|.....|.....|.....|.....",
    "(": "...#.|..#..|.#...|.#...|.#...|..#..|...#.",
    ")": ".#...|..#..|...#.|...#.|...#.|..#..|.#...",
    "*": ".....|..#..|#.#.#|.###.|#.#.#|..#..|.....",
    # The small suits: a spade's point, lobes, stem and foot; a heart's notch;
    # a tall diamond, no stem; a club's three lobes (top, left, right) and its
    # stem.  Two of them never differ only by a shift or by one row or column
    # (tests/test_marks.py): the spade that was a club one row up, the diamond
    # that was a heart with a point, did.
    "\x01": "..#..|.###.|#####|#####|#.#.#|..#..|.###.",
    "\x02": ".#.#.|#####|#####|#####|.###.|..#..|.....",
    "\x03": "..#..|.###.|.###.|#####|.###.|.###.|..#..",
    "\x04": ".###.|.###.|..#..|##.##|##.##|..#..|.###.",
    # Lower case, after the HD44780 / Arduboy 5x7 fonts: x-height 5 rows (rows
    # 2-6), ascenders b d f h k l t the full 7 rows, and descenders squeezed in:
    # g's bowl a row higher with its tail in the last row; p q y on rows 2-6.
    "a": ".....|.....|.###.|....#|.####|#...#|.####",
    "b": "#....|#....|#.##.|##..#|#...#|#...#|####.",
    "c": ".....|.....|.###.|#....|#....|#...#|.###.",
    "d": "....#|....#|.##.#|#..##|#...#|#...#|.####",
    "e": ".....|.....|.###.|#...#|#####|#....|.###.",
    "f": "..##.|.#..#|###..|.#...|.#...|.#...|.#...",
    "g": ".....|.##.#|#..##|#...#|.####|....#|.###.",
    "h": "#....|#....|#.##.|##..#|#...#|#...#|#...#",
    "i": "..#..|.....|.##..|..#..|..#..|..#..|.###.",
    "j": "...#.|.....|..##.|...#.|...#.|#..#.|.##..",
    "k": "#....|#....|#..#.|#.#..|##...|#.#..|#..#.",
    "l": ".##..|..#..|..#..|..#..|..#..|..#..|..##.",
    "m": ".....|.....|##.#.|#.#.#|#.#.#|#.#.#|#.#.#",
    "n": ".....|.....|#.##.|##..#|#...#|#...#|#...#",
    "o": ".....|.....|.###.|#...#|#...#|#...#|.###.",
    "p": ".....|#.##.|##..#|#...#|####.|#....|#....",
    "q": ".....|.##.#|#..##|#...#|.####|....#|....#",
    "r": ".....|.....|#.##.|##..#|#....|#....|#....",
    "s": ".....|.....|.####|#....|.###.|....#|####.",
    "t": ".#...|.#...|###..|.#...|.#...|.#..#|..##.",
    "u": ".....|.....|#...#|#...#|#...#|#..##|.##.#",
    "v": ".....|.....|#...#|#...#|#...#|.#.#.|..#..",
    "w": ".....|.....|#...#|#...#|#.#.#|#.#.#|.#.#.",
    "x": ".....|.....|#...#|.#.#.|..#..|.#.#.|#...#",
    "y": ".....|.....|#...#|#...#|.####|....#|.###.",
    "z": ".....|.....|#####|...#.|..#..|.#...|#####",
    ";": ".....|.##..|.##..|.....|.##..|..#..|.#...",
    "%": "##...|##..#|...#.|..#..|.#...|#..##|...##",
    "&": ".##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#",
    '"': ".#.#.|.#.#.|.#.#.|.....|.....|.....|.....",
    "[": ".###.|.#...|.#...|.#...|.#...|.#...|.###.",
    "]": ".###.|...#.|...#.|...#.|...#.|...#.|.###.",
    "_": ".....|.....|.....|.....|.....|.....|#####",
    "@": ".###.|#...#|#.###|#.#.#|#.###|#....|.###.",
    "~": ".....|.....|.#...|#.#.#|...#.|.....|.....",
    # Arrows: "more" to the right and to the left, in menus.
    "\x05": ".....|..#..|...#.|#####|...#.|..#..|.....",
    "\x06": ".....|..#..|.#...|#####|.#...|..#..|.....",
    # Clear the Dungeon's side column: the deck (a card back) and the monsters slain (a skull).
    "\x07": "#####|#.#.#|##.##|#.#.#|##.##|#.#.#|#####",
    "\x08": ".###.|#####|#.#.#|#####|.###.|.#.#.|.....",
}

# The narrow "10" of a card's corner: 7 pixels wide, so a dark column stays
# between it and the suit (a 9-pixel 10 ran into it).
TEN = ".#..##.|##.#..#|.#.#..#|.#.#..#|.#.#..#|.#.#..#|.#..##."

# The Joker's corner, in place of a rank: a jester's cap with three bells (7x5),
# under it a small B or R (3x5) for the black or the red Joker; a letter alone
# in the rank's place read as an 8.
JESTER = "#..#..#|.#.#.#.|.#####.|#######|#.#.#.#"
JOKER_COLOURS = ["##.|#.#|##.|#.#|##.", "##.|#.#|##.|##.|#.#"]  # B R

# Card suits (7x7), in the engine's suit order S H D C, then the Joker's star.
# The spade's lobes end either side of its stem, over a foot; the diamond is
# narrow (5 wide), so no row of it is a spade's; heart and club start a row
# down, under the top right corner's match mark (games/rogue/play.py), which
# only a point (spade, diamond, star) passes beside.  A card draws its suit
# one pixel clear of the cursor's frame (ui/sheets.py), so a diamond's point
# never joins the frame's bar into a spade's stem and foot.
SUITS = [
    "...#...|..###..|.#####.|#######|#######|##.#.##|..###..",
    ".......|.##.##.|#######|#######|.#####.|..###..|...#...",
    "...#...|..###..|..###..|.#####.|..###..|..###..|...#...",
    ".......|..###..|..###..|##.#.##|#######|##.#.##|...#...",
    "...#...|...#...|#######|.#####.|..###..|.##.##.|#.....#",
]


def rows_to_bytes(art, width, height=7):
    out = []
    for row in art.split("|"):
        assert len(row) == width, (art, row)
        v = 0
        for ch in row:
            v = (v << 1) | (ch == "#")
        out.append(v)
    assert len(out) == height, art
    return out


def render():
    chars = "".join(GLYPHS)
    font = [b for ch in chars for b in rows_to_bytes(GLYPHS[ch], 5)]
    suits = [b for art in SUITS for b in rows_to_bytes(art, 7)]
    ten = rows_to_bytes(TEN, 7)
    jester = rows_to_bytes(JESTER, 7, 5)
    colours = [b for art in JOKER_COLOURS for b in rows_to_bytes(art, 3, 5)]
    lines = [
        '"""The 5x7 font and the card suits as bytes: generated by tools/make_font.py',
        "from its pixel art; edit that, not this.",
        "",
        "CHARS lists the characters; glyph i is FONT[7*i : 7*i + 7], one byte a row,",
        "bit 4 the leftmost pixel.  \\x01-\\x04 are small suits S H D C, \\x05 and \\x06",
        "arrows right and left, \\x07 a card back and \\x08 a skull.  SUITS holds the",
        "7x7 card suits S H D C and the Joker's star (bit 6 leftmost); TEN the narrow",
        "7-pixel-wide 10 of a card's corner (bit 6 leftmost); JESTER the Joker's 7x5",
        "cap in place of a rank, and",
        "JOKER_COLOURS its small 3x5 B and R under the cap (bit 2 leftmost).",
        "",
        "Memory: about 800 bytes of constants.",
        '"""',
        "",
        "CHARS = %r" % chars,
        "FONT = %r" % bytes(font),
        "SUITS = %r" % bytes(suits),
        "TEN = %r" % bytes(ten),
        "JESTER = %r" % bytes(jester),
        "JOKER_COLOURS = %r" % bytes(colours),
        "",
    ]
    return "\n".join(lines)


def main(argv=None):
    from tools import cli

    return cli.guard("make_font", _main, argv)


def _main(argv):
    from tools import cli

    p = cli.Parser("make_font", description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if ui/font.py is out of date, writing nothing")
    args = p.parse_args(argv)
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ui", "font.py")
    text = render()
    if args.check:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                print("ui/font.py is out of date: run python -m tools.make_font")
                return 1
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
