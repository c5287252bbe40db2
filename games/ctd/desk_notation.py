"""Clear the Dungeon's notation, for the desktop: its moves as text, its
rules' reason and loss codes in words, and a deal from a given order.

Moves name the card and where it goes: ``7H>2`` places the 7 of hearts (from
the hand, or the reserve's top) on column 2 (columns count from 1, left to
right); ``7H>d`` discards it to the damage or reserve pile; ``u`` undoes the
last move of the hand.
"""

from engine import cards
from engine.game import NO_SEED
from engine.notation import UNDO, mark_dealt, name, parse
from games.ctd import rules as ctd

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
