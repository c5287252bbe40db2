"""Rogue Solitaire's solver hooks (tools/solve.py): Rules, what the exact
search knows of the rules, which is nothing of its own: the whole state is a
state's key, there is no cut, and the greedy bot's move is tried first.

Desktop only (CPython): a Rules object holds one snapshot buffer (the
state's size) and a generator for the bot.
"""

from engine.rng import Rng
from games.rogue.desk_bots import greedy_bot


class Rules:
    """The whole state with its SAVED ints is the key (status aside, all a
    save holds but the move count and the seed, which the game does not
    read), with no worth to compare; the engine's moves, the greedy bot's
    choice first, so the search plays the bot's game first and tries other
    moves from its end back; no cut."""

    def __init__(self, game):
        self.snap = bytearray(len(game.state))
        self.rng = Rng(0)

    def key(self, g):
        g.snapshot(self.snap)
        return bytes(self.snap), ()

    def dead(self, g):
        return False

    def moves(self, g):
        n = g.legal_moves()
        return bytes(g.legal[:n])

    def order(self, g, moves):
        first = greedy_bot(g, self.rng)
        return [first] + [mv for mv in moves if mv != first]
