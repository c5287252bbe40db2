"""Rogue Solitaire's achievements (shared/rogue-rules.md 3.15): which of AC1-AC6
a run earned, asked once, when it ends.

A module of its own so that the rules do not hold it in the heap for a whole
run (about 400 B under MicroPython): the play screen imports it at the run's
end and releases it with the game.  Its constants are private copies of
games/rogue/rules.py's (a name imported costs a global); tests/test_rogue_rules.py
holds them equal.

Memory: one function, no state.
"""

from engine import const

_QUICK = const(0)
_WON = const(1)  # engine/game.py's
_STARVED = const(3)
_FLAGS = const(169)  # the game's flags: a byte of its state
_KEY_SEEN = const(1)
_EXIT_SEEN = const(2)


def achievements(game, stored):
    """The AC bits this run meets (bit 0 = AC1 .. bit 5 = AC6; shift them by
    games/rogue/rules.py's ACH_SHIFT into the store's mask); AC6 when AC1-AC5 are
    all in stored | these.  New ones: bits & ~stored."""
    b = 0
    if game.status == _WON:
        b = 1 if game.rules == _QUICK else 8  # AC1 escaped Quick Play, AC4 the campaign
        aces = 0
        for i in range(game.hand_n):
            aces += game.hand[i] & 0x0F == 1
        if aces == 4 and b == 8:
            b = 24  # AC5: with the four Aces in hand
    elif game.end == _STARVED:  # AC2 without the key seen, AC3 without reaching the exit
        flags = game.state[_FLAGS]
        b = (0 if flags & _KEY_SEEN else 2) | (0 if flags & _EXIT_SEEN else 4)
    if (stored | b) & 31 == 31:
        b |= 32
    return b
