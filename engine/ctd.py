"""Clear the Dungeon (Mark S. Ball): the rules, for three rule sets.

Twelve monsters (J 11, Q 12, K 13) stand in columns, the top one face up.  The
power deck (A-10 of every suit and both Jokers, 42 cards) is drawn three at a
time.  A monster dies to three attack cards: the first two (its power pair)
must add up to at least its power, the third (the trigger) must match its suit.

Rule sets (see RULES.md):
    CLASSIC    4 columns of 3; unplayed cards go to the damage pile, 7 loses.
    RESERVE    3 columns of 4; unplayed cards go to the reserve pile, whose top
               card can be played as if in hand; no cap.
    ONESTRIKE  4 columns of 3; one monster a hand, attacks never carry over.

A move is one byte, ``source << 4 | target``: the source is a hand slot (0-2)
or FROM_RESERVE; the target a column (0-3) or TO_PILE (the damage or reserve
pile).  ``check(move)`` gives the reason a move is refused (0 when legal);
``play(move)`` applies it and reports events; ``undo()`` takes back the moves
of the current hand up to the last draw or kill.

Memory shape (allocated once per game, nothing allocated by a move):
    monsters  12 B  column by column, each from its top slot down; 0 = slain;
                    the face-down flag marks the monsters not yet revealed
    attacks   12 B  three per column: power pair, then trigger
    deck      42 B  the power deck in deal order; deck[top:] is still to draw
    hand       3 B  0 = empty slot
    pile      42 B  the damage pile, or the reserve pile; pile[:pile_n]
    gone      54 B  slain monsters with their attack cards; gone[:gone_n]
    legal     32 B  scratch for legal_moves()
"""

from engine import cards
from engine.game import Game, SaveError, PLAYING, WON, LOST
from engine.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


CLASSIC = const(0)
RESERVE = const(1)
ONESTRIKE = const(2)
RULE_NAMES = ("classic", "reserve", "onestrike")
RULE_TITLES = ("Classic", "Reserve", "One Strike")

FROM_RESERVE = const(3)
TO_PILE = const(4)
DAMAGE_LIMIT = const(7)
POWER_CARDS = const(42)
MONSTERS = const(12)

# Events: (kind, a, b)
EV_PLACE = const(1)  # a card, b column << 2 | role
EV_DISCARD = const(2)  # a card, b cards now in the pile
EV_KILL = const(3)  # a monster, b column
EV_REVEAL = const(4)  # a monster, b column
EV_DRAW = const(5)  # a cards drawn, b cards left in the power deck
EV_FAILED = const(6)  # One Strike: a column, b attack cards sent to the damage pile
EV_WON = const(7)  # a score
EV_LOST = const(8)  # a loss reason

# Why a move is refused
R_OVER = const(1)
R_NO_CARD = const(2)
R_CLEARED = const(3)
R_WEAK = const(4)
R_PAIR = const(5)
R_SUIT = const(6)
R_ONE_MONSTER = const(7)
R_TOO_FEW = const(8)
R_IN_RESERVE = const(9)
R_NO_SUCH = const(10)
REASONS = (
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

# Why a game was lost
LOSS_DAMAGE = const(1)
LOSS_SPENT = const(2)
LOSS_STUCK = const(3)
LOSSES = (
    "",
    "the damage pile reached 7 cards",
    "the power deck and the hand are spent with monsters left",
    "the power deck and the hand are spent and the reserve card cannot be played",
)

_BODY = const(12 + 12 + 42 + 1 + 3 + 42 + 1 + 54 + 1 + 1 + 1)


def value(c):
    """A power card's attack value: A 1 .. 10, Joker 10."""
    r = c & 0x0F
    return 10 if r == cards.JOKER else r


def move(source, target):
    return (source << 4) | target


class Dungeon(Game):
    GAME_ID = 1
    BODY_SIZE = _BODY

    def __init__(self, rules=CLASSIC):
        super().__init__()
        if rules < CLASSIC or rules > ONESTRIKE:
            raise ValueError("unknown rule set")
        self.rules = rules
        self.columns = 3 if rules == RESERVE else 4
        self.depth = 4 if rules == RESERVE else 3
        self.monsters = bytearray(MONSTERS)
        self.attacks = bytearray(12)
        self.deck = bytearray(POWER_CARDS)
        self.top = 0
        self.hand = bytearray(3)
        self.pile = bytearray(POWER_CARDS)
        self.pile_n = 0
        self.gone = bytearray(54)
        self.gone_n = 0
        self.kills = 0
        self.loss = 0
        self.legal = bytearray(32)

    # -- dealing -----------------------------------------------------------
    def deal(self, seed):
        """A new game from a seed: the monsters, then the power deck, are shuffled."""
        rng = Rng(seed)
        order = bytearray(54)
        i = 0
        for r in (11, 12, 13):
            for s in range(4):
                order[i] = (s << 4) | r
                i += 1
        for s in range(4):
            for r in range(1, 11):
                order[i] = (s << 4) | r
                i += 1
        order[52] = cards.BLACK_JOKER
        order[53] = cards.RED_JOKER
        rng.shuffle(order, 0, MONSTERS)
        rng.shuffle(order, MONSTERS, 54)
        self.set_up(order)
        self.seed = seed
        return self

    def deal_cards(self, order):
        """A new game from a given order: the 12 monsters column by column, each
        column from its face-up card down, then the 42 power cards from the top.
        ValueError naming the first card that is wrong."""
        if len(order) != 54:
            raise ValueError("a deal needs 54 cards (12 monsters, then 42 power cards), got %d" % len(order))
        seen = bytearray(64)
        for i in range(54):
            c = order[i] & 0x7F
            if seen[c]:
                raise ValueError("card %s appears twice" % cards.name(c))
            seen[c] = 1
            face = 11 <= cards.rank(c) <= 13
            if i < MONSTERS and not face:
                raise ValueError("card %d (%s) should be a monster: J, Q or K" % (i + 1, cards.name(c)))
            if i >= MONSTERS and face:
                raise ValueError("card %d (%s) should be a power card: A-10 or a Joker" % (i + 1, cards.name(c)))
        self.set_up(order)
        self.seed = 0xFFFFFFFF
        return self

    def set_up(self, order):
        for c in range(self.columns):
            for k in range(self.depth):
                m = order[c * self.depth + k] & 0x7F
                self.monsters[c * self.depth + k] = m if k == 0 else m | cards.FACE_DOWN
        for i in range(POWER_CARDS):
            self.deck[i] = order[MONSTERS + i] & 0x7F
        self.top = 0
        for i in range(12):
            self.attacks[i] = 0
        for i in range(3):
            self.hand[i] = 0
        for i in range(POWER_CARDS):
            self.pile[i] = 0
        for i in range(54):
            self.gone[i] = 0
        self.pile_n = self.gone_n = self.kills = self.loss = 0
        self.status = PLAYING
        self.moves = 0
        self.n_events = 0
        self._draw()

    # -- what is where -------------------------------------------------------
    def front(self, col):
        """Index in monsters of the column's face-up monster, or -1 if cleared."""
        base = col * self.depth
        for k in range(self.depth):
            if self.monsters[base + k]:
                return base + k
        return -1

    def below(self, col):
        """How many monsters wait face down under the column's face-up one."""
        f = self.front(col)
        return 0 if f < 0 else (col + 1) * self.depth - f - 1

    def role(self, col):
        """The role the next card placed on this column takes: 0, 1 (pair) or 2 (trigger)."""
        a = col * 3
        if self.attacks[a] == 0:
            return 0
        return 1 if self.attacks[a + 1] == 0 else 2

    def source_card(self, source):
        if source == FROM_RESERVE:
            if self.rules != RESERVE or self.pile_n == 0:
                return 0
            return self.pile[self.pile_n - 1]
        if 0 <= source < 3:
            return self.hand[source]
        return 0

    def reserve_top(self):
        return self.source_card(FROM_RESERVE)

    def hand_size(self):
        return (self.hand[0] != 0) + (self.hand[1] != 0) + (self.hand[2] != 0)

    def deck_left(self):
        return POWER_CARDS - self.top

    def damage(self):
        """Cards on the damage pile (0 under the Reserve rules)."""
        return 0 if self.rules == RESERVE else self.pile_n

    def score(self):
        """Won: the cards left in the power deck.  Otherwise 0."""
        return POWER_CARDS - self.top if self.status == WON else 0

    # -- rules -------------------------------------------------------------
    def check(self, mv):
        if self.status != PLAYING:
            return R_OVER
        source = mv >> 4
        target = mv & 0x0F
        if source > FROM_RESERVE or (target >= self.columns and target != TO_PILE):
            return R_NO_SUCH
        c = self.source_card(source)
        if c == 0:
            return R_NO_CARD
        if target == TO_PILE:
            return R_IN_RESERVE if source == FROM_RESERVE else 0
        f = self.front(target)
        if f < 0:
            return R_CLEARED
        power = self.monsters[f] & 0x0F
        role = self.role(target)
        a = target * 3
        if self.rules == ONESTRIKE:
            for col in range(self.columns):
                if col != target and self.attacks[col * 3]:
                    return R_ONE_MONSTER
            if self.hand_size() - 1 < 2 - role:
                return R_TOO_FEW
        if role == 0:
            if value(c) + 10 < power:
                return R_WEAK
        elif role == 1:
            if value(self.attacks[a]) + value(c) < power:
                return R_PAIR
        elif (c & 0x0F) != cards.JOKER and (c >> 4) & 3 != (self.monsters[f] >> 4) & 3:
            return R_SUIT
        return 0

    def legal_moves(self):
        """Fills self.legal with every legal move; returns how many."""
        n = 0
        for source in range(4):
            if self.source_card(source) == 0:
                continue
            for target in range(5):
                mv = (source << 4) | target
                if self.check(mv) == 0:
                    self.legal[n] = mv
                    n += 1
        return n

    def _apply(self, mv):
        source = mv >> 4
        target = mv & 0x0F
        if source == FROM_RESERVE:
            self.pile_n -= 1
            c = self.pile[self.pile_n]
            self.pile[self.pile_n] = 0
        else:
            c = self.hand[source]
            self.hand[source] = 0
        if target == TO_PILE:
            self.pile[self.pile_n] = c
            self.pile_n += 1
            self.event(EV_DISCARD, c, self.pile_n)
            if self.rules != RESERVE and self.pile_n >= DAMAGE_LIMIT:
                self._lose(LOSS_DAMAGE)
                return
        else:
            role = self.role(target)
            self.attacks[target * 3 + role] = c
            self.event(EV_PLACE, c, (target << 2) | role)
            if role == 2:
                self._kill(target)
                if self.status != PLAYING:
                    return
        if self.hand_size() == 0:
            self._end_hand()

    def _unapply(self, mv):
        source = mv >> 4
        target = mv & 0x0F
        if target == TO_PILE:
            self.pile_n -= 1
            c = self.pile[self.pile_n]
            self.pile[self.pile_n] = 0
        else:
            a = target * 3 + self.role(target) - 1
            c = self.attacks[a]
            self.attacks[a] = 0
        if source == FROM_RESERVE:
            self.pile[self.pile_n] = c
            self.pile_n += 1
        else:
            self.hand[source] = c

    def _kill(self, col):
        f = self.front(col)
        m = self.monsters[f]
        self.monsters[f] = 0
        self.gone[self.gone_n] = m
        self.gone_n += 1
        a = col * 3
        for i in range(3):
            self.gone[self.gone_n] = self.attacks[a + i]
            self.gone_n += 1
            self.attacks[a + i] = 0
        self.kills += 1
        self.event(EV_KILL, m, col)
        if f + 1 < (col + 1) * self.depth:
            self.monsters[f + 1] &= 0x7F
            self.event(EV_REVEAL, self.monsters[f + 1], col)
        self.barrier()  # a kill reveals a card: no undo past it
        if self.kills == MONSTERS:
            self.status = WON
            self.event(EV_WON, self.score(), 0)

    def _end_hand(self):
        if self.rules == ONESTRIKE:
            for col in range(self.columns):
                a = col * 3
                n = 0
                while n < 3 and self.attacks[a + n]:
                    self.pile[self.pile_n] = self.attacks[a + n]
                    self.pile_n += 1
                    self.attacks[a + n] = 0
                    n += 1
                if n:
                    self.event(EV_FAILED, col, n)
            if self.pile_n >= DAMAGE_LIMIT:
                self._lose(LOSS_DAMAGE)
                return
        if self.top < POWER_CARDS:
            self._draw()
        elif self.rules != RESERVE:
            self._lose(LOSS_SPENT)
        elif self.legal_moves() == 0:
            self._lose(LOSS_STUCK)

    def _draw(self):
        n = 0
        while n < 3 and self.top < POWER_CARDS:
            self.hand[n] = self.deck[self.top]
            self.top += 1
            n += 1
        self.event(EV_DRAW, n, POWER_CARDS - self.top)
        self.barrier()  # the draw reveals cards: no undo past it

    def _lose(self, why):
        self.status = LOST
        self.loss = why
        self.event(EV_LOST, why, 0)

    # -- bookkeeping ---------------------------------------------------------
    def all_cards(self):
        """Every card of the game wherever it is now (for conservation checks)."""
        out = bytearray()
        for part in (self.monsters, self.attacks, self.deck[self.top :], self.hand, self.pile, self.gone):
            for c in part:
                if c:
                    out.append(c & 0x7F)
        return out

    def _save_body(self, buf, at):
        for part in (self.monsters, self.attacks, self.deck):
            buf[at : at + len(part)] = part
            at += len(part)
        buf[at] = self.top
        at += 1
        buf[at : at + 3] = self.hand
        at += 3
        buf[at : at + POWER_CARDS] = self.pile
        at += POWER_CARDS
        buf[at] = self.pile_n
        at += 1
        buf[at : at + 54] = self.gone
        at += 54
        buf[at] = self.gone_n
        buf[at + 1] = self.kills
        buf[at + 2] = self.loss
        return at + 3

    def _load_body(self, buf, at):
        if self.rules > ONESTRIKE:
            raise SaveError("save has an unknown rule set")
        self.columns = 3 if self.rules == RESERVE else 4
        self.depth = 4 if self.rules == RESERVE else 3
        for part in (self.monsters, self.attacks, self.deck):
            part[:] = buf[at : at + len(part)]
            at += len(part)
        self.top = buf[at]
        self.hand[:] = buf[at + 1 : at + 4]
        at += 4
        self.pile[:] = buf[at : at + POWER_CARDS]
        at += POWER_CARDS
        self.pile_n = buf[at]
        at += 1
        self.gone[:] = buf[at : at + 54]
        at += 54
        self.gone_n = buf[at]
        self.kills = buf[at + 1]
        self.loss = buf[at + 2]
        if self.top > POWER_CARDS or self.pile_n > POWER_CARDS or self.gone_n > 54 or self.kills > MONSTERS:
            raise SaveError("save has counts out of range")
        every = self.all_cards()
        seen = bytearray(64)
        for c in every:
            seen[c & 0x3F] += 1
        for c in cards.standard_deck():
            if seen[c & 0x3F] != 1:
                raise SaveError("save does not hold each card once (%s)" % cards.name(c))
        if len(every) != 54:
            raise SaveError("save does not hold 54 cards")
        return at + 3


def new_game(rules, seed):
    return Dungeon(rules).deal(seed)


# -- move notation -----------------------------------------------------------
# A move names the card and where it goes: "7H>2" places the 7 of hearts (from
# the hand, or the reserve's top) on column 2 (columns count from 1, left to
# right); "7H>d" discards it to the damage or reserve pile.  "u" undoes.
UNDO = const(0xFF)


def move_text(game, mv):
    if mv == UNDO:
        return "u"
    c = game.source_card(mv >> 4)
    target = mv & 0x0F
    return cards.name(c) + ">" + ("d" if target == TO_PILE else str(target + 1))


def parse_move(game, text):
    """The move byte for a move in notation; ValueError saying what is wrong."""
    t = text.strip().lower()
    if t in ("u", "undo"):
        return UNDO
    if ">" not in t:
        raise ValueError("move '%s' is not CARD>COLUMN, CARD>d or u" % text.strip())
    left, right = t.split(">", 1)
    c = cards.parse(left)
    source = -1
    for s in range(3):
        if game.hand[s] == c:
            source = s
    if source < 0 and game.reserve_top() == c:
        source = FROM_RESERVE
    if source < 0:
        raise ValueError("%s is not in the hand%s" % (cards.name(c), " or on top of the reserve" if game.rules == RESERVE else ""))
    if right == "d":
        return move(source, TO_PILE)
    if right.isdigit() and 1 <= int(right) <= game.columns:
        return move(source, int(right) - 1)
    raise ValueError("target '%s' is not a column 1-%d or d" % (right, game.columns))
