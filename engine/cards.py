"""Cards as bytes, shared by every game.

One card is one byte; 0 means "no card" (an empty slot):

    bit 7      face down
    bits 4-5   suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs
    bits 0-3   rank: 1 ace .. 13 king, 15 joker

The two Jokers are told apart by their suit bits: the black Joker (BJ) is a
"spade" joker, the red Joker (RJ) a "heart" one.  Decks, piles and columns are
bytearrays of such bytes.  Their text form lives in engine/notation.py, which
the device does not need.

Memory: constants, a few small functions, and the rank names as interned strings.
"""

from engine import const


SPADES = const(0)
HEARTS = const(1)
DIAMONDS = const(2)
CLUBS = const(3)
JOKER = const(15)  # the rank of both Jokers
FACE_DOWN = const(0x80)

# The text of each rank (index 1..13), shared by the screens and engine/notation.py.
# Built from a list so that its strings are interned names: a literal tuple of
# strings is a constant whose strings each take a heap object (about 0.8 KB).
RANK_NAMES = tuple(["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])

BLACK_JOKER = const(0x0F)  # BJ: rank 15, suit spades
RED_JOKER = const(0x1F)  # RJ: rank 15, suit hearts



def rank(c):
    """1..13, or JOKER (15); 0 for no card."""
    return c & 0x0F


def suit(c):
    return (c >> 4) & 0x03


def is_joker(c):
    return c & 0x0F == JOKER


def standard_deck(jokers=True):
    """The 52 cards (plus the two Jokers) in a fixed order: suit by suit, A..K."""
    out = bytearray(54 if jokers else 52)
    i = 0
    for s in range(4):
        for r in range(1, 14):
            out[i] = (s << 4) | r
            i += 1
    if jokers:
        out[52] = BLACK_JOKER
        out[53] = RED_JOKER
    return out
