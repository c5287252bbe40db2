"""The text forms of cards, and what every game's notation shares: for the
command line, the tests and the bots' reports.  A game's own notation (its
moves, and its rules' reason and loss codes in words) is its folder's
desk_notation.py.  The device draws cards from sprites and says reasons in
its own short words, so it never imports this module.

Cards: rank ``A 2 .. 10 J Q K`` then suit ``S H D C`` (``10H``, ``QS``); the
Jokers ``RJ`` and ``BJ``; any case on input.  ``u`` (UNDO) undoes a move in
every game.
"""

from engine import cards

STATUS_NAMES = ("playing", "won", "lost")
SUIT_LETTERS = "SHDC"

def name(c):
    """The text form of a card: '10H', 'QS', 'RJ', 'BJ'; '--' for no card."""
    c &= 0x7F
    if c == 0:
        return "--"
    if c & 0x0F == cards.JOKER:
        return "RJ" if c == cards.RED_JOKER else "BJ"
    return cards.RANK_NAMES[c & 0x0F] + SUIT_LETTERS[(c >> 4) & 3]


def parse(text):
    """The byte for a card's text form (any case); ValueError naming it if unknown."""
    t = text.strip().upper()
    if t == "RJ":
        return cards.RED_JOKER
    if t == "BJ":
        return cards.BLACK_JOKER
    if len(t) >= 2:
        s = SUIT_LETTERS.find(t[-1])
        r = t[:-1]
        if s >= 0:
            for i in range(1, 14):
                if cards.RANK_NAMES[i] == r:
                    return (s << 4) | i
    raise ValueError("unknown card '" + text.strip() + "' (use A 2..10 J Q K + S H D C, or RJ BJ)")


def parse_list(text):
    """A bytearray of the cards in a text separated by spaces or commas."""
    words = text.replace(",", " ").split()
    out = bytearray(len(words))
    for i in range(len(words)):
        out[i] = parse(words[i])
    return out


def names(buf, n=-1):
    """A list of the text forms of the first n cards (all when n < 0)."""
    if n < 0:
        n = len(buf)
    return [name(buf[i]) for i in range(n)]


UNDO = 0xFF


def mark_dealt(seen, c):
    """Note card c as dealt in seen (a bytearray by card byte); ValueError
    when it already was: a given deal holds each card once."""
    if seen[c]:
        raise ValueError("card %s appears twice" % name(c))
    seen[c] = 1
