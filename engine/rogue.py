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
Game(rules).set_up(order) -> self, a given deal (seed NO_SEED): order is all
    54 cards as the table lies after S1-S5, top first: order[0:9] player
    places 1-9, order[9:18] exit places 1-9 (order[13] must be RJ, else
    ValueError), order[18:27] monster places 1-9 (dealt face down), and
    order[27:54] the deck from its top down.  Shuffles #0 and #1 count as done
    (shuffles = 2); later shuffles seed from 0 in place of the seed.

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
    turn_lo turn_hi shuffles end step at stage flags
    legal  144 B   scratch for legal_moves(); events 16 x 3 B
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
    DISCARD         a hand index 0..hand_n-1
    PLAY            0-80    swap(a, b) = a * 9 + b: player a to player b,
                            a swap (P1) if b holds a card, else a move (P2)
                    81-89   flip(p) = 81 + p (P3)
                    90-98   take(p) = 90 + p, into the hand (P6)
                    99      SKIP, no play
                    100-207 from_hand(i, b) = 100 + i * 9 + b: hand card i to
                            player b, a swap (P4) or a place (P5)
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
                     suit is its power), pending() (bit mask of the places a
                     HEAL or STEAL move may name, of the hand indexes a CLUB
                     move may name, of the candidates in BUFFET), candidates(out)
    resign()         the app's GIVE UP: LOST, end RESIGNED (not a move)
    achievements(stored) -> the AC bits this run earned (bit 0 = AC1 ..
                     bit 5 = AC6; AC6 given `stored`, the bits kept across
                     runs); ACH_SHIFT (0): where they sit in the store's mask
    score()          Quick: turns (lower is better); Campaign: deepest floor
                     (12 = escaped) * 1024 - min(turn, 1023).
                     LOWER_IS_BETTER(rules) says which.

Reason codes (check(), options()): R_OVER, R_NO_SUCH (no such move in this
phase), R_NOT_NOW (a play in DISCARD, or anything but the attack in ATTACK),
R_EMPTY (no card there), R_SAME (a place onto itself), R_FACE_UP (flip a
face-up card), R_CENTRE (attack from place 5), R_NOT_FACING (A1: another
place faces a monster card, this one does not), R_NOT_PENDING (not a place
or card the choice may name), R_ROW + n and R_COL + n (n = 1..3: that row or
column would be empty, P7).

Events (kind, a, b), after each move; up to 16:
    EV_DISCARD   a card, b cards on the pile (T1)
    EV_ATTACK    a player place, b monster target place
    EV_REPLY     a monster place, b player target place (R1-R3)
    EV_BEAT      a your card, b the monster card it beat
    EV_BEATEN    a the monster card, b your card it beat
    EV_TIE       a your card, b the monster card (both discarded)
    EV_NAMED     a the named card, b the old centre card now dueling (N1)
    EV_SPECIAL   a the power's suit (cards.py), b 0 (SP; its outcome follows)
    EV_CRITICAL  a the suit, b 0 (CR; its outcome follows)
    EV_HEAL      a monster place, b 0 (a card came from the deck, face down)
    EV_HIT       a the hand card lost, b cards left in the hand
    EV_STEAL     a place, b the card the monster took
    EV_WARP      a place, b the exit card now there (SP spades)
    EV_TELEPORT  (CR spades: the outer exit cards reshuffled)
    EV_KILL      a cards to the hand, b the named card or 0 (X2)
    EV_MONSTER   a the floor, b its named card or 0 (M1/M2)
    EV_RESHUFFLE a cards now in the deck, b the shuffle number (RS1)
    EV_ESCAPED   a the floor, b the turn (E4, C8)
    EV_BUFFET    a the card fed, b cards in the Buffet (C1)
    EV_FLOOR     a the new floor (11 = the gauntlet) (C2-C4)
    EV_SLAIN     (X1)
    EV_STARVED   (C7)

Memory: the state (170 B), legal (144 B), events (48 B), the log (64 B).
"""

from engine import const
from engine.game import LOST, PHASE_OVER, PLAYING, WON, Game
from engine.rng import SEED_MAX, Rng

GAME_ID = const(4)
RULE_NAMES = ("Quick", "Campaign")
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
R_OVER = const(1)
R_NO_SUCH = const(2)
R_NOT_NOW = const(3)
R_EMPTY = const(4)
R_SAME = const(5)
R_FACE_UP = const(6)
R_CENTRE = const(7)
R_NOT_FACING = const(8)
R_NOT_PENDING = const(9)
R_ROW = const(16)  # + 1..3
R_COL = const(20)  # + 1..3

# Events
EV_DISCARD = const(1)
EV_ATTACK = const(2)
EV_REPLY = const(3)
EV_BEAT = const(4)
EV_BEATEN = const(5)
EV_TIE = const(6)
EV_NAMED = const(7)
EV_SPECIAL = const(8)
EV_CRITICAL = const(9)
EV_HEAL = const(10)
EV_HIT = const(11)
EV_STEAL = const(12)
EV_WARP = const(13)
EV_TELEPORT = const(14)
EV_KILL = const(15)
EV_MONSTER = const(16)
EV_RESHUFFLE = const(17)
EV_ESCAPED = const(18)
EV_BUFFET = const(19)
EV_FLOOR = const(20)
EV_SLAIN = const(21)
EV_STARVED = const(22)


def swap(a, b):
    """P1/P2: player place a to player place b."""
    return a * 9 + b


def flip(p):
    return FLIP + p


def take(p):
    return TAKE + p


def from_hand(i, b):
    """P4/P5: hand card i to player place b."""
    return FROM_HAND + i * 9 + b


def attack(p):
    return ATTACK + p


def LOWER_IS_BETTER(rules):
    """True when a lower score() is the better (Quick: turns)."""
    return rules == QUICK


class Rogue(Game):
    GAME_ID = GAME_ID
    RULE_NAMES = RULE_NAMES
    SAVED = ("hand_n", "deck_n", "pile_n", "buffet_n", "floor", "turn_lo", "turn_hi", "shuffles", "end", "step",
             "at", "stage", "flags")
    CARD_PARTS = ("player", "monster", "exit", "hand", "deck", "pile", "buffet")

    def __init__(self, rules=QUICK):
        super().__init__(rules)
        raise NotImplementedError
