"""Soltura's and Scoundrel's notation, for the desktop: their moves as text,
their rules' reason codes in words, and a deal from a given order.

A move names a room card, then what it does: ``7H`` uses a potion or weapon,
``QS>w`` fights with the weapon, ``QS>b`` barehanded, a Joker's action by
name (``RJ>heal``, ``BJ>swap>QS``); ``avoid`` avoids the room (Scoundrel),
``u`` undoes.
"""

from engine.game import NO_SEED
from engine.notation import UNDO, mark_dealt, name, parse
from games.crawl import rules as crawl

# Why check() refuses a move: games/crawl/rules.py keeps these codes private (as
# Clear the Dungeon's do), so the desktop names them here.
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
