"""Print deals and a whole bot game, the same way on CPython and MicroPython:
tests/test_micropython.py runs it under both and compares the output.

    python tests/mp/deals.py PROJECT_DIR      or      micropython tests/mp/deals.py PROJECT_DIR
"""

import sys

sys.path.insert(0, sys.argv[1])

from engine import save_checks, saves  # noqa: E402
from games.ctd import rules as ctd
from games.ctd import desk_bots as bots  # noqa: E402
from engine.game import PLAYING  # noqa: E402
from engine.rng import Rng  # noqa: E402


def hexed(buf):
    return "".join("%02x" % b for b in buf)


for rules in range(3):
    for seed in (0, 1, 7, 12345, 2**30 - 1):
        g = ctd.Dungeon(rules).deal(seed)
        print(rules, seed, hexed(g.monsters), hexed(g.deck), hexed(g.hand))
    g = ctd.Dungeon(rules).deal(3)
    rng = Rng(3)
    moves = bytearray()
    while g.status == PLAYING:
        mv = bots.greedy_bot(g, rng)
        moves.append(mv)
        g.play(mv)
    buf = bytearray(256)
    n = saves.save(g, buf)
    h = save_checks.load(ctd.Dungeon, buf, 3)
    print(rules, "game", g.status, g.kills, g.score(), hexed(moves), n, hexed(buf[:n]), len(save_checks.census(h)))
