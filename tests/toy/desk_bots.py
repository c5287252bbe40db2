"""Pairs' bots (tests/toy/rules.py): random, and greedy, which matches when
it can and draws into the first empty slot otherwise.  MicroPython-compatible
(tools/fit.py runs them).

Memory: none beyond the game's own.
"""

from engine.bots import best_move, random_bot


def _rate(game, mv):
    return mv if mv >= 3 else -mv  # a match (3-5) before a draw, the first slot first among draws


def greedy_bot(game, rng):
    return best_move(game, _rate)


BOTS = {"random": random_bot, "greedy": greedy_bot}
