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
of the current hand up to the last draw or kill.  ``options(source, out)``
lists a card's moves for a menu: to each column, then to the pile.

Memory shape (allocated once per game, nothing allocated by a move; the six
parts are views into one 170-byte state, see engine/game.py):
    monsters  12 B  column by column, each from its top slot down; 0 = slain;
                    the face-down flag marks the monsters not yet revealed
    attacks   12 B  three per column: power pair, then trigger
    deck      42 B  the power deck in deal order; deck[top:] is still to draw,
                    the drawn slots are 0
    hand       3 B  0 = empty slot
    pile      42 B  the damage pile, or the reserve pile; pile[:pile_n]
    gone      54 B  slain monsters with their attack cards; gone[:gone_n]
    legal     32 B  scratch for legal_moves()
"""

from engine import cards, const
from engine.game import LOST, PLAYING, WON, Game
from engine.rng import Rng


CLASSIC = const(0)
RESERVE = const(1)
ONESTRIKE = const(2)
RULE_NAMES = ("classic", "reserve", "onestrike")

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

# Why a move is refused (check(), options()), and why a game was lost (EV_LOST,
# game.loss): private codes, for a public name costs the board heap.  The screens
# say them in their own words by code; engine/notation.py names them (CTD_R_...,
# CTD_LOSS_...) and words them for the desktop.
_R_OVER = const(1)
_R_NO_CARD = const(2)
_R_CLEARED = const(3)
_R_WEAK = const(4)
_R_PAIR = const(5)
_R_SUIT = const(6)
_R_ONE_MONSTER = const(7)
_R_TOO_FEW = const(8)
_R_IN_RESERVE = const(9)
_R_NO_SUCH = const(10)

_LOSS_DAMAGE = const(1)
_LOSS_SPENT = const(2)
_LOSS_STUCK = const(3)



def value(c):
    """A power card's attack value: A 1 .. 10, Joker 10."""
    r = c & 0x0F
    return 10 if r == cards.JOKER else r


class Dungeon(Game):
    GAME_ID = 1
    RULE_NAMES = RULE_NAMES
    # The ints a save holds besides the parts, and where the cards lie.
    SAVED = ("top", "pile_n", "gone_n", "kills", "loss")
    CARD_PARTS = ("monsters", "attacks", "deck", "hand", "pile", "gone")

    def __init__(self, rules=CLASSIC):
        super().__init__()
        if rules < CLASSIC or rules > ONESTRIKE:
            raise ValueError("unknown rule set")
        self.rules = rules
        self.columns = 3 if rules == RESERVE else 4
        self.depth = 4 if rules == RESERVE else 3
        self.monsters, self.attacks, self.deck, self.hand, self.pile, self.gone = self.new_state(
            MONSTERS, 12, POWER_CARDS, 3, POWER_CARDS, 54)
        self.top = 0
        self.pile_n = 0
        self.gone_n = 0
        self.kills = 0
        self.loss = 0
        self.legal = bytearray(32)

    # -- dealing -----------------------------------------------------------
    def deal(self, seed):
        """Deal a fresh game from a seed: the monsters, then the power deck, are shuffled."""
        order = bytearray(54)
        m = 0
        p = MONSTERS
        for c in cards.standard_deck():
            if 11 <= c & 0x0F <= 13:
                order[m] = c
                m += 1
            else:
                order[p] = c
                p += 1
        rng = Rng(seed)
        rng.shuffle(order, 0, MONSTERS)
        rng.shuffle(order, MONSTERS, 54)
        self.set_up(order)
        self.seed = seed
        return self

    def set_up(self, order):
        """Lay out a fresh game from 54 cards in deal order (see deal_ctd in
        engine/notation.py for the checked version)."""
        for c in range(self.columns):
            for k in range(self.depth):
                m = order[c * self.depth + k] & 0x7F
                self.monsters[c * self.depth + k] = m if k == 0 else m | cards.FACE_DOWN
        for i in range(POWER_CARDS):
            self.deck[i] = order[MONSTERS + i] & 0x7F
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

    def hand_size(self):
        return (self.hand[0] != 0) + (self.hand[1] != 0) + (self.hand[2] != 0)

    def damage(self):
        """Cards on the damage pile (0 under the Reserve rules)."""
        return 0 if self.rules == RESERVE else self.pile_n

    def score(self):
        """Won: the cards left in the power deck.  Otherwise 0."""
        return POWER_CARDS - self.top if self.status == WON else 0

    # -- rules -------------------------------------------------------------
    def check(self, mv):
        if self.status != PLAYING:
            return _R_OVER
        source = mv >> 4
        target = mv & 0x0F
        if source > FROM_RESERVE or (target >= self.columns and target != TO_PILE):
            return _R_NO_SUCH
        c = self.source_card(source)
        if c == 0:
            return _R_NO_CARD
        if target == TO_PILE:
            return _R_IN_RESERVE if source == FROM_RESERVE else 0
        f = self.front(target)
        if f < 0:
            return _R_CLEARED
        power = self.monsters[f] & 0x0F
        role = self.role(target)
        a = target * 3
        if self.rules == ONESTRIKE:
            for col in range(self.columns):
                if col != target and self.attacks[col * 3]:
                    return _R_ONE_MONSTER
            if self.hand_size() - 1 < 2 - role:
                return _R_TOO_FEW
        if role == 0:
            if value(c) + 10 < power:
                return _R_WEAK
        elif role == 1:
            if value(self.attacks[a]) + value(c) < power:
                return _R_PAIR
        elif (c & 0x0F) != cards.JOKER and (c >> 4) & 3 != (self.monsters[f] >> 4) & 3:
            return _R_SUIT
        return 0

    def options(self, source, out):
        """The moves of the card at a source (a hand slot 0-2 or FROM_RESERVE),
        as a menu lists them: to each column from the left, then TO_PILE; each
        with the reason check() gives (see Game.options)."""
        n = 0
        for target in range(self.columns):
            n = self._option(out, n, (source << 4) | target)
        return self._option(out, n, (source << 4) | TO_PILE)

    def deadly(self, mv):
        """True when legal move mv, made now, loses the game: the damage pile
        reaches its limit (a discard; in One Strike also a hand that ends
        without a kill), or, the deck spent, the hand ends with monsters left."""
        if self.check(mv):
            return False
        target = mv & 0x0F
        kill = target != TO_PILE and self.role(target) == 2
        last = self.hand_size() == (0 if (mv >> 4) == FROM_RESERVE else 1)
        if self.rules == RESERVE:
            return False
        damage = self.pile_n + (target == TO_PILE)
        if self.rules == ONESTRIKE and last and not kill:
            for i in range(12):
                damage += self.attacks[i] != 0
            damage += target != TO_PILE
        if damage >= DAMAGE_LIMIT:
            return True
        return last and self.top >= POWER_CARDS and not (kill and self.kills + 1 == MONSTERS)

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
                self._lose(_LOSS_DAMAGE)
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
                self._lose(_LOSS_DAMAGE)
                return
        if self.top < POWER_CARDS:
            self._draw()
        elif self.rules != RESERVE:
            self._lose(_LOSS_SPENT)
        elif self.legal_moves() == 0:
            self._lose(_LOSS_STUCK)

    def _draw(self):
        n = 0
        while n < 3 and self.top < POWER_CARDS:
            self.hand[n] = self.deck[self.top]
            self.deck[self.top] = 0
            self.top += 1
            n += 1
        self.event(EV_DRAW, n, POWER_CARDS - self.top)
        self.barrier()  # the draw reveals cards: no undo past it

    def _lose(self, why):
        self.status = LOST
        self.loss = why
        self.event(EV_LOST, why, 0)
