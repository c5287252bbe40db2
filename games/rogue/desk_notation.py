"""Rogue Solitaire's text forms (shared/rogue-rules.md 3.18): its moves in
each phase, the reasons check() gives in words, and the names of its phases
and ends; for the command line, the tests and the bots' reports (desktop only,
as engine/notation.py, whose card names it uses).

A move's byte means something else in each phase (games/rogue/rules.py), so its
text is read against the game: ``QH>d`` discards QH (DISCARD); ``-`` skips
the play, ``3>7`` moves or swaps player 3 to player 7, ``^3`` turns player 3
face up, ``QH>3`` puts hand QH on player 3, ``3>h`` takes player 3 into the
hand (PLAY); ``a3`` attacks from place 3 (PLAY, ATTACK); ``m7`` names monster
place 7 (a heal's place, a steal's card); ``QH>x`` the hand card a club attack
takes; ``KS>v`` the face card fed to the Buffet; ``next`` goes down a floor;
``quit`` stops between floors (no move: the run stays as it is); ``u`` undoes.
Places 1-9 read like a phone keypad; ``m1``-``m9`` are the monster's.

Memory: a few tuples of words; nothing per move.
"""

from games.rogue import desk_deal, rules as rogue
from games.rogue.achievements import achievements
from engine.game import NO_SEED, PHASE_OVER
from engine.notation import mark_dealt, name, parse

QUIT = 0x100  # "quit": not a move byte (games/rogue/rules.py: the app suspends the run)

# By phase number (engine/game.py's PHASE_MOVE 0 never comes up in Rogue).
PHASE_NAMES = ("", "over", "discard", "play", "attack", "choose_heal", "choose_club", "choose_steal",
               "choose_buffet", "between_floors")
END_NAMES = ("", "escaped", "slain", "starved", "resigned")
RULES = ("quick", "campaign")  # the command line's names, in RULE_NAMES' order
ACHIEVEMENTS = ("AC1", "AC2", "AC3", "AC4", "AC5", "AC6")

# What each phase's moves look like, for a move given in the wrong one.
_WANTED = ("", "nothing: the game is over", "a discard: CARD>d", "a play (-, 3>7, ^3, QH>3, 3>h) or an attack (a3)",
           "the attack: a1-a9", "the monster place the heal card goes to: m1-m9", "the hand card the monster takes: CARD>x",
           "the place the monster steals from: m1-m9", "the face card for the Buffet: CARD>v", "next, or quit")

REASONS = (
    "",
    "the game is over",
    "no such move in this step",
    "",  # R_NOT_NOW: by phase, below
    "there is no card there",
    "a card cannot go onto its own place",
    "that card is already face up",
    "place 5 does not attack: attack from an outer place",
    "another of your cards faces a monster card: attack from one that does",
    "",  # not a place or card the choice may name: by phase, below
)
_NOT_NOW = {
    rogue.PHASE_DISCARD: "discard first: the hand holds more than 5 cards",
    rogue.PHASE_ATTACK: "the play is made: attack now",
}
_NOT_PENDING = {
    rogue.PHASE_HEAL: "the heal card goes to an empty monster place",
    rogue.PHASE_STEAL: "the monster steals only a face-down card facing one of yours",
    rogue.PHASE_CLUB: "not a card the monster can take",
    rogue.PHASE_BUFFET: "not one of the face cards to feed the Buffet",
}


def reason(game, code):
    """Why check() refused a move, in words ("row 1 would be empty")."""
    if rogue.R_ROW < code <= rogue.R_ROW + 3:
        return "row %d would be empty" % (code - rogue.R_ROW)
    if rogue.R_COL < code <= rogue.R_COL + 3:
        return "column %d would be empty" % (code - rogue.R_COL)
    if code == rogue.R_NOT_NOW:
        return _NOT_NOW.get(game.phase(), "not in this step")
    if 0 < code < len(REASONS):
        return REASONS[code] or _NOT_PENDING.get(game.phase(), "not one of the choices")
    return "refused (reason %d)" % code


# The move bytes of a play, built as games/rogue/rules.py's docstring says ("Moves");
# the engine keeps only the constants (a function costs the board's heap).
def swap(a, b):
    """P1/P2: player place a to player place b."""
    return a * 9 + b


def flip(p):
    return rogue.FLIP + p


def take(p):
    return rogue.TAKE + p


def from_hand(i, b):
    """P4/P5: hand card i to player place b."""
    return rogue.FROM_HAND + i * 9 + b


def attack(p):
    return rogue.ATTACK + p


def candidates(game):
    """The Buffet's candidate cards now, as a bytearray."""
    out = bytearray(16)
    return out[: game.candidates(out)]


def move_text(game, mv):
    """The text form of move byte mv in the game's current phase."""
    if mv == rogue.UNDO:
        return "u"
    if mv == QUIT:
        return "quit"
    phase = game.phase()
    if phase == rogue.PHASE_DISCARD:
        return name(game.hand[mv]) + ">d"
    if phase == rogue.PHASE_CLUB:
        return name(game.hand[mv]) + ">x"
    if phase in (rogue.PHASE_HEAL, rogue.PHASE_STEAL):
        return "m%d" % (mv + 1)
    if phase == rogue.PHASE_BUFFET:
        return name(candidates(game)[mv]) + ">v"
    if phase == rogue.PHASE_BETWEEN:
        return "next"
    if mv < rogue.FLIP:
        return "%d>%d" % (mv // 9 + 1, mv % 9 + 1)
    if mv < rogue.TAKE:
        return "^%d" % (mv - rogue.FLIP + 1)
    if mv < rogue.SKIP:
        return "%d>h" % (mv - rogue.TAKE + 1)
    if mv == rogue.SKIP:
        return "-"
    if mv < rogue.ATTACK:
        return "%s>%d" % (name(game.hand[(mv - rogue.FROM_HAND) // 9]), (mv - rogue.FROM_HAND) % 9 + 1)
    return "a%d" % (mv - rogue.ATTACK + 1)


def _place(text, what):
    """0..8 for a place '1'..'9'; ValueError naming what is wrong."""
    if len(text) == 1 and "1" <= text <= "9":
        return ord(text) - ord("1")
    raise ValueError("%s '%s' is not a place 1-9" % (what, text))


def _in_hand(game, text):
    c = parse(text)
    for i in range(game.hand_n):
        if game.hand[i] & 0x7F == c:
            return i
    raise ValueError("%s is not in the hand" % name(c))


def parse_move(game, text):
    """The move byte for a move in notation in the game's current phase (QUIT
    for 'quit', rogue.UNDO for 'u'); ValueError saying what is wrong."""
    t = text.strip().lower()
    if t in ("u", "undo"):
        return rogue.UNDO
    phase = game.phase()
    if phase == PHASE_OVER:
        raise ValueError("the game is over")
    kind = _kind(t)
    want = _FAMILY[phase]
    if kind not in want:
        raise ValueError("'%s' is not a move of this step (%s): it takes %s"
                         % (text.strip(), PHASE_NAMES[phase].replace("_", " "), _WANTED[phase]))
    if kind == "next":
        return rogue.NEXT
    if kind == "quit":
        return QUIT
    if kind == "skip":
        return rogue.SKIP
    if kind == "attack":
        return attack(_place(t[1:], "attack from"))
    if kind == "monster":
        return _place(t[1:], "monster place")
    if kind == "flip":
        return flip(_place(t[1:], "flip"))
    left, right = t.split(">", 1)
    if kind == "discard" or kind == "club":
        return _in_hand(game, left)
    if kind == "buffet":
        c = parse(left)
        cands = candidates(game)
        for i in range(len(cands)):
            if cands[i] & 0x7F == c:
                return i
        raise ValueError("%s is not one of the Buffet's candidates (%s)" % (name(c), " ".join(name(x) for x in cands)))
    if kind == "take":
        return take(_place(left, "take"))
    if kind == "board":
        return swap(_place(left, "from"), _place(right, "to"))
    return from_hand(_in_hand(game, left), _place(right, "to"))  # "hand"


def _kind(t):
    """What form of move the text is (by its shape only)."""
    if t in ("next", "quit"):
        return t
    if t == "-":
        return "skip"
    if t[:1] == "a" and ">" not in t:
        return "attack"
    if t[:1] == "m" and ">" not in t:
        return "monster"
    if t[:1] == "^":
        return "flip"
    if ">" not in t:
        raise ValueError("move '%s' is not in the notation (-, 3>7, ^3, QH>3, 3>h, a3, m7, QH>d, QH>x, KS>v, "
                         "next, quit, u)" % t)
    left, right = t.split(">", 1)
    if right in ("d", "x", "v"):
        return {"d": "discard", "x": "club", "v": "buffet"}[right]
    if right == "h":
        return "take"
    if len(left) == 1 and left.isdigit():
        return "board"
    return "hand"


_PLAY = ("skip", "board", "flip", "hand", "take", "attack")
_FAMILY = {
    rogue.PHASE_DISCARD: ("discard",),
    rogue.PHASE_PLAY: _PLAY,
    rogue.PHASE_ATTACK: _PLAY,  # the engine says why a play is too late
    rogue.PHASE_HEAL: ("monster",),
    rogue.PHASE_STEAL: ("monster",),
    rogue.PHASE_CLUB: ("club",),
    rogue.PHASE_BUFFET: ("buffet",),
    rogue.PHASE_BETWEEN: ("next", "quit"),
}


def grid(cards):
    """A grid's nine places: a card's name, '??' face down, None empty."""
    return [None if c == 0 else ("??" if c & 0x80 else name(c)) for c in cards]


def state(game, moves, stored=0):
    """The game as a JSON-ready dict (3.18); moves: the moves made, in notation."""
    phase = game.phase()
    n = game.legal_moves()
    legal = [move_text(game, game.legal[i]) for i in range(n)]
    if phase == rogue.PHASE_BETWEEN:
        legal.append("quit")
    mask = game.pending()
    pending = []
    if phase in (rogue.PHASE_HEAL, rogue.PHASE_STEAL):
        pending = ["m%d" % (p + 1) for p in range(9) if mask >> p & 1]
    elif phase == rogue.PHASE_CLUB:
        pending = [name(game.hand[i]) for i in range(game.hand_n) if mask >> i & 1]
    elif phase == rogue.PHASE_BUFFET:
        cands = candidates(game)
        pending = [name(cands[i]) for i in range(len(cands)) if mask >> i & 1]
    gauntlet = game.floor > 10
    earned = achievements(game, stored) >> rogue.ACH_SHIFT
    return {
        "game": "rogue",
        "rules": RULES[game.rules],
        "seed": None if game.seed == NO_SEED else game.seed,
        "status": ("playing", "won", "lost")[game.status],
        "floor": game.floor,
        "turn": game.turn,
        "phase": PHASE_NAMES[phase],
        "moves": list(moves),
        "player": grid(game.player),
        "monster": grid(game.monster),
        "exit": grid(game.exit),
        "hand": [name(game.hand[i]) for i in range(game.hand_n)],
        "deck_left": game.deck_n,
        "discards": game.pile_n,
        "buffet": game.buffet_n if gauntlet else [name(game.buffet[i]) for i in range(game.buffet_n)],
        "named": name(game.named()) if game.named() else None,
        "pending": pending,
        "legal": legal,
        "can_undo": game.can_undo(),
        "score": game.score(),
        "achievements": [ACHIEVEMENTS[i] for i in range(6) if earned >> i & 1],
        "end": END_NAMES[game.end] or None,
        "loss": END_NAMES[game.end] if game.status == 2 else None,
    }


DECK_HELP = ("all 54 cards as the table lies, top first: player places 1-9, exit places 1-9 "
             "(place 5 is RJ, the lock), monster places 1-9, then the deck from its top")


def deal(game, order):
    """Deal a Rogue Solitaire game from a given order (DECK_HELP); ValueError
    naming the first card that is wrong."""
    if len(order) != 54:
        raise ValueError("a deal needs all 54 cards (player 1-9, exit 1-9, monster 1-9, then the deck), got %d"
                         % len(order))
    seen = bytearray(128)
    for i in range(54):
        c = order[i] & 0x7F
        mark_dealt(seen, c)
    if order[13] & 0x7F != 0x1F:
        raise ValueError("card 14 (exit place 5) must be RJ, the lock, not %s" % name(order[13]))
    return set_up(game, order)


def set_up(game, order):
    """Lay a given deal on a new game (desk_deal.py), as Rogue.set_up does."""
    return desk_deal.set_up(game, order, rogue._SHUFFLES)
