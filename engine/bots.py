"""Bots that play a game to the end with the engine alone: for the command
line, the benchmarks and the tests.

A bot is a function ``bot(game, rng)`` that returns one legal move.  It uses
the game's legal_moves() scratch buffer and allocates nothing.

    random   any legal move, uniformly
    greedy   the move that rates best by the game's heuristic (ties: first)

Memory: none beyond the game's own.
"""

from engine import cards
from engine import ctd


def random_bot(game, rng):
    n = game.legal_moves()
    return game.legal[rng.below(n)]


def greedy_bot(game, rng):
    n = game.legal_moves()
    best = game.legal[0]
    best_rate = -1000000
    for i in range(n):
        mv = game.legal[i]
        r = rate_ctd(game, mv)
        if r > best_rate:
            best = mv
            best_rate = r
    return best


BOTS = {"random": random_bot, "greedy": greedy_bot}


def _others(game, source, col, need_value, need_suit):
    """Over the other cards the player could use this hand: (has one worth at
    least need_value, has a trigger for need_suit)."""
    worth = 0
    trig = 0
    for s in range(4):
        if s == source:
            continue
        c = game.source_card(s)
        if c == 0:
            continue
        if ctd.value(c) >= need_value:
            worth = 1
        if cards.is_joker(c) or cards.suit(c) == need_suit:
            trig = 1
    return worth, trig


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
        _, trig = _others(game, source, target, 99, msuit)
        return 5000 - 50 * excess + 1000 * trig - (400 if joker else 0)
    worth, trig = _others(game, source, target, power - v, msuit)
    if game.rules == ctd.ONESTRIKE and not (worth and trig):
        return -1000
    r = 2000 + 20 * v + 500 * worth + 300 * trig
    if joker:
        r -= 1500
    elif cards.suit(c) == msuit:
        r -= 300
    return r
