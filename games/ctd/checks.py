"""What a save of Clear the Dungeon must hold (engine/save_checks.py calls
validate() after the shared checks: the header, the CRC, each card once, the
status and the seed): each column's monsters, slain from the top, the front
face up and the rest face down; the attacks in order and strong enough for
their monster; the power deck, the hand, the pile and the slain pile as
their counts say; the status against the state.  Imported only while a save
is checked (engine/store.py's _log releases it after).

Memory: nothing kept; a few KB of code while imported.
"""

from engine import const
from engine.game import PLAYING, WON
from engine.save_checks import bad, prefix

_FACE_DOWN = const(0x80)
_JOKER_RANK = const(15)
_MONSTERS = const(12)
_POWER = const(42)
_DAMAGE = const(7)
_RESERVE = const(1)
_ONESTRIKE = const(2)
_LOSSES = const(3)  # loss 1 damage, 2 spent, 3 stuck


def _power(c):
    """A power card (A-10, Joker), face up."""
    r = c & 0x0F
    return c < _FACE_DOWN and (1 <= r <= 10 or r == _JOKER_RANK)


def _monster(c):
    return 11 <= c & 0x0F <= 13


def validate(g):
    reserve = g.rules == _RESERVE
    # monsters: per column, the slain (0), then the front face up, then the rest face down
    for col in range(g.columns):
        seen = 0
        for k in range(g.depth):
            m = g.monsters[col * g.depth + k]
            bad(m == 0 or _monster(m), "a power card among the monsters")
            if m:
                bad((m >= _FACE_DOWN) == (seen > 0), "a monster face down at the front, or face up below it")
                seen += 1
            else:
                bad(seen == 0, "a gap in a column")
        a = col * 3
        # attacks: the power pair, then the trigger; a full set is a kill, never left
        for i in range(3):
            c = g.attacks[a + i]
            bad(c == 0 or _power(c), "a monster or a face-down card among the attacks")
            bad(c == 0 or (i < 2 and (i == 0 or g.attacks[a])), "attacks out of order")
        if g.attacks[a]:
            f = g.front(col)
            bad(f >= 0, "attacks on a cleared column")
            p = g.monsters[f] & 0x0F
            v = g.attacks[a] & 0x0F
            w = g.attacks[a + 1] & 0x0F
            v = 10 if v == _JOKER_RANK else v
            w = 10 if w == _JOKER_RANK else w
            bad(v + (w if w else 10) >= p, "attacks too weak for their monster")
            if g.rules == _ONESTRIKE:
                for other in range(col):
                    bad(g.attacks[other * 3] == 0, "One Strike attacks on two monsters")
    for i in range(g.columns * 3, 12):
        bad(g.attacks[i] == 0, "attacks on a column the rules lack")
    bad(g.top <= _POWER, "power deck count out of range")
    for i in range(_POWER):
        c = g.deck[i]
        bad((c != 0) == (i >= g.top) and (c == 0 or _power(c)), "power deck not as its count says")
    for c in g.hand:
        bad(c == 0 or _power(c), "a monster or a face-down card in the hand")
    prefix(g.pile, g.pile_n, "pile")
    for i in range(g.pile_n):
        bad(_power(g.pile[i]), "a monster or a face-down card on the pile")
    prefix(g.gone, g.gone_n, "slain pile")
    bad(g.gone_n % 4 == 0 and g.gone_n // 4 == g.kills, "kills and slain pile differ")
    for i in range(g.gone_n):
        c = g.gone[i]
        bad(_monster(c) and c < _FACE_DOWN if i % 4 == 0 else _power(c), "slain pile not monster and three attacks")
    # status
    hand = g.hand_size()
    damaged = not reserve and g.pile_n >= _DAMAGE
    if g.status == PLAYING:
        bad(g.loss == 0 and g.kills < _MONSTERS and not damaged, "a game in play that is over")
        bad(hand or (reserve and g.top == _POWER and g.pile_n), "a game in play with no card to play")
    elif g.status == WON:
        bad(g.loss == 0 and g.kills == _MONSTERS, "a won game with monsters left")
    else:
        bad(1 <= g.loss <= _LOSSES and g.kills < _MONSTERS, "a lost game's reason out of range")
        if g.loss == 1:
            bad(damaged, "lost to damage without it")
        else:
            bad(g.top == _POWER and hand == 0 and reserve == (g.loss == 3), "lost with cards to play")
