"""Soltura and the 2011 Scoundrel: one dungeon crawl, two games.

The dungeon deck is the 54-card deck less the red J, Q, K and A: monsters are
the clubs and spades (2-10, J 11, Q 12, K 13, A 14), weapons the diamonds 2-10,
potions the hearts 2-10.  Soltura adds both Jokers (46 cards) and starts at
21 HP; Scoundrel has no Jokers (44 cards) and starts at 20 HP.

A room is four cards face up.  Each move resolves one card of it; when one
card is left, three are dealt beside it (the refill).  The game is won when
the deck is empty and the room is down to one card or none; lost at 0 HP.

Soltura rule sets:   SCORE (the roguelite score), SURVIVAL (won or lost only).
Scoundrel rule sets: STRICT (a weapon strikes only monsters strictly lower
                     than the last it slew), EQUAL (equal or lower, as Soltura).

A move is one byte, ``action << 4 | slot << 2 | target``: slot is the room
card acted on (0-3); target is the same slot, except for A_SWAP, where it is
the room monster traded for the deck's top card.  A_AVOID (Scoundrel) is 0xA0.
``check(move)`` gives the reason a move is refused (0 when legal), ``play``
applies it and reports events, ``undo()`` takes back the last move of the
room: the state before the room's first move comes back (one snapshot a
room) and the room's other moves are played again.  A refill, and anything
that reveals a card (Preview, Flee, Blind Bet, Swap, Avoid), is a barrier
undo never crosses.

``options(place, out)`` lists what a card allows, for a menu (see
Game.options): a place is a room slot 0-3, or ROOM for the room as a whole
(Avoid, where the game has it).  Capabilities are flags, not types: CAN_AVOID,
JOKERS, and scores_chains() (chain milestones score points: Soltura's Score).

Memory shape (once per game; a move allocates nothing; the parts are views into
one state of 150 bytes and the 12 SAVED ints, see engine/game.py):
    deck      46 B  a stack: deck[deck_n - 1] is the top card, deck[0] the bottom
    room       4 B  0 = an empty slot
    chain     26 B  the monsters slain with the weapon, in order; chain[:chain_n]
    pile      46 B  the discard pile; pile[:pile_n]
    slain     26 B  monsters slain barehanded (the score pile); slain[:slain_n]
    escort     2 B  escorted Jokers
    room_start  162 B  the state before the first move since the barrier (for undo);
                       Avoid's scratch (an avoid is a barrier)
    legal     24 B  scratch for legal_moves()
The module keeps one Rng for every game (deals and Flee's shuffle).
"""

from engine import const
from engine.game import LOST, PLAYING, WON, Game
from engine.rng import Rng


# Rule sets
SCORE = const(0)  # Soltura
SURVIVAL = const(1)  # Soltura
STRICT = const(0)  # Scoundrel
EQUAL = const(1)  # Scoundrel

# Kinds of card
MONSTER = const(0)
POTION = const(1)
WEAPON = const(2)
JOKER = const(3)

# The Jokers, as engine/cards.py encodes them (RED_JOKER, BLACK_JOKER)
BENEVOLENT = const(0x1F)  # Buff Weapon, Heal, Preview
MISCHIEVOUS = const(0x0F)  # Flee, Blind Bet, Swap

# Actions (the high nibble of a move)
A_USE = const(0)  # drink a potion, or equip a weapon
A_WEAPON = const(1)  # fight a monster with the weapon
A_BARE = const(2)  # fight a monster barehanded
A_ESCORT = const(3)  # a Joker leaves the room into the escort
A_BUFF = const(4)  # Benevolent: +1 to the weapon, for good
A_HEAL = const(5)  # Benevolent: +3 HP, beside the potion limit
A_PREVIEW = const(6)  # Benevolent: see the deck's top three cards
A_FLEE = const(7)  # Mischievous: the room back into the deck, shuffled; 1 damage
A_BET = const(8)  # Mischievous: draw the top card and resolve it at once
A_SWAP = const(9)  # Mischievous: a room monster for the deck's top card
A_AVOID = const(10)  # Scoundrel: the untouched room goes under the deck
AVOID = const(0xA0)  # the avoid move
ROOM = const(4)  # options(ROOM, out): what the room as a whole allows (Avoid)

_JOKER_BONUS = const(14)  # each escorted Joker, at victory
HEAL = const(3)
MILESTONES = (5, 10, 15, 20, 26)  # chain lengths that score, where scores_chains()
MILESTONE_POINTS = (5, 15, 35, 65, 100)

# Events: (kind, a, b)
EV_DEAL = const(1)  # a cards dealt into the room, b cards left in the deck
EV_HEAL = const(2)  # a HP healed, b HP now
EV_HURT = const(3)  # a damage taken, b HP now
EV_EQUIP = const(4)  # a weapon, b power
EV_SLAY = const(5)  # a monster, b 1 with the weapon / 0 barehanded
EV_MILESTONE = const(6)  # a bonus, b chain length
EV_DISCARD = const(7)  # a card, b cards on the pile (a potion over the limit, a spent Joker)
EV_ESCORT = const(8)  # a Joker
EV_BUFF = const(9)  # a weapon's new power
EV_PREVIEW = const(10)  # a cards to see on top of the deck
EV_FLEE = const(11)  # a cards shuffled back into the deck
EV_BET = const(12)  # a the card drawn
EV_SWAP = const(13)  # a the monster sent to the deck, b the card brought in
EV_AVOID = const(14)
EV_WON = const(15)
EV_LOST = const(16)

# Why a move is refused (check(), options()): private codes, for a public name
# costs the board heap.  The screens say them in their own words by code;
# engine/notation.py names them (CRAWL_R_...) and words them for the desktop.
_R_OVER = const(1)
_R_EMPTY = const(2)
_R_NOT_MONSTER = const(3)
_R_NOT_ITEM = const(4)
_R_NO_WEAPON = const(5)
_R_CHAIN = const(6)
_R_NOT_JOKER = const(7)
_R_OTHER_JOKER = const(8)
_R_HP_FULL = const(9)
_R_DECK_EMPTY = const(10)
_R_NO_MONSTER = const(11)
_R_TOUCHED = const(12)
_R_AVOIDED = const(13)
_R_NO_SUCH = const(14)

# The rest of engine/cards.py's encoding that the crawl reads: two suits and
# the Jokers' rank.  The crawl does not import cards.py for these few facts (a
# module costs tools/fit.py's 24 KiB heap half a kilobyte; on the board the
# screens load it anyway); tests/test_crawl_rules.py holds them to cards.py.
_HEARTS = const(1)
_DIAMONDS = const(2)
_JOKER_RANK = const(15)

_DECK = const(46)
_MONSTERS = const(26)
_SEED_MAX = const(0x3FFFFFFF)  # engine/rng.py's SEED_MAX
_SAVED_AT = const(150)  # the SAVED ints' place in the state, after the parts (_DECK, 4, _MONSTERS, _DECK, _MONSTERS, 2)

# The generator of deals and of Flee's shuffle: seeded afresh at each use, so
# every game can share one (a game of its own would cost each game heap).
_RNG = Rng(0)


def kind(c):
    """MONSTER, POTION, WEAPON or JOKER: by suit, spades and clubs 0, hearts 1,
    diamonds 2 (the suit modulo 3), unless the rank is the Jokers'."""
    return JOKER if c & 0x0F == _JOKER_RANK else ((c >> 4) & 3) % 3


def value(c):
    """A card's value: its rank, an Ace 14 (only black Aces are in the dungeon)."""
    r = c & 0x0F
    return 14 if r == 1 else r


def move(action, slot, target=-1):
    """The move byte for an action on a room slot (target: A_SWAP's monster)."""
    return (action << 4) | (slot << 2) | (slot if target < 0 else target)


class Crawl(Game):
    """What Soltura and Scoundrel share.  Each of them sets, besides GAME_ID
    and RULE_NAMES:
        MAX_HP         the HP a game starts with, and never heals above
        JOKERS         True: the dungeon holds both Jokers
        CAN_AVOID      True: a whole untouched room can be avoided (the move AVOID)
        STRICT_RULES   the rule set where strict() holds, -1 for none
        SCORING_RULES  the rule set where scores_chains() holds, -1 for none"""

    # The ints a save holds besides the parts, and where the cards lie.
    SAVED = ("deck_n", "weapon", "buff", "chain_n", "pile_n", "slain_n", "hp", "potions", "touched", "avoided",
             "bonus", "last_potion")
    CARD_PARTS = ("deck", "room", "weapon", "chain", "pile", "slain", "escort")

    def __init__(self, rules=0):
        Game.__init__(self, rules)
        self.deck, self.room, self.chain, self.pile, self.slain, self.escort = self.new_state(
            _DECK, 4, _MONSTERS, _DECK, _MONSTERS, 2)
        self.deck_n = self.weapon = self.buff = self.chain_n = self.pile_n = self.slain_n = 0
        self.hp = self.MAX_HP
        self.potions = 0  # potions resolved in this room
        self.touched = 0  # 1 once a card of this room is resolved
        self.avoided = 0  # 1 if the last room was avoided (Scoundrel)
        self.bonus = 0  # chain milestone points
        self.last_potion = 0  # the potion's value, if the last card resolved was one
        self.legal = bytearray(24)
        # The state before the first move since the last barrier: undo puts it
        # back and plays the log again, less its last move.
        self.room_start = bytearray(len(self.state))

    @classmethod
    def every_card(cls):
        """The dungeon's cards in a fixed order: cards.standard_deck() less the
        red A, J, Q and K (suit by suit, A..K, then the black and red Jokers)."""
        return bytearray(
            b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d"  # spades A..K
            b"\x12\x13\x14\x15\x16\x17\x18\x19\x1a"  # hearts 2..10
            b"\x22\x23\x24\x25\x26\x27\x28\x29\x2a"  # diamonds 2..10
            b"\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d"  # clubs A..K
            b"\x0f\x1f"[: 46 if cls.JOKERS else 44]  # MISCHIEVOUS, BENEVOLENT
        )

    def strict(self):
        """True when a weapon strikes only monsters strictly lower than its last."""
        return self.rules == self.STRICT_RULES

    def scores_chains(self):
        """True when chain milestones score points (EV_MILESTONE, bonus)."""
        return self.rules == self.SCORING_RULES

    # -- dealing -----------------------------------------------------------
    def deal(self, seed):
        order = self.every_card()
        _RNG.seed(seed)
        _RNG.shuffle(order)
        n = len(order)
        self.deck[:n] = bytes(reversed(order))  # set_up(order), its cards known face up
        self.deck_n = n
        self._refill()
        self.seed = seed
        return self

    def set_up(self, order):
        """A fresh game from the dungeon's cards listed from the top (see
        deal_crawl in engine/notation.py for the checked version)."""
        n = len(order)
        deck = self.deck
        for i in range(n):
            deck[n - 1 - i] = order[i] & 0x7F
        self.deck_n = n
        self._refill()

    # -- what is where -------------------------------------------------------
    def room_size(self):
        room = self.room
        return (room[0] != 0) + (room[1] != 0) + (room[2] != 0) + (room[3] != 0)

    def top(self, i=0):
        """The deck's i-th card from the top, or 0."""
        return self.deck[self.deck_n - 1 - i] if i < self.deck_n else 0

    def power(self):
        """The weapon's power with its buffs; 0 barehanded."""
        return (self.weapon & 0x0F) + self.buff if self.weapon else 0

    def last_slain(self):
        """The value of the last monster the weapon slew, or 0 for a fresh weapon."""
        return value(self.chain[self.chain_n - 1]) if self.chain_n else 0

    def damage(self, c, with_weapon):
        """The damage a monster would do, with the weapon or barehanded."""
        v = value(c)
        if with_weapon:
            v -= self.power()
        return v if v > 0 else 0

    def deadly(self, mv):
        """True when move mv, made now, is sure to kill the player: a fight
        whose damage is the HP or more, or Flee's 1 damage at 1 HP.  (A Blind
        Bet draws an unseen card: a risk, never a certainty.)"""
        act = mv >> 4
        if act == A_WEAPON or act == A_BARE:
            return self.damage(self.room[(mv >> 2) & 3], act == A_WEAPON) >= self.hp
        return act == A_FLEE and self.hp <= 1

    def can_strike(self, c):
        """0 if the weapon may strike monster c, else the reason."""
        if self.weapon == 0:
            return _R_NO_WEAPON
        if self.chain_n:
            last = value(self.chain[self.chain_n - 1])
            v = value(c)
            if v > last or (v == last and self.rules == self.STRICT_RULES):
                return _R_CHAIN
        return 0

    def potion_heals(self, c):
        """What drinking potion c now would heal (0: over the room's limit)."""
        if self.potions:
            return 0
        room = self.MAX_HP - self.hp
        v = value(c)
        return v if v < room else room

    def escorted(self):
        return (self.escort[0] != 0) + (self.escort[1] != 0)

    def monsters_left(self):
        """The summed value of the monsters in the room and the deck."""
        n = 0
        for c in self.room:
            if c and kind(c) == MONSTER:
                n += value(c)
        for i in range(self.deck_n):
            if kind(self.deck[i]) == MONSTER:
                n += value(self.deck[i])
        return n

    # -- rules -------------------------------------------------------------
    def check(self, mv):
        if self.status != PLAYING:
            return _R_OVER
        act = mv >> 4
        if act == A_AVOID:
            if mv != AVOID or not self.CAN_AVOID:
                return _R_NO_SUCH
            if self.touched:
                return _R_TOUCHED
            if self.avoided:
                return _R_AVOIDED
            return _R_DECK_EMPTY if self.deck_n == 0 else 0
        slot = (mv >> 2) & 3
        if act > A_SWAP or (act != A_SWAP and mv & 3 != slot):
            return _R_NO_SUCH
        c = self.room[slot]
        if c == 0:
            return _R_EMPTY
        k = JOKER if c & 0x0F == _JOKER_RANK else ((c >> 4) & 3) % 3  # kind(c), written out: check runs every move
        if act == A_USE:
            return 0 if k == POTION or k == WEAPON else _R_NOT_ITEM
        if act == A_BARE:
            return 0 if k == MONSTER else _R_NOT_MONSTER
        if act == A_WEAPON:
            return self.can_strike(c) if k == MONSTER else _R_NOT_MONSTER
        if k != JOKER:
            return _R_NOT_JOKER
        if act == A_ESCORT:
            return 0
        if (act <= A_PREVIEW) != (c == BENEVOLENT):
            return _R_OTHER_JOKER
        if act == A_BUFF:
            return 0 if self.weapon else _R_NO_WEAPON
        if act == A_HEAL:
            return 0 if self.hp < self.MAX_HP else _R_HP_FULL
        if act == A_FLEE:
            return 0
        if self.deck_n == 0:
            return _R_DECK_EMPTY
        target = self.room[mv & 3]
        if act == A_SWAP and (target == 0 or kind(target) != MONSTER):
            return _R_NO_MONSTER
        return 0

    def options(self, place, out):
        """What the card at a room slot allows, as a menu lists it (see
        Game.options): a potion or a weapon [A_USE]; a monster [A_WEAPON,
        A_BARE]; the red Joker [A_BUFF, A_HEAL, A_PREVIEW, A_ESCORT]; the black
        Joker [A_FLEE, A_BET, A_SWAP, A_ESCORT], its Swap aimed at the first
        monster of the room (at itself, refused, when there is none); an empty
        slot nothing.  ROOM: [AVOID] where the game can avoid, else nothing."""
        if place == ROOM:
            return self._option(out, 0, AVOID) if self.CAN_AVOID else 0
        c = self.room[place]
        if c == 0:
            return 0
        k = kind(c)
        first = last = A_USE
        if k == MONSTER:
            first = A_WEAPON
            last = A_BARE
        elif k == JOKER:  # its own three actions, then A_ESCORT
            first = A_BUFF if c == BENEVOLENT else A_FLEE
            last = first + 2
        n = 0
        for act in range(first, last + 1):
            target = place
            if act == A_SWAP:
                for i in range(4):
                    if self.room[i] and kind(self.room[i]) == MONSTER:
                        target = i
                        break
            n = self._option(out, n, move(act, place, target))
        if k == JOKER:
            n = self._option(out, n, move(A_ESCORT, place))
        return n

    def legal_moves(self):
        """Fills self.legal with every legal move; returns how many.  By slot,
        then action, then target: only the actions a card's kind may have are
        asked (the others are refused whatever the state)."""
        n = 0
        for slot in range(4):
            c = self.room[slot]
            if c == 0:
                continue
            k = kind(c)
            first = last = A_USE
            if k == MONSTER:
                first = A_WEAPON
                last = A_BARE
            elif k == JOKER:
                first = A_ESCORT
                last = A_SWAP
            for act in range(first, last + 1):
                for t in range(4):
                    mv = (act << 4) | (slot << 2) | t
                    if (act == A_SWAP or t == slot) and self.check(mv) == 0:
                        self.legal[n] = mv
                        n += 1
        if self.check(AVOID) == 0:
            self.legal[n] = AVOID
            n += 1
        return n

    # -- making a move -------------------------------------------------------
    def snapshot(self, into):
        """Game.snapshot written out for the crawl's SAVED ints (it runs at
        the first move of every room): the state, the ints in its last bytes,
        copied into `into`.  Allocates nothing."""
        state = self.state
        state[_SAVED_AT] = self.deck_n
        state[_SAVED_AT + 1] = self.weapon
        state[_SAVED_AT + 2] = self.buff
        state[_SAVED_AT + 3] = self.chain_n
        state[_SAVED_AT + 4] = self.pile_n
        state[_SAVED_AT + 5] = self.slain_n
        state[_SAVED_AT + 6] = self.hp
        state[_SAVED_AT + 7] = self.potions
        state[_SAVED_AT + 8] = self.touched
        state[_SAVED_AT + 9] = self.avoided
        state[_SAVED_AT + 10] = self.bonus
        state[_SAVED_AT + 11] = self.last_potion
        into[:] = state

    def _apply(self, mv):
        act = mv >> 4
        if self.log_n == 1 and act < A_PREVIEW:  # the first move since the barrier, not one itself
            self.snapshot(self.room_start)
        room = self.room
        deck = self.deck
        if act == A_AVOID:  # the room goes under the deck, in its order
            # The deck n places up by block copies through room_start, not a
            # loop of some 40 moves: the avoid is a barrier, so the next move
            # snapshots room_start anew.  The deck's top n bytes, zero (the
            # deck is zero above deck_n), spill over the room, emptied anyway.
            n = self.room_size()
            shifted = self.room_start
            shifted[:] = self.state
            shifted[n : n + _DECK] = deck
            k = n
            for i in range(4):
                if room[i]:
                    k -= 1
                    shifted[k] = room[i]
                shifted[_DECK + i] = 0  # the room, emptied
            self.state[:] = shifted
            self.deck_n += n
            self.event(EV_AVOID, n, 0)
            self._refill()
            self.avoided = 1  # the refill starts a room, but the avoid is remembered
            return
        slot = (mv >> 2) & 3
        c = room[slot]
        room[slot] = 0
        self.touched = 1
        if act == A_ESCORT:
            self.escort[self.escorted()] = c
            self.event(EV_ESCORT, c, 0)
        elif act > A_ESCORT:  # a Joker's own action: the Joker is spent
            self.pile[self.pile_n] = c
            self.pile_n += 1
            if act == A_BUFF:
                self.buff += 1
                self.event(EV_BUFF, self.power(), 0)
            elif act == A_HEAL:
                n = min(HEAL, self.MAX_HP - self.hp)
                self.hp += n
                self.event(EV_HEAL, n, self.hp)
            elif act == A_PREVIEW:
                self.event(EV_PREVIEW, min(self.deck_n, 3), 0)
                self.log_n = 0  # a barrier
            elif act == A_FLEE:  # 1 damage (the HP is 1 or more), then the room into the deck
                self.hp -= 1
                self.event(EV_HURT, 1, self.hp)
                if self.hp == 0:
                    self.status = LOST
                    self.event(EV_LOST, 0, 0)
                else:
                    self.event(EV_FLEE, self.room_size(), 0)
                    for i in range(4):
                        if room[i]:
                            deck[self.deck_n] = room[i]
                            self.deck_n += 1
                            room[i] = 0
                    _RNG.seed((self.seed ^ (self.moves << 9) ^ self.deck_n) & _SEED_MAX)
                    _RNG.shuffle(deck, 0, self.deck_n)
                    self._refill()
            elif act == A_SWAP:  # a room monster for the deck's top card
                t = mv & 3
                m = room[t]
                room[t] = deck[self.deck_n - 1]
                deck[self.deck_n - 1] = m
                self.event(EV_SWAP, m, room[t])
                self.log_n = 0
            else:  # A_BET: the deck's top card drawn into the slot, resolved below
                self.deck_n -= 1
                c = deck[self.deck_n]
                deck[self.deck_n] = 0
                self.event(EV_BET, c, 0)
                self.log_n = 0
                if kind(c) == JOKER:
                    room[slot] = c  # a Joker waits in the room to be resolved
                elif kind(c) == MONSTER and self.can_strike(c) == 0:
                    act = A_WEAPON
                else:
                    act = A_BARE  # (a potion or a weapon resolves whatever the act)
        if act <= A_BARE:  # resolve card c, out of its slot: drink, equip or fight
            self.last_potion = 0
            s = (c >> 4) & 3
            if s == _HEARTS:  # a potion
                healed = self.potion_heals(c)
                self.potions += 1
                self.last_potion = c & 0x0F
                if self.potions == 1:
                    self.hp += healed
                    self.event(EV_HEAL, healed, self.hp)
                else:
                    self.event(EV_DISCARD, c, self.pile_n + 1)
                self.pile[self.pile_n] = c
                self.pile_n += 1
            elif s == _DIAMONDS:  # a weapon: the old one and the monsters on it go to the pile
                if self.weapon:
                    pile = self.pile
                    n = self.pile_n
                    pile[n] = self.weapon
                    for i in range(self.chain_n):
                        pile[n + 1 + i] = self.chain[i]
                        self.chain[i] = 0
                    self.pile_n = n + 1 + self.chain_n
                    self.buff = 0
                    self.chain_n = 0
                self.weapon = c
                self.event(EV_EQUIP, c, (c & 0x0F) + self.buff)
            else:  # a monster: one that kills the player is not slain, it stays in its slot
                hurt = c & 0x0F  # value(c), without the call
                if hurt == 1:
                    hurt = 14
                if act == A_WEAPON:
                    hurt -= (self.weapon & 0x0F) + self.buff
                    if hurt < 0:
                        hurt = 0
                hp = self.hp
                if hurt >= hp:
                    room[slot] = c
                    hurt = hp
                    self.status = LOST
                elif act == A_WEAPON:
                    self.chain[self.chain_n] = c
                    self.chain_n += 1
                    self.event(EV_SLAY, c, 1)
                    if self.rules == self.SCORING_RULES and self.chain_n in MILESTONES:
                        points = MILESTONE_POINTS[MILESTONES.index(self.chain_n)]
                        self.bonus += points
                        self.event(EV_MILESTONE, points, self.chain_n)
                else:
                    self.slain[self.slain_n] = c
                    self.slain_n += 1
                    self.event(EV_SLAY, c, 0)
                self.hp = hp - hurt
                self.event(EV_HURT, hurt, hp - hurt)
                if hurt == hp:
                    self.event(EV_LOST, 0, 0)
        if self.status == PLAYING and (room[0] != 0) + (room[1] != 0) + (room[2] != 0) + (room[3] != 0) <= 1:
            if self.deck_n == 0:
                self.status = WON
                self.event(EV_WON, 0, 0)
            else:
                self._refill()

    def _unapply(self, mv):
        """Undo move mv, the last of the log: the state before the log's first
        move comes back, and the log is played again without mv."""
        self.restore(self.room_start)
        for i in range(self.log_n):  # (none of them a barrier, and the first snapshots the same state)
            self._apply(self.log[i])
        self.n_events = 0

    def _refill(self):
        """Deal the room up to four cards: a new room starts, behind a barrier."""
        room = self.room
        deck = self.deck
        d = self.deck_n
        n = 0
        for i in range(4):
            if room[i] == 0 and d:
                d -= 1
                room[i] = deck[d]
                deck[d] = 0
                n += 1
        self.deck_n = d
        self.potions = self.touched = self.avoided = 0
        self.event(EV_DEAL, n, d)
        self.log_n = 0


class Soltura(Crawl):
    GAME_ID = 2
    RULE_NAMES = ("score", "survival")
    MAX_HP = 21
    JOKERS = True
    CAN_AVOID = False
    STRICT_RULES = -1
    SCORING_RULES = SCORE

    def parts(self):
        """The score's parts: (HP, barehanded, chains, loot, escort, penalty).
        Barehanded: the monsters slain barehanded; chains: the milestone
        bonus; loot: the weapon's power with its buffs, and the card left in
        the room if it is a potion or a weapon.  Won: all but the penalty.
        Lost: barehanded, chains and the penalty (the monsters left in the
        room and the deck).  While playing: the points banked so far
        (barehanded, chains)."""
        bare = 0
        for i in range(self.slain_n):
            bare += value(self.slain[i])
        if self.status == WON:
            loot = self.power()
            for c in self.room:
                if c and (kind(c) == POTION or kind(c) == WEAPON):
                    loot += value(c)
            return (self.hp, bare, self.bonus, loot, _JOKER_BONUS * self.escorted(), 0)
        penalty = self.monsters_left() if self.status == LOST else 0
        return (0, bare, self.bonus, 0, 0, penalty)

    def score(self):
        """The parts added up, the penalty taken away; 0 in Pure Survival."""
        if self.rules == SURVIVAL:
            return 0
        p = self.parts()
        return p[0] + p[1] + p[2] + p[3] + p[4] - p[5]


class Scoundrel(Crawl):
    GAME_ID = 3
    RULE_NAMES = ("strict", "equal")
    MAX_HP = 20
    JOKERS = False
    CAN_AVOID = True
    STRICT_RULES = STRICT
    SCORING_RULES = -1

    def score(self):
        """Alive at the end: HP, or 20 + the potion's value when HP is 20 and
        the last card resolved was a potion.  Dead: minus the monsters left."""
        if self.status == LOST:
            return -self.monsters_left()
        if self.hp == self.MAX_HP and self.last_potion:
            return self.hp + self.last_potion
        return self.hp
