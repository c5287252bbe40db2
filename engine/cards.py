"""Cards as bytes, shared by every game.

One card is one byte; 0 means "no card" (an empty slot):

    bit 7      face down
    bits 4-5   suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs
    bits 0-3   rank: 1 ace .. 13 king, 15 joker

The two Jokers are told apart by their suit bits: the black Joker (BJ) is a
"spade" joker, the red Joker (RJ) a "heart" one.  Decks, piles and columns are
bytearrays of such bytes.  Text form: rank ``A 2 .. 10 J Q K`` then suit
``S H D C`` (``10H``, ``QS``); Jokers ``RJ`` and ``BJ``.

Memory: constants only, plus the two short lookup strings below.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(x):
        return x


SPADES = const(0)
HEARTS = const(1)
DIAMONDS = const(2)
CLUBS = const(3)
JOKER = const(15)  # the rank of both Jokers
FACE_DOWN = const(0x80)

BLACK_JOKER = const(0x0F)  # BJ: rank 15, suit spades
RED_JOKER = const(0x1F)  # RJ: rank 15, suit hearts

SUIT_LETTERS = "SHDC"
_RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card(rank_, suit_):
    """The byte for a face-up card of this rank (1..13, or JOKER) and suit."""
    return (suit_ << 4) | rank_


def rank(c):
    """1..13, or JOKER (15); 0 for no card."""
    return c & 0x0F


def suit(c):
    return (c >> 4) & 0x03


def is_joker(c):
    return c & 0x0F == JOKER


def face_up(c):
    return c & 0x7F


def is_red(c):
    s = (c >> 4) & 0x03
    return s == HEARTS or s == DIAMONDS


def name(c):
    """The text form of a card: '10H', 'QS', 'RJ', 'BJ'; '--' for no card."""
    c &= 0x7F
    if c == 0:
        return "--"
    if c & 0x0F == JOKER:
        return "RJ" if c == RED_JOKER else "BJ"
    return _RANK_NAMES[c & 0x0F] + SUIT_LETTERS[(c >> 4) & 3]


def parse(text):
    """The byte for a card's text form (any case); ValueError naming it if unknown."""
    t = text.strip().upper()
    if t == "RJ":
        return RED_JOKER
    if t == "BJ":
        return BLACK_JOKER
    if len(t) >= 2:
        s = SUIT_LETTERS.find(t[-1])
        r = t[:-1]
        if s >= 0:
            for i in range(1, 14):
                if _RANK_NAMES[i] == r:
                    return (s << 4) | i
    raise ValueError("unknown card '" + text.strip() + "' (use A 2..10 J Q K + S H D C, or RJ BJ)")


def parse_list(text):
    """A bytearray of the cards in a text separated by spaces or commas."""
    words = text.replace(",", " ").split()
    out = bytearray(len(words))
    for i in range(len(words)):
        out[i] = parse(words[i])
    return out


def names(cards, n=-1):
    """A list of the text forms of the first n cards (all when n < 0)."""
    if n < 0:
        n = len(cards)
    return [name(cards[i]) for i in range(n)]


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
