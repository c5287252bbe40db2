"""Clear the Dungeon's bots: random, and greedy by rate_ctd (see engine/bots.py).

Memory: none beyond the game's own.
"""

from engine import cards, const
from games.ctd import rules as ctd
from engine.bots import best_move, random_bot


def greedy_bot(game, rng):
    return best_move(game, rate_ctd)


_WORTH = const(1)
_TRIGGER = const(2)


def _others(game, source, need_value, need_suit):
    """Over the other cards the player could use this hand: _WORTH if one is
    worth at least need_value, plus _TRIGGER if one could trigger need_suit."""
    found = 0
    for s in range(4):
        c = game.source_card(s) if s != source else 0
        if c == 0:
            continue
        if ctd.value(c) >= need_value:
            found |= _WORTH
        if cards.is_joker(c) or cards.suit(c) == need_suit:
            found |= _TRIGGER
    return found


def rate_ctd(game, mv):
    """How good a Clear the Dungeon move looks: kills first, then tight power
    pairs, then starts that the hand can follow up; discard low cards."""
    source = mv >> 4
    target = mv & 0x0F
    c = game.source_card(source)
    v = ctd.value(c)
    joker = cards.is_joker(c)
    if target == ctd.TO_PILE:
        r = 100 - 5 * v - 20 * game.damage()
        return r - 300 if joker else r
    m = game.monsters[game.front(target)]
    power = m & 0x0F
    msuit = cards.suit(m)
    role = game.role(target)
    if role == 2:
        return 10000
    if role == 1:
        excess = ctd.value(game.attacks[target * 3]) + v - power
        trig = _others(game, source, 99, msuit) & _TRIGGER
        return 5000 - 50 * excess + 500 * trig - (400 if joker else 0)
    found = _others(game, source, power - v, msuit)
    if game.rules == ctd.ONESTRIKE and found != _WORTH | _TRIGGER:
        return -1000
    r = 2000 + 20 * v + 500 * (found & _WORTH) + 150 * (found & _TRIGGER)
    if joker:
        r -= 1500
    elif cards.suit(c) == msuit:
        r -= 300
    return r


BOTS = {"random": random_bot, "greedy": greedy_bot}
