"""Rogue Solitaire (tipa16384): the rules, for Quick Play and the Campaign.
The specification with every decision is shared/rogue-rules.md; RULES.md says
the decisions in players' words.  Numbers in brackets are its rules (S2, A2...).

The table: three 3x3 grids, monster | player | exit.  Every grid is nine bytes,
index 0..8 = places 1..9 read like a phone keypad (index 4 = place 5, the
centre; the other eight are the outer places).  The opposite of index i is
8 - i; the ring, counter-clockwise as the player sees the table, is places
1 4 7 8 9 6 3 2 (indexes 0 3 6 7 8 5 2 1).  A card is an engine/cards.py byte
(bit 7 = face down, 0 = empty).  RJ (0x1F) is the lock on exit[4], always;
BJ (0x0F) is the key.  Rank order: 2 .. 10 J Q K A Joker.

Rule sets: QUICK (one floor: escaping it wins), CAMPAIGN (ten floors, each
feeding one face card to the Buffet, then the gauntlet, floor 11, whose
monsters are the Buffet's cards: escaping it wins, running out starves).

Game(rules).deal(seed) -> self: shuffle k of a run (k = 0, 1, ... in the order
    RNG2 lists: S1, S4, each RS1, each CR-spades, two for each C4) uses
    engine/rng.Rng seeded (seed ^ (k * 40503)) & (2**30 - 1); k is kept in
    `shuffles` (a byte, so it wraps at 256).
Game(rules).set_up(order) -> self, a given deal (seed NO_SEED; desktop only:
    games/rogue/desk_notation.py lays it, imported when asked): order is all
    54 cards as the table lies after S1-S5, top first: order[0:9] player
    places 1-9, order[9:18] exit places 1-9 (order[13] is RJ), order[18:27]
    monster places 1-9 (dealt face down), and order[27:54] the deck from its
    top down.  Shuffles #0 and #1 count as done (shuffles = 2); later
    shuffles seed from 0 in place of the seed.  The order is taken as it
    comes: games/rogue/desk_notation.py's deal() checks it first (desktop only).
A new floor (C4) puts the monster's, your and the exit's cards (places 1-9)
and then the discards onto the deck, the Jokers aside, shuffles it and deals
S2-S5 (M2 on the gauntlet) as deal() does; the hand and the Buffet stay.

Memory shape (once per game; a move allocates nothing; the parts are views
into one 170-byte state, see engine/game.py; a save is 182 bytes):
    player   9 B   your grid; player[4] is the inventory (BJ there: the key)
    monster  9 B   face-down cards have bit 7; monster[4] face up = named
    exit     9 B   face up; exit[4] = RJ
    hand    12 B   hand[:hand_n], in arrival order (P4 swaps in place)
    deck    54 B   deck[:deck_n], top = deck[deck_n - 1]; face-down flags clear
    pile    54 B   the discards, pile[:pile_n], top last; flags clear
    buffet  10 B   buffet[:buffet_n], floor 1's card first (the gauntlet's
                   next monster is buffet[0]); flags clear
    then the SAVED ints, one byte each: hand_n deck_n pile_n buffet_n floor
    turn_lo turn_hi shuffles end step at stage flags; turn_lo .. shuffles and
    at .. flags live there only (SAVED names them "", the engine reads them
    at _TURN_LO .. _FLAGS), so that a game holds 23 attributes, not 29 (below)
    events 20 x 3 B
legal (144 B), the scratch legal_moves() fills, is the class's, one for all
games: read a game's moves before asking another's (the board plays one game
at a time, and its screens never ask; a game's own would cost each game
144 B and grow its attributes past the 23 one table holds).
Ints: floor (1..10; 11 = the gauntlet), turn (a property: the number of the
turn being played, 1 first; it goes up after each death check), shuffles,
end (why the game is over: ESCAPED, SLAIN, STARVED, RESIGNED; 0 while
playing), status (engine/game.py: PLAYING, WON = escaped, LOST = the rest).
The app keeps "practice" (SV4), not the engine.

Phases (phase(); the step of the turn, or PHASE_OVER once over):
    PHASE_DISCARD  T1: the hand holds more than 5; a move discards one
    PHASE_PLAY     T2: one play action, SKIP, or an attack (skipping the play)
    PHASE_ATTACK   T4: the attack
    PHASE_HEAL     SP hearts: the empty monster place the heal card goes to
    PHASE_CLUB     SP clubs: the hand card the monster takes
    PHASE_STEAL    SP diamonds: the place whose cards swap
    PHASE_BUFFET   C1: the face card fed to the Buffet
    PHASE_BETWEEN  C9: between floors; NEXT goes down
    PHASE_OVER     (engine/game.py) the game is over
A choice that is forced (one place, one card) is made by the engine: the
choice phases come only with two or more to pick from.

Moves: one byte; what it means depends on the phase (3.18).  Places 0..8.
(games/rogue/desk_notation.py builds them by the names below: swap(a, b)...)
    DISCARD         a hand index 0..hand_n-1
    PLAY            0-80    swap(a, b) = a * 9 + b: player a to player b,
                            a swap (P1) if b holds a card, else a move (P2)
                    81-89   flip(p) = FLIP + p (P3)
                    90-98   take(p) = TAKE + p, into the hand (P6)
                    99      SKIP, no play
                    100-207 from_hand(i, b) = FROM_HAND + i * 9 + b: hand card
                            i to player b, a swap (P4) or a place (P5)
    PLAY, ATTACK    208-216 attack(p) = ATTACK + p, from outer place p
                            (A1/A2); in PLAY it skips the play.  (The same
                            byte in both phases, unlike 3.18's "a place".)
    HEAL, STEAL     a monster place 0..8 (pending() has its bit)
    CLUB            a hand index
    BUFFET          a candidate index (candidates(out))
    BETWEEN         NEXT (0).  "quit" is no move: the run is saved as it
                    stands and the app suspends it (SV2).
UNDO = 0xFE is the undo byte of the text and replay form; a screen calls
game.undo() (engine/game.py).  0xFF is never a move.  Undo (U1) takes back
DISCARD and PLAY moves of this turn that revealed nothing: P3 always reveals,
P4 and P6 reveal a face-down card; the attack, every choice, an escape and a
floor change are barriers.

What a screen asks (none allocates):
    check(mv)        0, or the reason code it is refused (below)
    legal_moves()    n; the moves in self.legal[:n], every byte check() passes
    options(p, out)  player place p's menu: ATTACK, MOVE, TO HAND, FLIP, in that
                     order, out[2i] the move byte, out[2i+1] its reason (0 =
                     legal).  MOVE is the first legal destination (else the
                     first other place, with its reason).  Returns 4.
    preview(p)       t | q << 4 | r << 8: the attack from p lands on monster
                     place t, the reply comes from monster place q onto
                     player place r (15 = none), on the board as it is now
    matches(p), at_exit(), named() (monster[4] when named, else 0; its
                     suit is its power)
    pending()        bit mask of what the choice may name: the places of a
                     HEAL or STEAL move, the hand indexes of a CLUB move, the
                     candidates of a BUFFET move; 0 in other phases
    candidates(out)  C1's candidate cards into out (12 bytes), returns how many
                     (candidates(None, j), the BUFFET move's, feeds candidate j)
    resign()         the app's GIVE UP: LOST, end RESIGNED (not a move)
    (the AC bits a run earned: games/rogue/achievements.py, imported at
                     its end; ACH_SHIFT (0): where they sit in the store's mask)
    score()          Quick: turns (lower is better); Campaign: deepest floor
                     (12 = escaped) * 1024 - min(turn, 1023) (higher is).

Reason codes (check(), options()): _R_OVER, _R_NO_SUCH (no such move in this
phase), R_NOT_NOW (a play in DISCARD, or anything but the attack in ATTACK),
R_EMPTY (no card there), _R_SAME (a place onto itself), _R_FACE_UP (flip a
face-up card), _R_CENTRE (attack from place 5), _R_NOT_FACING (A1: another
place faces a monster card, this one does not), _R_NOT_PENDING (not a place
or card the choice may name), R_ROW + n and R_COL + n (n = 1..3: that row or
column would be empty, P7).  A name with a leading underscore (codes, events)
is a private constant: no other module uses it by name, and it takes no heap.
A screen that words them looks them up by number (games/rogue/play.py REFUSED,
EVENTS), so the numbers below stay as they are.

Events (kind, a, b), after each move; up to 20 (bots never saw more than 13),
numbered 1 .. 22 in this order:
    _EV_DISCARD   a card, b cards on the pile (T1)
    _EV_ATTACK   a player place, b monster target place
    _EV_REPLY    a monster place, b player target place (R1-R3)
    _EV_BEAT      a your card, b the monster card it beat
    _EV_BEATEN    a the monster card, b your card it beat
    _EV_TIE       a your card, b the monster card (both discarded)
    _EV_NAMED     a the named card, b the old centre card now dueling (N1)
    _EV_SPECIAL   a the power's suit (cards.py), b 0 (SP; its outcome follows)
    _EV_CRITICAL  a the suit, b 0 (CR; its outcome follows)
    _EV_HEAL      a monster place, b 0 (a card came from the deck, face down)
    _EV_HIT       a the hand card lost, b cards left in the hand
    _EV_STEAL     a place, b the card the monster took
    _EV_WARP      a place, b the exit card now there (SP spades)
    _EV_TELEPORT  (CR spades: the outer exit cards reshuffled)
    _EV_KILL      a cards to the hand, b the named card or 0 (X2)
    _EV_MONSTER  a the floor, b its named card or 0 (M1/M2)
    _EV_RESHUFFLE a cards now in the deck, b the shuffle number (RS1)
    _EV_ESCAPED   a the floor (E4, C8)
    _EV_BUFFET   a the card fed, b cards in the Buffet (C1)
    _EV_FLOOR    a the new floor (11 = the gauntlet) (C2-C4)
    _EV_SLAIN    (X1)
    _EV_STARVED  (C7)

Memory: the state (170 B), events (60 B), the log (64 B) a game; legal
(144 B) once.  Heap under MicroPython (64-bit): this module about 10.7 KB
once imported (12.4 before issue 12), games/rogue/desk_bots.py 2 KB, a dealt
game 1.06 KB (1.5); the achievements (games/rogue/achievements.py) are
imported at a run's end.  tools/fit.py plays it in 24 KiB (it took 27).
Much of it is names: a function costs about 110 B besides its bytecode
however short, a public name about 35 B (a global, its qstr, its store), a
private `_NAME = const(...)` nothing; so only what the screens, the bots
and the tools use by name is public, and what only the desktop asks (a
given deal) is elsewhere.  A new game's attribute table grows through 12,
17 and 23 slots, each while the last still lives, so it needs some 0.6 KB
in one piece: that is what runs short in a small heap (with 29 attributes,
a 29-slot table, it needed 1.1 KB, and tools/fit.py failed at 24 KiB for
most lengths of its --lib path).  Hence the six ints kept in the state
(above), and __init__ naming every attribute before it makes a buffer, so
the table grows while the heap's free end is still in one piece.
"""

from engine import const
from engine.game import Game
from engine.rng import Rng

QUICK = const(0)
CAMPAIGN = const(1)
ACH_SHIFT = const(0)

# Phases (engine/game.py has PHASE_MOVE 0 and PHASE_OVER 1)
PHASE_DISCARD = const(2)
PHASE_PLAY = const(3)
PHASE_ATTACK = const(4)
PHASE_HEAL = const(5)
PHASE_CLUB = const(6)
PHASE_STEAL = const(7)
PHASE_BUFFET = const(8)
PHASE_BETWEEN = const(9)

# Why the game is over (end)
ESCAPED = const(1)
SLAIN = const(2)
STARVED = const(3)
RESIGNED = const(4)

# Move bytes
FLIP = const(81)
TAKE = const(90)
SKIP = const(99)
FROM_HAND = const(100)
ATTACK = const(208)
NEXT = const(0)
UNDO = const(0xFE)

# Reason codes
_R_OVER = const(1)
_R_NO_SUCH = const(2)
R_NOT_NOW = const(3)
R_EMPTY = const(4)
_R_SAME = const(5)
_R_FACE_UP = const(6)
_R_CENTRE = const(7)
_R_NOT_FACING = const(8)
_R_NOT_PENDING = const(9)
R_ROW = const(16)  # + 1..3
R_COL = const(20)  # + 1..3

# Events
_EV_DISCARD = const(1)
_EV_ATTACK = const(2)
_EV_REPLY = const(3)
_EV_BEAT = const(4)
_EV_BEATEN = const(5)
_EV_TIE = const(6)
_EV_NAMED = const(7)
_EV_SPECIAL = const(8)
_EV_CRITICAL = const(9)
_EV_HEAL = const(10)
_EV_HIT = const(11)
_EV_STEAL = const(12)
_EV_WARP = const(13)
_EV_TELEPORT = const(14)
_EV_KILL = const(15)
_EV_MONSTER = const(16)
_EV_RESHUFFLE = const(17)
_EV_ESCAPED = const(18)
_EV_BUFFET = const(19)
_EV_FLOOR = const(20)
_EV_SLAIN = const(21)
_EV_STARVED = const(22)


# Cards as engine/cards.py encodes them (not imported: a module costs
# tools/fit.py's heap; tests/test_rogue_rules.py holds these to cards.py).
_BJ = const(0x0F)
_RJ = const(0x1F)
_DOWN = const(0x80)
_HEARTS = const(1)
_DIAMONDS = const(2)
_CLUBS = const(3)
_GAUNTLET = const(11)
_NONE = const(15)  # "no place" in preview() and the ring search
# The state's bytes for the ints that are not attributes (SAVED's ""): after
# the 157 bytes of the parts, SAVED's places 5-7 and 10-12.
_TURN_LO = const(162)
_TURN_HI = const(163)
_SHUFFLES = const(164)
_AT = const(167)  # the place attacked from, while the turn resolves
_STAGE = const(168)  # 0 while the attack's effect resolves, 1 the reply's (and after a P5 until the attack)
_FLAGS = const(169)
_KEY_SEEN = const(1)  # flags: BJ was in your hand or grid on the gauntlet (AC2)
_EXIT_SEEN = const(2)  # flags: you were at the exit at a T3 of the gauntlet (AC3)
_SPECIAL = const(1)
_CRITICAL = const(2)
_MAX_EVENTS = const(20)
# engine/game.py's PLAYING, WON, LOST and PHASE_OVER, engine/rng.py's SEED_MAX,
# as private constants: a name imported costs the heap a global.
_PLAYING = const(0)
_WON = const(1)
_LOST = const(2)
_PHASE_OVER = const(1)
_SEED_MAX = const(0x3FFFFFFF)

# The ring's indexes (places 1 4 7 8 9 6 3 2), then from _RING[8] where each
# index stands on the ring
_RING = b"\x00\x03\x06\x07\x08\x05\x02\x01\x00\x07\x06\x01\x00\x05\x02\x03\x04"

# The generator of every shuffle: seeded afresh at each (RNG1), so all games share it.
_RNG = Rng(0)


def _broken(g):
    """0, or R_ROW + n / R_COL + n for the first empty row or column of grid g."""
    for k in range(3):
        if not (g[3 * k] or g[3 * k + 1] or g[3 * k + 2]):
            return R_ROW + k + 1
    for k in range(3):
        if not (g[k] or g[k + 3] or g[k + 6]):
            return R_COL + k + 1
    return 0


def _ring(g, x):
    """The first card of grid g counter-clockwise from outer place x (x itself
    first); _NONE if none."""
    k = _RING[8 + x]
    for j in range(8):
        i = _RING[(k + j) & 7]
        if g[i]:
            return i
    return _NONE


class Rogue(Game):
    GAME_ID = 4
    RULE_NAMES = ("quick", "campaign")  # the command line's names too, as the other games'
    SAVED = ("hand_n", "deck_n", "pile_n", "buffet_n", "floor", "", "", "", "end", "step", "", "", "")
    CARD_PARTS = ("player", "monster", "exit", "hand", "deck", "pile", "buffet")
    legal = bytearray(144)  # legal_moves()'s scratch, one for all games (see the docstring)

    def __init__(self, rules=QUICK):
        # Every attribute is named before any buffer is made, so that the
        # game's attribute table has grown to its 23 slots first (see Memory).
        for k in self.SAVED:
            if k:
                setattr(self, k, 0)
        for k in self.CARD_PARTS:
            setattr(self, k, None)
        self.state = None
        super().__init__(rules, _MAX_EVENTS)
        self.player, self.monster, self.exit, self.hand, self.deck, self.pile, self.buffet = self.new_state(
            9, 9, 9, 12, 54, 54, 10)
        self.floor = self.state[_TURN_LO] = 1
        self.step = PHASE_PLAY

    @property
    def turn(self):
        s = self.state
        return s[_TURN_LO] | s[_TURN_HI] << 8

    def phase(self):
        return self.step if self.status == _PLAYING else _PHASE_OVER

    # -- dealing -----------------------------------------------------------
    def deal(self, seed):
        if seed < 0 or seed > _SEED_MAX:
            raise ValueError("seed must be from 0 to 2**30 - 1")
        self.seed = seed
        for n in range(52):  # suit by suit, ranks 1 (the Ace) to 13
            self.deck[n] = n // 13 << 4 | n % 13 + 1
        self.deck_n = 52
        self._shuffle(self.deck, 52)  # S1
        self._lay(True)
        return self

    def set_up(self, order):
        """A given deal (see the docstring): desktop only, so
        games/rogue/desk_deal.py lays it, imported when asked (as
        engine/game.py's every_card() imports engine/cards.py)."""
        from games.rogue.desk_deal import set_up

        return set_up(self, order, _SHUFFLES)

    def _shuffle(self, buf, n):
        """Shuffle buf[:n] with the run's next shuffle (RNG1)."""
        seed = self.seed if self.seed >= 0 else 0
        s = self.state
        _RNG.seed((seed ^ (s[_SHUFFLES] * 40503)) & _SEED_MAX)
        s[_SHUFFLES] = (s[_SHUFFLES] + 1) & 0xFF
        _RNG.shuffle(buf, 0, n)

    def _draw(self):
        """The deck's top card, the discards reshuffled first if it is empty
        (RS1); 0 if both are empty."""
        if self.deck_n == 0:
            n = self.pile_n
            if n == 0:
                return 0
            for i in range(n):
                self.deck[i] = self.pile[i]
                self.pile[i] = 0
            self.deck_n = n
            self.pile_n = 0
            self._shuffle(self.deck, n)
            self.event(_EV_RESHUFFLE, n, (self.state[_SHUFFLES] - 1) & 0xFF)
        self.deck_n -= 1
        c = self.deck[self.deck_n]
        self.deck[self.deck_n] = 0
        return c

    def _lay(self, floor):
        """A new monster: M1, or M2 on the gauntlet (STARVED when the Buffet
        is empty, C7); on a new floor (floor True) S2-S5 first, your grid and
        the exit from the shuffled deck, then the key shuffled in (S4)."""
        if floor:
            for i in range(9):
                self.player[i] = self._draw()
            for i in range(9):
                self.exit[i] = _RJ if i == 4 else self._draw()
            self.deck[self.deck_n] = _BJ
            self.deck_n += 1
            self._shuffle(self.deck, self.deck_n)
        m = self.monster
        if self.floor == _GAUNTLET:
            if self.buffet_n == 0:
                self.status = _LOST
                self.end = STARVED
                self.event(_EV_STARVED, 0, 0)
                return
            m[4] = self._cut(self.buffet, 0, self.buffet_n)
            self.buffet_n -= 1
        for i in range(9):
            if i != 4 or self.floor != _GAUNTLET:
                c = self._draw()
                m[i] = c | _DOWN if c else 0
        self.event(_EV_MONSTER, self.floor, self.named())

    # -- what is where -------------------------------------------------------
    def matches(self, p):
        """E1 at outer place p: a face-up card, no Joker, of exit[p]'s suit or rank."""
        c = self.player[p]
        e = self.exit[p]
        return 0 < c < _DOWN and c & 0x0F != 15 and e != 0 and ((c ^ e) & 0x30 == 0 or (c ^ e) & 0x0F == 0)

    def at_exit(self):
        for p in range(9):
            if p != 4 and not self.matches(p):
                return False
        return True

    def named(self):
        """The monster's centre card when it is named (face up), else 0."""
        c = self.monster[4]
        return c if 0 < c < _DOWN and 10 < c & 0x0F < 14 else 0

    def pending(self, phase=0):
        """Bit mask of what the current choice (or that of phase) may name:
        places (HEAL: the empty ones, STEAL: the face-down monster cards
        facing a player card, outer), hand indexes (CLUB), candidates
        (BUFFET); 0 in other phases."""
        st = phase or self.step
        m = 0
        if st == PHASE_HEAL or st == PHASE_STEAL:
            for i in range(9):
                c = self.monster[i]
                if (c == 0) if st == PHASE_HEAL else (i != 4 and c >= _DOWN and self.player[i]):
                    m |= 1 << i
        elif st == PHASE_CLUB:
            m = (1 << self.hand_n) - 1
        elif st == PHASE_BUFFET:
            m = (1 << self.candidates(None)) - 1
        return m

    def candidates(self, out, feed=-1):
        """C1: the face cards of the first place holding any (player grid,
        exit, discards, hand, monster grid, deck), into out (12 bytes) if not
        None; returns how many.  With feed >= 0, candidate feed leaves its
        place for the end of the Buffet (the BUFFET move)."""
        for name in ("player", "exit", "pile", "hand", "monster", "deck"):  # C1's order
            part = getattr(self, name)
            n = 0
            for i in range(len(part)):
                c = part[i] & 0x7F
                if 10 < c & 0x0F < 14:
                    if n == feed:
                        if name == "pile":
                            self._cut(part, i, self.pile_n)
                            self.pile_n -= 1
                        elif name == "hand":
                            self._cut(part, i, self.hand_n)
                            self.hand_n -= 1
                        elif name == "deck":
                            self._cut(part, i, self.deck_n)
                            self.deck_n -= 1
                        else:
                            part[i] = 0
                        self.buffet[self.buffet_n] = c
                        self.buffet_n += 1
                        self.event(_EV_BUFFET, c, self.buffet_n)
                        return n
                    if out is not None:
                        out[n] = c
                    n += 1
            if n:
                return n
        return 0

    def preview(self, p):
        """t | q << 4 | r << 8 (see the docstring); 15 for none.  No t when
        the attack from p is refused: no card there, or (A1) p faces no
        monster card while another of your places does."""
        t = q = r = _NONE
        g = self.player
        m = self.monster
        if p < 9 and p != 4:
            if g[p]:
                t = p if m[p] else _ring(m, p)
            for i in range(9):
                if i != 4 and g[i] and m[i] and not m[p]:
                    t = _NONE  # A1 before A2
            if m[8 - p]:
                q = 8 - p
                r = _ring(g, q)
        return t | q << 4 | r << 8

    # -- checks ----------------------------------------------------------------
    def check(self, mv):
        if self.status != _PLAYING:
            return _R_OVER
        st = self.step
        if st == PHASE_PLAY or st == PHASE_ATTACK:
            if mv >= ATTACK:  # A1/A2: refused where preview() finds no monster card to hit
                p = mv - ATTACK
                if p > 8:
                    return _R_NO_SUCH
                if p == 4:
                    return _R_CENTRE
                if self.player[p] == 0:
                    return R_EMPTY
                return 0 if self.preview(p) & 15 != _NONE else _R_NOT_FACING
            if st == PHASE_ATTACK:
                return R_NOT_NOW
            g = self.player
            b = -1
            if mv <= 80:  # P1, P2
                a = mv // 9
                b = mv % 9
                if a == b:
                    return _R_SAME
                if g[b]:
                    return 0 if g[a] else R_EMPTY
            elif mv < TAKE:  # P3
                c = g[mv - FLIP]
                return R_EMPTY if c == 0 else 0 if c >= _DOWN else _R_FACE_UP
            elif mv < SKIP:  # P6
                a = mv - TAKE
            else:  # SKIP; P4, P5
                return 0 if mv == SKIP or (mv - FROM_HAND) // 9 < self.hand_n else R_EMPTY
            # P2 and P6 take the card from a: P7, the row or column it would leave empty
            c = g[a]
            if c == 0:
                return R_EMPTY
            g[a] = 0
            if b >= 0:
                g[b] = c
            why = _broken(g)
            if b >= 0:
                g[b] = 0
            g[a] = c
            return why
        if st == PHASE_DISCARD:
            if mv < self.hand_n:
                return 0
            return R_EMPTY if mv < 12 else R_NOT_NOW if mv <= ATTACK + 8 else _R_NO_SUCH
        if st == PHASE_BETWEEN:
            return 0 if mv == NEXT else _R_NO_SUCH
        if mv >= 12:
            return _R_NO_SUCH
        return 0 if self.pending() >> mv & 1 else _R_NOT_PENDING

    def options(self, p, out):
        """Player place p's menu: ATTACK, MOVE, TO HAND, FLIP (see the docstring)."""
        st = self.step if self.status == _PLAYING else PHASE_PLAY
        out[0] = ATTACK + p
        out[2] = p * 9 + (p == 0)
        out[4] = TAKE + p
        out[6] = FLIP + p
        for b in range(9):
            if b != p and st == PHASE_PLAY and self.check(p * 9 + b) == 0:
                out[2] = p * 9 + b
                break
        for i in range(4):  # the attack also in ATTACK, the rest only in PLAY
            out[2 * i + 1] = self.check(out[2 * i]) if st == PHASE_PLAY or (i == 0 and st == PHASE_ATTACK) else R_NOT_NOW
        return 4

    def legal_moves(self):
        """Fills self.legal with every legal move; returns how many."""
        st = self.step
        lo = ATTACK if st == PHASE_ATTACK else 0
        hi = ATTACK + 9 if st == PHASE_PLAY or st == PHASE_ATTACK else 12
        n = 0
        if self.status == _PLAYING:
            for mv in range(lo, hi):
                if self.check(mv) == 0:
                    self.legal[n] = mv
                    n += 1
        return n

    # -- the hand and the pile -------------------------------------------------
    def _cut(self, part, i, n):
        """Take part[i] out of part[:n], closing the gap; returns it."""
        c = part[i]
        for j in range(i, n - 1):
            part[j] = part[j + 1]
        part[n - 1] = 0
        return c

    # -- making a move -----------------------------------------------------------
    def _apply(self, mv):
        st = self.step
        g = self.player
        if st == PHASE_DISCARD:  # T1
            self._pick(st, mv)
            if self.hand_n <= 5:
                self.step = PHASE_PLAY
            return
        if st == PHASE_PLAY:  # T2: P1-P6
            c = 0
            if mv <= 80:  # a swap; with an empty b, a move
                g[mv // 9], g[mv % 9] = g[mv % 9], g[mv // 9]
            elif mv < TAKE:
                c = g[mv - FLIP]
                g[mv - FLIP] = c & 0x7F
            elif mv < SKIP:
                c = g[mv - TAKE]
                g[mv - TAKE] = 0
                self.hand[self.hand_n] = c & 0x7F
                self.hand_n += 1
            elif SKIP < mv < ATTACK:
                i = (mv - FROM_HAND) // 9
                b = (mv - FROM_HAND) % 9
                c = g[b]
                g[b] = self.hand[i]
                if c:
                    self.hand[i] = c & 0x7F
                else:
                    self._cut(self.hand, i, self.hand_n)
                    self.hand_n -= 1
                    self.state[_STAGE] = 1
            if c >= _DOWN:  # a card revealed: no undo past it
                self.barrier()
            if g[4] == _BJ and self.at_exit():  # T3: the floor is won (E4, C1, C8)
                self.barrier()
                self.event(_EV_ESCAPED, self.floor, 0)
                if self.rules == QUICK or self.floor == _GAUNTLET:
                    self.status = _WON
                    self.end = ESCAPED
                    return
                n = self.candidates(None)
                self.step = PHASE_BUFFET if n > 1 else PHASE_BETWEEN
                if n == 1:
                    self.candidates(None, 0)
                return
            self.step = PHASE_ATTACK
            if mv < ATTACK:
                return
        self.barrier()
        if st <= PHASE_ATTACK:  # T4 (A1-A5), then the reply and the death check
            p = mv - ATTACK
            s = self.state
            s[_AT] = p
            s[_STAGE] = 0
            if self.floor == _GAUNTLET and self.at_exit():
                s[_FLAGS] |= _EXIT_SEEN
            t = p if self.monster[p] else _ring(self.monster, p)
            self.event(_EV_ATTACK, p, t)
            self._go(p, t)
        elif st == PHASE_BETWEEN:  # C2-C4: the next floor, or the gauntlet with ten in the Buffet
            self.floor = _GAUNTLET if self.buffet_n >= 10 else self.floor + 1
            n = self.deck_n
            for name in ("monster", "player", "exit", "pile"):  # onto the deck, Jokers aside
                part = getattr(self, name)
                for i in range(len(part)):
                    c = part[i] & 0x7F
                    part[i] = 0
                    if c and c & 0x0F != 15:
                        self.deck[n] = c
                        n += 1
            self.pile_n = 0
            self.deck_n = n
            self._shuffle(self.deck, n)
            self.event(_EV_FLOOR, self.floor, 0)
            self._lay(True)
            self._next_turn()
        elif st == PHASE_BUFFET:
            self.candidates(None, mv)
            self.step = PHASE_BETWEEN
        else:
            self._pick(st, mv)
            self._go(_NONE, 0)

    def _unapply(self, mv):
        h = self.hand
        if self.step != PHASE_ATTACK:  # a discard: the card goes back into the hand at mv
            self.step = PHASE_DISCARD
            self.pile_n -= 1
            c = self.pile[self.pile_n]
            self.pile[self.pile_n] = 0
            i = mv
        else:
            self.step = PHASE_PLAY
            g = self.player
            if mv <= 80:
                g[mv // 9], g[mv % 9] = g[mv % 9], g[mv // 9]
                return
            if TAKE <= mv < SKIP:
                self.hand_n -= 1
                g[mv - TAKE] = h[self.hand_n]
                h[self.hand_n] = 0
                return
            if mv == SKIP:
                return
            i = (mv - FROM_HAND) // 9
            b = (mv - FROM_HAND) % 9
            c = g[b]
            if not self.state[_STAGE]:  # P4: the cards swap back
                g[b] = h[i]
                h[i] = c
                return
            self.state[_STAGE] = 0  # P5: the card goes back into the hand at i
            g[b] = 0
        for j in range(self.hand_n, i, -1):
            h[j] = h[j - 1]
        h[i] = c
        self.hand_n += 1

    def _go(self, pp, t):
        """Resolve the turn from the duel of player place pp against monster
        place t (_NONE: none, after a choice): the duel (D1-D4, N1-N4), the
        effect of the monster's win (SP, CR by the named card's suit, N5),
        the reply (R1-R5) after the attack's, the death check (X) after the
        reply's.  Stops at a choice, to go on after its move."""
        g = self.player
        m = self.monster
        while True:
            if pp != _NONE:  # the duel
                pc = g[pp] & 0x7F
                g[pp] = pc
                mc = m[t]
                shown = mc >= _DOWN  # revealed in this duel
                mc &= 0x7F
                new = False
                if shown and 10 < mc & 0x0F < 14 and m[4] >= _DOWN:  # N1: the face card takes the centre
                    new = m[4] & 0x7F
                    m[4] = mc
                    self.event(_EV_NAMED, mc, new)
                    mc = new
                    new = True
                m[t] = mc
                pv = 14 if pc & 0x0F == 1 else pc & 0x0F  # an Ace is 14, a Joker 15
                mv = 14 if mc & 0x0F == 1 else mc & 0x0F
                fx = 0
                p = self.pile
                if pv <= mv:  # lost or tied: your card onto the pile (face up, as every card there)
                    g[pp] = 0
                    p[self.pile_n] = pc
                    self.pile_n += 1
                if pv >= mv:  # won or tied: the monster's
                    m[t] = 0
                    p[self.pile_n] = mc
                    self.pile_n += 1
                    self.event(_EV_TIE if pv == mv else _EV_BEAT, pc, mc)
                else:
                    self.event(_EV_BEATEN, mc, pc)
                    if self.named():
                        if shown and mv >= 14:
                            fx = _CRITICAL
                        elif new or (shown and 10 < mv < 14):
                            fx = _SPECIAL
                if fx:  # the effect, by the named card's suit
                    s = (m[4] >> 4) & 3
                    self.event(_EV_SPECIAL if fx == _SPECIAL else _EV_CRITICAL, s, 0)
                    e = self.exit
                    if s == _CLUBS or s == _DIAMONDS or (s == _HEARTS and self.deck_n + self.pile_n):
                        st = PHASE_CLUB if s == _CLUBS else PHASE_STEAL if s == _DIAMONDS else PHASE_HEAL
                        k = self.pending(st)
                        if fx == _SPECIAL and k & (k - 1):  # a choice of two or more
                            self.step = st
                            return
                        for i in range(12):  # the one there is; a critical's, every one
                            if k >> i & 1 and (fx == _CRITICAL or k == 1 << i):
                                if not self._pick(st, 0 if st == PHASE_CLUB else i) and st == PHASE_HEAL:
                                    break
                    elif s == 0 and fx == _CRITICAL:  # teleport: the eight outer exit cards shuffled
                        e[4] = e[8]
                        self._shuffle(e, 8)
                        e[8] = e[4]
                        e[4] = _RJ
                        self.event(_EV_TELEPORT, 0, 0)
                    elif s == 0 and m[t] != _BJ:  # warp
                        m[t], e[t] = e[t], m[t]
                        self.event(_EV_WARP, t, e[t])
            state = self.state
            if state[_STAGE]:
                break
            state[_STAGE] = 1  # the reply
            t = 8 - state[_AT]
            if m[t] == 0:
                break
            pp = _ring(g, t)
            if pp == _NONE:
                break
            self.event(_EV_REPLY, t, pp)
        # X1-X3, then the next turn (T7)
        if _broken(g):
            self.status = _LOST
            self.end = SLAIN
            self.event(_EV_SLAIN, 0, 0)
            return
        if _broken(m):
            k = self.named()
            n = 0
            for i in range(9):
                if m[i]:
                    self.hand[self.hand_n] = m[i] & 0x7F
                    self.hand_n += 1
                    m[i] = 0
                    n += 1
            self.event(_EV_KILL, n, k)
            self._note_key()
            self._lay(False)
            if self.status != _PLAYING:
                return
        self._next_turn()

    def _pick(self, st, i):
        """The heal card into monster place i, hand card i lost (a clubs
        attack, or T1's discard), or the steal at place i.  Returns the heal
        card (0: none was left)."""
        if st == PHASE_HEAL:
            c = self._draw()
            if c:
                self.monster[i] = c | _DOWN
                self.event(_EV_HEAL, i, 0)
            return c
        if st == PHASE_CLUB or st == PHASE_DISCARD:
            c = self._cut(self.hand, i, self.hand_n)
            self.hand_n -= 1
            self.pile[self.pile_n] = c
            self.pile_n += 1
            if st == PHASE_CLUB:
                self.event(_EV_HIT, c, self.hand_n)
            else:
                self.event(_EV_DISCARD, c, self.pile_n)
            return c
        c = self.player[i]
        self.player[i] = self.monster[i]
        self.monster[i] = c
        self.event(_EV_STEAL, i, c & 0x7F)
        self._note_key()
        return c

    def _note_key(self):
        """AC2: BJ in your hand or grid on the gauntlet."""
        if self.floor == _GAUNTLET:
            for i in range(12):
                if (i < 9 and self.player[i] & 0x7F == _BJ) or self.hand[i] == _BJ:
                    self.state[_FLAGS] |= _KEY_SEEN

    def _next_turn(self):
        t = self.turn + 1
        s = self.state
        if t < 65536:  # two bytes: it stops at 65535
            s[_TURN_LO] = t & 0xFF
            s[_TURN_HI] = t >> 8
        self.step = PHASE_DISCARD if self.hand_n > 5 else PHASE_PLAY
        s[_STAGE] = 0
        self.barrier()

    def resign(self):
        """The app's GIVE UP: the run is lost (RESIGNED).  Not a move."""
        if self.status == _PLAYING:
            self.status = _LOST
            self.end = RESIGNED

    # -- after the game ------------------------------------------------------------
    def score(self):
        """Quick: turns; Campaign: deepest floor (12: escaped) * 1024 - min(turns, 1023)."""
        t = self.turn
        if self.rules == QUICK:
            return t
        return (12 if self.status == _WON else self.floor) * 1024 - (t if t < 1023 else 1023)
