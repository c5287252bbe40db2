"""Bots that play a game to the end with the engine alone: for the command
line, the benchmarks and the tests.  What the games' bots share lives here;
each game's own heuristic is in games/ctd/desk_bots.py or games/crawl/desk_bots.py
(which writes these two out instead of importing them, to be one module less
in tools/fit.py's heap; tests/test_crawl_rules.py holds them to the same moves).

A bot is a function ``bot(game, rng)`` that returns one legal move.  It uses
the game's legal_moves() scratch buffer and allocates nothing.

    random   any legal move, uniformly
    greedy   the move that rates best by the game's heuristic (ties: first)

Memory: none beyond the game's own.
"""


def random_bot(game, rng):
    n = game.legal_moves()
    return game.legal[rng.below(n)]


def best_move(game, rate):
    """The legal move that rate(game, move) rates highest (the first of equals)."""
    n = game.legal_moves()
    best = game.legal[0]
    best_rate = -1000000
    for i in range(n):
        mv = game.legal[i]
        r = rate(game, mv)
        if r > best_rate:
            best = mv
            best_rate = r
    return best
