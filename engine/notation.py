"""The text forms of cards and moves, and the rules' reason and loss codes by
name and in words: for the command line, the tests and the bots' reports.  The
device draws cards from sprites and says reasons in its own short words (ui/),
so it never imports this module; the engine keeps those codes private, which
costs the board no heap.

Cards: rank ``A 2 .. 10 J Q K`` then suit ``S H D C`` (``10H``, ``QS``); the
Jokers ``RJ`` and ``BJ``; any case on input.

Clear the Dungeon moves name the card and where it goes: ``7H>2`` places the 7
of hearts (from the hand, or the reserve's top) on column 2 (columns count from
1, left to right); ``7H>d`` discards it to the damage or reserve pile; ``u``
undoes the last move of the hand.
"""

from engine import cards
from games.crawl import rules as crawl
from games.ctd import rules as ctd
from engine.game import NO_SEED

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



# -- Clear the Dungeon -------------------------------------------------------
# Why check() refuses a move, and why a game was lost: games/ctd/rules.py keeps these
# codes private (_R_..., _LOSS_...: a public name costs the board heap), so the
# desktop names them here; tests/test_engine.py holds the two to the same values.
CTD_R_OVER = 1
CTD_R_NO_CARD = 2
CTD_R_CLEARED = 3
CTD_R_WEAK = 4
CTD_R_PAIR = 5
CTD_R_SUIT = 6
CTD_R_ONE_MONSTER = 7
CTD_R_TOO_FEW = 8
CTD_R_IN_RESERVE = 9
CTD_R_NO_SUCH = 10
CTD_LOSS_DAMAGE = 1
CTD_LOSS_SPENT = 2
CTD_LOSS_STUCK = 3

CTD_REASONS = (
    "",
    "the game is over",
    "there is no card there",
    "that column is cleared",
    "too weak: even a 10 after it would not reach the monster's power",
    "the power pair would not reach the monster's power",
    "the trigger must match the monster's suit (or be a Joker)",
    "One Strike: a hand attacks one monster only",
    "One Strike: too few cards left in this hand to kill",
    "that card is already on the reserve pile",
    "no such place",
)


CTD_LOSSES = (
    "",
    "the damage pile reached 7 cards",
    "the power deck and the hand are spent with monsters left",
    "the power deck and the hand are spent and the reserve card cannot be played",
)


UNDO = 0xFF


def ctd_move_text(game, mv):
    if mv == UNDO:
        return "u"
    c = game.source_card(mv >> 4)
    target = mv & 0x0F
    return name(c) + ">" + ("d" if target == ctd.TO_PILE else str(target + 1))


def parse_ctd_move(game, text):
    """The move byte for a move in notation; ValueError saying what is wrong."""
    t = text.strip()
    if t.lower() in ("u", "undo"):
        return UNDO
    if ">" not in t:
        raise ValueError("move '%s' is not CARD>COLUMN, CARD>d or u" % t)
    left, right = t.split(">", 1)
    right = right.lower()
    c = parse(left)
    source = -1
    for s in range(3):
        if game.hand[s] == c:
            source = s
    if source < 0 and game.source_card(ctd.FROM_RESERVE) == c:
        source = ctd.FROM_RESERVE
    if source < 0:
        raise ValueError("%s is not in the hand%s" % (name(c), " or on top of the reserve" if game.rules == ctd.RESERVE else ""))
    if right == "d":
        return (source << 4) | ctd.TO_PILE
    if right.isdigit() and 1 <= int(right) <= game.columns:
        return (source << 4) | (int(right) - 1)
    raise ValueError("target '%s' is not a column 1-%d or d" % (right, game.columns))


def mark_dealt(seen, c):
    """Note card c as dealt in seen (a bytearray by card byte); ValueError
    when it already was: a given deal holds each card once."""
    if seen[c]:
        raise ValueError("card %s appears twice" % name(c))
    seen[c] = 1


def deal_ctd(game, order):
    """Deal a Clear the Dungeon game from a given order: the 12 monsters column by column, each
    column from its face-up card down, then the 42 power cards from the top.
    ValueError naming the first card that is wrong."""
    if len(order) != 54:
        raise ValueError("a deal needs 54 cards (12 monsters, then 42 power cards), got %d" % len(order))
    seen = bytearray(64)
    for i in range(54):
        c = order[i] & 0x7F
        mark_dealt(seen, c)
        face = 11 <= cards.rank(c) <= 13
        if i < ctd.MONSTERS and not face:
            raise ValueError("card %d (%s) should be a monster: J, Q or K" % (i + 1, name(c)))
        if i >= ctd.MONSTERS and face:
            raise ValueError("card %d (%s) should be a power card: A-10 or a Joker" % (i + 1, name(c)))
    game.set_up(order)
    game.seed = NO_SEED
    return game



# -- Soltura and Scoundrel ---------------------------------------------------------
# Why check() refuses a move: games/crawl/rules.py keeps these codes private (as
# ctd's above), so the desktop names them here.
CRAWL_R_OVER = 1
CRAWL_R_EMPTY = 2
CRAWL_R_NOT_MONSTER = 3
CRAWL_R_NOT_ITEM = 4
CRAWL_R_NO_WEAPON = 5
CRAWL_R_CHAIN = 6
CRAWL_R_NOT_JOKER = 7
CRAWL_R_OTHER_JOKER = 8
CRAWL_R_HP_FULL = 9
CRAWL_R_DECK_EMPTY = 10
CRAWL_R_NO_MONSTER = 11
CRAWL_R_TOUCHED = 12
CRAWL_R_AVOIDED = 13
CRAWL_R_NO_SUCH = 14

CRAWL_REASONS = (
    "",
    "the game is over",
    "there is no card there",
    "that is not a monster",
    "only potions and weapons are used so",
    "there is no weapon equipped",
    "the weapon's chain: it strikes only monsters %s the last it slew",
    "that is not a Joker",
    "the other Joker has that action",
    "HP is already full",
    "the deck is empty",
    "swap needs a monster in the room",
    "a room can be avoided only before any of its cards is touched",
    "the last room was avoided: never two in a row",
    "no such move",
)

# The words after '>' in a move, by action (A_USE has none)
CRAWL_ACTIONS = ("", "w", "b", "escort", "buff", "heal", "preview", "flee", "bet", "swap")


def crawl_reason(game, code):
    text = CRAWL_REASONS[code]
    if code == CRAWL_R_CHAIN:
        text = text % ("strictly lower than" if game.strict() else "equal to or lower than")
    return text


def crawl_move_text(game, mv):
    if mv == UNDO:
        return "u"
    if mv == crawl.AVOID:
        return "avoid"
    act = mv >> 4
    c = game.room[(mv >> 2) & 3]
    if act == crawl.A_USE:
        return name(c)
    text = name(c) + ">" + CRAWL_ACTIONS[act]
    if act == crawl.A_SWAP:
        text += ">" + name(game.room[mv & 3])
    return text


def _room_slot(game, text):
    c = parse(text)
    for i in range(4):
        if game.room[i] == c:
            return i
    raise ValueError("%s is not in the room" % name(c))


def parse_crawl_move(game, text):
    """The move byte for a Soltura or Scoundrel move in notation; ValueError
    saying what is wrong."""
    t = text.strip().lower()
    if t in ("u", "undo"):
        return UNDO
    if t == "avoid":
        return crawl.AVOID
    words = t.split(">")
    slot = _room_slot(game, words[0])
    if len(words) == 1:
        return crawl.move(crawl.A_USE, slot)
    if words[1] not in CRAWL_ACTIONS[1:]:
        raise ValueError("action '%s' is not one of: %s" % (words[1], ", ".join(CRAWL_ACTIONS[1:])))
    act = CRAWL_ACTIONS.index(words[1])
    if act == crawl.A_SWAP:
        if len(words) != 3:
            raise ValueError("swap names the room monster to trade: BJ>swap>QS")
        return crawl.move(act, slot, _room_slot(game, words[2]))
    if len(words) != 2:
        raise ValueError("move '%s' has too many parts" % text.strip())
    return crawl.move(act, slot)


def deal_crawl(game, order):
    """Deal Soltura or Scoundrel from a given order, the whole dungeon from the
    top; ValueError naming the first card that is wrong."""
    every = game.every_card()
    if len(order) != len(every):
        raise ValueError("a deal needs the %d dungeon cards, got %d" % (len(every), len(order)))
    seen = bytearray(128)
    for i in range(len(order)):
        c = order[i] & 0x7F
        if c not in every:
            raise ValueError("card %d (%s) is not in this dungeon (no red J, Q, K or A%s)"
                             % (i + 1, name(c), "" if game.JOKERS else ", no Jokers"))
        mark_dealt(seen, c)
    game.set_up(order)
    game.seed = NO_SEED
    return game
