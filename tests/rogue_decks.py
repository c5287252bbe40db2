"""Fixed tables for Rogue Solitaire tests: name the cards of each grid and
the deck's top, and the rest follow in a fixed order; then move cards about
with every card still in exactly one place (I1).  Places count 1-9 here, as
the rules do; the engine's are 0-8."""

from engine import cards, notation
from games.rogue import rules as rogue
from games.rogue.rules import Rogue

N = notation.parse
GRIDS = ("player", "monster", "exit")
PILES = (("hand", "hand_n"), ("deck", "deck_n"), ("pile", "pile_n"), ("buffet", "buffet_n"))


def table(player="", exit="", monster="", deck=""):
    """The 54 cards as Rogue.set_up takes them.  exit names the eight outer
    exit cards (places 1-4, 6-9); each part starts with its named cards and is
    filled from the other cards in cards.standard_deck() order, BJ last."""
    named = [notation.parse_list(t) for t in (player, exit, monster, deck)]
    used = set(c for part in named for c in part)
    rest = [c for c in cards.standard_deck() if c not in used and c != cards.RED_JOKER and c != cards.BLACK_JOKER]
    if cards.BLACK_JOKER not in used:
        rest.append(cards.BLACK_JOKER)
    parts = []
    for part, size in zip(named, (9, 8, 9, 27)):
        part = list(part)
        while len(part) < size:
            part.append(rest.pop(0))
        parts.append(part)
    e = parts[1]
    order = bytearray(parts[0] + e[:4] + [cards.RED_JOKER] + e[4:] + parts[2] + parts[3])
    assert len(order) == 54 and not rest, "a part names too many cards"
    return order


def deal(rules=rogue.QUICK, **parts):
    return Rogue(rules).set_up(table(**parts))


def where(g, c):
    """(part name, index) of card c, face-down flag ignored."""
    for name in GRIDS + tuple(p for p, _ in PILES):
        part = getattr(g, name)
        for i in range(len(part)):
            if part[i] and part[i] & 0x7F == c:
                return name, i
    raise AssertionError("card %s is nowhere" % notation.name(c))


def take_out(g, c):
    """Take card c from wherever it lies (a pile closes up); returns it face up."""
    name, i = where(g, c)
    part = getattr(g, name)
    for p, count in PILES:
        if p == name:
            n = getattr(g, count)
            part[i:n - 1] = part[i + 1:n]
            part[n - 1] = 0
            setattr(g, count, n - 1)
            return c
    part[i] = 0
    return c


def push(g, name, c):
    """Put card c on the end (the top) of a pile part."""
    count = dict(PILES)[name]
    n = getattr(g, count)
    getattr(g, name)[n] = c
    setattr(g, count, n + 1)


def clear(g, name, places):
    """Send the cards at these places (1-9) of a grid to the discard pile."""
    part = getattr(g, name)
    for p in places:
        if part[p - 1]:
            push(g, "pile", part[p - 1] & 0x7F)
            part[p - 1] = 0


def put(g, name, place, text, down=False):
    """Card text to grid place (1-9), face down if down; the card there goes to the pile."""
    c = take_out(g, N(text))
    clear(g, name, [place])
    getattr(g, name)[place - 1] = c | (cards.FACE_DOWN if down else 0)


def grid(g, name, text):
    """Lay a whole grid from nine words: a card, ~card for face down, - for empty."""
    words = text.split()
    assert len(words) == 9
    clear(g, name, [p for p in range(1, 10) if p != 5 or name != "exit"])
    for p, w in enumerate(words, 1):
        if w != "-" and not (name == "exit" and p == 5):
            put(g, name, p, w.lstrip("~"), w.startswith("~"))


def hand(g, text):
    """These cards into the hand, in order (DISCARD when it holds more than 5)."""
    for c in notation.parse_list(text):
        push(g, "hand", take_out(g, c))
    if g.step == rogue.PHASE_PLAY and g.hand_n > 5:
        g.step = rogue.PHASE_DISCARD


def top(g, text):
    """These cards on top of the deck, the first named on top."""
    for c in reversed(notation.parse_list(text)):
        push(g, "deck", take_out(g, c))


def pile(g, text):
    for c in notation.parse_list(text):
        push(g, "pile", take_out(g, c))


def names(part, n=None):
    """Text of a part: ~ before a face-down card, -- for an empty place."""
    out = []
    for c in part if n is None else part[:n]:
        out.append(("~" if c & cards.FACE_DOWN else "") + notation.name(c) if c else "--")
    return out


def events(g):
    return [tuple(g.events[3 * i:3 * i + 3]) for i in range(g.n_events)]


def kinds(g):
    return [e[0] for e in events(g)]


def census_ok(g):
    """I1: each of the 54 cards once."""
    every = sorted(c & 0x7F for name in Rogue.CARD_PARTS for c in getattr(g, name) if c)
    return every == sorted(cards.standard_deck())
