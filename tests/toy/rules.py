"""Pairs, the toy: a game that exists only for the tests (tests/test_toy.py),
played by the same machinery as the real games, to show that a game is one
folder and one registry entry (tests/toy/entry.py).

Six cards, three pairs (A, 2, 3 of spades and hearts), face down in a deck,
and a row of slots (3 in Three Slots, 2 in Two Slots).  A move draws the
deck's top card into an empty slot, or matches two slots of the same rank
(they leave the row).  All three pairs matched: won.  A row with no empty
slot and no pair while the deck still holds cards: lost.

A move is one byte: 0-2 draw into slot 0-2; MATCH + pair (3: slots 0 and 1,
4: 0 and 2, 5: 1 and 2).  A draw reveals a card, so it is a barrier: undo
takes back matches only, to the last draw.  options(slot, out): the draw
into that slot, then its matches with each other slot.

Memory shape (nothing allocated by a move; the parts are views into one
17-byte state, see engine/game.py):
    deck   6 B  deal order; deck[top:] still to draw, the drawn slots 0
    row    3 B  the slots, 0 empty (a Two Slots row leaves row[2] 0)
    gone   6 B  the matched pairs; gone[:gone_n]
    legal  6 B  scratch for legal_moves()
"""

from engine import const
from engine.game import LOST, PLAYING, WON, Game
from engine.rng import Rng

THREE = const(0)
TWO = const(1)
RULE_NAMES = ("three", "two")

CARDS = const(6)
MATCH = const(3)  # the first match move
PAIRS = b"\x00\x01\x00\x02\x01\x02"  # the two slots of match move MATCH + i
_DECK = b"\x01\x11\x02\x12\x03\x13"  # AS AH 2S 2H 3S 3H

# Events: (kind, a, b)
EV_DRAW = const(1)  # a card, b slot
EV_MATCH = const(2)  # a rank, b the match move
EV_WON = const(3)  # a score
EV_LOST = const(4)

# Why a move is refused
R_OVER = const(1)
R_NO_SUCH = const(2)
R_DECK_EMPTY = const(3)
R_FULL = const(4)
R_NO_CARD = const(5)
R_DIFFER = const(6)


class Pairs(Game):
    GAME_ID = 15
    RULE_NAMES = RULE_NAMES
    SAVED = ("top", "gone_n")
    CARD_PARTS = ("deck", "row", "gone")

    @staticmethod
    def every_card():
        return _DECK

    def __init__(self, rules=THREE):
        super().__init__(rules)
        self.slots = 2 if rules == TWO else 3
        self.deck, self.row, self.gone = self.new_state(CARDS, 3, CARDS)
        self.top = 0
        self.gone_n = 0
        self.legal = bytearray(6)

    def deal(self, seed):
        order = bytearray(_DECK)
        Rng(seed).shuffle(order, 0, CARDS)
        self.set_up(order)
        self.seed = seed
        return self

    def set_up(self, order):
        """A fresh game from the six cards in deal order."""
        for i in range(CARDS):
            self.deck[i] = order[i]
        self.barrier()
        return self

    def score(self):
        """The pairs matched."""
        return self.gone_n >> 1

    def check(self, mv):
        if self.status != PLAYING:
            return R_OVER
        if mv < MATCH:
            if mv >= self.slots:
                return R_NO_SUCH
            if self.top >= CARDS:
                return R_DECK_EMPTY
            return R_FULL if self.row[mv] else 0
        if mv >= MATCH + 3:
            return R_NO_SUCH
        a = PAIRS[2 * (mv - MATCH)]
        b = PAIRS[2 * (mv - MATCH) + 1]
        if b >= self.slots:
            return R_NO_SUCH
        if self.row[a] == 0 or self.row[b] == 0:
            return R_NO_CARD
        return R_DIFFER if self.row[a] & 0x0F != self.row[b] & 0x0F else 0

    def options(self, slot, out):
        n = self._option(out, 0, slot)
        for i in range(3):
            if PAIRS[2 * i] == slot or PAIRS[2 * i + 1] == slot:
                n = self._option(out, n, MATCH + i)
        return n

    def legal_moves(self):
        n = 0
        for mv in range(MATCH + 3):
            if self.check(mv) == 0:
                self.legal[n] = mv
                n += 1
        return n

    def _apply(self, mv):
        row = self.row
        if mv < MATCH:
            c = self.deck[self.top]
            self.deck[self.top] = 0
            self.top += 1
            row[mv] = c
            self.event(EV_DRAW, c, mv)
            self.barrier()  # a card seen: no undo past it
            if self.legal_moves() == 0:
                self.status = LOST
                self.event(EV_LOST, 0, 0)
            return
        a = PAIRS[2 * (mv - MATCH)]
        b = PAIRS[2 * (mv - MATCH) + 1]
        self.gone[self.gone_n] = row[a]
        self.gone[self.gone_n + 1] = row[b]
        self.gone_n += 2
        self.event(EV_MATCH, row[a] & 0x0F, mv)
        row[a] = 0
        row[b] = 0
        if self.gone_n == CARDS:
            self.status = WON
            self.event(EV_WON, self.score(), 0)

    def _unapply(self, mv):
        self.gone_n -= 2
        self.row[PAIRS[2 * (mv - MATCH)]] = self.gone[self.gone_n]
        self.row[PAIRS[2 * (mv - MATCH) + 1]] = self.gone[self.gone_n + 1]
        self.gone[self.gone_n] = 0
        self.gone[self.gone_n + 1] = 0
